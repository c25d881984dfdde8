import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUTS } from '../checkout/checkout-test-kit.js';
import {
  card,
  expectAppError,
  expectViolation,
  item,
  type PaymentsKit,
  type Shopper,
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

const charge = (shopper: Shopper, checkoutId: string, body: Record<string, unknown>) =>
  shopper.post(`${CHECKOUTS}/${checkoutId}/create-order-and-charge`, { id: checkoutId, ...body });

async function ready(quantity = 1) {
  const p = await kit.stocked(10);
  const shopper = await kit.newVisitor();
  const checkoutId = await kit.readyCheckout(shopper, [item(p.id, quantity)]);
  return { productId: p.id, shopper, checkoutId };
}

describe('POST /ecom/v1/checkouts/{id}/create-order-and-charge', () => {
  it('places the order and charges the card: PAID and APPROVED, the checkout completed', async () => {
    const { shopper, checkoutId, productId } = await ready(2);
    const res = await charge(shopper, checkoutId, { card: card() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      paymentStatus: 'PAID',
      transaction: { kind: 'PAYMENT', status: 'APPROVED', amount: { amount: '48.2' } },
    });
    expect(res.body.paymentResponseToken).toBe(res.body.transaction.id);
    expect(res.body.paymentGatewayOrderId).toBeUndefined();
    expect(await kit.orderOf(res.body.orderId)).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'PAID',
      checkoutId,
    });
    expect((await shopper.get(`${CHECKOUTS}/${checkoutId}`)).body.checkout.completed).toBe(true);
    expect(await kit.stockOf(productId)).toBe(8);
  });

  it('is idempotent: called again, it answers the same order and payment without charging again', async () => {
    const { shopper, checkoutId } = await ready();
    const first = await charge(shopper, checkoutId, { card: card() });
    const rows = await kit.orderRows();
    const second = await charge(shopper, checkoutId, { card: card() });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await kit.orderRows()).toEqual(rows);
  });

  it('a declined card leaves the placed order INITIALIZED and DECLINED; calling again with a good card pays it', async () => {
    const { shopper, checkoutId } = await ready();
    const res = await charge(shopper, checkoutId, { card: card(TEST_CARDS.insufficientFunds) });
    expectAppError(res, 400, 'PAYMENT_DECLINED');
    const { orderId, reasonCode } = res.body.details.applicationError.data;
    expect(reasonCode).toBe('INSUFFICIENT_FUNDS');
    expect(await kit.orderOf(orderId)).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'DECLINED' });
    const retry = await charge(shopper, checkoutId, { card: card() });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({ orderId, paymentStatus: 'PAID' });
    expect((await kit.transactionRows(orderId)).map((r) => r.status).sort()).toEqual(['APPROVED', 'DECLINED']);
  });

  it('authorizes only with delayCapture; the pending card leaves a gateway id to pay with', async () => {
    const held = await ready();
    const res = await charge(held.shopper, held.checkoutId, { card: card(), delayCapture: true });
    expect(res.body).toMatchObject({ paymentStatus: 'PENDING_MERCHANT', transaction: { status: 'AUTHORIZED' } });

    const pending = await ready();
    const answer = await charge(pending.shopper, pending.checkoutId, { card: card(TEST_CARDS.pending) });
    expect(answer.body).toMatchObject({ paymentStatus: 'PENDING', transaction: { status: 'PENDING' } });
  });

  it('places an offline order without charging, no card needed', async () => {
    const { shopper, checkoutId } = await ready();
    const res = await charge(shopper, checkoutId, { paymentMethod: 'offline' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.paymentStatus).toBe('NOT_PAID');
    expect(res.body.transaction).toBeUndefined();
    expect(await kit.orderOf(res.body.orderId)).toMatchObject({ status: 'APPROVED', paymentMethod: 'offline' });
  });

  it('refuses a missing card or one failing Luhn before placing anything', async () => {
    const { shopper, checkoutId, productId } = await ready();
    const rows = await kit.orderRows();
    expectViolation(await charge(shopper, checkoutId, {}), 'card');
    expectViolation(await charge(shopper, checkoutId, { card: card('4242424242424241') }), 'card.number', 'FORMAT');
    expect(await kit.orderRows()).toEqual(rows);
    expect(await kit.stockOf(productId)).toBe(10);
    expect((await shopper.get(`${CHECKOUTS}/${checkoutId}`)).body.checkout.completed).toBe(false);
  });

  it("answers 404 for someone else's checkout and 401 without a token", async () => {
    const { checkoutId } = await ready();
    const rows = await kit.orderRows();
    expectAppError(await charge(await kit.newVisitor(), checkoutId, { card: card() }), 404, 'CHECKOUT_NOT_FOUND');
    expectAppError(
      await kit.visitor.post(`${CHECKOUTS}/${checkoutId}/create-order-and-charge`, { card: card() }),
      401,
      'UNAUTHENTICATED',
    );
    expect(await kit.orderRows()).toEqual(rows);
  });
});
