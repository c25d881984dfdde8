/**
 * Orders and payments through the SDK against a real server: paying with the test cards (docs/payments.md),
 * create-order-and-charge, authorized payments, refunds, collecting by hand, order changes, fulfillments, the
 * aggregate and the orders settings — each with the refusals and the SDK error each maps to.
 */
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key.js';
import { createClient } from '../client.js';
import { MerxApplicationError, MerxValidationError } from '../errors.js';
import { checkout } from '../modules/checkout.js';
import { inventoryChanges } from '../modules/inventory-changes.js';
import { orderFulfillments } from '../modules/order-fulfillments.js';
import { orders } from '../modules/orders.js';
import { ordersSettings } from '../modules/orders-settings.js';
import { products } from '../modules/products.js';
import { NEW_YORK, type SdkKit, startSdkKit, stockedProduct, unique, usShipping } from './kit.js';

let kit: SdkKit;
let productId: string;
let shippingCode: string;
const card = (number: string, expiry = '12/40') => ({ number, expiry, cvc: '123', holderName: 'Ann Buyer' });
const APPROVE = '4242 4242 4242 4242';
const DECLINE = '4000 0000 0000 0002';
const NO_FUNDS = '4000 0000 0000 9995';
const AUTHORIZE_ONLY = '4000 0000 0000 3220';
const PENDING = '4000 0000 0000 0119';

beforeAll(async () => {
  kit = await startSdkKit();
  productId = await stockedProduct(kit, 'Kettle ', 100_000);
  shippingCode = await usShipping(kit);
});
afterAll(() => kit?.close());

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );

/** A visitor's checkout of `quantity` units at $20 with $5 shipping, ready for an order. */
async function openCheckout(quantity = 2, product = productId) {
  const shop = kit.shop({ checkout, orders, orderFulfillments });
  const { checkout: c } = await shop.checkout.createCheckout({
    lineItems: [
      {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: product, options: { variantId: DEFAULT_VARIANT_ID } },
        quantity,
      },
    ],
    checkoutInfo: {
      buyerInfo: { email: 'payer@example.com' },
      shippingInfo: {
        shippingDestination: { address: NEW_YORK },
        selectedCarrierServiceOption: { code: shippingCode },
      },
    },
  });
  return { shop, checkoutId: c.id };
}

/** An order placed by a visitor (`test`: paid by card later; `offline`: by hand). */
async function placeOrder(
  options: { paymentMethod?: 'test' | 'offline'; delayCapture?: boolean; quantity?: number } = {},
) {
  const { shop, checkoutId } = await openCheckout(options.quantity);
  const placed = await shop.checkout.createOrder(checkoutId, {
    paymentMethod: options.paymentMethod ?? 'test',
    ...(options.delayCapture ? { delayCapture: true } : {}),
  });
  return { shop, orderId: placed.orderId, paymentGatewayOrderId: placed.paymentGatewayOrderId ?? '' };
}

/** An order paid by card: $45 (two units and the shipping). */
async function paidOrder(quantity = 2) {
  const placed = await placeOrder({ quantity });
  const paid = await placed.shop.orders.payOrder({
    paymentGatewayOrderId: placed.paymentGatewayOrderId,
    card: card(APPROVE),
  });
  return { ...placed, paymentId: paid.transaction.paymentId ?? paid.transaction.id };
}

