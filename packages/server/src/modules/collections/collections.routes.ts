import * as c from '@merx/contract';
import { AppError } from '@merx/domain';
import { z } from 'zod';
import { elevated, hasScope, publicAccess } from '../../http/auth.js';
import { BareNotFound } from '../../http/error-handler.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { CollectionService } from './collections.service.js';

const idParams = z.object({ id: z.string().min(1).max(200) });
const slugParams = z.object({ slug: z.string().min(1).max(200) });
const write = elevated('catalog:write');
const tag = 'Collections';

/**
 * The v2 read `route` at `/stores-reader/v2/…`, where older `@wix/stores` releases still in use read collections:
 * the same handler, access and answers, except a missing collection. Those releases were written against a service
 * whose not-found had no `applicationError`, so the SDK reports the numeric 404 as the code, and shops written for
 * them test `details.applicationError.code !== 404`; they get that answer here (the current paths keep
 * `COLLECTION_NOT_FOUND`).
 */
function olderReleaseAlias(route: AnyRoute): AnyRoute {
  return {
    ...route,
    url: `/stores-reader${route.url}`,
    summary: `${route.summary} (older client releases)`,
    handler: async (ctx) => {
      try {
        return await route.handler(ctx);
      } catch (error) {
        if (error instanceof AppError && error.code === c.errorCodes.collectionNotFound) {
          throw new BareNotFound(error.message);
        }
        throw error;
      }
    },
  };
}

/**
 * Collection writes (WIRE.md 6.2), the v1 by-slug read, the v2 collections read API (6.3) and its aliases for older
 * client releases.
 */
export function collectionRoutes(collections: CollectionService): AnyRoute[] {
  const routes: AnyRoute[] = [
    defineRoute({
      method: 'POST',
      url: '/stores/v1/collections',
      summary: 'Create a collection',
      tag,
      access: write,
      input: c.createCollectionRequest,
      response: c.collectionResponse,
      handler: async ({ input, caller }) => ({ collection: await collections.create(input.collection, caller) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/stores/v1/collections/:id',
      summary: 'Update a collection',
      tag,
      access: write,
      params: idParams,
      input: c.updateCollectionRequest,
      response: c.collectionResponse,
      handler: async ({ params, input, caller }) => ({
        collection: await collections.update(params.id, input.collection, caller),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/stores/v1/collections/:id',
      summary: 'Delete a collection',
      tag,
      access: write,
      params: idParams,
      response: c.emptyResponse,
      handler: async ({ params, caller }) => {
        await collections.delete(params.id, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v1/collections/:id/productIds',
      summary: 'Add products to a collection',
      tag,
      access: write,
      params: idParams,
      input: c.collectionProductIdsRequest,
      response: c.emptyResponse,
      handler: async ({ params, input, caller }) => {
        await collections.addProducts(params.id, input.productIds, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v1/collections/:id/productIds/delete',
      summary: 'Remove products from a collection',
      tag,
      access: write,
      params: idParams,
      input: c.collectionProductIdsRequest,
      response: c.emptyResponse,
      handler: async ({ params, input, caller }) => {
        await collections.removeProducts(params.id, input.productIds, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/stores-reader/v1/collections/slug/:slug',
      summary: 'Get a collection by slug',
      tag,
      access: publicAccess,
      params: slugParams,
      response: c.collectionResponse,
      handler: async ({ params, caller }) => ({
        collection: await collections.getBySlug(params.slug, hasScope(caller, 'catalog:read')),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/v2/collections/query',
      summary: 'Query collections',
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.platformQueryRequest,
      response: c.queryCollectionsResponse,
      handler: async ({ input, caller }) => collections.query(input.query, hasScope(caller, 'catalog:read')),
    }),
    defineRoute({
      method: 'GET',
      url: '/v2/collections/slug/:slug',
      summary: 'Get a collection by slug',
      tag,
      access: publicAccess,
      params: slugParams,
      response: c.collectionResponse,
      handler: async ({ params, caller }) => ({
        collection: await collections.getBySlug(params.slug, hasScope(caller, 'catalog:read')),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/v2/collections/:id',
      summary: 'Get a collection',
      tag,
      access: publicAccess,
      params: idParams,
      response: c.collectionResponse,
      handler: async ({ params, caller }) => ({
        collection: await collections.get(params.id, hasScope(caller, 'catalog:read')),
      }),
    }),
  ];
  return [...routes, ...routes.filter((r) => r.url.startsWith('/v2/collections/')).map(olderReleaseAlias)];
}
