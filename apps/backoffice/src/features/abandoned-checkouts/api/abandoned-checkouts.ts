import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** Checkouts on one page of the list. */
export const PAGE_SIZE = 25;

export const abandonedStatuses = ['ABANDONED', 'RECOVERED'] as const;

export interface AbandonedView {
  /** Looked for in the buyer's email. */
  search: string;
  status: (typeof abandonedStatuses)[number] | '';
  offset: number;
}

const KEY = ['abandoned-checkouts'] as const;

/** One page of abandoned checkouts, newest first. */
export const abandonedListQuery = (view: AbandonedView) =>
  queryOptions({
    queryKey: [...KEY, 'list', view],
    queryFn: async () =>
      (await admin()).abandonedCheckouts.searchAbandonedCheckouts({
        ...(view.status ? { filter: { status: view.status } } : {}),
        paging: { limit: PAGE_SIZE, offset: view.offset },
        ...(view.search ? { search: { expression: view.search } } : {}),
      }),
    placeholderData: keepPreviousData,
  });

export const useAbandonedList = (view: AbandonedView) => useQuery(abandonedListQuery(view));

export const abandonedQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'one', id],
    queryFn: async () => (await (await admin()).abandonedCheckouts.getAbandonedCheckout(id)).abandonedCheckout,
  });

export const useAbandoned = (id: string) => useQuery(abandonedQuery(id));

/** The checkout itself, for its lines (the abandoned checkout keeps only its totals); needs `checkouts:read`. */
export const checkoutQuery = (checkoutId: string) =>
  queryOptions({
    queryKey: [...KEY, 'checkout', checkoutId],
    queryFn: async () => (await (await admin()).checkout.getCheckout(checkoutId)).checkout,
  });

export const useCheckout = (checkoutId: string | undefined, enabled: boolean) =>
  useQuery({ ...checkoutQuery(checkoutId ?? ''), enabled: enabled && Boolean(checkoutId) });

/** Deletes abandoned checkouts (their checkouts are never marked again); answers the ids that could not be. */
export function useDeleteAbandoned() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const { results } = await (await admin()).abandonedCheckouts.bulkDeleteAbandonedCheckouts(ids);
      return results.filter((r) => !r.itemMetadata.success).map((r) => r.itemMetadata.id);
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
