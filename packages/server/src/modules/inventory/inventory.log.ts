import type { Executor } from '@merx/db';
import { newId } from '../../lib/ids.js';

/*
 * The inventory log of changes staff make by hand (product update with stock, variant stock, setStock): each
 * variant whose counted stock changed gets one `inventory_changes` row with cause MANUAL, written in the change's
 * own transaction. Orders log theirs in inventory.stock.ts.
 */

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
    changes.push({ variantId, delta: (is ?? 0) - (was ?? 0), quantityAfter: is });
  }
  return changes;
}

/** Logs the manual changes from `before` to `after` of a product's variants in `ex` (the change's transaction). */
export async function logManualStock(
  ex: Executor,
  productId: string,
  before: readonly StockedVariant[],
  after: readonly StockedVariant[],
  now: string,
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
        cause: 'MANUAL',
        order_id: null,
        created_date: now,
      })),
    )
    .execute();
  return changes.length;
}
