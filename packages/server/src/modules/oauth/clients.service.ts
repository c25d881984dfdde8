import type { Database } from '@merx/db';
import { AppError, invalid, notFound } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';

export type ClientKind = 'storefront' | 'backoffice' | 'custom';

export interface OAuthClient {
  id: string;
  name: string;
  kind: ClientKind;
  redirectUris: string[];
  allowedOrigins: string[];
  createdDate: string;
  updatedDate: string;
}

export interface ClientInput {
  name: string;
  kind?: ClientKind;
  redirectUris?: string[];
  allowedOrigins?: string[];
}

export const CLIENT_NOT_FOUND = 'OAUTH_CLIENT_NOT_FOUND';
/** The storefront and back-office clients made on first start: the shop and the back office sign in with them. */
export const CLIENT_BUILT_IN = 'OAUTH_CLIENT_BUILT_IN';

/** An absolute http(s) URL without a fragment: redirect URIs are compared exactly. */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (url.hash || uri.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry credentials';
  return null;
}

export function originOf(uri: string): string {
  return new URL(uri).origin;
}

function originProblem(origin: string): string | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https origin';
    if (url.origin !== origin) return 'must be an origin such as https://shop.example (no path or trailing slash)';
    return null;
  } catch {
    return 'must be an origin such as https://shop.example';
  }
}

function validate(input: { redirectUris?: string[]; allowedOrigins?: string[] }): void {
  input.redirectUris?.forEach((uri, i) => {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`client.redirectUris[${i}]`, problem, 'FORMAT');
  });
  input.allowedOrigins?.forEach((origin, i) => {
    const problem = originProblem(origin);
    if (problem) throw invalid(`client.allowedOrigins[${i}]`, problem, 'FORMAT');
  });
}

type Row = Awaited<ReturnType<ReturnType<typeof selectClients>['executeTakeFirstOrThrow']>>;
function selectClients(db: Kysely<Database>) {
  return db.selectFrom('oauth_clients').selectAll();
}

function toClient(row: Row): OAuthClient {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ClientKind,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    allowedOrigins: JSON.parse(row.allowed_origins) as string[],
    createdDate: row.created_date,
    updatedDate: row.updated_date,
  };
}

/** The registry of OAuth clients: who may ask for tokens, and where results may be sent. */
export function createClientService(deps: { db: Kysely<Database>; clock: Clock }) {
  const service = {
    async find(id: string): Promise<OAuthClient | undefined> {
      const row = await selectClients(deps.db).where('id', '=', id).executeTakeFirst();
      return row ? toClient(row) : undefined;
    },
    async get(id: string): Promise<OAuthClient> {
      const client = await service.find(id);
      if (!client) throw notFound(CLIENT_NOT_FOUND, 'OAuth client not found', { clientId: id });
      return client;
    },
    async list(): Promise<OAuthClient[]> {
      return (await selectClients(deps.db).orderBy('created_date').orderBy('id').execute()).map(toClient);
    },
    async firstOfKind(kind: ClientKind): Promise<OAuthClient | undefined> {
      const row = await selectClients(deps.db)
        .where('kind', '=', kind)
        .orderBy('created_date')
        .orderBy('id')
        .executeTakeFirst();
      return row ? toClient(row) : undefined;
    },
    async create(input: ClientInput): Promise<OAuthClient> {
      validate(input);
      const now = deps.clock.now().toISOString();
      const id = newId();
      await deps.db
        .insertInto('oauth_clients')
        .values({
          id,
          name: input.name,
          kind: input.kind ?? 'custom',
          redirect_uris: JSON.stringify(input.redirectUris ?? []),
          allowed_origins: JSON.stringify(input.allowedOrigins ?? []),
          created_date: now,
          updated_date: now,
        })
        .execute();
      return service.get(id);
    },
    /**
     * Changes a client. A built-in one gains redirect URIs but keeps those it has: the shop and the back office sign
     * in through them, and losing the one in use would lock everybody out.
     */
    async update(id: string, patch: Partial<ClientInput>): Promise<OAuthClient> {
      validate(patch);
      const client = await service.get(id);
      const dropped = patch.redirectUris ? client.redirectUris.filter((u) => !patch.redirectUris?.includes(u)) : [];
      if (client.kind !== 'custom' && dropped.length > 0) {
        throw invalid(
          'client.redirectUris',
          `must keep the built-in client's addresses (${dropped.join(', ')}): new ones can be added`,
          'VALIDATION',
        );
      }
      await deps.db
        .updateTable('oauth_clients')
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.redirectUris !== undefined ? { redirect_uris: JSON.stringify(patch.redirectUris) } : {}),
          ...(patch.allowedOrigins !== undefined ? { allowed_origins: JSON.stringify(patch.allowedOrigins) } : {}),
          updated_date: deps.clock.now().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      return service.get(id);
    },
    /** Deletes a client of the merchant's own; the built-in ones stay (without them nobody could sign in). */
    async delete(id: string): Promise<void> {
      const client = await service.get(id);
      if (client.kind !== 'custom') {
        const who = client.kind === 'backoffice' ? 'staff to the back office' : 'members to the shop';
        throw new AppError(
          'FAILED_PRECONDITION',
          CLIENT_BUILT_IN,
          `The built-in ${client.name} client signs ${who}: it can be changed, not deleted`,
          { clientId: id, kind: client.kind },
        );
      }
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('refresh_tokens')
          .set({ revoked_date: deps.clock.now().toISOString() })
          .where('client_id', '=', id)
          .where('revoked_date', 'is', null)
          .execute();
        await trx.deleteFrom('oauth_clients').where('id', '=', id).execute();
      });
    },
    /**
     * On first start: a storefront client (redirects back to the shop served at `/`) and a back-office client
     * (`/admin/`), both for the configured public URL.
     */
    async ensureDefaults(publicUrl: string): Promise<void> {
      const base = publicUrl.replace(/\/+$/, '');
      const origin = originOf(base);
      if (!(await service.firstOfKind('storefront'))) {
        await service.create({
          name: 'Storefront',
          kind: 'storefront',
          redirectUris: [`${base}/`, `${base}/callback`, `${base}/account/callback`],
          allowedOrigins: [origin],
        });
      }
      if (!(await service.firstOfKind('backoffice'))) {
        await service.create({
          name: 'Back office',
          kind: 'backoffice',
          redirectUris: [`${base}/admin/`, `${base}/admin/callback`],
          allowedOrigins: [origin],
        });
      }
    },
  };
  return service;
}

export type ClientService = ReturnType<typeof createClientService>;
