import { cartEventTypes } from '@merx/contract';
import { withTransaction } from '@merx/db';
import type { ModuleDeps } from '../module.js';

const DAY = 24 * 3600 * 1000;

/** Carts deleted per transaction. */
const ROUND = 500;

/**
 * Deletes the carts of visitors nobody can reach again: a visitor is known only by their tokens, so once no
 * refresh token of theirs is left alive (housekeeping purges them after `idleDays` unused) and the cart has not
 * changed for `idleDays` either, the cart is dead weight. Members' carts are kept (a member can always sign in
 * again). Each deleted cart (its lines go with it) appends its `cart_deleted` event in the same transaction, in
 * rounds of 500; two processes purging at once delete, and announce, each cart once (only the delete that removed
 * the row returns it). Answers how many carts were deleted.
 */
export async function purgeUnreachableCarts(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'outbox'>,
  idleDays: number,
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - idleDays * DAY).toISOString();
  let total = 0;
  for (;;) {
    const deleted = await withTransaction(deps.db, async (uow) => {
      const unreachable = uow.trx
        .selectFrom('carts')
        .select('carts.id')
        .where('carts.owner_kind', '=', 'visitor')
        .where('carts.updated_date', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('refresh_tokens')
                .select('refresh_tokens.id')
                .whereRef('refresh_tokens.subject_id', '=', 'carts.owner_id')
                .where('refresh_tokens.role', '=', 'visitor')
                .where('refresh_tokens.revoked_date', 'is', null),
            ),
          ),
        )
        .limit(ROUND);
      const rows = await uow.trx.deleteFrom('carts').where('id', 'in', unreachable).returning('id').execute();
      if (rows.length > 0) {
        // The store's own clean-up: nobody asked for it, so the events name no one (UNKNOWN).
        await deps.outbox.append(
          uow,
          rows.map((r) => ({ type: cartEventTypes.deleted, entityId: r.id, payload: { cartId: r.id } })),
        );
      }
      return rows.length;
    });
    total += deleted;
    if (deleted < ROUND) return total;
  }
}
