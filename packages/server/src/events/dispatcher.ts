import type { EventType, MerxEvent } from '@merx/contract';
import type { Database, DialectName } from '@merx/db';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../lib/clock.js';
import { preparedStatements } from '../lib/prepared.js';
import { identityFromActor, makeDeliveries } from './webhook-deliveries.js';

export type EventHandler = (event: MerxEvent) => void | Promise<void>;

/** Events claimed per statement. */
const BATCH = 100;

/** How long a kick waits for more commits before it claims. */
const KICK_DELAY_MS = 20;

/** The PostgreSQL advisory lock that makes claims one at a time across processes (so webhooks keep commit order). */
const CLAIM_LOCK = 7_201_130;

/** Hands committed outbox events to in-process subscribers, in commit order, each event once across processes. */
export interface Dispatcher {
  subscribe(type: EventType | '*', handler: EventHandler): () => void;
  /** Drains pending events now (called after each commit; also on a timer for other processes' events). */
  kick(): void;
  /** Resolves once everything pending at call time has been handed out. */
  drain(): Promise<void>;
  start(pollMs?: number): void;
  stop(): Promise<void>;
}

export function createDispatcher(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  logger: Logger;
  clock: Clock;
  /** Called after a claim made webhook deliveries (the delivery worker sends them). */
  onDeliveries?: () => void;
}): Dispatcher {
  const handlers = new Map<string, Set<EventHandler>>();
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let scheduled: NodeJS.Timeout | null = null;
  // The claim runs after every burst of commits: compiled once.
  const prepared = preparedStatements();

  async function deliver(event: MerxEvent): Promise<void> {
    for (const key of [event.type, '*']) {
      for (const handler of handlers.get(key) ?? []) {
        try {
          await handler(event);
        } catch (err) {
          deps.logger.error({ err, eventId: event.id, type: event.type }, 'event subscriber failed');
        }
      }
    }
  }

  const listening = () => [...handlers.values()].some((set) => set.size > 0);
  /** The event types someone here listens to; null for all of them ('*'). */
  const wantedTypes = (): string[] | null => {
    const types = [...handlers].filter(([, set]) => set.size > 0).map(([type]) => type);
    return types.includes('*') ? null : types;
  };

  /**
   * Claims up to 100 pending events by deleting their rows from the queue (only the process whose delete removes a
   * row gets it; on PostgreSQL claims take turns under an advisory lock, so events reach webhooks in commit order),
   * makes their webhook deliveries in the same transaction, then reads the claimed events, unless nobody here
   * listens, and hands them out in commit order. Stops when a batch comes back short: later commits kick again.
   */
  async function drainOnce(): Promise<void> {
    for (;;) {
      const { seqs, deliveries } = await deps.db.transaction().execute(async (trx) => {
        if (deps.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
        const claimed = await prepared<{ seq: number | string }>(
          trx,
          'claim',
          () => {
            const oldest = trx.selectFrom('outbox_queue').select('seq').orderBy('seq').limit(BATCH);
            return trx.deleteFrom('outbox_queue').where('seq', 'in', oldest).returning('seq');
          },
          {},
        );
        const seqs = claimed.map((c) => Number(c.seq));
        // The webhook deliveries of these events, in the claim's transaction: a process killed after its claim loses
        // nothing.
        const deliveries =
          seqs.length > 0 ? await makeDeliveries(trx, { seqs }, deps.clock.now().toISOString(), 'keep', prepared) : 0;
        return { seqs, deliveries };
      });
      if (deliveries > 0) deps.onDeliveries?.();
      // Nobody listens here: claimed all the same (once across processes), the events never read. Otherwise only
      // the events of the types listened to are read (payloads can be large: a cart's is the whole cart).
      const wanted = wantedTypes();
      const rows =
        seqs.length > 0 && listening()
          ? await deps.db
              .selectFrom('outbox')
              .selectAll()
              // The range keeps SQLite on the key whatever its statistics say.
              .where('seq', '>=', Math.min(...seqs))
              .where('seq', '<=', Math.max(...seqs))
              .where('seq', 'in', seqs)
              .$if(wanted !== null, (qb) => qb.where('type', 'in', wanted as string[]))
              .orderBy('seq')
              .execute()
          : [];
      for (const row of rows) {
        if (!handlers.get(row.type)?.size && !handlers.get('*')?.size) continue;
        await deliver({
          id: row.id,
          type: row.type as EventType,
          entityId: row.entity_id,
          eventTime: row.created_date,
          identity: identityFromActor(row.actor),
          payload: JSON.parse(row.payload) as Record<string, unknown>,
        });
      }
      if (seqs.length < BATCH) return;
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drainOnce();
        } catch (err) {
          deps.logger.error({ err }, 'outbox dispatch failed');
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    subscribe(type, handler) {
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      set.add(handler);
      return () => set.delete(handler);
    },
    kick() {
      // Commits within KICK_DELAY_MS of each other are drained by one claim: under load a claim (itself a write)
      // per commit would double the writes; events still go out within a few milliseconds.
      scheduled ??= setTimeout(() => {
        scheduled = null;
        void run();
      }, KICK_DELAY_MS);
    },
    async drain() {
      // Everything pending now is drained here: a kick still waiting would only find nothing.
      if (scheduled) clearTimeout(scheduled);
      scheduled = null;
      await run();
      if (running) await running;
    },
    start(pollMs = 1000) {
      timer ??= setInterval(() => void run(), pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (scheduled) clearTimeout(scheduled);
      scheduled = null;
      if (running) await running;
    },
  };
}