describe('payOrder with the test cards', () => {
  it('charges the balance with an approving card: the order is APPROVED and PAID', async () => {
    const { shop, orderId, paymentGatewayOrderId } = await placeOrder();
    expect(paymentGatewayOrderId).toBe(orderId);
    expect((await shop.orders.getOrder(orderId)).order).toMatchObject({
      status: 'INITIALIZED',
      paymentStatus: 'NOT_PAID',
    });
    const paid = await shop.orders.payOrder({ paymentGatewayOrderId, card: card(APPROVE) });
    expect(paid).toMatchObject({
      orderId,
      paymentStatus: 'PAID',
      transaction: { kind: 'PAYMENT', status: 'APPROVED', provider: 'test', amount: { amount: '45' } },
    });
    expect(paid.transaction.details).toMatchObject({ card: { brand: 'VISA', last4: '4242' } });
    expect((await shop.orders.getOrder(orderId)).order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });

    // Paid: nothing is left to collect. The card never rides on the error.
    const again = await caught(shop.orders.payOrder({ paymentGatewayOrderId, card: card(APPROVE) }));
    expect(again).toBeInstanceOf(MerxApplicationError);
    expect(again).toMatchObject({ code: 'PAYMENT_NOT_COLLECTABLE', status: 400, data: { orderId } });
    expect((again as MerxApplicationError).request?.args).toEqual([{ paymentGatewayOrderId, card: '<redacted>' }]);
  });

  it('answers PAYMENT_DECLINED with the reason for declined, short and expired cards; another card then pays', async () => {
    const { shop, orderId, paymentGatewayOrderId } = await placeOrder();
    for (const [number, expiry, reasonCode] of [
      [DECLINE, '12/40', 'CARD_DECLINED'],
      [NO_FUNDS, '12/40', 'INSUFFICIENT_FUNDS'],
      [APPROVE, '01/20', 'EXPIRED_CARD'],
    ] as const) {
      const error = await caught(shop.orders.payOrder({ paymentGatewayOrderId, card: card(number, expiry) }));
      expect(error).toBeInstanceOf(MerxApplicationError);
      expect(error).toMatchObject({ code: 'PAYMENT_DECLINED', status: 400, data: { orderId, reasonCode } });
    }
    expect((await shop.orders.getOrder(orderId)).order.paymentStatus).toBe('DECLINED');
    const paid = await shop.orders.payOrder({ paymentGatewayOrderId, card: card('5555 5555 5555 4444') });
    expect(paid.paymentStatus).toBe('PAID');
  });

  it('leaves a pending card pending: the money in flight covers the order, which is not paid again', async () => {
    const { shop, orderId, paymentGatewayOrderId } = await placeOrder();
    const pending = await shop.orders.payOrder({ paymentGatewayOrderId, card: card('4000 0000 0000 0119') });
    expect(pending).toMatchObject({ paymentStatus: 'PENDING', transaction: { status: 'PENDING' } });
    expect((await shop.orders.getOrder(orderId)).order.status).toBe('INITIALIZED');
    await expect(shop.orders.payOrder({ paymentGatewayOrderId, card: card(APPROVE) })).rejects.toMatchObject({
      code: 'PAYMENT_NOT_COLLECTABLE',
    });
  });

  it('refuses a card failing Luhn or a bad expiry as INVALID_ARGUMENT on the field, before anything is written', async () => {
    const { shop, orderId, paymentGatewayOrderId } = await placeOrder();
    const luhn = await caught(shop.orders.payOrder({ paymentGatewayOrderId, card: card('4242 4242 4242 4241') }));
    expect(luhn).toBeInstanceOf(MerxValidationError);
    expect((luhn as MerxValidationError).violations).toEqual([
      expect.objectContaining({ field: 'card.number', violatedRule: 'FORMAT' }),
    ]);
    const expiry = (await caught(
      shop.orders.payOrder({ paymentGatewayOrderId, card: card(APPROVE, '13/30') }),
    )) as MerxValidationError;
    expect(expiry.violations.map((v) => v.field)).toEqual(['card.expiry']);
    expect((await shop.orders.getOrder(orderId)).order.paymentStatus).toBe('NOT_PAID');
  });

  it('hides someone else’s order (ORDER_NOT_FOUND) and refuses to charge an offline order', async () => {
    const { paymentGatewayOrderId } = await placeOrder();
    const stranger = kit.shop({ orders });
    const hidden = await caught(stranger.orders.payOrder({ paymentGatewayOrderId, card: card(APPROVE) }));
    expect(hidden).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
    await expect(stranger.orders.getOrder(paymentGatewayOrderId)).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });

    const offline = await placeOrder({ paymentMethod: 'offline' });
    expect(offline.paymentGatewayOrderId).toBe('');
    await expect(
      offline.shop.orders.payOrder({ paymentGatewayOrderId: offline.orderId, card: card(APPROVE) }),
    ).rejects.toMatchObject({
      code: 'PAYMENT_NOT_COLLECTABLE',
      data: { status: 'NONCOLLECTABLE_OFFLINE_PAYMENT_METHOD' },
    });
  });
});

