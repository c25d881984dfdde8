import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { payTokenHash } from '../orders/orders.timers.js';
import {
  CARDS,
  CONFIG,
  collector,
  expectAppError,
  INTENTS,
  item,
  type StripeKit,
  startStripeKit,
} from './stripe-test-kit.js';

let kit: StripeKit;
beforeAll(async () => {
  kit = await startStripeKit();
});
afterAll(async () => {
  await kit.close();
});

describe('Stripe payments through Stripe.js and the sync', () => {
  it('offers Stripe with its publishable key to anyone, in place of the test gateway', async () => {
    const res = await kit.as(undefined).get(CONFIG);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      providers: ['stripe', 'offline'],
      stripe: { publishableKey: kit.standIn.publishableKey },
    });
  });

  it('pays an order with 4242 confirmed in the browser, then synced: PAID once, with the order events', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    expect((await kit.orderOf(orderId)).paymentMethod).toBe('stripe');
    const intent = await kit.intent(shopper, orderId);
    expect(intent).toMatchObject({
      paymentIntentId: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringContaining('_secret_'),
      publishableKey: kit.standIn.publishableKey,
      amount: { amount: '26.6' },
      currency: 'USD',
    });
    expect((await kit.orderOf(orderId)).paymentStatus).toBe('NOT_PAID');
    const seq = await kit.lastSeq();
    expect((await kit.browserConfirms(intent, CARDS.succeeds)).body.status).toBe('succeeded');
    const res = await kit.sync(shopper, intent.paymentIntentId, orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      orderId,
      paymentStatus: 'PAID',
      transaction: {
        kind: 'PAYMENT',
        status: 'APPROVED',
        provider: 'stripe',
        amount: { amount: '26.6' },
        details: { card: { brand: 'VISA', last4: '4242' }, paymentIntentId: intent.paymentIntentId },
      },
    });
    expect(await kit.eventTypesSince(seq, orderId)).toEqual(
      expect.arrayContaining([
        'wix.ecom.v1.order_approved',
        'wix.ecom.v1.order_payment_status_updated',
        'wix.ecom.v1.order_updated',
      ]),
    );
    // Synced again (a reload): the same payment, nothing more written.
    const rows = await kit.orderRows();
    const again = await kit.sync(shopper, intent.paymentIntentId, orderId);
    expect(again.body.transaction.id).toBe(res.body.transaction.id);
    expect(await kit.orderRows()).toEqual(rows);
    expect(await kit.transactionRows(orderId)).toHaveLength(1);
    expectAppError(await shopper.post(INTENTS, { paymentGatewayOrderId: orderId }), 400, 'PAYMENT_NOT_COLLECTABLE');
  });

  it('a declined card is recorded and refused like the test gateway’s; the retry confirms the same intent', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    const intent = await kit.intent(shopper, orderId);
    const declined = await kit.browserConfirms(intent, CARDS.insufficientFunds);
    expect(declined.status).toBe(402);
    const res = await kit.sync(shopper, intent.paymentIntentId, orderId);
    expectAppError(res, 400, 'PAYMENT_DECLINED');
    expect(res.body.details.applicationError.data).toMatchObject({
      orderId,
      reasonCode: 'INSUFFICIENT_FUNDS',
      providerCode: 'insufficient_funds',
    });
    const order = await kit.orderOf(orderId);
    expect(order.paymentStatus).toBe('DECLINED');
    expect(order.activities.map((a: { type: string }) => a.type)).toContain('PAYMENT_DECLINED');
    const created = kit.intentsCreated();
    const retry = await kit.intent(shopper, orderId);
    expect(retry.paymentIntentId).toBe(intent.paymentIntentId);
    expect(kit.intentsCreated()).toBe(created);
    await kit.browserConfirms(retry, CARDS.succeeds);
    expect((await kit.sync(shopper, retry.paymentIntentId, orderId)).body.paymentStatus).toBe('PAID');
    const statuses = (await kit.transactionRows(orderId)).map((t) => t['status']);
    expect(statuses).toEqual(['DECLINED', 'APPROVED']);
  });

  it('expired and generic declines give their reasons', async () => {
    for (const [number, reason] of [
      [CARDS.expired, 'EXPIRED_CARD'],
      [CARDS.declined, 'CARD_DECLINED'],
    ] as const) {
      const { orderId, shopper } = await kit.stripeOrder();
      const intent = await kit.intent(shopper, orderId);
      await kit.browserConfirms(intent, number);
      const res = await kit.sync(shopper, intent.paymentIntentId, orderId);
      expectAppError(res, 400, 'PAYMENT_DECLINED');
      expect(res.body.details.applicationError.data.reasonCode).toBe(reason);
    }
  });

  it('3-D Secure: the sync refuses while the buyer authenticates, then records the payment', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    const intent = await kit.intent(shopper, orderId);
    const confirmed = await kit.browserConfirms(intent, CARDS.threeDs);
    expect(confirmed.body.status).toBe('requires_action');
    const rows = await kit.orderRows();
    expectAppError(await kit.sync(shopper, intent.paymentIntentId, orderId), 400, 'AUTHENTICATION_NOT_FINISHED');
    expect(await kit.orderRows()).toEqual(rows);
    kit.standIn.completeAuthentication(intent.paymentIntentId, true);
    expect((await kit.sync(shopper, intent.paymentIntentId, orderId)).body.paymentStatus).toBe('PAID');
  });

  it('a failed 3-D Secure is a decline; the buyer pays again with another card', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    const intent = await kit.intent(shopper, orderId);
    await kit.browserConfirms(intent, CARDS.threeDs);
    kit.standIn.completeAuthentication(intent.paymentIntentId, false);
    const res = await kit.sync(shopper, intent.paymentIntentId, orderId);
    expectAppError(res, 400, 'PAYMENT_DECLINED');
    expect(res.body.details.applicationError.data.providerCode).toBe('payment_intent_authentication_failure');
    await kit.browserConfirms(intent, CARDS.succeeds);
    expect((await kit.sync(shopper, intent.paymentIntentId, orderId)).body.paymentStatus).toBe('PAID');
  });

  it('authorize then capture: in part through the payments collector (Stripe captures that much)', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    await kit.owner.patch(SETTINGS_URL, { stripe: { captureMode: 'MANUAL' } });
    try {
      const intent = await kit.intent(shopper, orderId);
      expect((await kit.browserConfirms(intent, CARDS.succeeds)).body.status).toBe('requires_capture');
      const synced = await kit.sync(shopper, intent.paymentIntentId, orderId);
      expect(synced.body).toMatchObject({ paymentStatus: 'PENDING_MERCHANT', transaction: { status: 'AUTHORIZED' } });
      const paymentId = synced.body.transaction.id;
      const res = await kit.orderWriter.post(collector(orderId, 'capture-authorized-payments'), {
        payments: [{ paymentId, amount: '20' }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.order.paymentStatus).toBe('PARTIALLY_PAID');
      const pi = await stripeIntent(intent.paymentIntentId);
      expect(pi).toMatchObject({ status: 'succeeded', amount_received: 2000 });
      // The rest is paid with a new intent for what is left.
      await kit.owner.patch(SETTINGS_URL, { stripe: { captureMode: 'AUTOMATIC' } });
      const rest = await kit.intent(shopper, orderId);
      expect(rest.paymentIntentId).not.toBe(intent.paymentIntentId);
      expect(rest).toMatchObject({ amount: { amount: '6.6' } });
      await kit.browserConfirms(rest, CARDS.succeeds);
      expect((await kit.sync(shopper, rest.paymentIntentId, orderId)).body.paymentStatus).toBe('PAID');
    } finally {
      await kit.owner.patch(SETTINGS_URL, { stripe: { captureMode: 'AUTOMATIC' } });
    }
  });

  it('delayCapture orders are authorized only; capture in full, or void releases the hold in Stripe', async () => {
    for (const action of ['capture', 'void'] as const) {
      const p = await kit.stocked(5);
      const { orderId, shopper } = await kit.order(p.id, { body: { delayCapture: true } });
      const intent = await kit.intent(shopper, orderId);
      await kit.browserConfirms(intent, CARDS.succeeds);
      const paymentId = (await kit.sync(shopper, intent.paymentIntentId, orderId)).body.transaction.id;
      const res =
        action === 'capture'
          ? await kit.orderWriter.post(collector(orderId, 'capture-authorized-payments'), { payments: [{ paymentId }] })
          : await kit.orderWriter.post(collector(orderId, 'void-authorized-payments'), { paymentIds: [paymentId] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.order.paymentStatus).toBe(action === 'capture' ? 'PAID' : 'CANCELED');
      expect((await stripeIntent(intent.paymentIntentId)).status).toBe(action === 'capture' ? 'succeeded' : 'canceled');
    }
  });
});

