import { shippingErrorCodes } from '@merx/contract';
import { type DialectName, type Executor, jsonRowArray } from '@merx/db';
import { type EntityQuerySpec, invalid, notFound } from '@merx/domain';
import type { ShippingOptionRow } from './shipping-options.mapper.js';

/** Most delivery regions one shipping option may have (the contract's limit). */
export const MAX_REGIONS_PER_OPTION = 50;

/** The allow-list of the shipping options query. */
export const shippingOptionQuerySpec: EntityQuerySpec = {
  table: 'shipping_options',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
    title: { kind: 'column', column: 'title', type: 'string', sortable: true, notNull: true },
    estimatedDeliveryTime: { kind: 'column', column: 'estimated_delivery_time', type: 'string', sortable: true },
    active: { kind: 'column', column: 'active', type: 'boolean', sortable: true, notNull: true },
    weightUnit: { kind: 'column', column: 'weight_unit', type: 'string', sortable: true, notNull: true },
    'pickupDetails.pickupMethod': { kind: 'column', column: 'pickup_method', type: 'string', sortable: true },
    createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
    updatedDate: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
    deliveryRegionIds: {
      kind: 'relation',
      table: 'shipping_option_regions',
      ownerColumn: 'shipping_option_id',
      valueColumn: 'delivery_region_id',
      type: 'id',
    },
    // The deprecated single-region field filters on the same links.
    deliveryRegionId: {
      kind: 'relation',
      table: 'shipping_option_regions',
      ownerColumn: 'shipping_option_id',
      valueColumn: 'delivery_region_id',
      type: 'id',
    },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
  defaultSort: [{ field: 'createdDate', order: 'ASC' }],
};

/** Shipping options with their region links, in one statement. */
export function selectShippingOptions(ex: Executor, dialect: DialectName) {
  return ex
    .selectFrom('shipping_options')
    .selectAll('shipping_options')
    .select((eb) =>
      jsonRowArray(
        dialect,
        eb
          .selectFrom('shipping_option_regions as r')
          .select(['r.delivery_region_id as id', 'r.position as position'])
          .whereRef('r.shipping_option_id', '=', 'shipping_options.id'),
        ['id', 'position'],
      ).as('region_ids'),
    );
}

/** The option's row with its region links; 404 SHIPPING_OPTION_NOT_FOUND when there is none. */
export async function loadShippingOption(ex: Executor, dialect: DialectName, id: string): Promise<ShippingOptionRow> {
  const row = await selectShippingOptions(ex, dialect).where('shipping_options.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(shippingErrorCodes.shippingOptionNotFound, 'Shipping option not found', { id });
  return row;
}

/** Replaces the option's region links with `regionIds`, in that order. */
export async function saveRegionLinks(ex: Executor, optionId: string, regionIds: readonly string[]): Promise<void> {
  await ex.deleteFrom('shipping_option_regions').where('shipping_option_id', '=', optionId).execute();
  if (regionIds.length === 0) return;
  await ex
    .insertInto('shipping_option_regions')
    .values(regionIds.map((id, position) => ({ shipping_option_id: optionId, delivery_region_id: id, position })))
    .execute();
}

/** The region ids of a create or update request: the deprecated single id first, then the list, de-duplicated. */
export function requestedRegionIds(
  single: string | null | undefined,
  list: readonly string[] | null | undefined,
  field: string,
): string[] {
  const ids = [...new Set([...(single ? [single] : []), ...(list ?? [])])];
  if (ids.length > MAX_REGIONS_PER_OPTION) {
    throw invalid(field, `must have at most ${MAX_REGIONS_PER_OPTION} items`, 'MAX_SIZE');
  }
  return ids;
}
