import {
  type StoreAddress,
  shippingErrorCodes,
  shippingEventTypes,
  type TaxRegion,
  type TaxRegionInput,
  type TaxRegionPatch,
  type TaxSettings,
  type TaxSettingsPatch,
} from '@merx/contract';
import type { Database, Executor } from '@merx/db';
import { AppError, invalid, notFound } from '@merx/domain';
import type { Selectable } from 'kysely';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import type { ModuleDeps } from '../module.js';
import {
  appendEvent,
  assertUpdated,
  bit,
  concurrentModification,
  configurationWrite,
  expectedRevision,
  isUniqueViolation,
} from './common.js';
import { decimalToScaled, scaledToDecimal } from './decimal.js';
import { storeAddressOf } from './shipping-options.mapper.js';

export type TaxRegionRow = Selectable<Database['tax_regions']>;
type TaxSettingsRow = Selectable<Database['tax_settings']>;
export type JurisdictionType = 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';

/** A jurisdiction as stored: its rate in parts per million (82500 = 8.25 %). */
export interface StoredJurisdiction {
  name: string;
  type: JurisdictionType;
  ratePpm: number;
}

/** Rates are fractions with at most 6 decimals: parts per million hold them exactly. */
export const PPM_SCALE = 6;
const SETTINGS_ID = 'store';
const ENTITY = 'tax region';

/** The wire form of a tax region (rates as decimal fractions). */
export function taxRegionOf(row: TaxRegionRow): TaxRegion {
  const jurisdictions = JSON.parse(row.jurisdictions) as StoredJurisdiction[];
  return {
    id: row.id,
    revision: String(row.revision),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    country: row.country,
    ...(row.subdivision ? { subdivision: row.subdivision } : {}),
    rateType: row.rate_type as TaxRegion['rateType'],
    jurisdictions: jurisdictions.map((j) => ({
      name: j.name,
      type: j.type,
      rate: scaledToDecimal(j.ratePpm, PPM_SCALE),
    })),
    shippingTaxable: row.shipping_taxable === 1,
  };
}

/** Defaults until the merchant saves tax settings: tax by the shipping address, prices without tax. */
export function taxSettingsOf(row: TaxSettingsRow | undefined): TaxSettings {
  if (!row) return { taxableAddress: 'SHIPPING', taxIncludedInItemPrices: false, revision: '0' };
  return {
    taxableAddress: row.taxable_address as TaxSettings['taxableAddress'],
    taxIncludedInItemPrices: row.tax_included_in_item_prices === 1,
    ...(row.business_address ? { businessAddress: JSON.parse(row.business_address) as StoreAddress } : {}),
    revision: String(row.revision),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
  };
}

/** `''` stands for the whole country (absent, empty or `*` on the wire). */
const subdivisionOf = (s: string | null | undefined): string => (s && s !== '*' ? s : '');

/** The jurisdictions column for a rate type: at least one for MANUAL_RATE, none for NO_TAX_COLLECTED. */
function jurisdictionsOf(rateType: string, list: TaxRegionInput['jurisdictions'], field: string): string {
  const items = list ?? [];
  if (rateType === 'MANUAL_RATE' && items.length === 0) {
    throw invalid(field, 'must have at least 1 item when rateType is MANUAL_RATE', 'MIN_SIZE');
  }
  if (rateType === 'NO_TAX_COLLECTED' && items.length > 0) {
    throw invalid(field, 'must be empty when rateType is NO_TAX_COLLECTED', 'FIELD_NOT_ALLOWED');
  }
  const stored = items.map(
    (j): StoredJurisdiction => ({ name: j.name, type: j.type, ratePpm: decimalToScaled(j.rate, PPM_SCALE) as number }),
  );
  return JSON.stringify(stored);
}

