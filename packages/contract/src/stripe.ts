import { z } from 'zod';
import { orderTransaction, payOrderResponse } from './ecom/orders.js';

/*
 * Merx's Stripe calls (server: modules/payments/stripe.*.ts; docs/payments.md, "Stripe"): which providers the
 * storefront offers, the PaymentIntent of an order for Stripe.js, the sync after Stripe.js confirmed it, the store's
 * Stripe settings (secrets write-only), a member's saved cards and the off-session charge of a saved card.
 */

const id = z.string().min(1).max(100);

/** Error codes of the Stripe calls (the contract's `applicationError.code`). */
export const stripeErrorCodes = {
  /** Stripe is not configured or not enabled. */
  notConfigured: 'STRIPE_NOT_CONFIGURED',
  /** Stripe did not answer (down, timeout): nothing was recorded, the call can be made again. */
  unavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  /** The PaymentIntent is not this order's, or its amount or currency is not what the order expects. */
  intentMismatch: 'PAYMENT_INTENT_MISMATCH',
  /** The buyer has not finished 3-D Secure (the PaymentIntent requires_action). */
  authenticationNotFinished: 'AUTHENTICATION_NOT_FINISHED',
  /** The PaymentIntent was not confirmed (no card given yet) or was canceled. */
  notConfirmed: 'PAYMENT_NOT_CONFIRMED',
  /** The keys come from the environment: they cannot be changed here. */
  keysFromEnvironment: 'KEYS_SET_IN_ENVIRONMENT',
  /** In production, secrets are not saved without MERX_SECRETS_KEY. */
  secretsKeyMissing: 'SECRETS_KEY_MISSING',
  /** No such saved payment method (or not the caller's). */
  savedMethodNotFound: 'SAVED_PAYMENT_METHOD_NOT_FOUND',
  /** A Stripe webhook whose Stripe-Signature is missing, wrong or too old. */
  webhookSignatureInvalid: 'WEBHOOK_SIGNATURE_INVALID',
  /** The order is paid through Stripe (Stripe.js), not with a card sent to Merx. */
  paidThroughStripe: 'PAYMENT_THROUGH_STRIPE',
  /** Stripe refused the operation (a capture, void or refund it does not allow). */
  providerRefused: 'PAYMENT_PROVIDER_REFUSED',
} as const;

/** GET /_api/merx/v1/payments/config: the providers the storefront offers; `stripe` when Stripe is enabled. */
export const paymentsConfigResponse = z.object({
  providers: z.array(z.enum(['stripe', 'test', 'offline'])),
  stripe: z.object({ publishableKey: z.string() }).optional(),
});
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponse>;

/** POST /_api/merx/v1/payments/stripe/payment-intents */
/** The token of a payment reminder's pay link: whoever holds it may pay that order (not only its buyer). */
const payLinkToken = z.string().min(20).max(200);

export const createPaymentIntentRequest = z.object({
  paymentGatewayOrderId: id,
  /** A member keeps the card for later payments (Stripe's customer and payment method). */
  savePaymentMethod: z.boolean().optional(),
  payLinkToken: payLinkToken.optional(),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequest>;

export const createPaymentIntentResponse = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string(),
  amount: z.object({ amount: z.string(), formattedAmount: z.string() }),
  /** ISO 4217, upper case as Merx writes currencies. */
  currency: z.string(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponse>;

/** POST /_api/merx/v1/payments/stripe/payment-intents/{paymentIntentId}/sync */
export const syncPaymentIntentParams = z.object({ paymentIntentId: z.string().regex(/^pi_[A-Za-z0-9_]{1,200}$/) });
export const syncPaymentIntentRequest = z.object({ paymentGatewayOrderId: id, payLinkToken: payLinkToken.optional() });
export type SyncPaymentIntentRequest = z.infer<typeof syncPaymentIntentRequest>;
/** As the pay call answers. */
export const syncPaymentIntentResponse = payOrderResponse;

/** POST /_api/merx/v1/payments/stripe/webhook: Stripe's answer is only the status. */
export const stripeWebhookResponse = z.object({ received: z.boolean() });

const captureMode = z.enum(['AUTOMATIC', 'MANUAL']);

/** The store's Stripe settings as staff read them: secrets are never answered, only whether they are set. */
export const stripeSettings = z.object({
  enabled: z.boolean(),
  publishableKey: z.string().nullable(),
  secretKeySet: z.boolean(),
  /** The secret key's last four characters. */
  secretKeyHint: z.string().nullable(),
  webhookSecretSet: z.boolean(),
  captureMode,
  /** ENVIRONMENT: the keys come from MERX_STRIPE_* and cannot be changed here. */
  source: z.enum(['ENVIRONMENT', 'SETTINGS']),
  /** The address to register in Stripe's dashboard as the webhook endpoint. */
  webhookUrl: z.string(),
});
export type StripeSettings = z.infer<typeof stripeSettings>;

export const paymentsSettingsResponse = z.object({ stripe: stripeSettings });
export type PaymentsSettingsResponse = z.infer<typeof paymentsSettingsResponse>;

const key = (pattern: RegExp, what: string) => z.string().trim().max(300).regex(pattern, `must be ${what}`);

/** PATCH /_api/merx/v1/payments/settings: what is given changes; secrets are write-only. */
export const updatePaymentsSettingsRequest = z.object({
  stripe: z
    .object({
      enabled: z.boolean().optional(),
      publishableKey: key(/^pk_(live|test)_[A-Za-z0-9]{8,}$/, 'a publishable key (pk_live_… or pk_test_…)').optional(),
      secretKey: key(
        /^(sk_(live|test)|rk_(live|test))_[A-Za-z0-9]{8,}$/,
        'a secret key (sk_live_…, sk_test_… or a restricted key rk_…)',
      ).optional(),
      webhookSecret: key(/^whsec_[A-Za-z0-9+/=_-]{8,}$/, 'a webhook signing secret (whsec_…)').optional(),
      captureMode: captureMode.optional(),
    })
    .strict(),
});
export type UpdatePaymentsSettingsRequest = z.infer<typeof updatePaymentsSettingsRequest>;

/** A member's saved card (the card itself stays in Stripe's vault). */
export const savedPaymentMethod = z.object({
  id: z.string(),
  provider: z.enum(['stripe']),
  brand: z.string(),
  last4: z.string(),
  /** MM/YY */
  expiry: z.string(),
  createdDate: z.string(),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethod>;

export const savedPaymentMethodsResponse = z.object({ savedPaymentMethods: z.array(savedPaymentMethod) });
export const savedPaymentMethodParams = z.object({ savedPaymentMethodId: id });

/** POST /_api/merx/v1/payments/stripe/charge-saved (staff): charge a saved card off-session (renewals). */
export const chargeSavedRequest = z.object({ orderId: id, savedPaymentMethodId: id });
export type ChargeSavedRequest = z.infer<typeof chargeSavedRequest>;
export const chargeSavedResponse = z.object({
  orderId: z.string(),
  transaction: orderTransaction,
  paymentStatus: payOrderResponse.shape.paymentStatus,
});