describe('Stripe orders and the other ways to pay', () => {
  it('create-order-and-charge places a Stripe order without a card and leaves it to pay with Stripe.js', async () => {
    const p = await kit.stocked(5);
    const shopper = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(shopper, [item(p.id)]);
    const res = await shopper.post(`/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`, {
      paymentMethod: 'stripe',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ paymentStatus: 'NOT_PAID', paymentGatewayOrderId: res.body.orderId });
    const orderId = res.body.orderId as string;
    // A card sent to Merx for a Stripe order is never charged by the test gateway.
    await kit.refusedWithoutWrites(() => kit.pay(shopper, orderId), 400, 'PAYMENT_THROUGH_STRIPE');
    const again = await shopper.post(`/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`, {
      card: { number: CARDS.succeeds, expiry: '12/99', cvc: '123' },
    });
    expect(again.body).toMatchObject({ orderId, paymentStatus: 'NOT_PAID' });
    expect(await kit.transactionRows(orderId)).toEqual([]);
  });

  it('while Stripe takes the cards, the test gateway pays nothing, even an order placed for it', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id, { body: { paymentMethod: 'test' } });
    expect((await kit.orderOf(orderId)).paymentMethod).toBe('test');
    await kit.refusedWithoutWrites(() => kit.pay(shopper, orderId), 400, 'PAYMENT_THROUGH_STRIPE');
  });
});

