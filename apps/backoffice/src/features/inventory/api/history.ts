import type { InventoryChange } from '@merx/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** Changes shown at first, and added by each "Show older changes". */
export const HISTORY_PAGE = 20;

/** Where the history of each variant is cached, under its product's id. */
export const HISTORY_KEY = ['inventory', 'history'] as const;

interface HistoryPage {
  changes: InventoryChange[];
  /** Where the next page starts; undefined after the last one. */
  next: number | undefined;
  total: number | undefined;
}

/** One variant's inventory log, newest first, a page at a time. */
export const historyQuery = (productId: string, variantId: string) =>
  infiniteQueryOptions({
    queryKey: [...HISTORY_KEY, productId, variantId],
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
      const seen = pageParam + page.items.length;
      const more = page.totalCount === undefined ? page.items.length === HISTORY_PAGE : seen < page.totalCount;
      return { changes: page.items, next: more ? seen : undefined, total: page.totalCount };
    },
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });

export const useHistory = (productId: string, variantId: string) =>
  useInfiniteQuery(historyQuery(productId, variantId));
