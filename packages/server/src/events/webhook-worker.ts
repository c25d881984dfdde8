import { randomInt } from 'node:crypto';
import type { Database, DialectName, Executor } from '@merx/db';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../lib/clock.js';
import type { AddressPolicy } from '../lib/net-guard.js';
import { type PreparedRun, preparedStatements } from '../lib/prepared.js';
import { type RecentEvents, storedEventBody } from './recent-events.js';
import type { Sender, SendOutcome } from './webhook-send.js';

/*
 * Sends the webhook deliveries the dispatcher made (docs/decisions/0035-webhooks.md). A round claims due deliveries
 * by leasing them (on PostgreSQL, rows another process is claiming are skipped), sends them side by side, and
 * records every outcome in one transaction. Only the head of each (endpoint, entity) chain is ever claimed, so the
 * events of one entity reach an endpoint in the order they were made, across any number of processes. A process
 * killed mid-delivery leaves its leases to run out; the deliveries are then claimed again (at least once: receivers
 * de-duplicate by `webhook-id`, the event's id).
 */

/** Waits after the 1st, 2nd, … failed attempt: about 27 hours in all, each ±20 % (so failures do not march in step). */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
  10 * 3600_000,
] as const;
/** An endpoint failing for this long (with no success in between) is disabled and the merchant told. */
export const DISABLE_AFTER_MS = 24 * 3600_000;
/** Deliveries claimed per round. */
const BATCH = 200;
/**
 * Deliveries handed to the sender at once: a whole round, in one message to its thread; the sender's kept-alive
 * sockets per origin (16) are what limits the requests in flight.
 */
const CONCURRENCY = BATCH;

export function retryDelay(failedAttempts: number): number | null {
  const base = RETRY_DELAYS_MS[failedAttempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.8 + randomInt(0, 401) / 1000));
}

export interface EndpointSigning {
  id: string;
  url: string;
  status: string;
  failingSince: string | null;
  /** Current secret first, then the previous one while its grace lasts. */
  secrets: string[];
}

export interface WebhookWorker {
  /** Claims and sends what is due now (soon after a commit made deliveries). */
  kick(): void;
  /** Runs rounds until nothing is due; resolves with the number of deliveries attempted. */
  drain(): Promise<number>;
  start(pollMs?: number): void;
  stop(): Promise<void>;
}

interface Claimed {
  endpoint_id: string;
  event_seq: number | string;
  event_id: string;
  attempts: number;
  run_attempts: number;
}

/** A claimed delivery's outcome as it is written. */
interface OutcomeRow {
  c: Claimed;
  o: SendOutcome;
  seq: number;
  status: 'SUCCEEDED' | 'PENDING' | 'FAILED';
  /** When it is tried again (PENDING), else null. */
  next: string | null;
}

/**
 * `rows` in chunks whose sizes are powers of two up to 64: a round's outcomes take a few statements, each of a
 * handful of shapes (so each is prepared once, not once per round size).
 */
export function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  let i = 0;
  while (i < rows.length) {
    let size = 64;
    while (size > rows.length - i) size /= 2;
    out.push(rows.slice(i, i + size));
    i += size;
  }
  return out;
}

/**
 * Writes each delivery's new state and its latest attempt in one statement (a join with the rows as a VALUES list,
 * which both engines name `column1`, `column2`, …), only where the lease is still `lease`. Answers the keys written.
 */
