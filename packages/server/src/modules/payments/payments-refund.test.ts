import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collector,
  expectAppError,
  expectViolation,
  item,
  type PaymentsKit,
  startPaymentsKit,
  TEST_CARDS,
} from './payments-test-kit.js';

let kit: PaymentsKit;

beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const refund = (orderId: string, body: Record<string, unknown>) =>
  kit.owner.post(collector(orderId, 'trigger-refund'), body);
const refundability = async (orderId: string) => {
  const res = await kit.orderReader.get(collector(orderId, 'refundability'));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** An order of 3 units at $20 (total $69.80: $64.80 of items with tax, $5 shipping) paid by card. */
async function paidOrder(stock = 10) {
  const p = await kit.stocked(stock);
  const { orderId, shopper } = await kit.order(p.id, { quantity: 3 });
  const paid = await kit.pay(shopper, orderId);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const order = await kit.orderOf(orderId);
  return { productId: p.id, orderId, paymentId: paid.body.transaction.id as string, lineId: order.lineItems[0].id };
}

describe('refundability', () => {
  it('NOT_PAID before any payment and for a declined one', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    expect(await refundability(orderId)).toMatchObject({
      refundabilities: [],
      refundableAmount: { amount: '0' },
      nonRefundableReason: 'NOT_PAID',
    });
    await kit.pay(shopper, orderId, TEST_CARDS.declines);
    const r = await refundability(orderId);
    expect(r.refundabilities).toMatchObject([{ refundable: false, nonRefundableReason: 'NOT_PAID' }]);
    expect(r.nonRefundableReason).toBe('NOT_PAID');
  });

  it('REFUNDABLE through the gateway for a card payment; MANUAL (OFFLINE) for an order marked paid', async () => {
    const { orderId, paymentId } = await paidOrder();
    expect(await refundability(orderId)).toEqual({
      refundabilities: [
        {
          paymentId,
          refundable: true,
          refundableAmount: expect.objectContaining({ amount: '69.8' }),
        },
      ],
      refundableAmount: expect.objectContaining({ amount: '69.8' }),
    });

    const p = await kit.stocked(5);
    const offline = await kit.order(p.id, { body: { paymentMethod: 'offline' } });
    await kit.owner.post(collector(offline.orderId, 'mark-as-paid'));
    const r = await refundability(offline.orderId);
    expect(r.refundabilities).toMatchObject([
      { refundable: false, manuallyRefundableReason: 'OFFLINE', refundableAmount: { amount: '26.6' } },
    ]);
    expect(r.nonRefundableReason).toBeUndefined();
  });

  it('ALREADY_REFUNDED after a full refund; 404 for an unknown order; 403 for a key without orders:read', async () => {
    const { orderId } = await paidOrder();
    expect((await refund(orderId, {})).status).toBe(200);
    const r = await refundability(orderId);
    expect(r.refundabilities[0]).toMatchObject({ refundable: false, nonRefundableReason: 'ALREADY_REFUNDED' });
    expect(r.nonRefundableReason).toBe('ALREADY_REFUNDED');
    expectAppError(await kit.owner.get(collector('nope', 'refundability')), 404, 'ORDER_NOT_FOUND');
    expectAppError(await kit.stranger.get(collector(orderId, 'refundability')), 403, 'PERMISSION_DENIED');
  });
});

