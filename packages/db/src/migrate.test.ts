import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type MerxDb } from './create-db.js';
import { migrateToLatest } from './migrate.js';

/*
 * SQLite serves with its statement journals in memory (create-db.ts) and migrates with them in a temp file, as
 * SQLite does by default: a migration may rewrite a whole table inside one savepoint.
 */

let dir: string;
let merx: MerxDb;
const queries: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'merx-migrate-'));
  merx = createDb({
    url: join(dir, 'db.sqlite'),
    onQuery: (event) => {
      if (event.level === 'query') queries.push(event.query.sql);
    },
  });
});
afterAll(async () => {
  await merx.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const tempStore = async () => (await sql<{ temp_store: number }>`pragma temp_store`.execute(merx.db)).rows[0];

describe('migrations on SQLite', () => {
  it('run with temp_store FILE and leave it at MEMORY, as the server uses it', async () => {
    expect(await tempStore()).toEqual({ temp_store: 2 });
    const applied = await migrateToLatest(merx.db, merx.dialect);
    expect(applied.length).toBeGreaterThan(10);
    const first = queries.findIndex((q) => /create table/i.test(q));
    const file = queries.indexOf('pragma temp_store = FILE');
    const back = queries.lastIndexOf('pragma temp_store = 2');
    expect(file).toBeGreaterThanOrEqual(0);
    expect(file).toBeLessThan(first);
    expect(back).toBeGreaterThan(queries.findLastIndex((q) => /create (table|index)/i.test(q)));
    expect(await tempStore()).toEqual({ temp_store: 2 });
  });
});
