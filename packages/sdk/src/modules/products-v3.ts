import type { ProductV3, ProductV3Input, ProductV3RequestedField } from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller } from '../module.js';
import { type Filter, QueryBuilder } from '../query.js';

export type ProductV3Data = ProductV3;

/** Per-call options of product reads: the requested extra fields (URL, CURRENCY, DESCRIPTION, MERCHANT_DATA, …). */
export interface ProductV3ReadOptions extends CallOptions {
  fields?: ProductV3RequestedField[];
}

/** A search: words, filter, sort and cursor paging (`search` of `searchProducts`). */
export interface ProductV3Search {
  search?: { expression?: string };
  filter?: Filter;
  sort?: Array<{ fieldName: string; order?: 'ASC' | 'DESC' }>;
  cursorPaging?: { limit?: number; cursor?: string };
  /** Facets over the whole searched set (docs/decisions/0026-aggregations.md), e.g. `{ type: 'VALUE', fieldPath: 'optionChoices' }`. */
  aggregations?: ProductV3Aggregation[];
}

/** One aggregation of a search: VALUE, RANGE, SCALAR, DATE_HISTOGRAM or NESTED over an allowed field. */
export interface ProductV3Aggregation {
  name?: string;
  type: 'VALUE' | 'RANGE' | 'SCALAR' | 'DATE_HISTOGRAM' | 'NESTED';
  fieldPath: string;
  value?: {
    sortType?: 'COUNT' | 'VALUE';
    sortDirection?: 'ASC' | 'DESC';
    limit?: number;
    missingValues?: 'EXCLUDE' | 'INCLUDE';
  };
  range?: { buckets: Array<{ from?: number; to?: number }> };
  scalar?: { type: 'COUNT_DISTINCT' | 'MIN' | 'MAX' };
  dateHistogram?: { interval: 'YEAR' | 'MONTH' | 'WEEK' | 'DAY' | 'HOUR' | 'MINUTE' | 'SECOND' };
  nested?: { nestedAggregations: Array<Omit<ProductV3Aggregation, 'nested'>> };
}

/** An aggregation's answer, in request order (the shape depends on its type). */
export interface ProductV3AggregationResult {
  name: string;
  type: ProductV3Aggregation['type'];
  fieldPath: string;
  values?: { results: Array<{ value: string; count: number }> };
  ranges?: { results: Array<{ from?: number; to?: number; count: number }> };
  scalar?: { type: string; value?: number };
  dateHistogram?: { results: Array<{ value: string; count: number }> };
  nested?: { results: Array<{ results: Record<string, unknown> }> };
}

/** One product's outcome in a bulk answer. */
export interface ProductV3BulkResult {
  itemMetadata: {
    id?: string | null;
    originalIndex: number;
    success: boolean;
    error?: { code: string; description: string; data: Record<string, unknown> };
  };
  item?: ProductV3;
}

export interface ProductsV3BulkAnswer {
  results: ProductV3BulkResult[];
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}

/** Stock of the variants written by a `…WithInventory` call: an inventory item v3 per variant. */
export interface InventoryResults {
  results: Array<{ itemMetadata: ProductV3BulkResult['itemMetadata']; item?: Record<string, unknown> }>;
  bulkActionMetadata: ProductsV3BulkAnswer['bulkActionMetadata'];
}

/** Options of bulk writes: whether products come back, and with which extra fields. */
export interface ProductV3BulkOptions extends ProductV3ReadOptions {
  returnEntity?: boolean;
}

/** Tags to assign or unassign. */
export interface ProductV3Tags {
  publicTags?: { tagIds: string[] };
  privateTags?: { tagIds: string[] };
}

/** A by-filter call: the products its filter (and search words) select. */
export interface ByFilter extends CallOptions {
  filter?: Filter;
  search?: { expression?: string };
}

/** A change of prices or cost by an amount (major units, may be negative) or a percentage. */
export interface AdjustValue {
  amount?: string;
  percentage?: number;
}

export interface ProductsV3Page {
  products: ProductV3[];
  pagingMetadata: { count: number; cursors: { next?: string; prev?: string }; hasNext: boolean };
  /** Search only, when aggregations were asked for. */
  aggregationData?: { results: ProductV3AggregationResult[] };
}

/**
 * Products of catalog v3 (`stores_products-v-3` as `@wix/stores` sends them), over the same catalog as `products`
 * (v1): the same ids, prices and stock. Reads are public; hidden products and MERCHANT_DATA need an elevated client
 * (a visitor asking for MERCHANT_DATA gets the product without it). Writes need `catalog:write`
 * (docs/decisions/0028-products-v3-writes.md).
 */
