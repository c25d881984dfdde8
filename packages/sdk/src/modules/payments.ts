import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';

const BASE = '/_api/merx/v1/payments';

/** The store's online payment providers; `stripe` carries the publishable key for Stripe.js when Stripe is on. */
export type PaymentsConfig = Out<typeof c.paymentsConfigResponse>;
/** A Stripe PaymentIntent made for what is left to pay on an order: the browser confirms it with Stripe.js. */
export type StripePaymentIntent = Out<typeof c.createPaymentIntentResponse>;
/** The outcome recorded on the order once the server has read the PaymentIntent from Stripe (like `payOrder`). */
export type StripeSyncResult = Out<typeof c.syncPaymentIntentResponse>;
/** The store's Stripe settings as staff read them: the secrets are write-only (whether set, and a hint). */
export type StripeSettings = c.StripeSettings;
/** What staff send: any setting, and the secrets (write-only). */
export type StripeSettingsPatch = In<typeof c.updatePaymentsSettingsRequest>['stripe'];
/** A card a member saved with Stripe for later payments (the card itself stays in Stripe's vault). */
export type SavedPaymentMethod = c.SavedPaymentMethod;

const redacted = (patch: StripeSettingsPatch): StripeSettingsPatch => ({
  ...patch,
  ...(patch.secretKey ? { secretKey: '<redacted>' } : {}),
  ...(patch.webhookSecret ? { webhookSecret: '<redacted>' } : {}),
});

/**
 * Merx's card payments through Stripe: which providers the store offers (public), PaymentIntents for an order and
 * their outcome (the order's buyer or staff), a member's saved cards, and the Stripe settings (staff).
 */
export function payments(transport: Transport) {
  const call = caller(transport, 'payments');
  const intent = (id: string, tail = '') => `${BASE}/stripe/payment-intents/${encodeURIComponent(id)}${tail}`;
  return {
    /** Which providers pay online: with `stripe`, the publishable key Stripe.js needs. No token needed. */
    getPaymentsConfig: (o?: CallOptions) =>
      call<PaymentsConfig>('getPaymentsConfig', { method: 'GET', path: `${BASE}/config`, args: [], options: o }),

    /**
     * A PaymentIntent for what is left to pay on the order (the same one again while it still waits for payment).
     * Nothing is recorded as paid until `syncStripePaymentIntent`.
     */
    createStripePaymentIntent: (request: In<typeof c.createPaymentIntentRequest>, o?: CallOptions) =>
      call<StripePaymentIntent>('createStripePaymentIntent', {
        method: 'POST',
        path: `${BASE}/stripe/payment-intents`,
        body: request,
        args: [request],
        options: o,
      }),

    /**
     * After Stripe.js confirmed the PaymentIntent: the server reads it from Stripe and records the outcome once. A
     * decline answers `PAYMENT_DECLINED` (recorded on the order), an unfinished 3-D Secure step a precondition error.
     */
    syncStripePaymentIntent: (
      paymentIntentId: string,
      request: In<typeof c.syncPaymentIntentRequest>,
      o?: CallOptions,
    ) =>
      call<StripeSyncResult>('syncStripePaymentIntent', {
        method: 'POST',
        path: intent(paymentIntentId, '/sync'),
        body: request,
        args: [paymentIntentId, request],
        options: o,
      }),

    /** The signed-in member's saved cards. */
    listSavedPaymentMethods: (o?: CallOptions) =>
      call<Out<typeof c.savedPaymentMethodsResponse>>('listSavedPaymentMethods', {
        method: 'GET',
        path: `${BASE}/saved-methods`,
        args: [],
        options: o,
      }),

    /** Forgets one of the member's saved cards. */
    deleteSavedPaymentMethod: (id: string, o?: CallOptions) =>
      call<Empty>('deleteSavedPaymentMethod', {
        method: 'DELETE',
        path: `${BASE}/saved-methods/${encodeURIComponent(id)}`,
        args: [id],
        options: o,
      }),

    /** Charges a member's saved card off-session for an order (staff: renewals); a card that needs 3-D Secure fails. */
    chargeSavedPaymentMethod: (request: In<typeof c.chargeSavedRequest>, o?: CallOptions) =>
      call<Out<typeof c.chargeSavedResponse>>('chargeSavedPaymentMethod', {
        method: 'POST',
        path: `${BASE}/stripe/charge-saved`,
        body: request,
        args: [request],
        options: o,
        elevated: true,
      }),

    /** The Stripe settings (`settings:read`); secrets only as "set" and their last four characters. */
    getPaymentSettings: (o?: CallOptions) =>
      call<Out<typeof c.paymentsSettingsResponse>>('getPaymentSettings', {
        method: 'GET',
        path: `${BASE}/settings`,
        args: [],
        options: o,
        elevated: true,
      }),

    /**
     * Changes the Stripe settings (`settings:write`). A key of the wrong shape is refused with a field violation
     * on `stripe.<field>`; keys from the server's environment cannot be changed here.
     */
    updatePaymentSettings: (stripe: StripeSettingsPatch, o?: CallOptions) =>
      call<Out<typeof c.paymentsSettingsResponse>>('updatePaymentSettings', {
        method: 'PATCH',
        path: `${BASE}/settings`,
        body: { stripe },
        // The secrets never ride on an error's request arguments.
        args: [redacted(stripe)],
        options: o,
        elevated: true,
      }),
  };
}

export type PaymentsModule = ReturnType<typeof payments>;
