import type { Database } from '@merx/db';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';

const ALG = 'ES256';
type Key = Awaited<ReturnType<typeof importJWK>>;

/**
 * Keys that sign access tokens, kept in the database so that every process signs and verifies alike. The first
 * start generates one; the newest unretired key signs; every unretired key verifies. A token naming a key this
 * process has not seen makes it read the table again (another process may have added it).
 */
export function createSigningKeys(deps: { db: Kysely<Database>; clock: Clock }) {
  let signing: { kid: string; key: Key } | undefined;
  const verifying = new Map<string, Key>();

  async function load(): Promise<void> {
    const rows = await deps.db
      .selectFrom('signing_keys')
      .selectAll()
      .where('retired_date', 'is', null)
      .orderBy('created_date', 'desc')
      .orderBy('kid')
      .execute();
    for (const row of rows) {
      if (!verifying.has(row.kid)) verifying.set(row.kid, await importJWK(JSON.parse(row.public_jwk) as JWK, row.alg));
    }
    const newest = rows[0];
    if (newest) signing = { kid: newest.kid, key: await importJWK(JSON.parse(newest.private_jwk) as JWK, newest.alg) };
  }

  return {
    alg: ALG,
    /** Loads the keys, creating the first one on an empty database. */
    async init(): Promise<void> {
      await load();
      if (signing) return;
      const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
      const kid = newId();
      await deps.db
        .insertInto('signing_keys')
        .values({
          kid,
          alg: ALG,
          private_jwk: JSON.stringify(await exportJWK(privateKey)),
          public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' }),
          created_date: deps.clock.now().toISOString(),
          retired_date: null,
        })
        .execute();
      await load();
    },
    signingKey(): { kid: string; key: Key } {
      if (!signing) throw new Error('Signing keys are not loaded');
      return signing;
    },
    async verificationKey(kid: string): Promise<Key | undefined> {
      if (!verifying.has(kid)) await load();
      return verifying.get(kid);
    },
    /** Public keys as a JWK set (served at /.well-known/jwks.json). */
    async jwks(): Promise<{ keys: JWK[] }> {
      const rows = await deps.db
        .selectFrom('signing_keys')
        .select('public_jwk')
        .where('retired_date', 'is', null)
        .execute();
      return { keys: rows.map((r) => JSON.parse(r.public_jwk) as JWK) };
    },
  };
}

export type SigningKeys = ReturnType<typeof createSigningKeys>;
