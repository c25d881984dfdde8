import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated, ownOrElevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { Fulfillments } from './fulfillments.js';

const BASE = '/ecom/v1/fulfillments';
const key = z.string().min(1).max(100);
const orderId = z.object({ orderId: key });
const fulfillmentOfOrder = z.object({ fulfillmentId: key, orderId: key });

/**
 * Order fulfillments (WIRE.md Appendix B `ecom_order-fulfillments`). Staff and keys with `orders:write` create,
 * change and delete them; a buyer reads their own order's fulfillments (tracking on the account page), staff and
 * keys with `orders:read` everyone's.
 */
export function fulfillmentRoutes(fulfillments: Fulfillments): AnyRoute[] {
  const tag = 'Fulfillments';
  const write = elevated('orders:write');
  return [
    defineRoute({
      method: 'POST',
      url: `${BASE}/orders/:orderId/create-fulfillment`,
      summary: 'Fulfill some units of some lines of an order, with optional tracking',
      tag,
      access: write,
      params: orderId,
      input: c.createFulfillmentRequest,
      response: c.fulfillmentResponse,
      handler: async ({ caller, params, input }) => fulfillments.create(caller, params.orderId, input.fulfillment),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/orders/bulk/create-fulfillments`,
      summary: 'Fulfill several orders; each order succeeds or fails on its own',
      tag,
      access: write,
      input: c.bulkCreateFulfillmentsRequest,
      response: c.bulkCreateFulfillmentsResponse,
      handler: async ({ caller, input }) => fulfillments.bulkCreate(caller, input.ordersWithFulfillments),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/:fulfillmentId/orders/:orderId`,
      summary: "Change a fulfillment's tracking",
      tag,
      access: write,
      params: fulfillmentOfOrder,
      input: c.updateFulfillmentRequest,
      response: c.fulfillmentResponse,
      handler: async ({ caller, params, input }) =>
        fulfillments.update(caller, params.orderId, params.fulfillmentId, input.fulfillment.trackingInfo),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${BASE}/:fulfillmentId/orders/:orderId`,
      summary: 'Delete a fulfillment: its units count as not fulfilled again',
      tag,
      access: write,
      params: fulfillmentOfOrder,
      response: c.fulfillmentResponse,
      handler: async ({ caller, params }) => fulfillments.delete(caller, params.orderId, params.fulfillmentId),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/orders/:orderId`,
      summary: "List an order's fulfillments (its buyer, or staff)",
      tag,
      access: ownOrElevated('orders:read'),
      params: orderId,
      response: c.fulfillmentResponse,
      handler: async ({ caller, params }) => fulfillments.forOrder(caller, params.orderId),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/list-by-ids`,
      summary: 'List the fulfillments of several orders (a buyer gets their own orders only)',
      tag,
      access: ownOrElevated('orders:read'),
      input: c.listFulfillmentsByIdsRequest,
      response: c.fulfillmentsListResponse,
      handler: async ({ caller, input }) => fulfillments.forOrders(caller, input.orderIds),
    }),
  ];
}
