import * as c from '@merx/contract';
import { z } from 'zod';
import { identifiedAccess } from '../../http/auth.js';
import { RawJson } from '../../http/raw-json.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { jsonOnce } from '../../lib/json-once.js';
import type { CheckoutCreation } from './checkout.create.js';
import type { CheckoutService } from './checkout.service.js';

const BASE = '/ecom/v1/checkouts';
const id = z.object({ id: z.string().min(1).max(100) });

/**
 * Checkouts (WIRE.md 5.2) and the current cart's create-checkout (5.1). Any identified caller may make one; only
 * its owner (and staff or API keys with `checkouts:read` / `checkouts:write`) may read or change it. Placing the
 * order (create-order, mark-as-completed) belongs to the orders module.
 */
export function checkoutRoutes(checkouts: CheckoutService, creation: CheckoutCreation): AnyRoute[] {
  const tag = 'Checkout';
  const access = identifiedAccess;
  // `{ checkout }` as JSON, reusing the checkout's JSON a change already made for its event.
  const answer = (checkout: c.Checkout) => new RawJson(`{"checkout":${jsonOnce(checkout)}}`);
  return [
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/carts/current/create-checkout',
      summary: "Create a checkout from the caller's current cart",
      tag: 'Current cart',
      access,
      input: c.createCheckoutFromCartRequest,
      response: c.createCheckoutFromCartResponse,
      handler: async ({ caller, input }) => creation.fromCurrentCart(caller, input),
    }),
    defineRoute({
      method: 'POST',
      url: BASE,
      summary: 'Create a checkout from line items',
      tag,
      access,
      input: c.createCheckoutRequest,
      response: c.checkoutResponse,
      handler: async ({ caller, input }) => answer(await creation.fromLineItems(caller, input)),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/:id`,
      summary: 'Get a checkout',
      tag,
      access,
      params: id,
      response: c.checkoutResponse,
      handler: async ({ caller, params }) => answer(await checkouts.get(caller, params.id)),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/by-cart-id/:id`,
      summary: 'Get the checkout made from a cart',
      tag,
      access,
      params: id,
      response: c.checkoutResponse,
      handler: async ({ caller, params }) => answer(await checkouts.getByCart(caller, params.id)),
    }),
    ...['checkout-url', 'wix-checkout-url'].map((path) =>
      defineRoute({
        method: 'GET',
        url: `${BASE}/:id/${path}`,
        summary: "The URL of the storefront's page for this checkout",
        tag,
        access,
        params: id,
        response: c.checkoutUrlResponse,
        handler: async ({ caller, params }) => ({ checkoutUrl: await checkouts.checkoutUrl(caller, params.id) }),
      }),
    ),
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/:id`,
      summary: 'Update buyer info, addresses, shipping option and slot, tip, note, coupon; add lines',
      tag,
      access,
      params: id,
      input: c.updateCheckoutRequest,
      response: c.checkoutResponse,
      handler: async ({ caller, params, input }) => answer(await checkouts.update(caller, params.id, input)),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:id/add-to-checkout`,
      summary: 'Add catalog or custom line items to a checkout',
      tag,
      access,
      params: id,
      input: c.addToCheckoutRequest,
      response: c.checkoutResponse,
      handler: async ({ caller, params, input }) => answer(await checkouts.addLines(caller, params.id, input)),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:id/remove-line-items`,
      summary: 'Remove line items from a checkout',
      tag,
      access,
      params: id,
      input: c.removeCheckoutLineItemsRequest,
      response: c.checkoutResponse,
      handler: async ({ caller, params, input }) =>
        answer(await checkouts.removeLines(caller, params.id, input.lineItemIds)),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:id/update-line-items-quantity`,
      summary: 'Change the quantities of line items of a checkout',
      tag,
      access,
      params: id,
      input: c.updateCheckoutLineItemsQuantityRequest,
      response: c.checkoutResponse,
      handler: async ({ caller, params, input }) =>
        answer(await checkouts.updateQuantities(caller, params.id, input.lineItems)),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:id/remove-coupon`,
      summary: 'Remove the coupon from a checkout',
      tag,
      access,
      params: id,
      response: c.checkoutResponse,
      handler: async ({ caller, params }) => answer(await checkouts.removeCoupon(caller, params.id)),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:id/remove-gift-card`,
      summary: 'Remove the gift card from a checkout (the store sells none)',
      tag,
      access,
      params: id,
      response: c.checkoutResponse,
      handler: async ({ caller, params }) => answer(await checkouts.removeGiftCard(caller, params.id)),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:id/remove-override-checkout-url`,
      summary: 'Remove the checkout URL override of a checkout',
      tag,
      access,
      params: id,
      response: c.checkoutResponse,
      handler: async ({ caller, params }) => answer(await checkouts.removeOverrideCheckoutUrl(caller, params.id)),
    }),
  ];
}
