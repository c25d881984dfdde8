import Stripe from 'stripe';

/** The Stripe API's address unless configured otherwise (MERX_STRIPE_API_URL: a local stand-in, a proxy). */
export const STRIPE_API_URL = 'https://api.stripe.com';

/** How long Merx waits for Stripe before calling it down (the `stripe` package retries twice within it). */
const TIMEOUT_MS = 10_000;

/**
 * The official `stripe` client for `secretKey`, pointed at `apiUrl` through its host/port/protocol options. Network
 * retries reuse the request's Idempotency-Key, so Stripe does each operation once.
 */
export function createStripeClient(secretKey: string, apiUrl = STRIPE_API_URL, timeoutMs = TIMEOUT_MS): Stripe {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: timeoutMs,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Merx' },
  });
}

export type { Stripe };
