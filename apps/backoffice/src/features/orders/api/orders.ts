import type { Order } from '@merx/contract';
import type { Filter, SortEntry } from '@merx/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Admin, admin } from '../../../lib/admin';

export type { Order };
export type OrderLine = Order['lineItems'][number];
export type OrderTransaction = Awaited<
  ReturnType<Admin['orders']['listOrderTransactions']>
>['orderTransactions'][number];
export type Refundability = Awaited<ReturnType<Admin['orders']['getRefundabilityStatus']>>;
export type Fulfillment = Awaited<
  ReturnType<Admin['orderFulfillments']['listFulfillmentsForSingleOrder']>
>['orderWithFulfillments']['fulfillments'][number];

export const PAGE_SIZE = 50;

/** The order list's view, as kept in the URL. */
export const LIST_KEYS = ['q', 'payment', 'fulfilment', 'status', 'channel', 'tag', 'from', 'to', 'sort'] as const;
export type OrderListView = Record<(typeof LIST_KEYS)[number], string> & { cursor: string };

export const SORTS: ReadonlyArray<{ value: string; label: string; sort: SortEntry }> = [
  { value: '', label: 'Newest first', sort: { fieldName: 'createdDate', order: 'DESC' } },
  { value: 'oldest', label: 'Oldest first', sort: { fieldName: 'createdDate', order: 'ASC' } },
  { value: 'total-desc', label: 'Total, high to low', sort: { fieldName: 'priceSummary.total.amount', order: 'DESC' } },
  { value: 'total', label: 'Total, low to high', sort: { fieldName: 'priceSummary.total.amount', order: 'ASC' } },
  { value: 'email', label: 'Customer email A–Z', sort: { fieldName: 'buyerInfo.email', order: 'ASC' } },
  { value: 'updated', label: 'Last updated', sort: { fieldName: 'updatedDate', order: 'DESC' } },
];

/** Midnight at the start of a `YYYY-MM-DD` day in the browser's time zone, as an ISO instant; undefined if not a day. */
export function dayStart(day: string, plusDays = 0): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The filter of a view (the free text goes apart, as the search expression). */
export function filterOf(view: OrderListView): Filter {
  const and: Filter[] = [];
  if (view.payment) and.push({ paymentStatus: view.payment });
  if (view.fulfilment) and.push({ fulfillmentStatus: view.fulfilment });
  if (view.status === 'archived') and.push({ archived: true });
  else if (view.status) and.push({ status: view.status });
  if (view.channel) and.push({ 'channelInfo.type': view.channel });
  if (view.tag) and.push({ 'tags.tags.tagIds': { $hasSome: [view.tag] } });
  const from = dayStart(view.from);
  const to = dayStart(view.to, 1);
  if (from) and.push({ createdDate: { $gte: from } });
  if (to) and.push({ createdDate: { $lt: to } });
  return and.length === 0 ? {} : and.length === 1 ? (and[0] as Filter) : { $and: and };
}

/** One page of orders for the view: the server's search (free text, filters, sort) with the page's cursor. */
export const orderListQuery = (view: OrderListView) =>
  queryOptions({
    queryKey: ['orders', 'list', view],
    queryFn: async () => {
      const sort = (SORTS.find((s) => s.value === view.sort) ?? (SORTS[0] as (typeof SORTS)[number])).sort;
      const q = view.q.trim();
      return (await admin()).orders.searchOrders({
        filter: filterOf(view),
        sort: [sort],
        cursorPaging: { limit: PAGE_SIZE, ...(view.cursor ? { cursor: view.cursor } : {}) },
        ...(q ? { search: { expression: q } } : {}),
      });
    },
    placeholderData: keepPreviousData,
  });

export const useOrderList = (view: OrderListView) => useQuery(orderListQuery(view));

/** The keys of one order's reads (the order, its transactions, fulfilments…): every change refreshes them all. */
export const orderKey = (id: string) => ['orders', 'detail', id] as const;

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKey(id),
    queryFn: async () => (await (await admin()).orders.getOrder(id)).order,
  });

export const transactionsQuery = (id: string) =>
  queryOptions({
    queryKey: [...orderKey(id), 'transactions'],
    queryFn: async () => (await (await admin()).orders.listOrderTransactions(id)).orderTransactions,
  });

export const refundabilityQuery = (id: string) =>
  queryOptions({
    queryKey: [...orderKey(id), 'refundability'],
    queryFn: async () => (await admin()).orders.getRefundabilityStatus(id),
  });

export const collectabilityQuery = (id: string) =>
  queryOptions({
    queryKey: [...orderKey(id), 'collectability'],
    queryFn: async () => (await admin()).orders.getPaymentCollectabilityStatus(id),
  });

export const fulfillmentsQuery = (id: string) =>
  queryOptions({
    queryKey: [...orderKey(id), 'fulfillments'],
    queryFn: async () =>
      (await (await admin()).orderFulfillments.listFulfillmentsForSingleOrder(id)).orderWithFulfillments.fulfillments,
  });

/** The tags in use on orders, most used first. */
export const orderTagsQuery = () =>
  queryOptions({
    queryKey: ['orders', 'tags'],
    queryFn: async () => (await (await admin()).orders.listOrderTags()).tags.map((t) => t.tagId),
    staleTime: 60_000,
  });

export const useOrder = (id: string) => useQuery(orderQuery(id));
export const useTransactions = (id: string) => useQuery(transactionsQuery(id));
export const useRefundability = (id: string) => useQuery(refundabilityQuery(id));
export const useCollectability = (id: string) => useQuery(collectabilityQuery(id));
export const useFulfillments = (id: string) => useQuery(fulfillmentsQuery(id));
export const useOrderTags = () => useQuery(orderTagsQuery());
