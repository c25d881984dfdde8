import type { ClaimHandOffRequest, ClaimHandOffResponse } from '@merx/contract';
import { type Database, type Executor, withTransaction } from '@merx/db';
import { AppError } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock.js';
import { safeEqual, sha256 } from '../../lib/secrets.js';
import type { CartOwner } from '../cart/cart.types.js';
import type { ClientService } from '../oauth/clients.service.js';
import type { OAuthService } from '../oauth/oauth.service.js';
import type { RedirectSessionRequest } from './redirects.service.js';

export const HAND_OFF_NOT_VALID = 'HAND_OFF_NOT_VALID';
export const HAND_OFF_USED = 'HAND_OFF_USED';
export const HAND_OFF_EXPIRED = 'HAND_OFF_EXPIRED';

/**
 * The checkout hand-off (docs/decisions/0019-redirect-hand-off.md): the browser a headless shop sends to an
 * `ecomCheckout` session's URL trades the session id and its one-time key for tokens of the buyer who made the
 * session, issued to the store's own storefront client. Taken once, within the session's 30 minutes, only for the
 * checkout the session names, and only while that checkout is still the buyer's: a copied URL is worth nothing
 * after the buyer's browser has opened it, and a key never opens anyone else's checkout.
 */
export function createHandOff(deps: {
  db: Kysely<Database>;
  clock: Clock;
  /** Whose the checkout is, or undefined when there is none. */
  checkoutOwner: (ex: Executor, checkoutId: string) => Promise<CartOwner | undefined>;
  oauth: Pick<OAuthService, 'tokensFor'>;
  clients: Pick<ClientService, 'find'>;
}) {
  const notValid = () =>
    new AppError(
      'NOT_FOUND',
      HAND_OFF_NOT_VALID,
      'This checkout link is not valid. Go back to the shop and try again.',
    );

  return {
    async claim(input: ClaimHandOffRequest): Promise<ClaimHandOffResponse> {
      // Read before the transaction: SQLite's one connection is the transaction's while it runs.
      const client = await deps.clients.find(input.clientId);
      if (!client) throw new AppError('NOT_FOUND', 'CLIENT_NOT_FOUND', 'This store has no such OAuth client');
      return withTransaction(deps.db, async ({ trx }) => {
        const row = await trx
          .selectFrom('redirect_sessions')
          .select([
            'id',
            'intent',
            'request',
            'expires_date',
            'subject_kind',
            'subject_id',
            'hand_off_hash',
            'claimed_date',
          ])
          .where('id', '=', input.redirectSessionId)
          .executeTakeFirst();
        if (!row?.hand_off_hash || row.intent !== 'ecomCheckout' || !safeEqual(sha256(input.key), row.hand_off_hash))
          throw notValid();
        const request = JSON.parse(row.request) as RedirectSessionRequest;
        if (request.ecomCheckout?.checkoutId !== input.checkoutId) throw notValid();
        if (row.claimed_date !== null)
          throw new AppError(
            'FAILED_PRECONDITION',
            HAND_OFF_USED,
            'This checkout link has already been opened. Go back to the shop to check out again.',
          );
        const now = deps.clock.now().toISOString();
        if (row.expires_date <= now)
          throw new AppError(
            'FAILED_PRECONDITION',
            HAND_OFF_EXPIRED,
            'This checkout link has expired. Go back to the shop to check out again.',
          );

        const owner = await deps.checkoutOwner(trx, input.checkoutId);
        const subject =
          row.subject_kind === 'checkout-owner' ? owner : { kind: row.subject_kind, id: row.subject_id ?? '' };
        // The checkout must still be the buyer's, and a buyer is a visitor or a member (never a key or staff).
        if (
          !owner ||
          !subject ||
          owner.kind !== subject.kind ||
          owner.id !== subject.id ||
          (owner.kind !== 'visitor' && owner.kind !== 'member')
        ) {
          throw notValid();
        }

        const taken = await trx
          .updateTable('redirect_sessions')
          .set({ claimed_date: now })
          .where('id', '=', row.id)
          .where('claimed_date', 'is', null)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1)
          throw new AppError('FAILED_PRECONDITION', HAND_OFF_USED, 'This checkout link has already been opened.');

        const tokens = await deps.oauth.tokensFor(trx, {
          client,
          role: owner.kind,
          subjectId: owner.id,
        });
        const callbacks = request.callbacks ?? {};
        return {
          checkoutId: input.checkoutId,
          role: owner.kind,
          tokens: { ...tokens },
          callbacks: {
            ...(callbacks.postFlowUrl ? { postFlowUrl: callbacks.postFlowUrl } : {}),
            ...(callbacks.thankYouPageUrl ? { thankYouPageUrl: callbacks.thankYouPageUrl } : {}),
            ...(callbacks.cartPageUrl ? { cartPageUrl: callbacks.cartPageUrl } : {}),
          },
        };
      });
    },
  };
}

export type HandOff = ReturnType<typeof createHandOff>;
