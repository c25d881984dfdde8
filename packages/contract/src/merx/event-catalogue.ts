/*
 * Every event Merx sends, with the permission that lets a caller read it and the words the back office shows.
 * Plain data (no schemas), so that a browser bundle can offer the list in its event picker. A staff account or key
 * receives an event (webhook endpoints it makes, the live stream) only when it holds the event's read permission:
 * an event carries the entity it is about, so it is never a way round the entity's own reading rules.
 */

import type { EventType } from '../events.js';

/** The test event: delivered only to the endpoint it was sent to (`payload.endpointId`), never to others or the stream. */
export const webhookTestEventType = 'merx.webhooks.v1.test';

export interface EventDescription {
  /** The permission that reads this event's entity. */
  scope: string;
  /** What happened, in the back office's words. */
  description: string;
}

export const eventCatalogue = {
  'wix.ecom.v1.cart_created': { scope: 'carts:read', description: 'A cart was created' },
  'wix.ecom.v1.cart_updated': { scope: 'carts:read', description: 'A cart changed (lines, coupon, buyer)' },
  'wix.ecom.v1.cart_deleted': { scope: 'carts:read', description: 'A cart was deleted' },
  'wix.ecom.v1.checkout_created': { scope: 'checkouts:read', description: 'A checkout was created' },
  'wix.ecom.v1.checkout_updated': { scope: 'checkouts:read', description: 'A checkout changed' },
  'wix.ecom.v1.checkout_completed': { scope: 'checkouts:read', description: 'A checkout became an order' },
  'wix.ecom.v1.abandoned_checkout_created': {
    scope: 'orders:read',
    description: 'A checkout was left without an order',
  },
  'wix.ecom.v1.abandoned_checkout_recovered': {
    scope: 'orders:read',
    description: 'An abandoned checkout was completed after all',
  },
  'wix.ecom.v1.order_created': { scope: 'orders:read', description: 'An order was placed' },
  'wix.ecom.v1.order_updated': { scope: 'orders:read', description: 'An order changed' },
  'wix.ecom.v1.order_approved': { scope: 'orders:read', description: 'An order was approved' },
  'wix.ecom.v1.order_canceled': { scope: 'orders:read', description: 'An order was canceled' },
  'wix.ecom.v1.order_payment_status_updated': {
    scope: 'orders:read',
    description: 'An order’s payment status changed (paid, refunded, …)',
  },
  'wix.ecom.v1.order_fulfillments_updated': {
    scope: 'orders:read',
    description: 'An order’s fulfillments changed (shipped, tracking added, …)',
  },
  'wix.ecom.v1.orders_settings_updated': {
    scope: 'orders:read',
    description: 'The orders settings changed (stock trigger, abandonment, unpaid-order timeout, …)',
  },
  'wix.ecom.discounts.v1.discount_rule_created': {
    scope: 'discounts:read',
    description: 'A discount rule was created',
  },
  'wix.ecom.discounts.v1.discount_rule_updated': { scope: 'discounts:read', description: 'A discount rule changed' },
  'wix.ecom.discounts.v1.discount_rule_deleted': {
    scope: 'discounts:read',
    description: 'A discount rule was deleted',
  },
  'merx.discounts.v1.coupon_created': { scope: 'discounts:read', description: 'A coupon was created' },
  'merx.discounts.v1.coupon_updated': { scope: 'discounts:read', description: 'A coupon changed' },
  'merx.discounts.v1.coupon_deleted': { scope: 'discounts:read', description: 'A coupon was deleted' },
  'wix.ecom.shipping_options.v1.shipping_option_created': {
    scope: 'shipping:read',
    description: 'A shipping option was created',
  },
  'wix.ecom.shipping_options.v1.shipping_option_updated': {
    scope: 'shipping:read',
    description: 'A shipping option changed',
  },
  'wix.ecom.shipping_options.v1.shipping_option_deleted': {
    scope: 'shipping:read',
    description: 'A shipping option was deleted',
  },
  'merx.shipping.v1.delivery_region_created': { scope: 'shipping:read', description: 'A delivery region was created' },
  'merx.shipping.v1.delivery_region_updated': { scope: 'shipping:read', description: 'A delivery region changed' },
  'merx.shipping.v1.delivery_region_deleted': { scope: 'shipping:read', description: 'A delivery region was deleted' },
  'merx.tax.v1.tax_region_created': { scope: 'shipping:read', description: 'A tax region was created' },
  'merx.tax.v1.tax_region_updated': { scope: 'shipping:read', description: 'A tax region changed' },
  'merx.tax.v1.tax_region_deleted': { scope: 'shipping:read', description: 'A tax region was deleted' },
  'merx.tax.v1.tax_settings_updated': { scope: 'shipping:read', description: 'The tax settings changed' },
  'wix.tips.settings.v1.tip_settings_created': { scope: 'shipping:read', description: 'Tip settings were created' },
  'wix.tips.settings.v1.tip_settings_updated': { scope: 'shipping:read', description: 'Tip settings changed' },
  'wix.tips.settings.v1.tip_settings_deleted': { scope: 'shipping:read', description: 'Tip settings were deleted' },
  'merx.ecom.v1.additional_fee_created': { scope: 'shipping:read', description: 'An additional fee was created' },
  'merx.ecom.v1.additional_fee_updated': { scope: 'shipping:read', description: 'An additional fee changed' },
  'merx.ecom.v1.additional_fee_deleted': { scope: 'shipping:read', description: 'An additional fee was deleted' },
  'wix.stores.catalog.v1.product_created': { scope: 'catalog:read', description: 'A product was created' },
  'wix.stores.catalog.v1.product_changed': { scope: 'catalog:read', description: 'A product changed' },
  'wix.stores.catalog.v1.product_deleted': { scope: 'catalog:read', description: 'A product was deleted' },
  'wix.stores.catalog.v1.product_variants_changed': {
    scope: 'catalog:read',
    description: 'A product’s variants changed',
  },
  'wix.stores.catalog.v1.collection_created': { scope: 'catalog:read', description: 'A collection was created' },
  'wix.stores.catalog.v1.collection_changed': { scope: 'catalog:read', description: 'A collection changed' },
  'wix.stores.catalog.v1.collection_deleted': { scope: 'catalog:read', description: 'A collection was deleted' },
  'wix.stores.inventory.v2.inventory_item_changed': {
    scope: 'catalog:read',
    description: 'A product’s stock settings changed',
  },
  'wix.stores.inventory.v2.inventory_variants_changed': {
    scope: 'catalog:read',
    description: 'Stock of a product’s variants changed',
  },
  'wix.stores.catalog.v3.product_created': { scope: 'catalog:read', description: 'A product was created (v3)' },
  'wix.stores.catalog.v3.product_updated': { scope: 'catalog:read', description: 'A product changed (v3)' },
  'wix.stores.catalog.v3.product_deleted': { scope: 'catalog:read', description: 'A product was deleted (v3)' },
  'wix.stores.catalog.v3.ribbon_created': { scope: 'catalog:read', description: 'A ribbon was created' },
  'wix.stores.catalog.v3.ribbon_updated': { scope: 'catalog:read', description: 'A ribbon changed' },
  'wix.stores.catalog.v3.ribbon_deleted': { scope: 'catalog:read', description: 'A ribbon was deleted' },
  'wix.stores.catalog.v3.brand_created': { scope: 'catalog:read', description: 'A brand was created' },
  'wix.stores.catalog.v3.brand_updated': { scope: 'catalog:read', description: 'A brand changed' },
  'wix.stores.catalog.v3.brand_deleted': { scope: 'catalog:read', description: 'A brand was deleted' },
  'wix.stores.catalog.v3.info_section_created': { scope: 'catalog:read', description: 'An info section was created' },
  'wix.stores.catalog.v3.info_section_updated': { scope: 'catalog:read', description: 'An info section changed' },
  'wix.stores.catalog.v3.info_section_deleted': { scope: 'catalog:read', description: 'An info section was deleted' },
  'wix.stores.catalog.v3.customization_created': {
    scope: 'catalog:read',
    description: 'A customization (option or modifier) was created',
  },
  'wix.stores.catalog.v3.customization_updated': { scope: 'catalog:read', description: 'A customization changed' },
  'wix.stores.catalog.v3.customization_deleted': { scope: 'catalog:read', description: 'A customization was deleted' },
  'wix.categories.v1.category_created': { scope: 'catalog:read', description: 'A category was created' },
  'wix.categories.v1.category_updated': { scope: 'catalog:read', description: 'A category changed' },
  'wix.categories.v1.category_deleted': { scope: 'catalog:read', description: 'A category was deleted' },
  'wix.categories.v1.category_category_moved': { scope: 'catalog:read', description: 'A category moved in the tree' },
  'wix.categories.v1.category_item_added_to_category': {
    scope: 'catalog:read',
    description: 'A product was placed in a category',
  },
  'wix.categories.v1.category_item_removed_from_category': {
    scope: 'catalog:read',
    description: 'A product was taken out of a category',
  },
  'wix.categories.v1.category_items_arranged_in_category': {
    scope: 'catalog:read',
    description: 'A category’s products were put in a new order',
  },
  'merx.webhooks.v1.test': {
    scope: 'webhooks:read',
    description: 'A test delivery sent from the back office to one endpoint',
  },
} as const satisfies Record<EventType | typeof webhookTestEventType, EventDescription>;

export type CataloguedEventType = keyof typeof eventCatalogue;
export const cataloguedEventTypes = Object.keys(eventCatalogue) as CataloguedEventType[];
