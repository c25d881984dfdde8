import type { Database, Executor } from '@merx/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';

/** How members join the store (the contract leaves these open; defaults favour an open shop). */
export const memberSettingsSchema = z.object({
  /** OPEN: new members can sign in at once; OWNER_APPROVAL: staff approve each new member. */
  signUpPolicy: z.enum(['OPEN', 'OWNER_APPROVAL']),
  /** New members confirm their email with a code before they can sign in. */
  requireEmailVerification: z.boolean(),
  /** Ask for a captcha token on register and login (needs a verifier, see README). */
  captchaEnabled: z.boolean(),
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;

export const defaultMemberSettings: MemberSettings = {
  signUpPolicy: 'OPEN',
  requireEmailVerification: false,
  captchaEnabled: false,
};

/** Read on every use (not cached), so that a change made by any process applies at once. */
export function createMemberSettings(db: Kysely<Database>) {
  return {
    /** Inside a transaction pass its executor: on SQLite the one connection is the transaction's. */
    async get(ex: Executor = db): Promise<MemberSettings> {
      const row = await ex.selectFrom('settings').select('value').where('key', '=', 'members').executeTakeFirst();
      return { ...defaultMemberSettings, ...(row ? (JSON.parse(row.value) as Partial<MemberSettings>) : {}) };
    },
    async update(patch: Partial<MemberSettings>): Promise<MemberSettings> {
      const next = { ...(await this.get()), ...patch };
      const value = JSON.stringify(next);
      await db
        .insertInto('settings')
        .values({ key: 'members', value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
      return next;
    },
  };
}

export type MemberSettingsService = ReturnType<typeof createMemberSettings>;
