import type { Transport } from '../http.js';
import { type CallOptions, caller } from '../module.js';
import { type Filter, QueryBuilder } from '../query.js';

/** A variant of catalog v3 with its product's data (id `<productId>_<variantId>`; `variantId` as in products v3). */
export interface ReadOnlyVariant {
  id: string;
  variantId: string;
  visible?: boolean;
  sku?: string;
  optionChoices: unknown[];
  price?: { actualPrice: { amount: string }; compareAtPrice?: { amount: string } };
  inventoryStatus?: { inStock: boolean; preorderEnabled: boolean };
  productData: { productId: string; name?: string; slug?: string; visible?: boolean; productType?: string };
  [key: string]: unknown;
}

export interface VariantsPage {
  variants: ReadOnlyVariant[];
  pagingMetadata: { count: number; cursors: { next?: string; prev?: string }; hasNext: boolean };
}

/** A variants search: filter, sort and cursor paging. */
export interface VariantSearch {
  filter?: Filter;
  sort?: Array<{ fieldName: string; order?: 'ASC' | 'DESC' }>;
  cursorPaging?: { limit?: number; cursor?: string };
}

export interface VariantReadOptions extends CallOptions {
  fields?: string[];
}

/**
 * Read-only variants of catalog v3 (`stores_read-only-variants-v-3`, docs/decisions/0027-inventory-v3.md): the
 * catalog's variants across products. Public over visible products; hidden ones need an elevated client.
 */
export function readOnlyVariants(transport: Transport) {
  const call = caller(transport, 'readOnlyVariants');
  const fieldsOf = (o?: VariantReadOptions) => (o?.fields ? { fields: o.fields } : {});
  return {
    /** Variants matching a query, cursor paging (100 a page by default). */
    queryVariants: (o?: VariantReadOptions) =>
      new QueryBuilder<ReadOnlyVariant>(async (query, callOptions) => {
        const body = await call<VariantsPage>('queryVariants', {
          method: 'POST',
          path: '/stores/v3/products/query-variants',
          body: { query, ...fieldsOf(o) },
          args: [query],
          options: callOptions ?? o,
        });
        return { items: body.variants, cursors: body.pagingMetadata.cursors };
      }, 'cursor'),
    searchVariants: (search: VariantSearch, o?: VariantReadOptions) =>
      call<VariantsPage>('searchVariants', {
        method: 'POST',
        path: '/stores/v3/products/search-variants',
        body: { search, ...fieldsOf(o) },
        args: [search, o],
        options: o,
      }),
  };
}

export type ReadOnlyVariantsModule = ReturnType<typeof readOnlyVariants>;
