import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated, identifiedAccess } from '../../http/auth.js';
import { RawJson } from '../../http/raw-json.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { CartService } from './cart.service.js';
import { cartJson } from './cart.views.js';

const CURRENT = '/ecom/v1/carts/current';

/**
 * The current cart (WIRE.md 5.1): whoever the token identifies owns it; the mutating calls create it. Staff and
 * API keys also read any cart by id. `create-checkout` belongs to the checkout module.
 */
export function cartRoutes(carts: CartService): AnyRoute[] {
  const tag = 'Current cart';
  const access = identifiedAccess;
  // `{ cart }` as JSON, reusing the cart's JSON the change already made for its event.
  const answer = (cart: c.Cart) => new RawJson(`{"cart":${cartJson(cart)}}`);
  return [
    defineRoute({
      method: 'GET',
      url: CURRENT,
      summary: "Get the caller's current cart",
      tag,
      access,
      response: c.cartResponse,
      handler: async ({ caller }) => answer(await carts.getCurrent(caller)),
    }),
    defineRoute({
      method: 'PATCH',
      url: CURRENT,
      summary: 'Update the current cart: buyer note, contact address, coupon, lines to add',
      tag,
      access,
      input: c.updateCartRequest,
      response: c.cartResponse,
      handler: async ({ caller, input }) => answer(await carts.update(caller, input)),
    }),
    defineRoute({
      method: 'DELETE',
      url: CURRENT,
      summary: 'Delete the current cart',
      tag,
      access,
      response: c.emptyResponse,
      handler: async ({ caller }) => {
        await carts.deleteCurrent(caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${CURRENT}/add-to-cart`,
      summary: 'Add catalog or custom line items to the current cart',
      tag,
      access,
      input: c.addToCartRequest,
      response: c.cartResponse,
      handler: async ({ caller, input }) => answer(await carts.add(caller, input)),
    }),
    defineRoute({
      method: 'POST',
      url: `${CURRENT}/remove-line-items`,
      summary: 'Remove line items from the current cart',
      tag,
      access,
      input: c.removeLineItemsRequest,
      response: c.cartResponse,
      handler: async ({ caller, input }) => answer(await carts.removeLines(caller, input.lineItemIds)),
    }),
    defineRoute({
      method: 'POST',
      url: `${CURRENT}/update-line-items-quantity`,
      summary: 'Change the quantities of line items of the current cart',
      tag,
      access,
      input: c.updateLineItemsQuantityRequest,
      response: c.cartResponse,
      handler: async ({ caller, input }) => answer(await carts.updateQuantities(caller, input.lineItems)),
    }),
    defineRoute({
      method: 'POST',
      url: `${CURRENT}/remove-coupon`,
      summary: 'Remove the coupon from the current cart',
      tag,
      access,
      response: c.cartResponse,
      handler: async ({ caller }) => answer(await carts.removeCoupon(caller)),
    }),
    defineRoute({
      method: 'POST',
      url: `${CURRENT}/estimate-totals`,
      summary: 'Estimate the totals of the current cart: discounts, shipping, tax, fees',
      tag,
      access,
      input: c.estimateTotalsRequest,
      response: c.estimateTotalsResponse,
      handler: async ({ caller, input }) => carts.estimate(caller, input),
    }),
    defineRoute({
      method: 'GET',
      url: '/ecom/v1/carts/:id',
      summary: 'Get any cart by id (staff and API keys)',
      tag,
      access: elevated('carts:read'),
      params: z.object({ id: z.string().min(1).max(100) }),
      response: c.cartResponse,
      handler: async ({ params }) => answer(await carts.getById(params.id)),
    }),
  ];
}
