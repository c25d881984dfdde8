import { eventTypes, inventoryErrorCodes, orderErrorCodes } from '@merx/contract';
import { bumpDataVersion, type Database, type DialectName, type Executor, type UnitOfWork } from '@merx/db';
import { AppError, productStock, type StockState } from '@merx/domain';
import { type Selectable, sql } from 'kysely';
import { type EventIdentity, identityOfActor } from '../../events/identity.js';
import type { NewEvent } from '../../events/outbox.js';
import { newId } from '../../lib/ids.js';
import { idSlots, idValues, insertRows, preparedStatements } from '../../lib/prepared.js';
import { PRODUCT_COLUMNS, sharedCatalogCache, VARIANT_COLUMNS } from '../cart/cart.rows.js';
import { CATALOG_VERSION } from '../products/products.repo.js';
import { logColumns, type StockLog } from './inventory.log.js';

/*
 * Taking and giving back tracked stock. Each variant changes with ONE conditional UPDATE (`quantity >= n`), so two
 * buyers can never both take the last unit, on either engine, in one process or several: the database decides.
 * Every change is logged in `inventory_changes` with its reason and actor (in the insert that logs its units), and
 * the product's derived stock columns, its revision (cached product answers) and the catalog data version follow in
 * the same transaction.
 */

/** Why the stock keeper moves stock: orders take and give back, increment and decrement adjust by hand. */
export type StockReason = 'ORDER_PLACED' | 'ORDER_PAID' | 'ORDER_CANCELED' | 'REFUND_RESTOCK' | 'STOCK_ADJUSTED';

/** Units of one variant: taken (`quantity` > 0 leaves stock) or given back. */
export interface StockItem {
  productId: string;
  variantId: string;
  quantity: number;
  /**
   * Whether a take may sell beyond the units on hand into the variant's preorder room (docs/decisions/0032-preorder.md):
   * orders may; a decrement by hand only when it says it is a preorder.
   */
  preorder?: boolean;
}

/** Why, by whom and when (the log's reason, actor and reference; the cause follows from the reason). */
export interface StockContext extends StockLog<StockReason> {
  orderId: string | null;
  now: string;
  /**
   * Who the events name (`identityOf(caller)`: the buyer of an order, the staff member or key that moved stock by
   * hand); the log's actor when absent.
   */
  identity?: EventIdentity | undefined;
  /**
   * Most units a variant may hold after a give-back; one that would pass it is refused (INVENTORY_QUANTITY_TOO_LARGE) by the
   * same conditional UPDATE. Unbounded when absent (orders give back what they took).
   */
  ceiling?: number;
}

/** What a change did: per tracked variant, the quantity before and after (untracked variants are left out). */
export interface StockOutcome {
  changes: Array<{
    productId: string;
    variantId: string;
    delta: number;
    before: number;
    after: number;
    /** Units of a take sold beyond stock, on preorder, with the variant's message for buyers. */
    preordered: number;
    preorderMessage: string | null;
  }>;
  /** Inventory events to append in the same transaction. */
  events: NewEvent[];
}

/** Items merged per variant, in (product, variant) order: the lock order every writer of stock follows. */
function merged(items: readonly StockItem[]): StockItem[] {
  const byKey = new Map<string, StockItem>();
  for (const item of items) {
    if (item.quantity <= 0) continue;
    const key = `${item.productId}\u0000${item.variantId}`;
    const entry = byKey.get(key);
    if (entry) {
      entry.quantity += item.quantity;
      entry.preorder = entry.preorder === true && item.preorder === true;
    } else byKey.set(key, { ...item });
  }
  return [...byKey.values()].sort((a, b) =>
    a.productId === b.productId ? (a.variantId < b.variantId ? -1 : 1) : a.productId < b.productId ? -1 : 1,
  );
}

export const insufficientInventory = (item: StockItem, available: number | null) =>
  new AppError('FAILED_PRECONDITION', orderErrorCodes.insufficientInventory, 'Not enough units left in stock', {
    productId: item.productId,
    variantId: item.variantId,
    requested: item.quantity,
    available: available ?? 0,
  });

const quantityTooLarge = (item: StockItem, current: number, ceiling: number) =>
  new AppError(
    'FAILED_PRECONDITION',
    inventoryErrorCodes.quantityTooLarge,
    `A variant may hold at most ${ceiling} units`,
    { productId: item.productId, variantId: item.variantId, requested: item.quantity, current, max: ceiling },
  );

