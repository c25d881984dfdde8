import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { type AddressPolicy, guardedLookup, refusedLiteral } from '../lib/net-guard.js';
import {
  type FromThread,
  type LookupAnswer,
  THREAD_SOURCE,
  type ThreadJob,
  type ThreadResult,
  type ThreadSettings,
  type ToThread,
} from './webhook-send-thread.js';

/*
 * Webhook requests: signed as Standard Webhooks says, sent over kept-alive connections to addresses the policy
 * allows, never following redirects, cut off at the timeout, reading at most 64 KB of an answer (the first kilobyte
 * is kept as its excerpt). The signing and the HTTP run on a thread of their own (webhook-send-thread.ts), so that
 * deliveries take little from the thread that serves the shop; this side checks the URL, batches the deliveries to
 * the thread, answers its guarded DNS lookups and words the outcomes.
 */

/** What an attempt came to. `statusCode` null: no answer (refused, unreachable, timed out). */
export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string;
}

const EXCERPT_BYTES = 1024;
const READ_LIMIT = 64 * 1024;

/** The signing key of a `whsec_<base64>` secret. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
}

/**
 * `webhook-signature`: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` per secret, space-separated. The
 * sender's thread signs the same way in its own source (webhook-send-thread.ts); the tests hold it to this.
 */
