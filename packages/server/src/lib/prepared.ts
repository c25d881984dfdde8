import type { Database, Executor } from '@merx/db';
import { type Compilable, CompiledQuery, type Insertable, sql } from 'kysely';

/** The ids `ids` as slots `id0`, `id1`… of a prepared statement, and their values. */
export const idSlots = (slot: (name: string) => string, ids: readonly string[]) => ids.map((_, i) => slot(`id${i}`));
export const idValues = (ids: readonly string[]) => Object.fromEntries(ids.map((id, i) => [`id${i}`, id]));

/** Marks a value slot in a statement built once; no real value starts with a NUL (requests refuse them). */
const SLOT = '\u0000slot:';

type Slot = { name: string } | { value: unknown };

/**
 * Statements of the hot paths, built and compiled once per shape (`key`) and then run with fresh values: building
 * a Kysely query with its JSON subqueries costs more than SQLite takes to run it. `build` writes `slot(name)` where
 * a value of `values` goes; every other value it uses is kept as compiled.
 */
export function preparedStatements() {
  const cache = new Map<string, { sql: string; slots: Slot[] }>();
  return async function run<R>(
    ex: Executor,
    key: string,
    build: (slot: (name: string) => string) => Compilable<unknown>,
    values: Readonly<Record<string, unknown>>,
  ): Promise<R[]> {
    let entry = cache.get(key);
    if (!entry) {
      const compiled = build((name) => `${SLOT}${name}`).compile();
      const slots = compiled.parameters.map(
        (p): Slot => (typeof p === 'string' && p.startsWith(SLOT) ? { name: p.slice(SLOT.length) } : { value: p }),
      );
      entry = { sql: compiled.sql, slots };
      cache.set(key, entry);
    }
    const parameters = entry.slots.map((s) => ('name' in s ? values[s.name] : s.value));
    return (await ex.executeQuery<R>(CompiledQuery.raw(entry.sql, parameters))).rows as R[];
  };
}

export type PreparedRun = ReturnType<typeof preparedStatements>;

/**
 * Inserts `rows` into `table` (every row with the same columns: those the first row defines) with a statement
 * built once per table, columns and number of rows.
 */
export async function insertRows<T extends keyof Database & string>(
  run: PreparedRun,
  ex: Executor,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  // As Kysely does: a column left undefined is left out (its default applies).
  const columns = (Object.keys(first) as Array<keyof typeof first & string>).filter((c) => first[c] !== undefined);
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const column of columns) values[`${i}.${column}`] = row[column];
  });
  await run(
    ex,
    `insert:${table}:${rows.length}:${columns.join(',')}`,
    (slot) => {
      const tuples = rows.map((_, i) => sql`(${sql.join(columns.map((c) => sql`${slot(`${i}.${c}`)}`))})`);
      const query = sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(tuples)}`;
      return { compile: () => query.compile(ex) };
    },
    values,
  );
}
