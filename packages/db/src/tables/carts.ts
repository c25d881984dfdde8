/*
 * Carts and their lines (migration 0006). Timestamps are ISO-8601 text, JSON columns are text, money inside them
 * is integer minor units of the store currency.
 */

/**
 * A shopper's current cart: one per owner (`owner_kind` visitor, member, staff or apiKey, and the owner's id).
 * `contact_info` is JSON `{address?, contactDetails?}` in wire names (`addressLine`, `geocode`); the coupon is
 * kept by code and id as it was applied.
 */
export interface CartsTable {
  id: string;
  owner_kind: string;
  owner_id: string;
  currency: string;
  coupon_code: string | null;
  coupon_id: string | null;
  buyer_note: string | null;
  contact_info: string | null;
  created_date: string;
  updated_date: string;
  revision: number;
}

/**
 * One line of a cart. Catalog lines name the product (`catalog_item_id`) and its variant; `line_key` is what
 * identical references share, so adding the same item again adds to its quantity (unique per cart). Custom lines
 * keep their whole description in `custom_data` (JSON) and a key of their own. `options` is the catalog
 * reference's `options` as sent; `catalog_override_fields` and `snapshot` (name, prices, image at the last add,
 * shown when the product is gone) are JSON.
 */
export interface CartLinesTable {
  id: string;
  cart_id: string;
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
  added_date: string;
  updated_date: string;
}

/** Tables of carts and their lines (migration 0006). */
export interface CartTables {
  carts: CartsTable;
  cart_lines: CartLinesTable;
}
