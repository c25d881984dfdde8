import { z } from 'zod';
import { cart } from '../ecom/cart.js';
import { checkout } from '../ecom/checkout.js';
import { coupon, discountRule } from '../ecom/discounts.js';
import { abandonedCheckout, order, orderPaymentStatus, ordersSettings } from '../ecom/orders.js';
import {
  deliveryRegion,
  shippingOption,
  storeAdditionalFee,
  taxRegion,
  taxSettings,
  tipSettings,
} from '../ecom/shipping.js';
import type { EventType } from '../events.js';
import { product } from '../stores/catalog-v1.js';
import { customizationEntity } from '../stores/catalog-v3-customizations.js';
import { infoSectionEntity } from '../stores/catalog-v3-info-sections.js';
import { productV3 } from '../stores/catalog-v3-products.js';
import { brandsV3, ribbonsV3 } from '../stores/catalog-v3-ribbons-brands.js';
import type { webhookTestEventType } from './event-catalogue.js';
import { eventEnvelope, eventIdentity } from './webhooks.js';

/*
 * The payload of every event, as the server appends it to the outbox (and delivers it: webhooks, the live stream,
 * in-process subscribers). Entities are the contract's own wire schemas, so an event carries what a read of the
 * entity answers. Payloads are loose objects: fields added later do not break a receiver that checks them, while a
 * payload of the wrong shape (a missing id, an entity that is not one) fails. Kept apart from the catalogue, which
 * stays plain data for browser bundles.
 */

const id = z.string().min(1);
/** Field names a change wrote (`modifiedFields`, `changedFields`, `fieldMask`). */
const fieldNames = z.array(z.string());
/** The v3 style of `modifiedFields`: the fields written, with their new values (a partial entity). */
const partialEntity = z.record(z.string(), z.unknown());

const entityOf = <T extends z.ZodType>(entity: T) => z.looseObject({ entity });
const updatedEntityOf = <T extends z.ZodType, M extends z.ZodType>(entity: T, modifiedFields: M) =>
  z.looseObject({ entity, modifiedFields });
const idOf = <K extends string>(key: K) => z.looseObject({ [key]: id } as Record<K, typeof id>);

// ---------- catalog v1 ----------

const productCreated = z.looseObject({
  productId: id,
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  price: product.shape.priceData.optional(),
  media: product.shape.media.optional(),
  sku: z.string().optional(),
  productPageUrl: product.shape.productPageUrl.optional(),
  brand: z.string().optional(),
  costAndProfitData: product.shape.costAndProfitData,
});
const productChanged = z.looseObject({ productId: id, changedFields: fieldNames });
const variantsChanged = z.looseObject({
  productId: id,
  variants: z.array(
    z.looseObject({ variantId: id, choices: z.record(z.string(), z.string()), changedFields: fieldNames }),
  ),
});
/** `originatedFromVersion` says whether a v1 collection or a v3 category write made the change. */
const catalogVersionOrigin = z.enum(['V1_CATALOG', 'V3_CATALOG']);
const collectionCreated = z.looseObject({
  collection_Id: id,
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  originatedFromVersion: catalogVersionOrigin,
});
const collectionChanged = z.looseObject({
  collection_Id: id,
  changedFields: fieldNames,
  originatedFromVersion: catalogVersionOrigin,
});
const collectionDeleted = z.looseObject({ collection_Id: id, originatedFromVersion: catalogVersionOrigin });
/** Untracked stock has no quantity. */
const stockValue = z.looseObject({ inStock: z.boolean(), quantity: z.number().int().nullable().optional() });
const inventoryItemChanged = z.looseObject({
  inventoryItemId: id,
  externalId: id,
  trackInventory: z.boolean(),
  fieldMask: fieldNames,
  updatedDate: z.string(),
});
const inventoryVariantsChanged = z.looseObject({
  inventoryItemId: id,
  externalId: id,
  variants: z.array(z.looseObject({ id, oldValue: stockValue.nullable(), newValue: stockValue })),
  updatedDate: z.string(),
});

