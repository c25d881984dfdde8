import * as c from '@merx/contract';
import { AppError } from '@merx/domain';
import { z } from 'zod';
import { type Caller, elevated, hasScope, publicAccess } from '../../http/auth.js';
import { RawJson } from '../../http/raw-json.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { BulkService } from './bulk.service.js';
import type { MediaService } from './media.service.js';
import type { ProductService, ReadOptions } from './products.service.js';
import type { VariantService } from './variants.service.js';

const idParams = z.object({ id: z.string().min(1).max(200) });
const write = elevated('catalog:write');
const tag = 'Catalog v1';

/** Hidden products and merchant data are for staff and keys holding catalog:read; asking without it is a 403. */
function readOptions(caller: Caller, merchantRequested: boolean | undefined): ReadOptions {
  const catalogReader = hasScope(caller, 'catalog:read');
  if (merchantRequested && !catalogReader) {
    throw new AppError(
      'PERMISSION_DENIED',
      c.errorCodes.permissionDenied,
      'includeMerchantSpecificData needs an API key or a staff sign-in with the "catalog:read" permission',
    );
  }
  return { elevated: catalogReader, merchant: Boolean(merchantRequested) };
}

function offsetMetadata(
  page: { offset: number; total: number | undefined; nextCursor: string | null; prevCursor: string | null },
  count: number,
) {
  return {
    count,
    offset: page.offset,
    ...(page.total !== undefined ? { total: page.total } : {}),
    tooManyToCount: false,
    ...(page.nextCursor || page.prevCursor ? { cursors: { next: page.nextCursor, prev: page.prevCursor } } : {}),
  };
}

