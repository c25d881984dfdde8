/** The shipping, tax, fee and tip parts of the totals. */
import type { ItemTaxDetails } from './result-types.js';
import type {
  AdditionalFeeChargeType,
  DeliveryTimeSlot,
  JurisdictionType,
  PickupDetails,
  TaxableAddressType,
} from './store-types.js';
import type { TotalsAddress, WeightUnit } from './types.js';

/** Why a shipping option cannot be used. */
export type ShippingUnavailableReason = 'NO_DESTINATION' | 'OUTSIDE_DELIVERY_REGIONS' | 'NO_MATCHING_RATE';

/** How an option delivers. */
export interface ShippingLogistics {
  /** Estimated delivery time, e.g. "2-3 business days". */
  deliveryTime?: string | null;
  /** Pickup details for pickup options. */
  pickupDetails?: PickupDetails | null;
  /** Windows the buyer may choose from. */
  deliveryTimeSlots: DeliveryTimeSlot[];
}

/** One option quoted for the destination. */
export interface CarrierServiceOption {
  /** Option code. */
  code: string;
  /** Option title. */
  title: string;
  /** Carrier id. */
  carrierId?: string | null;
  /** Whether the buyer can choose it. */
  available: boolean;
  /** Why not, when unavailable. */
  unavailableReason?: ShippingUnavailableReason;
  /** Price before shipping discounts (0 when unavailable). */
  cost: number;
  /** True when the free-shipping threshold made it free. */
  freeShipping: boolean;
  /** Matched delivery region. */
  region?: { id?: string | null; name?: string | null } | null;
  /** Delivery details. */
  logistics: ShippingLogistics;
}

/** The prices of the selected shipping. */
export interface ShippingCost {
  /** Price before discounts. */
  price: number;
  /** Shipping discounts. */
  totalDiscount: number;
  /** Price after discounts without tax. */
  totalPriceBeforeTax: number;
  /** Tax on shipping. */
  taxDetails: ItemTaxDetails;
  /** Price after discounts with tax: what shipping adds to the total. */
  totalPriceAfterTax: number;
}

/** The shipping that is charged. */
export interface SelectedCarrierServiceOption {
  /** Option code. */
  code: string;
  /** Option title. */
  title: string;
  /** Carrier id. */
  carrierId?: string | null;
  /** False when the buyer's choice could not be used and the cheapest option was taken instead. */
  requestedShippingOption: boolean;
  /** Delivery details. */
  logistics: ShippingLogistics;
  /** The chosen delivery window, when one was chosen and offered. */
  deliveryTimeSlot?: DeliveryTimeSlot | null;
  /** Costs. */
  cost: ShippingCost;
}

/** Shipping of the purchase. */
export interface ShippingInfo {
  /** True when some line must be shipped. */
  required: boolean;
  /** Store weight unit. */
  weightUnit: WeightUnit;
  /** Weight of the shippable units, in `weightUnit`. */
  totalWeight: number;
  /** Every configured option with its quote or why it is unavailable (empty when nothing ships). */
  carrierServiceOptions: CarrierServiceOption[];
  /** The charged option. */
  selectedCarrierServiceOption?: SelectedCarrierServiceOption;
}

/** How tax was determined. */
export type TaxRateType = 'MANUAL_RATE' | 'NO_TAX_COLLECTED';

/** Tax of one jurisdiction at one rate, summed over lines, shipping and fees. */
export interface AggregatedTaxBreakdown {
  /** Jurisdiction name. */
  jurisdiction: string;
  /** Jurisdiction type. */
  jurisdictionType: JurisdictionType;
  /** Tax name. */
  taxName?: string | null;
  /** Tax type. */
  taxType?: string | null;
  /** Rate as a fraction. */
  rate: number;
  /** Sum of the taxed amounts. */
  aggregatedTaxableAmount: number;
  /** Sum of the tax. */
  aggregatedTaxAmount: number;
}

/** Tax of the whole purchase. */
export interface TaxSummary {
  /** MANUAL_RATE when a region matched, otherwise NO_TAX_COLLECTED. */
  rateType: TaxRateType;
  /** Always GLOBAL_SETTING_TO_MANUAL for manual rates (the only calculator). */
  manualRateReason?: 'GLOBAL_SETTING_TO_MANUAL';
  /** Whether prices include tax. */
  taxIncludedInPrice: boolean;
  /** Address type actually used (after fallbacks). */
  taxableAddressType?: TaxableAddressType;
  /** The address used. */
  taxableAddress?: TotalsAddress;
  /** The matched region. */
  region?: { id?: string | null; country: string; subdivision?: string | null };
  /** Sum of taxed amounts without tax. */
  taxableAmount: number;
  /** All tax. */
  totalTax: number;
  /** Per jurisdiction and rate; sums exactly to `totalTax`. */
  breakdown: AggregatedTaxBreakdown[];
}

/** Where a fee came from. */
export type AdditionalFeeSource = 'MANUAL' | 'ITEM';

/** A charged fee. */
export interface CalculatedAdditionalFee {
  /** Fee code. */
  code: string;
  /** Fee name. */
  name: string;
  /** HANDLING_FEE or INSURANCE. */
  chargeType: AdditionalFeeChargeType;
  /** MANUAL (from the caller) or ITEM (from a line). */
  source: AdditionalFeeSource;
  /** Lines the fee belongs to. */
  lineItemIds: string[];
  /** Price as given (with tax when prices include tax). */
  price: number;
  /** Price without tax. */
  priceBeforeTax: number;
  /** Tax on the fee. */
  taxDetails: ItemTaxDetails;
  /** Price with tax: what the fee adds to the total. */
  priceAfterTax: number;
}

/** The tip charged. */
export interface TipResult {
  /** Minor units. */
  amount: number;
  /** How it was chosen; absent when there is no tip. */
  tipType?: 'PERCENTAGE' | 'AMOUNT' | 'CUSTOM';
  /** Index of the preset chosen. */
  presetIndex?: number;
  /** Percent, for a PERCENTAGE preset. */
  percentage?: number;
}