// ---------- catalog v3 and categories ----------

/** v3 product events also carry who made the change inside the payload, as the v3 package reads it. */
const productV3Event = z.looseObject({ entity: productV3, identity: eventIdentity.optional() });
const treeReference = z.looseObject({ appNamespace: z.string() });
const categoryItem = z.looseObject({ catalogItemId: id, appId: id });

/** One schema per event type: the catalogue's every entry, the test event included. */
export const eventPayloadSchemas = {
  'wix.ecom.v1.cart_created': entityOf(cart),
  'wix.ecom.v1.cart_updated': updatedEntityOf(cart, fieldNames),
  'wix.ecom.v1.cart_deleted': idOf('cartId'),
  'wix.ecom.v1.checkout_created': entityOf(checkout),
  'wix.ecom.v1.checkout_updated': updatedEntityOf(checkout, fieldNames),
  'wix.ecom.v1.checkout_completed': z.looseObject({ entity: checkout, orderId: id }),
  'wix.ecom.v1.abandoned_checkout_created': entityOf(abandonedCheckout),
  'wix.ecom.v1.abandoned_checkout_recovered': z.looseObject({ abandonedCheckout }),
  'wix.ecom.v1.order_created': entityOf(order),
  'wix.ecom.v1.order_updated': updatedEntityOf(order, fieldNames),
  'wix.ecom.v1.order_approved': z.looseObject({ order }),
  'wix.ecom.v1.order_canceled': z.looseObject({ order }),
  'wix.ecom.v1.order_payment_status_updated': z.looseObject({ order, previousPaymentStatus: orderPaymentStatus }),
  'wix.ecom.v1.order_fulfillments_updated': z.looseObject({ order }),
  'wix.ecom.v1.orders_settings_updated': z.looseObject({
    entity: ordersSettings,
    modifiedFields: z.array(z.enum(Object.keys(ordersSettings.shape) as [keyof typeof ordersSettings.shape])),
  }),
  'wix.ecom.discounts.v1.discount_rule_created': entityOf(discountRule),
  'wix.ecom.discounts.v1.discount_rule_updated': updatedEntityOf(discountRule, fieldNames),
  'wix.ecom.discounts.v1.discount_rule_deleted': idOf('discountRuleId'),
  'merx.discounts.v1.coupon_created': entityOf(coupon),
  'merx.discounts.v1.coupon_updated': updatedEntityOf(coupon, fieldNames),
  'merx.discounts.v1.coupon_deleted': idOf('couponId'),
  'wix.ecom.shipping_options.v1.shipping_option_created': z.looseObject({ shippingOption }),
  'wix.ecom.shipping_options.v1.shipping_option_updated': z.looseObject({ shippingOption }),
  'wix.ecom.shipping_options.v1.shipping_option_deleted': idOf('shippingOptionId'),
  'merx.shipping.v1.delivery_region_created': z.looseObject({ deliveryRegion }),
  'merx.shipping.v1.delivery_region_updated': z.looseObject({ deliveryRegion }),
  'merx.shipping.v1.delivery_region_deleted': idOf('deliveryRegionId'),
  'merx.tax.v1.tax_region_created': z.looseObject({ taxRegion }),
  'merx.tax.v1.tax_region_updated': z.looseObject({ taxRegion }),
  'merx.tax.v1.tax_region_deleted': idOf('taxRegionId'),
  'merx.tax.v1.tax_settings_updated': z.looseObject({ taxSettings }),
  'wix.tips.settings.v1.tip_settings_created': z.looseObject({ tipSettings }),
  'wix.tips.settings.v1.tip_settings_updated': z.looseObject({ tipSettings }),
  'wix.tips.settings.v1.tip_settings_deleted': idOf('tipSettingsId'),
  'merx.ecom.v1.additional_fee_created': z.looseObject({ additionalFee: storeAdditionalFee }),
  'merx.ecom.v1.additional_fee_updated': z.looseObject({ additionalFee: storeAdditionalFee }),
  'merx.ecom.v1.additional_fee_deleted': idOf('additionalFeeId'),
  'wix.stores.catalog.v1.product_created': productCreated,
  'wix.stores.catalog.v1.product_changed': productChanged,
  'wix.stores.catalog.v1.product_deleted': idOf('productId'),
  'wix.stores.catalog.v1.product_variants_changed': variantsChanged,
  'wix.stores.catalog.v1.collection_created': collectionCreated,
  'wix.stores.catalog.v1.collection_changed': collectionChanged,
  'wix.stores.catalog.v1.collection_deleted': collectionDeleted,
  'wix.stores.inventory.v2.inventory_item_changed': inventoryItemChanged,
  'wix.stores.inventory.v2.inventory_variants_changed': inventoryVariantsChanged,
  'wix.stores.catalog.v3.product_created': productV3Event,
  'wix.stores.catalog.v3.product_updated': productV3Event.extend({ modifiedFields: partialEntity }),
  'wix.stores.catalog.v3.product_deleted': productV3Event,
  'wix.stores.catalog.v3.ribbon_created': entityOf(ribbonsV3.entity),
  'wix.stores.catalog.v3.ribbon_updated': updatedEntityOf(ribbonsV3.entity, fieldNames),
  'wix.stores.catalog.v3.ribbon_deleted': entityOf(ribbonsV3.entity),
  'wix.stores.catalog.v3.brand_created': entityOf(brandsV3.entity),
  'wix.stores.catalog.v3.brand_updated': updatedEntityOf(brandsV3.entity, fieldNames),
  'wix.stores.catalog.v3.brand_deleted': entityOf(brandsV3.entity),
  'wix.stores.catalog.v3.info_section_created': entityOf(infoSectionEntity),
  'wix.stores.catalog.v3.info_section_updated': updatedEntityOf(infoSectionEntity, partialEntity),
  'wix.stores.catalog.v3.info_section_deleted': entityOf(infoSectionEntity),
  'wix.stores.catalog.v3.customization_created': entityOf(customizationEntity),
  'wix.stores.catalog.v3.customization_updated': updatedEntityOf(customizationEntity, partialEntity),
  'wix.stores.catalog.v3.customization_deleted': entityOf(customizationEntity),
  'wix.categories.v1.category_created': z.looseObject({
    categoryId: id,
    name: z.string(),
    slug: z.string(),
    visible: z.boolean(),
  }),
  'wix.categories.v1.category_updated': z.looseObject({ categoryId: id, changedFields: fieldNames }),
  'wix.categories.v1.category_deleted': idOf('categoryId'),
  'wix.categories.v1.category_category_moved': z.looseObject({
    categoryId: id,
    /** `id` null: the category is at the top of its tree. */
    parentCategory: z.looseObject({ id: id.nullable(), index: z.number().int().min(0) }),
    treeReference,
  }),
  'wix.categories.v1.category_item_added_to_category': z.looseObject({
    categoryId: id,
    addedItem: categoryItem,
    treeReference,
  }),
  'wix.categories.v1.category_item_removed_from_category': z.looseObject({
    categoryId: id,
    removedItem: categoryItem,
    treeReference,
  }),
  'wix.categories.v1.category_items_arranged_in_category': z.looseObject({ categoryId: id, treeReference }),
  'merx.webhooks.v1.test': z.looseObject({ endpointId: id, url: z.string(), message: z.string() }),
} as const satisfies Record<EventType | typeof webhookTestEventType, z.ZodType>;

export type PayloadEventType = keyof typeof eventPayloadSchemas;
/** The payload of events of `T`. */
export type EventPayload<T extends PayloadEventType> = z.output<(typeof eventPayloadSchemas)[T]>;

/** The envelope of events of `type`, its payload checked by the type's schema. */
export function typedEventEnvelope<T extends PayloadEventType>(type: T) {
  return eventEnvelope.extend({ type: z.literal(type), payload: eventPayloadSchemas[type] });
}
