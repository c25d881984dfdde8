import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './schema.js';
import type { Executor } from './transaction.js';

/**
 * A counter that every write to a group of tables bumps in its own transaction (e.g. `catalog` for products,
 * variants and collection membership). Reading it with a page lets derived answers, such as the total of a
 * filtered list, be reused until the data changes.
 */
export async function bumpDataVersion(ex: Executor, name: string): Promise<void> {
  // Compiled once per name and engine (a database's transactions share its adapter): it runs in every write of
  // its tables (every stock change, for one).
  const adapter = ex.getExecutor().adapter;
  let byName = bumps.get(adapter);
  if (!byName) {
    byName = new Map();
    bumps.set(adapter, byName);
  }
  let query = byName.get(name);
  if (!query) {
    const compiled = ex
      .insertInto('sequences')
      .values({ name: `version:${name}`, value: 1 })
      .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('sequences.value', '+', 1) })))
      .compile();
    query = CompiledQuery.raw(compiled.sql, [...compiled.parameters]);
    byName.set(name, query);
  }
  await ex.executeQuery(query);
}

/** The bump statement of each data version, per engine adapter. */
const bumps = new WeakMap<object, Map<string, CompiledQuery>>();

/** The current value of a data version, as a scalar subquery to select alongside other columns. */
export function dataVersion(name: string): RawBuilder<number | null> {
  return sql<number | null>`(select value from sequences where name = ${`version:${name}`})`;
}

/** The current value of a data version (0 before the first write): one primary-key read. */
export async function readDataVersion(ex: Executor, name: string): Promise<number> {
  const row = await ex.selectFrom('sequences').select('value').where('name', '=', `version:${name}`).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/**
 * `readDataVersion` compiled once, for hot paths: one primary-key read per call, no query building; in `ex` (a
 * caller's transaction) when given.
 */
export function dataVersionReader(db: Kysely<Database>, name: string): (ex?: Executor) => Promise<number> {
  const compiled = db.selectFrom('sequences').select('value').where('name', '=', `version:${name}`).compile();
  const query = CompiledQuery.raw(compiled.sql, [...compiled.parameters]);
  return async (ex: Executor = db) => {
    const row = (await ex.executeQuery<{ value: number | string }>(query)).rows[0];
    return row ? Number(row.value) : 0;
  };
}
