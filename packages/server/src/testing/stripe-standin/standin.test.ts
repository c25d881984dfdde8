import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../modules/payments/stripe.client.js';
import { type StripeStandIn, startStripeStandIn } from './index.js';

let standIn: StripeStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = createStripeClient(standIn.secretKey, standIn.url, 2000);
});
afterAll(async () => {
  await standIn.close();
});

/** What Stripe.js does in the browser with the publishable key: a card payment method, then the confirmation. */
async function browserPays(pi: { id: string; client_secret: string | null }, number: string) {
  const call = (path: string, form: Record<string, string>) =>
    fetch(`${standIn.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${standIn.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
  const pm = (await (
    await call('/v1/payment_methods', {
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getUTCFullYear() + 2),
      'card[cvc]': '123',
    })
  ).json()) as { id: string };
  const res = await call(`/v1/payment_intents/${pi.id}/confirm`, {
    payment_method: pm.id,
    client_secret: pi.client_secret ?? '',
  });
  // biome-ignore lint/suspicious/noExplicitAny: Stripe's JSON, read by each test as it expects it
  const body = (await res.json()) as any;
  return { status: res.status, body, cors: res.headers.get('access-control-allow-origin') };
}

describe('Stripe stand-in through the stripe package', () => {
  it('takes a card payment confirmed in the browser, captures at once, and refunds it in part then in full', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd', metadata: { merxOrderId: 'o1' } });
    expect(pi).toMatchObject({ object: 'payment_intent', status: 'requires_payment_method', amount: 2500 });
    expect(pi.id).toMatch(/^pi_/);
    const confirmed = await browserPays(pi, '4242424242424242');
    expect(confirmed).toMatchObject({ status: 200, cors: '*', body: { status: 'succeeded', amount_received: 2500 } });
    const partial = await stripe.refunds.create({ payment_intent: pi.id, amount: 1000 });
    expect(partial).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded' });
    expect((await stripe.refunds.create({ payment_intent: pi.id })).amount).toBe(1500);
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 1 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
      statusCode: 400,
    });
    expect((await stripe.refunds.retrieve(partial.id)).id).toBe(partial.id);
  });

  it('holds the money with manual capture, captures part of it, and cannot cancel it afterwards', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 3000, currency: 'eur', capture_method: 'manual' });
    expect((await browserPays(pi, '4242424242424242')).body.status).toBe('requires_capture');
    await expect(stripe.paymentIntents.capture(pi.id, { amount_to_capture: 3001 })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    expect(await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 2000 })).toMatchObject({
      status: 'succeeded',
      amount_received: 2000,
    });
    await expect(stripe.paymentIntents.cancel(pi.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('declines with card_error 402 and Stripe’s decline codes, leaving the intent payable', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 900, currency: 'usd' });
    const declined = await browserPays(pi, '4000000000009995');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error?.decline_code).toBe('insufficient_funds');
    expect((await browserPays(pi, '4242424242424242')).body.status).toBe('succeeded');
  });

  it('asks for 3-D Secure, serves the challenge page and completes the payment when the buyer passes it', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 1200, currency: 'usd' });
    const { body } = await browserPays(pi, '4000002500003155');
    expect(body.status).toBe('requires_action');
    expect(body.next_action.type).toBe('use_stripe_sdk');
    const page = await fetch(body.next_action.redirect_to_url.url);
    expect(await page.text()).toContain('Complete authentication');
    const done = await fetch(`${standIn.url}/3ds/${pi.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
    });
    expect(await done.text()).toContain('merx-3ds');
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it('refuses bad keys (401), publishable keys on secret calls, unknown objects (404) and bad cards', async () => {
    const wrong = createStripeClient('sk_test_wrongwrongwrong', standIn.url, 2000);
    await expect(wrong.paymentIntents.create({ amount: 100, currency: 'usd' })).rejects.toMatchObject({
      statusCode: 401,
    });
    const publishable = createStripeClient(standIn.publishableKey, standIn.url, 2000);
    await expect(publishable.refunds.create({ payment_intent: 'pi_x' })).rejects.toMatchObject({ statusCode: 401 });
    await expect(stripe.paymentIntents.retrieve('pi_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripe.paymentMethods.create({
        type: 'card',
        card: { number: '4242424242424241', exp_month: 1, exp_year: 2040, cvc: '123' },
      } as Stripe.PaymentMethodCreateParams),
    ).rejects.toMatchObject({ statusCode: 402, code: 'incorrect_number' });
  });

  it('answers the same Idempotency-Key with the same object, and refuses it with other parameters', async () => {
    const a = await stripe.paymentIntents.create({ amount: 700, currency: 'usd' }, { idempotencyKey: 'k-1' });
    const b = await stripe.paymentIntents.create({ amount: 700, currency: 'usd' }, { idempotencyKey: 'k-1' });
    expect(b.id).toBe(a.id);
    await expect(
      stripe.paymentIntents.create({ amount: 701, currency: 'usd' }, { idempotencyKey: 'k-1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('saves a card to a customer, charges it off-session, and refuses a 3DS-always card off-session', async () => {
    const customer = await stripe.customers.create({ email: 'a@b.test' });
    for (const [number, outcome] of [
      ['4000002500003155', 'succeeded'],
      ['4000002760003184', 'authentication_required'],
    ] as const) {
      const first = await stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        customer: customer.id,
        setup_future_usage: 'off_session',
      });
      const { body } = await browserPays(first, number);
      expect(body.status).toBe('requires_action');
      standIn.completeAuthentication(first.id, true);
      const paid = await stripe.paymentIntents.retrieve(first.id);
      expect((await stripe.paymentMethods.retrieve(paid.payment_method as string)).customer).toBe(customer.id);
      const renewal = stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        customer: customer.id,
        payment_method: paid.payment_method as string,
        off_session: true,
        confirm: true,
      });
      if (outcome === 'succeeded') expect((await renewal).status).toBe('succeeded');
      else await expect(renewal).rejects.toMatchObject({ code: 'authentication_required', statusCode: 402 });
    }
  });

  it('sends signed events that stripe.webhooks.constructEvent verifies, and can send one again', async () => {
    const received: Array<{ body: string; signature: string }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['stripe-signature']) });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    standIn.setWebhookTarget(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
    try {
      const pi = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
      await browserPays(pi, '4242424242424242');
      await standIn.settled();
      const [first] = received;
      const event = stripe.webhooks.constructEvent(first?.body ?? '', first?.signature ?? '', standIn.webhookSecret);
      expect(event).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { id: pi.id } } });
      const recorded = standIn.events.find((e) => e.id === event.id);
      expect(await standIn.deliver(recorded as never)).toBe(200);
      expect(received).toHaveLength(2);
      expect(() =>
        stripe.webhooks.constructEvent(first?.body ?? '', first?.signature ?? '', 'whsec_another'),
      ).toThrow();
    } finally {
      standIn.setWebhookTarget(null);
      receiver.close();
    }
  });

  it('answers CORS preflights and serves the Stripe.js stand-in script at /v3', async () => {
    const preflight = await fetch(`${standIn.url}/v1/payment_methods`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    const script = await fetch(`${standIn.url}/v3`);
    expect([200, 404]).toContain(script.status);
    if (script.status === 200) expect(script.headers.get('content-type')).toContain('javascript');
  });
});
