import { createRequire } from 'node:module';
import type Stripe from 'stripe';

/** The Stripe API's address unless configured otherwise (MERX_STRIPE_API_URL: a local stand-in, a proxy). */
export const STRIPE_API_URL = 'https://api.stripe.com';

/** How long Merx waits for Stripe before calling it down (the `stripe` package retries twice within it). */
const TIMEOUT_MS = 10_000;

/*
 * The `stripe` package is large (a class for every resource of its API: ~4 MB of heap, ~15 MB of a process's memory) and most stores never turn
 * Stripe on: it is loaded on the first client made, synchronously so that callers stay as they are.
 */
let loaded: typeof Stripe | undefined;

function stripePackage(): typeof Stripe {
  loaded ??= createRequire(import.meta.url)('stripe') as typeof Stripe;
  return loaded;
}

/** Stripe's error classes once the package is loaded; before that no error can be Stripe's. */
export const loadedStripeErrors = (): typeof Stripe.errors | undefined => loaded?.errors;

/**
 * The official `stripe` client for `secretKey`, pointed at `apiUrl` through its host/port/protocol options. Network
 * retries reuse the request's Idempotency-Key, so Stripe does each operation once.
 */
export function createStripeClient(secretKey: string, apiUrl = STRIPE_API_URL, timeoutMs = TIMEOUT_MS): Stripe {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const StripeClient = stripePackage();
  return new StripeClient(secretKey, {
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
