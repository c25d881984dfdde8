import type { ProductV3, ProductV3RequestedField } from '@merx/contract';
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
}

export interface ProductsV3Page {
  products: ProductV3[];
  pagingMetadata: { count: number; cursors: { next?: string; prev?: string }; hasNext: boolean };
}

/**
 * Products of catalog v3, the read calls (`stores_products-v-3` as `@wix/stores` sends them), over the same catalog
 * as `products` (v1): the same ids, prices and stock. Public; hidden products and MERCHANT_DATA need an elevated
 * client (a visitor asking for MERCHANT_DATA gets the product without it).
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
  };
}

export type ProductsV3Module = ReturnType<typeof productsV3>;
