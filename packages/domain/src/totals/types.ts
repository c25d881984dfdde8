/**
 * What `calculateTotals` reads. Every amount is an integer count of minor units of `TotalsInput.currency`
 * (cents for USD, yen for JPY, fils for KWD); decimal strings exist only at the HTTP edge.
 * Names follow the @wix/ecom objects they come from (discount rules, shipping options, tax, tip settings).
 */
import type {
  AdditionalFeeChargeType,
  ManualAdditionalFee,
  SelectedShippingOption,
  SelectedTip,
  ShippingOption,
  TaxSettings,
  TipSettings,
} from './store-types.js';

/** A moment in time: a `Date` or an ISO-8601 string. */
export type Instant = Date | string;

/** What kind of thing a line sells (the contract's `itemType.preset`). */
export type LineItemType = 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';

/** The store's weight unit. */
export type WeightUnit = 'KG' | 'LB';

/** Whether a line can still be sold, as the caller found it against live stock. */
export type ItemAvailabilityStatus = 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE';

/** A postal address, reduced to what shipping regions and tax regions look at. */
export interface TotalsAddress {
  /** ISO 3166-1 alpha-2 country code, e.g. `US`. */
  country: string;
  /** ISO 3166-2 subdivision, with or without the country prefix (`US-NY` and `NY` match alike). */
  subdivision?: string | null;
  /** City name (carried through, not matched). */
  city?: string | null;
  /** Postal code (carried through, not matched). */
  postalCode?: string | null;
  /** First address line (carried through for pickup addresses). */
  addressLine?: string | null;
}

/** A fee attached to one line by the catalog (source `ITEM`). */
export interface LineItemFee {
  /** Stable code of the fee, e.g. `gift-wrap`. */
  code: string;
  /** Name shown to the buyer. */
  name: string;
  /** HANDLING_FEE or INSURANCE. */
  chargeType: AdditionalFeeChargeType;
  /** Amount for the whole line (not per unit), in minor units. */
  price: number;
  /** Whether tax is charged on the fee. */
  taxable: boolean;
}

/** One line of a cart, checkout or order, with the catalog prices the caller looked up. */
export interface TotalsLineItem {
  /** Line item id; unique within the input. */
  id: string;
  /** Catalog product id (`catalogReference.catalogItemId`); matched by discount scopes. */
  catalogItemId: string;
  /** Variant id, when the product has variants. */
  variantId?: string | null;
  /** Ids of the collections the product belongs to; matched by discount scopes. */
  collectionIds?: readonly string[];
  /** Units bought; a non-negative integer. */
  quantity: number;
  /** List unit price before the catalog's own sale (`fullPrice`); defaults to `price`. */
  fullPrice?: number;
  /** Catalog unit price after the catalog's sale: what one unit costs before discount rules and coupons. */
  price: number;
  /** PHYSICAL, DIGITAL, GIFT_CARD or SERVICE. */
  itemType: LineItemType;
  /** Weight of one unit in the store's `weightUnit`; missing means 0. */
  weight?: number | null;
  /** Whether the line must be shipped; defaults to true for PHYSICAL lines and false for the others. */
  shippable?: boolean;
  /** True when no tax is charged on this line (e.g. a gift card). */
  taxExempt?: boolean;
  /** Tax group of the product; a jurisdiction may set its own rate for a group. */
  taxGroupId?: string | null;
  /** Fees the catalog attaches to this line (source ITEM). */
  additionalFees?: readonly LineItemFee[];
  /** Availability found by the caller; NOT_FOUND / NOT_AVAILABLE / PARTIALLY_AVAILABLE become violations. */
  availability?: { status: ItemAvailabilityStatus; quantityAvailable?: number | null };
  /** Product name, used in violation descriptions. */
  name?: string;
}

/** A set of catalog items: a line is in it when its product is listed or it is in a listed collection. */
export interface ItemScope {
  /** Catalog product ids (Wix's `catalogItemFilter.catalogItemIds`). */
  catalogItemIds?: readonly string[];
  /** Collection ids (Wix's `customFilter.params.collectionIds`). */
  collectionIds?: readonly string[];
}

/** How a discount changes a price. */
export type DiscountValueType = 'PERCENTAGE' | 'FIXED_AMOUNT' | 'FIXED_PRICE';

/** What a discount applies to (the contract's applied-discount `discountType`). */
export type DiscountTargetType = 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';

/**
 * One discount of a rule or coupon (Wix's `Discount`, amounts in minor units).
 * - PERCENTAGE takes `percentage`% off the current price of everything in scope (rounded once, then split).
 * - FIXED_AMOUNT takes `fixedAmount` off the in-scope total once (not per unit), split across the lines.
 * - FIXED_PRICE sets each in-scope unit (or the shipping) to `fixedPrice` when that is lower.
 */
export interface DiscountValue {
  /** PERCENTAGE, FIXED_AMOUNT or FIXED_PRICE. */
  discountType: DiscountValueType;
  /** PERCENTAGE: percent off, 0–100 with up to 4 decimals. */
  percentage?: number | null;
  /** FIXED_AMOUNT: minor units off. */
  fixedAmount?: number | null;
  /** FIXED_PRICE: the new unit price (or shipping price), in minor units. */
  fixedPrice?: number | null;
  /** GLOBAL (every line), SPECIFIC_ITEMS (lines in `specificItemsInfo`) or SHIPPING (the selected shipping). */
  targetType: DiscountTargetType;
  /** SPECIFIC_ITEMS: the items the discount applies to; a line in any scope is in. */
  specificItemsInfo?: { scopes: readonly ItemScope[] } | null;
}

