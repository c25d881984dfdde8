import * as c from '@merx/contract';
import { applyFilter } from '@merx/db';
import { currencyDigits, type FilterNode, type ParsedQuery, parseQuery, ValidationError } from '@merx/domain';
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { type OffsetSegment, offsetSegments } from '../../lib/time-zone.js';
import { priceOf } from '../cart/cart.mapper.js';
import type { ModuleDeps } from '../module.js';
import { orderQuerySpec } from './orders.query.js';

/*
 * Sales figures (`POST /ecom/v1/orders/aggregate`): orders, sales and refunds of the orders matching a filter, and
 * per local day (a fixed UTC offset, or a named time zone with its changes of offset). Computed by the database in
 * one statement (GROUP BY day), never by loading orders.
 */

type AggregateInput = z.infer<typeof c.aggregateOrdersRequest>;

/** Orders that were never a sale. */
const NOT_SALES = ['CANCELED', 'REJECTED'];

const PATH = 'aggregate';

/** The filter parsed against the search fields, its violations named from the request body (`filter.…`). */
function filterOf(filter: unknown, spec: ReturnType<typeof orderQuerySpec>): ParsedQuery['filter'] {
  try {
    return parseQuery({ filter }, spec, { path: PATH }).filter;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(error.violations.map((v) => ({ ...v, field: v.field.slice(PATH.length + 1) })));
  }
}

/** The bounds a filter puts on `createdDate` at its top level (ms), to narrow the time zone's offsets to them. */
export function createdBounds(filter: FilterNode | null): { from?: number; to?: number } {
  const nodes = !filter ? [] : filter.kind === 'and' ? filter.nodes : [filter];
  const out: { from?: number; to?: number } = {};
  for (const n of nodes) {
    if (n.kind !== 'compare' || n.field !== 'createdDate' || typeof n.value !== 'string') continue;
    const ms = Date.parse(n.value);
    if (n.op === '$gt' || n.op === '$gte' || n.op === '$eq') out.from = Math.max(out.from ?? ms, ms);
    if (n.op === '$lt' || n.op === '$lte' || n.op === '$eq') out.to = Math.min(out.to ?? ms, ms);
  }
  return out;
}

/**
 * The offset in minutes of each order's creation: one number, or for a named time zone a CASE over its changes of
 * offset (newest first, so that recent orders stop at the first test).
 */
function offsetOf(segments: readonly OffsetSegment[]) {
  const [first, ...changes] = segments;
  if (changes.length === 0) return sql<number>`${sql.lit(first?.offset ?? 0)}`;
  const whens = changes
    .reverse()
    .map((s) => sql`when orders.created_date >= ${new Date(s.from).toISOString()} then ${sql.lit(s.offset)}`);
  return sql<number>`(case ${sql.join(whens, sql` `)} else ${sql.lit(first?.offset ?? 0)} end)`;
}

export function createOrdersAggregate(deps: ModuleDeps) {
  /** The local day of an order's creation, shifted by `offset` minutes from UTC, as YYYY-MM-DD, on either engine. */
  const dayOf = (offset: RawBuilder<number>) =>
    deps.dialect === 'postgres'
      ? sql<string>`to_char(cast(orders.created_date as timestamp) + make_interval(mins => ${offset}), 'YYYY-MM-DD')`
      : sql<string>`date(orders.created_date, ${offset} || ' minutes')`;

  return async function aggregate(input: AggregateInput) {
    const { currency, locale } = deps.store();
    const spec = orderQuerySpec(10 ** currencyDigits(currency));
    const filter = filterOf(input.filter, spec);
    const segments = input.timeZone
      ? offsetSegments(input.timeZone, createdBounds(filter), deps.clock.now().getTime())
      : [{ from: Number.NEGATIVE_INFINITY, offset: input.utcOffsetMinutes ?? 0 }];
    let counted = deps.db
      .selectFrom('orders')
      .select((eb) => [
        dayOf(offsetOf(segments)).as('day'),
        'orders.total_minor',
        eb
          .selectFrom('order_transactions')
          .select(sql<number>`coalesce(sum(order_transactions.amount_minor), 0)`.as('refunded'))
          .whereRef('order_transactions.order_id', '=', 'orders.id')
          .where('order_transactions.kind', '=', 'REFUND')
          .where('order_transactions.status', '=', 'SUCCEEDED')
          .as('refunded'),
      ])
      .where('orders.status', 'not in', NOT_SALES)
      .where('orders.currency', '=', currency);
    counted = applyFilter(counted, filter, spec);
    const rows = await deps.db
      .selectFrom(counted.as('d'))
      .select((eb) => [
        'd.day',
        eb.fn.countAll<number | string>().as('orders'),
        eb.fn.sum<number | string>('d.total_minor').as('sales'),
        eb.fn.sum<number | string>('d.refunded').as('refunds'),
      ])
      .groupBy('d.day')
      .orderBy('d.day')
      .execute();
    const ctx = { currency, locale };
    const byDay = rows.map((r) => ({ date: r.day, orders: Number(r.orders), sales: Number(r.sales ?? 0) }));
    const refunds = rows.reduce((sum, r) => sum + Number(r.refunds ?? 0), 0);
    return {
      aggregates: {
        currency,
        orders: byDay.reduce((sum, d) => sum + d.orders, 0),
        sales: priceOf(
          byDay.reduce((sum, d) => sum + d.sales, 0),
          ctx,
        ),
        refunds: priceOf(refunds, ctx),
        byDay: byDay.map((d) => ({ date: d.date, orders: d.orders, sales: priceOf(d.sales, ctx) })),
      },
    };
  };
}

/** The aggregate route: staff and keys holding `orders:read`. */
export function aggregateRoutes(deps: ModuleDeps): AnyRoute[] {
  const aggregate = createOrdersAggregate(deps);
  return [
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/orders/aggregate',
      summary: 'Orders, sales and refunds of the orders matching a filter, in total and per local day',
      tag: 'Orders',
      access: elevated('orders:read'),
      input: c.aggregateOrdersRequest,
      response: c.aggregateOrdersResponse,
      handler: async ({ input }) => aggregate(input),
    }),
  ];
}
