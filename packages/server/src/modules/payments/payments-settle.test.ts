import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation, type PaymentsKit, startPaymentsKit, TEST_CARDS } from './payments-test-kit.js';

const SETTLE = '/_api/merx/v1/payments/test-gateway/settle';

let kit: PaymentsKit;

beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

/** An order of `quantity` units paid with the pending card; its pending payment's id. */
async function pendingOrder(quantity = 1, stock = 5) {
  const p = await kit.stocked(stock);
  const placed = await kit.order(p.id, { quantity });
  const res = await kit.pay(placed.shopper, placed.orderId, TEST_CARDS.pending);
  expect(res.body).toMatchObject({ paymentStatus: 'PENDING', transaction: { status: 'PENDING' } });
  return { ...placed, productId: p.id, paymentId: res.body.transaction.id as string };
}

const settle = (orderId: string, paymentId: string, outcome: string) =>
  kit.orderWriter.post(SETTLE, { orderId, paymentId, outcome });

describe('POST /_api/merx/v1/payments/test-gateway/settle', () => {
  it('APPROVED: the pending payment is approved, the order PAID and APPROVED, on its timeline and in events', async () => {
    const { orderId, paymentId } = await pendingOrder();
    const seq = await kit.lastSeq();
    const res = await settle(orderId, paymentId, 'APPROVED');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({ id: orderId, status: 'APPROVED', paymentStatus: 'PAID' });
    expect(res.body.orderTransactions).toEqual([
      expect.objectContaining({ id: paymentId, kind: 'PAYMENT', status: 'APPROVED', provider: 'test' }),
    ]);
    const order = await kit.orderOf(orderId);
    expect(order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    expect(order.balanceSummary.balance.amount).toBe('0');
    expect(order.activities.map((a: { type: string }) => a.type)).toEqual([
      'ORDER_PLACED',
      'PAYMENT_PENDING',
      'ORDER_PAID',
    ]);
    expect(await kit.eventTypesSince(seq, orderId)).toEqual(
      expect.arrayContaining([
        'wix.ecom.v1.order_updated',
        'wix.ecom.v1.order_approved',
        'wix.ecom.v1.order_payment_status_updated',
      ]),
    );
    const [row] = await kit.transactionRows(orderId);
    expect(row).toMatchObject({ status: 'APPROVED' });
    expect(JSON.parse(String(row?.details))).toMatchObject({ settledDate: expect.any(String) });
  });

  it('DECLINED: the payment is declined and the order can be paid again with another card', async () => {
    const { orderId, paymentId, shopper } = await pendingOrder();
    const res = await settle(orderId, paymentId, 'DECLINED');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'DECLINED' });
    const [row] = await kit.transactionRows(orderId);
    expect(row).toMatchObject({ status: 'DECLINED' });
    expect(JSON.parse(String(row?.details))).toMatchObject({ reason: 'CARD_DECLINED' });
    expect((await kit.orderOf(orderId)).activities.map((a: { type: string }) => a.type)).toEqual([
      'ORDER_PLACED',
      'PAYMENT_PENDING',
      'PAYMENT_DECLINED',
    ]);
    const retry = await kit.pay(shopper, orderId);
    expect(retry.body).toMatchObject({ paymentStatus: 'PAID', transaction: { status: 'APPROVED' } });
    expect(await kit.orderOf(orderId)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
  });

  it('settles a payment once: a second settlement is refused and changes nothing', async () => {
    const { orderId, paymentId } = await pendingOrder();
    expect((await settle(orderId, paymentId, 'APPROVED')).status).toBe(200);
    const again = await kit.refusedWithoutWrites(
      () => settle(orderId, paymentId, 'DECLINED'),
      400,
      'PAYMENT_NOT_PENDING',
    );
    expect(again.body.details.applicationError.data).toEqual({ paymentId, status: 'APPROVED' });
    expect(await kit.orderOf(orderId)).toMatchObject({ paymentStatus: 'PAID' });
  });

  it('refuses what is not a pending payment of the order, writing nothing', async () => {
    const { orderId, paymentId } = await pendingOrder();
    const other = await pendingOrder();
    await kit.refusedWithoutWrites(() => settle(orderId, other.paymentId, 'APPROVED'), 404, 'PAYMENT_NOT_FOUND');
    await kit.refusedWithoutWrites(() => settle(orderId, 'no-such-payment', 'APPROVED'), 404, 'PAYMENT_NOT_FOUND');
    await kit.refusedWithoutWrites(() => settle('no-such-order', paymentId, 'APPROVED'), 404, 'ORDER_NOT_FOUND');
    const approved = await kit.order((await kit.stocked(5)).id);
    const paid = await kit.pay(approved.shopper, approved.orderId);
    await kit.refusedWithoutWrites(
      () => settle(approved.orderId, paid.body.transaction.id, 'DECLINED'),
      400,
      'PAYMENT_NOT_PENDING',
    );
    expect(await kit.orderOf(orderId)).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'PENDING' });
  });

  it('refuses a malformed request with the field, writing nothing', async () => {
    const { orderId, paymentId } = await pendingOrder();
    const rows = await kit.orderRows();
    expectViolation(await settle(orderId, paymentId, 'REFUNDED'), 'outcome');
    expectViolation(await kit.orderWriter.post(SETTLE, { orderId, outcome: 'APPROVED' }), 'paymentId');
    expectViolation(await kit.orderWriter.post(SETTLE, { orderId: '', paymentId, outcome: 'APPROVED' }), 'orderId');
    expect(await kit.orderRows()).toEqual(rows);
    expect(await kit.orderOf(orderId)).toMatchObject({ paymentStatus: 'PENDING' });
  });

  it('is for staff with orders:write only: the buyer, a read-only key and nobody are refused', async () => {
    const { orderId, paymentId, shopper } = await pendingOrder();
    const body = { orderId, paymentId, outcome: 'APPROVED' };
    await kit.refusedWithoutWrites(() => shopper.post(SETTLE, body), 401, 'UNAUTHENTICATED');
    await kit.refusedWithoutWrites(() => kit.orderReader.post(SETTLE, body), 403, 'PERMISSION_DENIED');
    await kit.refusedWithoutWrites(() => kit.as(undefined).post(SETTLE, body), 401, 'UNAUTHENTICATED');
    expect(await kit.orderOf(orderId)).toMatchObject({ paymentStatus: 'PENDING' });
  });
});

