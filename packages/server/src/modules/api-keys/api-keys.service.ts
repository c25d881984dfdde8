import { createHash } from 'node:crypto';
import { apiKeyScope } from '@merx/contract';
import { type Database, withTransaction } from '@merx/db';
import { AppError, ValidationError } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { Caller } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import { newId, randomToken } from '../../lib/ids.js';
import { type AuditContext, type AuditLog, commandLine } from '../audit/audit.service.js';

/** Every API key starts with this, so that a leaked key is easy to recognise and scan for. */
export const API_KEY_PREFIX = 'merx_sk_';

export interface CreatedApiKey {
  id: string;
  name: string;
  scopes: string[];
  prefix: string;
  createdDate: string;
  /** The secret itself: shown once, never stored. */
  key: string;
  /** What the key's scopes let it do that its maker should know (e.g. sign in as any member). */
  warnings: string[];
}

/** What a key with these scopes can do beyond the obvious, said when it is made. */
export function scopeWarnings(scopes: readonly string[]): string[] {
  const warnings: string[] = [];
  if (scopes.includes('members:sign-on')) {
    warnings.push(
      'This key can sign in as any member without their password (the authorized_client grant and sign-on), and so ' +
        'read their orders and account: keep it on a server, never in a browser or an app.',
    );
  }
  if (scopes.includes('*')) warnings.push('This key can do everything staff with an admin role can do.');
  return warnings;
}

function assertScopes(scopes: readonly string[]): void {
  const violations = scopes.flatMap((scope, i) =>
    apiKeyScope.safeParse(scope).success
      ? []
      : [
          {
            field: `scopes[${i}]`,
            description: 'must be a permission of the catalogue, an area:* wildcard or *',
            violatedRule: 'INVALID_ENUM_VALUE' as const,
          },
        ],
  );
  if (violations.length) throw new ValidationError(violations);
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * API keys of elevated callers: created with a random secret, kept only as a SHA-256 hash; creation and revocation
 * are on the audit trail (direct calls, from the command line or the first start, as the machine's own).
 */
export function createApiKeyService(deps: { db: Kysely<Database>; clock: Clock; audit: AuditLog }) {
  return {
    async create(
      input: { name: string; scopes?: string[] },
      context: AuditContext = commandLine,
    ): Promise<CreatedApiKey> {
      const scopes = [...new Set(input.scopes ?? ['*'])];
      assertScopes(scopes);
      const key = `${API_KEY_PREFIX}${randomToken(32)}`;
      const id = newId();
      const prefix = key.slice(0, API_KEY_PREFIX.length + 6);
      const createdDate = deps.clock.now().toISOString();
      await withTransaction(deps.db, async (uow) => {
        await uow.trx
          .insertInto('api_keys')
          .values({
            id,
            name: input.name,
            prefix,
            key_hash: hashKey(key),
            scopes: JSON.stringify(scopes),
            created_date: createdDate,
            last_used_date: null,
            revoked_date: null,
          })
          .execute();
        await deps.audit.record(uow.trx, context, {
          action: 'api-key.created',
          target: { kind: 'API_KEY', id, name: input.name },
          details: { scopes },
        });
      });
      return { id, name: input.name, scopes, prefix, createdDate, key, warnings: scopeWarnings(scopes) };
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

    /** The scopes of a key not yet revoked, or undefined. */
    async scopesOf(id: string): Promise<string[] | undefined> {
      const row = await deps.db
        .selectFrom('api_keys')
        .select('scopes')
        .where('id', '=', id)
        .where('revoked_date', 'is', null)
        .executeTakeFirst();
      return row ? (JSON.parse(row.scopes) as string[]) : undefined;
    },

    async revoke(id: string, context: AuditContext = commandLine): Promise<void> {
      await withTransaction(deps.db, async (uow) => {
        const row = await uow.trx
          .selectFrom('api_keys')
          .select(['name', 'scopes'])
          .where('id', '=', id)
          .executeTakeFirst();
        const res = await uow.trx
          .updateTable('api_keys')
          .set({ revoked_date: deps.clock.now().toISOString() })
          .where('id', '=', id)
          .where('revoked_date', 'is', null)
          .executeTakeFirst();
        if (!row || Number(res.numUpdatedRows) === 0)
          throw new AppError('NOT_FOUND', 'API_KEY_NOT_FOUND', 'No active API key with this id', { id });
        await deps.audit.record(uow.trx, context, {
          action: 'api-key.revoked',
          target: { kind: 'API_KEY', id, name: row.name },
          details: { scopes: JSON.parse(row.scopes) },
        });
      });
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
