import { cartEventTypes } from '@merx/contract';
import type { Executor } from '@merx/db';
import type { NewEvent } from '../../events/outbox.js';

/**
 * Deletes the cart an order was placed from (its lines go with it), in the order's transaction `ex`; returns the
 * cart's deleted event for the caller to append with the order's. Nothing happens when the buyer already deleted it.
 */
export async function deleteOrderedCart(ex: Executor, cartId: string): Promise<NewEvent[]> {
  const row = await ex.deleteFrom('carts').where('id', '=', cartId).returning('id').executeTakeFirst();
  return row ? [{ type: cartEventTypes.deleted, entityId: cartId, payload: { cartId } }] : [];
}
