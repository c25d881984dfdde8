import { cartEventTypes } from '@merx/contract';
import type { Executor } from '@merx/db';
import type { NewEvent } from '../../events/outbox.js';
import { preparedStatements } from '../../lib/prepared.js';

/**
 * Deletes the cart an order was placed from (its lines go with it), in the order's transaction `ex`; returns the
 * cart's deleted event for the caller to append with the order's. Nothing happens when the buyer already deleted it.
 * One per app (its statement is compiled once for the app's engine).
 */
export function orderedCartDeleter() {
  const run = preparedStatements();
  return async function deleteOrderedCart(ex: Executor, cartId: string): Promise<NewEvent[]> {
    const [row] = await run<{ id: string }>(
      ex,
      'delete',
      (slot) => ex.deleteFrom('carts').where('id', '=', slot('id')).returning('id'),
      { id: cartId },
    );
    return row ? [{ type: cartEventTypes.deleted, entityId: cartId, payload: { cartId } }] : [];
  };
}
