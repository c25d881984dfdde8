import type { MerxEvent } from '@merx/contract';
import { createParser } from 'eventsource-parser';
import { MerxClientError, MerxError } from './errors.js';
import type { Transport } from './http.js';
import { isMerxEvent } from './webhooks.js';

/*
 * The live event stream (`GET /_api/merx/v1/events/stream`, server-sent events), read over the client's own fetch
 * and auth headers: a browser's EventSource cannot send `Authorization`, and Node has none. Each message is one
 * event envelope whose `id:` is the stream's cursor; after a dropped connection the client reconnects with
 * `Last-Event-ID`, and the server sends what came after it from its retained history, then live events, so nothing
 * is missed or repeated. The server's `retry:` sets the first wait; further failures wait twice as long each time.
 */

const STREAM_PATH = '/_api/merx/v1/events/stream';
/** The wait before the first reconnection until the server's `retry:` says otherwise. */
const DEFAULT_RETRY_MS = 2000;
const DEFAULT_MAX_RETRY_MS = 30_000;

export interface ListenOptions {
  /** Only these event types (every event the caller may read when absent or empty). */
  types?: readonly string[];
  /** Start after this cursor (a `cursor` handed to `onEvent` earlier, or a stream's `lastEventId`); else from now. */
  lastEventId?: string;
  /**
   * Each event, in order, with its cursor. A returned promise is waited for before the next event; the cursor counts
   * as seen once this returns (or its promise settles).
   */
  onEvent(event: MerxEvent, cursor: string): void | Promise<void>;
  /**
   * A failure: `retrying` is true when the stream reconnects by itself (a drop, a network failure, a 5xx, a message
   * that is not an event, `onEvent` throwing), false when it has stopped for good (401, 403 or another 4xx).
   */
  onError?(error: MerxError, retrying: boolean): void;
  /** Each time a connection is established (the first and every reconnection). */
  onOpen?(): void;
  /** The wait before the first reconnection until the server's `retry:` says otherwise (2 s). */
  retryMs?: number;
  /** The longest wait between reconnections (30 s). */
  maxRetryMs?: number;
}

export interface EventStream {
  /** Stops the stream: no further events, no reconnection. */
  close(): void;
  /** The cursor of the last event handled (or the server's position): pass it as `lastEventId` to resume later. */
  readonly lastEventId: string | undefined;
  /** Settles once the stream has stopped for good, by `close()` or a refusal. */
  readonly stopped: Promise<void>;
}

type Item = { id: string; data?: undefined } | { id: string | undefined; data: string };

/**
 * Stop for good on a refusal: a check of the SDK's own (not elevated, signed out) or a 4xx of the server (401, 403,
 * a bad `types` or `lastEventId`) other than a timeout or a rate limit, which reconnecting cannot mend.
 */
function isFinal(error: MerxError): boolean {
  if (error instanceof MerxClientError) return true;
  const status = error.status ?? 0;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Follows the live event stream as the transport's caller (needs `events:listen`); see ListenOptions. */
export function listen(transport: Transport, options: ListenOptions): EventStream {
  const abort = new AbortController();
  let lastEventId = options.lastEventId;
  let retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  /** Whether the current attempt got as far as an open stream (the back-off starts again after one). */
  let connected = false;
  const maxRetryMs = options.maxRetryMs ?? DEFAULT_MAX_RETRY_MS;
  const types = (options.types ?? []).join(',');

  const report = (error: MerxError, retrying: boolean) => {
    if (abort.signal.aborted) return;
    try {
      options.onError?.(error, retrying);
    } catch {
      // A failing error handler must not end the stream (nor leave `stopped` rejected).
    }
  };

  /** Reads one connection until it ends; resolves when the server ends it, throws on a failure. */
  async function connect(): Promise<void> {
    const response = await transport.open({
      method: 'GET',
      path: STREAM_PATH,
      ...(types ? { params: { types } } : {}),
      args: [options],
      name: 'events.listen',
      elevated: true,
      options: {
        signal: abort.signal,
        headers: { Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
      },
    });
    const contentType = response.headers.get('content-type') ?? '';
    if (!contentType.startsWith('text/event-stream') || !response.body) {
      await response.body?.cancel();
      throw new MerxError(`The stream answered ${contentType || 'no content type'}, not text/event-stream`, {
        code: 'NOT_AN_EVENT_STREAM',
        status: response.status,
      });
    }
    connected = true;
    options.onOpen?.();
    await readStream(response.body);
  }

  async function readStream(body: ReadableStream<Uint8Array>): Promise<void> {
    const items: Item[] = [];
    const parser = createParser({
      onId: (id) => items.push({ id }),
      onEvent: (message) => {
        // onId came just before for the same block: the event carries the id itself.
        const last = items.at(-1);
        if (last && last.data === undefined && last.id === message.id) items.pop();
        items.push({ id: message.id, data: message.data });
      },
      onRetry: (ms) => {
        retryMs = ms;
      },
    });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || abort.signal.aborted) return;
        parser.feed(decoder.decode(value, { stream: true }));
        while (items.length > 0 && !abort.signal.aborted) await handle(items.shift() as Item);
      }
    } finally {
      reader.cancel().catch(() => {});
    }
  }

  async function handle(item: Item): Promise<void> {
    if (item.data !== undefined) {
      let event: unknown;
      try {
        event = JSON.parse(item.data);
      } catch {
        event = undefined;
      }
      if (!isMerxEvent(event)) {
        report(new MerxError('A stream message is not a Merx event', { code: 'INVALID_STREAM_MESSAGE' }), true);
      } else {
        try {
          await options.onEvent(event, item.id ?? lastEventId ?? '');
        } catch (cause) {
          report(new MerxError('onEvent threw', { code: 'LISTENER_FAILED', cause }), true);
        }
      }
    }
    if (item.id) lastEventId = item.id;
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!abort.signal.aborted) {
      connected = false;
      try {
        await connect();
        report(new MerxError('The server ended the stream', { code: 'STREAM_ENDED' }), true);
      } catch (cause) {
        if (abort.signal.aborted) return;
        const error =
          cause instanceof MerxError ? cause : new MerxError('The stream failed', { code: 'STREAM_FAILED', cause });
        if (isFinal(error)) {
          report(error, false);
          return;
        }
        report(error, true);
      }
      failures = connected ? 1 : failures + 1;
      await pause(backoff(retryMs, failures, maxRetryMs), abort.signal);
    }
  }

  const stopped = run();
  return {
    close: () => abort.abort(),
    get lastEventId() {
      return lastEventId;
    },
    stopped,
  };
}

/**
 * The wait before reconnection number `failures` (1, 2, …): doubling from `base`, at most `max`, ±20 % jitter so that
 * many listeners do not all come back at once after a restart, and never under 50 ms (a server that keeps ending
 * the stream at once must not be hammered).
 */
export function backoff(base: number, failures: number, max: number): number {
  const wait = Math.max(50, Math.min(max, base * 2 ** Math.max(0, failures - 1)));
  const jitter = (crypto.getRandomValues(new Uint32Array(1))[0] as number) / 2 ** 32;
  return Math.round(wait * (0.8 + 0.4 * jitter));
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * The live event stream as a module: `createClient({ …, modules: { events } })`, then
 * `const stream = client.events.listen({ types, onEvent })` and `stream.close()` when done.
 */
export function events(transport: Transport) {
  return {
    /** Follows the live event stream (needs `events:listen`); see ListenOptions and EventStream. */
    listen: (options: ListenOptions): EventStream => listen(transport, options),
  };
}

export type EventsModule = ReturnType<typeof events>;
