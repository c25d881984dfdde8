import { eventTypes } from '@merx/contract';
import { productStock, variantInStock } from '@merx/domain';
import type { NewEvent } from '../../events/outbox.js';
import type { VariantRecord } from './products.types.js';

/** Inventory events for a change of variant stock: nothing when stock did not change. */
export function inventoryEvents(
  productId: string,
  before: readonly VariantRecord[],
  after: readonly VariantRecord[],
  now: string,
): NewEvent[] {
  const old = new Map(before.map((v) => [v.id, v]));
  const changed = after
    .map((v) => ({ v, o: old.get(v.id) }))
    .filter(
      ({ v, o }) =>
        !o ||
        o.quantity !== v.quantity ||
        variantInStock(o) !== variantInStock(v) ||
        o.trackQuantity !== v.trackQuantity,
    );
  if (changed.length === 0) return [];
  const events: NewEvent[] = [
    {
      type: eventTypes.inventoryVariantsChanged,
      entityId: productId,
      payload: {
        inventoryItemId: productId,
        externalId: productId,
        variants: changed.map(({ v, o }) => ({
          id: v.id,
          oldValue: o ? { inStock: variantInStock(o), quantity: o.quantity } : null,
          newValue: { inStock: variantInStock(v), quantity: v.quantity },
        })),
        updatedDate: now,
      },
    },
  ];
  const trackBefore = productStock(before).trackInventory;
  const trackAfter = productStock(after).trackInventory;
  if (trackBefore !== trackAfter) {
    events.push({
      type: eventTypes.inventoryItemChanged,
      entityId: productId,
      payload: {
        inventoryItemId: productId,
        externalId: productId,
        trackInventory: trackAfter,
        fieldMask: ['trackInventory'],
        updatedDate: now,
      },
    });
  }
  return events;
}