/** Routes of WIRE.md 6.1 and 6.2: catalog v1 reads (public) and writes (API key with catalog:write). */
export function productRoutes(s: {
  products: ProductService;
  variants: VariantService;
  media: MediaService;
  bulk: BulkService;
}): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/stores/v1/products',
      summary: 'Create a product',
      tag,
      access: write,
      input: c.createProductRequest,
      response: c.productResponse,
      handler: async ({ caller, input }) => ({ product: await s.products.create(input.product, caller) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/stores/v1/products/:id',
      summary: 'Update a product',
      tag,
      access: write,
      params: idParams,
      input: c.updateProductRequest,
      response: c.productResponse,
      handler: async ({ caller, params, input }) => ({
        product: await s.products.update(params.id, input.product, caller),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/stores/v1/products/:id',
      summary: 'Delete a product',
      tag,
      access: write,
      params: idParams,
      response: c.emptyResponse,
      handler: async ({ params, caller }) => {
        await s.products.delete(params.id, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/stores-reader/v1/products/:id',
      summary: 'Get a product',
      tag,
      access: publicAccess,
      params: idParams,
      input: z.object({ includeMerchantSpecificData: z.boolean().optional() }),
      response: c.productResponse,
      handler: async ({ params, input, caller }) =>
        new RawJson(
          `{"product":${await s.products.getJson(params.id, readOptions(caller, input.includeMerchantSpecificData))}}`,
        ),
    }),
    defineRoute({
      method: 'GET',
      url: '/stores-reader/v1/products/query-platformized',
      summary: 'Query products (Merx: `search.expression` for full-text search)',
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.queryProductsPlatformizedRequest,
      response: c.queryProductsPlatformizedResponse,
      handler: async ({ input, caller }) => {
        const opts = readOptions(caller, input.includeMerchantSpecificData);
        return new RawJson(
          await s.products.queryAnswer(
            input,
            input.query,
            opts,
            (products, page) =>
              `{"products":[${products.join(',')}],"metadata":${JSON.stringify(offsetMetadata(page, products.length))}}`,
            input.search?.expression,
          ),
        );
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/stores-reader/v1/products/query',
      summary: 'Query products (filter and sort as JSON strings)',
      tag,
      access: publicAccess,
      input: c.queryProductsRequest,
      response: c.queryProductsResponse,
      handler: async ({ input, caller }) => {
        const opts = readOptions(caller, input.includeMerchantSpecificData);
        if (input.includeHiddenProducts && !opts.elevated) {
          throw new AppError(
            'PERMISSION_DENIED',
            c.errorCodes.permissionDenied,
            'includeHiddenProducts needs an API key',
          );
        }
        const { products, page } = await s.products.query(input.query, {
          ...opts,
          elevated: Boolean(input.includeHiddenProducts),
          filterAsString: true,
          search: input.search?.expression,
        });
        return {
          products: input.includeVariants ? products : products.map(({ variants: _v, ...p }) => p),
          metadata: { items: products.length, offset: page.offset },
          totalResults: page.total ?? products.length,
        };
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/stores/v1/products/:id/variants',
      summary: 'Update product variants',
      tag,
      access: write,
      params: idParams,
      input: c.updateVariantsRequest,
      response: c.variantsResponse,
      handler: async ({ params, input, caller }) => s.variants.update(params.id, input.variants, caller),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v1/products/:id/variants/resetToDefault',
      summary: 'Reset all variant data',
      tag,
      access: write,
      params: idParams,
      response: c.emptyResponse,
      handler: async ({ params, caller }) => {
        await s.variants.reset(params.id, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/stores-reader/v1/products/:id/variants/query',
      summary: 'Query the variants of a product',
      tag,
      access: publicAccess,
      params: idParams,
      input: c.queryProductVariantsRequest,
      response: c.queryProductVariantsResponse,
      handler: async ({ params, input, caller }) =>
        s.variants.queryOfProduct(params.id, input, readOptions(caller, input.includeMerchantSpecificData)),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores-reader/v1/products/:id/productOptionsAvailability',
      summary: 'Availability of option choices',
      tag,
      access: publicAccess,
      params: idParams,
      input: c.productOptionsAvailabilityRequest,
      response: c.productOptionsAvailabilityResponse,
      handler: async ({ params, input, caller }) =>
        s.variants.availability(params.id, input.options ?? {}, readOptions(caller, false)),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores-reader/v1/variants/query',
      summary: 'Query variants across the store',
      tag,
      access: publicAccess,
      input: c.queryStoreVariantsRequest,
      response: c.queryStoreVariantsResponse,
      handler: async ({ input, caller }) => s.variants.queryStore(input.query, readOptions(caller, false)),
    }),
    defineRoute({
      method: 'GET',
      url: '/stores-reader/v1/variants/:id',
      summary: 'Get a store variant (<productId>-<variantId>)',
      tag,
      access: publicAccess,
      params: idParams,
      response: c.storeVariantResponse,
      handler: async ({ params, caller }) => s.variants.getStore(params.id, readOptions(caller, false)),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v1/products/:id/media',
      summary: 'Add media to a product',
      tag,
      access: write,
      params: idParams,
      input: c.addProductMediaRequest,
      response: c.emptyResponse,
      handler: async ({ params, input, caller }) => {
        await s.media.add(params.id, input.media, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v1/products/:id/media/delete',
      summary: 'Remove media from a product',
      tag,
      access: write,
      params: idParams,
      input: c.removeProductMediaRequest,
      response: c.emptyResponse,
      handler: async ({ params, input, caller }) => {
        await s.media.remove(params.id, input.mediaIds, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/stores/v1/products/:id/choices/media',
      summary: 'Show media for option choices',
      tag,
      access: write,
      params: idParams,
      input: c.choicesMediaRequest,
      response: c.emptyResponse,
      handler: async ({ params, input, caller }) => {
        await s.media.addToChoices(params.id, input.media, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v1/products/:id/choices/media/delete',
      summary: 'Stop showing media for option choices',
      tag,
      access: write,
      params: idParams,
      input: c.choicesMediaRequest,
      response: c.emptyResponse,
      handler: async ({ params, input, caller }) => {
        await s.media.removeFromChoices(params.id, input.media, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/products/:id/media/order',
      summary: 'Put the media of a product in a new order (Merx; the first is the main media)',
      tag,
      access: write,
      params: idParams,
      input: c.reorderProductMediaRequest,
      response: c.emptyResponse,
      handler: async ({ params, input, caller }) => {
        await s.products.reorderMedia(params.id, input.mediaIds, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/stores/v1/products/:id/options',
      summary: 'Delete all options of a product',
      tag,
      access: write,
      params: idParams,
      response: c.emptyResponse,
      handler: async ({ caller, params }) => {
        await s.media.deleteOptions(params.id, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v1/products/:id/remove-brand',
      summary: 'Remove the brand of a product',
      tag,
      access: write,
      params: idParams,
      response: c.emptyResponse,
      handler: async ({ params, caller }) => {
        await s.media.removeBrand(params.id, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v1/products/:id/remove-ribbon',
      summary: 'Remove the ribbon of a product',
      tag,
      access: write,
      params: idParams,
      response: c.emptyResponse,
      handler: async ({ params, caller }) => {
        await s.media.removeRibbon(params.id, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v1/bulk/products/update',
      summary: 'Set one property on many products',
      tag,
      access: write,
      input: c.bulkUpdateProductsRequest,
      response: c.bulkProductsResponse,
      handler: async ({ input, caller }) => s.bulk.update(input.ids, input.set, input.returnEntity ?? false, caller),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v1/bulk/products/adjust-properties',
      summary: 'Adjust price, cost or weight of many products',
      tag,
      access: write,
      input: c.bulkAdjustProductsRequest,
      response: c.bulkProductsResponse,
      handler: async ({ input, caller }) => s.bulk.adjust(input.ids, input.adjust, input.returnEntity ?? false, caller),
    }),
  ];
}
