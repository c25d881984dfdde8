import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type DeliveryFilter, webhooksApi } from './client';
import { WEBHOOKS_KEY } from './endpoints';

/** Deliveries shown at first, and added by each "Load more". */
const PAGE = 25;
/** How often a delivery still waiting for an answer is looked at again. */
const POLL_MS = 1500;

const deliveriesKey = (endpointId: string) => [...WEBHOOKS_KEY, 'deliveries', endpointId] as const;
const deliveryKey = (id: string) => [...WEBHOOKS_KEY, 'delivery', id] as const;

/** An endpoint's delivery log, newest first, filtered, a page at a time (cursor). */
export const deliveriesQuery = (endpointId: string, filter: Pick<DeliveryFilter, 'status' | 'eventType'>) =>
  infiniteQueryOptions({
    queryKey: [...deliveriesKey(endpointId), filter],
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await webhooksApi()).listDeliveries(
        endpointId,
        { ...filter, limit: PAGE, cursor: pageParam || undefined },
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

/**
 * The log, looked at again every few seconds while any delivery on it waits for an attempt, and now and then
 * otherwise (new events make new deliveries); only while the page is in view.
 */
export function useDeliveries(endpointId: string, filter: Pick<DeliveryFilter, 'status' | 'eventType'>) {
  return useInfiniteQuery({
    ...deliveriesQuery(endpointId, filter),
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.deliveries.some((d) => d.status === 'PENDING')) ? POLL_MS * 2 : 15_000,
  });
}

/** One delivery with its attempts and the event it carries; looked at again while it is PENDING when `follow`. */
export const deliveryQuery = (id: string) =>
  queryOptions({
    queryKey: deliveryKey(id),
    queryFn: async ({ signal }) => (await webhooksApi()).getDelivery(id, { signal }),
    staleTime: 0,
  });

export function useDelivery(id: string | undefined, follow = false) {
  return useQuery({
    ...deliveryQuery(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => (follow && query.state.data?.delivery.status === 'PENDING' ? POLL_MS : false),
  });
}

/** Refreshes an endpoint's log and its page (the failing-since and status may have moved). */
function useRefreshLog() {
  const client = useQueryClient();
  return (endpointId: string) => {
    void client.invalidateQueries({ queryKey: deliveriesKey(endpointId) });
    void client.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, 'endpoint', endpointId] });
  };
}

/** Sends the test event to one endpoint: the answer is its delivery, to follow until it succeeds or fails. */
export function useSendTest(endpointId: string) {
  const refresh = useRefreshLog();
  return useMutation({
    mutationFn: async () => (await (await webhooksApi()).sendTest(endpointId)).delivery,
    onSuccess: () => refresh(endpointId),
  });
}

/** Delivers again every event since a date that the endpoint receives. */
export function useReplaySince(endpointId: string) {
  const refresh = useRefreshLog();
  return useMutation({
    mutationFn: async (since: string) => (await (await webhooksApi()).replaySince(endpointId, since)).replayed,
    onSuccess: () => refresh(endpointId),
  });
}

/** Delivers one delivery's event again. */
export function useReplayDelivery(endpointId: string) {
  const client = useQueryClient();
  const refresh = useRefreshLog();
  return useMutation({
    mutationFn: async (id: string) => (await (await webhooksApi()).replayDelivery(id)).delivery,
    onSuccess: (delivery) => {
      void client.invalidateQueries({ queryKey: deliveryKey(delivery.id) });
      refresh(endpointId);
    },
  });
}
