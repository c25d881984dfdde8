/** The store's shipping, tax, tip and fee setup, as `calculateTotals` reads it (amounts in minor units). */
import type { Instant, TotalsAddress, WeightUnit } from './types.js';

/** A set of destinations a shipping option serves. */
export interface DeliveryRegion {
  /** Region id. */
  id?: string | null;
  /** Region name. */
  name?: string | null;
  /** Countries served; when `subdivisions` is given only those subdivisions of the country are. */
  destinations: readonly { country: string; subdivisions?: readonly string[] | null }[];
}

/** What a rate condition measures: the shipment's weight, its price after item discounts, or its units. */
export type RateConditionType = 'BY_TOTAL_WEIGHT' | 'BY_TOTAL_PRICE' | 'BY_TOTAL_QUANTITY';

/** Comparison of the measured value with the condition's `value`. */
export type RateConditionOperator = 'EQ' | 'GT' | 'GTE' | 'LT' | 'LTE';

/** One condition of a rate row, e.g. weight GT 5. */
export interface RateCondition {
  /** What to measure. */
  type: RateConditionType;
  /** How to compare. */
  operator: RateConditionOperator;
  /** Weight in the option's unit, price in minor units, or a unit count. */
  value: number;
}

/** One rate row (Wix's `ConditionalRates`): `amount` when all conditions hold (no conditions: always). */
export interface ConditionalRate {
  /** Shipping price in minor units. */
  amount: number;
  /** Conditions, all of which must hold. */
  conditions?: readonly RateCondition[] | null;
  /** Charge `amount` per shipped unit. */
  multiplyByQuantity?: boolean | null;
}

/** STORE_PICKUP or PICKUP_POINT. */
export type PickupMethod = 'STORE_PICKUP' | 'PICKUP_POINT';

/** Where and how the buyer collects the items. */
export interface PickupDetails {
  /** STORE_PICKUP or PICKUP_POINT. */
  pickupMethod: PickupMethod;
  /** Pickup address; it becomes the SHIPPING address for tax. */
  address: TotalsAddress;
  /** Instructions for the buyer, e.g. opening hours. */
  instructions?: string | null;
}

/** A delivery window. */
export interface DeliveryTimeSlot {
  /** Start of the window. */
  from: Instant;
  /** End of the window. */
  to: Instant;
}

/** A shipping or pickup option configured by the merchant. */
export interface ShippingOption {
  /** Unique code the buyer selects (the option id for merchant-made options). */
  code: string;
  /** Title, e.g. "Standard". */
  title: string;
  /** Carrier that provides the option. */
  carrierId?: string | null;
  /** Regions served; none or empty means every destination. */
  deliveryRegions?: readonly DeliveryRegion[] | null;
  /** Rate rows; the cheapest row whose conditions hold is the price (Wix's rule). */
  rates: readonly ConditionalRate[];
  /** Unit of the weight conditions; defaults to the store's unit. */
  weightUnit?: WeightUnit | null;
  /** Shipping is free when the items subtotal after item discounts reaches this amount. */
  freeShippingThreshold?: number | null;
  /** Free text, e.g. "2-3 business days". */
  estimatedDeliveryTime?: string | null;
  /** Delivery windows the buyer may choose from. */
  deliveryTimeSlots?: readonly DeliveryTimeSlot[] | null;
  /** Present for pickup options. */
  pickup?: PickupDetails | null;
}

/** The buyer's choice of shipping option and, optionally, delivery window. */
export interface SelectedShippingOption {
  /** Code of the chosen option. */
  code: string;
  /** Chosen delivery window; must be one of the option's slots. */
  deliveryTimeSlot?: DeliveryTimeSlot | null;
}

/** Kinds of tax jurisdiction. */
export type JurisdictionType = 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';

/** One tax authority of a region and its rate. */
export interface TaxJurisdiction {
  /** Jurisdiction name, e.g. "New York". */
  jurisdiction: string;
  /** COUNTRY, STATE, COUNTY, CITY or SPECIAL. */
  jurisdictionType: JurisdictionType;
  /** Name of the tax, e.g. "NY State Sales Tax". */
  taxName?: string | null;
  /** Kind of tax, e.g. "Sales Tax" or "VAT". */
  taxType?: string | null;
  /** Rate as a fraction (0.08875 = 8.875%), up to 6 decimals. */
  rate: number;
  /** Rates for tax groups that differ from `rate` (a group rate of 0 exempts the group here). */
  taxGroupRates?: Readonly<Record<string, number>> | null;
}

/** A place the merchant collects tax in; its jurisdictions' rates add up. */
export interface TaxRegion {
  /** Region id. */
  id?: string | null;
  /** Country code. */
  country: string;
  /** Subdivision; empty or `*` covers the whole country. A subdivision region wins over a country one. */
  subdivision?: string | null;
  /** Jurisdictions whose taxes all apply. */
  jurisdictions: readonly TaxJurisdiction[];
}

/** Which address decides the tax region. */
export type TaxableAddressType = 'BUSINESS' | 'BILLING' | 'SHIPPING';

/** The store's tax setup. */
export interface TaxSettings {
  /** Prices (items, shipping, fees) already include tax: tax is extracted, totals do not grow. */
  taxIncludedInPrice: boolean;
  /** Address that decides the region; a missing one falls back as `resolveTaxableAddress` documents. */
  taxableAddressType: TaxableAddressType;
  /** Whether shipping is taxed. */
  taxShipping: boolean;
  /** Regions the merchant collects tax in; no matching region means NO_TAX_COLLECTED. */
  regions: readonly TaxRegion[];
}

/** How tip presets are expressed. */
export type TipType = 'PERCENTAGE' | 'AMOUNT';

/** One tip choice offered to the buyer. */
export interface TipPreset {
  /** Percent of the items subtotal after discounts (PERCENTAGE) or minor units (AMOUNT). */
  value: number;
  /** Highlighted by default on the checkout page. */
  default?: boolean | null;
}

/** The merchant's tip settings (Wix's `TipSettings`). */
export interface TipSettings {
  /** Whether buyers may tip at all; defaults to true. */
  allowCustomerTip?: boolean | null;
  /** How the presets are expressed. */
  tipType: TipType;
  /** Up to three presets; later ones are ignored. */
  presets: readonly TipPreset[];
  /** Whether the buyer may enter their own amount. */
  allowCustomAmount: boolean;
}

/** The buyer's tip: one of the presets by index, or a custom amount in minor units. */
export type SelectedTip = { presetIndex: number } | { customAmount: number };

/** HANDLING_FEE or INSURANCE. */
export type AdditionalFeeChargeType = 'HANDLING_FEE' | 'INSURANCE';

/** A fee added to the whole purchase by the caller (source MANUAL). */
export interface ManualAdditionalFee {
  /** Stable code of the fee. */
  code: string;
  /** Name shown to the buyer. */
  name: string;
  /** HANDLING_FEE or INSURANCE. */
  chargeType: AdditionalFeeChargeType;
  /** Amount in minor units. */
  price: number;
  /** Whether tax is charged on the fee. */
  taxable: boolean;
  /** Lines the fee is about, if any (informational). */
  lineItemIds?: readonly string[] | null;
}
