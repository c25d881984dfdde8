import type { CheckoutPaymentOption } from '@merx/contract';
import type { Database, ProductVariantsTable } from '@merx/db';
import type { Selectable } from 'kysely';
import type { CatalogEntry, OwnerKind } from '../cart/cart.types.js';
import { type ProductRow, toProductRecord, toVariantRecord } from '../products/products.repo.js';
import type { CheckoutLineRecord, CheckoutRecord, CheckoutState } from './checkout.types.js';

/*
 * Rows of the checkout tables and the records the module works with; the columns each read selects.
 */

type CheckoutRow = Selectable<Database['checkouts']>;
type LineRow = Selectable<Database['checkout_lines']>;

/** A checkout row with its lines and its products' rows as JSON text, all read in the same statement. */
export type StateRow = CheckoutRow & {
  lines_json: unknown;
  products_json: unknown;
  variants_json: unknown;
  memberships_json: unknown;
};

/** Columns read of a checkout. */
export const CHECKOUT_COLUMNS = [
  'checkouts.id',
  'checkouts.owner_kind',
  'checkouts.owner_id',
  'checkouts.cart_id',
  'checkouts.currency',
  'checkouts.channel_type',
  'checkouts.buyer_email',
  'checkouts.buyer_contact_id',
  'checkouts.billing_info',
  'checkouts.shipping_destination',
  'checkouts.shipping_option_code',
  'checkouts.delivery_time_slot',
  'checkouts.tip',
  'checkouts.coupon_code',
  'checkouts.coupon_id',
  'checkouts.buyer_note',
  'checkouts.override_checkout_url',
  'checkouts.completed',
  'checkouts.completed_date',
  'checkouts.order_id',
  'checkouts.created_date',
  'checkouts.updated_date',
  'checkouts.revision',
] as const;

/** Columns of a line (all of them). */
export const LINE_COLUMNS = [
  'checkout_id',
  'id',
  'line_key',
  'position',
  'catalog_app_id',
  'catalog_item_id',
  'variant_id',
  'options',
  'quantity',
  'custom_data',
  'catalog_override_fields',
  'snapshot',
  'payment_option',
  'added_date',
  'updated_date',
] as const satisfies readonly (keyof LineRow)[];

/** A line as written. */
export type NewCheckoutLine = LineRow;

/** The checkout's own fields a change may set. */
export type CheckoutFields = Partial<
  Pick<
    CheckoutRow,
    | 'buyer_email'
    | 'billing_info'
    | 'shipping_destination'
    | 'shipping_option_code'
    | 'delivery_time_slot'
    | 'tip'
    | 'coupon_code'
    | 'coupon_id'
    | 'buyer_note'
    | 'override_checkout_url'
  >
>;

const json = <T>(text: string | null): T | null => (text ? (JSON.parse(text) as T) : null);

export function checkoutOf(row: CheckoutRow): CheckoutRecord {
  return {
    id: row.id,
    owner: { kind: row.owner_kind as OwnerKind, id: row.owner_id },
    cartId: row.cart_id,
    currency: row.currency,
    channelType: row.channel_type as CheckoutRecord['channelType'],
    email: row.buyer_email,
    contactId: row.buyer_contact_id,
    billingInfo: json(row.billing_info),
    shippingDestination: json(row.shipping_destination),
    shippingOptionCode: row.shipping_option_code,
    deliveryTimeSlot: json(row.delivery_time_slot),
    tip: json(row.tip),
    couponCode: row.coupon_code,
    couponId: row.coupon_id,
    buyerNote: row.buyer_note,
    overrideCheckoutUrl: row.override_checkout_url,
    completed: Number(row.completed) === 1,
    completedDate: row.completed_date,
    orderId: row.order_id,
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    revision: Number(row.revision),
  };
}

/** A line row (read, or about to be written) as the record the module works with. */
export function lineOf(row: LineRow): CheckoutLineRecord {
  return {
    id: row.id,
    key: row.line_key,
    position: Number(row.position),
    catalogAppId: row.catalog_app_id,
    catalogItemId: row.catalog_item_id,
    variantId: row.variant_id,
    options: JSON.parse(row.options),
    quantity: Number(row.quantity),
    custom: json(row.custom_data),
    overrides: json(row.catalog_override_fields),
    snapshot: JSON.parse(row.snapshot),
    paymentOption: row.payment_option as CheckoutPaymentOption,
    addedDate: row.added_date,
    updatedDate: row.updated_date,
  };
}

/** A line record as a row of `checkoutId`. */
export function lineRowOf(line: CheckoutLineRecord, checkoutId: string): NewCheckoutLine {
  return {
    checkout_id: checkoutId,
    id: line.id,
    line_key: line.key,
    position: line.position,
    catalog_app_id: line.catalogAppId,
    catalog_item_id: line.catalogItemId,
    variant_id: line.variantId,
    options: JSON.stringify(line.options),
    quantity: line.quantity,
    custom_data: line.custom ? JSON.stringify(line.custom) : null,
    catalog_override_fields: line.overrides ? JSON.stringify(line.overrides) : null,
    snapshot: JSON.stringify(line.snapshot),
    payment_option: line.paymentOption,
    added_date: line.addedDate,
    updated_date: line.updatedDate,
  };
}

/** Parses a JSON value that one engine nests as JSON and the other as text. */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The catalog entries of product, variant and membership rows read as JSON columns. */
export function catalogOf(productsJson: unknown, variantsJson: unknown, membershipsJson: unknown) {
  const collections = new Map<string, string[]>();
  for (const m of parsed<Array<{ product_id: string; collection_id: string }>>(membershipsJson))
    collections.set(m.product_id, [...(collections.get(m.product_id) ?? []), m.collection_id]);
  const variants = new Map<string, Array<Selectable<ProductVariantsTable>>>();
  for (const v of parsed<Array<Selectable<ProductVariantsTable>>>(variantsJson))
    variants.set(v.product_id, [...(variants.get(v.product_id) ?? []), v]);
  const catalog = new Map<string, CatalogEntry>();
  for (const p of parsed<Array<Omit<ProductRow, 'description' | 'collection_ids'>>>(productsJson)) {
    const ids = (collections.get(p.id) ?? []).sort();
    const product = toProductRecord({ ...p, description: '', collection_ids: JSON.stringify(ids) });
    const productVariants = (variants.get(p.id) ?? []).map(toVariantRecord).sort((a, b) => a.position - b.position);
    catalog.set(p.id, { product, variants: productVariants });
  }
  return catalog;
}

/** A checkout row read with its lines and catalog rows (JSON columns) as a checkout state. */
export function stateOf(row: StateRow): CheckoutState {
  const lines = parsed<LineRow[]>(row.lines_json)
    .map(lineOf)
    .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
  return {
    checkout: checkoutOf(row),
    lines,
    catalog: catalogOf(row.products_json, row.variants_json, row.memberships_json),
  };
}