describe('createOrderAndCharge', () => {
  it('places and charges in one call, and a second call answers the same order without charging again', async () => {
    const { shop, checkoutId } = await openCheckout();
    const charged = await shop.checkout.createOrderAndCharge(checkoutId, { card: card(APPROVE) });
    expect(charged).toMatchObject({ paymentStatus: 'PAID', transaction: { status: 'APPROVED' } });
    expect(charged.paymentResponseToken).toBeTruthy();
    expect(charged.paymentGatewayOrderId).toBeUndefined();
    const again = await shop.checkout.createOrderAndCharge(checkoutId, { card: card(APPROVE) });
    expect(again).toMatchObject({ orderId: charged.orderId, paymentStatus: 'PAID' });
    const admin = kit.admin({ orders });
    const refundable = await admin.orders.getRefundabilityStatus(charged.orderId);
    expect(refundable.refundabilities).toHaveLength(1);
  });

  it('keeps the placed order after a decline, and charges it with the next card', async () => {
    const { shop, checkoutId } = await openCheckout();
    const declined = await caught(shop.checkout.createOrderAndCharge(checkoutId, { card: card(DECLINE) }));
    expect(declined).toBeInstanceOf(MerxApplicationError);
    expect(declined).toMatchObject({ code: 'PAYMENT_DECLINED', data: { orderId: expect.any(String) } });
    expect((declined as MerxApplicationError).request?.args).toEqual([checkoutId, { card: '<redacted>' }]);
    const orderId = String((declined as MerxApplicationError).data?.['orderId']);
    expect((await shop.orders.getOrder(orderId)).order).toMatchObject({
      status: 'INITIALIZED',
      paymentStatus: 'DECLINED',
    });
    const charged = await shop.checkout.createOrderAndCharge(checkoutId, { card: card(APPROVE) });
    expect(charged).toMatchObject({ orderId, paymentStatus: 'PAID' });
  });

  it('needs a card unless paid offline (INVALID_ARGUMENT on card); offline is placed and not charged', async () => {
    const { shop, checkoutId } = await openCheckout();
    const noCard = (await caught(shop.checkout.createOrderAndCharge(checkoutId, {}))) as MerxValidationError;
    expect(noCard).toBeInstanceOf(MerxValidationError);
    expect(noCard.violations.map((v) => v.field)).toEqual(['card']);
    const offline = await shop.checkout.createOrderAndCharge(checkoutId, { paymentMethod: 'offline' });
    expect(offline.paymentStatus).toBe('NOT_PAID');
    expect(offline.transaction).toBeUndefined();
  });
});

describe('authorized payments', () => {
  it('captures part of a delayed capture (not more than authorized) and refuses to void it afterwards', async () => {
    const { shop, orderId, paymentGatewayOrderId } = await placeOrder({ delayCapture: true });
    const authorized = await shop.orders.payOrder({ paymentGatewayOrderId, card: card(APPROVE) });
    expect(authorized).toMatchObject({ paymentStatus: 'PENDING_MERCHANT', transaction: { status: 'AUTHORIZED' } });
    const paymentId = authorized.transaction.paymentId ?? authorized.transaction.id;
    const admin = kit.admin({ orders });

    const tooMuch = await caught(admin.orders.captureAuthorizedPayments(orderId, [{ paymentId, amount: '46' }]));
    expect(tooMuch).toMatchObject({
      code: 'CAPTURE_AMOUNT_EXCEEDS_AUTHORIZED',
      data: { paymentId },
      request: { args: [orderId, [{ paymentId, amount: '46' }]] },
    });
    await expect(admin.orders.captureAuthorizedPayments(orderId, [{ paymentId: 'nope' }])).rejects.toMatchObject({
      code: 'PAYMENT_NOT_FOUND',
      status: 404,
    });
    const captured = await admin.orders.captureAuthorizedPayments(orderId, [{ paymentId, amount: '40' }]);
    const payment = captured.orderTransactions.find((t) => t.kind === 'PAYMENT' && (t.paymentId ?? t.id) === paymentId);
    expect(payment).toMatchObject({ status: 'APPROVED', amount: { amount: '40' } });
    expect(captured.order.paymentStatus).toBe('PARTIALLY_PAID');
    await expect(admin.orders.voidAuthorizedPayments(orderId, [paymentId])).rejects.toMatchObject({
      code: 'PAYMENT_NOT_AUTHORIZED',
    });
  });

  it('voids an authorize-only card: the order is collectable again, and the voided payment is not captured', async () => {
    const { shop, orderId, paymentGatewayOrderId } = await placeOrder();
    const held = await shop.orders.payOrder({ paymentGatewayOrderId, card: card(AUTHORIZE_ONLY) });
    expect(held.transaction.status).toBe('AUTHORIZED');
    const paymentId = held.transaction.paymentId ?? held.transaction.id;
    const admin = kit.admin({ orders });
    expect((await admin.orders.getPaymentCollectabilityStatus(orderId)).status).not.toBe('COLLECTABLE');
    const voided = await admin.orders.voidAuthorizedPayments(orderId, [paymentId]);
    expect(voided.orderTransactions.find((t) => (t.paymentId ?? t.id) === paymentId)?.status).toBe('VOIDED');
    expect(voided.order.paymentStatus).toBe('CANCELED');
    expect(await admin.orders.getPaymentCollectabilityStatus(orderId)).toEqual({
      status: 'COLLECTABLE',
      amount: expect.objectContaining({ amount: '45' }),
    });
    await expect(admin.orders.captureAuthorizedPayments(orderId, [{ paymentId }])).rejects.toMatchObject({
      code: 'PAYMENT_NOT_AUTHORIZED',
    });
  });
});

