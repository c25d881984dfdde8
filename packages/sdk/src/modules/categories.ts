import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';
import { QueryBuilder } from '../query.js';

export type Category = c.Category;
export type CategoryItem = { catalogItemId: string; appId: string };

/** Per-call options of reads and writes that can add breadcrumbs and descriptions to the answer. */
export interface CategoryFieldOptions extends CallOptions {
  fields?: c.CategoryRequestedField[];
}

const BASE = '/categories/v1/categories';
const BULK = '/categories/v1/bulk/categories';
/** The store's product app: every item of the store's tree is one of its products. */
const STORES_APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const asItems = (productIds: readonly string[]) =>
  productIds.map((catalogItemId) => ({ catalogItemId, appId: STORES_APP }));

/**
 * Categories of the store's tree (`@wix/categories`, docs/decisions/0022-categories.md): the same grouping as the
 * v1 collections, with parents, breadcrumbs and the merchant's order of products. Reads are public (hidden
 * categories only for elevated clients); writes need an elevated client. Products are named by their ids.
 */
export function categories(transport: Transport) {
  const call = caller(transport, 'categories');
  const at = (id: string, tail = '') => fillPath(`${BASE}/{id}${tail}`, { id });
  const fieldsOf = (o?: CategoryFieldOptions) => (o?.fields ? { fields: o.fields } : {});
  const write = <T>(fn: string, path: string, body: unknown, args: unknown[], o?: CallOptions, method = 'POST') =>
    call<T>(fn, { method: method as 'POST', path, body, args, options: o, elevated: true });
  return {
    createCategory: async (category: In<typeof c.categoryCreateInput>, o?: CategoryFieldOptions) =>
      (
        await write<Out<typeof c.categoryResponse>>(
          'createCategory',
          BASE,
          { category, ...fieldsOf(o) },
          [category, o],
          o,
        )
      ).category,
    getCategory: async (id: string, o?: CategoryFieldOptions) =>
      (
        await call<Out<typeof c.categoryResponse>>('getCategory', {
          method: 'GET',
          path: at(id),
          params: fieldsOf(o),
          args: [id, o],
          options: o,
        })
      ).category,
    getCategoryBySlug: async (slug: string, o?: CategoryFieldOptions) =>
      (
        await call<Out<typeof c.categoryResponse>>('getCategoryBySlug', {
          method: 'GET',
          path: fillPath(`${BASE}/slug/{slug}`, { slug }),
          params: fieldsOf(o),
          args: [slug, o],
          options: o,
        })
      ).category,
    /** Changes a category; `patch.revision` is the one read (a stale one is refused). */
    updateCategory: async (id: string, patch: In<typeof c.categoryUpdateInput>, o?: CategoryFieldOptions) =>
      (
        await write<Out<typeof c.categoryResponse>>(
          'updateCategory',
          at(id),
          { category: { ...patch, id }, ...fieldsOf(o) },
          [id, patch, o],
          o,
          'PATCH',
        )
      ).category,
    /** Deletes the category and its subcategories; their products stay in the store. */
    deleteCategory: (id: string, o?: CallOptions) =>
      call<Empty>('deleteCategory', { method: 'DELETE', path: at(id), args: [id], options: o, elevated: true }),
    /** Categories matching a query, cursor paging (50 a page by default); hidden ones only when asked, elevated. */
    queryCategories: (o?: CategoryFieldOptions & { returnNonVisibleCategories?: boolean }) =>
      new QueryBuilder<Category>(async (query, callOptions) => {
        const body = await call<Out<typeof c.queryCategoriesResponse>>('queryCategories', {
          method: 'POST',
          path: `${BASE}/query`,
          body: { query, returnNonVisibleCategories: o?.returnNonVisibleCategories === true, ...fieldsOf(o) },
          args: [query],
          options: callOptions ?? o,
        });
        return { items: body.categories, cursors: body.pagingMetadata.cursors };
      }, 'cursor'),
    countCategories: (filter?: Record<string, unknown>, o?: CallOptions) =>
      call<Out<typeof c.countCategoriesResponse>>('countCategories', {
        method: 'POST',
        path: `${BASE}/count`,
        body: filter ? { filter } : {},
        args: [filter],
        options: o,
      }),
    /** Moves a category under `parentCategoryId` (null: the top level) at FIRST, LAST or AFTER a sibling. */
    moveCategory: (id: string, move: In<typeof c.moveCategoryRequest>, o?: CallOptions) =>
      write<Out<typeof c.moveCategoryResponse>>('moveCategory', at(id, '/move'), move, [id, move], o),
    updateCategoryVisibility: async (id: string, visible: boolean, revision: string, o?: CategoryFieldOptions) =>
      (
        await write<Out<typeof c.categoryResponse>>(
          'updateCategoryVisibility',
          `${BASE}/visibility`,
          { categoryId: id, visible, revision, ...fieldsOf(o) },
          [id, visible, revision],
          o,
          'PATCH',
        )
      ).category,
    /** Places products at the end of the category, in the order given; a result each. */
    addProducts: (id: string, productIds: readonly string[], o?: CallOptions) =>
      write<Out<typeof c.itemsToCategoryResponse>>(
        'addProducts',
        fillPath(`${BULK}/{id}/add-items`, { id }),
        { items: asItems(productIds) },
        [id, productIds],
        o,
      ),
    removeProducts: (id: string, productIds: readonly string[], o?: CallOptions) =>
      write<Out<typeof c.itemsToCategoryResponse>>(
        'removeProducts',
        fillPath(`${BULK}/{id}/remove-items`, { id }),
        { items: asItems(productIds) },
        [id, productIds],
        o,
      ),
    /** Makes a product's categories exactly these (All Products always stays). */
    setProductCategories: (productId: string, categoryIds: readonly string[], o?: CallOptions) =>
      write<Out<typeof c.setItemCategoriesResponse>>(
        'setProductCategories',
        `${BULK}/set-item-categories`,
        { item: asItems([productId])[0], categoryIds },
        [productId, categoryIds],
        o,
      ),
    /** One page of a category's products: the merchant's order when `arranged`, else newest placement first. */
    listProducts: (
      id: string,
      page: { cursor?: string; limit?: number; arranged?: boolean; withSubcategories?: boolean } = {},
      o?: CallOptions,
    ) =>
      call<Out<typeof c.listItemsResponse>>('listProducts', {
        method: 'POST',
        path: at(id, '/list-items'),
        body: {
          cursorPaging: { limit: page.limit ?? 50, ...(page.cursor ? { cursor: page.cursor } : {}) },
          useCategoryArrangement: page.arranged ?? true,
          includeItemsFromSubcategories: page.withSubcategories === true,
        },
        args: [id, page],
        options: o,
      }),
    /** The categories a product is in directly, and with their ancestors. */
    categoriesOfProduct: (productId: string, o?: CallOptions) =>
      call<Out<typeof c.listCategoriesForItemResponse>>('categoriesOfProduct', {
        method: 'POST',
        path: `${BASE}/list-categories-for-item`,
        body: { item: asItems([productId])[0] },
        args: [productId],
        options: o,
      }),
    /** Puts these products (already in the category) first, in this order; at most 100. */
    arrangeProducts: (id: string, productIds: readonly string[], o?: CallOptions) =>
      write<Out<typeof c.arrangedItemsResponse>>(
        'arrangeProducts',
        at(id, '/set-arranged-items'),
        { items: asItems(productIds) },
        [id, productIds],
        o,
      ),
    getArrangedProducts: (id: string, o?: CallOptions) =>
      call<Out<typeof c.arrangedItemsResponse>>('getArrangedProducts', {
        method: 'GET',
        path: at(id, '/arranged-items'),
        args: [id],
        options: o,
      }),
    /** The id of the All Products category (the All Products collection), which holds every product. */
    getAllProductsCategory: (o?: CallOptions) =>
      call<Out<typeof c.allProductsCategoryResponse>>('getAllProductsCategory', {
        method: 'GET',
        path: '/stores/v3/all-products-category',
        args: [],
        options: o,
      }),
  };
}

export type CategoriesModule = ReturnType<typeof categories>;
