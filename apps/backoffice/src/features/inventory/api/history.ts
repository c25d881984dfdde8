import type { InventoryChange } from '@merx/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** Changes shown at first, and added by each "Show older changes". */
export const HISTORY_PAGE = 20;

/** Where the history of each variant is cached, under its product's id. */
export const HISTORY_KEY = ['inventory', 'history'] as const;

interface HistoryPage {
  changes: InventoryChange[];
  /** The number of each order the page's changes belong to, by order id (none without `orders:read`). */
  orderNumbers: Record<string, string>;
  /** Where the next page starts; undefined after the last one. */
  next: number | undefined;
  total: number | undefined;
}

/**
 * The numbers of the orders `ids`, in one search. The history reads without them when the search fails: the
 * changes matter more than their orders' numbers.
 */
async function orderNumbersOf(ids: string[], signal: AbortSignal): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  try {
    const { orders } = await (await admin()).orders.searchOrders(
      { filter: { id: { $in: ids } }, cursorPaging: { limit: ids.length } },
      { signal },
    );
    return Object.fromEntries(orders.map((o) => [o.id, o.number]));
  } catch (error) {
    if (signal.aborted) throw error;
    return {};
  }
}

/** One variant's inventory log, newest first, a page at a time; with the orders' numbers when `withOrders`. */
export const historyQuery = (productId: string, variantId: string, withOrders: boolean) =>
  infiniteQueryOptions({
    queryKey: [...HISTORY_KEY, productId, variantId, withOrders],
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<HistoryPage> => {
      const page = await (await admin()).inventoryChanges
        .queryInventoryChanges()
        .eq('productId', productId)
        .eq('variantId', variantId)
        .descending('createdDate', 'id')
        .limit(HISTORY_PAGE)
        .skip(pageParam)
        .find({ signal });
      const orderIds = [...new Set(page.items.flatMap((c) => (c.orderId ? [c.orderId] : [])))];
      const orderNumbers = withOrders ? await orderNumbersOf(orderIds, signal) : {};
      const seen = pageParam + page.items.length;
      const more = page.totalCount === undefined ? page.items.length === HISTORY_PAGE : seen < page.totalCount;
      return { changes: page.items, orderNumbers, next: more ? seen : undefined, total: page.totalCount };
    },
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });

export const useHistory = (productId: string, variantId: string, withOrders: boolean) =>
  useInfiniteQuery(historyQuery(productId, variantId, withOrders));