describe('pending payments', () => {
  it('settles a pending card as the gateway would: approved once, then refused as not pending', async () => {
    const { shop, orderId, paymentGatewayOrderId } = await placeOrder();
    const pending = await shop.orders.payOrder({ paymentGatewayOrderId, card: card(PENDING) });
    expect(pending).toMatchObject({ paymentStatus: 'PENDING', transaction: { status: 'PENDING' } });
    const paymentId = pending.transaction.id;
    const admin = kit.admin({ orders });
    const settled = await admin.orders.settlePendingPayment({ orderId, paymentId, outcome: 'APPROVED' });
    expect(settled.order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    expect(settled.orderTransactions.find((t) => t.id === paymentId)?.status).toBe('APPROVED');
    await expect(admin.orders.settlePendingPayment({ orderId, paymentId, outcome: 'DECLINED' })).rejects.toMatchObject({
      code: 'PAYMENT_NOT_PENDING',
      status: 400,
      data: { paymentId, status: 'APPROVED' },
    });
  });

  it('a declined settlement leaves the order to be paid with another card', async () => {
    const { shop, orderId, paymentGatewayOrderId } = await placeOrder();
    const pending = await shop.orders.payOrder({ paymentGatewayOrderId, card: card(PENDING) });
    const admin = kit.admin({ orders });
    const settled = await admin.orders.settlePendingPayment({
      orderId,
      paymentId: pending.transaction.id,
      outcome: 'DECLINED',
    });
    expect(settled.order.paymentStatus).toBe('DECLINED');
    const paid = await shop.orders.payOrder({ paymentGatewayOrderId, card: card(APPROVE) });
    expect(paid.paymentStatus).toBe('PAID');
  });
});

describe('refunds', () => {
  it('refunds a line with restock, then the rest; over-refunds and a second shipping refund are refused', async () => {
    const { orderId, paymentId } = await paidOrder();
    const admin = kit.admin({ orders, inventoryChanges });
    const before = await admin.orders.getRefundabilityStatus(orderId);
    expect(before.refundableAmount.amount).toBe('45');
    expect(before.refundabilities).toEqual([
      expect.objectContaining({
        paymentId,
        refundable: true,
        refundableAmount: expect.objectContaining({ amount: '45' }),
      }),
    ]);

    const lineItemId = (await admin.orders.getOrder(orderId)).order.lineItems[0]?.id ?? '';
    const first = await admin.orders.triggerRefund(orderId, [{ paymentId }], {
      details: { items: [{ lineItemId, quantity: 1 }], shippingIncluded: true },
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
    expect(first.refundId).toBeTruthy();
    expect(first.order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    const refund = first.orderTransactions.filter((t) => t.kind === 'REFUND');
    expect(refund.map((t) => [t.status, t.amount.amount])).toEqual([['SUCCEEDED', '25']]);
    const restock = await admin.inventoryChanges
      .queryInventoryChanges()
      .eq('orderId', orderId)
      .eq('cause', 'REVERT_INVENTORY_CHANGE')
      .find();
    expect(restock.items.map((c) => c.delta)).toEqual([1]);

    const over = await caught(admin.orders.triggerRefund(orderId, [{ paymentId, amount: '100' }]));
    expect(over).toBeInstanceOf(MerxApplicationError);
    expect(over).toMatchObject({ code: 'REFUND_AMOUNT_EXCEEDS_PAID' });
    await expect(
      admin.orders.triggerRefund(orderId, [{ paymentId }], { details: { shippingIncluded: true } }),
    ).rejects.toMatchObject({ code: 'SHIPPING_ALREADY_REFUNDED' });
    await expect(
      admin.orders.triggerRefund(orderId, [{ paymentId }], { details: { items: [{ lineItemId, quantity: 5 }] } }),
    ).rejects.toMatchObject({ code: 'REFUND_QUANTITY_EXCEEDS_REMAINING' });
    await expect(admin.orders.triggerRefund(orderId, [{ paymentId: 'nope' }])).rejects.toMatchObject({
      code: 'PAYMENT_NOT_FOUND',
    });

    const rest = await admin.orders.triggerRefund(orderId, [{ paymentId }]);
    expect(rest.order.paymentStatus).toBe('FULLY_REFUNDED');
    const after = await admin.orders.getRefundabilityStatus(orderId);
    expect(after.refundableAmount.amount).toBe('0');
    expect(after.refundabilities[0]).toMatchObject({ refundable: false, nonRefundableReason: 'ALREADY_REFUNDED' });
    await expect(admin.orders.triggerRefund(orderId, [{ paymentId, amount: '1' }])).rejects.toBeInstanceOf(
      MerxApplicationError,
    );
  });

  it('records an offline payment’s refund by hand, and says NOT_PAID for an order without payments', async () => {
    const admin = kit.admin({ orders });
    const unpaid = await placeOrder({ paymentMethod: 'offline' });
    const nothing = await admin.orders.getRefundabilityStatus(unpaid.orderId);
    expect(nothing).toMatchObject({ refundabilities: [], nonRefundableReason: 'NOT_PAID' });

    await admin.orders.paymentCollectionMarkOrderAsPaid(unpaid.orderId);
    const manual = await admin.orders.getRefundabilityStatus(unpaid.orderId);
    expect(manual.refundabilities[0]).toMatchObject({ refundable: false, manuallyRefundableReason: 'OFFLINE' });
    const paymentId = manual.refundabilities[0]?.paymentId ?? '';
    const refunded = await admin.orders.triggerRefund(unpaid.orderId, [{ paymentId, amount: '10' }]);
    const refund = refunded.orderTransactions.find((t) => t.kind === 'REFUND');
    expect(refund).toMatchObject({ status: 'SUCCEEDED', provider: 'offline', details: { manual: true } });
  });
});

describe('collecting payment by hand', () => {
  it('records manual payments up to the balance, marks the rest paid, and refuses more', async () => {
    const admin = kit.admin({ orders });
    const { orderId } = await placeOrder({ paymentMethod: 'offline' });
    expect(await admin.orders.getPaymentCollectabilityStatus(orderId)).toMatchObject({ amount: { amount: '45' } });
    const part = await admin.orders.recordManuallyCollectedPayment(orderId, '10');
    expect(part.order.paymentStatus).toBe('PARTIALLY_PAID');
    const over = await caught(admin.orders.recordManuallyCollectedPayment(orderId, '100'));
    expect(over).toBeInstanceOf(MerxApplicationError);
    expect(over).toMatchObject({
      code: 'PAYMENT_AMOUNT_EXCEEDS_BALANCE',
      data: { requested: expect.anything(), remaining: expect.anything() },
      request: { args: [orderId, '100'] },
    });
    const bad = (await caught(admin.orders.recordManuallyCollectedPayment(orderId, '-1'))) as MerxValidationError;
    expect(bad).toBeInstanceOf(MerxValidationError);
    expect(new Set(bad.violations.map((v) => v.field))).toEqual(new Set(['amount']));
    expect((await admin.orders.getPaymentCollectabilityStatus(orderId)).amount.amount).toBe('35');

    const paid = await admin.orders.paymentCollectionMarkOrderAsPaid(orderId);
    expect(paid.order.paymentStatus).toBe('PAID');
    await expect(admin.orders.paymentCollectionMarkOrderAsPaid(orderId)).rejects.toMatchObject({
      code: 'PAYMENT_NOT_COLLECTABLE',
    });
    await expect(admin.orders.getPaymentCollectabilityStatus('missing')).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
      status: 404,
    });
  });

  it('marks orders paid in bulk, each succeeding or failing on its own', async () => {
    const admin = kit.admin({ orders });
    const unpaid = await placeOrder({ paymentMethod: 'offline' });
    const paid = await placeOrder({ paymentMethod: 'offline' });
    await admin.orders.paymentCollectionMarkOrderAsPaid(paid.orderId);
    const bulk = await admin.orders.paymentCollectionBulkMarkOrdersAsPaid([unpaid.orderId, paid.orderId, 'missing']);
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 2 });
    expect(
      bulk.results.map((r) => [r.itemMetadata.originalIndex, r.itemMetadata.success, r.itemMetadata.error?.code]),
    ).toEqual([
      [0, true, undefined],
      [1, false, 'PAYMENT_NOT_COLLECTABLE'],
      [2, false, 'ORDER_NOT_FOUND'],
    ]);
    const empty = (await caught(admin.orders.paymentCollectionBulkMarkOrdersAsPaid([]))) as MerxValidationError;
    expect(empty.violations.map((v) => v.field)).toEqual(['ecomOrderIds']);
  });

  it('prepares a collection through the gateway (the order id to pay with), refusing more than the balance', async () => {
    const admin = kit.admin({ orders });
    const { shop, orderId } = await placeOrder();
    const prepared = await admin.orders.preparePaymentCollection(orderId, { amount: '45' });
    expect(prepared).toEqual({ paymentGatewayOrderId: orderId });
    await expect(admin.orders.preparePaymentCollection(orderId, { amount: '46' })).rejects.toMatchObject({
      code: 'PAYMENT_AMOUNT_EXCEEDS_BALANCE',
    });
    const paid = await shop.orders.payOrder({
      paymentGatewayOrderId: prepared.paymentGatewayOrderId,
      card: card(APPROVE),
    });
    expect(paid.paymentStatus).toBe('PAID');
    await expect(admin.orders.preparePaymentCollection(orderId, { amount: '1' })).rejects.toMatchObject({
      code: 'PAYMENT_NOT_COLLECTABLE',
    });
  });

  it('lets a key with orders:read read but not collect, and refuses a storefront before any request', async () => {
    const { orderId } = await placeOrder({ paymentMethod: 'offline' });
    const { key } = await kit.server.services.apiKeys.create({ name: unique('reader '), scopes: ['orders:read'] });
    const reader = createClient({ baseUrl: kit.baseUrl, auth: ApiKeyStrategy({ apiKey: key }), modules: { orders } });
    expect((await reader.orders.getPaymentCollectabilityStatus(orderId)).amount.amount).toBe('45');
    await expect(reader.orders.paymentCollectionMarkOrderAsPaid(orderId)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      status: 403,
    });
    const shop = kit.shop({ orders });
    for (const call of [
      shop.orders.paymentCollectionMarkOrderAsPaid(orderId),
      shop.orders.paymentCollectionBulkMarkOrdersAsPaid([orderId]),
      shop.orders.getPaymentCollectabilityStatus(orderId),
      shop.orders.getRefundabilityStatus(orderId),
      shop.orders.preparePaymentCollection(orderId, { amount: '1' }),
      shop.orders.recordManuallyCollectedPayment(orderId, '1'),
      shop.orders.captureAuthorizedPayments(orderId, [{ paymentId: 'p' }]),
      shop.orders.voidAuthorizedPayments(orderId, ['p']),
      shop.orders.updateOrder(orderId, { seenByAHuman: true }),
      shop.orders.updateOrderStatus(orderId, 'CANCELED'),
      shop.orders.addActivity(orderId, { merchantComment: { message: 'x' } }),
      shop.orders.aggregateOrders(),
    ]) {
      await expect(call).rejects.toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });
    }
  });
});

