import type { Product } from '@merx/contract';
import type { Filter, PlatformQuery, SortEntry } from '@merx/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

export const PAGE_SIZE = 50;
/**
 * The collection that always holds every product and cannot be changed (the contract's ALL_PRODUCTS_COLLECTION_ID,
 * written here so that the page does not load the contract's schemas).
 */
export const ALL_PRODUCTS_COLLECTION_ID = '00000000-000000-000000-000000000001';
/** A tracked product with this many units or fewer (and some) is low on stock. */
export const LOW_STOCK = 5;

/** The product list's view, as kept in the URL. */
export interface ProductListView {
  q: string;
  collection: string;
  visibility: string;
  stock: string;
  min: string;
  max: string;
  sort: string;
  cursor: string;
}

export const LIST_KEYS = ['q', 'collection', 'visibility', 'stock', 'min', 'max', 'sort'] as const;

export const SORTS: ReadonlyArray<{ value: string; label: string; sort: SortEntry }> = [
  { value: '', label: 'Last updated', sort: { fieldName: 'lastUpdated', order: 'DESC' } },
  { value: 'created', label: 'Newest', sort: { fieldName: 'createdDate', order: 'DESC' } },
  { value: 'name', label: 'Name A–Z', sort: { fieldName: 'name', order: 'ASC' } },
  { value: 'name-desc', label: 'Name Z–A', sort: { fieldName: 'name', order: 'DESC' } },
  { value: 'price', label: 'Price, low to high', sort: { fieldName: 'priceData.price', order: 'ASC' } },
  { value: 'price-desc', label: 'Price, high to low', sort: { fieldName: 'priceData.price', order: 'DESC' } },
];

export const STOCK_FILTERS: ReadonlyArray<{ value: string; label: string; filter: Filter }> = [
  { value: 'in', label: 'In stock', filter: { 'stock.inStock': true } },
  {
    value: 'low',
    label: `Low (${LOW_STOCK} or fewer)`,
    filter: {
      $and: [
        { 'stock.trackInventory': true },
        { 'stock.quantity': { $gt: 0 } },
        { 'stock.quantity': { $lte: LOW_STOCK } },
      ],
    },
  },
  { value: 'out', label: 'Out of stock', filter: { 'stock.inStock': false } },
  { value: 'untracked', label: 'Not tracked', filter: { 'stock.trackInventory': false } },
];

const amount = (text: string) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** The catalog query of a view: search by name or SKU, filters, sort, and the page's cursor. */
export function listQueryOf(view: ProductListView): PlatformQuery {
  const and: Filter[] = [];
  const q = view.q.trim();
  if (q) and.push({ $or: [{ name: { $contains: q } }, { sku: { $startsWith: q } }] });
  if (view.collection) and.push({ collectionIds: { $hasSome: [view.collection] } });
  if (view.visibility === 'visible') and.push({ visible: true });
  if (view.visibility === 'hidden') and.push({ visible: false });
  const stock = STOCK_FILTERS.find((s) => s.value === view.stock);
  if (stock) and.push(stock.filter);
  const min = amount(view.min);
  const max = amount(view.max);
  if (min !== undefined) and.push({ 'priceData.price': { $gte: min } });
  if (max !== undefined) and.push({ 'priceData.price': { $lte: max } });
  const sort = (SORTS.find((s) => s.value === view.sort) ?? (SORTS[0] as (typeof SORTS)[number])).sort;
  return {
    filter: and.length === 0 ? {} : and.length === 1 ? (and[0] as Filter) : { $and: and },
    sort: [sort],
    cursorPaging: { limit: PAGE_SIZE, ...(view.cursor ? { cursor: view.cursor } : {}) },
  };
}

/** One page of the whole catalog (hidden products too), by cursor: deep pages cost what the first one does. */
export const productListQuery = (view: ProductListView) =>
  queryOptions({
    queryKey: ['products', 'list', view],
    queryFn: async ({ signal }) =>
      (await admin()).products.queryProductsPage(listQueryOf(view), { includeHiddenProducts: true }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useProductList = (view: ProductListView) => useQuery(productListQuery(view));

/** One product with its variants and merchant data (cost, profit). */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['products', 'one', id],
    queryFn: async ({ signal }): Promise<Product> =>
      (await (await admin()).products.getProduct(id, { includeMerchantSpecificData: true }, { signal })).product,
    staleTime: 0,
  });

export const useProduct = (id: string | undefined) => useQuery({ ...productQuery(id ?? ''), enabled: Boolean(id) });

/** The store's collections by name, for filters, bulk actions and the editor (the first 100). */
export const collectionChoicesQuery = () =>
  queryOptions({
    queryKey: ['collections', 'choices'],
    queryFn: async ({ signal }) =>
      (
        await (
          await admin()
        ).collections.queryCollectionsPage(
          { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 100, offset: 0 } },
          { signal },
        )
      ).collections,
    staleTime: 60_000,
  });

export const useCollectionChoices = () => useQuery(collectionChoicesQuery());
