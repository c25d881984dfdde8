import * as c from '@merx/contract';
import { z } from 'zod';
import { publicAccess } from '../../http/auth.js';
import { RawJson } from '../../http/raw-json.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { ProductsV3Service } from './products-v3.service.js';

const tag = 'Catalog v3 products';

/**
 * The read routes of `productsV3` (WIRE.md 6.4): public, like the v1 reads; hidden products and merchant data only
 * for callers holding `catalog:read`. Query, search and count answer GET (`.r` or plain parameters) and POST (the
 * package's long-query fallback). `GET /stores/v3/all-products-category` is the categories module's.
 */
export function productsV3Routes(s: ProductsV3Service): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/stores/v3/products/query',
      summary: 'Query products (cursor paging; v3 filter and sort)',
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.queryProductsV3Request,
      response: c.productsV3PageResponse,
      handler: async ({ input, caller }) => s.query(input, caller),
    }),
    defineRoute({
      method: 'GET',
      url: '/stores/v3/products/search',
      summary: 'Search products (expression, filter, sort, cursor paging)',
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.searchProductsV3Request,
      response: c.productsV3PageResponse,
      handler: async ({ input, caller }) => s.search(input, caller),
    }),
    defineRoute({
      method: 'GET',
      url: '/stores/v3/products/count',
      summary: 'Count products matching a filter (and search expression)',
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.countProductsV3Request,
      response: c.countProductsV3Response,
      handler: async ({ input, caller }) => s.count(input, caller),
    }),
    defineRoute({
      method: 'GET',
      url: '/stores/v3/products/slug/:slug',
      summary: 'Get a product by its slug',
      tag,
      access: publicAccess,
      params: z.object({ slug: z.string().min(1).max(400) }),
      input: c.getProductV3BySlugRequest,
      response: c.productV3Response,
      handler: async ({ params, input, caller }) => ({
        product: await s.getBySlug(params.slug, input.fields, caller),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/stores/v3/products/:productId',
      summary: 'Get a product',
      tag,
      access: publicAccess,
      params: z.object({ productId: z.string().min(1).max(200) }),
      input: c.getProductV3Request,
      response: c.productV3Response,
      handler: async ({ params, input, caller }) =>
        new RawJson(`{"product":${await s.getJson(params.productId, input.fields, caller)}}`),
    }),
  ];
}
