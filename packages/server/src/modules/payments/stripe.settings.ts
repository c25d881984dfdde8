import { type StripeSettings, stripeErrorCodes, type UpdatePaymentsSettingsRequest } from '@merx/contract';
import type { Database } from '@merx/db';
import { AppError } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { StripeConfig } from '../../config.js';
import { createSealer, type Sealer } from '../../lib/secrets.js';
import { STRIPE_API_URL } from './stripe.client.js';

/*
 * The store's Stripe settings: kept in `settings` under `payments.stripe`, the secrets sealed (AES-256-GCM) with
 * MERX_SECRETS_KEY, or without it outside production with the store's database-kept sealer secret (as TOTP seeds
 * and webhook secrets are). Keys from the environment (MERX_STRIPE_*) win over those set here.
 */

const KEY = 'payments.stripe';

/** What is stored; `sealedWith` says which key opens the secrets. */
interface Stored {
  enabled?: boolean;
  publishableKey?: string | null;
  secretKey?: string | null;
  secretKeyHint?: string | null;
  webhookSecret?: string | null;
  captureMode?: 'AUTOMATIC' | 'MANUAL';
  sealedWith?: 'MERX_SECRETS_KEY' | 'STORE';
}

/** Stripe as Merx uses it now: keys (from the environment or the settings), capture mode, API address. */
export interface StripeSetup {
  /** Enabled and both keys known. */
  active: boolean;
  secretKey: string | null;
  publishableKey: string | null;
  webhookSecret: string | null;
  captureMode: 'AUTOMATIC' | 'MANUAL';
  apiUrl: string;
  timeoutMs: number | undefined;
}

export interface StripeSettingsDeps {
  db: Kysely<Database>;
  env: StripeConfig | null | undefined;
  /** MERX_SECRETS_KEY */
  secretsKey: string | undefined;
  /** The store's own sealer secret (kept in the database), used when MERX_SECRETS_KEY is unset outside production. */
  storeSecret: () => Promise<string>;
  production: boolean;
  publicUrl: string;
}

export const WEBHOOK_PATH = '/_api/merx/v1/payments/stripe/webhook';

export function createStripeSettings(d: StripeSettingsDeps) {
  const fromEnvironment = Boolean(d.env?.secretKey || d.env?.publishableKey || d.env?.webhookSecret);
  const envSealer = d.secretsKey ? createSealer(d.secretsKey) : undefined;
  let storeSealer: Sealer | undefined;

  async function read(): Promise<Stored> {
    const row = await d.db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
    return row ? (JSON.parse(row.value) as Stored) : {};
  }

  async function sealerFor(kind: Stored['sealedWith']): Promise<Sealer | undefined> {
    if (kind === 'MERX_SECRETS_KEY') return envSealer;
    storeSealer ??= createSealer(await d.storeSecret());
    return storeSealer;
  }

  /** Opens a stored secret; one sealed under another key (MERX_SECRETS_KEY changed or unset) counts as unset. */
  async function open(stored: Stored, sealed: string | null | undefined): Promise<string | null> {
    if (!sealed) return null;
    try {
      return (await sealerFor(stored.sealedWith))?.open(sealed) ?? null;
    } catch {
      return null;
    }
  }

  return {
    /** Stripe as configured now. */
    async setup(): Promise<StripeSetup> {
      const stored = await read();
      const env = d.env ?? {};
      const secretKey = fromEnvironment ? (env.secretKey ?? null) : await open(stored, stored.secretKey);
      const publishableKey = fromEnvironment ? (env.publishableKey ?? null) : (stored.publishableKey ?? null);
      const webhookSecret = fromEnvironment ? (env.webhookSecret ?? null) : await open(stored, stored.webhookSecret);
      // Keys from the environment turn Stripe on unless staff turned it off.
      const enabled = stored.enabled ?? fromEnvironment;
      return {
        active: enabled && Boolean(secretKey && publishableKey),
        secretKey,
        publishableKey,
        webhookSecret,
        captureMode: stored.captureMode ?? 'AUTOMATIC',
        apiUrl: env.apiUrl ?? STRIPE_API_URL,
        timeoutMs: env.timeoutMs,
      };
    },

    /** The settings as staff see them: secrets only as set or not (and the secret key's last four). */
    async view(): Promise<StripeSettings> {
      const stored = await read();
      const s = await this.setup();
      return {
        enabled: stored.enabled ?? fromEnvironment,
        publishableKey: s.publishableKey,
        secretKeySet: s.secretKey !== null,
        secretKeyHint: fromEnvironment ? (s.secretKey?.slice(-4) ?? null) : (stored.secretKeyHint ?? null),
        webhookSecretSet: s.webhookSecret !== null,
        captureMode: s.captureMode,
        source: fromEnvironment ? 'ENVIRONMENT' : 'SETTINGS',
        webhookUrl: `${d.publicUrl}${WEBHOOK_PATH}`,
      };
    },

    /**
     * Changes what `patch` gives. Keys are refused when they come from the environment (409) and, in production
     * without MERX_SECRETS_KEY, secrets are refused (400): they would be sealed with a key kept beside them.
     */
    async update(patch: NonNullable<UpdatePaymentsSettingsRequest['stripe']>): Promise<StripeSettings> {
      const keys =
        patch.publishableKey !== undefined || patch.secretKey !== undefined || patch.webhookSecret !== undefined;
      if (keys && fromEnvironment)
        throw new AppError(
          'ALREADY_EXISTS',
          stripeErrorCodes.keysFromEnvironment,
          'The Stripe keys are set in the environment (MERX_STRIPE_*): change them there',
        );
      const secrets = patch.secretKey !== undefined || patch.webhookSecret !== undefined;
      if (secrets && d.production && !envSealer)
        throw new AppError(
          'FAILED_PRECONDITION',
          stripeErrorCodes.secretsKeyMissing,
          'Set MERX_SECRETS_KEY in the environment before saving Stripe secrets: they are stored encrypted with it',
        );
      const stored = await read();
      const next: Stored = { ...stored };
      // Secrets already stored are sealed again under the key in use now.
      if (secrets || stored.sealedWith === undefined) {
        const secretKey = patch.secretKey ?? (await open(stored, stored.secretKey));
        const webhookSecret = patch.webhookSecret ?? (await open(stored, stored.webhookSecret));
        next.sealedWith = envSealer ? 'MERX_SECRETS_KEY' : 'STORE';
        const sealer = (await sealerFor(next.sealedWith)) as Sealer;
        next.secretKey = secretKey ? sealer.seal(secretKey) : null;
        next.secretKeyHint = secretKey ? secretKey.slice(-4) : null;
        next.webhookSecret = webhookSecret ? sealer.seal(webhookSecret) : null;
      }
      if (patch.publishableKey !== undefined) next.publishableKey = patch.publishableKey;
      if (patch.enabled !== undefined) next.enabled = patch.enabled;
      if (patch.captureMode !== undefined) next.captureMode = patch.captureMode;
      const text = JSON.stringify(next);
      await d.db
        .insertInto('settings')
        .values({ key: KEY, value: text })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
        .execute();
      return this.view();
    },
  };
}

export type StripeSettingsService = ReturnType<typeof createStripeSettings>;
