import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collector,
  expectAppError,
  expectViolation,
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

/** An order whose card was only authorized (4000…3220); answers its order and payment ids. */
async function authorizedOrder(quantity = 1) {
  const p = await kit.stocked(10);
  const { orderId, shopper } = await kit.order(p.id, { quantity });
  const res = await kit.pay(shopper, orderId, TEST_CARDS.authorizesOnly);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { orderId, paymentId: res.body.transaction.id as string };
}

describe('mark-as-paid', () => {
  it('records an offline APPROVED payment of the balance and answers {order}', async () => {
    const p = await kit.stocked(5);
    const { orderId } = await kit.order(p.id, { body: { paymentMethod: 'offline' } });
    const seq = await kit.lastSeq();
    const res = await kit.owner.post(collector(orderId, 'mark-as-paid'), { ecomOrderId: orderId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({ id: orderId, status: 'APPROVED', paymentStatus: 'PAID' });
    expect(res.body.order.balanceSummary.paid.amount).toBe('26.6');
    expect(res.body.order.activities.map((a: { type: string }) => a.type)).toContain('ORDER_PAID');
    const rows = await kit.transactionRows(orderId);
    expect(rows.map((r) => [r.kind, r.status, r.provider, Number(r.amount_minor)])).toEqual([
      ['PAYMENT', 'APPROVED', 'offline', 2660],
    ]);
    expect(await kit.eventTypesSince(seq, orderId)).toEqual(
      expect.arrayContaining(['wix.ecom.v1.order_updated', 'wix.ecom.v1.order_payment_status_updated']),
    );
  });

  it('refuses a paid order, an unknown one, and callers without orders:write', async () => {
    const p = await kit.stocked(5);
    const { orderId } = await kit.order(p.id, { body: { paymentMethod: 'offline' } });
    await kit.refusedWithoutWrites(
      () => kit.orderReader.post(collector(orderId, 'mark-as-paid')),
      403,
      'PERMISSION_DENIED',
    );
    await kit.refusedWithoutWrites(
      async () => (await kit.newVisitor()).post(collector(orderId, 'mark-as-paid')),
      401,
      'UNAUTHENTICATED',
    );
    await kit.refusedWithoutWrites(() => kit.owner.post(collector('nope', 'mark-as-paid')), 404, 'ORDER_NOT_FOUND');
    expect((await kit.orderWriter.post(collector(orderId, 'mark-as-paid'))).status).toBe(200);
    await kit.refusedWithoutWrites(
      () => kit.owner.post(collector(orderId, 'mark-as-paid')),
      400,
      'PAYMENT_NOT_COLLECTABLE',
    );
  });

  it('bulk: marks each order on its own, an unknown id fails only its item', async () => {
    const p = await kit.stocked(5);
    const a = await kit.order(p.id, { body: { paymentMethod: 'offline' } });
    const b = await kit.order(p.id, { body: { paymentMethod: 'offline' } });
    const res = await kit.owner.post('/v1/bulk/payments-collector/mark-as-paid', {
      ecomOrderIds: [a.orderId, 'no-such-order', b.orderId],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: { itemMetadata: unknown }) => r.itemMetadata)).toEqual([
      { id: a.orderId, originalIndex: 0, success: true },
      {
        id: 'no-such-order',
        originalIndex: 1,
        success: false,
        error: { code: 'ORDER_NOT_FOUND', description: expect.any(String) },
      },
      { id: b.orderId, originalIndex: 2, success: true },
    ]);
    expect(res.body.results[0].item).toMatchObject({ id: a.orderId, paymentStatus: 'PAID' });
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    expect((await kit.orderOf(b.orderId)).paymentStatus).toBe('PAID');
  });

  it('bulk: refuses an empty list and more than 100 ids', async () => {
    const url = '/v1/bulk/payments-collector/mark-as-paid';
    expectViolation(await kit.owner.post(url, { ecomOrderIds: [] }), 'ecomOrderIds');
    expectViolation(
      await kit.owner.post(url, { ecomOrderIds: Array.from({ length: 101 }, (_, i) => `o${i}`) }),
      'ecomOrderIds',
    );
  });
});

describe('payment collectability status', () => {
  const status = async (orderId: string) => {
    const res = await kit.orderReader.get(collector(orderId, 'payment-collectability-status'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('answers COLLECTABLE with the balance, then PAID, PENDING (authorized) and CANCELLED', async () => {
    const p = await kit.stocked(10);
    const open = await kit.order(p.id);
    expect(await status(open.orderId)).toMatchObject({ status: 'COLLECTABLE', amount: { amount: '26.6' } });
    await kit.pay(open.shopper, open.orderId);
    expect(await status(open.orderId)).toMatchObject({
      status: 'NONCOLLECTABLE_ORDER_IS_PAID',
      amount: { amount: '0' },
    });

    const { orderId: held } = await authorizedOrder();
    expect((await status(held)).status).toBe('NONCOLLECTABLE_ORDER_IS_PENDING');

    const canceled = await kit.order(p.id);
    await kit.server.services.orders.orders.change({ kind: 'none' }, canceled.orderId, async (_uow, state) => {
      state.order.status = 'CANCELED';
      return undefined;
    });
    expect((await status(canceled.orderId)).status).toBe('NONCOLLECTABLE_ORDER_IS_CANCELLED');
  });

  it('answers what is left after a partial manual payment; 404 for an unknown order; 401 for a visitor', async () => {
    const p = await kit.stocked(10);
    const { orderId, shopper } = await kit.order(p.id, { body: { paymentMethod: 'offline' } });
    await kit.owner.post(collector(orderId, 'manual-payment'), { amount: '10' });
    expect(await status(orderId)).toMatchObject({ status: 'COLLECTABLE', amount: { amount: '16.6' } });
    expectAppError(await kit.owner.get(collector('nope', 'payment-collectability-status')), 404, 'ORDER_NOT_FOUND');
    expectAppError(await shopper.get(collector(orderId, 'payment-collectability-status')), 401, 'UNAUTHENTICATED');
  });
});

describe('manual payments', () => {
  it('records a manually collected amount: PARTIALLY_PAID, then PAID', async () => {
    const p = await kit.stocked(10);
    const { orderId } = await kit.order(p.id, { body: { paymentMethod: 'offline' } });
    const first = await kit.owner.post(collector(orderId, 'manual-payment'), { orderId, amount: '6.6' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.order.paymentStatus).toBe('PARTIALLY_PAID');
    expect(first.body.orderTransactions).toMatchObject([
      { kind: 'PAYMENT', status: 'APPROVED', provider: 'offline', amount: { amount: '6.6' } },
    ]);
    const second = await kit.owner.post(collector(orderId, 'manual-payment'), { amount: '20' });
    expect(second.body.order.paymentStatus).toBe('PAID');
  });

  it('refuses more than what is left, a zero or malformed amount, finer than cents', async () => {
    const p = await kit.stocked(10);
    const { orderId } = await kit.order(p.id, { body: { paymentMethod: 'offline' } });
    const url = collector(orderId, 'manual-payment');
    const res = await kit.refusedWithoutWrites(
      () => kit.owner.post(url, { amount: '26.61' }),
      400,
      'PAYMENT_AMOUNT_EXCEEDS_BALANCE',
    );
    expect(res.body.details.applicationError.data).toEqual({ requested: 2661, remaining: 2660 });
    expectViolation(await kit.owner.post(url, { amount: '0' }), 'amount');
    expectViolation(await kit.owner.post(url, { amount: '-3' }), 'amount');
    expectViolation(await kit.owner.post(url, { amount: '1.001' }), 'amount', 'DECIMAL_MAX_SCALE');
    expectViolation(await kit.owner.post(url, {}), 'amount');
  });
});

describe('prepare-payment-collection', () => {
  it('answers the id to pay the balance with, and writes nothing', async () => {
    const p = await kit.stocked(10);
    const { orderId, shopper } = await kit.order(p.id);
    const rows = await kit.orderRows();
    const res = await kit.owner.post(collector(orderId, 'prepare-payment-collection'), { amount: { amount: '26.6' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ paymentGatewayOrderId: orderId });
    expect(await kit.orderRows()).toEqual(rows);
    expect((await kit.pay(shopper, res.body.paymentGatewayOrderId)).status).toBe(200);
  });

  it('refuses more than the balance, a paid order and an offline one', async () => {
    const p = await kit.stocked(10);
    const { orderId, shopper } = await kit.order(p.id);
    const url = collector(orderId, 'prepare-payment-collection');
    await kit.refusedWithoutWrites(
      () => kit.owner.post(url, { amount: { amount: '30' } }),
      400,
      'PAYMENT_AMOUNT_EXCEEDS_BALANCE',
    );
    await kit.pay(shopper, orderId);
    await kit.refusedWithoutWrites(() => kit.owner.post(url, {}), 400, 'PAYMENT_NOT_COLLECTABLE');
    const offline = await kit.order(p.id, { body: { paymentMethod: 'offline' } });
    await kit.refusedWithoutWrites(
      () => kit.owner.post(collector(offline.orderId, 'prepare-payment-collection'), {}),
      400,
      'PAYMENT_NOT_COLLECTABLE',
    );
  });
});

describe('capture and void of authorized payments', () => {
  it('captures the whole authorization: APPROVED, the order PAID', async () => {
    const { orderId, paymentId } = await authorizedOrder();
    const res = await kit.owner.post(collector(orderId, 'capture-authorized-payments'), {
      payments: [{ paymentId }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.paymentStatus).toBe('PAID');
    expect(res.body.orderTransactions).toMatchObject([
      { id: paymentId, status: 'APPROVED', amount: { amount: '26.6' } },
    ]);
  });

  it('captures part of an authorization: the rest is released, the order PARTIALLY_PAID', async () => {
    const { orderId, paymentId } = await authorizedOrder();
    const res = await kit.owner.post(collector(orderId, 'capture-authorized-payments'), {
      payments: [{ paymentId, amount: '20' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.paymentStatus).toBe('PARTIALLY_PAID');
    expect(res.body.orderTransactions[0]).toMatchObject({ status: 'APPROVED', amount: { amount: '20' } });
    expect(res.body.orderTransactions[0].details.authorizedAmountMinor).toBe(2660);
  });

  it('refuses capturing more than authorized, twice, an unknown payment or a duplicate, writing nothing', async () => {
    const { orderId, paymentId } = await authorizedOrder();
    const url = collector(orderId, 'capture-authorized-payments');
    const over = await kit.refusedWithoutWrites(
      () => kit.owner.post(url, { payments: [{ paymentId, amount: '26.61' }] }),
      400,
      'CAPTURE_AMOUNT_EXCEEDS_AUTHORIZED',
    );
    expect(over.body.details.applicationError.data).toMatchObject({ requested: 2661, authorized: 2660 });
    await kit.refusedWithoutWrites(
      () => kit.owner.post(url, { payments: [{ paymentId: 'nope' }] }),
      404,
      'PAYMENT_NOT_FOUND',
    );
    expectViolation(await kit.owner.post(url, { payments: [{ paymentId }, { paymentId }] }), 'payments[1]');
    expectViolation(await kit.owner.post(url, { payments: [] }), 'payments');
    expect((await kit.owner.post(url, { payments: [{ paymentId }] })).status).toBe(200);
    await kit.refusedWithoutWrites(
      () => kit.owner.post(url, { payments: [{ paymentId }] }),
      400,
      'PAYMENT_NOT_AUTHORIZED',
    );
  });

  it('voids an authorization: VOIDED, payment status CANCELED, collectable again', async () => {
    const { orderId, paymentId } = await authorizedOrder();
    const res = await kit.owner.post(collector(orderId, 'void-authorized-payments'), { paymentIds: [paymentId] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orderTransactions).toMatchObject([{ id: paymentId, status: 'VOIDED' }]);
    expect(res.body.order.paymentStatus).toBe('CANCELED');
    const status = await kit.owner.get(collector(orderId, 'payment-collectability-status'));
    expect(status.body.status).toBe('COLLECTABLE');
    // A voided payment cannot be captured.
    await kit.refusedWithoutWrites(
      () => kit.owner.post(collector(orderId, 'capture-authorized-payments'), { payments: [{ paymentId }] }),
      400,
      'PAYMENT_NOT_AUTHORIZED',
    );
  });

  it('refuses voiding a captured payment and a card payment that was never authorized', async () => {
    const { orderId, paymentId } = await authorizedOrder();
    await kit.owner.post(collector(orderId, 'capture-authorized-payments'), { payments: [{ paymentId }] });
    const res = await kit.refusedWithoutWrites(
      () => kit.owner.post(collector(orderId, 'void-authorized-payments'), { paymentIds: [paymentId] }),
      400,
      'PAYMENT_NOT_AUTHORIZED',
    );
    expect(res.body.details.applicationError.data).toMatchObject({ paymentId, status: 'APPROVED' });
    expectAppError(
      await kit.orderReader.post(collector(orderId, 'void-authorized-payments'), { paymentIds: [paymentId] }),
      403,
      'PERMISSION_DENIED',
    );
  });
});
