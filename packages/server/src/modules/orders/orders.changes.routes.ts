import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { OrderChanges } from './orders.changes.js';

const id = z.object({ id: z.string().min(1).max(100) });
const activityIds = z.object({ id: z.string().min(1).max(100), activityId: z.string().min(1).max(100) });
const BASE = '/ecom/v1/orders';

/**
 * Staff changes of orders (WIRE.md Appendix A `ecom_orders`): update, cancel, update status, and the timeline's
 * merchant comments and custom activities. All need `orders:write`; buyers change nothing of a placed order.
 */
export function orderChangeRoutes(changes: OrderChanges): AnyRoute[] {
  const tag = 'Orders';
  const access = elevated('orders:write');
  return [
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/:id`,
      summary: 'Update an order: buyer note and email, billing and recipient info, archived, seen by a human',
      tag,
      access,
      params: id,
      input: c.updateOrderRequest,
      response: c.orderResponse,
      handler: async ({ caller, params, input }) => ({ order: await changes.update(caller, params.id, input.order) }),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:id/cancel`,
      summary: 'Cancel an order, optionally giving its items back to stock',
      tag,
      access,
      params: id,
      input: c.cancelOrderRequest,
      response: c.orderResponse,
      handler: async ({ caller, params, input }) => ({ order: await changes.cancel(caller, params.id, input) }),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:id/update-status`,
      summary: 'Move an order to another status, as the status table allows',
      tag,
      access,
      params: id,
      input: c.updateOrderStatusRequest,
      response: c.orderResponse,
      handler: async ({ caller, params, input }) => ({
        order: await changes.updateStatus(caller, params.id, input.status),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:id/activities`,
      summary: 'Add a merchant comment or a custom activity to the timeline',
      tag,
      access,
      params: id,
      input: c.addActivityRequest,
      response: c.activityResponse,
      handler: async ({ caller, params, input }) => {
        const { order, activityIds } = await changes.addActivities(caller, params.id, [input.activity]);
        return { order, activityId: activityIds[0] };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:id/activities/add`,
      summary: 'Add several merchant comments or custom activities to the timeline, in the order given',
      tag,
      access,
      params: id,
      input: c.addActivitiesRequest,
      response: c.activitiesResponse,
      handler: async ({ caller, params, input }) => changes.addActivities(caller, params.id, input.orderActivities),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/:id/activities/:activityId`,
      summary: 'Change a merchant comment or a custom activity',
      tag,
      access,
      params: activityIds,
      input: c.updateActivityRequest,
      response: c.activityResponse,
      handler: async ({ caller, params, input }) => ({
        order: await changes.updateActivity(caller, params.id, params.activityId, input.activity),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${BASE}/:id/activities/:activityId`,
      summary: 'Delete a merchant comment or a custom activity',
      tag,
      access,
      params: activityIds,
      response: c.orderResponse,
      handler: async ({ caller, params }) => ({
        order: await changes.deleteActivity(caller, params.id, params.activityId),
      }),
    }),
  ];
}
