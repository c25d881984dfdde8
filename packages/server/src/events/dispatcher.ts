import type { EventType, MerxEvent } from '@merx/contract';
import type { Database } from '@merx/db';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../lib/clock.js';

export type EventHandler = (event: MerxEvent) => void | Promise<void>;

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

export function createDispatcher(deps: { db: Kysely<Database>; clock: Clock; logger: Logger }): Dispatcher {
  const handlers = new Map<string, Set<EventHandler>>();
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

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

  async function drainOnce(): Promise<void> {
    for (;;) {
      const rows = await deps.db
        .selectFrom('outbox')
        .selectAll()
        .where('dispatched_date', 'is', null)
        .orderBy('seq')
        .limit(100)
        .execute();
      if (rows.length === 0) return;
      for (const row of rows) {
        // Claim the event: only the process whose update changes the row delivers it.
        const claimed = await deps.db
          .updateTable('outbox')
          .set({ dispatched_date: deps.clock.now().toISOString() })
          .where('seq', '=', row.seq)
          .where('dispatched_date', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        await deliver({
          id: row.id,
          type: row.type as EventType,
          entityId: row.entity_id,
          eventTime: row.created_date,
          payload: JSON.parse(row.payload) as Record<string, unknown>,
        });
      }
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
      void run();
    },
    async drain() {
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
      if (running) await running;
    },
  };
}
