import {
  type ShippingOption,
  type ShippingOptionInput,
  type ShippingOptionPatch,
  type ShippingPagingMetadata,
  shippingEventTypes,
} from '@merx/contract';
import { type Database, type Executor, runQuery } from '@merx/db';
import { invalid, parseQuery } from '@merx/domain';
import type { Insertable } from 'kysely';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import type { ModuleDeps } from '../module.js';
import {
  appendEvent,
  assertUpdated,
  bit,
  configurationWrite,
  expectedRevision,
  extendedFieldsOf,
  isForeignKeyViolation,
  pagingMetadataOf,
  type StoredExtendedFields,
} from './common.js';
import { toMinorUnits } from './decimal.js';
import { assertRegionsExist } from './delivery-regions.service.js';
import {
  ratesOf,
  regionIdsOf,
  type ShippingOptionRow,
  shippingOptionOf,
  storeAddressOf,
  timeSlotsOf,
} from './shipping-options.mapper.js';
import {
  loadShippingOption,
  MAX_REGIONS_PER_OPTION,
  requestedRegionIds,
  saveRegionLinks,
  selectShippingOptions,
  shippingOptionQuerySpec,
} from './shipping-options.repo.js';

type OptionColumns = Partial<Insertable<Database['shipping_options']>>;

const ENTITY = 'shipping option';
const linksJson = (ids: readonly string[]) => JSON.stringify(ids.map((id, position) => ({ id, position })));

/** The columns a create or update request sets (only the fields it carries); 400s name the field. */
function columnsOf(input: Partial<ShippingOptionInput>, currency: string): OptionColumns {
  const at = (field: string) => `shippingOption.${field}`;
  const set: OptionColumns = {};
  if (input.title != null) set.title = input.title;
  if (input.estimatedDeliveryTime !== undefined) set.estimated_delivery_time = input.estimatedDeliveryTime || null;
  if (input.rates != null) set.rates = JSON.stringify(ratesOf(input.rates, currency, at('rates')));
  if (input.active != null) set.active = bit(input.active);
  if (input.weightUnit != null) set.weight_unit = input.weightUnit;
  if (input.freeShippingThreshold !== undefined) {
    set.free_shipping_threshold =
      input.freeShippingThreshold === null
        ? null
        : toMinorUnits(input.freeShippingThreshold, currency, at('freeShippingThreshold'));
  }
  if (input.pickupDetails !== undefined) {
    set.pickup_method = input.pickupDetails?.pickupMethod ?? null;
    set.pickup_address = input.pickupDetails ? JSON.stringify(storeAddressOf(input.pickupDetails.address)) : null;
  }
  if (input.instructions !== undefined) set.instructions = input.instructions || null;
  if (input.deliveryTimeSlots !== undefined)
    set.delivery_time_slots = JSON.stringify(timeSlotsOf(input.deliveryTimeSlots));
  if (input.extendedFields !== undefined) set.extended_fields = extendedFieldsOf(input.extendedFields);
  return set;
}

/** A 400 naming the request field of the first unknown region id (the deprecated single id counts first). */
async function checkRegions(ex: Executor, input: Pick<ShippingOptionInput, 'deliveryRegionId' | 'deliveryRegionIds'>) {
  const single = input.deliveryRegionId ? [input.deliveryRegionId] : [];
  await assertRegionsExist(ex, [...single, ...(input.deliveryRegionIds ?? [])], (i) =>
    i < single.length ? 'shippingOption.deliveryRegionId' : `shippingOption.deliveryRegionIds[${i - single.length}]`,
  );
}

/** A region removed by a concurrent delete shows as a foreign-key violation: answer it as the unknown id it is. */
function regionGone(field: string) {
  return (error: unknown) => {
    throw isForeignKeyViolation(error) ? invalid(field, 'names a delivery region that no longer exists') : error;
  };
}