async function writeOutcomes(
  run: PreparedRun,
  ex: Executor,
  rows: readonly OutcomeRow[],
  nowIso: string,
  lease: string,
): Promise<Array<{ endpoint_id: string; event_seq: number | string }>> {
  const values: Record<string, unknown> = { now: nowIso, lease };
  rows.forEach((r, i) => {
    values[`${i}.e`] = r.c.endpoint_id;
    values[`${i}.s`] = r.seq;
    values[`${i}.st`] = r.status;
    values[`${i}.n`] = r.next;
    values[`${i}.c`] = r.o.statusCode;
    values[`${i}.er`] = r.o.error;
    values[`${i}.d`] = r.o.durationMs;
    values[`${i}.x`] = r.o.responseExcerpt;
  });
  return run(
    ex,
    `webhook-outcomes:${rows.length}`,
    (slot) => {
      const tuples = sql.join(
        rows.map(
          (_, i) =>
            sql`(cast(${slot(`${i}.e`)} as text), cast(${slot(`${i}.s`)} as bigint), cast(${slot(`${i}.st`)} as text), cast(${slot(`${i}.n`)} as text), cast(${slot(`${i}.c`)} as integer), cast(${slot(`${i}.er`)} as text), cast(${slot(`${i}.d`)} as integer), cast(${slot(`${i}.x`)} as text))`,
        ),
      );
      const query = sql`
        update webhook_deliveries set
          status = v.column3,
          attempts = attempts + 1,
          run_attempts = case when v.column3 = 'SUCCEEDED' then 0 else run_attempts + 1 end,
          next_attempt_date = v.column4,
          lease_until = null,
          last_attempt_date = ${slot('now')},
          last_status_code = v.column5,
          last_error = v.column6,
          last_duration_ms = v.column7,
          last_response_excerpt = v.column8
        from (values ${tuples}) as v
        where webhook_deliveries.endpoint_id = v.column1 and webhook_deliveries.event_seq = v.column2
          and webhook_deliveries.lease_until = ${slot('lease')}
        returning webhook_deliveries.endpoint_id, webhook_deliveries.event_seq`;
      return { compile: () => query.compile(ex) };
    },
    values,
  );
}

