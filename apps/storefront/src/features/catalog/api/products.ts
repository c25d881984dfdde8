import type { Product } from '@merx/contract';
import { queryOptions } from '@tanstack/react-query';
import { catalog } from '../../../lib/shop';

export const SORTS = {
  featured: { label: 'Featured', field: 'createdDate', order: 'desc' },
  newest: { label: 'Newest', field: 'createdDate', order: 'desc' },
  'price-asc': { label: 'Price: low to high', field: 'priceData.discountedPrice', order: 'asc' },
  'price-desc': { label: 'Price: high to low', field: 'priceData.discountedPrice', order: 'desc' },
  'name-asc': { label: 'Name: A to Z', field: 'name', order: 'asc' },
} as const;
export type SortKey = keyof typeof SORTS;

/** The filters the products query answers itself: collection, price range, stock, order. */
export interface ServerFilters {
  collectionId?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  inStock: boolean;
  sort: SortKey;
}

/** At most this many products are read for one listing (search and option filters run over them). */
const MAX_PRODUCTS = 500;

/**
 * The products of a listing, in order. The query API filters collections, prices and stock, but has no text
 * search, option fields or aggregations: those (and the facet counts) are worked out over this list.
 */
export const listingQuery = (f: ServerFilters) =>
  queryOptions({
    queryKey: ['products', 'listing', f],
    queryFn: async (): Promise<Product[]> => {
      const sort = SORTS[f.sort];
      let q = catalog.products.queryProducts().limit(100);
      if (f.collectionId) q = q.hasSome('collectionIds', [f.collectionId]);
      if (f.inStock) q = q.eq('stock.inStock', true);
      if (f.min !== undefined) q = q.ge('priceData.discountedPrice', f.min);
      if (f.max !== undefined) q = q.le('priceData.discountedPrice', f.max);
      q = sort.order === 'asc' ? q.ascending(sort.field) : q.descending(sort.field);
      let page = await q.find();
      const items = [...page.items];
      while (page.hasNext() && items.length < MAX_PRODUCTS) {
        page = await page.next();
        items.push(...page.items);
      }
      return items;
    },
    placeholderData: (previous) => previous,
  });
