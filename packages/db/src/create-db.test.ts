import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from './create-db.js';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'merx-create-db-'));
  file = join(dir, 'db.sqlite');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A table with an index and rows enough for ANALYZE to sample (`n` per kind). */
function fill(db: SQLite.Database, n: number): void {
  db.exec('create table items (id integer primary key, kind text not null); create index items_kind on items (kind)');
  const insert = db.prepare('insert into items (kind) values (?)');
  db.transaction(() => {
    for (let i = 0; i < n * 20; i++) insert.run(`kind-${i % 20}`);
  })();
}

const count = (db: SQLite.Database, table: string) =>
  db.prepare(`select count(*) from ${table}`).pluck().get() as number;

describe('opening a SQLite database: the planner statistics', () => {
  it('keeps the row statistics ANALYZE gathers and drops its samples, which re-plan statements by bound values', async () => {
    const raw = new SQLite(file);
    fill(raw, 200);
    raw.close();

    // The first open gathers the statistics of the never-analyzed table.
    const merx = createDb({ url: file });
    const plan = await sql<{
      detail: string;
    }>`explain query plan select id from items where kind in (${'kind-1'}, ${'kind-2'})`.execute(merx.db);
    await merx.destroy();

    const check = new SQLite(file, { readonly: true });
    expect(count(check, 'sqlite_stat1')).toBeGreaterThan(0);
    expect(count(check, 'sqlite_stat4')).toBe(0);
    check.close();
    // The index is still the plan.
    expect(plan.rows.map((r) => r.detail).join(' ')).toContain('items_kind');
  });

  it('drops samples left by an ANALYZE run outside Merx the next time the database is opened', async () => {
    const raw = new SQLite(file);
    fill(raw, 200);
    raw.exec('analyze');
    // This build of SQLite keeps samples: what the open has to undo.
    expect(count(raw, 'sqlite_stat4')).toBeGreaterThan(0);
    raw.close();

    const merx = createDb({ url: file });
    await merx.destroy();

    const check = new SQLite(file, { readonly: true });
    expect(count(check, 'sqlite_stat1')).toBeGreaterThan(0);
    expect(count(check, 'sqlite_stat4')).toBe(0);
    check.close();
  });

  it('opens a new, empty database without statistics tables', async () => {
    const merx = createDb({ url: file });
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_schema where name like 'sqlite_stat%'`.execute(merx.db);
    await merx.destroy();
    expect(tables.rows).toEqual([]);
  });
});
