import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNamedStatements } from './pg-prepared.js';

const url = process.env.MERX_TEST_DATABASE_URL;
/** "cached plan must not change result type" */
const STALE = '0A000';

interface Db {
  t: { id: number; a: string };
}

describe.skipIf(!url)('named prepared statements on PostgreSQL', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let pool: pg.Pool;
  let db: Kysely<Db>;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query(`create table ${schema}.t (id int primary key, a text not null)`);
    await admin.query(`insert into ${schema}.t values (1, 'one'), (2, 'two')`);
    // One connection, so that what it has prepared can be read back through it.
    pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
    db = new Kysely<Db>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, 4) }) });
  });
  afterAll(async () => {
    await db?.destroy();
    await admin?.query(`drop schema ${schema} cascade`);
    await admin?.end();
  });

  const prepared = async () =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(db)
    ).rows.map((r) => r.statement);

  it('prepares a statement once and runs it by name with each call’s parameters', async () => {
    const byId = (id: number) => db.selectFrom('t').select('a').where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ a: 'one' });
    expect(await byId(2)).toEqual({ a: 'two' });
    expect(await byId(3)).toBeUndefined();
    const statements = await prepared();
    expect(statements.filter((s) => s.includes('from "t"'))).toHaveLength(1);
  });

  it('never names transaction control, and a rolled-back transaction leaves the names usable', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: 3, a: 'three' }).execute();
        await trx.insertInto('t').values({ id: 3, a: 'again' }).execute();
      }),
    ).rejects.toThrow(/duplicate key/);
    await db.transaction().execute((trx) => trx.insertInto('t').values({ id: 3, a: 'three' }).execute());
    expect(await db.selectFrom('t').select('a').where('id', '=', 3).executeTakeFirst()).toEqual({ a: 'three' });
    const statements = await prepared();
    expect(statements.some((s) => /^\s*(begin|commit|rollback)/i.test(s))).toBe(false);
  });

  it('names at most its limit of texts; others run unnamed and still answer', async () => {
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const row = await sql<{ n: number }>`select ${sql.lit(n)}::int as n from t limit 1`.execute(db);
      expect(row.rows).toEqual([{ n }]);
    }
    expect((await prepared()).length).toBeLessThanOrEqual(4);
  });

  it('prepares afresh after its own DDL, so a statement reading every column sees the new one', async () => {
    const all = () => db.selectFrom('t').selectAll().where('id', '=', 1).executeTakeFirst();
    expect(await all()).toEqual({ id: 1, a: 'one' });
    await sql`alter table t add column b int`.execute(db);
    expect(await all()).toEqual({ id: 1, a: 'one', b: null });
  });

  it('recovers from another process changing the schema: one failure, then a fresh connection', async () => {
    const all = () => db.selectFrom('t').selectAll().where('id', '=', 2).executeTakeFirst();
    expect(await all()).toMatchObject({ id: 2, a: 'two' });
    await admin.query(`alter table ${schema}.t add column c int`);
    const outcomes: unknown[] = [];
    for (let i = 0; i < 3; i++) outcomes.push(await all().catch((e: { code?: string }) => e.code));
    // PostgreSQL refuses the statement it prepared (or re-plans it by itself): only the first call may fail.
    const row = { id: 2, a: 'two', b: null, c: null };
    expect([STALE, row]).toContainEqual(outcomes[0]);
    expect(outcomes.slice(1)).toEqual([row, row]);
  });
});
