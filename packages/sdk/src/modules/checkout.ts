import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';

const BASE = '/ecom/v1/checkouts';

export type Checkout = c.Checkout;
export type CheckoutResponse = Out<typeof c.checkoutResponse>;

/** Checkouts (WIRE.md 5.2): the caller's own, from line items or the current cart, up to the order. */
export function checkout(transport: Transport) {
  const call = caller(transport, 'checkout');
  const at = (id: string, tail = '') => fillPath(`${BASE}/{id}${tail}`, { id });
  const post = <T>(fn: string, id: string, tail: string, body: unknown, args: unknown[], o?: CallOptions) =>
    call<T>(fn, { method: 'POST', path: at(id, tail), body, args, options: o });
  return {
    createCheckout: (options: In<typeof c.createCheckoutRequest>, o?: CallOptions) =>
      call<CheckoutResponse>('createCheckout', {
        method: 'POST',
        path: BASE,
        body: options,
        args: [options],
        options: o,
      }),
    getCheckout: (id: string, o?: CallOptions) =>
      call<CheckoutResponse>('getCheckout', { method: 'GET', path: at(id), args: [id], options: o }),
    getCheckoutByCartId: (cartId: string, o?: CallOptions) =>
      call<CheckoutResponse>('getCheckoutByCartId', {
        method: 'GET',
        path: fillPath(`${BASE}/by-cart-id/{id}`, { id: cartId }),
        args: [cartId],
        options: o,
      }),
    getCheckoutUrl: (id: string, o?: CallOptions) =>
      call<Out<typeof c.checkoutUrlResponse>>('getCheckoutUrl', {
        method: 'GET',
        path: at(id, '/checkout-url'),
        args: [id],
        options: o,
      }),
    updateCheckout: (
      id: string,
      checkoutInfo: In<typeof c.updateCheckoutRequest>['checkout'],
      options: Omit<In<typeof c.updateCheckoutRequest>, 'checkout'> = {},
      o?: CallOptions,
    ) =>
      call<CheckoutResponse>('updateCheckout', {
        method: 'PATCH',
        path: at(id),
        body: { checkout: checkoutInfo, ...options },
        args: [id, checkoutInfo, options],
        options: o,
      }),
    addToCheckout: (id: string, lines: In<typeof c.addToCheckoutRequest>, o?: CallOptions) =>
      post<CheckoutResponse>('addToCheckout', id, '/add-to-checkout', lines, [id, lines], o),
    removeLineItems: (id: string, lineItemIds: string[], o?: CallOptions) =>
      post<CheckoutResponse>('removeLineItems', id, '/remove-line-items', { lineItemIds }, [id, lineItemIds], o),
    updateLineItemsQuantity: (
      id: string,
      lineItems: In<typeof c.updateCheckoutLineItemsQuantityRequest>['lineItems'],
      o?: CallOptions,
    ) =>
      post<CheckoutResponse>(
        'updateLineItemsQuantity',
        id,
        '/update-line-items-quantity',
        { lineItems },
        [id, lineItems],
        o,
      ),
    removeCoupon: (id: string, o?: CallOptions) =>
      post<CheckoutResponse>('removeCoupon', id, '/remove-coupon', {}, [id], o),
    removeGiftCard: (id: string, o?: CallOptions) =>
      post<CheckoutResponse>('removeGiftCard', id, '/remove-gift-card', {}, [id], o),
    removeOverrideCheckoutUrl: (id: string, o?: CallOptions) =>
      post<CheckoutResponse>('removeOverrideCheckoutUrl', id, '/remove-override-checkout-url', {}, [id], o),
    /** Places the order (idempotent: the same checkout gives the same order). */
    createOrder: (id: string, options: Omit<In<typeof c.createOrderFromCheckoutRequest>, 'id'> = {}, o?: CallOptions) =>
      post<Out<typeof c.createOrderFromCheckoutResponse>>(
        'createOrder',
        id,
        '/create-order',
        options,
        [id, options],
        o,
      ),
    /** Places the order and charges the card (test gateway) or marks it paid offline, in one call. */
    createOrderAndCharge: (
      id: string,
      options: Omit<In<typeof c.createOrderAndChargeRequest>, 'id'>,
      o?: CallOptions,
    ) =>
      call<Out<typeof c.createOrderAndChargeResponse>>('createOrderAndCharge', {
        method: 'POST',
        path: at(id, '/create-order-and-charge'),
        body: options,
        args: [id, { ...options, ...(options.card ? { card: '<redacted>' } : {}) }],
        options: o,
      }),
    markCheckoutAsCompleted: (id: string, options: { orderId?: string } = {}, o?: CallOptions) =>
      post<Empty>('markCheckoutAsCompleted', id, '/mark-as-completed', options, [id, options], o),
  };
}

export type CheckoutModule = ReturnType<typeof checkout>;
