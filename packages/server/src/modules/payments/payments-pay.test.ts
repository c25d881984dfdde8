import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  card,
  expectAppError,
  expectViolation,
  PAY,
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

describe('POST /_api/merx/v1/payments/pay with the test cards', () => {
  it('4242… approves and captures: the order is PAID and APPROVED, with order events appended', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    const seq = await kit.lastSeq();
    const res = await kit.pay(shopper, orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      orderId,
      paymentStatus: 'PAID',
      transaction: {
        kind: 'PAYMENT',
        status: 'APPROVED',
        provider: 'test',
        amount: { amount: '26.6' },
        details: { card: { brand: 'VISA', last4: '4242', expiry: '12/99' }, holderName: 'Ada Buyer' },
      },
    });
    const order = await kit.orderOf(orderId);
    expect(order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    expect(order.purchasedDate).toBeDefined();
    expect(order.balanceSummary.balance.amount).toBe('0');
    expect(order.balanceSummary.paid.amount).toBe('26.6');
    expect(order.activities.map((a: { type: string }) => a.type)).toEqual(['ORDER_PLACED', 'ORDER_PAID']);
    expect(await kit.eventTypesSince(seq, orderId)).toEqual(
      expect.arrayContaining([
        'wix.ecom.v1.order_updated',
        'wix.ecom.v1.order_approved',
        'wix.ecom.v1.order_payment_status_updated',
      ]),
    );
  });

  it('never stores the full card number nor the CVC', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    await kit.pay(shopper, orderId);
    const [row] = await kit.transactionRows(orderId);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(TEST_CARDS.approves);
    expect(stored).not.toContain('"123"');
    expect(String(row?.provider_transaction_id)).toMatch(/^test_[0-9a-f]{24}$/);
  });

  it('accepts the number with spaces, as printed on the card', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    const res = await shopper.post(PAY, { paymentGatewayOrderId: orderId, card: card('4242 4242 4242 4242') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('4242… only authorizes an order placed with delayCapture: PENDING_MERCHANT, approved', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id, { body: { delayCapture: true } });
    const res = await kit.pay(shopper, orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ paymentStatus: 'PENDING_MERCHANT', transaction: { status: 'AUTHORIZED' } });
    const order = await kit.orderOf(orderId);
    expect(order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PENDING_MERCHANT' });
    expect(order.activities.map((a: { type: string }) => a.type)).toEqual([
      'ORDER_PLACED',
      'AUTHORIZED_PAYMENT_CREATED',
    ]);
  });

  it('4000…3220 authorizes only (AUTHORIZED until captured)', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    const res = await kit.pay(shopper, orderId, TEST_CARDS.authorizesOnly);
    expect(res.body).toMatchObject({ paymentStatus: 'PENDING_MERCHANT', transaction: { status: 'AUTHORIZED' } });
    expect((await kit.orderOf(orderId)).balanceSummary.authorized.amount).toBe('26.6');
  });

  it('4000…0119 answers PENDING and stays pending: the order is not approved', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    const res = await kit.pay(shopper, orderId, TEST_CARDS.pending);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ paymentStatus: 'PENDING', transaction: { status: 'PENDING' } });
    expect(await kit.orderOf(orderId)).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'PENDING' });
    // Money in flight covers the order: a second payment is refused.
    expectAppError(await kit.pay(shopper, orderId), 400, 'PAYMENT_NOT_COLLECTABLE');
  });

  for (const [name, number, reason] of [
    ['4000…0002', TEST_CARDS.declines, 'CARD_DECLINED'],
    ['4000…9995', TEST_CARDS.insufficientFunds, 'INSUFFICIENT_FUNDS'],
  ] as const) {
    it(`${name} declines with ${reason}: refused, but the DECLINED attempt is recorded and a retry works`, async () => {
      const p = await kit.stocked(5);
      const { orderId, shopper } = await kit.order(p.id);
      const res = await kit.pay(shopper, orderId, number);
      expectAppError(res, 400, 'PAYMENT_DECLINED');
      expect(res.body.details.applicationError.data).toMatchObject({ orderId, reasonCode: reason });
      const rows = await kit.transactionRows(orderId);
      expect(rows.map((r) => [r.kind, r.status, JSON.parse(String(r.details)).reason])).toEqual([
        ['PAYMENT', 'DECLINED', reason],
      ]);
      expect(await kit.orderOf(orderId)).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'DECLINED' });

      const retry = await kit.pay(shopper, orderId);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.body.paymentStatus).toBe('PAID');
      expect(await kit.orderOf(orderId)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    });
  }

  it('declines an expired card with EXPIRED_CARD (compared with the clock), recording the attempt', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const expiry = `${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}/${String(lastMonth.getUTCFullYear()).slice(2)}`;
    const res = await kit.pay(shopper, orderId, TEST_CARDS.approves, expiry);
    expectAppError(res, 400, 'PAYMENT_DECLINED');
    expect(res.body.details.applicationError.data.reasonCode).toBe('EXPIRED_CARD');
    expect((await kit.transactionRows(orderId)).map((r) => r.status)).toEqual(['DECLINED']);
    // A card expiring this month is still good.
    const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear()).slice(2)}`;
    expect((await kit.pay(shopper, orderId, TEST_CARDS.approves, thisMonth)).status).toBe(200);
  });
  it('charges only what is left to collect after a manual payment', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    const manual = await kit.owner.post(`/ecom/v1/payments-collector/orders/${orderId}/manual-payment`, {
      amount: '10',
    });
    expect(manual.body.order.paymentStatus).toBe('PARTIALLY_PAID');
    const res = await kit.pay(shopper, orderId);
    expect(res.body).toMatchObject({ paymentStatus: 'PAID', transaction: { amount: { amount: '16.6' } } });
  });
});

describe('pay refusals', () => {
  it('refuses a number that fails Luhn as a validation error, writing nothing', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    const rows = await kit.orderRows();
    expectViolation(await kit.pay(shopper, orderId, '4242424242424241'), 'card.number', 'FORMAT');
    expect(await kit.orderRows()).toEqual(rows);
  });

  it('refuses malformed cards: letters, bad expiry, bad CVC, missing card', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    const rows = await kit.orderRows();
    const body = (c: Record<string, unknown>) => ({ paymentGatewayOrderId: orderId, card: { ...card(), ...c } });
    expectViolation(await shopper.post(PAY, body({ number: '4242abcd' })), 'card.number');
    expectViolation(await shopper.post(PAY, body({ expiry: '13/30' })), 'card.expiry');
    expectViolation(await shopper.post(PAY, body({ cvc: '12' })), 'card.cvc');
    expectViolation(await shopper.post(PAY, { paymentGatewayOrderId: orderId }), 'card');
    expect(await kit.orderRows()).toEqual(rows);
  });

  it("answers 404 for someone else's order and an unknown one, 401 without a token", async () => {
    const p = await kit.stocked(5);
    const { orderId } = await kit.order(p.id);
    await kit.refusedWithoutWrites(async () => kit.pay(await kit.newVisitor(), orderId), 404, 'ORDER_NOT_FOUND');
    await kit.refusedWithoutWrites(async () => kit.pay(await kit.newMember(), orderId), 404, 'ORDER_NOT_FOUND');
    await kit.refusedWithoutWrites(() => kit.pay(kit.visitor, orderId), 401, 'UNAUTHENTICATED');
    await kit.refusedWithoutWrites(() => kit.pay(kit.owner, 'no-such-order'), 404, 'ORDER_NOT_FOUND');
  });

  it('lets staff with orders:write pay, and refuses a key with orders:read only', async () => {
    const p = await kit.stocked(5);
    const { orderId } = await kit.order(p.id);
    await kit.refusedWithoutWrites(() => kit.pay(kit.orderReader, orderId), 403, 'PERMISSION_DENIED');
    const res = await kit.pay(kit.orderWriter, orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('refuses paying twice: the order is paid', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    expect((await kit.pay(shopper, orderId)).status).toBe(200);
    const res = await kit.refusedWithoutWrites(() => kit.pay(shopper, orderId), 400, 'PAYMENT_NOT_COLLECTABLE');
    expect(res.body.details.applicationError.data.status).toBe('NONCOLLECTABLE_ORDER_IS_PAID');
    expect((await kit.transactionRows(orderId)).map((r) => r.status)).toEqual(['APPROVED']);
  });

  it('charges once when two payments of the same order race', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id);
    const answers = await Promise.all([kit.pay(shopper, orderId), kit.pay(shopper, orderId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect((await kit.transactionRows(orderId)).map((r) => r.status)).toEqual(['APPROVED']);
  });

  it('refuses an order paid offline and a canceled order', async () => {
    const p = await kit.stocked(5);
    const offline = await kit.order(p.id, { body: { paymentMethod: 'offline' } });
    const res = await kit.refusedWithoutWrites(
      () => kit.pay(offline.shopper, offline.orderId),
      400,
      'PAYMENT_NOT_COLLECTABLE',
    );
    expect(res.body.details.applicationError.data.status).toBe('NONCOLLECTABLE_OFFLINE_PAYMENT_METHOD');

    const canceled = await kit.order(p.id);
    await kit.server.services.orders.orders.change({ kind: 'none' }, canceled.orderId, async (_uow, state) => {
      state.order.status = 'CANCELED';
      return undefined;
    });
    const refused = await kit.refusedWithoutWrites(
      () => kit.pay(canceled.shopper, canceled.orderId),
      400,
      'PAYMENT_NOT_COLLECTABLE',
    );
    expect(refused.body.details.applicationError.data.status).toBe('NONCOLLECTABLE_ORDER_IS_CANCELLED');
  });
});
