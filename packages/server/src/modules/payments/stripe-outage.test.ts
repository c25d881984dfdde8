import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe-standin/index.js';
import { type PaymentsKit, startPaymentsKit } from './payments-test-kit.js';
import { CARDS, collector, INTENTS, sync } from './stripe-test-kit.js';

/*
 * Stripe down or too slow in the middle of a payment: a clear 503 in the contract's envelope, nothing recorded, the
 * order still payable, and nothing done twice at Stripe when the call is made again (same Idempotency-Key).
 */

let kit: PaymentsKit;
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  kit = await startPaymentsKit({
    config: {
      stripe: {
        secretKey: standIn.secretKey,
        publishableKey: standIn.publishableKey,
        webhookSecret: standIn.webhookSecret,
        apiUrl: standIn.url,
        timeoutMs: 300,
      },
    },
  });
});
afterEach(() => {
  standIn.setOutage({ kind: 'none' });
});
afterAll(async () => {
  await kit.close();
  await standIn.close();
});

/** A call through `inject` that may answer 5xx (the kit's clients refuse those). */
async function call(auth: string, url: string, body: unknown) {
  const res = await kit.server.app.inject({
    method: 'POST',
    url,
    headers: { authorization: auth, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json(), requestId: res.headers['x-wix-request-id'] };
}

const expectUnavailable = (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.requestId).toBeTruthy();
  expect(res.body.details.applicationError).toMatchObject({
    code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    data: { provider: 'stripe' },
  });
};

/** The PaymentIntents Stripe holds for the order. */
async function intentsAtStripe(orderId: string): Promise<Array<{ id: string; status: string }>> {
  const res = await fetch(`${standIn.url}/v1/payment_intents?limit=100`, {
    headers: { authorization: `Bearer ${standIn.secretKey}` },
  });
  const list = (await res.json()) as { data: Array<{ id: string; status: string; metadata: Record<string, string> }> };
  return list.data.filter((pi) => pi.metadata['merxOrderId'] === orderId);
}

async function confirm(intent: { paymentIntentId: string; clientSecret: string }) {
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${standIn.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${standIn.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields).toString(),
    }).then((r) => r.json() as Promise<{ id: string }>);
  const pm = await post('/v1/payment_methods', {
    type: 'card',
    'card[number]': CARDS.succeeds,
    'card[exp_month]': '12',
    'card[exp_year]': '2099',
  });
  await post(`/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
    payment_method: pm.id,
    client_secret: intent.clientSecret,
  });
}

async function order() {
  const p = await kit.stocked(5);
  return kit.order(p.id);
}

describe('Stripe down or slow', () => {
  it('down while making the intent: 503, nothing written; once back the order is paid once', async () => {
    const { orderId, shopper } = await order();
    standIn.setOutage({ kind: 'down' });
    const rows = await kit.orderRows();
    expectUnavailable(await call(shopper.auth, INTENTS, { paymentGatewayOrderId: orderId }));
    expect(await kit.orderRows()).toEqual(rows);
    standIn.setOutage({ kind: 'none' });
    const intent = (await shopper.post(INTENTS, { paymentGatewayOrderId: orderId })).body;
    await confirm(intent);
    standIn.setOutage({ kind: 'down' });
    expectUnavailable(await call(shopper.auth, sync(intent.paymentIntentId), { paymentGatewayOrderId: orderId }));
    expect((await kit.orderOf(orderId)).paymentStatus).toBe('NOT_PAID');
    standIn.setOutage({ kind: 'none' });
    const res = await shopper.post(sync(intent.paymentIntentId), { paymentGatewayOrderId: orderId });
    expect(res.body.paymentStatus).toBe('PAID');
    expect(await intentsAtStripe(orderId)).toHaveLength(1);
  });

  it('a timeout after Stripe made the intent: asked again, Stripe answers the same intent (one at Stripe)', async () => {
    const { orderId, shopper } = await order();
    standIn.setOutage({ kind: 'slow', ms: 600 });
    expectUnavailable(await call(shopper.auth, INTENTS, { paymentGatewayOrderId: orderId }));
    standIn.setOutage({ kind: 'none' });
    const res = await shopper.post(INTENTS, { paymentGatewayOrderId: orderId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const atStripe = await intentsAtStripe(orderId);
    expect(atStripe.map((pi) => pi.id)).toEqual([res.body.paymentIntentId]);
  });

  it('a refund that times out is recorded nowhere; asked again, Stripe refunds once', async () => {
    const { orderId, shopper } = await order();
    const intent = (await shopper.post(INTENTS, { paymentGatewayOrderId: orderId })).body;
    await confirm(intent);
    await shopper.post(sync(intent.paymentIntentId), { paymentGatewayOrderId: orderId });
    standIn.setOutage({ kind: 'slow', ms: 600 });
    const rows = await kit.orderRows();
    expectUnavailable(await call(kit.server.apiKey, collector(orderId, 'trigger-refund'), {}));
    expect(await kit.orderRows()).toEqual(rows);
    standIn.setOutage({ kind: 'none' });
    const res = await kit.orderWriter.post(collector(orderId, 'trigger-refund'), {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.paymentStatus).toBe('FULLY_REFUNDED');
    const refunds = await fetch(`${standIn.url}/v1/refunds?payment_intent=${intent.paymentIntentId}`, {
      headers: { authorization: `Bearer ${standIn.secretKey}` },
    }).then((r) => r.json() as Promise<{ data: unknown[] }>);
    expect(refunds.data).toHaveLength(1);
  });

  it('a capture while Stripe is down keeps the payment authorized, to capture later', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id, { body: { delayCapture: true } });
    const intent = (await shopper.post(INTENTS, { paymentGatewayOrderId: orderId })).body;
    await confirm(intent);
    const paymentId = (await shopper.post(sync(intent.paymentIntentId), { paymentGatewayOrderId: orderId })).body
      .transaction.id;
    standIn.setOutage({ kind: 'down' });
    expectUnavailable(
      await call(kit.server.apiKey, collector(orderId, 'capture-authorized-payments'), { payments: [{ paymentId }] }),
    );
    expect((await kit.orderOf(orderId)).paymentStatus).toBe('PENDING_MERCHANT');
    standIn.setOutage({ kind: 'none' });
    const res = await kit.orderWriter.post(collector(orderId, 'capture-authorized-payments'), {
      payments: [{ paymentId }],
    });
    expect(res.body.order.paymentStatus).toBe('PAID');
  });
});
