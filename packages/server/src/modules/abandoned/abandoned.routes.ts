import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { AbandonedService } from './abandoned.service.js';

const params = z.object({ abandonedCheckoutId: z.string().min(1).max(100) });
const tag = 'Abandoned checkouts';
const read = elevated('orders:read');
const write = elevated('orders:write');

/** Abandoned checkouts for staff (WIRE.md Appendix B `ecom_abandoned-checkouts`). */
export function abandonedRoutes(service: AbandonedService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/ecom/v1/abandoned-checkout/:abandonedCheckoutId',
      summary: 'Get an abandoned checkout',
      tag,
      access: read,
      params,
      response: c.abandonedCheckoutResponse,
      handler: async ({ params }) => ({ abandonedCheckout: await service.get(params.abandonedCheckoutId) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/abandoned-checkout/query',
      summary: 'Query abandoned checkouts (filter status, createdDate, buyerInfo.email…; sort; offset paging)',
      tag,
      access: read,
      input: c.platformQueryRequest,
      response: c.queryAbandonedCheckoutsResponse,
      handler: async ({ input }) => service.query(input.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/abandoned-checkout/search',
      summary: "Search abandoned checkouts (the query's filter, sort and paging; the expression in the buyer's email)",
      tag,
      access: read,
      input: c.searchAbandonedCheckoutsRequest,
      response: c.searchAbandonedCheckoutsResponse,
      handler: async ({ input }) => service.search(input),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/ecom/v1/abandoned-checkout/:abandonedCheckoutId',
      summary: 'Delete an abandoned checkout (its checkout is never marked again)',
      tag,
      access: write,
      params,
      response: c.emptyResponse,
      handler: async ({ params }) => {
        await service.delete(params.abandonedCheckoutId);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/bulk/abandoned-checkout/delete',
      summary: 'Delete abandoned checkouts (each reported on its own)',
      tag,
      access: write,
      input: c.bulkDeleteAbandonedCheckoutsRequest,
      response: c.bulkDeleteAbandonedCheckoutsResponse,
      handler: async ({ input }) => service.bulkDelete(input.abandonedCheckoutIds),
    }),
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/abandoned-checkouts/:abandonedCheckoutId/add-activity',
      summary: 'Add an automation activity to an abandoned checkout',
      tag,
      access: write,
      params,
      input: c.addAbandonedCheckoutActivityRequest,
      response: c.abandonedCheckoutResponse,
      handler: async ({ params, input }) => ({
        abandonedCheckout: await service.addActivity(params.abandonedCheckoutId, input.activityType),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/ecom/v1/abandoned-checkout/:abandonedCheckoutId/redirect-to-checkout',
      summary: "Where the buyer finishes the abandoned checkout (the storefront's checkout page)",
      tag,
      access: read,
      params,
      response: c.redirectToCheckoutResponse,
      handler: async ({ params }) => ({ redirectUrl: await service.redirectUrl(params.abandonedCheckoutId) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/abandoned-checkout/get-analytics',
      summary:
        'Recoverable and recovered abandoned checkouts (counts, values, rate) over UTC days or local days of a time zone',
      tag,
      access: read,
      input: c.abandonedCheckoutAnalyticsRequest,
      response: c.abandonedCheckoutAnalyticsResponse,
      handler: async ({ input }) => service.analytics(input),
    }),
  ];
}
