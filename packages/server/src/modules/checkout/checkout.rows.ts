import type { CheckoutPaymentOption } from '@merx/contract';
import type { Database } from '@merx/db';
import type { Selectable } from 'kysely';
import {
  type CatalogCache,
  cachedCatalogOf,
  lineOf as cartLineOf,
  lineRow as cartLineRow,
  linesOf,
} from '../cart/cart.rows.js';
import type { OwnerKind } from '../cart/cart.types.js';
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
  revisions_json: unknown;
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
  return { ...cartLineOf(row), paymentOption: row.payment_option as CheckoutPaymentOption };
}

/** A line record as a row of `checkoutId`: the cart's line columns and how the line is paid. */
export function lineRowOf(line: CheckoutLineRecord, checkoutId: string): NewCheckoutLine {
  const { cart_id: _cart, ...columns } = cartLineRow(line, checkoutId);
  return { checkout_id: checkoutId, ...columns, payment_option: line.paymentOption };
}

/**
 * A checkout row read with its lines and catalog (JSON columns) as a checkout state, the catalog completed from
 * `cache`; `missing` lists the products to read in full (then call again).
 */
export function stateOf(row: StateRow, cache: CatalogCache): { state: CheckoutState; missing: string[] } {
  const lines = linesOf(row.lines_json, lineOf);
  const { catalog, missing } = cachedCatalogOf(cache, row);
  return { state: { checkout: checkoutOf(row), lines, catalog }, missing };
}
