import type { MerxEvent } from '@merx/contract';
import { type Clock, nowInSeconds, systemClock } from './clock.js';
import { base64Encode } from './encoding.js';
import { MerxClientError } from './errors.js';

/*
 * Webhook signatures: the Standard Webhooks scheme (https://www.standardwebhooks.com), as the Merx server signs the
 * deliveries to a store's webhook endpoints (DESIGN.md section 8; endpoints are made with the `webhooks` module).
 *
 * - Headers: `webhook-id` (the event's id: the same on every retry and replay, so a receiver can drop repeats),
 *   `webhook-timestamp` (seconds since the epoch) and `webhook-signature` (one or more space-separated
 *   `v1,<base64 signature>`: two while a rotated secret's grace lasts).
 * - Signature: HMAC-SHA256, keyed with the endpoint's shared secret, over `<webhook-id>.<webhook-timestamp>.<raw body>`,
 *   base64-encoded. The id and time are signed with the body so a captured delivery cannot be replayed later.
 * - Secret: `whsec_<base64 key>` as the server answers it (any other string is used as UTF-8 bytes).
 * - Body: one event, `{ id, type, entityId, eventTime, identity, payload }` (MerxEvent of packages/contract), where
 *   `identity` says who made the change (`{ identityType: 'APP', appId }` for an API key, and so on).
 */

/** Deliveries older or newer than this many seconds are refused (replays, skewed clocks). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  if (secret.startsWith('whsec_')) {
    const binary = atob(secret.slice('whsec_'.length));
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  }
  return new TextEncoder().encode(secret);
}

async function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', secretBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

const signedContent = (id: string, timestamp: string, body: string) =>
  new TextEncoder().encode(`${id}.${timestamp}.${body}`);

/** The three headers of one delivery (what the server sends; also for testing your endpoint). */
export async function signWebhook(options: {
  id: string;
  body: string;
  secret: string;
  timestamp?: number;
  clock?: Clock;
}): Promise<Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>> {
  const timestamp = String(options.timestamp ?? nowInSeconds(options.clock ?? systemClock));
  const key = await hmacKey(options.secret, 'sign');
  const signature = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, signedContent(options.id, timestamp, options.body)),
  );
  return {
    'webhook-id': options.id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${base64Encode(signature)}`,
  };
}

function invalid(message: string): MerxClientError {
  return new MerxClientError('INVALID_WEBHOOK', message);
}

/**
 * Checks a delivery's signature against the raw body (the exact bytes received: parse after verifying) and its
 * timestamp against the clock; throws a MerxClientError with code INVALID_WEBHOOK otherwise.
 */
export async function verifyWebhookSignature(options: {
  body: string;
  headers: WebhookHeaders;
  secret: string;
  clock?: Clock;
  toleranceSeconds?: number;
}): Promise<void> {
  const id = header(options.headers, 'webhook-id');
  const timestamp = header(options.headers, 'webhook-timestamp');
  const signatures = header(options.headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw invalid('Missing webhook-id, webhook-timestamp or webhook-signature');
  const sent = Number(timestamp);
  const now = nowInSeconds(options.clock ?? systemClock);
  if (!/^\d+$/.test(timestamp) || Math.abs(now - sent) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) {
    throw invalid('The webhook timestamp is too old or too new');
  }
  const key = await hmacKey(options.secret, 'verify');
  const content = signedContent(id, timestamp, options.body);
  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) continue;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = Uint8Array.from(atob(value), (ch) => ch.charCodeAt(0));
    } catch {
      continue;
    }
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify('HMAC', key, bytes, content)) return;
  }
  throw invalid('No webhook signature matches');
}

/** The event of a delivery, once its signature is verified. */
export async function parseWebhookEvent(options: {
  body: string;
  headers: WebhookHeaders;
  secret: string;
  clock?: Clock;
  toleranceSeconds?: number;
}): Promise<MerxEvent> {
  await verifyWebhookSignature(options);
  let event: unknown;
  try {
    event = JSON.parse(options.body);
  } catch {
    throw invalid('The webhook body is not JSON');
  }
  if (!isMerxEvent(event)) throw invalid('The webhook body is not a Merx event');
  return event;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a parsed body has the envelope of a Merx event (a webhook delivery, a message of the live stream). */
export function isMerxEvent(value: unknown): value is MerxEvent {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.type === 'string' &&
    typeof value.entityId === 'string' &&
    typeof value.eventTime === 'string' &&
    isObject(value.identity) &&
    typeof value.identity.identityType === 'string' &&
    isObject(value.payload)
  );
}