describe('trigger-refund', () => {
  it('refunds everything through the gateway: FULLY_REFUNDED, every unit refunded, ORDER_REFUNDED activity', async () => {
    const { orderId, paymentId, productId } = await paidOrder();
    const seq = await kit.lastSeq();
    const res = await refund(orderId, { details: { reason: 'Changed mind' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.paymentStatus).toBe('FULLY_REFUNDED');
    expect(res.body.order.lineItems[0]).toMatchObject({ refundQuantity: 3, restockQuantity: 0 });
    expect(res.body.order.balanceSummary.refunded.amount).toBe('69.8');
    expect(res.body.order.activities.map((a: { type: string }) => a.type)).toContain('ORDER_REFUNDED');
    const refunds = res.body.orderTransactions.filter((t: { kind: string }) => t.kind === 'REFUND');
    expect(refunds).toMatchObject([
      { status: 'SUCCEEDED', provider: 'test', paymentId, amount: { amount: '69.8' }, details: { manual: false } },
    ]);
    expect(refunds[0].details.refundId).toBe(res.body.refundId);
    // Not restocked unless asked.
    expect(await kit.stockOf(productId)).toBe(7);
    expect(await kit.eventTypesSince(seq, orderId)).toEqual(
      expect.arrayContaining(['wix.ecom.v1.order_updated', 'wix.ecom.v1.order_payment_status_updated']),
    );
    await kit.refusedWithoutWrites(() => refund(orderId, {}), 400, 'REFUND_NOT_POSSIBLE');
  });

  it('refunds one unit of a line and restocks it: stock back, REVERT_INVENTORY_CHANGE logged, PARTIALLY_REFUNDED', async () => {
    const { orderId, lineId, productId } = await paidOrder();
    expect(await kit.stockOf(productId)).toBe(7);
    const res = await refund(orderId, {
      details: { items: [{ lineItemId: lineId, quantity: 1 }] },
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(res.body.order.lineItems[0]).toMatchObject({ refundQuantity: 1, restockQuantity: 1 });
    // One unit: $20 plus 8 % tax.
    expect(res.body.order.balanceSummary.refunded.amount).toBe('21.6');
    expect(res.body.order.activities.map((a: { type: string }) => a.type)).toContain('PAYMENT_REFUNDED');
    expect(await kit.stockOf(productId)).toBe(8);
    expect(await kit.inventoryOf(orderId)).toEqual([
      { delta: -3, cause: 'ORDER' },
      { delta: 1, cause: 'REVERT_INVENTORY_CHANGE' },
    ]);

    // The other two units, with shipping: the order is then fully refunded and every unit back.
    const rest = await refund(orderId, {
      details: { items: [{ lineItemId: lineId, quantity: 2 }], shippingIncluded: true },
      sideEffects: { restockInfo: { type: 'SOME_ITEMS', items: [{ lineItemId: lineId }] } },
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.order.paymentStatus).toBe('FULLY_REFUNDED');
    expect(rest.body.order.lineItems[0]).toMatchObject({ refundQuantity: 3, restockQuantity: 3 });
    expect(await kit.stockOf(productId)).toBe(10);
  });

  it('refunds by amount (no units returned), the shipping once, then the rest', async () => {
    const { orderId, lineId, paymentId } = await paidOrder();
    const part = await refund(orderId, { payments: [{ paymentId, amount: '10' }] });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.order.balanceSummary.refunded.amount).toBe('10');
    expect(part.body.order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(part.body.order.lineItems[0].refundQuantity).toBe(0);
    const shipping = await refund(orderId, {
      payments: [{ paymentId, amount: '5' }],
      details: { shippingIncluded: true },
    });
    expect(shipping.body.order.balanceSummary.refunded.amount).toBe('15');
    await kit.refusedWithoutWrites(
      () => refund(orderId, { payments: [{ paymentId, amount: '5' }], details: { shippingIncluded: true } }),
      400,
      'SHIPPING_ALREADY_REFUNDED',
    );
    const rest = await refund(orderId, {});
    expect(rest.body.order.paymentStatus).toBe('FULLY_REFUNDED');
    expect(rest.body.order.balanceSummary.refunded.amount).toBe('69.8');
    expect(rest.body.order.lineItems[0]).toMatchObject({ id: lineId, refundQuantity: 3 });
  });

  it('refuses a refund over what was paid, writing nothing', async () => {
    const { orderId, paymentId, productId } = await paidOrder();
    const res = await kit.refusedWithoutWrites(
      () =>
        refund(orderId, {
          payments: [{ paymentId, amount: '69.81' }],
          sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
        }),
      400,
      'REFUND_AMOUNT_EXCEEDS_PAID',
    );
    expect(res.body.details.applicationError.data).toMatchObject({ requested: 6981, refundable: 6980 });
    await refund(orderId, { payments: [{ paymentId, amount: '60' }] });
    await kit.refusedWithoutWrites(
      () => refund(orderId, { payments: [{ paymentId, amount: '9.81' }] }),
      400,
      'REFUND_AMOUNT_EXCEEDS_PAID',
    );
    expect(await kit.stockOf(productId)).toBe(7);
  });

  it('refuses bad lines, payments and restock choices, writing nothing', async () => {
    const { orderId, lineId, paymentId } = await paidOrder();
    await kit.refusedWithoutWrites(
      () => refund(orderId, { details: { items: [{ lineItemId: lineId, quantity: 4 }] } }),
      400,
      'REFUND_QUANTITY_EXCEEDS_REMAINING',
    );
    await kit.refusedWithoutWrites(
      () => refund(orderId, { details: { items: [{ lineItemId: 'nope', quantity: 1 }] } }),
      404,
      'LINE_ITEM_NOT_FOUND',
    );
    await kit.refusedWithoutWrites(
      () => refund(orderId, { payments: [{ paymentId: 'nope' }] }),
      404,
      'PAYMENT_NOT_FOUND',
    );
    const rows = await kit.orderRows();
    expectViolation(
      await refund(orderId, {
        details: { items: [{ lineItemId: lineId, quantity: 1 }] },
        sideEffects: { restockInfo: { type: 'SOME_ITEMS' } },
      }),
      'sideEffects.restockInfo.items',
    );
    expectViolation(
      await refund(orderId, {
        details: { items: [{ lineItemId: lineId, quantity: 1 }] },
        sideEffects: { restockInfo: { type: 'SOME_ITEMS', items: [{ lineItemId: 'other' }] } },
      }),
      'sideEffects.restockInfo.items[0].lineItemId',
    );
    expectViolation(
      await refund(orderId, { details: { items: [{ lineItemId: lineId, quantity: 0 }] } }),
      'details.items[0].quantity',
    );
    expectViolation(
      await refund(orderId, { sideEffects: { restockInfo: { type: 'SOME' } } }),
      'sideEffects.restockInfo.type',
    );
    expectViolation(await refund(orderId, { payments: [{ paymentId, amount: '1.234' }] }), 'payments[0].amount');
    const finer = await refund(orderId, { payments: [{ paymentId, amount: '0.001' }] });
    expectViolation(finer, 'payments[0].amount', 'DECIMAL_MAX_SCALE');
    expect(finer.body.details.validationError.fieldViolations[0].description).toBe(
      'must have at most 2 decimal places for USD',
    );
    expect(await kit.orderRows()).toEqual(rows);
    expectAppError(await kit.orderReader.post(collector(orderId, 'trigger-refund'), {}), 403, 'PERMISSION_DENIED');
  });

  it('refuses refunding an unpaid order with REFUND_NOT_POSSIBLE (NOT_PAID)', async () => {
    const p = await kit.stocked(5);
    const { orderId } = await kit.order(p.id);
    const res = await kit.refusedWithoutWrites(() => refund(orderId, {}), 400, 'REFUND_NOT_POSSIBLE');
    expect(res.body.details.applicationError.data.reasons).toEqual([]);
    const { orderId: heldId } = await (async () => {
      const o = await kit.order(p.id);
      await kit.pay(o.shopper, o.orderId, TEST_CARDS.authorizesOnly);
      return o;
    })();
    const held = await kit.refusedWithoutWrites(() => refund(heldId, {}), 400, 'REFUND_NOT_POSSIBLE');
    expect(held.body.details.applicationError.data.reasons).toEqual(['NOT_PAID']);
  });

  it('refunds an order paid offline by hand: a manual SUCCEEDED refund, nothing sent to a gateway', async () => {
    const p = await kit.stocked(5);
    const { orderId } = await kit.order(p.id, { body: { paymentMethod: 'offline' } });
    await kit.owner.post(collector(orderId, 'mark-as-paid'));
    const res = await refund(orderId, { sideEffects: { restockInfo: { type: 'ALL_ITEMS' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.paymentStatus).toBe('FULLY_REFUNDED');
    const rows = (await kit.transactionRows(orderId)).filter((r) => r.kind === 'REFUND');
    expect(
      rows.map((r) => [r.status, r.provider, r.provider_transaction_id, JSON.parse(String(r.details)).manual]),
    ).toEqual([['SUCCEEDED', 'offline', null, true]]);
    expect(await kit.stockOf(p.id)).toBe(5);
  });

  it('restocks only the lines named with SOME_ITEMS', async () => {
    const a = await kit.stocked(10);
    const b = await kit.stocked(10);
    const shopper = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(shopper, [item(a.id, 2), item(b.id, 2)]);
    const { orderId } = (await kit.placeOrder(shopper, checkoutId)).body;
    await kit.pay(shopper, orderId);
    const order = await kit.orderOf(orderId);
    const lineOf = (productId: string) =>
      order.lineItems.find(
        (l: { catalogReference: { catalogItemId: string } }) => l.catalogReference.catalogItemId === productId,
      ).id as string;
    const res = await refund(orderId, {
      details: {
        items: [
          { lineItemId: lineOf(a.id), quantity: 2 },
          { lineItemId: lineOf(b.id), quantity: 1 },
        ],
      },
      sideEffects: { restockInfo: { type: 'SOME_ITEMS', items: [{ lineItemId: lineOf(b.id) }] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await kit.stockOf(a.id)).toBe(8);
    expect(await kit.stockOf(b.id)).toBe(9);
  });
});
