/**
 * listen() against a tiny server-sent-events server on loopback (a stand-in for the network: each test scripts what
 * a connection answers), so that parsing, resuming and the back-off are seen over real HTTP and real sockets.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from './auth/api-key.js';
import { OAuthStrategy } from './auth/oauth.js';
import { createClient } from './client.js';
import { MerxClientError, type MerxError } from './errors.js';
import { backoff, type EventStream, events, type ListenOptions } from './listen.js';

interface Connection {
  req: IncomingMessage;
  res: ServerResponse;
  at: number;
}

const servers: Server[] = [];
const streams: EventStream[] = [];

afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A loopback server that hands each connection to `script(n, connection)` (n counts from 0). */
async function sseServer(script: (n: number, c: Connection) => void) {
  const connections: Connection[] = [];
  const server = createServer((req, res) => {
    const c = { req, res, at: Date.now() };
    connections.push(c);
    script(connections.length - 1, c);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections };
}

const open = (res: ServerResponse) =>
  res
    .writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
    .flushHeaders();

const envelope = (n: number) => ({
  id: `evt_${n}`,
  type: 'wix.stores.catalog.v1.product_created',
  entityId: `p${n}`,
  eventTime: '2030-01-01T00:00:00.000Z',
  identity: { identityType: 'APP', appId: 'k1' },
  payload: { entity: { id: `p${n}` } },
});

const message = (seq: number) => `id: ${seq}\ndata: ${JSON.stringify(envelope(seq))}\n\n`;

/** Starts listening with an API-key client and records what the stream reports. */
function follow(baseUrl: string, options: Partial<ListenOptions> = {}) {
  const got: { event: ReturnType<typeof envelope>; cursor: string }[] = [];
  const errors: { error: MerxError; retrying: boolean }[] = [];
  let opens = 0;
  const client = createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey: 'key-1' }), modules: { events } });
  const stream = client.events.listen({
    retryMs: 20,
    onEvent: (event, cursor) => {
      got.push({ event: event as unknown as ReturnType<typeof envelope>, cursor });
    },
    onError: (error, retrying) => errors.push({ error, retrying }),
    onOpen: () => opens++,
    ...options,
  });
  streams.push(stream);
  return { stream, got, errors, opens: () => opens };
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('listen: reading the stream', () => {
  it('sends the auth headers and types, and hands over each event with its cursor, however the bytes are cut', async () => {
    const sse = await sseServer((_n, { res }) => {
      open(res);
      // The server's position first, a comment, then two events written a few bytes at a time.
      res.write('retry: 20\nid: 4\n\n: keep-alive\n\n');
      const text = message(5) + message(6);
      let i = 0;
      const drip = setInterval(() => {
        res.write(text.slice(i, i + 7));
        i += 7;
        if (i >= text.length) clearInterval(drip);
      }, 1);
    });
    const f = follow(sse.baseUrl, { types: ['wix.stores.catalog.v1.product_created', 'wix.ecom.v1.order_created'] });
    await until(() => f.got.length === 2);
    expect(f.got).toEqual([
      { event: envelope(5), cursor: '5' },
      { event: envelope(6), cursor: '6' },
    ]);
    expect(f.stream.lastEventId).toBe('6');
    expect(f.opens()).toBe(1);
    expect(f.errors).toEqual([]);
    const { req } = sse.connections[0] as Connection;
    expect(req.headers.authorization).toBe('key-1');
    expect(req.headers.accept).toBe('text/event-stream');
    expect(req.headers['last-event-id']).toBeUndefined();
    expect(new URL(req.url ?? '', sse.baseUrl).pathname).toBe('/_api/merx/v1/events/stream');
    expect(new URL(req.url ?? '', sse.baseUrl).searchParams.get('types')).toBe(
      'wix.stores.catalog.v1.product_created,wix.ecom.v1.order_created',
    );
  });

  it('moves the cursor on messages that carry only an id (the opening position, keep-alives)', async () => {
    const sse = await sseServer((_n, { res }) => {
      open(res);
      res.write('retry: 20\nid: 41\n\n');
      setTimeout(() => res.write(': keep-alive\nid: 57\n\n'), 20);
    });
    const f = follow(sse.baseUrl);
    await until(() => f.stream.lastEventId === '57');
    expect(f.got).toEqual([]);
    expect(sse.connections).toHaveLength(1);
  });

  it('reports a message that is not an event and an onEvent that throws, and goes on with the next', async () => {
    const sse = await sseServer((_n, { res }) => {
      open(res);
      res.write(`id: 1\ndata: not json\n\nid: 2\ndata: {"hello":1}\n\n${message(3)}${message(4)}`);
    });
    const f = follow(sse.baseUrl, {
      onEvent: (event, cursor) => {
        if (cursor === '3') throw new Error('handler bug');
        f.got.push({ event: event as unknown as ReturnType<typeof envelope>, cursor });
      },
    });
    await until(() => f.got.length === 1);
    expect(f.got.map((g) => g.cursor)).toEqual(['4']);
    expect(f.errors.map((e) => [e.error.code, e.retrying])).toEqual([
      ['INVALID_STREAM_MESSAGE', true],
      ['INVALID_STREAM_MESSAGE', true],
      ['LISTENER_FAILED', true],
    ]);
    expect(f.stream.lastEventId).toBe('4');
    expect(sse.connections).toHaveLength(1);
  });

  it('waits for an async onEvent before handing over the next event', async () => {
    const sse = await sseServer((_n, { res }) => {
      open(res);
      res.write(message(1) + message(2) + message(3));
    });
    const order: string[] = [];
    const f = follow(sse.baseUrl, {
      onEvent: async (_event, cursor) => {
        order.push(`start ${cursor}`);
        await new Promise((r) => setTimeout(r, 15));
        order.push(`end ${cursor}`);
      },
    });
    await until(() => order.length === 6);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(f.stream.lastEventId).toBe('3');
  });
});