/** Inclusive subtotal bounds (minor units); the subtotal is taken before any discount rule or coupon. */
export interface SubtotalRange {
  /** Items to sum; defaults to the rule's own scope. */
  scopes?: readonly ItemScope[] | null;
  /** Minimum subtotal, inclusive. */
  from?: number | null;
  /** Maximum subtotal, inclusive. */
  to?: number | null;
}

/** Inclusive bounds on the number of units. */
export interface ItemQuantityRange {
  /** Items to count; defaults to the rule's own scope. */
  scopes?: readonly ItemScope[] | null;
  /** Minimum quantity, inclusive. */
  from?: number | null;
  /** Maximum quantity, inclusive. */
  to?: number | null;
}

/** A trigger another app evaluates; the caller passes the ids that hold in `metCustomTriggerIds`. */
export interface CustomTrigger {
  /** Trigger id. */
  id: string;
  /** App that owns the trigger. */
  appId?: string | null;
}

/** The conditions under which a rule's discounts apply (Wix's `DiscountTrigger`, one variant per type). */
export type DiscountTrigger =
  | { triggerType: 'AND'; and: { triggers: readonly DiscountTrigger[] } }
  | { triggerType: 'OR'; or: { triggers: readonly DiscountTrigger[] } }
  | { triggerType: 'SUBTOTAL_RANGE'; subtotalRange: SubtotalRange }
  | { triggerType: 'ITEM_QUANTITY_RANGE'; itemQuantityRange: ItemQuantityRange }
  | { triggerType: 'CUSTOM'; customTrigger: CustomTrigger };

/** When a rule is live: from `start` (inclusive) to `end` (exclusive); a missing bound is open. */
export interface ActiveTimeInfo {
  /** First moment the rule is live. */
  start?: Instant | null;
  /** First moment the rule is no longer live. */
  end?: Instant | null;
}

/** A merchant's automatic discount (Wix's `DiscountRule`). */
export interface DiscountRule {
  /** Rule id. */
  id: string;
  /** Rule name, shown on the applied discount. */
  name: string;
  /** Switched off by the merchant when false; defaults to true. */
  active?: boolean | null;
  /** Conditions; none means the rule always applies while live. */
  trigger?: DiscountTrigger | null;
  /** Live window; none means always live. */
  activeTimeInfo?: ActiveTimeInfo | null;
  /** The discounts given (the contract allows one; several are applied one after the other). */
  discounts: { values: readonly DiscountValue[] };
}

/** A coupon the buyer entered, as the caller found it by code (use counts are the caller's to check). */
export interface Coupon {
  /** Coupon id. */
  id: string;
  /** The code the buyer typed. */
  code: string;
  /** Coupon name, shown on the applied discount. */
  name?: string | null;
  /** Disabled by the merchant when false; defaults to true. */
  active?: boolean | null;
  /** What the coupon takes off. */
  discount: DiscountValue;
  /** Smallest items subtotal (before discounts) the coupon accepts. */
  minimumSubtotal?: number | null;
  /** First moment the coupon can be used. */
  startTime?: Instant | null;
  /** First moment the coupon can no longer be used. */
  expirationTime?: Instant | null;
}

/** Everything the totals of a cart, checkout or order depend on. */
export interface TotalsInput {
  /** ISO 4217 currency of every amount. */
  currency: string;
  /** The moment of calculation, from the caller's clock (decides which rules and coupons are live). */
  now: Instant;
  /** Store weight unit of line weights; defaults to KG. */
  weightUnit?: WeightUnit | null;
  /** The lines. */
  lineItems: readonly TotalsLineItem[];
  /** Automatic discounts, applied one after the other in this order (callers pass oldest first). */
  discountRules?: readonly DiscountRule[] | null;
  /** Ids of custom triggers that hold for this purchase. */
  metCustomTriggerIds?: readonly string[] | null;
  /** The coupon entered, if any. */
  coupon?: Coupon | null;
  /** Where the items go. */
  shippingAddress?: TotalsAddress | null;
  /** The buyer's billing address. */
  billingAddress?: TotalsAddress | null;
  /** The store's address (the BUSINESS taxable address). */
  businessAddress?: TotalsAddress | null;
  /** The store's shipping and pickup options. */
  shippingOptions?: readonly ShippingOption[] | null;
  /** The buyer's choice; without one the cheapest available option is selected. */
  selectedShippingOption?: SelectedShippingOption | null;
  /** Tax setup; none means no tax is collected. */
  tax?: TaxSettings | null;
  /** Tip settings; none means tips are off. */
  tipSettings?: TipSettings | null;
  /** The buyer's tip. */
  selectedTip?: SelectedTip | null;
  /** Fees added by the caller. */
  additionalFees?: readonly ManualAdditionalFee[] | null;
  /** Set false to skip shipping (as estimate-totals' `calculateShipping`); defaults to true. */
  calculateShipping?: boolean | null;
  /** Set false to skip tax (as estimate-totals' `calculateTax`); defaults to true. */
  calculateTax?: boolean | null;
}
