import type { z } from 'zod';
import type { categoryEventTypes } from './categories/categories.js';
import type { cartEventTypes } from './ecom/cart.js';
import type { checkoutEventTypes } from './ecom/checkout.js';
import type { couponEventTypes, discountRuleEventTypes } from './ecom/discounts.js';
import type { orderEventTypes } from './ecom/orders.js';
import type { shippingEventTypes } from './ecom/shipping.js';
import type { eventIdentity } from './merx/webhooks.js';
import type { customizationEventTypes } from './stores/catalog-v3-customizations.js';
import type { infoSectionEventTypes } from './stores/catalog-v3-info-sections.js';
import type { brandEventTypes, ribbonEventTypes } from './stores/catalog-v3-ribbons-brands.js';

/** The catalog's events, by name (each area's own names live beside its contract, joined in `EventType`). */
export const eventTypes = {
  productCreated: 'wix.stores.catalog.v1.product_created',
  productChanged: 'wix.stores.catalog.v1.product_changed',
  productDeleted: 'wix.stores.catalog.v1.product_deleted',
  variantsChanged: 'wix.stores.catalog.v1.product_variants_changed',
  collectionCreated: 'wix.stores.catalog.v1.collection_created',
  collectionChanged: 'wix.stores.catalog.v1.collection_changed',
  collectionDeleted: 'wix.stores.catalog.v1.collection_deleted',
  inventoryItemChanged: 'wix.stores.inventory.v2.inventory_item_changed',
  inventoryVariantsChanged: 'wix.stores.inventory.v2.inventory_variants_changed',
  /** Catalog v3 events of the same products (docs/decisions/0028-products-v3-writes.md): `{entity, identity}`. */
  productV3Created: 'wix.stores.catalog.v3.product_created',
  productV3Updated: 'wix.stores.catalog.v3.product_updated',
  productV3Deleted: 'wix.stores.catalog.v3.product_deleted',
} as const;

type ValuesOf<T> = T[keyof T];

/** Every event Merx appends to its outbox. */
export type EventType =
  | ValuesOf<typeof eventTypes>
  | ValuesOf<typeof discountRuleEventTypes>
  | ValuesOf<typeof couponEventTypes>
  | ValuesOf<typeof shippingEventTypes>
  | ValuesOf<typeof cartEventTypes>
  | ValuesOf<typeof checkoutEventTypes>
  | ValuesOf<typeof orderEventTypes>
  | ValuesOf<typeof ribbonEventTypes | typeof brandEventTypes>
  | ValuesOf<typeof categoryEventTypes>
  | ValuesOf<typeof infoSectionEventTypes>
  | ValuesOf<typeof customizationEventTypes>;

/** Who made a change (spec section 6). */
export type EventIdentity = z.infer<typeof eventIdentity>;

/** The envelope every event carries, in the outbox and to subscribers. */
export interface MerxEvent<P = Record<string, unknown>> {
  id: string;
  type: EventType;
  entityId: string;
  /** ISO-8601 time of the change. */
  eventTime: string;
  /** Who made the change (UNKNOWN for the store's own work: seeding, sweeps, housekeeping). */
  identity: EventIdentity;
  payload: P;
}
