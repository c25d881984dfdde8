import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../testing/stripe-standin/index.js';
import { CARDS, collector, expectAppError, type StripeKit, startStripeKit, WEBHOOK } from './stripe-test-kit.js';

let kit: StripeKit;
beforeAll(async () => {
  kit = await startStripeKit();
  kit.webhooksOn();
});
afterAll(async () => {
  await kit.close();
});

/** Posts `payload` to the webhook as Stripe would, with `signature` (a valid one unless given). */
async function post(payload: string, signature?: string | null) {
  const res = await fetch(`${kit.server.baseUrl}${WEBHOOK}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === null
        ? {}
        : { 'stripe-signature': signature ?? signPayload(payload, kit.standIn.webhookSecret) }),
    },
    body: payload,
  });
  const body = (await res.json()) as { received?: boolean; details?: { applicationError?: { code: string } } };
  return { status: res.status, body };
}

/** A paid order whose payment only the webhook reported (no sync). */
async function paidByWebhook() {
  const { orderId, shopper } = await kit.stripeOrder();
  const intent = await kit.intent(shopper, orderId);
  await kit.browserConfirms(intent, CARDS.succeeds);
  await kit.standIn.settled();
  return { orderId, shopper, intent };
}

describe('Stripe webhooks', () => {
  it('payment_intent.succeeded pays the order; delivered twice it pays once', async () => {
    const { orderId, intent } = await paidByWebhook();
    const order = await kit.orderOf(orderId);
    expect(order.paymentStatus).toBe('PAID');
    const event = kit.standIn.events.find(
      (e) => e.type === 'payment_intent.succeeded' && e.data.object['id'] === intent.paymentIntentId,
    );
    const rows = await kit.orderRows();
    expect(await kit.standIn.deliver(event as never)).toBe(200);
    expect(await kit.orderRows()).toEqual(rows);
    expect(await kit.transactionRows(orderId)).toHaveLength(1);
  });

  it('the browser’s sync and the webhook racing record the payment once', async () => {
    for (let round = 0; round < 3; round++) {
      const { orderId, shopper } = await kit.stripeOrder();
      const intent = await kit.intent(shopper, orderId);
      await kit.browserConfirms(intent, CARDS.succeeds);
      // The webhook is on its way (sent after Stripe answered); the sync starts at once.
      const [synced] = await Promise.all([kit.sync(shopper, intent.paymentIntentId, orderId), kit.standIn.settled()]);
      expect(synced.status, JSON.stringify(synced.body)).toBe(200);
      await kit.standIn.settled();
      const rows = await kit.transactionRows(orderId);
      expect(rows.map((r) => r['status'])).toEqual(['APPROVED']);
      expect((await kit.orderOf(orderId)).paymentStatus).toBe('PAID');
    }
  });

  it('two deliveries of one event and the sync at the same moment record one payment and the event once', async () => {
    kit.standIn.setWebhookTarget(null);
    const { orderId, shopper } = await kit.stripeOrder();
    const intent = await kit.intent(shopper, orderId);
    await kit.browserConfirms(intent, CARDS.succeeds);
    await kit.standIn.settled();
    kit.webhooksOn();
    const event = kit.standIn.events.find(
      (e) => e.type === 'payment_intent.succeeded' && e.data.object['id'] === intent.paymentIntentId,
    );
    const [first, second, synced] = await Promise.all([
      kit.standIn.deliver(event as never),
      kit.standIn.deliver(event as never),
      kit.sync(shopper, intent.paymentIntentId, orderId),
    ]);
    expect([first, second, synced.status]).toEqual([200, 200, 200]);
    expect((await kit.transactionRows(orderId)).map((r) => r['status'])).toEqual(['APPROVED']);
    const marked = await kit.server.merx.db
      .selectFrom('stripe_events')
      .selectAll()
      .where('id', '=', event?.id ?? '')
      .execute();
    expect(marked).toHaveLength(1);
    const order = await kit.orderOf(orderId);
    expect(order.activities.filter((a: { type: string }) => a.type === 'ORDER_PAID')).toHaveLength(1);
  });

  it('a declined card reported by the webhook and the sync is one DECLINED attempt on the timeline', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    const intent = await kit.intent(shopper, orderId);
    await kit.browserConfirms(intent, CARDS.declined);
    await kit.standIn.settled();
    expectAppError(await kit.sync(shopper, intent.paymentIntentId, orderId), 400, 'PAYMENT_DECLINED');
    expect((await kit.transactionRows(orderId)).map((r) => r['status'])).toEqual(['DECLINED']);
    const order = await kit.orderOf(orderId);
    expect(order.activities.filter((a: { type: string }) => a.type === 'PAYMENT_DECLINED')).toHaveLength(1);
  });

  it('refuses a forged, unsigned or stale delivery with 400 and writes nothing', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    const intent = await kit.intent(shopper, orderId);
    const forged = JSON.stringify({
      id: 'evt_forged000000000000000',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: intent.paymentIntentId,
          object: 'payment_intent',
          status: 'succeeded',
          amount: 2660,
          amount_received: 2660,
          currency: 'usd',
          metadata: { merxOrderId: orderId },
        },
      },
    });
    const rows = await kit.orderRows();
    const processed = await kit.server.merx.db.selectFrom('stripe_events').selectAll().execute();
    for (const signature of [
      signPayload(forged, 'whsec_notthestoressecret'),
      null,
      'garbage',
      signPayload(forged, kit.standIn.webhookSecret, Math.floor(Date.now() / 1000) - 301),
    ]) {
      const res = await post(forged, signature);
      expect(res.status).toBe(400);
      expect(res.body.details?.applicationError?.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await kit.orderRows()).toEqual(rows);
    expect(await kit.server.merx.db.selectFrom('stripe_events').selectAll().execute()).toEqual(processed);
    expect((await kit.orderOf(orderId)).paymentStatus).toBe('NOT_PAID');
  });

  it('answers 200 to a signed event about a payment Merx does not know, and writes nothing', async () => {
    const rows = await kit.orderRows();
    const payload = JSON.stringify({
      id: 'evt_unknown0000000000000',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'pi_notmerx', object: 'payment_intent', status: 'succeeded', metadata: {} } },
    });
    expect(await post(payload)).toMatchObject({ status: 200, body: { received: true } });
    expect(await kit.orderRows()).toEqual(rows);
    expect(
      await kit.server.merx.db
        .selectFrom('stripe_events')
        .selectAll()
        .where('id', '=', 'evt_unknown0000000000000')
        .execute(),
    ).toEqual([]);
  });
});

describe('Stripe refunds', () => {
  it('refunds in part then in full through trigger-refund, in Stripe too, and the webhooks add nothing', async () => {
    const { orderId } = await paidByWebhook();
    const paymentId = (await kit.transactionRows(orderId))[0]?.['id'] as string;
    const partial = await kit.orderWriter.post(collector(orderId, 'trigger-refund'), {
      payments: [{ paymentId, amount: '10' }],
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    const rest = await kit.orderWriter.post(collector(orderId, 'trigger-refund'), {});
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.order.paymentStatus).toBe('FULLY_REFUNDED');
    await kit.standIn.settled();
    const refunds = (await kit.transactionRows(orderId)).filter((r) => r['kind'] === 'REFUND');
    expect(refunds.map((r) => [r['provider'], Number(r['amount_minor'])])).toEqual([
      ['stripe', 1000],
      ['stripe', 1660],
    ]);
    expect(refunds.map((r) => String(r['provider_transaction_id']).slice(0, 3))).toEqual(['re_', 're_']);
    const charges = kit.standIn.events.filter((e) => e.type === 'charge.refunded' && e.data.object['payment_intent']);
    expect(charges.length).toBeGreaterThanOrEqual(2);
  });

  it('records a refund made in Stripe’s dashboard once, from charge.refunded', async () => {
    const { orderId, intent } = await paidByWebhook();
    const res = await fetch(`${kit.standIn.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${kit.standIn.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ payment_intent: intent.paymentIntentId, amount: '660' }).toString(),
    });
    expect(res.status).toBe(200);
    await kit.standIn.settled();
    const event = kit.standIn.events.findLast((e) => e.type === 'charge.refunded');
    expect(await kit.standIn.deliver(event as never)).toBe(200);
    const refunds = (await kit.transactionRows(orderId)).filter((r) => r['kind'] === 'REFUND');
    expect(refunds.map((r) => Number(r['amount_minor']))).toEqual([660]);
    const order = await kit.orderOf(orderId);
    expect(order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(order.activities.map((a: { type: string }) => a.type)).toContain('PAYMENT_REFUNDED');
  });
});
