/*
 * Shipping, tax, tips and additional fees (migration 0005). Money is integer minor units of the store currency,
 * booleans 0/1, timestamps ISO-8601 text, nested lists JSON text. Every mutable row has a `revision`.
 */

/** Where shipping options are offered. `destinations` is JSON `[{countryCode, subdivisions: string[]}]`. */
export interface DeliveryRegionsTable {
  id: string;
  name: string;
  destinations: string;
  active: number;
  created_date: string;
  updated_date: string;
  revision: number;
}

/**
 * A merchant's shipping option. `rates` is JSON `[{amount, conditions: [{type, operator, value}],
 * multiplyByQuantity}]` with `amount` in minor units and condition values as integers (price in minor units,
 * weight in millionths of `weight_unit`, quantity in items). `pickup_address`, `delivery_time_slots` and `extended_fields` are
 * JSON; `pickup_method` is null for delivery to the buyer.
 */
export interface ShippingOptionsTable {
  id: string;
  title: string;
  estimated_delivery_time: string | null;
  active: number;
  weight_unit: string;
  rates: string;
  free_shipping_threshold: number | null;
  pickup_method: string | null;
  pickup_address: string | null;
  instructions: string | null;
  delivery_time_slots: string;
  extended_fields: string;
  created_date: string;
  updated_date: string;
  revision: number;
}

/** The delivery regions of a shipping option, in the merchant's order. */
export interface ShippingOptionRegionsTable {
  shipping_option_id: string;
  delivery_region_id: string;
  position: number;
}

/**
 * Tax of one country or subdivision (`subdivision` is `''` for the whole country; unique per pair).
 * `jurisdictions` is JSON `[{name, type, ratePpm}]`, rates in parts per million (82500 = 8.25 %).
 */
export interface TaxRegionsTable {
  id: string;
  country: string;
  subdivision: string;
  rate_type: string;
  jurisdictions: string;
  shipping_taxable: number;
  created_date: string;
  updated_date: string;
  revision: number;
}

/** The store's one row of tax settings (`id` is `'store'`); `business_address` is JSON. */
export interface TaxSettingsTable {
  id: string;
  taxable_address: string;
  tax_included_in_item_prices: number;
  business_address: string | null;
  created_date: string;
  updated_date: string;
  revision: number;
}

/**
 * Tip settings. `presets` is JSON `[{value, default}]` with `value` in basis points (1500 = 15 %) for
 * PERCENTAGE and in minor units for AMOUNT. At most one row has `is_default = 1`.
 */
export interface TipSettingsTable {
  id: string;
  is_default: number;
  tip_type: string;
  presets: string;
  allow_customer_tip: number;
  allow_business_tip_at_payment: number;
  allow_custom_amount: number;
  allow_edit_distribution: number;
  staff_distribution_method: string;
  location_id: string | null;
  payment_terminal_id: string | null;
  user_id: string | null;
  app_id: string | null;
  extended_fields: string;
  created_date: string;
  updated_date: string;
  revision: number;
}

/** Merchant-set fees added to every checkout while active (HANDLING_FEE, INSURANCE). */
export interface AdditionalFeesTable {
  id: string;
  fee_type: string;
  name: string;
  amount: number;
  taxable: number;
  active: number;
  source: string;
  created_date: string;
  updated_date: string;
  revision: number;
}

/** The tables of migration 0005, by name. */
export interface ShippingTables {
  delivery_regions: DeliveryRegionsTable;
  shipping_options: ShippingOptionsTable;
  shipping_option_regions: ShippingOptionRegionsTable;
  tax_regions: TaxRegionsTable;
  tax_settings: TaxSettingsTable;
  tip_settings: TipSettingsTable;
  additional_fees: AdditionalFeesTable;
}
