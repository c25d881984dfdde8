import type { Database } from '@merx/db';
import type { Kysely } from 'kysely';
import { randomToken } from '../../lib/ids.js';

/** Store-wide settings that shape every answer (currency and locale of formatted prices, store name). */
export interface StoreSettings {
  name: string;
  currency: string;
  locale: string;
  /** The store's logo, on the store's own origin (`/media/…`), shown on the hosted pages and in mail. */
  logoUrl?: string;
  /** Where shoppers and carriers reach the business: printed on packing slips, shown in the back office. */
  email?: string;
  phone?: string;
  address?: BusinessAddress;
  /** Which catalog the store runs (docs/decisions/0023-products-v3-read.md); both stay readable. */
  catalogVersion?: 'V1_CATALOG' | 'V3_CATALOG';
}

/** The business's address (ISO 3166-1 alpha-2 country, ISO 3166-2 subdivision such as `US-NY`). */
export interface BusinessAddress {
  addressLine: string;
  addressLine2?: string;
  city: string;
  subdivision?: string;
  postalCode?: string;
  country: string;
}

const defaults: StoreSettings = { name: 'Merx Store', currency: 'USD', locale: 'en-US', catalogVersion: 'V1_CATALOG' };

async function read<T>(db: Kysely<Database>, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as T) : undefined;
}

async function write(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: text })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
    .execute();
}

export function createSettingsService(db: Kysely<Database>) {
  return {
    async store(): Promise<StoreSettings> {
      return { ...defaults, ...(await read<Partial<StoreSettings>>(db, 'store')) };
    },
    async updateStore(patch: Partial<StoreSettings>): Promise<StoreSettings> {
      return this.replaceStore({ ...(await this.store()), ...patch });
    },
    /** Writes the whole store record (what a patch with removals becomes). */
    async replaceStore(next: StoreSettings): Promise<StoreSettings> {
      await write(db, 'store', next);
      return next;
    },
    /** A secret generated on first use and kept in the database, so every process signs cursors alike. */
    async secret(name: string): Promise<string> {
      const key = `secret:${name}`;
      const existing = await read<string>(db, key);
      if (existing) return existing;
      await db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(randomToken(32)) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return (await read<string>(db, key)) as string;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
