import { type DialectName, type Executor, jsonRowArray } from '@merx/db';
import { type Expression, sql } from 'kysely';
import { preparedStatements } from '../../lib/prepared.js';
import {
  CART_COLUMNS,
  type CartFields,
  LINE_COLUMNS,
  type NewLine,
  type StateRow,
  sharedCatalogCache,
  stateOf,
} from './cart.rows.js';
import type { CartOwner, CartState } from './cart.types.js';
import { catalogColumns, idListValue, type LinesOf } from './catalog-columns.js';
import { lineWrites } from './line-writes.js';

const cartIdRef = sql.ref<string>('carts.id');
const LINES: LinesOf = { table: 'cart_lines', owner: 'cart_id', ownerRef: 'carts.id' };

/** Carts and their lines; each read brings the lines and the catalog rows of their products in one statement. */
export function createCartRepo(dialect: DialectName) {
  const run = preparedStatements();

  const json = (subquery: Expression<unknown>, columns: readonly string[]) => jsonRowArray(dialect, subquery, columns);
  // Products being added: read in full only when the process does not hold them at their current revision.
  const requested = (list: readonly string[]) => idListValue(list, sharedCatalogCache);
  // Products to read in full whatever the process holds.
  const ids = (list: readonly string[]) => idListValue(list);

  /** Full product and variant rows of the products in the id list `idList`, as JSON columns. */
  function catalogRows(idList: unknown) {
    const { products, variants } = catalogColumns(dialect, idList);
    return [products, variants];
  }

  /**
   * The lines and catalog of the cart row in scope, as JSON columns (for SELECT and RETURNING alike): full rows of
   * the products being added (the id list `requested`), only the revisions of the others (the catalog cache holds
   * them, see CatalogCache).
   */
  function stateColumns(ex: Executor, requested: unknown) {
    const catalog = catalogColumns(dialect, requested, LINES);
    return [
      json(
        ex.selectFrom('cart_lines').select(LINE_COLUMNS).where('cart_lines.cart_id', '=', cartIdRef),
        LINE_COLUMNS,
      ).as('lines_json'),
      catalog.products,
      catalog.variants,
      catalog.revisions,
      catalog.memberships,
    ];
  }

  const cache = sharedCatalogCache;

  /**
   * The state of a cart row; products the cache does not hold at the revision read are read in full in one more
   * statement (in `ex`, the same transaction), so the catalog is always the one of that revision.
   */
  async function complete(ex: Executor, row: StateRow): Promise<CartState> {
    const first = stateOf(row, cache);
    if (first.missing.length === 0) return first.state;
    const [full] = await run<{ products_json: unknown; variants_json: unknown }>(
      ex,
      'catalog',
      (slot) => ex.selectNoFrom(catalogRows(slot('ids'))),
      { ids: ids(first.missing) },
    );
    if (!full) throw new Error('a select without FROM answered no row');
    cache.add(full.products_json, full.variants_json);
    return stateOf(row, cache).state;
  }

  return {
    /** The owner's cart with lines and catalog (one statement), or undefined when they have none. */
    async findByOwner(ex: Executor, owner: CartOwner, requestedIds: readonly string[] = []) {
      const [row] = await run<StateRow>(
        ex,
        'find',
        (slot) =>
          ex
            .selectFrom('carts')
            .select(CART_COLUMNS)
            .select(stateColumns(ex, slot('ids')))
            .where('carts.owner_kind', '=', slot('kind'))
            .where('carts.owner_id', '=', slot('owner')),
        { kind: owner.kind, owner: owner.id, ids: requested(requestedIds) },
      );
      return row && complete(ex, row);
    },

    async findById(ex: Executor, id: string) {
      const row = await ex
        .selectFrom('carts')
        .select(CART_COLUMNS)
        .select(stateColumns(ex, ids([])))
        .where('carts.id', '=', id)
        .executeTakeFirst();
      return row && complete(ex, row as StateRow);
    },

    /**
     * Starts a change of the owner's cart inside the transaction `ex`: bumps its revision (creating the cart when
     * `create` and it has none) and returns it with its lines and catalog, all in ONE statement. The row lock it
     * takes orders concurrent changes of the same cart. On PostgreSQL the lines it returns are those committed when
     * the statement began, so a change racing with another of the same cart may answer without the other's lines;
     * the stored lines are right either way.
     */
    async take(
      ex: Executor,
      owner: CartOwner,
      opts: { create: boolean; newId: string; currency: string; now: string; requestedIds: readonly string[] },
    ): Promise<CartState | undefined> {
      const values = {
        id: opts.newId,
        kind: owner.kind,
        owner: owner.id,
        currency: opts.currency,
        now: opts.now,
        ids: requested(opts.requestedIds),
      };
      const [row] = await run<StateRow>(
        ex,
        `take:${opts.create ? 'create' : 'update'}`,
        (slot) => {
          const columns = [...CART_COLUMNS, ...stateColumns(ex, slot('ids'))];
          if (!opts.create)
            return ex
              .updateTable('carts')
              .set((eb) => ({ revision: eb('carts.revision', '+', 1), updated_date: slot('now') }))
              .where('carts.owner_kind', '=', slot('kind'))
              .where('carts.owner_id', '=', slot('owner'))
              .returning(columns);
          return ex
            .insertInto('carts')
            .values({
              id: slot('id'),
              owner_kind: slot('kind'),
              owner_id: slot('owner'),
              currency: slot('currency'),
              coupon_code: null,
              coupon_id: null,
              buyer_note: null,
              contact_info: null,
              created_date: slot('now'),
              updated_date: slot('now'),
              revision: 1,
            })
            .onConflict((oc) =>
              oc.columns(['owner_kind', 'owner_id']).doUpdateSet((eb) => ({
                revision: eb('carts.revision', '+', 1),
                updated_date: eb.ref('excluded.updated_date'),
              })),
            )
            .returning(columns);
        },
        values,
      );
      if (!row) return undefined;
      const state = await complete(ex, row);
      return { ...state, created: state.cart.revision === 1 };
    },

    ...lineWrites<NewLine>('cart_lines', 'cart_id', LINE_COLUMNS),

    async updateCart(ex: Executor, cartId: string, set: CartFields): Promise<void> {
      if (Object.keys(set).length === 0) return;
      await ex.updateTable('carts').set(set).where('id', '=', cartId).execute();
    },

    /** Deletes the owner's cart (its lines go by cascade) in one statement; returns its id, if it had one. */
    async deleteByOwner(ex: Executor, owner: CartOwner): Promise<string | undefined> {
      const row = await ex
        .deleteFrom('carts')
        .where('owner_kind', '=', owner.kind)
        .where('owner_id', '=', owner.id)
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
  };
}

export type CartRepo = ReturnType<typeof createCartRepo>;