describe('listen: reconnecting', () => {
  it('reconnects after a drop with Last-Event-ID, so nothing is missed or repeated', async () => {
    const sse = await sseServer((n, { req, res }) => {
      open(res);
      res.write('retry: 20\n\n');
      if (n === 0) {
        res.write(message(1) + message(2));
        // A half-written third event, then the connection breaks.
        setTimeout(() => {
          res.write('id: 3\ndata: {"id":"evt_');
          setTimeout(() => req.socket.destroy(), 10);
        }, 10);
      } else {
        // The server resumes after the id it was given.
        const after = Number(req.headers['last-event-id']);
        res.write([after + 1, after + 2].map(message).join(''));
      }
    });
    const f = follow(sse.baseUrl, { lastEventId: '0' });
    await until(() => f.got.length === 4);
    expect(f.got.map((g) => g.cursor)).toEqual(['1', '2', '3', '4']);
    expect(f.got.map((g) => g.event.id)).toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4']);
    expect(sse.connections.map((c) => c.req.headers['last-event-id'])).toEqual(['0', '2']);
    expect(f.opens()).toBe(2);
    expect(f.errors.every((e) => e.retrying)).toBe(true);
    expect(f.errors.length).toBeGreaterThanOrEqual(1);
  });

  it('waits as long as the server’s retry: says before reconnecting', async () => {
    const sse = await sseServer((n, { res }) => {
      open(res);
      if (n === 0) res.end('retry: 400\nid: 9\n\n');
      else res.write('retry: 400\n\n');
    });
    follow(sse.baseUrl);
    await until(() => sse.connections.length === 2);
    const [first, second] = sse.connections as [Connection, Connection];
    expect(second.at - first.at).toBeGreaterThanOrEqual(400 * 0.8 - 5);
    expect(second.req.headers['last-event-id']).toBe('9');
  });

  it('waits longer after each failed attempt, and starts again from the shortest wait once connected', async () => {
    const sse = await sseServer((n, { res }) => {
      if (n < 4) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"busy"}');
      } else if (n === 4) {
        open(res);
        res.end(message(1));
      } else {
        open(res);
      }
    });
    const f = follow(sse.baseUrl, { retryMs: 40 });
    await until(() => sse.connections.length === 6, 5000);
    const gaps = sse.connections.slice(1).map((c, i) => c.at - (sse.connections[i] as Connection).at);
    // 40, 80, 160, 320 ms (±20 %), then 40 again after a stream that opened.
    expect(gaps[0]).toBeGreaterThanOrEqual(30);
    expect(gaps[1]).toBeGreaterThanOrEqual(62);
    expect(gaps[2]).toBeGreaterThanOrEqual(126);
    expect(gaps[3]).toBeGreaterThanOrEqual(254);
    expect(gaps[4]).toBeLessThan(200);
    expect(f.errors.slice(0, 4).map((e) => [e.error.status, e.retrying])).toEqual([
      [503, true],
      [503, true],
      [503, true],
      [503, true],
    ]);
    expect(f.got.map((g) => g.cursor)).toEqual(['1']);
    expect(sse.connections[5]?.req.headers['last-event-id']).toBe('1');
  });

  it('retries an answer that is not an event stream', async () => {
    const sse = await sseServer((n, { res }) => {
      if (n === 0) res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>');
      else open(res);
    });
    const f = follow(sse.baseUrl);
    await until(() => f.opens() === 1);
    expect(f.errors.map((e) => [e.error.code, e.retrying])).toEqual([['NOT_AN_EVENT_STREAM', true]]);
  });

  it('bounds the wait between attempts and spreads it by ±20 %', () => {
    for (let i = 0; i < 50; i++) {
      expect(backoff(2000, 1, 30_000)).toBeGreaterThanOrEqual(1600);
      expect(backoff(2000, 1, 30_000)).toBeLessThanOrEqual(2400);
      expect(backoff(2000, 10, 30_000)).toBeLessThanOrEqual(36_000);
      expect(backoff(2000, 10, 30_000)).toBeGreaterThanOrEqual(24_000);
      expect(backoff(0, 1, 30_000)).toBeGreaterThanOrEqual(40);
    }
  });
});

