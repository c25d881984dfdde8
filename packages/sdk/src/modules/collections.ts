import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Out } from '../module.js';
import { type PlatformQuery, QueryBuilder } from '../query.js';

export type Collection = c.Collection;

/** The collections read API at `/v2/collections` (WIRE.md 6.3); writes are in `products`. */
export function collections(transport: Transport) {
  const call = caller(transport, 'collections');
  return {
    /** Collections matching a query, 50 a page by default (offset paging; long queries go as POST). */
    queryCollections: () =>
      new QueryBuilder<Collection>(async (query, o) => {
        const body = await call<Out<typeof c.queryCollectionsResponse>>('queryCollections', {
          method: 'GET',
          path: '/v2/collections/query',
          query: { query },
          args: [query],
          options: o,
        });
        return { items: body.collections, ...body.metadata };
      }, 'offset'),
    /** One page for a query object as sent (offset or cursor paging): the body as answered. */
    queryCollectionsPage: (query: PlatformQuery, o?: CallOptions) =>
      call<Out<typeof c.queryCollectionsResponse>>('queryCollectionsPage', {
        method: 'GET',
        path: '/v2/collections/query',
        query: { query },
        args: [query],
        options: o,
      }),
    getCollection: (id: string, o?: CallOptions) =>
      call<Out<typeof c.collectionResponse>>('getCollection', {
        method: 'GET',
        path: fillPath('/v2/collections/{id}', { id }),
        args: [id],
        options: o,
      }),
    getCollectionBySlug: (slug: string, o?: CallOptions) =>
      call<Out<typeof c.collectionResponse>>('getCollectionBySlug', {
        method: 'GET',
        path: fillPath('/v2/collections/slug/{slug}', { slug }),
        args: [slug],
        options: o,
      }),
  };
}

export type CollectionsModule = ReturnType<typeof collections>;
