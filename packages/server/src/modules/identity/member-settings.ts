import type { Database, Executor } from '@merx/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { captchaProviders } from './captcha.js';

/** A public site key as the providers issue them (reCAPTCHA `6L…`, hCaptcha UUIDs, Turnstile `0x…`). */
const siteKey = z
  .string()
  .trim()
  .max(200)
  .regex(/^[A-Za-z0-9_.:-]*$/, 'must be a site key as the provider shows it (letters, digits, - _ . :)');

/** How members join the store (the contract leaves these open; defaults favour an open shop). */
export const memberSettingsSchema = z.object({
  /** OPEN: new members can sign in at once; OWNER_APPROVAL: staff approve each new member. */
  signUpPolicy: z.enum(['OPEN', 'OWNER_APPROVAL']),
  /** New members confirm their email with a code before they can sign in. */
  requireEmailVerification: z.boolean(),
  /** Ask for a captcha token on register and login (needs the provider's keys and secret, see README). */
  captchaEnabled: z.boolean(),
  /** Whose captcha: reCAPTCHA, hCaptcha or Turnstile (one verify protocol). */
  captchaProvider: z.enum(captchaProviders),
  /** The public site key of the invisible check run on submit (spec section 9); empty: none. */
  captchaInvisibleSiteKey: siteKey,
  /** The public site key of the visible challenge shown when the invisible check is not enough; empty: none. */
  captchaVisibleSiteKey: siteKey,
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;

/** What staff read: the settings, and whether a captcha secret is set (never the secret itself). */
export const memberSettingsViewSchema = memberSettingsSchema.extend({
  /** A secret is stored in the settings (sealed). */
  captchaSecretSet: z.boolean(),
  /** The environment supplies a secret (MERX_CAPTCHA_SECRET), used when the settings hold none. */
  captchaSecretFromEnvironment: z.boolean(),
});
export type MemberSettingsView = z.infer<typeof memberSettingsViewSchema>;

/** What staff may change: any setting, and the secret (write-only; `null` or "" removes it). */
export const memberSettingsPatchSchema = memberSettingsSchema
  .partial()
  .extend({ captchaSecret: z.string().trim().max(500).nullable().optional() });
export type MemberSettingsPatch = z.infer<typeof memberSettingsPatchSchema>;

export const defaultMemberSettings: MemberSettings = {
  signUpPolicy: 'OPEN',
  requireEmailVerification: false,
  captchaEnabled: false,
  captchaProvider: 'recaptcha',
  captchaInvisibleSiteKey: '',
  captchaVisibleSiteKey: '',
};

/** The stored row: the settings, and the captcha secret sealed with the store's sealer. */
type Stored = MemberSettings & { captchaSecretSealed?: string | undefined };

/** Read on every use (not cached), so that a change made by any process applies at once. */
export function createMemberSettings(db: Kysely<Database>) {
  async function stored(ex: Executor = db): Promise<Stored> {
    const row = await ex.selectFrom('settings').select('value').where('key', '=', 'members').executeTakeFirst();
    return { ...defaultMemberSettings, ...(row ? (JSON.parse(row.value) as Partial<Stored>) : {}) };
  }
  const open = ({ captchaSecretSealed: _, ...settings }: Stored): MemberSettings => settings;
  return {
    /** Inside a transaction pass its executor: on SQLite the one connection is the transaction's. */
    async get(ex: Executor = db): Promise<MemberSettings> {
      return open(await stored(ex));
    },
    /** The captcha secret as sealed in the settings, or undefined when none is stored. */
    async sealedCaptchaSecret(ex: Executor = db): Promise<string | undefined> {
      return (await stored(ex)).captchaSecretSealed || undefined;
    },
    /** Changes settings; `captchaSecretSealed: null` removes the stored secret. */
    async update(
      patch: Partial<MemberSettings> & { captchaSecretSealed?: string | null | undefined },
    ): Promise<MemberSettings> {
      const { captchaSecretSealed, ...rest } = patch;
      const current = await stored();
      const next: Stored = { ...current, ...rest };
      if (captchaSecretSealed === null) delete next.captchaSecretSealed;
      else if (captchaSecretSealed !== undefined) next.captchaSecretSealed = captchaSecretSealed;
      const value = JSON.stringify(next);
      await db
        .insertInto('settings')
        .values({ key: 'members', value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
      return open(next);
    },
  };
}

export type MemberSettingsService = ReturnType<typeof createMemberSettings>;
