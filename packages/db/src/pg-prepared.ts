import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/*
 * Named prepared statements on PostgreSQL (docs/decisions/0041-pg-prepared-statements.md). Kysely sends every
 * statement unnamed, so PostgreSQL parses, analyses and plans it anew on every execution: for a product page that
 * was about 1.2 ms and 700 buffer hits of planning beside 1.3 ms of execution. A statement sent by name is parsed
 * once per connection and its plan can be kept (PostgreSQL's plan cache decides between custom and generic plans).
 *
 * Merx builds a bounded set of statement texts (the same query shapes with bound parameters), so each text gets a
 * name the first time it is seen, up to `limit` texts per pool; texts beyond that run unnamed, as before. Only
 * statements PostgreSQL can prepare are named, never transaction control or DDL.
 *
 * A schema change can make a prepared statement unusable ("cached plan must not change result type" when a table
 * it reads `*` of gains a column). DDL sent through the pool (migrations) starts a new generation of names, so
 * later statements are prepared afresh; a statement that fails that way anyway (another process migrated) discards
 * its connection and starts a new generation too.
 */

/** Statements PostgreSQL plans and can keep prepared. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Statements that change the schema. */
const DDL = /^\s*(create|alter|drop|truncate|comment)\b/i;
/** feature_not_supported: a prepared statement whose result columns the schema changed. */
const STALE_PLAN = '0A000';

/** Distinct statement texts a pool names; each connection prepares those it runs (at most this many). */
export const DEFAULT_NAMED_STATEMENTS = 1000;

/** `pool` for Kysely's PostgresDialect, sending statements by name (see above). */
export function withNamedStatements(pool: pg.Pool, limit = DEFAULT_NAMED_STATEMENTS): PostgresPool {
  let names = new Map<string, string>();
  let generation = 0;
  const newGeneration = () => {
    generation++;
    names = new Map();
  };
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= limit || !PREPARABLE.test(text)) return known;
    const name = `merx_${generation.toString(36)}_${names.size.toString(36)}`;
    names.set(text, name);
    return name;
  };

  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let stale = false;
      async function run<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
        if (DDL.test(text)) newGeneration();
        const name = nameOf(text);
        try {
          const result = await client.query(name === undefined ? { text, values } : { name, text, values });
          return result as unknown as PostgresQueryResult<R>;
        } catch (error) {
          if (name !== undefined && (error as { code?: string }).code === STALE_PLAN) {
            stale = true;
            newGeneration();
          }
          throw error;
        }
      }
      function query<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(textOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>) {
        if (typeof textOrCursor !== 'string') return client.query(textOrCursor as never) as PostgresCursor<R>;
        return run<R>(textOrCursor, parameters as unknown[]);
      }
      // A connection holding a statement the schema made unusable is closed rather than handed out again.
      return { query, release: (destroy?: boolean) => client.release(destroy === true || stale) };
    },
    end: () => pool.end(),
  };
}