describe('order changes', () => {
  it('updates the editable fields and names a read-only or malformed one', async () => {
    const admin = kit.admin({ orders });
    const { orderId } = await placeOrder({ paymentMethod: 'offline' });
    const updated = await admin.orders.updateOrder(orderId, {
      buyerInfo: { email: 'new@example.com' },
      archived: true,
      recipientInfo: { address: { ...NEW_YORK, addressLine: '2 Side St' } },
    });
    expect(updated.order).toMatchObject({ archived: true, buyerInfo: { email: 'new@example.com' } });
    const readOnly = (await caught(admin.orders.updateOrder(orderId, { status: 'CANCELED' }))) as MerxValidationError;
    expect(readOnly).toBeInstanceOf(MerxValidationError);
    expect(readOnly.violations.map((v) => v.field)).toEqual(['order.status']);
    const email = (await caught(
      admin.orders.updateOrder(orderId, { buyerInfo: { email: 'not an email' } }),
    )) as MerxValidationError;
    expect(email.violations.map((v) => v.field)).toEqual(['order.buyerInfo.email']);
    await expect(admin.orders.updateOrder('missing', { archived: false })).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
      status: 404,
    });
  });

  it('moves the status through the table only, and cancels with restock once', async () => {
    const admin = kit.admin({ orders, inventoryChanges });
    const { orderId } = await placeOrder();
    expect((await admin.orders.updateOrderStatus(orderId, 'PENDING')).order.status).toBe('PENDING');
    expect((await admin.orders.updateOrderStatus(orderId, 'APPROVED')).order.status).toBe('APPROVED');
    const back = await caught(admin.orders.updateOrderStatus(orderId, 'PENDING'));
    expect(back).toBeInstanceOf(MerxApplicationError);
    expect(back).toMatchObject({
      code: 'ORDER_STATUS_TRANSITION_NOT_ALLOWED',
      data: { from: 'APPROVED', to: 'PENDING' },
      request: { args: [orderId, 'PENDING'] },
    });
    const bad = (await caught(admin.orders.updateOrderStatus(orderId, 'SHIPPED' as never))) as MerxValidationError;
    expect(bad.violations.map((v) => v.field)).toEqual(['status']);

    const canceled = await admin.orders.cancelOrder(orderId, { restockAllItems: true, customMessage: 'Out of stock' });
    expect(canceled.order.status).toBe('CANCELED');
    await expect(admin.orders.cancelOrder(orderId, { restockAllItems: true })).rejects.toBeInstanceOf(
      MerxApplicationError,
    );
    const restocked = await admin.inventoryChanges.queryInventoryChanges().eq('orderId', orderId).find();
    expect(restocked.items.map((c) => c.cause).sort()).toEqual(['ORDER', 'REVERT_INVENTORY_CHANGE']);
    await expect(admin.orders.updateOrderStatus(orderId, 'APPROVED')).rejects.toMatchObject({
      code: 'ORDER_STATUS_TRANSITION_NOT_ALLOWED',
    });
  });

  it('keeps hand-written activities editable and the order’s own ones not', async () => {
    const admin = kit.admin({ orders });
    const { orderId } = await placeOrder({ paymentMethod: 'offline' });
    const custom = await admin.orders.addActivity(orderId, {
      customActivity: { type: 'CALLED_BUYER', additionalData: { outcome: 'no answer' } },
    });
    const activityId = custom.activityId ?? '';
    expect(custom.order.activities).toContainEqual(expect.objectContaining({ id: activityId }));
    const wrongKind = (await caught(
      admin.orders.updateActivity({ id: orderId, activityId }, { merchantComment: { message: 'x' } }),
    )) as MerxValidationError;
    expect(wrongKind.violations.map((v) => v.field)).toEqual(['activity']);
    const both = (await caught(
      admin.orders.addActivity(orderId, { merchantComment: { message: 'a' }, customActivity: { type: 'B' } }),
    )) as MerxValidationError;
    expect(both).toBeInstanceOf(MerxValidationError);
    // ORDER_PLACED is the order's creation (its id is the order's): found, and not editable.
    await expect(
      admin.orders.updateActivity({ id: orderId, activityId: orderId }, { merchantComment: { message: 'x' } }),
    ).rejects.toMatchObject({ code: 'ACTIVITY_NOT_EDITABLE', data: { activityId: orderId } });
    await expect(admin.orders.deleteActivity({ id: orderId, activityId: 'missing' })).rejects.toMatchObject({
      code: 'ACTIVITY_NOT_FOUND',
      status: 404,
    });
    const deleted = await admin.orders.deleteActivity({ id: orderId, activityId });
    expect(deleted.order.activities.map((a) => a.id)).not.toContain(activityId);
  });
});

