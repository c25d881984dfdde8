/*
 * Checkouts and their lines (migration 0008). Timestamps are ISO-8601 text, booleans 0/1, JSON columns are text,
 * money inside them is integer minor units of the store currency.
 */

/**
 * A purchase in progress. `owner_kind` (visitor, member, staff or apiKey) and `owner_id` name who made it: only
 * they (and staff or keys with the checkouts permissions) may read or change it. `cart_id` is the cart it was made
 * from (null when made from line items). `billing_info` and `shipping_destination` are JSON `{address?,
 * contactDetails?}` in wire names (`addressLine`, `geocode`); `delivery_time_slot` is JSON `{from, to}` (ISO-8601);
 * `tip` is JSON `{presetIndex}` or `{customAmount}` (minor units). `completed` is set, with `completed_date` and
 * `order_id`, when an order is placed from the checkout; a completed checkout no longer changes.
 */
export interface CheckoutsTable {
  id: string;
  owner_kind: string;
  owner_id: string;
  cart_id: string | null;
  currency: string;
  channel_type: string;
  buyer_email: string | null;
  buyer_contact_id: string | null;
  billing_info: string | null;
  shipping_destination: string | null;
  shipping_option_code: string | null;
  delivery_time_slot: string | null;
  tip: string | null;
  coupon_code: string | null;
  coupon_id: string | null;
  buyer_note: string | null;
  override_checkout_url: string | null;
  completed: number;
  completed_date: string | null;
  order_id: string | null;
  created_date: string;
  updated_date: string;
  revision: number;
}

/**
 * One line of a checkout: a snapshot of a cart line (same columns as `cart_lines`), or a line added to the
 * checkout. Catalog lines name the product and variant and are priced from the live catalog; custom lines keep
 * their description in `custom_data`. `payment_option` is FULL_PAYMENT_ONLINE or FULL_PAYMENT_OFFLINE.
 */
export interface CheckoutLinesTable {
  checkout_id: string;
  id: string;
  line_key: string;
  position: number;
  catalog_app_id: string | null;
  catalog_item_id: string | null;
  variant_id: string | null;
  options: string;
  quantity: number;
  custom_data: string | null;
  catalog_override_fields: string | null;
  snapshot: string;
  payment_option: string;
  added_date: string;
  updated_date: string;
}

/** Tables of checkouts and their lines (migration 0008). */
export interface CheckoutTables {
  checkouts: CheckoutsTable;
  checkout_lines: CheckoutLinesTable;
}
