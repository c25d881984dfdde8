import type { Database, Executor } from '@merx/db';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock.js';
import { newId, randomToken } from '../../lib/ids.js';
import { numericCode, safeEqual, sha256 } from '../../lib/secrets.js';

export type ChallengePurpose = 'verify-email' | 'mfa' | 'recovery' | 'activation' | 'verification' | 'trust-browser';

/** Wrong codes allowed on one challenge before it is spent. */
export const MAX_CODE_ATTEMPTS = 5;

export interface Challenge {
  id: string;
  purpose: ChallengePurpose;
  identityId: string;
  data: Record<string, unknown>;
  hasCode: boolean;
}

/**
 * One-time challenges: a random token (the state token, or the token in a recovery link) and optionally a short
 * code sent by mail. Both are stored hashed; a challenge is single-use, expires, and is spent after
 * MAX_CODE_ATTEMPTS wrong codes.
 */
export function createChallenges(deps: { db: Kysely<Database>; clock: Clock }) {
  return {
    async create(
      ex: Executor,
      input: {
        purpose: ChallengePurpose;
        identityId: string;
        ttlSeconds: number;
        withCode: boolean;
        data?: Record<string, unknown>;
      },
    ): Promise<{ id: string; token: string; code: string | null }> {
      const now = deps.clock.now();
      const token = randomToken(32);
      const code = input.withCode ? numericCode(6) : null;
      const id = newId();
      await ex
        .insertInto('challenges')
        .values({
          id,
          purpose: input.purpose,
          identity_id: input.identityId,
          token_hash: sha256(token),
          code_hash: code ? sha256(`${id}:${code}`) : null,
          data: JSON.stringify(input.data ?? {}),
          created_date: now.toISOString(),
          expires_date: new Date(now.getTime() + input.ttlSeconds * 1000).toISOString(),
          used_date: null,
        })
        .execute();
      return { id, token, code };
    },

    /** The live (unused, unexpired) challenge a token stands for. */
    async find(ex: Executor, token: string, purposes: ChallengePurpose[]): Promise<Challenge | undefined> {
      const row = await ex
        .selectFrom('challenges')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .where('purpose', 'in', purposes)
        .where('used_date', 'is', null)
        .where('expires_date', '>', deps.clock.now().toISOString())
        .where('attempts', '<', MAX_CODE_ATTEMPTS)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        purpose: row.purpose as ChallengePurpose,
        identityId: row.identity_id,
        data: JSON.parse(row.data) as Record<string, unknown>,
        hasCode: row.code_hash !== null,
      };
    },

    /** Checks a code against a challenge: a wrong code counts an attempt (committed even when the caller fails). */
    async checkCode(challengeId: string, code: string): Promise<boolean> {
      const row = await deps.db
        .selectFrom('challenges')
        .select(['code_hash'])
        .where('id', '=', challengeId)
        .executeTakeFirst();
      const ok = row?.code_hash ? safeEqual(row.code_hash, sha256(`${challengeId}:${code.trim()}`)) : false;
      if (!ok) {
        await deps.db
          .updateTable('challenges')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', challengeId)
          .execute();
      }
      return ok;
    },

    /** Marks a challenge used; false when another request used it first. */
    async spend(ex: Executor, challengeId: string): Promise<boolean> {
      const res = await ex
        .updateTable('challenges')
        .set({ used_date: deps.clock.now().toISOString() })
        .where('id', '=', challengeId)
        .where('used_date', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Spends every live challenge of an identity for these purposes (a new code replaces the old ones). */
    async spendAll(ex: Executor, identityId: string, purposes: ChallengePurpose[]): Promise<void> {
      await ex
        .updateTable('challenges')
        .set({ used_date: deps.clock.now().toISOString() })
        .where('identity_id', '=', identityId)
        .where('purpose', 'in', purposes)
        .where('used_date', 'is', null)
        .execute();
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