export function createStockKeeper(dialect: DialectName) {
  const run = preparedStatements();
  /** Locks the products' rows in id order (PostgreSQL; SQLite's writer lock already serializes writers). */
  async function lockProducts(ex: Executor, productIds: readonly string[]): Promise<void> {
    if (dialect !== 'postgres' || productIds.length === 0) return;
    await sql`select id from products where id in (${sql.join(productIds.map((id) => sql`${id}`))}) order by id for update`.execute(
      ex,
    );
  }

  /**
   * Recomputes the derived stock columns of `productIds` from their variants and bumps their revisions. The rows
   * it reads and writes are the products' whole catalog rows at their new revisions: once the transaction commits
   * they go into the process's catalog cache, so the carts and checkouts read next need not read them again.
   */
  async function refreshProducts(uow: UnitOfWork, productIds: readonly string[], now: string): Promise<void> {
    const ex = uow.trx;
    const rows = await run<Selectable<Database['product_variants']>>(
      ex,
      `variants:${productIds.length}`,
      (slot) =>
        ex.selectFrom('product_variants').select(VARIANT_COLUMNS).where('product_id', 'in', idSlots(slot, productIds)),
      idValues(productIds),
    );
    const stocks = productIds.map((productId) => {
      const variants: StockState[] = rows
        .filter((r) => r.product_id === productId)
        .map((r) => ({
          visible: Number(r.visible) === 1,
          trackQuantity: Number(r.track_quantity) === 1,
          quantity: r.quantity === null ? null : Number(r.quantity),
          inStock: Number(r.in_stock) === 1,
        }));
      return { productId, stock: productStock(variants) };
    });
    // One statement for all the products (built once per number of products): a CASE per derived column.
    const values: Record<string, unknown> = { now, ...idValues(productIds) };
    stocks.forEach(({ stock }, i) => {
      values[`track${i}`] = stock.trackInventory ? 1 : 0;
      values[`quantity${i}`] = stock.quantity;
      values[`inStock${i}`] = stock.inStock ? 1 : 0;
      values[`status${i}`] = stock.inventoryStatus;
    });
    const products = await run<Omit<Selectable<Database['products']>, 'description' | 'collection_ids'>>(
      ex,
      `refresh:${productIds.length}`,
      (slot) => {
        const byId = <T>(name: string, cast: string) =>
          sql<T>`case id ${sql.join(
            productIds.map((_, i) => sql`when ${slot(`id${i}`)} then cast(${slot(`${name}${i}`)} as ${sql.raw(cast)})`),
            sql` `,
          )} end`;
        return ex
          .updateTable('products')
          .set((eb) => ({
            track_inventory: byId<number>('track', 'integer'),
            quantity: byId<number | null>('quantity', 'bigint'),
            in_stock: byId<number>('inStock', 'integer'),
            inventory_status: byId<string>('status', 'text'),
            revision: eb('revision', '+', 1),
            updated_date: slot('now'),
          }))
          .where('id', 'in', idSlots(slot, productIds))
          .returning(PRODUCT_COLUMNS);
      },
      values,
    );
    await bumpDataVersion(ex, CATALOG_VERSION);
    uow.afterCommit(() => {
      sharedCatalogCache.add(products, rows);
    });
  }

  function eventsOf(changes: StockOutcome['changes'], ctx: StockContext): NewEvent[] {
    const byProduct = new Map<string, StockOutcome['changes']>();
    for (const c of changes) byProduct.set(c.productId, [...(byProduct.get(c.productId) ?? []), c]);
    const identity = ctx.identity ?? identityOfActor(ctx.actor);
    const now = ctx.now;
    return [...byProduct].map(([productId, list]) => ({
      type: eventTypes.inventoryVariantsChanged,
      entityId: productId,
      identity,
      payload: {
        inventoryItemId: productId,
        externalId: productId,
        variants: list.map((c) => ({
          id: c.variantId,
          oldValue: { inStock: c.before > 0, quantity: c.before },
          newValue: { inStock: c.after > 0, quantity: c.after },
        })),
        updatedDate: now,
      },
    }));
  }

  /**
   * Moves stock by `sign` × quantity for each item, in `ex` (a transaction). Taking refuses with
   * INSUFFICIENT_INVENTORY when a tracked variant has fewer units than asked (the caller's transaction then rolls
   * back, so nothing was taken). Untracked variants are not changed.
   */
  async function move(
    uow: UnitOfWork,
    items: readonly StockItem[],
    sign: -1 | 1,
    ctx: StockContext,
  ): Promise<StockOutcome> {
    const ex = uow.trx;
    const list = merged(items);
    if (list.length === 0) return { changes: [], events: [] };
    const productIds = [...new Set(list.map((i) => i.productId))];
    await lockProducts(ex, productIds);
    const changes: StockOutcome['changes'] = [];
    const ceiling = sign > 0 ? ctx.ceiling : undefined;
    for (const item of list) {
      const preorder = sign < 0 && item.preorder === true;
      const delta = sign * item.quantity;
      const [row] = await run<{ quantity: number; preorder_message: string | null }>(
        ex,
        sign < 0 ? (preorder ? 'take-or-preorder' : 'take') : ceiling === undefined ? 'give-back' : 'give-back-capped',
        (slot) =>
          ex
            .updateTable('product_variants')
            .set({
              quantity: sql<number>`quantity + ${slot('delta')}`,
              in_stock: sql<number>`case when quantity + ${slot('delta')} > 0 then 1 else 0 end`,
              updated_date: slot('now'),
            })
            .where('product_id', '=', slot('product'))
            .where('id', '=', slot('variant'))
            .where('track_quantity', '=', 1)
            .$if(sign < 0 && !preorder, (q) => q.where('quantity', '>=', sql<number>`${slot('wanted')}`))
            // Preorder: units on hand plus the preorder room left (the quantity may go down to minus the limit).
            .$if(preorder, (q) =>
              q.where(
                sql<number>`quantity + case when preorder_enabled = 1 then preorder_limit else 0 end`,
                '>=',
                sql<number>`${slot('wanted')}`,
              ),
            )
            .$if(ceiling !== undefined, (q) => q.where('quantity', '<=', sql<number>`${slot('room')}`))
            .returning(['quantity', 'preorder_message']),
        {
          delta,
          now: ctx.now,
          product: item.productId,
          variant: item.variantId,
          wanted: item.quantity,
          room: (ceiling ?? 0) - item.quantity,
        },
      );
      if (row) {
        const after = Number(row.quantity);
        const before = after - delta;
        const preordered = sign < 0 ? Math.max(0, -after) - Math.max(0, -before) : 0;
        changes.push({ ...item, delta, before, after, preordered, preorderMessage: row.preorder_message });
        continue;
      }
      if (sign > 0 && ceiling === undefined) continue;
      // Not moved: untracked (nothing to count), not enough left, or no room left under the ceiling.
      const current = await ex
        .selectFrom('product_variants')
        .select(['track_quantity', 'quantity', 'preorder_enabled', 'preorder_limit'])
        .where('product_id', '=', item.productId)
        .where('id', '=', item.variantId)
        .executeTakeFirst();
      if (!current || Number(current.track_quantity) === 0) {
        if (sign > 0 || current) continue;
        throw insufficientInventory(item, 0);
      }
      const units = current.quantity == null ? 0 : Number(current.quantity);
      if (sign > 0 && ceiling !== undefined) throw quantityTooLarge(item, units, ceiling);
      const room = preorder && Number(current.preorder_enabled) === 1 ? Number(current.preorder_limit) : 0;
      throw insufficientInventory(item, Math.max(0, units + room));
    }
    if (changes.length === 0) return { changes, events: [] };
    await refreshProducts(uow, [...new Set(changes.map((c) => c.productId))], ctx.now);
    const columns = logColumns(ctx);
    await insertRows(
      run,
      ex,
      'inventory_changes',
      changes.map((c) => ({
        id: newId(),
        product_id: c.productId,
        variant_id: c.variantId,
        delta: c.delta,
        quantity_after: c.after,
        order_id: ctx.orderId,
        created_date: ctx.now,
        ...columns,
      })),
    );
    return { changes, events: eventsOf(changes, ctx) };
  }

  return {
    /** Takes the items' units out of stock, all or none (see `move`). */
    take: (uow: UnitOfWork, items: readonly StockItem[], ctx: StockContext) => move(uow, items, -1, ctx),
    /** Gives the items' units back to stock (refused past `ctx.ceiling` when given). */
    giveBack: (uow: UnitOfWork, items: readonly StockItem[], ctx: StockContext) => move(uow, items, 1, ctx),
  };
}

export type StockKeeper = ReturnType<typeof createStockKeeper>;
