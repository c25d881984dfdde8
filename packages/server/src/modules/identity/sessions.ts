import type { Database, Executor } from '@merx/db';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock.js';
import { newId, randomToken } from '../../lib/ids.js';
import { sha256 } from '../../lib/secrets.js';

/** Session tokens returned by login and register: exchanged once (hosted page or authorized_client) within 10 min. */
export const LOGIN_SESSION_TTL = 600;
/** The hosted pages' own sign-in cookie: 30 days. */
export const BROWSER_SESSION_TTL = 30 * 24 * 3600;
export const SESSION_TOKEN_PREFIX = 'merx_st_';

/** `trusted`: a browser that proved, with a mailed link, that it may sign in while its account is under attack. */
export type SessionKind = 'login' | 'browser' | 'trusted';

export function createSessions(deps: { db: Kysely<Database>; clock: Clock }) {
  return {
    async create(ex: Executor, identityId: string, kind: SessionKind): Promise<string> {
      const now = deps.clock.now();
      const token = `${SESSION_TOKEN_PREFIX}${randomToken(32)}`;
      const ttl = kind === 'login' ? LOGIN_SESSION_TTL : BROWSER_SESSION_TTL;
      await ex
        .insertInto('sessions')
        .values({
          id: newId(),
          token_hash: sha256(token),
          kind,
          identity_id: identityId,
          created_date: now.toISOString(),
          expires_date: new Date(now.getTime() + ttl * 1000).toISOString(),
          revoked_date: null,
        })
        .execute();
      return token;
    },

    /** The identity of a live session, without using it up. */
    async peek(ex: Executor, token: string, kind: SessionKind): Promise<string | undefined> {
      const row = await ex
        .selectFrom('sessions')
        .select('identity_id')
        .where('token_hash', '=', sha256(token))
        .where('kind', '=', kind)
        .where('revoked_date', 'is', null)
        .where('expires_date', '>', deps.clock.now().toISOString())
        .executeTakeFirst();
      return row?.identity_id;
    },

    /** Uses a login session up: its identity, or undefined when it is unknown, spent or expired. */
    async consume(ex: Executor, token: string, kind: SessionKind): Promise<string | undefined> {
      const identityId = await this.peek(ex, token, kind);
      if (!identityId) return undefined;
      const res = await ex
        .updateTable('sessions')
        .set({ revoked_date: deps.clock.now().toISOString() })
        .where('token_hash', '=', sha256(token))
        .where('revoked_date', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1 ? identityId : undefined;
    },

    async revoke(ex: Executor, token: string): Promise<void> {
      await ex
        .updateTable('sessions')
        .set({ revoked_date: deps.clock.now().toISOString() })
        .where('token_hash', '=', sha256(token))
        .where('revoked_date', 'is', null)
        .execute();
    },

    async revokeAllOf(ex: Executor, identityId: string): Promise<void> {
      await ex
        .updateTable('sessions')
        .set({ revoked_date: deps.clock.now().toISOString() })
        .where('identity_id', '=', identityId)
        .where('revoked_date', 'is', null)
        .execute();
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
