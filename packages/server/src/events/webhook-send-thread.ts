import type { AddressPolicy } from '../lib/net-guard.js';

/*
 * The webhook sender's thread (docs/decisions/0035-webhooks.md, "The sender"): it signs each
 * delivery and sends it with undici, and answers what came of it. Everything else stays in webhook-send.ts on the
 * main thread: the URL and address rules, the wording of outcomes, and the guarded DNS lookup of every connection
 * (the thread asks the main thread for it, so lib/net-guard.ts stays the one place the address rule lives).
 *
 * The thread runs from this source text (`new Worker(source, { eval: true })`), not from a file: the server runs
 * from TypeScript sources under tsx and vitest and bundled into one or more .mjs files (npm start, the benches'
 * server child), and a script given as text loads the same way in all of them. It is plain CommonJS with no
 * imports but node's own modules and undici (whose path the main thread resolves), so keep it so: no template
 * literals (the source is one), no TypeScript.
 */

/** What the thread is started with. */
export interface ThreadSettings {
  /** Absolute path of undici's entry (resolved from the server package). */
  undici: string;
  timeoutMs: number;
  userAgent: string;
  excerptBytes: number;
  readLimit: number;
  /** Sockets per origin, kept alive. */
  connections: number;
}

/** One delivery to send. `body` indexes the batch's `bodies` (an event goes to several endpoints). */
export interface ThreadJob {
  n: number;
  origin: string;
  path: string;
  policy: AddressPolicy;
  id: string;
  timestamp: number;
  secrets: readonly string[];
  body: number;
  /** `Basic …` for a URL with credentials (as node's http.request sends them). */
  authorization?: string;
}

/** What came of a job: the answer's status (null: none), the network error, or that the timeout passed. */
export interface ThreadResult {
  n: number;
  status: number | null;
  error: string | null;
  timedOut: boolean;
  excerpt: string;
}

export interface LookupAnswer {
  k: number;
  error: { message: string; code?: string } | null;
  addresses: Array<{ address: string; family: number }>;
}

export type ToThread = { jobs: ThreadJob[]; bodies: Array<string | Uint8Array> } | { looked: LookupAnswer };
export type FromThread = { done: ThreadResult[] } | { lookup: { k: number; hostname: string; policy: AddressPolicy } };

export const THREAD_SOURCE = `'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { createHmac } = require('node:crypto');
const { Pool } = require(workerData.undici);

const settings = workerData;
const pools = new Map();
const lookups = new Map();
const keys = new Map();
let lookupSeq = 0;
let results = [];
let flushing = false;

// Outcomes go back one message per turn of the event loop, not one per delivery.
function flush() {
  flushing = false;
  const done = results;
  results = [];
  parentPort.postMessage({ done: done });
}

function report(n, status, error, timedOut, excerpt) {
  results.push({ n: n, status: status, error: error, timedOut: timedOut, excerpt: excerpt });
  if (!flushing) {
    flushing = true;
    setImmediate(flush);
  }
}

function keyOf(secret) {
  let key = keys.get(secret);
  if (key === undefined) {
    if (keys.size >= 1000) keys.clear();
    key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
    keys.set(secret, key);
  }
  return key;
}

// Standard Webhooks: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>"> per secret, space-separated. The body is
// text or its UTF-8 bytes: either way the HMAC reads the same bytes.
function signature(id, timestamp, body, secrets) {
  const prefix = id + '.' + timestamp + '.';
  const out = [];
  for (const secret of secrets)
    out.push('v1,' + createHmac('sha256', keyOf(secret)).update(prefix).update(body).digest('base64'));
  return out.join(' ');
}

// Every connection's lookup is the main thread's guarded one (lib/net-guard.ts).
function lookupVia(policy) {
  return function lookup(hostname, options, callback) {
    const k = ++lookupSeq;
    lookups.set(k, { callback: callback, all: Boolean(options && options.all) });
    parentPort.postMessage({ lookup: { k: k, hostname: hostname, policy: policy } });
  };
}

function looked(answer) {
  const waiting = lookups.get(answer.k);
  if (!waiting) return;
  lookups.delete(answer.k);
  if (answer.error) {
    const error = new Error(answer.error.message);
    if (answer.error.code) error.code = answer.error.code;
    return waiting.callback(error, '');
  }
  if (waiting.all) return waiting.callback(null, answer.addresses);
  const first = answer.addresses[0];
  waiting.callback(null, first.address, first.family);
}

function poolFor(origin, policy) {
  const key = origin + '|' + policy.allowPrivate + '|' + policy.allowLoopback + '|' + Boolean(policy.loopbackOnly);
  let pool = pools.get(key);
  if (pool === undefined) {
    pool = new Pool(origin, {
      connections: settings.connections,
      // The deadline is ours (below); these only back it up.
      headersTimeout: settings.timeoutMs + 1000,
      bodyTimeout: settings.timeoutMs + 1000,
      connect: { timeout: settings.timeoutMs, lookup: lookupVia(policy) },
    });
    pools.set(key, pool);
  }
  return pool;
}

function messageOf(error) {
  return (error && error.message) || String(error);
}

function send(job, body) {
  let status = 0;
  let read = 0;
  let finished = false;
  let timedOut = false;
  let controller = null;
  const kept = [];
  const finish = function (code, error, late, excerpt) {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    report(job.n, code, error, late, excerpt);
  };
  const conclude = function () {
    finish(status, null, false, Buffer.concat(kept).subarray(0, settings.excerptBytes).toString('utf8'));
  };
  // From the moment the job arrives (waiting for a socket included), as the request's whole deadline.
  const timer = setTimeout(function () {
    timedOut = true;
    finish(null, null, true, '');
    if (controller) controller.abort(new Error('timed out'));
  }, settings.timeoutMs);
  const headers = {
    'content-type': 'application/json',
    'user-agent': settings.userAgent,
    'webhook-id': job.id,
    'webhook-timestamp': String(job.timestamp),
    'webhook-signature': signature(job.id, job.timestamp, body, job.secrets),
  };
  if (job.authorization) headers.authorization = job.authorization;
  try {
    // undici follows no redirects unless told to: a 3xx is answered as it is.
    poolFor(job.origin, job.policy).dispatch(
      { method: 'POST', path: job.path, headers: headers, body: body },
      {
        onRequestStart(c) {
          controller = c;
          if (timedOut) c.abort(new Error('timed out'));
        },
        onResponseStart(_c, code) {
          status = code;
        },
        onResponseData(c, chunk) {
          if (read < settings.excerptBytes) kept.push(chunk);
          read += chunk.length;
          // A huge answer is not read to its end: the status is what counts.
          if (read > settings.readLimit && !finished) {
            conclude();
            c.abort(new Error('answer too long'));
          }
        },
        onResponseEnd() {
          conclude();
        },
        onResponseError(_c, error) {
          if (status !== 0) conclude();
          else finish(null, messageOf(error), false, '');
        },
      },
    );
  } catch (error) {
    finish(null, messageOf(error), false, '');
  }
}

parentPort.on('message', function (m) {
  if (m.jobs) for (const job of m.jobs) send(job, m.bodies[job.body]);
  else if (m.looked) looked(m.looked);
});
`;
