import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** Orders on one page of a member's orders. */
export const ORDERS_PAGE = 10;

/** One page of the member's orders, newest first (`cursor` from the page before; none for the first). */
export const memberOrdersQuery = (memberId: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: ['members', 'orders', memberId, cursor ?? ''],
    queryFn: async () =>
      (await admin()).orders.searchOrders({
        filter: { 'buyerInfo.memberId': memberId },
        cursorPaging: { limit: ORDERS_PAGE, ...(cursor ? { cursor } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

export const useMemberOrders = (memberId: string, cursor: string | undefined, enabled: boolean) =>
  useQuery({ ...memberOrdersQuery(memberId, cursor), enabled });

/** What the member spent: their orders (canceled ones aside), what those came to, and what was refunded. */
export const memberSpendQuery = (memberId: string) =>
  queryOptions({
    queryKey: ['members', 'spend', memberId],
    queryFn: async () => {
      const { aggregates } = await (await admin()).orders.aggregateOrders({
        filter: { 'buyerInfo.memberId': memberId },
      });
      const sales = Number(aggregates.sales.amount);
      const refunds = Number(aggregates.refunds.amount);
      return { orders: aggregates.orders, sales, refunds, spent: sales - refunds };
    },
  });

export const useMemberSpend = (memberId: string, enabled: boolean) =>
  useQuery({ ...memberSpendQuery(memberId), enabled });
