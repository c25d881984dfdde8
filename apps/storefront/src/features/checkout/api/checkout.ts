import type { Checkout, CheckoutInfoInput } from '@merx/contract';
import { MerxApplicationError, type PaymentState } from '@merx/sdk';
import type { PaymentIntent, StripeError } from '@stripe/stripe-js';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../../lib/query-keys';
import { catalog, type Shop, shop } from '../../../lib/shop';

/** The checkout, as the server has it (its owner only). */
export const checkoutQuery = (id: string) =>
  queryOptions({
    queryKey: keys.checkout(id),
    queryFn: async () => (await (await shop()).checkout.getCheckout(id)).checkout,
    staleTime: 0,
  });

/** Changes the checkout (buyer, addresses, shipping option and slot, tip); the answer replaces the cached one. */
export function useUpdateCheckout(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (info: CheckoutInfoInput) => (await (await shop()).checkout.updateCheckout(id, info)).checkout,
    onSuccess: (checkout: Checkout) => client.setQueryData(keys.checkout(id), checkout),
  });
}

export interface Card {
  number: string;
  expiry: string;
  cvc: string;
  holderName?: string;
}

/** A decline reason of the test gateway in words. */
export function declineWords(reason: string): string {
  if (/INSUFFICIENT/.test(reason)) return 'Your card was declined: insufficient funds. Try another card.';
  if (/EXPIRED/.test(reason)) return 'Your card has expired. Try another card.';
  return 'Your card was declined. Check the details or try another card.';
}

/** Why a card payment failed, in words, when the gateway declined it (else undefined: another kind of error). */
export function declineReason(error: unknown): string | undefined {
  if (!(error instanceof MerxApplicationError) || error.code !== 'PAYMENT_DECLINED') return undefined;
  const reason = String((error.data as { reasonCode?: string }).reasonCode ?? '');
  if (/INSUFFICIENT/.test(reason)) return 'Your card was declined: insufficient funds. Try another card.';
  if (/EXPIRED/.test(reason)) return 'Your card has expired. Try another card.';
  return 'Your card was declined. Check the details or try another card.';
}

/** Which providers take payments online: Stripe (with its publishable key) instead of the test gateway when set up. */
export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: ['payments-config'],
    queryFn: () => catalog.payments.getPaymentsConfig(),
    staleTime: 60_000,
  });

/** What a payment form asks of Stripe's card frame once the buyer presses pay. */
export interface CardConfirmer {
  /** Checks the card fields (Stripe shows what is missing in its frame): a message when they are not complete. */
  check(): Promise<string | undefined>;
  /** Confirms the PaymentIntent with the card held in Stripe's frame; 3-D Secure runs in Stripe's own modal. */
  confirm(clientSecret: string, returnUrl: string): Promise<{ paymentIntent: PaymentIntent } | { error: StripeError }>;
}

/** A card payment that did not go through, in the words Stripe gave the buyer ("Your card was declined."). */
export class CardPaymentError extends Error {
  override name = 'CardPaymentError';
}

/** Paying with Stripe: the card frame that confirms, and whether a member keeps the card for later. */
export interface StripePay {
  confirmer: CardConfirmer;
  savePaymentMethod: boolean;
}

/**
 * Pays the order through Stripe: the server makes the PaymentIntent (the same one again on a retry), Stripe.js
 * confirms it with the card from its frame (3-D Secure in Stripe's modal), then the server reads the outcome from
 * Stripe and records it. A decline is recorded too (the sync answers it) and thrown in Stripe's words.
 */
async function payWithStripe(
  s: Shop,
  paymentGatewayOrderId: string,
  pay: StripePay,
  payLinkToken?: string,
): Promise<void> {
  // With a pay link's token whoever holds the link may pay (a card is then never kept for later).
  const link = payLinkToken ? { payLinkToken } : {};
  const intent = await s.payments.createStripePaymentIntent({
    paymentGatewayOrderId,
    ...link,
    ...(pay.savePaymentMethod && !payLinkToken ? { savePaymentMethod: true } : {}),
  });
  const returnUrl = `${location.origin}/thank-you/${encodeURIComponent(paymentGatewayOrderId)}`;
  const result = await pay.confirmer.confirm(intent.clientSecret, returnUrl);
  if ('error' in result) {
    const { error } = result;
    // A card the bank refused (or a failed 3-D Secure step) is the order's business: the server records it.
    if (error.type === 'card_error' || error.payment_intent) {
      await s.payments
        .syncStripePaymentIntent(intent.paymentIntentId, { paymentGatewayOrderId, ...link })
        .catch(() => undefined);
    }
    throw new CardPaymentError(error.message ?? 'Your card could not be charged. Try another card.');
  }
  await s.payments.syncStripePaymentIntent(intent.paymentIntentId, { paymentGatewayOrderId, ...link });
}

