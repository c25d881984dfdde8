import type { Database } from '@merx/db';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock.js';

const DAY = 24 * 3600 * 1000;

/** How long spent or expired rows are kept before they are purged (enough to investigate a complaint). */
export const RETENTION = {
  /** Redirect sessions, authorization codes, one-time challenges and session tokens after they expire. */
  expiredDays: 1,
  /** Throttle counters after their window started. */
  rateLimitDays: 1,
  /** Refresh tokens after they were revoked. */
  revokedTokenDays: 30,
  /** Visitor refresh tokens not used for this long (an abandoned anonymous visit). */
  idleVisitorDays: 90,
  /** Outbox events after they were dispatched. */
  dispatchedEventDays: 30,
};

export type PurgeCounts = Record<
  | 'redirectSessions'
  | 'authCodes'
  | 'challenges'
  | 'sessions'
  | 'rateLimits'
  | 'refreshTokens'
  | 'outbox'
  | 'webhookDeliveries',
  number
>;

/**
 * Deletes rows nobody can use any more, so that public endpoints that write (redirect sessions, visitor tokens,
 * throttles) do not grow the database forever. Runs hourly in every process; the deletes are idempotent.
 */
export function createHousekeeping(deps: {
  db: Kysely<Database>;
  clock: Clock;
  intervalMs?: number;
  /** Other hourly work, run after the purge (the abandoned checkouts sweep). */
  tasks?: ReadonlyArray<() => Promise<unknown>>;
  /** Work that must not wait an hour (the order timers), run every `frequentIntervalMs` (a minute). */
  frequentTasks?: ReadonlyArray<() => Promise<unknown>>;
  frequentIntervalMs?: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let frequentTimer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let frequentRunning: Promise<unknown> | undefined;

  /** The frequent tasks once, each on its own (one failing does not stop the others); skipped while one runs. */
  function runFrequent(): Promise<unknown> {
    frequentRunning ??= Promise.allSettled((deps.frequentTasks ?? []).map((task) => task())).finally(() => {
      frequentRunning = undefined;
    });
    return frequentRunning;
  }

  /**
   * Deletes handed-out events created before `cutoff` (one still queued stays however old it is). Events are in
   * `seq` order, which is the order they were made in, so the old ones are at the head: each round looks at the
   * 5,000 oldest rows only (no index on the date, which every append would have to write), until a round finds
   * nothing to delete.
   */
  async function purgeEvents(cutoff: string): Promise<number> {
    let total = 0;
    for (;;) {
      const head = deps.db.selectFrom('outbox').select(['seq', 'created_date']).orderBy('seq').limit(5000);
      const result = await deps.db
        .deleteFrom('outbox')
        .where(
          'seq',
          'in',
          deps.db.selectFrom(head.as('head')).select('head.seq').where('head.created_date', '<', cutoff),
        )
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('outbox_queue').select('seq').whereRef('outbox_queue.seq', '=', 'outbox.seq'))),
        )
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows);
      total += deleted;
      if (deleted === 0) return total;
    }
  }

  async function purge(): Promise<PurgeCounts> {
    const now = deps.clock.now().getTime();
    const before = (days: number) => new Date(now - days * DAY).toISOString();
    const n = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
    const expired = before(RETENTION.expiredDays);
    const db = deps.db;
    return {
      redirectSessions: n(
        await db.deleteFrom('redirect_sessions').where('expires_date', '<', expired).executeTakeFirst(),
      ),
      authCodes: n(await db.deleteFrom('auth_codes').where('expires_date', '<', expired).executeTakeFirst()),
      challenges: n(await db.deleteFrom('challenges').where('expires_date', '<', expired).executeTakeFirst()),
      sessions: n(
        await db
          .deleteFrom('sessions')
          .where((eb) => eb.or([eb('expires_date', '<', expired), eb('revoked_date', '<', expired)]))
          .executeTakeFirst(),
      ),
      rateLimits: n(
        await db
          .deleteFrom('rate_limits')
          .where('window_start', '<', before(RETENTION.rateLimitDays))
          .executeTakeFirst(),
      ),
      refreshTokens: n(
        await db
          .deleteFrom('refresh_tokens')
          .where((eb) =>
            eb.or([
              eb('revoked_date', '<', before(RETENTION.revokedTokenDays)),
              eb.and([
                eb('role', '=', 'visitor'),
                eb(eb.fn.coalesce('last_used_date', 'created_date'), '<', before(RETENTION.idleVisitorDays)),
              ]),
            ]),
          )
          .executeTakeFirst(),
      ),
      outbox: await purgeEvents(before(RETENTION.dispatchedEventDays)),
      webhookDeliveries: await purgeDeliveries(),
    };
  }

  /**
   * Deletes the delivery log (deliveries and their attempts) of events the outbox no longer keeps; a delivery still
   * pending stays (it fails with "no longer kept" when next tried, and says so in the log).
   */
  async function purgeDeliveries(): Promise<number> {
    const oldest = await deps.db.selectFrom('outbox').select('seq').orderBy('seq').limit(1).executeTakeFirst();
    if (!oldest) return 0;
    const seq = Number(oldest.seq);
    await deps.db.deleteFrom('webhook_attempts').where('event_seq', '<', seq).executeTakeFirst();
    const result = await deps.db
      .deleteFrom('webhook_deliveries')
      .where('event_seq', '<', seq)
      .where('status', '<>', 'PENDING')
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  return {
    purge,
    start(): void {
      const run = () => {
        running = purge()
          .catch(() => undefined)
          .then(() => Promise.allSettled((deps.tasks ?? []).map((task) => task())));
      };
      run();
      timer = setInterval(run, deps.intervalMs ?? 3600 * 1000);
      timer.unref();
      if ((deps.frequentTasks ?? []).length > 0) {
        void runFrequent();
        frequentTimer = setInterval(() => void runFrequent(), deps.frequentIntervalMs ?? 60 * 1000);
        frequentTimer.unref();
      }
    },
    /** Runs the frequent tasks now (tests, with their injected clock). */
    runFrequent,
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      if (frequentTimer) clearInterval(frequentTimer);
      timer = undefined;
      frequentTimer = undefined;
      await running;
      await frequentRunning;
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