describe('settling when the store takes stock at payment', () => {
  beforeAll(async () => {
    await kit.stockTakenAt('ON_ORDER_PAID');
  });
  afterAll(async () => {
    await kit.stockTakenAt('ON_ORDER_PLACED');
  });

  it('an approval takes the stock the pending payment did not; a declined one takes none', async () => {
    const approved = await pendingOrder(2, 5);
    expect(await kit.stockOf(approved.productId)).toBe(5);
    expect((await settle(approved.orderId, approved.paymentId, 'APPROVED')).status).toBe(200);
    expect(await kit.stockOf(approved.productId)).toBe(3);
    expect(await kit.inventoryOf(approved.orderId)).toEqual([{ delta: -2, cause: 'ORDER' }]);

    const declined = await pendingOrder(2, 5);
    expect((await settle(declined.orderId, declined.paymentId, 'DECLINED')).status).toBe(200);
    expect(await kit.stockOf(declined.productId)).toBe(5);
    expect(await kit.inventoryOf(declined.orderId)).toEqual([]);
  });

  it('refuses an approval while stock is short (nothing written); it can be declined or approved after a restock', async () => {
    const { orderId, paymentId, productId } = await pendingOrder(4, 5);
    await kit.owner.patch(`/stores/v1/products/${productId}`, { product: { stock: { quantity: 3 } } });
    const res = await kit.refusedWithoutWrites(
      () => settle(orderId, paymentId, 'APPROVED'),
      400,
      'INSUFFICIENT_INVENTORY',
    );
    expect(res.body.details.applicationError.data).toMatchObject({ requested: 4, available: 3 });
    expect(await kit.stockOf(productId)).toBe(3);
    expect((await kit.transactionRows(orderId)).map((r) => r.status)).toEqual(['PENDING']);
    await kit.owner.patch(`/stores/v1/products/${productId}`, { product: { stock: { quantity: 10 } } });
    expect((await settle(orderId, paymentId, 'APPROVED')).status).toBe(200);
    expect(await kit.stockOf(productId)).toBe(6);
  });
});
