import * as c from '@merx/contract';
import { z } from 'zod';
import { type Caller, elevated, memberAccess, ownOrElevated, publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { StripeService } from './stripe.service.js';
import type { StripeSettingsService } from './stripe.settings.js';

const memberOf = (caller: Caller) => (caller.kind === 'member' ? caller.memberId : '');

/**
 * Stripe's routes (docs/payments.md, "Stripe"): the storefront's payment config, the PaymentIntent of an order and
 * its sync, the store's Stripe settings, a member's saved cards and the off-session charge of one. The webhook is
 * registered apart (stripe.webhook.ts): it reads the raw body.
 */
export function stripeRoutes(stripe: StripeService, settings: StripeSettingsService): AnyRoute[] {
  const tag = 'Payments';
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/payments/config',
      summary: 'The payment providers the storefront offers (Stripe with its publishable key when enabled)',
      tag,
      access: publicAccess,
      response: c.paymentsConfigResponse,
      handler: async () => stripe.publicConfig(),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/payments/stripe/payment-intents',
      summary: 'The Stripe PaymentIntent for what is left to pay of an order (its buyer, or staff with orders:write)',
      tag,
      access: ownOrElevated('orders:write'),
      input: c.createPaymentIntentRequest,
      response: c.createPaymentIntentResponse,
      handler: async ({ caller, input }) => stripe.createIntent(caller, input),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/payments/stripe/payment-intents/:paymentIntentId/sync',
      summary: 'Record what Stripe says of the PaymentIntent once Stripe.js confirmed it (asks Stripe)',
      tag,
      access: ownOrElevated('orders:write'),
      params: c.syncPaymentIntentParams,
      input: c.syncPaymentIntentRequest,
      response: c.syncPaymentIntentResponse,
      handler: async ({ caller, params, input }) =>
        stripe.sync(caller, params.paymentIntentId, input.paymentGatewayOrderId, input.payLinkToken),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/payments/settings',
      summary: "The store's payment settings (Stripe; secrets only as set or not)",
      tag,
      access: elevated('settings:read'),
      response: c.paymentsSettingsResponse,
      handler: async () => ({ stripe: await settings.view() }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/_api/merx/v1/payments/settings',
      summary: "Change the store's payment settings (Stripe keys are write-only)",
      tag,
      access: elevated('settings:write'),
      input: c.updatePaymentsSettingsRequest,
      response: c.paymentsSettingsResponse,
      handler: async ({ input }) => ({ stripe: await settings.update(input.stripe) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/payments/saved-methods',
      summary: "The signed-in member's saved cards",
      tag,
      access: memberAccess,
      response: c.savedPaymentMethodsResponse,
      handler: async ({ caller }) => stripe.savedMethods(memberOf(caller)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/_api/merx/v1/payments/saved-methods/:savedPaymentMethodId',
      summary: "Forget one of the signed-in member's saved cards",
      tag,
      access: memberAccess,
      params: c.savedPaymentMethodParams,
      response: z.object({}),
      handler: async ({ caller, params }) => stripe.deleteSavedMethod(memberOf(caller), params.savedPaymentMethodId),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/payments/stripe/charge-saved',
      summary: "Charge the buyer's saved card off-session for what is left to pay (renewals; staff)",
      tag,
      access: elevated('orders:write'),
      input: c.chargeSavedRequest,
      response: c.chargeSavedResponse,
      handler: async ({ caller, input }) => stripe.chargeSaved(caller, input.orderId, input.savedPaymentMethodId),
    }),
  ];
}
