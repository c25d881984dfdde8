import { type Database, type DialectName, type Executor, jsonRowArray } from '@merx/db';
import { type Insertable, sql } from 'kysely';
import { insertRows, preparedStatements } from '../../lib/prepared.js';
import {
  ACTIVITY_COLUMNS,
  FULFILLMENT_COLUMNS,
  ORDER_COLUMNS,
  type OrderStateRow,
  orderRowOf,
  stateOf,
  TRANSACTION_COLUMNS,
} from './orders.rows.js';
import type { OrderRecord, OrderState } from './orders.types.js';

const orderIdRef = sql.ref<string>('orders.id');

/** The sequence the order numbers come from. */
const ORDER_NUMBER_SEQUENCE = 'order_number';

/** Orders; each read brings the order's transactions, activities and fulfillments in the same statement. */
export function createOrdersRepo(dialect: DialectName) {
  const run = preparedStatements();
  const json = (ex: Executor, table: 'order_transactions' | 'order_activities' | 'order_fulfillments') => {
    const columns =
      table === 'order_transactions'
        ? TRANSACTION_COLUMNS
        : table === 'order_activities'
          ? ACTIVITY_COLUMNS
          : FULFILLMENT_COLUMNS;
    return jsonRowArray(
      dialect,
      ex
        .selectFrom(table)
        .select([...columns])
        .where(`${table}.order_id`, '=', orderIdRef),
      columns,
    );
  };

  /** The order columns and its related rows as JSON columns, for SELECT and RETURNING alike. */
  const stateColumns = (ex: Executor) => [
    ...ORDER_COLUMNS,
    json(ex, 'order_transactions').as('transactions_json'),
    json(ex, 'order_activities').as('activities_json'),
    json(ex, 'order_fulfillments').as('fulfillments_json'),
  ];

  return {
    stateColumns,

    /** The order with everything hanging off it (one statement), or undefined. */
    async find(ex: Executor, id: string): Promise<OrderState | undefined> {
      const [row] = await run<OrderStateRow>(
        ex,
        'find',
        (slot) => ex.selectFrom('orders').select(stateColumns(ex)).where('orders.id', '=', slot('id')),
        { id },
      );
      return row && stateOf(row);
    },

    /** Several orders with their related rows (one statement), in no particular order. */
    async findMany(ex: Executor, ids: readonly string[]): Promise<OrderState[]> {
      if (ids.length === 0) return [];
      const rows = await ex.selectFrom('orders').select(stateColumns(ex)).where('orders.id', 'in', ids).execute();
      return rows.map((row) => stateOf(row as OrderStateRow));
    },

    /**
     * Starts a change inside the transaction `ex`: bumps the order's revision and returns it with its related rows,
     * in ONE statement on SQLite (two on PostgreSQL, see below). The row lock orders concurrent changes of the same
     * order. Undefined: no such order.
     */
    async take(ex: Executor, id: string, now: string): Promise<OrderState | undefined> {
      const bump = (slot: (name: string) => string) =>
        ex
          .updateTable('orders')
          .set((eb) => ({ revision: eb('orders.revision', '+', 1), updated_date: slot('now') }))
          .where('orders.id', '=', slot('id'));
      if (dialect === 'postgres') {
        // PostgreSQL evaluates a statement's subqueries on the snapshot taken BEFORE it waited for the row lock, so
        // a RETURNING that read the related rows could miss what the change it waited for committed. Lock first,
        // then read in a new statement (READ COMMITTED: a new snapshot, after the other change committed).
        const [locked] = await run<{ id: string }>(ex, 'lock', (slot) => bump(slot).returning('orders.id'), {
          id,
          now,
        });
        return locked && this.find(ex, id);
      }
      const [row] = await run<OrderStateRow>(ex, 'take', (slot) => bump(slot).returning(stateColumns(ex)), {
        id,
        now,
      });
      return row && stateOf(row);
    },

    /** The next order number (10001 first), from a counter advanced in the caller's transaction. */
    async nextNumber(ex: Executor): Promise<number> {
      const [row] = await run<{ value: number }>(
        ex,
        'next-number',
        () =>
          ex
            .insertInto('sequences')
            .values({ name: ORDER_NUMBER_SEQUENCE, value: 10001 })
            .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('sequences.value', '+', 1) })))
            .returning('value'),
        {},
      );
      if (!row) throw new Error('the order number counter answered no row');
      return Number(row.value);
    },

    /**
     * Locks the order number counter in the caller's transaction (placements wait for it) and answers the last
     * number handed out (10000 before the first order). On PostgreSQL read anything else in a later statement.
     */
    async lockNumberCounter(ex: Executor): Promise<number> {
      const row = await ex
        .insertInto('sequences')
        .values({ name: ORDER_NUMBER_SEQUENCE, value: 10000 })
        .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb.ref('sequences.value') })))
        .returning('value')
        .executeTakeFirstOrThrow();
      return Number(row.value);
    },

    /** Makes `last` the last number handed out (the next order gets `last + 1`); after `lockNumberCounter`. */
    async setNumberCounter(ex: Executor, last: number): Promise<void> {
      await ex.updateTable('sequences').set({ value: last }).where('name', '=', ORDER_NUMBER_SEQUENCE).execute();
    },

    async insert(ex: Executor, order: OrderRecord): Promise<void> {
      await insertRows(run, ex, 'orders', [orderRowOf(order)]);
    },

    /** Writes every column of the order that a change may touch (not its id, number, checkout, or creation). */
    async save(ex: Executor, order: OrderRecord): Promise<void> {
      const { id: _id, number: _n, checkout_id: _c, created_date: _d, ...columns } = orderRowOf(order);
      await ex.updateTable('orders').set(columns).where('id', '=', order.id).execute();
    },

    async insertTransactions(ex: Executor, rows: Insertable<Database['order_transactions']>[]): Promise<void> {
      if (rows.length > 0) await ex.insertInto('order_transactions').values(rows).execute();
    },

    async insertActivities(ex: Executor, rows: Insertable<Database['order_activities']>[]): Promise<void> {
      if (rows.length > 0) await ex.insertInto('order_activities').values(rows).execute();
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