describe('Stripe payments by pay link', () => {
  it('whoever holds the reminder’s pay link token pays the order through Stripe; a wrong token is not found', async () => {
    const { orderId } = await kit.stripeOrder();
    const token = randomBytes(24).toString('base64url');
    await kit.server.merx.db
      .updateTable('orders')
      .set({ pay_token_hash: payTokenHash(token) })
      .where('id', '=', orderId)
      .execute();
    const holder = await kit.newVisitor();
    await kit.refusedWithoutWrites(
      () => holder.post(INTENTS, { paymentGatewayOrderId: orderId, payLinkToken: `${token}x` }),
      404,
      'ORDER_NOT_FOUND',
    );
    const res = await holder.post(INTENTS, {
      paymentGatewayOrderId: orderId,
      payLinkToken: token,
      savePaymentMethod: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await kit.browserConfirms(res.body, CARDS.succeeds);
    expectAppError(await kit.sync(holder, res.body.paymentIntentId, orderId), 404, 'ORDER_NOT_FOUND');
    const synced = await holder.post(`${INTENTS}/${res.body.paymentIntentId}/sync`, {
      paymentGatewayOrderId: orderId,
      payLinkToken: token,
    });
    expect(synced.body.paymentStatus).toBe('PAID');
    expect(await kit.server.merx.db.selectFrom('saved_payment_methods').selectAll().execute()).toEqual([]);
  });
});

describe('Stripe payments: who may, and bad input', () => {
  it('another buyer cannot make or sync an intent of someone’s order (404, nothing written)', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    const stranger = await kit.newVisitor();
    await kit.refusedWithoutWrites(
      () => stranger.post(INTENTS, { paymentGatewayOrderId: orderId }),
      404,
      'ORDER_NOT_FOUND',
    );
    const intent = await kit.intent(shopper, orderId);
    await kit.browserConfirms(intent, CARDS.succeeds);
    await kit.refusedWithoutWrites(() => kit.sync(stranger, intent.paymentIntentId, orderId), 404, 'ORDER_NOT_FOUND');
    const rows = await kit.orderRows();
    expect((await kit.as(undefined).post(INTENTS, { paymentGatewayOrderId: orderId })).status).toBe(401);
    expect(await kit.orderRows()).toEqual(rows);
  });

  it('an intent of another order, or an unknown one, is refused and records nothing', async () => {
    const a = await kit.stripeOrder();
    const b = await kit.stripeOrder();
    const intentA = await kit.intent(a.shopper, a.orderId);
    await kit.browserConfirms(intentA, CARDS.succeeds);
    const mine = await kit.intent(b.shopper, b.orderId);
    const rows = await kit.orderRows();
    expectAppError(await kit.sync(b.shopper, intentA.paymentIntentId, b.orderId), 400, 'PAYMENT_INTENT_MISMATCH');
    expectAppError(await kit.sync(b.shopper, 'pi_unknown000', b.orderId), 400, 'PAYMENT_INTENT_MISMATCH');
    expect(await kit.orderRows()).toEqual(rows);
    expect(mine.paymentIntentId).not.toBe(intentA.paymentIntentId);
  });

  it('bad bodies are 400 with the field, and an unconfirmed intent cannot be synced', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    expect((await shopper.post(INTENTS, {})).status).toBe(400);
    expect((await shopper.post(INTENTS, { paymentGatewayOrderId: orderId, savePaymentMethod: 'yes' })).status).toBe(
      400,
    );
    expect((await kit.sync(shopper, 'not-a-pi', orderId)).status).toBe(400);
    const intent = await kit.intent(shopper, orderId);
    expectAppError(await kit.sync(shopper, intent.paymentIntentId, orderId), 400, 'PAYMENT_NOT_CONFIRMED');
  });
});

