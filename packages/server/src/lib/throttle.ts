import type { Database } from '@merx/db';
import { type Kysely, sql } from 'kysely';
import type { Clock } from './clock.js';

/**
 * Counters in the database, so that limits hold across processes: fixed windows (`hit` counts one event and
 * returns the count in the current window; `count` reads it without counting) and failures in a row (`strike`,
 * `strikes`), for delays that grow with each failure.
 */
export function createThrottle(deps: { db: Kysely<Database>; clock: Clock }) {
  const windowStart = (windowSeconds: number) => {
    const now = deps.clock.now().getTime();
    return new Date(now - (now % (windowSeconds * 1000))).toISOString();
  };
  return {
    async hit(key: string, windowSeconds: number): Promise<number> {
      const start = windowStart(windowSeconds);
      const row = await deps.db
        .insertInto('rate_limits')
        .values({ key, window_start: start, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql`case when rate_limits.window_start = ${start} then rate_limits.count + 1 else 1 end`,
            window_start: start,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async count(key: string, windowSeconds: number): Promise<number> {
      const row = await deps.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', key)
        .where('window_start', '=', windowStart(windowSeconds))
        .executeTakeFirst();
      return row ? Number(row.count) : 0;
    },
    /**
     * Counts one more failure in a row under `key` and remembers when (in `window_start`); the row goes after a day
     * without one (housekeeping), or with `reset`.
     */
    async strike(key: string): Promise<number> {
      const at = deps.clock.now().toISOString();
      const row = await deps.db
        .insertInto('rate_limits')
        .values({ key, window_start: at, count: 1 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ count: sql`rate_limits.count + 1`, window_start: at }))
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    /** Failures in a row under `key` and the time of the last one. */
    async strikes(key: string): Promise<{ count: number; last: Date }> {
      const row = await deps.db
        .selectFrom('rate_limits')
        .select(['count', 'window_start'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? { count: Number(row.count), last: new Date(row.window_start) } : { count: 0, last: new Date(0) };
    },
    async reset(key: string): Promise<void> {
      await deps.db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
