import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StandInError } from './errors.js';
import { type FormObject, parseForm, str } from './form.js';
import { createObjects, stripeId } from './objects.js';
import { challengePage, donePage } from './pages.js';
import { createRest, notFound } from './rest.js';

/*
 * A local stand-in of the Stripe REST API for what Merx uses (docs/payments.md, "Stripe"), for tests that run
 * offline: the real `stripe` package talks to it through its `host`/`port`/`protocol` options, and the browser
 * stand-in of Stripe.js (served at /v3) calls it with the publishable key. It keeps its objects in memory.
 */

type Json = Record<string, unknown>;

/** An event the stand-in emitted, as Stripe sends it to webhook endpoints. */
export interface StandInEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Json };
}

export interface StripeStandIn {
  /** `http://127.0.0.1:port`, no trailing slash. */
  url: string;
  host: string;
  port: number;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events are POSTed, signed (none until set). */
  setWebhookTarget(url: string | null): void;
  /** The buyer's answer to the 3-D Secure challenge of a payment intent. */
  completeAuthentication(paymentIntentId: string, ok: boolean): Json;
  /** Every event emitted, oldest first. */
  events: StandInEvent[];
  /** Sends `event` to the webhook target again (Stripe retries and duplicates); answers the HTTP status. */
  deliver(event: StandInEvent, opts?: { signature?: string; timestamp?: number }): Promise<number>;
  /** Waits until every delivery in flight has been answered. */
  settled(): Promise<void>;
  /** `down`: connections are cut before anything is done; `slow`: the work is done, the answer waits `ms`. */
  setOutage(outage: { kind: 'none' } | { kind: 'down' } | { kind: 'slow'; ms: number }): void;
  /** The raw request log (method, path), for tests that count calls. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null }>;
  close(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';

/** The Stripe-Signature header of `payload`, as Stripe computes it. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Starts the stand-in on a random loopback port. */
export async function startStripeStandIn(opts: { port?: number; webhookTarget?: string } = {}): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(18).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(18).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  let baseUrl = '';
  let target: string | null = opts.webhookTarget ?? null;
  let outage: Parameters<StripeStandIn['setOutage']>[0] = { kind: 'none' };
  const events: StandInEvent[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const requests: StripeStandIn['requests'] = [];
  const replies = new Map<string, { fingerprint: string; status: number; body: string }>();
  let current: { id: string; idempotencyKey: string | null } = { id: '', idempotencyKey: null };

  async function deliver(
    event: StandInEvent,
    o: { signature?: string; timestamp?: number; to?: string | null } = {},
  ): Promise<number> {
    const to = o.to === undefined ? target : o.to;
    if (!to) return 0;
    const payload = JSON.stringify(event, null, 2);
    const res = await fetch(to, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': o.signature ?? signPayload(payload, webhookSecret, o.timestamp),
      },
      body: payload,
    });
    await res.arrayBuffer();
    return res.status;
  }

  const objects = createObjects({
    baseUrl: () => baseUrl,
    emit(type, object) {
      const event: StandInEvent = {
        id: stripeId('evt'),
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        api_version: API_VERSION,
        livemode: false,
        pending_webhooks: target ? 1 : 0,
        request: { id: current.id || null, idempotency_key: current.idempotencyKey },
        data: { object: structuredClone(object) },
      };
      events.push(event);
      // Stripe sends events after it has answered the request that caused them.
      const to = target;
      const sending = new Promise((r) => setTimeout(r, 0))
        .then(() => deliver(event, { to }))
        .catch(() => 0)
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
  });

  const route = createRest(objects);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    if (outage.kind === 'down' && url.pathname.startsWith('/v1/')) {
      req.socket.destroy();
      return;
    }
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'Authorization, Content-Type, Idempotency-Key, Stripe-Version');
    res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
    if (method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === '/v3' || url.pathname === '/v3/') return serveStripeJs(res);
    const challenge = /^\/3ds\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (challenge?.[1]) return serveChallenge(method, challenge[1], body, res);
    if (!url.pathname.startsWith('/v1/')) {
      send(res, 404, notFound(method, url.pathname).body());
      return;
    }
    const form = method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(body);
    const key = apiKeyOf(req, form);
    const idempotencyKey = method === 'POST' ? headerOf(req, 'idempotency-key') : null;
    requests.push({ method, path: url.pathname, idempotencyKey });
    current = { id: `req_${randomBytes(9).toString('hex')}`, idempotencyKey };
    res.setHeader('request-id', current.id);
    res.setHeader('stripe-version', API_VERSION);
    let status = 200;
    let answer: string;
    const remembered = idempotencyKey ? replies.get(`${key}\u0000${idempotencyKey}`) : undefined;
    const fingerprint = `${method} ${url.pathname} ${body}`;
    if (remembered && remembered.fingerprint !== fingerprint) {
      status = 400;
      answer = JSON.stringify(
        new StandInError(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        ).body(),
      );
    } else if (remembered) {
      res.setHeader('idempotent-replayed', 'true');
      status = remembered.status;
      answer = remembered.body;
    } else {
      try {
        checkKey(key);
        const expand = form['expand'];
        const object = route(method, url.pathname, form, key);
        answer = JSON.stringify(Array.isArray(expand) ? objects.expand(object, expand.map(String)) : object);
      } catch (error) {
        if (!(error instanceof StandInError)) throw error;
        status = error.status;
        answer = JSON.stringify(error.body());
      }
      // Stripe keeps the answer to a key, errors included, except answers to requests it refused outright.
      if (idempotencyKey && status !== 401 && status !== 429)
        replies.set(`${key}\u0000${idempotencyKey}`, { fingerprint, status, body: answer });
    }
    if (outage.kind === 'slow') await new Promise((r) => setTimeout(r, (outage as { ms: number }).ms));
    if (!res.destroyed) send(res, status, answer);
  }

  function checkKey(key: string): void {
    if (!key)
      throw new StandInError(
        401,
        'invalid_request_error',
        'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
      );
    if (key !== secretKey && key !== publishableKey)
      throw new StandInError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
        {
          code: 'api_key_invalid',
        },
      );
  }

  async function serveStripeJs(res: ServerResponse): Promise<void> {
    // The browser stand-in of Stripe.js is another file's (tests/e2e use it); without it, /v3 is a 404.
    const specifier = './stripe-js.js';
    let script: string | undefined;
    try {
      const mod = (await import(specifier)) as { stripeJs?: string | ((base: string) => string) };
      script = typeof mod.stripeJs === 'function' ? mod.stripeJs(baseUrl) : mod.stripeJs;
    } catch {
      script = undefined;
    }
    if (script === undefined) {
      send(res, 404, 'Not found', 'text/plain');
      return;
    }
    send(res, 200, script, 'application/javascript; charset=utf-8');
  }

  function serveChallenge(method: string, id: string, body: string, res: ServerResponse): void {
    const pi = objects.intents.get(id);
    if (!pi) {
      send(res, 404, 'No such payment intent', 'text/plain');
      return;
    }
    if (method === 'POST') {
      const ok = new URLSearchParams(body).get('outcome') === 'complete';
      objects.completeAuthentication(id, ok);
      send(res, 200, donePage(id, ok), 'text/html; charset=utf-8');
      return;
    }
    const amount = `${((pi['amount'] as number) / 100).toFixed(2)} ${String(pi['currency']).toUpperCase()}`;
    send(res, 200, challengePage(id, amount), 'text/html; charset=utf-8');
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    host: '127.0.0.1',
    port,
    secretKey,
    publishableKey,
    webhookSecret,
    setWebhookTarget(url) {
      target = url;
    },
    completeAuthentication: (id, ok) => objects.completeAuthentication(id, ok),
    events,
    deliver,
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    setOutage(next) {
      outage = next;
    },
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' ? v : null;
}

/** The key of `Authorization: Bearer …` (or Basic, as curl sends it), else the `key` parameter Stripe.js sends. */
function apiKeyOf(req: IncomingMessage, form: FormObject): string {
  const auth = headerOf(req, 'authorization') ?? '';
  if (auth.startsWith('Bearer ')) return auth.slice(7).trim();
  if (auth.startsWith('Basic ')) return Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0] ?? '';
  return str(form, 'key') ?? '';
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: string | Json, type = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(text);
}
