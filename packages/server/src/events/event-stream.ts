import type { ServerResponse } from 'node:http';
import { eventCatalogue, webhookTestEventType } from '@merx/contract';
import type { Database } from '@merx/db';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type Caller, hasScope } from '../http/auth.js';
import { storedEventBody } from './recent-events.js';

/*
 * The live event stream (server-sent events). Each connection reads the outbox after its cursor (the sequence
 * number of the last event it sent, which is also each message's `id:`), so a client that reconnects with
 * `Last-Event-ID` gets what it missed from the retained history (30 days) and then the live events, from any
 * process: a local commit wakes the readers at once, and they look every second for other processes' commits.
 * A gap in the sequence (on PostgreSQL an event may commit after a later one) is waited for a few seconds before
 * it is passed over (a rolled-back transaction leaves one for ever).
 */

/** Events read per statement. */
const PAGE = 500;
/** How long a gap in the sequence is waited for. */
const GAP_WAIT_MS = 3000;
const KEEP_ALIVE_MS = 15_000;
const POLL_MS = 1000;

export interface StreamListener {
  caller: Caller;
  /** Only these types (all the caller may read when empty). */
  types: ReadonlySet<string>;
  /** The last sequence number sent. */
  cursor: number;
  response: ServerResponse;
}

export interface EventStreams {
  /** The last event's sequence number now (where a new listener without `Last-Event-ID` starts). */
  head(): Promise<number>;
  /** Serves one connection until it closes. */
  serve(listener: StreamListener): Promise<void>;
  /** A commit here appended events: wake the readers. */
  kick(): void;
  /** Ends every connection (the server is closing). */
  close(): void;
  readonly size: number;
}

/** Whether `caller` may receive an event of `type` (its catalogue permission; never the webhook test events). */
export function mayReceive(caller: Caller, type: string): boolean {
  if (type === webhookTestEventType) return false;
  const described = (eventCatalogue as Record<string, { scope: string } | undefined>)[type];
  return described !== undefined && hasScope(caller, described.scope);
}

export function createEventStreams(deps: { db: Kysely<Database>; logger: Logger }): EventStreams {
  const waiting = new Set<() => void>();
  const open = new Set<ServerResponse>();
  let closed = false;
  let scheduled: NodeJS.Timeout | null = null;

  function wake(): void {
    for (const resolve of [...waiting]) resolve();
    waiting.clear();
  }

  function nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiting.add(done);
    });
  }

  return {
    get size() {
      return open.size;
    },

    async head() {
      const row = await deps.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst();
      return Number(row?.seq ?? 0);
    },

    kick() {
      // Commits come hundreds a second under load: the readers wake once per burst, and not at all when none listens.
      if (waiting.size === 0 || scheduled) return;
      scheduled = setTimeout(() => {
        scheduled = null;
        wake();
      }, 25);
    },

    close() {
      closed = true;
      if (scheduled) clearTimeout(scheduled);
      for (const response of open) response.end();
      wake();
    },

    async serve(listener) {
      const { response } = listener;
      open.add(response);
      let ended = false;
      const end = () => {
        ended = true;
        open.delete(response);
        wake();
      };
      response.on('close', end);
      let cursor = listener.cursor;
      let gapSince: number | null = null;
      let lastWrite = Date.now();
      try {
        while (!ended && !closed) {
          const rows = await deps.db
            .selectFrom('outbox')
            .select(['seq', 'id', 'type', 'entity_id', 'created_date', 'actor', 'payload'])
            .where('seq', '>', cursor)
            .orderBy('seq')
            .limit(PAGE)
            .execute();
          let chunk = '';
          for (const r of rows) {
            const seq = Number(r.seq);
            if (seq !== cursor + 1) {
              // A gap: wait a while for the missing event(s) to commit, then pass over them.
              gapSince ??= Date.now();
              if (Date.now() - gapSince < GAP_WAIT_MS) break;
            }
            gapSince = null;
            cursor = seq;
            if (listener.types.size > 0 && !listener.types.has(r.type)) continue;
            if (!mayReceive(listener.caller, r.type)) continue;
            chunk += `id: ${seq}\ndata: ${storedEventBody(r)}\n\n`;
          }
          if (chunk) {
            response.write(chunk);
            lastWrite = Date.now();
          } else if (Date.now() - lastWrite >= KEEP_ALIVE_MS) {
            // A comment keeps proxies from closing an idle connection; the cursor moves with it, so a reconnect
            // after passing many unreadable events does not read them again.
            response.write(`: keep-alive\nid: ${cursor}\n\n`);
            lastWrite = Date.now();
          }
          if (rows.length === PAGE && gapSince === null) continue;
          await nap(gapSince === null ? POLL_MS : 200);
        }
      } catch (err) {
        deps.logger.warn({ err }, 'event stream ended by an error');
      } finally {
        open.delete(response);
        response.end();
      }
    },
  };
}
