import { stripeErrorCodes } from '@merx/contract';
import { AppError } from '@merx/domain';
import type Stripe from 'stripe';
import type { PaymentProviderApi, ProviderResult } from './payments.providers.js';
import { createStripeClient, loadedStripeErrors } from './stripe.client.js';
import type { StripeSettingsService, StripeSetup } from './stripe.settings.js';

/*
 * Stripe behind the provider interface (payments.providers.ts): capture, void and refund of a PaymentIntent, called
 * by the payments collector and the refunds as for any provider. Payments themselves are confirmed in the browser
 * by Stripe.js and recorded from Stripe's answer (stripe.service.ts), so `authorize` is not Stripe's way in.
 */

/** Stripe's answer as Merx refuses it: down or timing out → 503, anything Stripe refused → 400 with its message. */
export function stripeFailure(error: unknown): Error {
  if (error instanceof AppError) return error;
  const errors = loadedStripeErrors();
  if (errors && (error instanceof errors.StripeConnectionError || error instanceof errors.StripeAPIError))
    return new AppError(
      'UNAVAILABLE',
      stripeErrorCodes.unavailable,
      'Stripe is not answering: nothing was changed, try again',
      {
        provider: 'stripe',
      },
    );
  if (errors && error instanceof errors.StripeError) {
    if (error.statusCode === 401 || error.type === 'StripeAuthenticationError')
      return new AppError('FAILED_PRECONDITION', stripeErrorCodes.notConfigured, 'Stripe refused the secret key', {
        provider: 'stripe',
      });
    return new AppError('FAILED_PRECONDITION', stripeErrorCodes.providerRefused, `Stripe refused: ${error.message}`, {
      provider: 'stripe',
      providerCode: error.code ?? null,
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}

export const notConfigured = () =>
  new AppError('FAILED_PRECONDITION', stripeErrorCodes.notConfigured, 'Stripe is not set up for this store');

/** A Stripe client for the current setup, cached while the key and address stay the same. */
export function createStripeClients(settings: StripeSettingsService) {
  let cached: { key: string; url: string; timeoutMs: number | undefined; client: Stripe } | undefined;
  let last: { setup: StripeSetup; stripe: Stripe } | undefined;
  return {
    /** The setup and client read last (no database read: for calls inside an order's transaction). */
    current(): { setup: StripeSetup; stripe: Stripe } {
      if (!last) throw notConfigured();
      return last;
    },
    /** The setup and its client; refused when Stripe has no secret key (or, with `active`, is not enabled). */
    async get(opts: { active: boolean } = { active: true }): Promise<{ setup: StripeSetup; stripe: Stripe }> {
      const setup = await settings.setup();
      if (!setup.secretKey || (opts.active && !setup.active)) throw notConfigured();
      const { secretKey, apiUrl, timeoutMs } = setup;
      if (!cached || cached.key !== secretKey || cached.url !== apiUrl || cached.timeoutMs !== timeoutMs)
        cached = { key: secretKey, url: apiUrl, timeoutMs, client: createStripeClient(secretKey, apiUrl, timeoutMs) };
      last = { setup, stripe: cached.client };
      return last;
    },
  };
}

export type StripeClients = ReturnType<typeof createStripeClients>;

/** Runs a Stripe call, turning its failures into Merx's refusals. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeFailure(error);
  }
}

/**
 * The Stripe provider. Each call carries an Idempotency-Key made of Merx's own ids and amounts, so a call repeated
 * after a timeout (by the `stripe` package or by staff) is done once by Stripe.
 */
export function stripeProvider(clients: StripeClients): PaymentProviderApi {
  const intentOf = (id: string | null) => {
    if (!id?.startsWith('pi_'))
      throw new AppError('FAILED_PRECONDITION', stripeErrorCodes.providerRefused, 'Not a Stripe payment');
    return id;
  };
  return {
    name: 'stripe',
    async prepare() {
      // Without a secret key, a Stripe payment cannot be captured or refunded: the call refuses it then.
      await clients.get({ active: false }).catch(() => undefined);
    },
    async authorize() {
      throw new AppError(
        'FAILED_PRECONDITION',
        stripeErrorCodes.providerRefused,
        'Stripe payments are confirmed by Stripe.js in the browser, then synced',
      );
    },
    async capture({ providerTransactionId, amountMinor }): Promise<ProviderResult> {
      const id = intentOf(providerTransactionId);
      const { stripe } = clients.current();
      const pi = await callStripe(() =>
        stripe.paymentIntents.capture(
          id,
          { amount_to_capture: amountMinor },
          { idempotencyKey: `merx-capture-${id}-${amountMinor}` },
        ),
      );
      return { providerTransactionId: (pi.latest_charge as string | null) ?? pi.id, status: 'APPROVED' };
    },
    async void({ providerTransactionId }): Promise<ProviderResult> {
      const id = intentOf(providerTransactionId);
      const { stripe } = clients.current();
      const pi = await callStripe(() => stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `merx-void-${id}` }));
      return { providerTransactionId: pi.id, status: 'VOIDED' };
    },
    async refund({ providerTransactionId, amountMinor, reference }): Promise<ProviderResult> {
      const id = intentOf(providerTransactionId);
      const { stripe } = clients.current();
      const refund = await callStripe(() =>
        stripe.refunds.create(
          { payment_intent: id, amount: amountMinor, metadata: reference ? { merxRefundKey: reference } : {} },
          { idempotencyKey: `merx-refund-${reference ?? `${id}-${amountMinor}`}` },
        ),
      );
      return { providerTransactionId: refund.id, status: 'SUCCEEDED' };
    },
  };
}