/**
 * Places the order (create-order is idempotent: a retry after a declined card gives the same order) and pays it
 * with the card through Stripe or the test gateway, or leaves it to be paid offline.
 */
export function usePlaceOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { method: 'test' | 'offline' | 'stripe'; card?: Card; stripe?: StripePay }) => {
      const s = await shop();
      if (input.method === 'stripe' && input.stripe) {
        // Stripe takes the card in the browser: the order is placed without one (the same order again on a retry),
        // then paid through Stripe.js while something is left to collect.
        const placed = await s.checkout.createOrderAndCharge(id, { paymentMethod: 'stripe' });
        client.setQueryData(keys.cart, null);
        if (placed.paymentGatewayOrderId) await payWithStripe(s, placed.paymentGatewayOrderId, input.stripe);
        return placed.orderId;
      }
      const placed = await s.checkout.createOrder(id, { paymentMethod: input.method });
      // The order took the cart with it: the shopper has none now (asking would only answer 404).
      client.setQueryData(keys.cart, null);
      if (input.method === 'test' && input.card && placed.paymentGatewayOrderId) {
        await s.orders.payOrder({ paymentGatewayOrderId: placed.paymentGatewayOrderId, card: input.card });
      }
      return placed.orderId;
    },
    onSettled: () => {
      // Unless no order was placed (the cart is still there and may have changed), the cart is known: none.
      if (client.getQueryData(keys.cart) !== null) void client.invalidateQueries({ queryKey: keys.cart });
      void client.invalidateQueries({ queryKey: keys.orders });
    },
  });
}

/** An order of the shopper's (for the confirmation page). */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: keys.order(id),
    queryFn: async () => (await (await shop()).orders.getOrder(id)).order,
  });

/** Where an order's payment stands (the contract's `paymentState`). */
export type { PaymentState };

/** The order placed from a completed checkout (create-order answers the same order again). */
export const checkoutOrderQuery = (checkoutId: string) =>
  queryOptions({
    queryKey: [...keys.checkout(checkoutId), 'order'],
    queryFn: async () => (await (await shop()).checkout.createOrder(checkoutId, {})).orderId,
  });

/** Whether the shopper's order can be paid by card now, and why its last card was declined. */
export const paymentStateQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...keys.order(orderId), 'payment'],
    queryFn: async () => (await (await shop()).payLinks.getPaymentState(orderId)).payment,
    staleTime: 0,
  });

/** The order of a payment reminder's pay link, for whoever holds the link. */
export const payLinkQuery = (orderId: string, token: string) =>
  queryOptions({
    queryKey: [...keys.order(orderId), 'pay-link', token],
    queryFn: () => catalog.payLinks.getPayLinkOrder({ orderId, token }),
    staleTime: 0,
  });

/** How to pay an order paid later, as the merchant wrote it ('' when they wrote nothing). */
export const offlineInstructionsQuery = () =>
  queryOptions({
    queryKey: ['offline-instructions'],
    queryFn: async () => (await catalog.payLinks.getOfflineInstructions()).offlinePaymentInstructions,
  });

/**
 * Pays an order already placed, as its buyer or through the pay link's token: with a card through the test gateway,
 * or through Stripe.
 */
export function usePayOrder(orderId: string, token?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { card: Card } | { stripe: StripePay }) => {
      if ('stripe' in input) return payWithStripe(await shop(), orderId, input.stripe, token);
      const { card } = input;
      await (token
        ? catalog.payLinks.payByLink({ orderId, token, card })
        : (await shop()).orders.payOrder({ paymentGatewayOrderId: orderId, card }));
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: keys.order(orderId) });
      void client.invalidateQueries({ queryKey: keys.orders });
    },
  });
}
