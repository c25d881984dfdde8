import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated, publicAccess } from '../../http/auth.js';
import { RawJson } from '../../http/raw-json.js';
import { type AnyRoute, defineRoute, type RouteDef } from '../../http/route.js';
import type { ProductsV3Commands } from './products-v3.commands.js';
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
      handler: async ({ input, caller }) => new RawJson(await s.searchAnswer(input, caller)),
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

const productId = z.object({ productId: z.string().min(1).max(100) });
const writeAccess = elevated('catalog:write');

/**
 * The write routes of `productsV3` (WIRE.md Appendix A), for staff and API keys holding `catalog:write`
 * (docs/decisions/0028-products-v3-writes.md).
 */
export function productsV3WriteRoutes(s: ProductsV3Commands): AnyRoute[] {
  const write = { tag, access: writeAccess };
  /** A POST under `/stores/v3/bulk/` for `catalog:write`. */
  const bulkPost = <I>(
    path: string,
    summary: string,
    input: z.ZodType<I>,
    response: z.ZodType,
    handler: RouteDef<Record<string, never>, I>['handler'],
  ) => defineRoute({ ...write, method: 'POST', url: `/stores/v3/bulk/${path}`, summary, input, response, handler });
  return [
    defineRoute({
      ...write,
      method: 'POST',
      url: '/stores/v3/products',
      summary: 'Create a product (v3 shape)',
      input: c.createProductV3Request,
      response: c.productV3Response,
      handler: async ({ input, caller }) => s.create(input.product, input.fields, caller),
    }),
    defineRoute({
      ...write,
      method: 'PATCH',
      url: '/stores/v3/products/:productId',
      summary: 'Update a product (compare-and-set on its revision)',
      params: productId,
      input: c.updateProductV3Request,
      response: c.productV3Response,
      handler: async ({ params, input, caller }) => s.update(params.productId, input.product, input.fields, caller),
    }),
    defineRoute({
      ...write,
      method: 'DELETE',
      url: '/stores/v3/products/:productId',
      summary: 'Delete a product',
      params: productId,
      response: c.emptyV3Response,
      handler: async ({ params, caller }) => s.delete(params.productId, caller),
    }),
    defineRoute({
      ...write,
      method: 'POST',
      url: '/stores/v3/products-with-inventory',
      summary: 'Create a product with the stock of its variants',
      input: c.createProductV3Request,
      response: c.productWithInventoryV3Response,
      handler: async ({ input, caller }) =>
        s.createWithInventory(input.product, input.returnEntity ?? true, input.fields, caller),
    }),
    defineRoute({
      ...write,
      method: 'PATCH',
      url: '/stores/v3/products-with-inventory/:productId',
      summary: 'Update a product and the stock of its variants',
      params: productId,
      input: c.updateProductV3Request,
      response: c.productWithInventoryV3Response,
      handler: async ({ params, input, caller }) =>
        s.updateWithInventory(params.productId, input.product, input.returnEntity ?? true, input.fields, caller),
    }),
    bulkPost(
      'products/create',
      'Create up to 100 products (a result per product)',
      c.bulkCreateProductsV3Request,
      c.bulkProductsV3Response,
      async ({ input, caller }) => s.bulkCreate(input.products, input.returnEntity ?? false, input.fields, caller),
    ),
    bulkPost(
      'products/update',
      'Update up to 100 products (a result per product)',
      c.bulkUpdateProductsV3Request,
      c.bulkProductsV3Response,
      async ({ input, caller }) =>
        s.bulkUpdate(
          input.products.map((p) => p.product),
          input.returnEntity ?? false,
          input.fields,
          caller,
        ),
    ),
    bulkPost(
      'products-with-inventory/create',
      'Create up to 100 products with the stock of their variants',
      c.bulkCreateProductsV3Request,
      c.bulkProductsWithInventoryV3Response,
      async ({ input, caller }) =>
        s.bulkCreateWithInventory(input.products, input.returnEntity ?? false, input.fields, caller),
    ),
    bulkPost(
      'products-with-inventory/update',
      'Update up to 100 products and the stock of their variants',
      c.bulkUpdateProductsV3Request,
      c.bulkProductsWithInventoryV3Response,
      async ({ input, caller }) =>
        s.bulkUpdateWithInventory(
          input.products.map((p) => p.product),
          input.returnEntity ?? false,
          input.fields,
          caller,
        ),
    ),
    bulkPost(
      'products/delete',
      'Delete up to 100 products (a result per product)',
      c.bulkDeleteProductsV3Request,
      c.bulkProductsV3Response,
      async ({ input, caller }) => s.bulkDelete(input.productIds, caller),
    ),
    bulkPost(
      'products/delete-by-filter',
      'Delete every product a filter selects',
      c.bulkDeleteProductsV3ByFilterRequest,
      c.bulkJobV3Response,
      async ({ input, caller }) => s.deleteByFilter(input.filter, input.search?.expression, caller),
    ),
    bulkPost(
      'products/update-tags',
      'Assign and unassign tags of up to 100 products',
      c.bulkUpdateProductTagsV3Request,
      c.bulkProductsV3Response,
      async ({ input, caller }) => s.bulkUpdateTags(input.productIds, input.assignTags, input.unassignTags, caller),
    ),
    bulkPost(
      'products/update-tags-by-filter',
      'Assign and unassign tags of every product a filter selects',
      c.bulkUpdateProductTagsV3ByFilterRequest,
      c.bulkJobV3Response,
      async ({ input, caller }) => s.updateTagsByFilter(input.filter, input.assignTags, input.unassignTags, caller),
    ),
    bulkPost(
      'products/update-by-filter',
      'Change the fields sent on every product a filter selects (all or nothing)',
      c.bulkUpdateProductsV3ByFilterRequest,
      c.bulkJobV3Response,
      async ({ input, caller }) => s.updateByFilter(input.filter, input.search?.expression, input.product, caller),
    ),
    bulkPost(
      'products/update-variants-by-filter',
      'Set the variant fields sent on every variant of the products a filter selects',
      c.bulkUpdateProductVariantsV3ByFilterRequest,
      c.bulkJobV3Response,
      async ({ input, caller }) =>
        s.updateVariantsByFilter(input.filter, input.search?.expression, input.variant, caller),
    ),
    bulkPost(
      'products/adjust-variants-by-filter',
      'Raise or lower the prices and cost of the variants of the products a filter selects',
      c.bulkAdjustProductVariantsV3ByFilterRequest,
      c.bulkJobV3Response,
      async ({ input, caller }) => {
        const { filter, search, ...adjustment } = input;
        return s.adjustVariantsByFilter(filter, search?.expression, adjustment, caller);
      },
    ),
    bulkPost(
      'products/remove-from-categories-by-filter',
      'Take every product a filter selects out of categories',
      c.bulkRemoveProductsFromCategoriesV3ByFilterRequest,
      c.bulkJobV3Response,
      async ({ input, caller }) =>
        s.removeFromCategoriesByFilter(input.filter, input.search?.expression, input.categoryIds, caller),
    ),
    bulkPost(
      'products/add-info-sections',
      'Add info sections to up to 100 products (a result per product)',
      c.bulkInfoSectionsV3Request,
      c.bulkProductsV3Response,
      async ({ input, caller }) =>
        s.changeSections(
          input.products,
          { add: input.infoSectionIds },
          input.returnEntity ?? false,
          input.fields,
          caller,
        ),
    ),
    bulkPost(
      'products/remove-info-sections',
      'Remove info sections from up to 100 products (a result per product)',
      c.bulkInfoSectionsV3Request,
      c.bulkProductsV3Response,
      async ({ input, caller }) =>
        s.changeSections(
          input.products,
          { remove: input.infoSectionIds },
          input.returnEntity ?? false,
          input.fields,
          caller,
        ),
    ),
    bulkPost(
      'products/add-info-sections-by-filter',
      'Add info sections to every product a filter selects',
      c.bulkInfoSectionsV3ByFilterRequest,
      c.bulkJobV3Response,
      async ({ input, caller }) =>
        s.changeSectionsByFilter(input.filter, input.search?.expression, { add: input.infoSectionIds }, caller),
    ),
    bulkPost(
      'products/remove-info-sections-by-filter',
      'Remove info sections from every product a filter selects',
      c.bulkInfoSectionsV3ByFilterRequest,
      c.bulkJobV3Response,
      async ({ input, caller }) =>
        s.changeSectionsByFilter(input.filter, input.search?.expression, { remove: input.infoSectionIds }, caller),
    ),
    bulkPost(
      'products/add-to-categories-by-filter',
      'Add every product a filter selects to categories',
      c.bulkAddProductsToCategoriesV3ByFilterRequest,
      c.bulkJobV3Response,
      async ({ input, caller }) =>
        s.addToCategoriesByFilter(input.filter, input.search?.expression, input.categoryIds, caller),
    ),
  ];
}
