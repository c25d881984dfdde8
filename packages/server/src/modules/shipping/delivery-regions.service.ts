import {
  type DeliveryRegion,
  type DeliveryRegionInput,
  type DeliveryRegionPatch,
  shippingErrorCodes,
  shippingEventTypes,
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
  configurationWrite,
  expectedRevision,
  isForeignKeyViolation,
} from './common.js';

export type DeliveryRegionRow = Selectable<Database['delivery_regions']>;

/** A destination as stored: a country and the subdivisions served (none: the whole country). */
export interface StoredDestination {
  countryCode: string;
  subdivisions: string[];
}

const ENTITY = 'delivery region';

/** The wire form of a delivery region. */
export function deliveryRegionOf(row: DeliveryRegionRow): DeliveryRegion {
  return {
    id: row.id,
    revision: String(row.revision),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    name: row.name,
    destinations: JSON.parse(row.destinations) as StoredDestination[],
    active: row.active === 1,
  };
}

/** Destinations in storage form: one entry per country (a repeated country is a 400), subdivisions de-duplicated. */
function destinationsOf(input: DeliveryRegionInput['destinations'], field: string): string {
  const seen = new Set<string>();
  const out: StoredDestination[] = input.map((d, i) => {
    if (seen.has(d.countryCode)) {
      throw invalid(`${field}[${i}].countryCode`, `repeats country "${d.countryCode}"; list its subdivisions once`);
    }
    seen.add(d.countryCode);
    return { countryCode: d.countryCode, subdivisions: [...new Set(d.subdivisions ?? [])] };
  });
  return JSON.stringify(out);
}

/** The region's row; 404 DELIVERY_REGION_NOT_FOUND when there is none. */
export async function loadDeliveryRegion(ex: Executor, id: string): Promise<DeliveryRegionRow> {
  const row = await ex.selectFrom('delivery_regions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(shippingErrorCodes.deliveryRegionNotFound, 'Delivery region not found', { id });
  return row;
}

/** Throws a 400 naming `fieldOf(i)` for each id in `ids` that is not a delivery region. */
export async function assertRegionsExist(ex: Executor, ids: readonly string[], fieldOf: (i: number) => string) {
  if (ids.length === 0) return;
  const rows = await ex.selectFrom('delivery_regions').select('id').where('id', 'in', ids).execute();
  const found = new Set(rows.map((r) => r.id));
  const i = ids.findIndex((id) => !found.has(id));
  if (i >= 0) throw invalid(fieldOf(i), `no delivery region "${ids[i]}"`, 'VALIDATION', { id: ids[i] });
}

/** Merx delivery regions: named sets of countries and subdivisions that shipping options reference by id. */
export function createDeliveryRegionService(deps: ModuleDeps) {
  const now = () => deps.clock.now().toISOString();

  return {
    async create(input: DeliveryRegionInput, who?: Caller): Promise<DeliveryRegion> {
      const destinations = destinationsOf(input.destinations, 'deliveryRegion.destinations');
      return configurationWrite(deps.db, async (uow) => {
        const at = now();
        const row: DeliveryRegionRow = {
          id: newId(),
          name: input.name,
          destinations,
          active: bit(input.active !== false),
          created_date: at,
          updated_date: at,
          revision: 1,
        };
        await uow.trx.insertInto('delivery_regions').values(row).execute();
        const region = deliveryRegionOf(row);
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.deliveryRegionCreated, row.id, {
          deliveryRegion: region,
        });
        return region;
      });
    },

    async get(id: string): Promise<DeliveryRegion> {
      return deliveryRegionOf(await loadDeliveryRegion(deps.db, id));
    },

    /** Every delivery region, by name. */
    async list(): Promise<DeliveryRegion[]> {
      const rows = await deps.db.selectFrom('delivery_regions').selectAll().orderBy('name').orderBy('id').execute();
      return rows.map(deliveryRegionOf);
    },

    async update(id: string, patch: DeliveryRegionPatch, who?: Caller): Promise<DeliveryRegion> {
      const destinations =
        patch.destinations != null ? destinationsOf(patch.destinations, 'deliveryRegion.destinations') : undefined;
      return configurationWrite(deps.db, async (uow) => {
        const before = await loadDeliveryRegion(uow.trx, id);
        const revision = expectedRevision(patch.revision, before.revision, ENTITY);
        const after: DeliveryRegionRow = {
          ...before,
          name: patch.name ?? before.name,
          destinations: destinations ?? before.destinations,
          active: patch.active != null ? bit(patch.active) : before.active,
          updated_date: now(),
          revision: revision + 1,
        };
        const res = await uow.trx
          .updateTable('delivery_regions')
          .set({
            name: after.name,
            destinations: after.destinations,
            active: after.active,
            updated_date: after.updated_date,
            revision: after.revision,
          })
          .where('id', '=', id)
          .where('revision', '=', revision)
          .executeTakeFirst();
        assertUpdated(res, ENTITY, before.revision);
        const region = deliveryRegionOf(after);
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.deliveryRegionUpdated, id, {
          deliveryRegion: region,
        });
        return region;
      });
    },

    /** Deletes a region no shipping option uses; one in use is refused with the options that use it. */
    async delete(id: string, who?: Caller): Promise<void> {
      const inUse = (shippingOptionIds: string[]) =>
        new AppError(
          'FAILED_PRECONDITION',
          shippingErrorCodes.deliveryRegionInUse,
          'Shipping options still use this delivery region; remove it from them first',
          { id, shippingOptionIds },
        );
      const work = configurationWrite(deps.db, async (uow) => {
        await loadDeliveryRegion(uow.trx, id);
        const users = await uow.trx
          .selectFrom('shipping_option_regions')
          .select('shipping_option_id')
          .where('delivery_region_id', '=', id)
          .orderBy('shipping_option_id')
          .execute();
        if (users.length > 0) throw inUse(users.map((u) => u.shipping_option_id));
        await uow.trx.deleteFrom('delivery_regions').where('id', '=', id).execute();
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.deliveryRegionDeleted, id, {
          deliveryRegionId: id,
        });
      });
      // An option that took the region between the check and the delete: the foreign key refuses the delete.
      await work.catch((error: unknown) => {
        throw isForeignKeyViolation(error) ? inUse([]) : error;
      });
    },
  };
}

export type DeliveryRegionService = ReturnType<typeof createDeliveryRegionService>;