describe('fulfillments', () => {
  it('fulfills in parts up to the quantity ordered; the buyer reads them; a canceled order gets none', async () => {
    const admin = kit.admin({ orders, orderFulfillments });
    const { shop, orderId } = await placeOrder({ paymentMethod: 'offline', quantity: 3 });
    const lineId = (await admin.orders.getOrder(orderId)).order.lineItems[0]?.id ?? '';
    await admin.orderFulfillments.createFulfillment(orderId, { lineItems: [{ id: lineId, quantity: 2 }] });
    expect((await admin.orders.getOrder(orderId)).order.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    const over = await caught(
      admin.orderFulfillments.createFulfillment(orderId, { lineItems: [{ id: lineId, quantity: 2 }] }),
    );
    expect(over).toBeInstanceOf(MerxApplicationError);
    expect(over).toMatchObject({ code: 'FULFILLMENT_QUANTITY_EXCEEDS_REMAINING' });
    const other = await placeOrder({ paymentMethod: 'offline', quantity: 1 });
    const otherLine = (await admin.orders.getOrder(other.orderId)).order.lineItems[0]?.id ?? '';
    const bulk = await admin.orderFulfillments.bulkCreateFulfillments([
      { orderId, fulfillments: [{ lineItems: [{ id: lineId, quantity: 1 }] }] },
      { orderId: other.orderId, fulfillments: [{ lineItems: [{ id: otherLine, quantity: 1 }] }] },
    ]);
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 0 });
    expect((await admin.orders.getOrder(orderId)).order.fulfillmentStatus).toBe('FULFILLED');

    const mine = await shop.orderFulfillments.listFulfillmentsForSingleOrder(orderId);
    expect(mine.orderWithFulfillments.fulfillments).toHaveLength(2);
    await expect(
      kit.shop({ orderFulfillments }).orderFulfillments.listFulfillmentsForSingleOrder(orderId),
    ).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
    await expect(
      admin.orderFulfillments.deleteFulfillment({ orderId, fulfillmentId: 'missing' }),
    ).rejects.toMatchObject({ code: 'FULFILLMENT_NOT_FOUND', status: 404 });
    await expect(
      shop.orderFulfillments.createFulfillment(orderId, { lineItems: [{ id: lineId, quantity: 1 }] }),
    ).rejects.toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });

    const canceled = await placeOrder({ paymentMethod: 'offline', quantity: 1 });
    await admin.orders.cancelOrder(canceled.orderId);
    const canceledLine = (await admin.orders.getOrder(canceled.orderId)).order.lineItems[0]?.id ?? '';
    await expect(
      admin.orderFulfillments.createFulfillment(canceled.orderId, { lineItems: [{ id: canceledLine, quantity: 1 }] }),
    ).rejects.toMatchObject({ code: 'ORDER_NOT_FULFILLABLE', data: { status: 'CANCELED' } });
  });
});