describe('listen: stopping', () => {
  it.each([
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
  ])('stops on a %i without trying again, and reports it', async (status, code) => {
    const sse = await sseServer((_n, { res }) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          message: 'refused',
          details: { applicationError: { code, description: 'refused', data: {} } },
        }),
      );
    });
    const f = follow(sse.baseUrl);
    await f.stream.stopped;
    await new Promise((r) => setTimeout(r, 100));
    expect(sse.connections).toHaveLength(1);
    expect(f.errors).toHaveLength(1);
    expect(f.errors[0]).toMatchObject({ retrying: false, error: { status, code } });
  });

  it('stops on a refused cursor (400) rather than asking again with it', async () => {
    const sse = await sseServer((_n, { res }) => {
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          message: 'bad',
          details: {
            validationError: {
              fieldViolations: [{ field: 'lastEventId', description: 'is not an id this stream sent' }],
            },
          },
        }),
      );
    });
    const f = follow(sse.baseUrl, { lastEventId: 'abc' });
    await f.stream.stopped;
    expect(f.errors[0]).toMatchObject({ retrying: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(sse.connections).toHaveLength(1);
  });

  it('refuses a client that is not elevated before any request', async () => {
    const sse = await sseServer((_n, { res }) => open(res));
    const client = createClient({
      baseUrl: sse.baseUrl,
      auth: OAuthStrategy({ clientId: randomUUID() }),
      modules: { events },
    });
    const errors: MerxError[] = [];
    const stream = client.events.listen({ onEvent: () => {}, onError: (e) => errors.push(e) });
    await stream.stopped;
    expect(errors[0]).toBeInstanceOf(MerxClientError);
    expect(errors[0]?.code).toBe('ELEVATED_CLIENT_REQUIRED');
    expect(sse.connections).toHaveLength(0);
  });

  it('close() ends the connection, hands over nothing more and never reconnects', async () => {
    const sse = await sseServer((_n, { res }) => {
      open(res);
      res.write(message(1));
    });
    const f = follow(sse.baseUrl);
    await until(() => f.got.length === 1);
    const closed = new Promise((resolve) => sse.connections[0]?.req.socket.once('close', resolve));
    f.stream.close();
    await f.stream.stopped;
    await closed;
    (sse.connections[0] as Connection).res.write(message(2));
    await new Promise((r) => setTimeout(r, 100));
    expect(f.got).toHaveLength(1);
    expect(sse.connections).toHaveLength(1);
    expect(f.errors).toEqual([]);
  });

  it('close() during the wait before a reconnection stops at once', async () => {
    const sse = await sseServer((_n, { res }) => res.writeHead(503).end());
    const f = follow(sse.baseUrl, { retryMs: 10_000 });
    await until(() => f.errors.length === 1);
    const started = Date.now();
    f.stream.close();
    await f.stream.stopped;
    expect(Date.now() - started).toBeLessThan(500);
    expect(sse.connections).toHaveLength(1);
  });
});