export function signatureHeader(id: string, timestamp: number, body: string, secrets: readonly string[]): string {
  const content = `${id}.${timestamp}.${body}`;
  return secrets
    .map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(content).digest('base64')}`)
    .join(' ');
}

/**
 * The address rule for a URL under the store's rule, or why it may not be sent to: https:// everywhere the policy
 * allows; http:// only in development (`allowLoopback`) and then only to loopback addresses.
 */
export function policyForUrl(url: URL, policy: AddressPolicy): { policy: AddressPolicy } | { refusal: string } {
  let effective: AddressPolicy;
  if (url.protocol === 'https:') effective = policy;
  else if (url.protocol === 'http:' && policy.allowLoopback)
    effective = { allowPrivate: false, allowLoopback: true, loopbackOnly: true };
  else return { refusal: 'Only https:// URLs receive webhooks (plain http:// only to this machine, in development)' };
  const refused = refusedLiteral(url.hostname, effective);
  return refused ? { refusal: refused.message } : { policy: effective };
}

/** One delivery: where, what, signed with which secrets, under which address rule. */
export interface SendTarget {
  url: string;
  id: string;
  /** The envelope: text, or its UTF-8 bytes. */
  body: string | Uint8Array;
  secrets: readonly string[];
  timestamp: number;
  policy: AddressPolicy;
}

interface Waiting {
  resolve: (outcome: SendOutcome) => void;
  started: number;
}

/** The URL's parts the thread needs, or why it may not be sent to (kept per URL and rule: endpoints are few). */
type Prepared = { origin: string; path: string; policy: AddressPolicy; authorization?: string } | { refusal: string };

function prepare(text: string, policy: AddressPolicy): Prepared {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refusal: 'Not a URL' };
  }
  const rule = policyForUrl(url, policy);
  if ('refusal' in rule) return rule;
  const prepared: Prepared = { origin: url.origin, path: `${url.pathname}${url.search}`, policy: rule.policy };
  // As node's http.request does for a URL with credentials.
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    prepared.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  return prepared;
}

/** The outcome of what the thread answered. */
function outcomeOf(result: ThreadResult, timeoutMs: number): Omit<SendOutcome, 'durationMs'> {
  if (result.timedOut)
    return { ok: false, statusCode: null, error: `No answer within ${timeoutMs} ms`, responseExcerpt: '' };
  const statusCode = result.status;
  if (statusCode === null)
    return { ok: false, statusCode: null, error: result.error ?? 'No answer', responseExcerpt: '' };
  const ok = statusCode >= 200 && statusCode < 300;
  const error = ok
    ? null
    : statusCode >= 300 && statusCode < 400
      ? `Answered ${statusCode} (a redirect, which webhooks do not follow)`
      : `Answered ${statusCode}`;
  return { ok, statusCode, error, responseExcerpt: result.excerpt };
}

/**
 * The webhook sender: `send` answers what came of one delivery; `close` ends its thread (a later `send` starts
 * another). The thread starts with the sender and does not keep the process alive while nothing is in flight.
 */
export function createSender(options: { timeoutMs: number; userAgent: string }) {
  const settings: ThreadSettings = {
    undici: createRequire(import.meta.url).resolve('undici'),
    timeoutMs: options.timeoutMs,
    userAgent: options.userAgent,
    excerptBytes: EXCERPT_BYTES,
    readLimit: READ_LIMIT,
    connections: 16,
  };
  const waiting = new Map<number, Waiting>();
  const prepared = new Map<string, Prepared>();
  let thread: Worker | null = null;
  let seq = 0;
  let jobs: ThreadJob[] = [];
  let bodies: Array<string | Uint8Array> = [];
  let bodyIndex = new Map<string | Uint8Array, number>();
  let flushing = false;

  function settle(n: number, outcome: Omit<SendOutcome, 'durationMs'>): void {
    const w = waiting.get(n);
    if (!w) return;
    waiting.delete(n);
    if (waiting.size === 0) thread?.unref();
    w.resolve({ ...outcome, durationMs: Math.round(performance.now() - w.started) });
  }

  /** Everything in flight fails with `error` (the thread stopped or was closed). */
  function failAll(error: string): void {
    jobs = [];
    bodies = [];
    bodyIndex = new Map();
    for (const n of [...waiting.keys()]) settle(n, { ok: false, statusCode: null, error, responseExcerpt: '' });
  }

  function answerLookup(worker: Worker, ask: { k: number; hostname: string; policy: AddressPolicy }): void {
    guardedLookup(ask.policy)(ask.hostname, { all: true }, (error, addresses) => {
      const looked: LookupAnswer = error
        ? { k: ask.k, error: { message: error.message, code: error.code }, addresses: [] }
        : { k: ask.k, error: null, addresses: addresses as LookupAnswer['addresses'] };
      worker.postMessage({ looked } satisfies ToThread);
    });
  }

  function start(): Worker {
    // No tsx or other loader in the thread: its source is plain JavaScript.
    const worker = new Worker(THREAD_SOURCE, { eval: true, execArgv: [], workerData: settings });
    worker.unref();
    worker.on('message', (m: FromThread) => {
      if ('done' in m) for (const r of m.done) settle(r.n, outcomeOf(r, options.timeoutMs));
      else answerLookup(worker, m.lookup);
    });
    const stopped = (why: string) => {
      if (thread !== worker) return;
      thread = null;
      failAll(`The webhook sender stopped (${why})`);
    };
    worker.on('error', (err) => stopped(err.message));
    worker.on('exit', (code) => stopped(`exit code ${code}`));
    return worker;
  }

  /**
   * The deliveries asked for in one go go to the thread as one message, as soon as the code that asked for them is
   * done: `process.nextTick` from a promise's continuation runs once every pending continuation has run (so the
   * webhook worker's lanes, resumed by one message of outcomes, ask for their next deliveries together), and before
   * the event loop goes on to other requests' I/O (`setImmediate` would wait behind it).
   */
  function flush(): void {
    flushing = false;
    if (jobs.length === 0) return;
    thread ??= start();
    thread.postMessage({ jobs, bodies } satisfies ToThread);
    jobs = [];
    bodies = [];
    bodyIndex = new Map();
  }

  function send(target: SendTarget): Promise<SendOutcome> {
    const started = performance.now();
    const key = `${target.url}\u0000${target.policy.allowPrivate}${target.policy.allowLoopback}${target.policy.loopbackOnly}`;
    let where = prepared.get(key);
    if (!where) {
      if (prepared.size >= 1000) prepared.clear();
      where = prepare(target.url, target.policy);
      prepared.set(key, where);
    }
    if ('refusal' in where)
      return Promise.resolve({
        ok: false,
        statusCode: null,
        error: where.refusal,
        responseExcerpt: '',
        durationMs: Math.round(performance.now() - started),
      });
    let body = bodyIndex.get(target.body);
    if (body === undefined) {
      body = bodies.push(target.body) - 1;
      bodyIndex.set(target.body, body);
    }
    const n = ++seq;
    jobs.push({
      n,
      origin: where.origin,
      path: where.path,
      policy: where.policy,
      id: target.id,
      timestamp: target.timestamp,
      secrets: target.secrets,
      body,
      authorization: where.authorization,
    });
    if (!flushing) {
      flushing = true;
      process.nextTick(flush);
    }
    thread ??= start();
    if (waiting.size === 0) thread.ref();
    return new Promise((resolve) => waiting.set(n, { resolve, started }));
  }

  thread = start();
  return {
    send,
    /** Ends the thread; deliveries still in flight fail (their leases make them due again). */
    async close(): Promise<void> {
      const worker = thread;
      thread = null;
      failAll('The webhook sender was closed');
      if (worker) await worker.terminate();
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