describe('an unpaid Stripe order', () => {
  it('gets the reminder with a pay link, through which whoever holds it pays with Stripe; then no timeout', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    // Declined at Stripe: the order waits, unpaid.
    const first = await kit.intent(shopper, orderId);
    await kit.browserConfirms(first, CARDS.declined);
    expectAppError(await kit.sync(shopper, first.paymentIntentId, orderId), 400, 'PAYMENT_DECLINED');
    // The store's sweep, 20 minutes later (an app on the same database whose clock is ahead).
    const { merx, config } = kit.server;
    const later = await buildApp({
      config,
      merx,
      logger: false,
      clock: { now: () => new Date(Date.now() + 20 * 60_000) },
    });
    try {
      expect((await later.services.orderTimers.sweep()).reminded).toBeGreaterThanOrEqual(1);
      const order = await kit.orderOf(orderId);
      const mail = await merx.db
        .selectFrom('mail_messages')
        .select('text_body')
        .where('kind', '=', 'order-payment-reminder')
        .execute();
      const body = mail.map((m) => m.text_body).find((t) => t.includes(`#${order.number}`)) ?? '';
      const token = new URL(/Pay your order: (\S+)/.exec(body)?.[1] ?? 'http://x/').searchParams.get('pay') ?? '';
      expect(token.length).toBeGreaterThan(20);
      // Someone holding the link (not the buyer's session) pays through Stripe.
      const holder = await kit.newVisitor();
      const intent = (await holder.post(INTENTS, { paymentGatewayOrderId: orderId, payLinkToken: token })).body;
      await kit.browserConfirms(intent, CARDS.succeeds);
      const paid = await holder.post(`${INTENTS}/${intent.paymentIntentId}/sync`, {
        paymentGatewayOrderId: orderId,
        payLinkToken: token,
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.paymentStatus).toBe('PAID');
      // Paid: the timeout (1 hour by default) leaves it alone.
      const muchLater = await buildApp({
        config,
        merx,
        logger: false,
        clock: { now: () => new Date(Date.now() + 3 * 3600_000) },
      });
      try {
        await muchLater.services.orderTimers.sweep();
        expect(await kit.orderOf(orderId)).toMatchObject({ paymentStatus: 'PAID' });
        expect((await kit.orderOf(orderId)).status).not.toBe('CANCELED');
      } finally {
        await muchLater.app.close();
      }
    } finally {
      await later.app.close();
    }
  });
});

const SETTINGS_URL = '/_api/merx/v1/payments/settings';

async function stripeIntent(id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${kit.standIn.url}/v1/payment_intents/${id}`, {
    headers: { authorization: `Bearer ${kit.standIn.secretKey}` },
  });
  return (await res.json()) as Record<string, unknown>;
}
