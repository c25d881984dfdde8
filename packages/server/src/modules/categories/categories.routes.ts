import * as c from '@merx/contract';
import { z } from 'zod';
import { type Caller, elevated, hasScope, publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { CategoryItems } from './categories.items.js';
import type { CategoryQueries } from './categories.query.js';
import type { CategoryService } from './categories.service.js';

const tag = 'Categories';
const base = '/categories/v1/categories';
const bulk = '/categories/v1/bulk/categories';
const write = elevated('catalog:write');
const idParams = z.object({ categoryId: z.string().min(1).max(100) });
const slugParams = z.object({ slug: z.string().min(1).max(200) });
/** Hidden categories and products are shown to callers that may read the whole catalog, as for collections. */
const reads = (caller: Caller) => hasScope(caller, 'catalog:read');

/** The routes of `@wix/categories` (the store's tree only), and the products v3 all-products category. */
export function categoryRoutes(
  categories: CategoryService,
  queries: CategoryQueries,
  items: CategoryItems,
): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: base,
      summary: 'Create a category',
      tag,
      access: write,
      input: c.createCategoryRequest,
      response: c.categoryResponse,
      handler: async ({ input, caller }) => ({
        category: await categories.create(input.category, input.fields, caller),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/list-trees`,
      summary: 'List category trees (the store has one)',
      tag,
      access: publicAccess,
      response: c.listTreesResponse,
      handler: async () => ({ trees: [{ appNamespace: c.STORES_TREE_NAMESPACE }] }),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/slug/:slug`,
      summary: 'Get a category by slug',
      tag,
      access: publicAccess,
      params: slugParams,
      input: c.getCategoryRequest,
      response: c.categoryResponse,
      handler: async ({ params, input, caller }) => ({
        category: await categories.getBySlug(params.slug, reads(caller), input.fields),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/:categoryId`,
      summary: 'Get a category',
      tag,
      access: publicAccess,
      params: idParams,
      input: c.getCategoryRequest,
      response: c.categoryResponse,
      handler: async ({ params, input, caller }) => ({
        category: await categories.get(params.categoryId, reads(caller), input.fields),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${base}/visibility`,
      summary: 'Show or hide a category (hiding hides its subcategories)',
      tag,
      access: write,
      input: c.updateVisibilityRequest,
      response: c.categoryResponse,
      handler: async ({ input, caller }) => ({
        category: await categories.setVisibility(input.categoryId, input.visible, input.revision, input.fields, caller),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${base}/:categoryId`,
      summary: 'Update a category (compare-and-set on its revision)',
      tag,
      access: write,
      params: idParams,
      input: c.updateCategoryRequest,
      response: c.categoryResponse,
      handler: async ({ params, input, caller }) => ({
        category: await categories.update(params.categoryId, input.category, input.fields, 'category', caller),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${base}/:categoryId`,
      summary: 'Delete a category and its subcategories',
      tag,
      access: write,
      params: idParams,
      input: c.treeOnlyRequest,
      response: c.emptyResponse,
      handler: async ({ params, caller }) => {
        await categories.remove(params.categoryId, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/query`,
      summary: 'Query categories (cursor paging)',
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.queryCategoriesRequest,
      response: c.queryCategoriesResponse,
      handler: async ({ input, caller }) =>
        queries.query(input.query, reads(caller), input.returnNonVisibleCategories === true, input.fields),
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/search`,
      summary: 'Search categories by name (cursor paging)',
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.searchCategoriesRequest,
      response: c.searchCategoriesResponse,
      handler: async ({ input, caller }) =>
        queries.search(input.search, reads(caller), input.returnNonVisibleCategories === true, input.fields),
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/count`,
      summary: 'Count categories matching a filter',
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.countCategoriesRequest,
      response: c.countCategoriesResponse,
      handler: async ({ input, caller }) =>
        queries.count(input.filter, input.search?.expression, reads(caller), input.returnNonVisibleCategories === true),
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/:categoryId/move`,
      summary: 'Move a category to another parent or place among its siblings',
      tag,
      access: write,
      params: idParams,
      input: c.moveCategoryRequest,
      response: c.moveCategoryResponse,
      handler: async ({ params, input, caller }) => categories.move(params.categoryId, input, caller),
    }),
    defineRoute({
      method: 'POST',
      url: `${bulk}/update`,
      summary: 'Update several categories, a result each',
      tag,
      access: write,
      input: c.bulkUpdateCategoriesRequest,
      response: c.bulkCategoriesResponse,
      handler: async ({ input, caller }) =>
        categories.bulk(
          input.categories.map((m, i) => ({
            id: m.category.id,
            run: () => categories.update(m.category.id, m.category, input.fields, `categories[${i}].category`, caller),
          })),
          input.returnEntity === true,
        ),
    }),
    defineRoute({
      method: 'POST',
      url: `${bulk}/show`,
      summary: 'Show several categories, a result each',
      tag,
      access: write,
      input: c.bulkShowCategoriesRequest,
      response: c.bulkCategoriesResponse,
      handler: async ({ input, caller }) =>
        categories.bulk(
          input.categoryIds.map((id) => ({
            id,
            run: () => categories.setVisibility(id, true, null, input.fields, caller),
          })),
          input.returnEntity === true,
        ),
    }),
    defineRoute({
      method: 'POST',
      url: `${bulk}/:categoryId/add-items`,
      summary: 'Place products in a category (at its end, in the order sent)',
      tag,
      access: write,
      params: idParams,
      input: c.itemsToCategoryRequest,
      response: c.itemsToCategoryResponse,
      handler: async ({ params, input, caller }) => items.addItems(params.categoryId, input.items, caller),
    }),
    defineRoute({
      method: 'POST',
      url: `${bulk}/:categoryId/remove-items`,
      summary: 'Take products out of a category',
      tag,
      access: write,
      params: idParams,
      input: c.itemsToCategoryRequest,
      response: c.itemsToCategoryResponse,
      handler: async ({ params, input, caller }) => items.removeItems(params.categoryId, input.items, caller),
    }),
    defineRoute({
      method: 'POST',
      url: `${bulk}/add-item`,
      summary: 'Place a product in several categories',
      tag,
      access: write,
      input: c.itemToCategoriesRequest,
      response: c.itemToCategoriesResponse,
      handler: async ({ input, caller }) => items.itemToCategories(input.item, input.categoryIds, 'added', caller),
    }),
    defineRoute({
      method: 'POST',
      url: `${bulk}/remove-item`,
      summary: 'Take a product out of several categories',
      tag,
      access: write,
      input: c.itemToCategoriesRequest,
      response: c.itemToCategoriesResponse,
      handler: async ({ input, caller }) => items.itemToCategories(input.item, input.categoryIds, 'removed', caller),
    }),
    defineRoute({
      method: 'POST',
      url: `${bulk}/set-item-categories`,
      summary: "Set a product's categories",
      tag,
      access: write,
      input: c.setItemCategoriesRequest,
      response: c.setItemCategoriesResponse,
      handler: async ({ input, caller }) => items.setItemCategories(input.item, input.categoryIds ?? [], caller),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/:categoryId/list-items`,
      summary: 'List the products of a category (cursor paging)',
      tag,
      access: publicAccess,
      queryRoute: true,
      params: idParams,
      input: c.listItemsRequest,
      response: c.listItemsResponse,
      handler: async ({ params, input, caller }) =>
        items.listItems(params.categoryId, {
          cursor: input.cursorPaging?.cursor,
          limit: input.cursorPaging?.limit,
          arranged: input.useCategoryArrangement === true,
          withSubcategories: input.includeItemsFromSubcategories === true,
          elevated: reads(caller),
        }),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/list-categories-for-item`,
      summary: 'The categories of a product: direct, and with their ancestors',
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.listCategoriesForItemRequest,
      response: c.listCategoriesForItemResponse,
      handler: async ({ input, caller }) => items.categoriesForItem(input.item, reads(caller)),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/list-categories-for-items`,
      summary: 'The categories of several products',
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.listCategoriesForItemsRequest,
      response: c.listCategoriesForItemsResponse,
      handler: async ({ input, caller }) => items.categoriesForItems(input.items ?? [], reads(caller)),
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/:categoryId/set-arranged-items`,
      summary: "Set the merchant's order of a category's first products",
      tag,
      access: write,
      params: idParams,
      input: c.setArrangedItemsRequest,
      response: c.arrangedItemsResponse,
      handler: async ({ params, input, caller }) => items.setArranged(params.categoryId, input.items ?? [], caller),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/:categoryId/arranged-items`,
      summary: "The products in the merchant's order of a category",
      tag,
      access: publicAccess,
      params: idParams,
      input: c.treeOnlyRequest,
      response: c.arrangedItemsResponse,
      handler: async ({ params, caller }) => items.getArranged(params.categoryId, reads(caller)),
    }),
    defineRoute({
      method: 'GET',
      url: '/stores/v3/all-products-category',
      summary: 'The All Products category (products v3)',
      tag,
      access: publicAccess,
      response: c.allProductsCategoryResponse,
      handler: async () => ({
        categoryId: c.ALL_PRODUCTS_COLLECTION_ID,
        treeReference: { appNamespace: c.STORES_TREE_NAMESPACE },
      }),
    }),
  ];
}
