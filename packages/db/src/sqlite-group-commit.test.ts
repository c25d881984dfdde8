import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type MerxDb } from './create-db.js';
import { type Executor, withTransaction } from './transaction.js';

let dir: string;
let file: string;
let merx: MerxDb;
/** A second connection: what it sees is what is in the database file. */
let other: SQLite.Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'merx-group-commit-'));
  file = join(dir, 'db.sqlite');
  merx = createDb({ url: file });
  await sql`create table notes (id text primary key, body text not null)`.execute(merx.db);
  await sql`create table parents (id text primary key)`.execute(merx.db);
  await sql`create table children (id text primary key, parent_id text not null references parents (id) deferrable initially deferred)`.execute(
    merx.db,
  );
  other = new SQLite(file, { readonly: true });
});

afterEach(async () => {
  other.close();
  await merx.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const committed = (id: string) =>
  other.prepare('select body from notes where id = ?').get(id) as { body: string } | undefined;

function note(id: string, fail = false) {
  return withTransaction(merx.db, async ({ trx }) => {
    await sql`insert into notes (id, body) values (${id}, ${`note ${id}`})`.execute(trx);
    if (fail) throw new Error(`unit ${id} refused`);
    return id;
  });
}

describe('SQLite group commit', () => {
  it('answers every unit of a batch only once its writes are in the database', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const seen = await Promise.all(ids.map((id) => note(id).then(() => committed(id)?.body)));
    expect(seen).toEqual(ids.map((id) => `note ${id}`));
  });

  it('rolls back a failing unit alone: the other units of its batch commit', async () => {
    const results = await Promise.allSettled([note('a'), note('b', true), note('c')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committed('a')?.body).toBe('note a');
    expect(committed('b')).toBeUndefined();
    expect(committed('c')?.body).toBe('note c');
  });

  it('rolls back a failing unit that rewrote megabytes of existing pages, with its journal in memory', async () => {
    // Statement journals (the first image of each page a savepoint changes) are kept in memory, never spilled
    // to a temp file (create-db.ts); rolling back to the savepoint must restore every page all the same.
    const rows = Array.from({ length: 2000 }, (_, i) => `r${i}`);
    await withTransaction(merx.db, async ({ trx }) => {
      for (const id of rows) await sql`insert into notes (id, body) values (${id}, ${'x'.repeat(1000)})`.execute(trx);
    });
    const rewrite = withTransaction(merx.db, async ({ trx }) => {
      await sql`update notes set body = ${'y'.repeat(1500)}`.execute(trx);
      throw new Error('refused after rewriting every note');
    });
    const results = await Promise.allSettled([note('a'), rewrite, note('c')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const bodies = other.prepare("select body, count(*) n from notes where id like 'r%' group by body").all();
    expect(bodies).toEqual([{ body: 'x'.repeat(1000), n: 2000 }]);
    expect(committed('a')?.body).toBe('note a');
    expect(committed('c')?.body).toBe('note c');
    const { rows: store } = await sql<{ temp_store: number }>`pragma temp_store`.execute(merx.db);
    expect(store).toEqual([{ temp_store: 2 }]);
  });

  it('fails every unit of the batch when its COMMIT fails, and writes none of them', async () => {
    // The child's parent is missing: a deferred foreign key is checked only at COMMIT, which fails.
    const orphan = withTransaction(merx.db, async ({ trx }) => {
      await sql`insert into children (id, parent_id) values ('k', 'missing')`.execute(trx);
    });
    const results = await Promise.allSettled([note('a'), orphan, note('c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const r of results) expect(String((r as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committed('a')).toBeUndefined();
    expect(committed('c')).toBeUndefined();
    expect(other.prepare('select count(*) n from children').get()).toEqual({ n: 0 });
    // The connection is usable again.
    await note('after');
    expect(committed('after')?.body).toBe('note after');
  });

  it('lets a read in a batch see the earlier units and answers it after their commit', async () => {
    const write = note('a');
    const read = sql<{ body: string }>`select body from notes`
      .execute(merx.db)
      .then(({ rows }) => ({ rows, inFile: committed('a')?.body }));
    await write;
    expect(await read).toEqual({ rows: [{ body: 'note a' }], inFile: 'note a' });
  });

  it('streams rows one at a time, inside a transaction too', async () => {
    await Promise.all(['a', 'b', 'c'].map((id) => note(id)));
    const ids = async (ex: Executor) => {
      const streamed: string[] = [];
      const query = ex.selectFrom(sql<{ id: string }>`notes`.as('n')).select('n.id').orderBy('n.id');
      for await (const row of query.stream()) streamed.push(row.id);
      return streamed;
    };
    expect(await ids(merx.db)).toEqual(['a', 'b', 'c']);
    expect(await withTransaction(merx.db, async ({ trx }) => ids(trx))).toEqual(['a', 'b', 'c']);
    // The connection is free again afterwards.
    expect(await note('d')).toBe('d');
  });

  it('commits the open batch when the database is closed', async () => {
    const pending = note('last');
    await merx.destroy();
    await expect(pending).resolves.toBe('last');
    expect(committed('last')?.body).toBe('note last');
    merx = createDb({ url: file });
  });
});
