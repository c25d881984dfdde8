import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, type MerxDb } from './create-db.js';
import { migrateToLatest, migrateUpTo } from './migrate.js';

/** Which engine the test run uses: PostgreSQL when `MERX_TEST_DATABASE_URL` is set, otherwise SQLite. */
export function testEngine(): 'sqlite' | 'postgres' {
  return process.env.MERX_TEST_DATABASE_URL ? 'postgres' : 'sqlite';
}

/** A test database, and how to bring it up to date when it was made at an older migration. */
export type TestDb = MerxDb & { migrateToLatest(): Promise<string[]> };

/**
 * A fresh, migrated database for one test file: a new SQLite file in a temp folder, or a new schema in the
 * PostgreSQL database of `MERX_TEST_DATABASE_URL`. `destroy()` removes it. `upTo` stops at that migration.
 */
export async function createTestDb(options: { onQuery?: CreateTestDbQueryHook; upTo?: string } = {}): Promise<TestDb> {
  const upTo = options.upTo;
  const pgUrl = process.env.MERX_TEST_DATABASE_URL;
  if (pgUrl) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const merx = createDb({
      url: pgUrl,
      pgSearchPath: schema,
      poolSize: 5,
      ...(options.onQuery ? { onQuery: options.onQuery } : {}),
    });
    if (upTo) await migrateUpTo(merx.db, merx.dialect, upTo, schema);
    else await migrateToLatest(merx.db, merx.dialect, schema);
    return {
      ...merx,
      migrateToLatest: () => migrateToLatest(merx.db, merx.dialect, schema),
      async destroy() {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(merx.db).catch(() => {});
        await merx.destroy();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'merx-test-'));
  const merx = createDb({ url: join(dir, 'merx.db'), ...(options.onQuery ? { onQuery: options.onQuery } : {}) });
  if (upTo) await migrateUpTo(merx.db, merx.dialect, upTo);
  else await migrateToLatest(merx.db, merx.dialect);
  return {
    ...merx,
    migrateToLatest: () => migrateToLatest(merx.db, merx.dialect),
    async destroy() {
      await merx.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type CreateTestDbQueryHook = NonNullable<Parameters<typeof createDb>[0]['onQuery']>;
