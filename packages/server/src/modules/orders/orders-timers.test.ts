import { createDb, type MerxDb } from '@merx/db';
import { testEngine } from '@merx/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type MerxApp } from '../../app.js';
import { card, expectAppError, type PaymentsKit, startPaymentsKit, TEST_CARDS } from '../payments/payments-test-kit.js';

/*
 * Order timers (docs/decisions/0013-unpaid-orders.md): an order paid online and left unpaid gets one reminder with a
 * pay link, then is canceled with its stock back once the store's timeout passed — once, across two app instances
 * on one database (on PostgreSQL each with its own connection pool, as two processes). The clock of those two
 * instances is moved instead of waiting.
 */

const MINUTE = 60_000;
let kit: PaymentsKit;
let later: MerxApp;
let other: MerxApp;
let otherDb: MerxDb | undefined;
let shift = 0;
const clock = { now: () => new Date(Date.now() + shift) };

beforeAll(async () => {
  kit = await startPaymentsKit();
  const { merx, config } = kit.server;
  later = await buildApp({ config, merx, logger: false, clock });
  if (testEngine() === 'postgres') {
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(merx.db)).rows[0]?.s ?? '';
    otherDb = createDb({ url: process.env.MERX_TEST_DATABASE_URL ?? '', poolSize: 3, pgSearchPath: schema });
  }
  other = await buildApp({ config, merx: otherDb ?? merx, logger: false, clock });
  await later.app.ready();
  await other.app.ready();
});
afterAll(async () => {
  await later.app.close();
  await other.app.close();
  await otherDb?.destroy();
  await kit.close();
});

const SETTINGS = '/ecom/v1/orders-settings';

/** Both instances sweep at once, `minutes` after now; answers what each did. */
async function sweepBothAt(minutes: number) {
  shift = minutes * MINUTE;
  return Promise.all([later.services.orderTimers.sweep(), other.services.orderTimers.sweep()]);
}

async function mailsTo(orderNumber: string, kind: string) {
  const rows = await kit.server.merx.db
    .selectFrom('mail_messages')
    .select(['kind', 'subject', 'text_body'])
    .where('kind', '=', kind)
    .execute();
  return rows.filter((r) => r.subject.includes(`#${orderNumber}`));
}

/** An order of a visitor whose card was declined, for 2 units of a product with 5 in stock. */
async function declinedOrder() {
  const product = await kit.stocked(5);
  const { orderId, shopper } = await kit.order(product.id, { quantity: 2 });
  const res = await kit.pay(shopper, orderId, TEST_CARDS.declines);
  expectAppError(res, 400, 'PAYMENT_DECLINED');
  const order = await kit.orderOf(orderId);
  expect(order).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'DECLINED' });
  expect(await kit.stockOf(product.id)).toBe(3);
  return { orderId, shopper, productId: product.id, number: order.number as string };
}

