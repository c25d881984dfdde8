import type { Cart, EstimateTotalsResponse } from '@merx/contract';
import { MerxError } from '@merx/sdk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keys } from '../../../lib/query-keys';
import { shop } from '../../../lib/shop';

/** True once this browser has tokens: a first-time visitor has no cart, and needs no token to learn that. */
const hasTokens = () => Boolean(localStorage.getItem('merx-shop-tokens'));

/**
 * Set while this browser may have a cart on the server (one was seen, or a member just signed in; lib/sign-in.ts
 * sets it too). The contract answers "no cart yet" with a 404 (WIRE.md 5.1), which a browser logs as an error on
 * every page: without the mark the shop knows there is nothing to ask for.
 */
const CART_MARK = 'merx-shop-cart';
const mayHaveCart = () => localStorage.getItem(CART_MARK) !== null;
const markCart = (cart: Cart | null | undefined) => {
  if (cart) localStorage.setItem(CART_MARK, 'yes');
  else if (cart === null) localStorage.removeItem(CART_MARK);
};

/** The shopper's current cart, or null when they have none yet. */
export const cartQuery = () =>
  queryOptions({
    queryKey: keys.cart,
    queryFn: async (): Promise<Cart | null> => {
      if (!hasTokens() || !mayHaveCart()) return null;
      try {
        return (await (await shop()).currentCart.getCurrentCart()).cart;
      } catch (error) {
        if (error instanceof MerxError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 10_000,
  });

/** The cart; whatever puts a cart into the cache (adding to it, checking out) also keeps the mark up to date. */
export function useCart() {
  const result = useQuery(cartQuery());
  const { data } = result;
  useEffect(() => markCart(data), [data]);
  return result;
}

/** Number of items in the cart (quantities added up). */
export const itemCount = (cart: Cart | null | undefined) =>
  cart?.lineItems.reduce((sum, line) => sum + line.quantity, 0) ?? 0;

/** The cart's changes: quantity, removal, coupon. Each answer replaces the cached cart. */
export function useCartChanges() {
  const client = useQueryClient();
  const onSuccess = ({ cart }: { cart: Cart }) => {
    client.setQueryData(keys.cart, cart);
    void client.invalidateQueries({ queryKey: ['cart-estimate'] });
  };
  return {
    setQuantity: useMutation({
      mutationFn: async ({ id, quantity }: { id: string; quantity: number }) =>
        (await shop()).currentCart.updateCurrentCartLineItemQuantity([{ id, quantity }]),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => (await shop()).currentCart.removeLineItemsFromCurrentCart([id]),
      onSuccess,
    }),
    applyCoupon: useMutation({
      mutationFn: async (couponCode: string) => {
        const client = await shop();
        // Checked first: a refused code is told in words (as the error) without the 4xx that applying it answers.
        const verdict = await client.couponCheck.checkCoupon({ code: couponCode });
        if (!verdict.valid) throw new Error(verdict.message);
        return client.currentCart.updateCurrentCart({ couponCode });
      },
      onSuccess,
    }),
    removeCoupon: useMutation({
      mutationFn: async () => (await shop()).currentCart.removeCouponFromCurrentCart(),
      onSuccess,
    }),
  };
}

/** Where the shopper wants the estimate for: a country, and optionally a region and postal code. */
export interface Destination {
  country: string;
  subdivision?: string;
  postalCode?: string;
}

/** Totals with shipping and tax for a destination (or without shipping when none is given yet). */
export const estimateQuery = (revision: string | undefined, destination: Destination | undefined) =>
  queryOptions({
    queryKey: ['cart-estimate', revision, destination],
    queryFn: async (): Promise<EstimateTotalsResponse> =>
      (await shop()).currentCart.estimateCurrentCartTotals(
        destination
          ? {
              shippingAddress: {
                country: destination.country,
                ...(destination.subdivision ? { subdivision: destination.subdivision } : {}),
                ...(destination.postalCode ? { postalCode: destination.postalCode } : {}),
              },
              calculateShipping: true,
              calculateTax: true,
            }
          : { calculateTax: true },
      ),
    enabled: revision !== undefined,
  });

/** A checkout of the cart's lines; its id goes into the checkout page's URL. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async () => (await shop()).currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' }),
  });
}