export function productsV3(transport: Transport) {
  const call = caller(transport, 'productsV3');
  const base = '/stores/v3/products';
  const fieldsOf = (o?: ProductV3ReadOptions) => (o?.fields ? { fields: o.fields } : {});
  return {
    getProduct: async (productId: string, o?: ProductV3ReadOptions) =>
      (
        await call<{ product: ProductV3 }>('getProduct', {
          method: 'GET',
          path: fillPath(`${base}/{id}`, { id: productId }),
          params: fieldsOf(o),
          args: [productId, o],
          options: o,
        })
      ).product,
    getProductBySlug: (slug: string, o?: ProductV3ReadOptions) =>
      call<{ product: ProductV3 }>('getProductBySlug', {
        method: 'GET',
        path: fillPath(`${base}/slug/{slug}`, { slug }),
        params: fieldsOf(o),
        args: [slug, o],
        options: o,
      }),
    /** Products matching a query, cursor paging (100 a page by default). */
    queryProducts: (o?: ProductV3ReadOptions) =>
      new QueryBuilder<ProductV3>(async (query, callOptions) => {
        const body = await call<ProductsV3Page>('queryProducts', {
          method: 'POST',
          path: `${base}/query`,
          body: { query, ...fieldsOf(o) },
          args: [query],
          options: callOptions ?? o,
        });
        return { items: body.products, cursors: body.pagingMetadata.cursors };
      }, 'cursor'),
    searchProducts: (search: ProductV3Search, o?: ProductV3ReadOptions) =>
      call<ProductsV3Page>('searchProducts', {
        method: 'POST',
        path: `${base}/search`,
        body: { search, ...fieldsOf(o) },
        args: [search, o],
        options: o,
      }),
    countProducts: (
      o?: CallOptions & { filter?: Filter; search?: { expression?: string }; returnNonVisibleProducts?: boolean },
    ) =>
      call<{ count: number }>('countProducts', {
        method: 'POST',
        path: `${base}/count`,
        body: {
          ...(o?.filter ? { filter: o.filter } : {}),
          ...(o?.search ? { search: o.search } : {}),
          ...(o?.returnNonVisibleProducts ? { returnNonVisibleProducts: true } : {}),
        },
        args: [o],
        options: o,
      }),

    createProduct: async (product: ProductV3Input, o?: ProductV3ReadOptions) =>
      (
        await call<{ product: ProductV3 }>('createProduct', {
          method: 'POST',
          path: base,
          body: { product, ...fieldsOf(o) },
          args: [product, o],
          options: o,
        })
      ).product,
    /** Changes the fields sent; `product.revision` must be the revision read (a stale one: CONCURRENT_MODIFICATION). */
    updateProduct: async (productId: string, product: ProductV3Input, o?: ProductV3ReadOptions) =>
      (
        await call<{ product: ProductV3 }>('updateProduct', {
          method: 'PATCH',
          path: fillPath(`${base}/{id}`, { id: productId }),
          body: { product: { ...product, id: productId }, ...fieldsOf(o) },
          args: [productId, product, o],
          options: o,
        })
      ).product,
    deleteProduct: (productId: string, o?: CallOptions) =>
      call<Record<string, never>>('deleteProduct', {
        method: 'DELETE',
        path: fillPath(`${base}/{id}`, { id: productId }),
        args: [productId],
        options: o,
      }),
    /** Creates a product with the stock of each variant (`variantsInfo.variants[].inventoryItem`). */
    createProductWithInventory: (product: ProductV3Input, o?: ProductV3BulkOptions) =>
      call<{ product?: ProductV3; inventoryResults: InventoryResults }>('createProductWithInventory', {
        method: 'POST',
        path: '/stores/v3/products-with-inventory',
        body: { product, ...fieldsOf(o), ...(o?.returnEntity !== undefined ? { returnEntity: o.returnEntity } : {}) },
        args: [product, o],
        options: o,
      }),
    updateProductWithInventory: (productId: string, product: ProductV3Input, o?: ProductV3BulkOptions) =>
      call<{ product?: ProductV3; inventoryResults: InventoryResults }>('updateProductWithInventory', {
        method: 'PATCH',
        path: fillPath('/stores/v3/products-with-inventory/{id}', { id: productId }),
        body: {
          product: { ...product, id: productId },
          ...fieldsOf(o),
          ...(o?.returnEntity !== undefined ? { returnEntity: o.returnEntity } : {}),
        },
        args: [productId, product, o],
        options: o,
      }),
    bulkCreateProducts: (items: ProductV3Input[], o?: ProductV3BulkOptions) =>
      bulk('bulkCreateProducts', 'create', { products: items }, o),
    /** Each item carries its `id` and the `revision` read. */
    bulkUpdateProducts: (items: ProductV3Input[], o?: ProductV3BulkOptions) =>
      bulk('bulkUpdateProducts', 'update', { products: items.map((product) => ({ product })) }, o),
    bulkDeleteProducts: (productIds: string[], o?: CallOptions) =>
      bulk('bulkDeleteProducts', 'delete', { productIds }, o),
    bulkUpdateProductTags: (
      productIds: string[],
      tags: { assignTags?: ProductV3Tags; unassignTags?: ProductV3Tags },
      o?: CallOptions,
    ) => bulk('bulkUpdateProductTags', 'update-tags', { productIds, ...tags }, o),
    /** Adds info sections after those each product has (each once); `revision`, when given, is compare-and-set. */
    bulkAddInfoSectionsToProducts: (
      items: Array<{ productId: string; revision?: string }>,
      infoSectionIds: string[],
      o?: ProductV3BulkOptions,
    ) => bulk('bulkAddInfoSectionsToProducts', 'add-info-sections', { products: items, infoSectionIds }, o),
    bulkRemoveInfoSectionsFromProducts: (
      items: Array<{ productId: string; revision?: string }>,
      infoSectionIds: string[],
      o?: ProductV3BulkOptions,
    ) => bulk('bulkRemoveInfoSectionsFromProducts', 'remove-info-sections', { products: items, infoSectionIds }, o),
    bulkAddInfoSectionsToProductsByFilter: (by: ByFilter & { infoSectionIds: string[] }) =>
      job('bulkAddInfoSectionsToProductsByFilter', 'add-info-sections-by-filter', by),
    bulkRemoveInfoSectionsFromProductsByFilter: (by: ByFilter & { infoSectionIds: string[] }) =>
      job('bulkRemoveInfoSectionsFromProductsByFilter', 'remove-info-sections-by-filter', by),
    bulkUpdateProductsByFilter: (by: ByFilter & { product: ProductV3Input }) =>
      job('bulkUpdateProductsByFilter', 'update-by-filter', by),
    bulkUpdateProductVariantsByFilter: (
      by: ByFilter & { variant: NonNullable<ProductV3Input['variantsInfo']>['variants'][number] },
    ) => job('bulkUpdateProductVariantsByFilter', 'update-variants-by-filter', by),
    bulkAdjustProductVariantsByFilter: (
      by: ByFilter & {
        actualPrice?: AdjustValue;
        compareAtPrice?: AdjustValue;
        compareAtPriceDiscount?: AdjustValue;
        cost?: AdjustValue;
        rounding?: 'NO_ROUNDING' | 'CURRENCY_PRECISION' | 'NEAREST_WHOLE_NUMBER';
      },
    ) => job('bulkAdjustProductVariantsByFilter', 'adjust-variants-by-filter', by),
    bulkUpdateProductTagsByFilter: (by: ByFilter & { assignTags?: ProductV3Tags; unassignTags?: ProductV3Tags }) =>
      job('bulkUpdateProductTagsByFilter', 'update-tags-by-filter', by),
    bulkDeleteProductsByFilter: (by: ByFilter) => job('bulkDeleteProductsByFilter', 'delete-by-filter', by),
    bulkAddProductsToCategoriesByFilter: (by: ByFilter & { categoryIds: string[] }) =>
      job('bulkAddProductsToCategoriesByFilter', 'add-to-categories-by-filter', by),
    bulkRemoveProductsFromCategoriesByFilter: (by: ByFilter & { categoryIds: string[] }) =>
      job('bulkRemoveProductsFromCategoriesByFilter', 'remove-from-categories-by-filter', by),
  };

  function bulk(name: string, action: string, body: Record<string, unknown>, o?: ProductV3BulkOptions) {
    return call<ProductsV3BulkAnswer>(name, {
      method: 'POST',
      path: `/stores/v3/bulk/products/${action}`,
      body: { ...body, ...fieldsOf(o), ...(o?.returnEntity !== undefined ? { returnEntity: o.returnEntity } : {}) },
      args: [body, o],
      options: o,
    });
  }

  /** A by-filter call: Merx runs it before it answers and names the job. */
  function job<B extends ByFilter>(name: string, action: string, by: B) {
    const { signal: _s, headers: _h, idempotencyKey: _k, ...body } = by;
    return call<{ jobId: string }>(name, {
      method: 'POST',
      path: `/stores/v3/bulk/products/${action}`,
      body,
      args: [by],
      options: by,
    });
  }
}

export type ProductsV3Module = ReturnType<typeof productsV3>;
