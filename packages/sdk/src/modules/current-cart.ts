import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';

const CURRENT = '/ecom/v1/carts/current';

export type Cart = c.Cart;
export type CartResponse = Out<typeof c.cartResponse>;

/**
 * The caller's own cart (WIRE.md 5.1): a visitor's or a member's, whoever the token identifies. `getCurrentCart`
 * fails with OWNED_CART_NOT_FOUND until something is added; the other calls create the cart.
 */
export function currentCart(transport: Transport) {
  const call = caller(transport, 'currentCart');
  const post = <T>(fn: string, tail: string, body: unknown, args: unknown[], o?: CallOptions) =>
    call<T>(fn, { method: 'POST', path: `${CURRENT}/${tail}`, body, args, options: o });
  return {
    getCurrentCart: (o?: CallOptions) =>
      call<CartResponse>('getCurrentCart', { method: 'GET', path: CURRENT, args: [], options: o }),
    updateCurrentCart: (update: In<typeof c.updateCartRequest>, o?: CallOptions) =>
      call<CartResponse>('updateCurrentCart', {
        method: 'PATCH',
        path: CURRENT,
        body: update,
        args: [update],
        options: o,
      }),
    deleteCurrentCart: (o?: CallOptions) =>
      call<Empty>('deleteCurrentCart', { method: 'DELETE', path: CURRENT, args: [], options: o }),
    addToCurrentCart: (lines: In<typeof c.addToCartRequest>, o?: CallOptions) =>
      post<CartResponse>('addToCurrentCart', 'add-to-cart', lines, [lines], o),
    removeLineItemsFromCurrentCart: (lineItemIds: string[], o?: CallOptions) =>
      post<CartResponse>('removeLineItemsFromCurrentCart', 'remove-line-items', { lineItemIds }, [lineItemIds], o),
    updateCurrentCartLineItemQuantity: (
      lineItems: In<typeof c.updateLineItemsQuantityRequest>['lineItems'],
      o?: CallOptions,
    ) =>
      post<CartResponse>(
        'updateCurrentCartLineItemQuantity',
        'update-line-items-quantity',
        { lineItems },
        [lineItems],
        o,
      ),
    removeCouponFromCurrentCart: (o?: CallOptions) =>
      post<CartResponse>('removeCouponFromCurrentCart', 'remove-coupon', {}, [], o),
    /** Totals with shipping, tax, discounts and fees, as the checkout would compute them. */
    estimateCurrentCartTotals: (options: In<typeof c.estimateTotalsRequest> = {}, o?: CallOptions) =>
      post<c.EstimateTotalsResponse>('estimateCurrentCartTotals', 'estimate-totals', options, [options], o),
    /** A checkout from the cart's lines. */
    createCheckoutFromCurrentCart: (options: In<typeof c.createCheckoutFromCartRequest> = {}, o?: CallOptions) =>
      post<Out<typeof c.createCheckoutFromCartResponse>>(
        'createCheckoutFromCurrentCart',
        'create-checkout',
        options,
        [options],
        o,
      ),
    /** Elevated: any cart by id. */
    getCart: (id: string, o?: CallOptions) =>
      call<CartResponse>('getCart', {
        method: 'GET',
        path: fillPath('/ecom/v1/carts/{id}', { id }),
        args: [id],
        options: o,
        elevated: true,
      }),
  };
}

export type CurrentCartModule = ReturnType<typeof currentCart>;