describe('aggregate and orders settings', () => {
  it('counts the orders and sales of a createdDate range, per local day, leaving canceled orders out', async () => {
    const admin = kit.admin({ orders });
    const from = new Date(Date.now() - 1000).toISOString();
    const kept = await placeOrder({ paymentMethod: 'offline' });
    await admin.orders.paymentCollectionMarkOrderAsPaid(kept.orderId);
    const dropped = await placeOrder({ paymentMethod: 'offline' });
    await admin.orders.cancelOrder(dropped.orderId);
    const to = new Date(Date.now() + 1000).toISOString();
    const { aggregates } = await admin.orders.aggregateOrders({
      filter: { createdDate: { $gte: from, $lte: to } },
      utcOffsetMinutes: 120,
    });
    expect(aggregates.currency).toBe('USD');
    expect(aggregates.orders).toBeGreaterThanOrEqual(1);
    expect(aggregates.byDay.reduce((n, d) => n + d.orders, 0)).toBe(aggregates.orders);
    const both = await admin.orders.aggregateOrders({ filter: { id: { $in: [kept.orderId, dropped.orderId] } } });
    expect(both.aggregates).toMatchObject({ orders: 1, sales: { amount: '45' } });
    const bad = (await caught(admin.orders.aggregateOrders({ utcOffsetMinutes: 10_000 }))) as MerxValidationError;
    expect(bad).toBeInstanceOf(MerxValidationError);
    expect(bad.violations.map((v) => v.field)).toEqual(['utcOffsetMinutes']);
  });

  it('takes stock at payment under ON_ORDER_PAID, refusing a payment when it is short; names a bad setting', async () => {
    const admin = kit.admin({ orders, ordersSettings, products });
    const { ordersSettings: settings } = await admin.ordersSettings.getOrdersSettings();
    const { product } = await admin.products.createProduct({
      name: unique('Rare '),
      priceData: { price: 20 },
      stock: { trackInventory: true, quantity: 1 },
    });
    await admin.ordersSettings.updateOrdersSettings({ inventoryUpdateTrigger: 'ON_ORDER_PAID' });
    try {
      const first = await openCheckout(1, product.id);
      const second = await openCheckout(1, product.id);
      const a = await first.shop.checkout.createOrder(first.checkoutId);
      const b = await second.shop.checkout.createOrder(second.checkoutId);
      expect(
        (await first.shop.orders.payOrder({ paymentGatewayOrderId: a.orderId, card: card(APPROVE) })).paymentStatus,
      ).toBe('PAID');
      const short = await caught(
        second.shop.orders.payOrder({ paymentGatewayOrderId: b.orderId, card: card(APPROVE) }),
      );
      expect(short).toBeInstanceOf(MerxApplicationError);
      expect(short).toMatchObject({ code: 'INSUFFICIENT_INVENTORY', data: { productId: product.id } });
    } finally {
      await admin.ordersSettings.updateOrdersSettings({ inventoryUpdateTrigger: settings.inventoryUpdateTrigger });
    }
    const bad = (await caught(
      admin.ordersSettings.updateOrdersSettings({ abandonedCheckoutAfterMinutes: 1 }),
    )) as MerxValidationError;
    expect(bad).toBeInstanceOf(MerxValidationError);
    expect(bad.violations.map((v) => v.field)).toEqual(['ordersSettings.abandonedCheckoutAfterMinutes']);
    expect((await admin.ordersSettings.getOrdersSettings()).ordersSettings).toEqual(settings);
  });
});
