import type { InventoryChangeActor, InventoryChangeReason } from '@merx/contract';
import type { Executor } from '@merx/db';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';

/*
 * The inventory log: why each change of counted stock happened (`reason`, finer than the contract's `cause`), who made
 * it (`actor`, the request's caller as the audit log names one) and what else it belongs to (`reference`). Changes
 * made to a product's variants (product create and update, options deleted, setStock, a CSV import) are logged here,
 * each variant whose counted stock changed getting one row in the change's own transaction; orders and increments
 * log theirs through the stock keeper (inventory.stock.ts) in the same insert that logs the units.
 */

export type InventoryReason = InventoryChangeReason;
export type InventoryActor = InventoryChangeActor;

/** The contract's cause of each reason (kept as it was: clients filter on it). */
export const causeOf = {
  ORDER_PLACED: 'ORDER',
  ORDER_PAID: 'ORDER',
  ORDER_CANCELED: 'REVERT_INVENTORY_CHANGE',
  REFUND_RESTOCK: 'REVERT_INVENTORY_CHANGE',
  STOCK_SET: 'MANUAL',
  STOCK_ADJUSTED: 'MANUAL',
  TRACKING_CHANGED: 'MANUAL',
  PRODUCT_CREATED: 'MANUAL',
  PRODUCT_EDITED: 'MANUAL',
  CSV_IMPORT: 'MANUAL',
} as const satisfies Record<InventoryReason, 'ORDER' | 'MANUAL' | 'REVERT_INVENTORY_CHANGE'>;

/** Why, by whom and as part of what a change is logged. */
export interface StockLog<R extends InventoryReason = InventoryReason> {
  reason: R;
  actor: InventoryActor;
  /** The refund (REFUND_RESTOCK) or product import (CSV_IMPORT) it belongs to. */
  reference?: string | null | undefined;
}

/** The store itself: the demo seed, the command line, services called without a request. */
export const SYSTEM_ACTOR: InventoryActor = { kind: 'SYSTEM' };

/**
 * The actor a request's caller stands for. Staff are named as the back office names them (first and last name, else
 * email) and keys by their name, as they are now (one read, in `ex`: the transaction when called inside one);
 * shoppers by their id only, with no read, so that placing and paying orders costs nothing more.
 */
export async function actorOf(ex: Executor, caller: Caller): Promise<InventoryActor> {
  switch (caller.kind) {
    case 'staff': {
      const row = await ex
        .selectFrom('identities')
        .select(['email', 'profile'])
        .where('id', '=', caller.staffId)
        .executeTakeFirst();
      const profile = row ? (JSON.parse(row.profile) as { firstName?: string; lastName?: string }) : {};
      const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || row?.email;
      return { kind: 'STAFF', id: caller.staffId, ...(name ? { name } : {}) };
    }
    case 'apiKey': {
      const row = await ex.selectFrom('api_keys').select('name').where('id', '=', caller.keyId).executeTakeFirst();
      return { kind: 'API_KEY', id: caller.keyId, ...(row ? { name: row.name } : {}) };
    }
    case 'member':
      return { kind: 'MEMBER', id: caller.memberId };
    case 'visitor':
      return { kind: 'VISITOR', id: caller.visitorId };
    default:
      return SYSTEM_ACTOR;
  }
}

/** The log columns of `log`, beside the units of each row. */
export function logColumns(log: StockLog) {
  return {
    cause: causeOf[log.reason],
    reason: log.reason,
    actor_kind: log.actor.kind,
    actor_id: log.actor.id ?? null,
    actor_name: log.actor.name ?? null,
    reference: log.reference ?? null,
  };
}

/** The stock fields of a variant before or after a change. */
export interface StockedVariant {
  id: string;
  trackQuantity: boolean;
  quantity: number | null;
}

/** One row of the log to write. */
export interface ManualChange {
  variantId: string;
  delta: number;
  /** Units left after the change; null when the variant no longer counts its units (or is gone). */
  quantityAfter: number | null;
  /** The variant was there before and after, and started or stopped counting its units. */
  tracking: boolean;
}

/** Units a variant counts: null when it does not track its quantity (or does not exist). */
const counted = (v: StockedVariant | undefined) => (v?.trackQuantity ? (v.quantity ?? 0) : null);

/**
 * What changed between `before` and `after`, variant by variant: a changed count, tracking switched on or off, a
 * new tracked variant or a tracked one removed. An untracked variant counts as 0 units, so the deltas of a variant
 * add up to its quantity since it started tracking.
 */
export function manualChanges(before: readonly StockedVariant[], after: readonly StockedVariant[]): ManualChange[] {
  const old = new Map(before.map((v) => [v.id, v]));
  const now = new Map(after.map((v) => [v.id, v]));
  const ids = [...new Set([...before.map((v) => v.id), ...after.map((v) => v.id)])];
  const changes: ManualChange[] = [];
  for (const variantId of ids) {
    const was = counted(old.get(variantId));
    const is = counted(now.get(variantId));
    if (was === is) continue;
    const tracking = old.has(variantId) && now.has(variantId) && (was === null) !== (is === null);
    changes.push({ variantId, delta: (is ?? 0) - (was ?? 0), quantityAfter: is, tracking });
  }
  return changes;
}

/** A count set or a product edited by hand that switched a variant's tracking is told as that. */
const refined = (reason: InventoryReason, change: ManualChange): InventoryReason =>
  change.tracking && (reason === 'STOCK_SET' || reason === 'PRODUCT_EDITED') ? 'TRACKING_CHANGED' : reason;

/**
 * Logs the changes from `before` to `after` of a product's variants in `ex` (the change's transaction), one insert
 * for them all; answers how many rows it wrote.
 */
export async function logManualStock(
  ex: Executor,
  productId: string,
  before: readonly StockedVariant[],
  after: readonly StockedVariant[],
  now: string,
  log: StockLog,
): Promise<number> {
  const changes = manualChanges(before, after);
  if (changes.length === 0) return 0;
  await ex
    .insertInto('inventory_changes')
    .values(
      changes.map((c) => ({
        id: newId(),
        product_id: productId,
        variant_id: c.variantId,
        delta: c.delta,
        quantity_after: c.quantityAfter,
        order_id: null,
        created_date: now,
        ...logColumns({ ...log, reason: refined(log.reason, c) }),
      })),
    )
    .execute();
  return changes.length;
}
