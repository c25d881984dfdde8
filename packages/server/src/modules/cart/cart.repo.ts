import { type DialectName, type Executor, jsonRowArray } from '@merx/db';
import { type Expression, sql } from 'kysely';
import { preparedStatements } from '../../lib/prepared.js';
import { type HeldCart, HeldLines } from './cart.held.js';
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
const revisionRef = sql.ref<number>('carts.revision');
/**
 * A take's: the cart's revision as the statement's snapshot sees it, beside the one it writes (see `linesInStep`).
 * `carts` inside RETURNING is the row written; the alias reads the table.
 */
const baseRevision = sql<number | null>`(select base.revision from carts as base where base.id = ${cartIdRef})`.as(
  'base_revision',
);
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
   * The lines of the cart row in scope as a JSON column, or null when the row's id and revision are `held` (values
   * or slots): the lines held at that revision are then its lines.
   */
  function linesColumn(ex: Executor, held: { cart: unknown; revision: unknown }) {
    const lines = json(
      ex.selectFrom('cart_lines').select(LINE_COLUMNS).where('cart_lines.cart_id', '=', cartIdRef),
      LINE_COLUMNS,
    );
    return sql<string | null>`case when ${cartIdRef} = ${held.cart} and ${revisionRef} = ${held.revision}
      then null else ${lines} end`.as('lines_json');
  }

  /**
   * The lines (see `linesColumn`) and catalog of the cart row in scope, as JSON columns (for SELECT and RETURNING
   * alike): full rows of the products being added (the id list `requested`), only the revisions of the others (the
   * catalog cache holds them, see CatalogCache), and with `memberships` the products' collections.
   */
  function stateColumns(
    ex: Executor,
    requested: unknown,
    held: { cart: unknown; revision: unknown },
    memberships: boolean,
  ) {
    const catalog = catalogColumns(dialect, requested, LINES);
    return [
      linesColumn(ex, held),
      catalog.products,
      catalog.variants,
      catalog.revisions,
      ...(memberships ? [catalog.memberships] : []),
    ];
  }

  const cache = sharedCatalogCache;
  const heldLines = new HeldLines();

  /**
   * The state of a cart row (`held`: the lines when the row has none); products the cache does not hold at the
   * revision read are read in full in one more statement (in `ex`, the same transaction), so the catalog is always
   * the one of that revision.
   */
  async function complete(ex: Executor, row: StateRow, held?: HeldCart): Promise<CartState> {
    const first = stateOf(row, cache, held?.lines);
    if (first.missing.length === 0) return first.state;
    const [full] = await run<{ products_json: unknown; variants_json: unknown }>(
      ex,
      'catalog',
      (slot) => ex.selectNoFrom(catalogRows(slot('ids'))),
      { ids: ids(first.missing) },
    );
    if (!full) throw new Error('a select without FROM answered no row');
    cache.add(full.products_json, full.variants_json);
    return stateOf(row, cache, held?.lines).state;
  }

  return {
    /** The owner's cart with lines and catalog (one statement), or undefined when they have none. */
    async findByOwner(ex: Executor, owner: CartOwner, requestedIds: readonly string[] = []) {
      const held = heldLines.get(owner);
      const [row] = await run<StateRow>(
        ex,
        'find',
        (slot) =>
          ex
            .selectFrom('carts')
            .select(CART_COLUMNS)
            .select(stateColumns(ex, slot('ids'), { cart: slot('heldCart'), revision: slot('heldRevision') }, true))
            .where('carts.owner_kind', '=', slot('kind'))
            .where('carts.owner_id', '=', slot('owner')),
        {
          kind: owner.kind,
          owner: owner.id,
          ids: requested(requestedIds),
          heldCart: held?.cartId ?? null,
          heldRevision: held?.revision ?? null,
        },
      );
      return row && complete(ex, row, held);
    },

    async findById(ex: Executor, id: string) {
      const row = await ex
        .selectFrom('carts')
        .select(CART_COLUMNS)
        .select(stateColumns(ex, ids([]), { cart: null, revision: null }, true))
        .where('carts.id', '=', id)
        .executeTakeFirst();
      return row && complete(ex, row as StateRow);
    },

    /**
     * Starts a change of the owner's cart inside the transaction `ex`: bumps its revision (creating the cart when
     * `create` and it has none) and returns it with its lines and catalog, all in ONE statement. The row lock it
     * takes orders concurrent changes of the same cart. On PostgreSQL the lines it reads are those committed when
     * the statement began, so a change racing with another of the same cart may answer without the other's lines;
     * the stored lines are right either way (and such a state is not held: `linesInStep`). The lines are not read
     * when those held are the cart's at the revision before; nor are the products' collections (a change answers at
     * catalog prices, which they do not change).
     */
    async take(
      ex: Executor,
      owner: CartOwner,
      opts: { create: boolean; newId: string; currency: string; now: string; requestedIds: readonly string[] },
    ): Promise<CartState | undefined> {
      const held = heldLines.get(owner);
      const values = {
        id: opts.newId,
        kind: owner.kind,
        owner: owner.id,
        currency: opts.currency,
        now: opts.now,
        ids: requested(opts.requestedIds),
        heldCart: held?.cartId ?? null,
        // The revision this take writes when no other change came after the one that left the lines held.
        heldRevision: held ? held.revision + 1 : null,
      };
      const [row] = await run<StateRow>(
        ex,
        `take:${opts.create ? 'create' : 'update'}`,
        (slot) => {
          const columns = [
            ...CART_COLUMNS,
            ...stateColumns(ex, slot('ids'), { cart: slot('heldCart'), revision: slot('heldRevision') }, false),
            baseRevision,
          ];
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
      const state = await complete(ex, row, held);
      return { ...state, created: state.cart.revision === 1 };
    },

    /**
     * Holds the lines of `state` for the owner's next reads and takes: call once the change that left them has
     * committed, and only when its lines were in step (`linesInStep`).
     */
    hold(owner: CartOwner, state: CartState): void {
      heldLines.hold(owner, state);
    },

    /** Forgets the lines held for the owner's cart (it was deleted). */
    forget(owner: CartOwner): void {
      heldLines.drop(owner);
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
