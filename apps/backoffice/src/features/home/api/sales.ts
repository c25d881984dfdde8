import { queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';
import { createdIn, type DayRange, localDay, startOf, timeZone } from '../periods';

/** Orders, sales and refunds of some orders, in total and per local day (sales as numbers in the store currency). */
export interface SalesFigures {
  orders: number;
  sales: number;
  refunds: number;
  byDay: ReadonlyMap<string, { orders: number; sales: number }>;
}

/** The orders aggregate of `filter`, its days counted in the browser's time zone. */
async function aggregate(filter: Record<string, unknown>): Promise<SalesFigures> {
  const { aggregates } = await (await admin()).orders.aggregateOrders({ filter, timeZone });
  return {
    orders: aggregates.orders,
    sales: Number(aggregates.sales.amount),
    refunds: Number(aggregates.refunds.amount),
    byDay: new Map(aggregates.byDay.map((d) => [d.date, { orders: d.orders, sales: Number(d.sales.amount) }])),
  };
}

/** Sales of a range of local days. */
export const salesQuery = (range: DayRange) =>
  queryOptions({
    queryKey: ['home', 'sales', range.start, range.end, timeZone],
    queryFn: () => aggregate(createdIn(range)),
  });

export const useSales = (range: DayRange) => useQuery(salesQuery(range));

/** Today so far, and yesterday until the same time of day (a fair comparison in the middle of a day). */
export const todayQuery = () =>
  queryOptions({
    queryKey: ['home', 'today', localDay(), timeZone],
    queryFn: async () => {
      const now = new Date();
      const yesterday = new Date(now);
      yesterday.setDate(now.getDate() - 1);
      const today = localDay(now);
      const [current, previous] = await Promise.all([
        aggregate({ createdDate: { $gte: startOf(today), $lte: now.toISOString() } }),
        aggregate({ createdDate: { $gte: startOf(localDay(yesterday)), $lte: yesterday.toISOString() } }),
      ]);
      return { current, previous };
    },
    refetchInterval: 60_000,
  });

export const useToday = () => useQuery(todayQuery());

/** How many orders the store has ever had (canceled ones aside): none means a new store. */
export const orderCountQuery = () =>
  queryOptions({
    queryKey: ['home', 'order-count'],
    queryFn: async () => (await (await admin()).orders.aggregateOrders({})).aggregates.orders,
  });

export const useOrderCount = (enabled: boolean) => useQuery({ ...orderCountQuery(), enabled });

/** Orders waiting for payment and for fulfilment (canceled orders never wait). */
export const waitingQuery = () =>
  queryOptions({
    queryKey: ['home', 'waiting'],
    queryFn: async () => {
      const a = await admin();
      const [payment, fulfilment] = await Promise.all([
        a.orders.aggregateOrders({ filter: { paymentStatus: 'NOT_PAID' } }),
        a.orders.aggregateOrders({ filter: { fulfillmentStatus: 'NOT_FULFILLED' } }),
      ]);
      return { payment: payment.aggregates.orders, fulfilment: fulfilment.aggregates.orders };
    },
  });

export const useWaiting = (enabled: boolean) => useQuery({ ...waitingQuery(), enabled });
