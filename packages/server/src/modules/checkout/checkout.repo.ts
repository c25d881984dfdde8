import { type Database, type DialectName, type Executor, jsonRowArray } from '@merx/db';
import { type Expression, type Insertable, sql, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import { insertRows, preparedStatements } from '../../lib/prepared.js';
import { catalogOf, sharedCatalogCache } from '../cart/cart.rows.js';
import type { CartOwner, CatalogEntry } from '../cart/cart.types.js';
import { catalogColumns, idListValue, type LinesOf } from '../cart/catalog-columns.js';
import { lineWrites } from '../cart/line-writes.js';
import {
  CHECKOUT_COLUMNS,
  type CheckoutFields,
  LINE_COLUMNS,
  type NewCheckoutLine,
  type StateRow,
  stateOf,
} from './checkout.rows.js';
import type { CheckoutState } from './checkout.types.js';

const checkoutIdRef = sql.ref<string>('checkouts.id');
const LINES: LinesOf = { table: 'checkout_lines', owner: 'checkout_id', ownerRef: 'checkouts.id' };

/** What deciding who may change a checkout, and pricing it, needs to know before it is taken. */
export interface CheckoutHead {
  checkout: { owner: CartOwner; completed: boolean; couponCode: string | null; orderId: string | null };
}

/**
 * Checkouts and their lines; each read brings the lines and the catalog rows of their products in one statement.
 * The reads and takes are built once per shape and run prepared (see `preparedStatements`): building one of these
 * statements costs more than SQLite takes to run it.
 */
export function createCheckoutRepo(dialect: DialectName) {
  const run = preparedStatements();
  const json = (subquery: Expression<unknown>, columns: readonly string[]) => jsonRowArray(dialect, subquery, columns);

  // Products being added: read in full only when the process does not hold them at their current revision.
  const requested = (list: readonly string[]) => idListValue(list, sharedCatalogCache);
  // Products to read in full whatever the process holds.
  const ids = (list: readonly string[]) => idListValue(list);

  /**
   * The lines and catalog of the checkout row in scope, for SELECT and RETURNING alike: full rows of the products
   * being added (the id list `requested`), only the revisions of the others (the process's catalog cache holds them,
   * see CatalogCache).
   */
  function stateColumns(ex: Executor, requested: unknown) {
    const catalog = catalogColumns(dialect, requested, LINES);
    return [
      ...CHECKOUT_COLUMNS,
      json(
        ex.selectFrom('checkout_lines').select(LINE_COLUMNS).where('checkout_lines.checkout_id', '=', checkoutIdRef),
        LINE_COLUMNS,
      ).as('lines_json'),
      catalog.products,
      catalog.variants,
      catalog.revisions,
      catalog.memberships,
    ];
  }

  const cache = sharedCatalogCache;

  /** The state of a checkout row; products the cache lacks at the revision read are read in one more statement. */
  async function complete(ex: Executor, row: StateRow): Promise<CheckoutState> {
    const first = stateOf(row, cache);
    if (first.missing.length === 0) return first.state;
    const [full] = await readCatalog(ex, first.missing);
    if (!full) throw new Error('a select without FROM answered no row');
    cache.add(full.products_json, full.variants_json);
    return stateOf(row, cache).state;
  }

  type CatalogRow = { products_json: unknown; variants_json: unknown; memberships_json: unknown };

  /** Full rows of the products `ids`, their variants and collections, as JSON columns of one row. */
  const readCatalog = (ex: Executor, list: readonly string[]) =>
    run<CatalogRow>(
      ex,
      'catalog',
      (slot) => {
        const { products, variants, memberships } = catalogColumns(dialect, slot('ids'));
        return ex.selectNoFrom([products, variants, memberships]);
      },
      { ids: ids(list) },
    );

  /** The checkout `id` with its lines and the catalog (also of `requestedIds`), in one statement. */
  async function readState(ex: Executor, id: string, requestedIds: readonly string[]) {
    const [row] = await run<StateRow>(
      ex,
      'find',
      (slot) =>
        ex
          .selectFrom('checkouts')
          .select(stateColumns(ex, slot('ids')))
          .where('checkouts.id', '=', slot('id')),
      { id, ids: requested(requestedIds) },
    );
    return row && complete(ex, row);
  }

  /**
   * PostgreSQL evaluates a statement's subqueries on the snapshot taken BEFORE it waited for the row lock, so a
   * RETURNING that read the lines could miss what the change it waited for committed. There the lock is taken
   * first and the state read in a second statement (READ COMMITTED: a new snapshot, after the other committed).
   */
  async function lockThenRead(
    ex: Executor,
    locked: { id: string } | undefined,
    requestedIds: readonly string[],
  ): Promise<CheckoutState | undefined> {
    if (!locked) return undefined;
    return readState(ex, locked.id, requestedIds);
  }

  /**
   * Runs a take: `query` updates the open checkout; on SQLite ONE statement returns it with its state, on PostgreSQL
   * the update locks it and a second statement reads the state (see `lockThenRead`).
   */
  async function taken(
    ex: Executor,
    key: string,
    query: (slot: (name: string) => string) => UpdateQueryBuilder<Database, 'checkouts', 'checkouts', UpdateResult>,
    values: Record<string, unknown>,
    requestedIds: readonly string[],
  ): Promise<CheckoutState | undefined> {
    if (dialect === 'postgres') {
      const [locked] = await run<{ id: string }>(
        ex,
        `${key}:lock`,
        (slot) => query(slot).returning('checkouts.id'),
        values,
      );
      return lockThenRead(ex, locked, requestedIds);
    }
    const [row] = await run<StateRow>(ex, key, (slot) => query(slot).returning(stateColumns(ex, slot('ids'))), values);
    return row && complete(ex, row);
  }

  return {
    /** The checkout with lines and catalog (one statement), or undefined. */
    async find(ex: Executor, id: string): Promise<CheckoutState | undefined> {
      return readState(ex, id, []);
    },

    /** Whose the checkout `id` is, whether it is completed and its coupon, or undefined (a small read). */
    async head(ex: Executor, id: string): Promise<CheckoutHead | undefined> {
      type HeadRow = Pick<StateRow, 'owner_kind' | 'owner_id' | 'completed' | 'coupon_code' | 'order_id'>;
      const [row] = await run<HeadRow>(
        ex,
        'head',
        (slot) =>
          ex
            .selectFrom('checkouts')
            .select(['owner_kind', 'owner_id', 'completed', 'coupon_code', 'order_id'])
            .where('id', '=', slot('id')),
        { id },
      );
      return (
        row && {
          checkout: {
            owner: { kind: row.owner_kind as CartOwner['kind'], id: row.owner_id },
            completed: Number(row.completed) === 1,
            couponCode: row.coupon_code,
            orderId: row.order_id,
          },
        }
      );
    },

    /** The newest checkout made from the cart, or undefined. */
    async findByCart(ex: Executor, cartId: string): Promise<CheckoutState | undefined> {
      const row = await ex
        .selectFrom('checkouts')
        .select(stateColumns(ex, ids([])))
        .where('cart_id', '=', cartId)
        .orderBy('created_date', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && complete(ex, row as StateRow);
    },

    /** The products `ids` with their variants and collections (one statement). */
    async catalog(ex: Executor, ids: readonly string[]): Promise<Map<string, CatalogEntry>> {
      if (ids.length === 0) return new Map();
      const [row] = await readCatalog(ex, ids);
      if (!row) throw new Error('a select without FROM answered no row');
      return catalogOf(row.products_json, row.variants_json, row.memberships_json);
    },

    /**
     * Starts a change inside the transaction `ex`: bumps the revision of the checkout unless it is completed, and
     * returns it with its lines and the catalog (also of `requestedIds`, products being added), in ONE statement.
     * The row lock it takes orders concurrent changes of the same checkout. Undefined: no such open checkout.
     */
    async take(
      ex: Executor,
      id: string,
      now: string,
      requestedIds: readonly string[] = [],
    ): Promise<CheckoutState | undefined> {
      const query = (slot: (name: string) => string) =>
        ex
          .updateTable('checkouts')
          .set((eb) => ({ revision: eb('checkouts.revision', '+', 1), updated_date: slot('now') }))
          .where('checkouts.id', '=', slot('id'))
          .where('checkouts.completed', '=', 0);
      return taken(ex, 'take', query, { id, now, ids: requested(requestedIds) }, requestedIds);
    },

    /**
     * `take` for placing an order: also marks the checkout completed with the order's id, in the same statement.
     * The caller's transaction rolls back if the order cannot be placed, so the checkout stays open then.
     */
    async takeForOrder(ex: Executor, id: string, now: string, orderId: string): Promise<CheckoutState | undefined> {
      const query = (slot: (name: string) => string) =>
        ex
          .updateTable('checkouts')
          .set((eb) => ({
            revision: eb('checkouts.revision', '+', 1),
            updated_date: slot('now'),
            completed: 1,
            completed_date: slot('now'),
            order_id: slot('order'),
          }))
          .where('checkouts.id', '=', slot('id'))
          .where('checkouts.completed', '=', 0);
      return taken(ex, 'take-for-order', query, { id, now, order: orderId, ids: ids([]) }, []);
    },

    async insert(ex: Executor, row: Insertable<Database['checkouts']>): Promise<void> {
      await insertRows(run, ex, 'checkouts', [row]);
    },

    ...lineWrites<NewCheckoutLine>('checkout_lines', 'checkout_id', LINE_COLUMNS),

    async update(ex: Executor, id: string, set: CheckoutFields): Promise<void> {
      const columns = Object.keys(set).sort() as Array<keyof CheckoutFields>;
      if (columns.length === 0) return;
      await run(
        ex,
        `update:${columns.join(',')}`,
        (slot) =>
          ex
            .updateTable('checkouts')
            .set(Object.fromEntries(columns.map((column) => [column, slot(column)])))
            .where('id', '=', slot(':id')),
        { ...set, ':id': id },
      );
    },

    /** Gives a visitor's open checkouts to the member they signed in as; returns how many. */
    async adopt(ex: Executor, from: CartOwner, to: CartOwner, now: string): Promise<number> {
      const result = await ex
        .updateTable('checkouts')
        .set((eb) => ({
          owner_kind: to.kind,
          owner_id: to.id,
          revision: eb('revision', '+', 1),
          updated_date: now,
        }))
        .where('owner_kind', '=', from.kind)
        .where('owner_id', '=', from.id)
        .where('completed', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type CheckoutRepo = ReturnType<typeof createCheckoutRepo>;
