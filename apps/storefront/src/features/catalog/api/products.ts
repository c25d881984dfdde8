import type { Product } from '@merx/contract';
import type { PlatformQuery } from '@merx/sdk';
import { queryOptions } from '@tanstack/react-query';
import { catalog } from '../../../lib/shop';
import { type Selection, SORTS, type SortKey, selectionKey, v1FilterOf } from '../filters';

/** The listing's order in the query language. */
function sortOf(key: SortKey): PlatformQuery['sort'] {
  const sort = SORTS[key];
  return sort.field ? [{ fieldName: sort.field, order: sort.order === 'asc' ? 'ASC' : 'DESC' }] : [];
}

export interface ListingPage {
  products: Product[];
  /** Products matching, as the server counts them. */
  total: number;
}

/**
 * One page of a listing, filtered, ordered and counted by the server: search words, collection, price, stock,
 * brands and option choices (`optionChoices`, docs/decisions/0029-option-choice-facets.md).
 */
export const listingPageQuery = (selection: Selection, sort: SortKey, offset: number, limit: number) =>
  queryOptions({
    queryKey: ['products', 'listing', selectionKey(selection), sort, offset, limit],
    queryFn: async ({ signal }): Promise<ListingPage> => {
      const body = await catalog.products.queryProductsPage(
        { filter: v1FilterOf(selection), sort: sortOf(sort), paging: { limit, offset } },
        { search: selection.q },
        { signal },
      );
      return { products: body.products, total: body.metadata?.total ?? body.products.length };
    },
    placeholderData: (previous) => previous,
  });
