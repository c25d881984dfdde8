import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated, identifiedAccess, ownOrElevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { OrdersService } from './orders.service.js';
import type { OrdersSettingsService } from './orders.settings.js';

const id = z.object({ id: z.string().min(1).max(100) });

/**
 * Placing orders (the checkout's create-order), reading them (buyers their own, staff and keys with `orders:read`
 * all) and the orders settings.
 */
export function orderRoutes(orders: OrdersService, settings: OrdersSettingsService): AnyRoute[] {
  const tag = 'Orders';
  return [
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/checkouts/:id/create-order',
      summary: 'Place the order of a checkout (idempotent: a second call answers the same order)',
      tag: 'Checkout',
      access: identifiedAccess,
      params: id,
      input: c.createOrderFromCheckoutRequest,
      response: c.createOrderFromCheckoutResponse,
      handler: async ({ caller, params, input }) => orders.placeFromCheckout(caller, params.id, input),
    }),
    defineRoute({
      method: 'GET',
      url: '/ecom/v1/orders/:id',
      summary: 'Get an order',
      tag,
      access: ownOrElevated('orders:read'),
      params: id,
      response: c.orderResponse,
      handler: async ({ caller, params }) => ({ order: await orders.get(caller, params.id) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/orders/search',
      summary: "Search orders (filter, sort, cursor paging); buyers see their own, staff everyone's",
      tag,
      access: ownOrElevated('orders:read'),
      input: c.searchOrdersRequest,
      response: c.searchOrdersResponse,
      handler: async ({ caller, input }) => orders.search(caller, input),
    }),
    defineRoute({
      method: 'GET',
      url: '/ecom/v1/orders-settings',
      summary: 'Get the orders settings',
      tag,
      access: elevated('orders:read'),
      response: c.ordersSettingsResponse,
      handler: async () => ({ ordersSettings: await settings.get() }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/ecom/v1/orders-settings',
      summary: 'Update the orders settings',
      tag,
      access: elevated('orders:write'),
      input: c.updateOrdersSettingsRequest,
      response: c.ordersSettingsResponse,
      handler: async ({ caller, input }) => ({ ordersSettings: await settings.update(input.ordersSettings, caller) }),
    }),
  ];
}
