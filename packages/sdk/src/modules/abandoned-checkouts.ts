import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';
import { QueryBuilder } from '../query.js';

const ONE = '/ecom/v1/abandoned-checkout';

export type AbandonedCheckout = c.AbandonedCheckout;
type One = Out<typeof c.abandonedCheckoutResponse>;
type Search = NonNullable<In<typeof c.searchAbandonedCheckoutsRequest>['search']>;

/**
 * Abandoned checkouts (`ecom_abandoned-checkouts`, WIRE.md Appendix B): checkouts with lines and a buyer to reach
 * that nobody changed for the store's abandonment time. Elevated only (reads `orders:read`, the rest
 * `orders:write`).
 */
export function abandonedCheckouts(transport: Transport) {
  const call = caller(transport, 'abandonedCheckouts');
  const at = (abandonedCheckoutId: string, tail = '') =>
    fillPath(`${ONE}/{abandonedCheckoutId}${tail}`, { abandonedCheckoutId });
  const admin = <T>(
    fn: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    args: unknown[],
    o?: CallOptions,
  ) => call<T>(fn, { method, path, ...(body === undefined ? {} : { body }), args, options: o, elevated: true });
  return {
    getAbandonedCheckout: (abandonedCheckoutId: string, o?: CallOptions) =>
      admin<One>('getAbandonedCheckout', 'GET', at(abandonedCheckoutId), undefined, [abandonedCheckoutId], o),
    /** Filter `status`, `createdDate`, `buyerInfo.email`, …; newest first unless sorted; offset paging by default. */
    queryAbandonedCheckouts: (paging: 'offset' | 'cursor' = 'offset') =>
      new QueryBuilder<AbandonedCheckout>(async (query, o) => {
        const body = await admin<Out<typeof c.queryAbandonedCheckoutsResponse>>(
          'queryAbandonedCheckouts',
          'POST',
          `${ONE}/query`,
          { query },
          [query],
          o,
        );
        return { items: body.abandonedCheckouts, ...body.metadata };
      }, paging),
    /** The query's filter, sort and paging, with `search.expression` looked for in the buyer's email. */
    searchAbandonedCheckouts: (search: Search = {}, o?: CallOptions) =>
      admin<Out<typeof c.searchAbandonedCheckoutsResponse>>(
        'searchAbandonedCheckouts',
        'POST',
        `${ONE}/search`,
        { search },
        [search],
        o,
      ),
    /** Deletes an abandoned checkout; its checkout is never marked abandoned again. */
    deleteAbandonedCheckout: (abandonedCheckoutId: string, o?: CallOptions) =>
      admin<Empty>('deleteAbandonedCheckout', 'DELETE', at(abandonedCheckoutId), undefined, [abandonedCheckoutId], o),
    /** Each id succeeds or fails on its own (`results[].itemMetadata`). */
    bulkDeleteAbandonedCheckouts: (abandonedCheckoutIds: string[], o?: CallOptions) =>
      admin<Out<typeof c.bulkDeleteAbandonedCheckoutsResponse>>(
        'bulkDeleteAbandonedCheckouts',
        'POST',
        '/ecom/v1/bulk/abandoned-checkout/delete',
        { abandonedCheckoutIds },
        [abandonedCheckoutIds],
        o,
      ),
    /** Records an automation activity (at most `MAX_ABANDONED_CHECKOUT_ACTIVITIES` are kept). */
    addAbandonedCheckoutActivity: (
      abandonedCheckoutId: string,
      activityType: In<typeof c.addAbandonedCheckoutActivityRequest>['activityType'],
      o?: CallOptions,
    ) =>
      admin<One>(
        'addAbandonedCheckoutActivity',
        'POST',
        fillPath('/ecom/v1/abandoned-checkouts/{abandonedCheckoutId}/add-activity', { abandonedCheckoutId }),
        { activityType },
        [abandonedCheckoutId, activityType],
        o,
      ),
    /** Where the buyer finishes the checkout (the storefront's checkout page). */
    redirectToCheckout: (abandonedCheckoutId: string, o?: CallOptions) =>
      admin<Out<typeof c.redirectToCheckoutResponse>>(
        'redirectToCheckout',
        'GET',
        at(abandonedCheckoutId, '/redirect-to-checkout'),
        undefined,
        [abandonedCheckoutId],
        o,
      ),
    /** Recoverable and recovered checkouts (counts, values, rate) over UTC days, both ends included. */
    getAbandonedCheckoutAnalytics: (request: In<typeof c.abandonedCheckoutAnalyticsRequest>, o?: CallOptions) =>
      admin<Out<typeof c.abandonedCheckoutAnalyticsResponse>>(
        'getAbandonedCheckoutAnalytics',
        'POST',
        `${ONE}/get-analytics`,
        request,
        [request],
        o,
      ),
  };
}

export type AbandonedCheckoutsModule = ReturnType<typeof abandonedCheckouts>;
