import type { Product } from '@merx/contract';
import type { PlatformQuery } from '@merx/sdk';
import { queryOptions } from '@tanstack/react-query';
import { catalog } from '../../../lib/shop';

/**
 * The listing's orders, all answered by the server. "Featured" is the merchant's order (the order products were
 * placed in the collection, or added to the shop); "Relevance" (best matches first) is offered while searching.
 */
export const SORTS = {
  relevance: { label: 'Relevance', field: undefined, order: 'asc' },
  featured: { label: 'Featured', field: 'featured', order: 'asc' },
  newest: { label: 'Newest', field: 'createdDate', order: 'desc' },
  'price-asc': { label: 'Price: low to high', field: 'priceData.discountedPrice', order: 'asc' },
  'price-desc': { label: 'Price: high to low', field: 'priceData.discountedPrice', order: 'desc' },
  'name-asc': { label: 'Name: A to Z', field: 'name', order: 'asc' },
} as const;
export type SortKey = keyof typeof SORTS;

/** What the products query answers itself: search, collection, price range, stock, brands and order. */
export interface ServerFilters {
  q: string;
  collectionId?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  inStock: boolean;
  brands: string[];
  sort: SortKey;
}

/** The filter and sort of a listing in the query language. */
function queryOf(f: ServerFilters): Pick<PlatformQuery, 'filter' | 'sort'> {
  const and: Array<Record<string, unknown>> = [];
  if (f.collectionId) and.push({ collectionIds: { $hasSome: [f.collectionId] } });
  if (f.inStock) and.push({ 'stock.inStock': true });
  if (f.min !== undefined) and.push({ 'priceData.discountedPrice': { $gte: f.min } });
  if (f.max !== undefined) and.push({ 'priceData.discountedPrice': { $lte: f.max } });
  if (f.brands.length > 0) and.push({ brand: { $in: f.brands } });
  const sort = SORTS[f.sort];
  return {
    filter: and.length > 0 ? { $and: and } : {},
    sort: sort.field ? [{ fieldName: sort.field, order: sort.order === 'asc' ? 'ASC' : 'DESC' }] : [],
  };
}

export interface ListingPage {
  products: Product[];
  /** Products matching, as the server counts them. */
  total: number;
}

/** One page of a listing, counted by the server. */
export const listingPageQuery = (f: ServerFilters, offset: number, limit: number) =>
  queryOptions({
    queryKey: ['products', 'listing', f, offset, limit],
    queryFn: async ({ signal }): Promise<ListingPage> => {
      const body = await catalog.products.queryProductsPage(
        { ...queryOf(f), paging: { limit, offset } },
        { search: f.q },
        { signal },
      );
      return { products: body.products, total: body.metadata?.total ?? body.products.length };
    },
    placeholderData: (previous) => previous,
  });

/** Products read at most for a listing filtered by option choices (which the query cannot filter on). */
const MAX_OPTION_POOL = 500;

/**
 * The first products of a listing, up to `max`: a sample for the facet counts (brands, option choices), and the
 * pool that option filters narrow (product options are not query fields yet).
 */
export const listingSampleQuery = (f: ServerFilters, max = 100) =>
  queryOptions({
    queryKey: ['products', 'sample', f, max],
    queryFn: async ({ signal }): Promise<Product[]> => {
      const items: Product[] = [];
      for (let offset = 0; offset < Math.min(max, MAX_OPTION_POOL); offset += 100) {
        const body = await catalog.products.queryProductsPage(
          { ...queryOf(f), paging: { limit: 100, offset } },
          { search: f.q },
          { signal },
        );
        items.push(...body.products);
        if (body.products.length < 100) break;
      }
      return items;
    },
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });

export { MAX_OPTION_POOL };