export function createWebhookWorker(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  logger: Logger;
  sender: Sender;
  /** The store's address rule (its setting, and loopback in development). */
  policy: () => Promise<AddressPolicy>;
  /** The endpoints' URLs and secrets (opened from their sealed form). */
  endpoints: (ids: string[]) => Promise<Map<string, EndpointSigning>>;
  /** An endpoint was disabled (by this process): tell the merchant. */
  onDisabled: (endpointId: string, reason: string) => Promise<void>;
  /** How long a claimed delivery is held before another process may take it (the send timeout and a margin). */
  leaseMs: number;
  /** Bodies of events this process committed a moment ago. */
  recent?: RecentEvents;
}): WebhookWorker {
  const { db } = deps;
  const prepared = preparedStatements();
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let scheduled: NodeJS.Timeout | null = null;
  let stopping = false;

  async function claim(now: Date, until: string): Promise<Claimed[]> {
    const nowIso = now.toISOString();
    const lock = deps.dialect === 'postgres' ? sql`for update of d skip locked` : sql``;
    const result = await sql<Claimed>`
      update webhook_deliveries set lease_until = ${until}
      where (endpoint_id, event_seq) in (
        select d.endpoint_id, d.event_seq from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.status = 'ACTIVE'
        where d.status = 'PENDING' and d.next_attempt_date <= ${nowIso}
          and (d.lease_until is null or d.lease_until < ${nowIso})
          and not exists (
            select 1 from webhook_deliveries p
            where p.endpoint_id = d.endpoint_id and p.entity_id = d.entity_id
              and p.status = 'PENDING' and p.event_seq < d.event_seq
          )
        order by d.next_attempt_date, d.event_seq
        limit ${BATCH}
        ${lock}
      )
      returning endpoint_id, event_seq, event_id, attempts, run_attempts`.execute(db);
    return result.rows;
  }

  /**
   * The body of each claimed event, as UTF-8 bytes: from the bodies this process committed a moment ago, else built
   * around the stored payload (never parsed again).
   */
  async function bodies(claimed: Claimed[]): Promise<Map<number, Uint8Array>> {
    const out = new Map<number, Uint8Array>();
    const missing = new Set<number>();
    for (const c of claimed) {
      const seq = Number(c.event_seq);
      if (out.has(seq)) continue;
      const body = deps.recent?.get(c.event_id);
      if (body === undefined) missing.add(seq);
      else out.set(seq, body);
    }
    if (missing.size === 0) return out;
    const rows = await db
      .selectFrom('outbox')
      .select(['seq', 'id', 'type', 'entity_id', 'created_date', 'actor', 'payload'])
      // The range keeps SQLite on the key (see makeDeliveries).
      .where('seq', '>=', Math.min(...missing))
      .where('seq', '<=', Math.max(...missing))
      .where('seq', 'in', [...missing])
      .execute();
    for (const r of rows) out.set(Number(r.seq), Buffer.from(storedEventBody(r)));
    return out;
  }

  let analyzedAt = Number.NEGATIVE_INFINITY;
  /**
   * A full claim means a backlog (an endpoint resumed or back up after an outage). PostgreSQL plans the claim from the
   * table's statistics, which describe the usual state, almost no pending deliveries; planned so, each claim reads
   * every pending delivery of the backlog and checks each one's chain (42 ms a round at 10,000; a drain of 10,000
   * took 41 s). While a backlog drains, the statistics are refreshed, at most once a minute. A refusal (a role that
   * may not analyse the table) only costs the speed: the round goes on.
   */
  async function refreshStatistics(now: Date): Promise<void> {
    if (deps.dialect !== 'postgres' || now.getTime() - analyzedAt < 60_000) return;
    analyzedAt = now.getTime();
    try {
      await sql`analyze webhook_deliveries`.execute(db);
    } catch (err) {
      deps.logger.warn({ err }, 'refreshing the webhook deliveries statistics failed');
    }
  }

  async function pooled<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
    const results = new Array<R>(items.length);
    let next = 0;
    const lanes = Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T);
      }
    });
    await Promise.all(lanes);
    return results;
  }

  /** One round: claim, send, record. Answers how many deliveries it attempted. */
  async function round(): Promise<number> {
    const now = deps.clock.now();
    const lease = new Date(now.getTime() + deps.leaseMs).toISOString();
    const claimed = await claim(now, lease);
    if (claimed.length === 0) return 0;
    if (claimed.length === BATCH) await refreshStatistics(now);
    deps.recent?.touch();
    const [events, endpoints, policy] = await Promise.all([
      bodies(claimed),
      deps.endpoints([...new Set(claimed.map((c) => c.endpoint_id))]),
      deps.policy(),
    ]);
    const timestamp = Math.floor(now.getTime() / 1000);
    const outcomes = await pooled(claimed, async (c): Promise<SendOutcome> => {
      const body = events.get(Number(c.event_seq));
      const endpoint = endpoints.get(c.endpoint_id);
      if (body === undefined || endpoint === undefined) {
        const error = body === undefined ? 'The event is no longer kept' : 'The endpoint is gone';
        return { ok: false, statusCode: null, durationMs: 0, error, responseExcerpt: '' };
      }
      return deps.sender.send({
        url: endpoint.url,
        id: c.event_id,
        body,
        secrets: endpoint.secrets,
        timestamp,
        policy,
      });
    });
    await record(claimed, outcomes, endpoints, events, lease);
    return claimed.length;
  }

  /**
   * Records a round's outcomes in one transaction: each delivery's new state and its attempt (on its row), the
   * attempts that failed (in the log, `webhook_attempts`), and the endpoints' health. A delivery is written only
   * while its lease is still ours: a replay asked for while it was in flight cleared the lease and stands; the attempt
   * made meanwhile is then logged, since its row no longer carries it.
   */
  async function record(
    claimed: Claimed[],
    outcomes: SendOutcome[],
    endpoints: Map<string, EndpointSigning>,
    events: Map<number, Uint8Array>,
    lease: string,
  ): Promise<void> {
    const now = deps.clock.now();
    const nowIso = now.toISOString();
    const states: OutcomeRow[] = [];
    const succeededEndpoints = new Set<string>();
    const failedEndpoints = new Map<string, string>();
    const gone = new Map<string, string>();
    claimed.forEach((c, i) => {
      const o = outcomes[i] as SendOutcome;
      const seq = Number(c.event_seq);
      if (o.ok) {
        succeededEndpoints.add(c.endpoint_id);
        states.push({ c, o, seq, status: 'SUCCEEDED', next: null });
        return;
      }
      // An event past the store's retention cannot be sent again: it fails at once.
      const delay = events.has(seq) ? retryDelay(c.run_attempts + 1) : null;
      states.push({
        c,
        o,
        seq,
        status: delay === null ? 'FAILED' : 'PENDING',
        next: delay === null ? null : new Date(now.getTime() + delay).toISOString(),
      });
      failedEndpoints.set(c.endpoint_id, o.error ?? 'failed');
      if (o.statusCode === 410) gone.set(c.endpoint_id, 'The endpoint answered 410 Gone');
    });
    const disabled: Array<{ id: string; reason: string }> = [];
    await db.transaction().execute(async (trx) => {
      const written = new Set<string>();
      for (const chunk of chunks(states)) {
        for (const r of await writeOutcomes(prepared, trx, chunk, nowIso, lease))
          written.add(`${r.endpoint_id}\u0000${r.event_seq}`);
      }
      const overtaken = states.filter((s) => !written.has(`${s.c.endpoint_id}\u0000${s.seq}`));
      // An attempt a replay overtook still counts: the next attempt is numbered after it.
      for (const s of overtaken) {
        await trx
          .updateTable('webhook_deliveries')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('endpoint_id', '=', s.c.endpoint_id)
          .where('event_seq', '=', s.seq)
          .where('attempts', '=', s.c.attempts)
          .execute();
      }
      const logged = states.filter((s) => !s.o.ok || overtaken.includes(s));
      for (let i = 0; i < logged.length; i += 100) {
        await trx
          .insertInto('webhook_attempts')
          .values(
            logged.slice(i, i + 100).map((s) => ({
              endpoint_id: s.c.endpoint_id,
              event_seq: s.seq,
              attempt: s.c.attempts + 1,
              attempted_date: nowIso,
              status_code: s.o.statusCode,
              duration_ms: s.o.durationMs,
              error: s.o.error,
              response_excerpt: s.o.responseExcerpt,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      // Endpoint health: a success ends a failing run; failures start one, and a day of them (or a 410) disables it.
      for (const id of succeededEndpoints) {
        if (endpoints.get(id)?.failingSince)
          await trx.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', id).execute();
      }
      for (const [id, error] of failedEndpoints) {
        if (succeededEndpoints.has(id) && !gone.has(id)) continue;
        const since = endpoints.get(id)?.failingSince ?? null;
        const tooLong = since !== null && now.getTime() - Date.parse(since) >= DISABLE_AFTER_MS;
        const reason =
          gone.get(id) ?? (tooLong ? `Every delivery failed for more than a day (the last: ${error})` : null);
        if (reason) {
          const result = await trx
            .updateTable('webhook_endpoints')
            .set({ status: 'DISABLED', disabled_reason: reason, disabled_date: nowIso, updated_date: nowIso })
            .where('id', '=', id)
            .where('status', '=', 'ACTIVE')
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) > 0) {
            disabled.push({ id, reason });
            // Its deliveries wait unscheduled until it is re-enabled (which schedules them again).
            await trx
              .updateTable('webhook_deliveries')
              .set({ next_attempt_date: null })
              .where('endpoint_id', '=', id)
              .where('status', '=', 'PENDING')
              .execute();
          }
        } else if (since === null) {
          await trx
            .updateTable('webhook_endpoints')
            .set({ failing_since: nowIso })
            .where('id', '=', id)
            .where('failing_since', 'is', null)
            .execute();
        }
      }
    });
    for (const d of disabled) {
      deps.logger.warn({ endpointId: d.id, reason: d.reason }, 'webhook endpoint disabled');
      try {
        await deps.onDisabled(d.id, d.reason);
      } catch (err) {
        deps.logger.error({ err, endpointId: d.id }, 'telling the merchant of a disabled endpoint failed');
      }
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        try {
          for (;;) {
            const n = await round();
            total += n;
            if (n === 0 || stopping) break;
          }
        } catch (err) {
          deps.logger.error({ err }, 'webhook delivery round failed');
        }
      } while (again && !stopping);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    kick() {
      if (stopping) return;
      scheduled ??= setTimeout(() => {
        scheduled = null;
        void run();
      }, 1);
    },
    async drain() {
      if (scheduled) clearTimeout(scheduled);
      scheduled = null;
      let total = await run();
      if (running) total += await running;
      return total;
    },
    start(pollMs = 1000) {
      stopping = false;
      timer ??= setInterval(() => void run(), pollMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (scheduled) clearTimeout(scheduled);
      scheduled = null;
      if (running) await running;
      deps.sender.close();
    },
  };
}