/** Shipping options (WIRE.md Appendix B `ecom_shipping-options`) with Merx's pickup, slots and thresholds. */
export function createShippingOptionService(deps: ModuleDeps) {
  const currency = () => deps.store().currency;
  const now = () => deps.clock.now().toISOString();
  const load = (ex: Executor, id: string) => loadShippingOption(ex, deps.dialect, id);

  /** Compare-and-set of the option's row: `set` plus a new revision; returns the row as it now is. */
  async function bump(ex: Executor, before: ShippingOptionRow, revision: number, set: OptionColumns) {
    const changes = { ...set, updated_date: now(), revision: revision + 1 };
    const res = await ex
      .updateTable('shipping_options')
      .set(changes)
      .where('id', '=', before.id)
      .where('revision', '=', revision)
      .executeTakeFirst();
    assertUpdated(res, ENTITY, before.revision);
    return { ...before, ...changes } as ShippingOptionRow;
  }

  return {
    async create(input: ShippingOptionInput, who?: Caller): Promise<ShippingOption> {
      const cur = currency();
      const regionIds = requestedRegionIds(
        input.deliveryRegionId,
        input.deliveryRegionIds,
        'shippingOption.deliveryRegionIds',
      );
      const columns = columnsOf(input, cur);
      return configurationWrite(deps.db, async (uow) => {
        await checkRegions(uow.trx, input);
        const at = now();
        const row = {
          id: newId(),
          title: input.title,
          estimated_delivery_time: null,
          active: 1,
          weight_unit: 'KG',
          rates: '[]',
          free_shipping_threshold: null,
          pickup_method: null,
          pickup_address: null,
          instructions: null,
          delivery_time_slots: '[]',
          extended_fields: extendedFieldsOf(null),
          ...columns,
          created_date: at,
          updated_date: at,
          revision: 1,
        };
        await uow.trx.insertInto('shipping_options').values(row).execute();
        await saveRegionLinks(uow.trx, row.id, regionIds);
        const option = shippingOptionOf({ ...row, region_ids: linksJson(regionIds) }, cur);
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.shippingOptionCreated, row.id, {
          shippingOption: option,
        });
        return option;
      }).catch(regionGone('shippingOption.deliveryRegionIds'));
    },

    async get(id: string): Promise<ShippingOption> {
      return shippingOptionOf(await load(deps.db, id), currency());
    },

    /** Changes the fields given; `revision` must be the stored one. `deliveryRegionIds` replaces the regions. */
    async update(id: string, patch: ShippingOptionPatch, who?: Caller): Promise<ShippingOption> {
      const cur = currency();
      const regionsGiven = patch.deliveryRegionIds != null || patch.deliveryRegionId != null;
      const regionIds = regionsGiven
        ? requestedRegionIds(patch.deliveryRegionId, patch.deliveryRegionIds, 'shippingOption.deliveryRegionIds')
        : undefined;
      const columns = columnsOf(patch, cur);
      return configurationWrite(deps.db, async (uow) => {
        const before = await load(uow.trx, id);
        const revision = expectedRevision(patch.revision, before.revision, ENTITY);
        if (regionIds) await checkRegions(uow.trx, patch);
        let after = await bump(uow.trx, before, revision, columns);
        if (regionIds) {
          await saveRegionLinks(uow.trx, id, regionIds);
          after = { ...after, region_ids: linksJson(regionIds) };
        }
        const option = shippingOptionOf(after, cur);
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.shippingOptionUpdated, id, {
          shippingOption: option,
        });
        return option;
      }).catch(regionGone('shippingOption.deliveryRegionIds'));
    },

    async delete(id: string, who?: Caller): Promise<void> {
      await configurationWrite(deps.db, async (uow) => {
        await load(uow.trx, id);
        await uow.trx.deleteFrom('shipping_option_regions').where('shipping_option_id', '=', id).execute();
        await uow.trx.deleteFrom('shipping_options').where('id', '=', id).execute();
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.shippingOptionDeleted, id, {
          shippingOptionId: id,
        });
      });
    },

    async query(
      rawQuery: unknown,
    ): Promise<{ shippingOptions: ShippingOption[]; pagingMetadata: ShippingPagingMetadata }> {
      const query = parseQuery(rawQuery ?? {}, shippingOptionQuerySpec);
      const page = await runQuery<ShippingOptionRow>({
        base: selectShippingOptions(deps.db, deps.dialect),
        countBase: deps.db.selectFrom('shipping_options'),
        spec: shippingOptionQuerySpec,
        query,
        cursorSecret: deps.cursorSecret,
      });
      const cur = currency();
      return {
        shippingOptions: page.rows.map((row) => shippingOptionOf(row, cur)),
        pagingMetadata: pagingMetadataOf(page, query.paging.kind === 'cursor'),
      };
    },

    /** Offers the option in one more region; adding a region it already has changes nothing. */
    async addDeliveryRegion(
      id: string,
      regionId: string,
      revision?: string | null,
      who?: Caller,
    ): Promise<ShippingOption> {
      return configurationWrite(deps.db, async (uow) => {
        const before = await load(uow.trx, id);
        const expected = expectedRevision(revision, before.revision, ENTITY);
        await assertRegionsExist(uow.trx, [regionId], () => 'deliveryRegionId');
        const ids = regionIdsOf(before);
        if (ids.includes(regionId)) return shippingOptionOf(before, currency());
        if (ids.length >= MAX_REGIONS_PER_OPTION) {
          throw invalid(
            'deliveryRegionId',
            `the shipping option already has ${MAX_REGIONS_PER_OPTION} regions`,
            'MAX_SIZE',
          );
        }
        const after = await bump(uow.trx, before, expected, {});
        await saveRegionLinks(uow.trx, id, [...ids, regionId]);
        const option = shippingOptionOf({ ...after, region_ids: linksJson([...ids, regionId]) }, currency());
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.shippingOptionUpdated, id, {
          shippingOption: option,
        });
        return option;
      }).catch(regionGone('deliveryRegionId'));
    },

    /** Stops offering the option in a region; removing a region it does not have changes nothing. */
    async removeDeliveryRegion(
      id: string,
      regionId: string,
      revision?: string | null,
      who?: Caller,
    ): Promise<ShippingOption> {
      return configurationWrite(deps.db, async (uow) => {
        const before = await load(uow.trx, id);
        const expected = expectedRevision(revision, before.revision, ENTITY);
        await assertRegionsExist(uow.trx, [regionId], () => 'deliveryRegionId');
        const ids = regionIdsOf(before);
        if (!ids.includes(regionId)) return shippingOptionOf(before, currency());
        const after = await bump(uow.trx, before, expected, {});
        const rest = ids.filter((r) => r !== regionId);
        await saveRegionLinks(uow.trx, id, rest);
        const option = shippingOptionOf({ ...after, region_ids: linksJson(rest) }, currency());
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.shippingOptionUpdated, id, {
          shippingOption: option,
        });
        return option;
      });
    },

    /** Replaces one app namespace of the extended fields; the revision stays (as the contract says). */
    async updateExtendedFields(
      id: string,
      namespace: string,
      data: Record<string, unknown>,
      who?: Caller,
    ): Promise<ShippingOption> {
      if (JSON.stringify(data).length > 16_000) {
        throw invalid('namespaceData', 'must be at most 16000 characters of JSON', 'MAX_SIZE');
      }
      return configurationWrite(deps.db, async (uow) => {
        const before = await load(uow.trx, id);
        const fields = JSON.parse(before.extended_fields) as StoredExtendedFields;
        const extended = JSON.stringify({ namespaces: { ...fields.namespaces, [namespace]: data } });
        const at = now();
        // Guarded by revision and update time: the revision alone would not see another namespace change.
        const res = await uow.trx
          .updateTable('shipping_options')
          .set({ extended_fields: extended, updated_date: at })
          .where('id', '=', id)
          .where('revision', '=', before.revision)
          .where('updated_date', '=', before.updated_date)
          .executeTakeFirst();
        assertUpdated(res, ENTITY, before.revision);
        const option = shippingOptionOf({ ...before, extended_fields: extended, updated_date: at }, currency());
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.shippingOptionUpdated, id, {
          shippingOption: option,
        });
        return option;
      });
    },
  };
}

export type ShippingOptionService = ReturnType<typeof createShippingOptionService>;
