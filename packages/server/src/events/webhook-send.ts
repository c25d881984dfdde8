import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type AddressPolicy, addressAllowed, guardedLookup, RefusedAddress } from '../lib/net-guard.js';

/*
 * One webhook request: signed as Standard Webhooks says, sent over a kept-alive connection to an address the policy
 * allows, never following redirects, cut off at the timeout, reading at most 64 KB of the answer (the first kilobyte
 * is kept as its excerpt).
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

/** `webhook-signature`: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` per secret, space-separated. */
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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !addressAllowed(host, effective)) return { refusal: new RefusedAddress(host).message };
  return { policy: effective };
}

export function createSender(options: { timeoutMs: number; userAgent: string }) {
  const agents = new Map<string, http.Agent>();

  function agentFor(url: URL, policy: AddressPolicy): http.Agent {
    const key = `${url.protocol}//${url.host}|${policy.allowPrivate}|${policy.allowLoopback}|${policy.loopbackOnly}`;
    let agent = agents.get(key);
    if (!agent) {
      const settings = { keepAlive: true, maxSockets: 16, lookup: guardedLookup(policy) as never };
      agent = url.protocol === 'https:' ? new https.Agent(settings) : new http.Agent(settings);
      agents.set(key, agent);
    }
    return agent;
  }

  function send(target: {
    url: string;
    id: string;
    body: string;
    secrets: readonly string[];
    timestamp: number;
    policy: AddressPolicy;
  }): Promise<SendOutcome> {
    const started = performance.now();
    const done = (outcome: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({
      ...outcome,
      durationMs: Math.round(performance.now() - started),
    });
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      return Promise.resolve(done({ ok: false, statusCode: null, error: 'Not a URL', responseExcerpt: '' }));
    }
    const rule = policyForUrl(url, target.policy);
    if ('refusal' in rule)
      return Promise.resolve(done({ ok: false, statusCode: null, error: rule.refusal, responseExcerpt: '' }));
    const policy = rule.policy;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(outcome));
      };
      const lib = url.protocol === 'https:' ? https : http;
      const request = lib.request(url, {
        method: 'POST',
        agent: agentFor(url, policy),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(target.body),
          'user-agent': options.userAgent,
          'webhook-id': target.id,
          'webhook-timestamp': String(target.timestamp),
          'webhook-signature': signatureHeader(target.id, target.timestamp, target.body, target.secrets),
        },
      });
      const timer = setTimeout(() => {
        request.destroy();
        finish({
          ok: false,
          statusCode: null,
          error: `No answer within ${options.timeoutMs} ms`,
          responseExcerpt: '',
        });
      }, options.timeoutMs);
      request.on('response', (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let read = 0;
        const conclude = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const ok = statusCode >= 200 && statusCode < 300;
          const error = ok
            ? null
            : statusCode >= 300 && statusCode < 400
              ? `Answered ${statusCode} (a redirect, which webhooks do not follow)`
              : `Answered ${statusCode}`;
          finish({ ok, statusCode, error, responseExcerpt: excerpt });
        };
        response.on('data', (chunk: Buffer) => {
          if (read < EXCERPT_BYTES) chunks.push(chunk);
          read += chunk.length;
          // A huge answer is not read to its end: the status is what counts.
          if (read > READ_LIMIT) {
            response.destroy();
            conclude();
          }
        });
        response.on('end', conclude);
        response.on('error', conclude);
        response.on('aborted', conclude);
      });
      request.on('error', (error) => {
        finish({ ok: false, statusCode: null, error: error.message || String(error), responseExcerpt: '' });
      });
      request.end(target.body);
    });
  }

  return {
    send,
    close(): void {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
