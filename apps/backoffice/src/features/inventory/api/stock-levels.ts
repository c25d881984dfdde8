import type { StockLevel } from '@merx/contract';
import type { Filter, PlatformQuery, SortEntry } from '@merx/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** Variants on one page of the table. */
export const PAGE_SIZE = 50;
/**
 * A tracked variant with this many units or fewer (and at least one) is low on stock. The store has no setting for
 * it; Home and Products use the same number.
 */
export const LOW_STOCK = 5;

/** The keys of the table's view kept in the URL (the page's offset rides in `cursor`, as on other lists). */
export const LIST_KEYS = ['q', 'tracking', 'stock', 'sort'] as const;
type ListKey = (typeof LIST_KEYS)[number];

/** The inventory table's view: search, filters, sort and the first row's offset. */
export type StockView = Record<ListKey, string> & { offset: number };

export const TRACKING_FILTERS: ReadonlyArray<{ value: string; label: string; filter: Filter }> = [
  { value: 'tracked', label: 'Tracked', filter: { trackQuantity: true } },
  { value: 'untracked', label: 'Not tracked', filter: { trackQuantity: false } },
];

export const STOCK_FILTERS: ReadonlyArray<{ value: string; label: string; filter: Filter }> = [
  {
    value: 'in',
    label: 'In stock',
    filter: { $and: [{ inStock: true }, { $or: [{ trackQuantity: false }, { quantity: { $gt: LOW_STOCK } }] }] },
  },
  {
    value: 'low',
    label: `Low (${LOW_STOCK} or fewer)`,
    filter: { trackQuantity: true, quantity: { $gt: 0, $lte: LOW_STOCK } },
  },
  { value: 'out', label: 'Out of stock', filter: { inStock: false } },
];

export const SORTS: ReadonlyArray<{ value: string; label: string; sort: SortEntry[] }> = [
  { value: '', label: 'Product A–Z', sort: [{ fieldName: 'productName', order: 'ASC' }] },
  {
    value: 'fewest',
    label: 'Fewest units first',
    sort: [
      { fieldName: 'quantity', order: 'ASC' },
      { fieldName: 'productName', order: 'ASC' },
    ],
  },
  { value: 'sku', label: 'SKU', sort: [{ fieldName: 'sku', order: 'ASC' }] },
  { value: 'updated', label: 'Recently changed', sort: [{ fieldName: 'lastUpdated', order: 'DESC' }] },
];

/** The view a URL asks for: unknown filter values count as none, a bad offset as the first page. */
export function viewOf(values: Record<ListKey, string>, cursor: string): StockView {
  const known = (list: ReadonlyArray<{ value: string }>, value: string) =>
    list.some((o) => o.value === value) ? value : '';
  return {
    q: values.q,
    tracking: known(TRACKING_FILTERS, values.tracking),
    stock: known(STOCK_FILTERS, values.stock),
    sort: known(SORTS, values.sort),
    offset: /^\d+$/.test(cursor) ? Number(cursor) : 0,
  };
}

/** The stock levels query of a view: search by product name or SKU, filters, sort and the page. */
export function listQueryOf(view: StockView): PlatformQuery {
  const and: Filter[] = [];
  const q = view.q.trim();
  if (q) and.push({ $or: [{ productName: { $contains: q } }, { sku: { $contains: q } }] });
  const tracking = TRACKING_FILTERS.find((t) => t.value === view.tracking);
  if (tracking) and.push(tracking.filter);
  const stock = STOCK_FILTERS.find((s) => s.value === view.stock);
  if (stock) and.push(stock.filter);
  const sort = (SORTS.find((s) => s.value === view.sort) ?? (SORTS[0] as (typeof SORTS)[number])).sort;
  return {
    filter: and.length === 0 ? {} : and.length === 1 ? (and[0] as Filter) : { $and: and },
    sort,
    paging: { limit: PAGE_SIZE, offset: view.offset },
  };
}

/** Where every page of the table is cached: edits patch their rows here. */
export const LEVELS_KEY = ['inventory', 'levels'] as const;

/** One page of the table: every variant of the catalog (hidden products too) matching the view. */
export const stockLevelsQuery = (view: StockView) =>
  queryOptions({
    queryKey: [...LEVELS_KEY, view],
    queryFn: async ({ signal }) => (await admin()).inventory.queryStockLevels(listQueryOf(view), { signal }),
    placeholderData: keepPreviousData,
  });

export const useStockLevels = (view: StockView) => useQuery(stockLevelsQuery(view));

/** The state a shopper meets: out of stock, low (tracked, a few units left) or in stock. */
export type StockState = 'out' | 'low' | 'in';

export function stateOf(level: StockLevel): StockState {
  if (!level.inStock) return 'out';
  if (level.trackQuantity && (level.quantity ?? 0) <= LOW_STOCK) return 'low';
  return 'in';
}

/** "Harbour Raincoat, S / Red": how a variant is named to screen readers and in messages. */
export function variantName(level: StockLevel): string {
  const choices = Object.values(level.choices);
  return choices.length > 0 ? `${level.productName}, ${choices.join(' / ')}` : level.productName;
}