describe(`orders settings: timers and offline instructions (${testEngine()})`, () => {
  it('answers the defaults: unpaid orders kept 1 hour, no offline instructions', async () => {
    const res = await kit.owner.get(SETTINGS);
    expect(res.body.ordersSettings).toMatchObject({
      inventoryUpdateTrigger: 'ON_ORDER_PLACED',
      unpaidOrderTimeout: { duration: 1, unit: 'HOURS' },
      offlinePaymentInstructions: '',
    });
  });

  it.each([
    [{ duration: 1, unit: 'WEEKS' }, 'ordersSettings.unpaidOrderTimeout.unit'],
    [{ duration: 0, unit: 'HOURS' }, 'ordersSettings.unpaidOrderTimeout.duration'],
    [{ duration: 2, unit: 'MINUTES' }, 'ordersSettings.unpaidOrderTimeout.duration'],
    [{ duration: 31, unit: 'DAYS' }, 'ordersSettings.unpaidOrderTimeout.duration'],
    [{ duration: 1.5, unit: 'HOURS' }, 'ordersSettings.unpaidOrderTimeout.duration'],
  ])('refuses the timeout %j in the envelope and changes nothing', async (timeout, field) => {
    const before = (await kit.owner.get(SETTINGS)).body;
    const res = await kit.owner.patch(SETTINGS, { ordersSettings: { unpaidOrderTimeout: timeout } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
    expect((await kit.owner.get(SETTINGS)).body).toEqual(before);
  });

  it('keeps the instructions the merchant writes, and any shopper may read them', async () => {
    const text = 'Bank transfer to IBAN DE00 1234 5678, reference: your order number.';
    const res = await kit.owner.patch(SETTINGS, { ordersSettings: { offlinePaymentInstructions: `  ${text} ` } });
    expect(res.body.ordersSettings.offlinePaymentInstructions).toBe(text);
    const read = await kit.visitor.get('/_api/merx/v1/payments/offline-instructions');
    expect(read.body).toEqual({ offlinePaymentInstructions: text });
  });

  it('puts the instructions in the confirmation mail of an order paid offline', async () => {
    const product = await kit.stocked(5);
    const { orderId } = await kit.order(product.id, { body: { paymentMethod: 'offline' } });
    const order = await kit.orderOf(orderId);
    const [mail] = await mailsTo(order.number, 'order-confirmation');
    expect(mail?.text_body).toContain('How to pay:');
    expect(mail?.text_body).toContain('IBAN DE00 1234 5678');
  });
});

describe(`unpaid order timers (${testEngine()})`, () => {
  it('reminds once with a pay link that works for anyone holding it, from either instance', async () => {
    const { orderId, number } = await declinedOrder();
    const [a0, b0] = await sweepBothAt(10);
    expect(a0.reminded + b0.reminded).toBe(0);
    const [a, b] = await sweepBothAt(16);
    expect(a.reminded + b.reminded).toBeGreaterThanOrEqual(1);
    await sweepBothAt(20);
    const mails = await mailsTo(number, 'order-payment-reminder');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain('the card was declined');
    const url = /Pay your order: (\S+)/.exec(mails[0]?.text_body ?? '')?.[1] ?? '';
    const link = new URL(url);
    expect(link.pathname).toBe(`/thank-you/${orderId}`);
    const token = link.searchParams.get('pay') ?? '';
    // The token is not stored: only its hash.
    const row = await kit.server.merx.db
      .selectFrom('orders')
      .select('pay_token_hash')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row.pay_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.pay_token_hash).not.toContain(token);

    const wrong = await kit.visitor.post('/_api/merx/v1/payments/pay-link/order', { orderId, token: `${token}x` });
    expectAppError(wrong, 404, 'ORDER_NOT_FOUND');
    const view = await kit.visitor.post('/_api/merx/v1/payments/pay-link/order', { orderId, token });
    expect(view.body.order).toMatchObject({ id: orderId, paymentStatus: 'DECLINED' });
    const paid = await kit.visitor.post('/_api/merx/v1/payments/pay-link/pay', { orderId, token, card: card() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.paymentStatus).toBe('PAID');
    expect(await kit.orderOf(orderId)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    expect(await mailsTo(number, 'order-confirmation')).toHaveLength(1);
  });

  it('tells the buyer alone why the card was declined and that the order can still be paid', async () => {
    const { orderId, shopper } = await declinedOrder();
    const url = `/_api/merx/v1/payments/orders/${orderId}/payment-state`;
    const res = await shopper.get(url);
    expect(res.body).toEqual({ payment: { online: true, payable: true, declineReason: 'CARD_DECLINED' } });
    expectAppError(await (await kit.newVisitor()).get(url), 404, 'ORDER_NOT_FOUND');
    // Paid, it is neither payable nor declined any more (and leaves the timers of the next tests alone).
    expect((await kit.pay(shopper, orderId)).status).toBe(200);
    expect((await shopper.get(url)).body).toEqual({ payment: { online: true, payable: false } });
  });

  it('cancels once across two instances after the timeout, gives the stock back and tells why', async () => {
    const { orderId, productId, number } = await declinedOrder();
    const seq = Number(
      (
        await kit.server.merx.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.max('seq').as('m'))
          .executeTakeFirstOrThrow()
      ).m ?? 0,
    );
    await sweepBothAt(59);
    expect((await kit.orderOf(orderId)).status).toBe('INITIALIZED');
    const [a, b] = await sweepBothAt(61);
    expect(a.canceled + b.canceled).toBe(1);
    await sweepBothAt(62);
    const order = await kit.orderOf(orderId);
    expect(order.status).toBe('CANCELED');
    expect(await kit.stockOf(productId)).toBe(5);
    const types = order.activities.map((x: { activityType?: string; type?: string }) => x.activityType ?? x.type);
    expect(types.filter((t: string) => t === 'ORDER_CANCELED')).toHaveLength(1);
    expect(JSON.stringify(order.activities)).toContain('Canceled: not paid within 1 hour');
    const events = await kit.eventTypesSince(seq, orderId);
    expect(events.filter((t) => t === 'wix.ecom.v1.order_canceled')).toHaveLength(1);
    const back = await kit.server.merx.db
      .selectFrom('inventory_changes')
      .select(['delta', 'reason', 'actor_kind'])
      .where('order_id', '=', orderId)
      .where('reason', '=', 'ORDER_CANCELED')
      .execute();
    expect(back).toEqual([{ delta: 2, reason: 'ORDER_CANCELED', actor_kind: 'SYSTEM' }]);
    expect(await mailsTo(number, 'order-canceled')).toHaveLength(1);
  });

  it('refuses a payment that arrives after the cancel and writes nothing', async () => {
    const { orderId, shopper } = await declinedOrder();
    await sweepBothAt(61);
    expect((await kit.orderOf(orderId)).status).toBe('CANCELED');
    await kit.refusedWithoutWrites(() => kit.pay(shopper, orderId), 400, 'PAYMENT_NOT_COLLECTABLE');
  });

  it('confirms an order paid after a decline before the timeout, and the timer leaves it alone', async () => {
    const { orderId, shopper, number, productId } = await declinedOrder();
    const res = await kit.pay(shopper, orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await mailsTo(number, 'order-confirmation')).toHaveLength(1);
    const [a, b] = await sweepBothAt(120);
    expect(a.canceled + b.canceled).toBe(0);
    expect(await kit.orderOf(orderId)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    expect(await kit.stockOf(productId)).toBe(3);
    expect(await mailsTo(number, 'order-payment-reminder')).toHaveLength(0);
  });

  it('keeps unpaid orders when the merchant turns the timeout off', async () => {
    const res = await kit.owner.patch(SETTINGS, { ordersSettings: { unpaidOrderTimeout: null } });
    expect(res.body.ordersSettings.unpaidOrderTimeout).toBeNull();
    try {
      const { orderId } = await declinedOrder();
      await sweepBothAt(60 * 24 * 40);
      expect((await kit.orderOf(orderId)).status).toBe('INITIALIZED');
    } finally {
      await kit.owner.patch(SETTINGS, { ordersSettings: { unpaidOrderTimeout: { duration: 1, unit: 'HOURS' } } });
    }
  });
});
