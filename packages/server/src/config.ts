import { resolve } from 'node:path';
import { chooseLogLevel } from './lib/logger.js';
import type { CaptchaConfig } from './modules/identity/captcha.js';

/** Everything Merx reads from the environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  /** `postgres://…` or a SQLite file path. */
  databaseUrl: string;
  dataDir: string;
  mediaDir: string;
  /** Public origin of this store, used in product page URLs and redirect links. */
  publicUrl: string;
  /** LOG_LEVEL, else `warn` on a terminal and `info` in production or when piped (lib/logger.ts). */
  logLevel: string;
  /** Origins allowed to call the API from a browser; empty means any origin. */
  corsOrigins: string[];
  /** Load the demo catalog on first start with an empty database. */
  seedDemo: boolean;
  /** `smtp://user:pass@host:587`: mail goes out by SMTP; without it, mail is kept for staff and logged. */
  smtpUrl?: string | undefined;
  mailFrom: string;
  /** Captcha verify and widget URLs in place of the provider's, the secret and the verify timeout (README). */
  captcha?: CaptchaConfig;
  /** The owner account made on first start (a random password is printed when none is given). */
  ownerEmail: string;
  ownerPassword?: string | undefined;
  /** Server-side fetches (image URLs of a product CSV import) may reach private and loopback addresses. */
  fetchPrivateHosts?: boolean;
  /** NODE_ENV=development: webhooks may go to loopback addresses over plain http. */
  development?: boolean;
  /** How long a webhook receiver has to answer (MERX_WEBHOOK_TIMEOUT_MS, 10 s). */
  webhookTimeoutMs?: number;
  /**
   * Stripe from the environment (MERX_STRIPE_*): keys set here win over the back office's; `apiUrl` alone (a local
   * stand-in, a proxy) points the `stripe` package elsewhere while the keys are set in the back office. Null: unset.
   */
  stripe?: StripeConfig | null;
  /** MERX_SECRETS_KEY: the key secrets set in the back office (Stripe's) are sealed with. */
  secretsKey?: string | undefined;
  /** NODE_ENV=production: secrets are not saved without MERX_SECRETS_KEY. */
  production?: boolean;
  /**
   * PostgreSQL: named prepared statements (decision 0041); MERX_PG_PREPARED_STATEMENTS=false for poolers that
   * cannot keep them.
   */
  pgNamedStatements?: boolean;
}

/** Stripe's keys and API address from the environment; each may be unset. */
export interface StripeConfig {
  secretKey?: string | undefined;
  publishableKey?: string | undefined;
  webhookSecret?: string | undefined;
  /** `https://api.stripe.com` unless set. */
  apiUrl?: string | undefined;
  /** How long one call to Stripe may take (MERX_STRIPE_TIMEOUT_MS, 10 s); the `stripe` package retries twice. */
  timeoutMs?: number | undefined;
}

/** Reads the configuration from `env` (defaults give a working store on SQLite at port 3000). */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTTY: boolean = process.stdout.isTTY === true,
): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const host = env.HOST ?? '0.0.0.0';
  const dataDir = resolve(env.MERX_DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL?.trim() || resolve(dataDir, 'merx.db');
  const captchaSecret = env.MERX_CAPTCHA_SECRET?.trim() || env.MERX_RECAPTCHA_SECRET?.trim() || undefined;
  return {
    port,
    host,
    databaseUrl,
    dataDir,
    mediaDir: resolve(dataDir, 'media'),
    publicUrl: (env.MERX_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: chooseLogLevel(env, stdoutIsTTY),
    corsOrigins: (env.MERX_CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    seedDemo: env.MERX_SEED_DEMO !== 'false',
    smtpUrl: env.MERX_SMTP_URL?.trim() || undefined,
    mailFrom: env.MERX_MAIL_FROM?.trim() || 'Merx <no-reply@localhost>',
    captcha: {
      verifyUrl: httpUrl(env.MERX_CAPTCHA_VERIFY_URL, 'MERX_CAPTCHA_VERIFY_URL'),
      scriptUrl: httpUrl(env.MERX_CAPTCHA_SCRIPT_URL, 'MERX_CAPTCHA_SCRIPT_URL'),
      secret: captchaSecret,
      timeoutMs: positiveInt(env.MERX_CAPTCHA_TIMEOUT_MS, 5000, 'MERX_CAPTCHA_TIMEOUT_MS'),
    },
    ownerEmail: env.MERX_OWNER_EMAIL?.trim() || 'owner@merx.local',
    ownerPassword: env.MERX_OWNER_PASSWORD || undefined,
    development: env.NODE_ENV === 'development',
    webhookTimeoutMs: positiveInt(env.MERX_WEBHOOK_TIMEOUT_MS, 10_000, 'MERX_WEBHOOK_TIMEOUT_MS'),
    stripe: stripeConfigOf(env),
    secretsKey: env.MERX_SECRETS_KEY?.trim() || undefined,
    production: env.NODE_ENV === 'production',
    pgNamedStatements: env.MERX_PG_PREPARED_STATEMENTS?.trim().toLowerCase() !== 'false',
    fetchPrivateHosts: env.MERX_FETCH_PRIVATE_HOSTS
      ? env.MERX_FETCH_PRIVATE_HOSTS === 'true'
      : env.NODE_ENV === 'development',
  };
}

function positiveInt(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${text}"`);
  return value;
}

/** An http(s) URL from the environment, or undefined when unset. */
function httpUrl(text: string | undefined, name: string): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${text}"`);
  return value;
}

/** MERX_STRIPE_*: null when none is set. */
function stripeConfigOf(env: NodeJS.ProcessEnv): StripeConfig | null {
  const config = {
    secretKey: env.MERX_STRIPE_SECRET_KEY?.trim() || undefined,
    publishableKey: env.MERX_STRIPE_PUBLISHABLE_KEY?.trim() || undefined,
    webhookSecret: env.MERX_STRIPE_WEBHOOK_SECRET?.trim() || undefined,
    apiUrl: httpUrl(env.MERX_STRIPE_API_URL, 'MERX_STRIPE_API_URL'),
    timeoutMs: env.MERX_STRIPE_TIMEOUT_MS
      ? positiveInt(env.MERX_STRIPE_TIMEOUT_MS, 10_000, 'MERX_STRIPE_TIMEOUT_MS')
      : undefined,
  };
  return Object.values(config).some(Boolean) ? config : null;
}
