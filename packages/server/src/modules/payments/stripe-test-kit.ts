import { expect } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe-standin/index.js';
import { type Client, type PaymentsKit, type Res, type Shopper, startPaymentsKit } from './payments-test-kit.js';

export { collector, expectAppError, item, type Shopper } from './payments-test-kit.js';
export type { Client, Res };

export const CONFIG = '/_api/merx/v1/payments/config';
export const INTENTS = '/_api/merx/v1/payments/stripe/payment-intents';
export const WEBHOOK = '/_api/merx/v1/payments/stripe/webhook';
export const SETTINGS = '/_api/merx/v1/payments/settings';
export const sync = (id: string) => `${INTENTS}/${id}/sync`;

/** Stripe's test cards (the stand-in answers them as Stripe does). */
export const CARDS = {
  succeeds: '4242424242424242',
  threeDs: '4000002500003155',
  threeDsAlways: '4000002760003184',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
} as const;

export interface StripeKit extends PaymentsKit {
  standIn: StripeStandIn;
  /** A product and an order of it placed by `shopper` (a new visitor unless given): the order is paid by Stripe. */
  stripeOrder(shopper?: Shopper, quantity?: number): Promise<{ orderId: string; shopper: Shopper }>;
  /** POST payment-intents as `client`; asserts 200. */
  intent(client: Client, orderId: string, save?: boolean): Promise<{ paymentIntentId: string; clientSecret: string }>;
  /** What Stripe.js does in the browser: a payment method for the card, then the confirmation, with the publishable key. */
  browserConfirms(
    intent: { paymentIntentId: string; clientSecret: string },
    number: string,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** POST sync as `client`. */
  sync(client: Client, paymentIntentId: string, orderId: string): Promise<Res>;
  /** Sends the webhook target Stripe's events from now on (the app listens). */
  webhooksOn(): void;
  /** The PaymentIntents the stand-in was asked to create. */
  intentsCreated(): number;
  close(): Promise<void>;
}

/** A payments kit whose app talks to a fresh Stripe stand-in (keys from the config, as MERX_STRIPE_* give them). */
export async function startStripeKit(): Promise<StripeKit> {
  const standIn = await startStripeStandIn();
  const kit = await startPaymentsKit({
    listen: true,
    config: {
      stripe: {
        secretKey: standIn.secretKey,
        publishableKey: standIn.publishableKey,
        webhookSecret: standIn.webhookSecret,
        apiUrl: standIn.url,
      },
    },
  });
  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${standIn.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${standIn.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields).toString(),
    });
  const close = kit.close;
  return {
    ...kit,
    standIn,
    async stripeOrder(shopper, quantity = 1) {
      const p = await kit.stocked(10);
      return kit.order(p.id, { quantity, ...(shopper ? { shopper } : {}) });
    },
    async intent(client, orderId, save) {
      const res = await client.post(INTENTS, {
        paymentGatewayOrderId: orderId,
        ...(save === undefined ? {} : { savePaymentMethod: save }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    },
    async browserConfirms(intent, number) {
      const pm = (await (
        await form('/v1/payment_methods', {
          type: 'card',
          'card[number]': number,
          'card[exp_month]': '12',
          'card[exp_year]': String(new Date().getUTCFullYear() + 3),
          'card[cvc]': '123',
        })
      ).json()) as { id: string };
      const res = await form(`/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
        payment_method: pm.id,
        client_secret: intent.clientSecret,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    sync(client, paymentIntentId, orderId) {
      return client.post(sync(paymentIntentId), { paymentGatewayOrderId: orderId });
    },
    webhooksOn() {
      standIn.setWebhookTarget(`${kit.server.baseUrl}${WEBHOOK}`);
    },
    intentsCreated() {
      return standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;
    },
    async close() {
      await standIn.settled();
      await close();
      await standIn.close();
    },
  };
}
