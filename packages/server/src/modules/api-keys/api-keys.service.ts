import { createHash } from 'node:crypto';
import type { Database } from '@merx/db';
import { AppError } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { Caller } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import { newId, randomToken } from '../../lib/ids.js';

/** Every API key starts with this, so that a leaked key is easy to recognise and scan for. */
export const API_KEY_PREFIX = 'merx_sk_';

export interface CreatedApiKey {
  id: string;
  name: string;
  scopes: string[];
  /** The secret itself: shown once, never stored. */
  key: string;
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** API keys of elevated callers: created with a random secret, kept only as a SHA-256 hash. */
export function createApiKeyService(deps: { db: Kysely<Database>; clock: Clock }) {
  return {
    async create(input: { name: string; scopes?: string[] }): Promise<CreatedApiKey> {
      const key = `${API_KEY_PREFIX}${randomToken(32)}`;
      const id = newId();
      const scopes = input.scopes?.length ? input.scopes : ['*'];
      await deps.db
        .insertInto('api_keys')
        .values({
          id,
          name: input.name,
          prefix: key.slice(0, API_KEY_PREFIX.length + 6),
          key_hash: hashKey(key),
          scopes: JSON.stringify(scopes),
          created_date: deps.clock.now().toISOString(),
          last_used_date: null,
          revoked_date: null,
        })
        .execute();
      return { id, name: input.name, scopes, key };
    },

    async count(): Promise<number> {
      const row = await deps.db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async list() {
      const rows = await deps.db.selectFrom('api_keys').selectAll().orderBy('created_date').execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        prefix: r.prefix,
        scopes: JSON.parse(r.scopes) as string[],
        createdDate: r.created_date,
        revokedDate: r.revoked_date,
      }));
    },

    async revoke(id: string): Promise<void> {
      const res = await deps.db
        .updateTable('api_keys')
        .set({ revoked_date: deps.clock.now().toISOString() })
        .where('id', '=', id)
        .where('revoked_date', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0)
        throw new AppError('NOT_FOUND', 'API_KEY_NOT_FOUND', 'No active API key with this id', { id });
    },

    /** Finds the caller an API key stands for, or `null` when the key is unknown or revoked. */
    async lookup(key: string): Promise<Caller | null> {
      const row = await deps.db
        .selectFrom('api_keys')
        .select(['id', 'scopes'])
        .where('key_hash', '=', hashKey(key))
        .where('revoked_date', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      return { kind: 'apiKey', keyId: row.id, scopes: JSON.parse(row.scopes) as string[] };
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
