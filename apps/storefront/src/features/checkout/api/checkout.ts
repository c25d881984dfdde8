import type { Checkout, CheckoutInfoInput } from '@merx/contract';
import { MerxApplicationError, type PaymentState } from '@merx/sdk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../../lib/query-keys';
import { catalog, shop } from '../../../lib/shop';

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

/**
 * Places the order (create-order is idempotent: a retry after a declined card gives the same order) and pays it
 * with the card through the test gateway, or leaves it to be paid offline.
 */
export function usePlaceOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { method: 'test' | 'offline'; card?: Card }) => {
      const s = await shop();
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

/** Pays an order already placed with a card: as its buyer, or through the pay link's token. */
export function usePayOrder(orderId: string, token?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (card: Card) =>
      token
        ? catalog.payLinks.payByLink({ orderId, token, card })
        : (await shop()).orders.payOrder({ paymentGatewayOrderId: orderId, card }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: keys.order(orderId) });
      void client.invalidateQueries({ queryKey: keys.orders });
    },
  });
}