/** The region's row; 404 TAX_REGION_NOT_FOUND when there is none. */
export async function loadTaxRegion(ex: Executor, id: string): Promise<TaxRegionRow> {
  const row = await ex.selectFrom('tax_regions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(shippingErrorCodes.taxRegionNotFound, 'Tax region not found', { id });
  return row;
}

function alreadyExists(country: string, subdivision: string): AppError {
  const place = subdivision ? `${country}-${subdivision}` : country;
  return new AppError(
    'ALREADY_EXISTS',
    shippingErrorCodes.taxRegionAlreadyExists,
    `A tax region for ${place} already exists`,
    { country, subdivision: subdivision || null },
  );
}

/** Tax regions (one per country and subdivision) and the store's tax settings, all set by the merchant. */
export function createTaxService(deps: ModuleDeps) {
  const now = () => deps.clock.now().toISOString();

  async function assertFree(ex: Executor, country: string, subdivision: string, selfId?: string): Promise<void> {
    let q = ex
      .selectFrom('tax_regions')
      .select('id')
      .where('country', '=', country)
      .where('subdivision', '=', subdivision);
    if (selfId) q = q.where('id', '<>', selfId);
    if (await q.executeTakeFirst()) throw alreadyExists(country, subdivision);
  }

  /** Two writers racing for the same place: the unique key refuses the second; answer it as the 409 it is. */
  const conflictOf = (country: string, subdivision: string) => (error: unknown) => {
    throw isUniqueViolation(error) ? alreadyExists(country, subdivision) : error;
  };

  return {
    async createRegion(input: TaxRegionInput, who?: Caller): Promise<TaxRegion> {
      const subdivision = subdivisionOf(input.subdivision);
      const jurisdictions = jurisdictionsOf(input.rateType, input.jurisdictions, 'taxRegion.jurisdictions');
      return configurationWrite(deps.db, async (uow) => {
        await assertFree(uow.trx, input.country, subdivision);
        const at = now();
        const row: TaxRegionRow = {
          id: newId(),
          country: input.country,
          subdivision,
          rate_type: input.rateType,
          jurisdictions,
          shipping_taxable: bit(input.shippingTaxable === true),
          created_date: at,
          updated_date: at,
          revision: 1,
        };
        await uow.trx.insertInto('tax_regions').values(row).execute();
        const region = taxRegionOf(row);
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.taxRegionCreated, row.id, { taxRegion: region });
        return region;
      }).catch(conflictOf(input.country, subdivision));
    },

    async getRegion(id: string): Promise<TaxRegion> {
      return taxRegionOf(await loadTaxRegion(deps.db, id));
    },

    /** Every tax region, by country then subdivision (the whole country first). */
    async listRegions(): Promise<TaxRegion[]> {
      const rows = await deps.db
        .selectFrom('tax_regions')
        .selectAll()
        .orderBy('country')
        .orderBy('subdivision')
        .execute();
      return rows.map(taxRegionOf);
    },

    async updateRegion(id: string, patch: TaxRegionPatch, who?: Caller): Promise<TaxRegion> {
      let place = { country: '', subdivision: '' };
      return configurationWrite(deps.db, async (uow) => {
        const before = await loadTaxRegion(uow.trx, id);
        const revision = expectedRevision(patch.revision, before.revision, ENTITY);
        place = {
          country: patch.country ?? before.country,
          subdivision: patch.subdivision !== undefined ? subdivisionOf(patch.subdivision) : before.subdivision,
        };
        const rateType = patch.rateType ?? before.rate_type;
        // Switching to NO_TAX_COLLECTED drops the stored jurisdictions; other changes keep them unless sent.
        const kept = rateType === 'NO_TAX_COLLECTED' ? [] : taxRegionOf(before).jurisdictions;
        const jurisdictions = jurisdictionsOf(
          rateType,
          patch.jurisdictions === undefined ? kept : (patch.jurisdictions ?? []),
          'taxRegion.jurisdictions',
        );
        if (place.country !== before.country || place.subdivision !== before.subdivision) {
          await assertFree(uow.trx, place.country, place.subdivision, id);
        }
        const after: TaxRegionRow = {
          ...before,
          ...place,
          rate_type: rateType,
          jurisdictions,
          shipping_taxable: patch.shippingTaxable != null ? bit(patch.shippingTaxable) : before.shipping_taxable,
          updated_date: now(),
          revision: revision + 1,
        };
        const { id: _id, created_date: _created, ...changes } = after;
        const res = await uow.trx
          .updateTable('tax_regions')
          .set(changes)
          .where('id', '=', id)
          .where('revision', '=', revision)
          .executeTakeFirst();
        assertUpdated(res, ENTITY, before.revision);
        const region = taxRegionOf(after);
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.taxRegionUpdated, id, { taxRegion: region });
        return region;
      }).catch((error: unknown) => conflictOf(place.country, place.subdivision)(error));
    },

    async deleteRegion(id: string, who?: Caller): Promise<void> {
      await configurationWrite(deps.db, async (uow) => {
        await loadTaxRegion(uow.trx, id);
        await uow.trx.deleteFrom('tax_regions').where('id', '=', id).execute();
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.taxRegionDeleted, id, { taxRegionId: id });
      });
    },

    async getSettings(): Promise<TaxSettings> {
      const row = await deps.db.selectFrom('tax_settings').selectAll().where('id', '=', SETTINGS_ID).executeTakeFirst();
      return taxSettingsOf(row);
    },

    /** Changes the fields given; `revision`, when sent, must be the stored one (`"0"` before the first save). */
    async updateSettings(patch: TaxSettingsPatch, who?: Caller): Promise<TaxSettings> {
      return configurationWrite(deps.db, async (uow) => {
        const before = await uow.trx
          .selectFrom('tax_settings')
          .selectAll()
          .where('id', '=', SETTINGS_ID)
          .executeTakeFirst();
        const current = taxSettingsOf(before);
        const revision = expectedRevision(patch.revision, Number(current.revision), 'tax settings');
        const at = now();
        const after: TaxSettingsRow = {
          id: SETTINGS_ID,
          taxable_address: patch.taxableAddress ?? current.taxableAddress,
          tax_included_in_item_prices: bit(patch.taxIncludedInItemPrices ?? current.taxIncludedInItemPrices),
          business_address:
            patch.businessAddress === undefined
              ? (before?.business_address ?? null)
              : patch.businessAddress && JSON.stringify(storeAddressOf(patch.businessAddress)),
          created_date: before?.created_date ?? at,
          updated_date: at,
          revision: revision + 1,
        };
        if (before) {
          const { id: _id, created_date: _created, ...changes } = after;
          const res = await uow.trx
            .updateTable('tax_settings')
            .set(changes)
            .where('id', '=', SETTINGS_ID)
            .where('revision', '=', revision)
            .executeTakeFirst();
          assertUpdated(res, 'tax settings', before.revision);
        } else {
          // The first save: a concurrent first save wins the primary key and this one is the conflict.
          const res = await uow.trx
            .insertInto('tax_settings')
            .values(after)
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst();
          if (Number(res.numInsertedOrUpdatedRows ?? 0) !== 1) throw concurrentModification('tax settings', 1);
        }
        const settings = taxSettingsOf(after);
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.taxSettingsUpdated, SETTINGS_ID, {
          taxSettings: settings,
        });
        return settings;
      });
    },
  };
}

export type TaxService = ReturnType<typeof createTaxService>;
