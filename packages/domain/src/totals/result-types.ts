/**
 * What `calculateTotals` returns: per-line and whole-purchase amounts in minor units (never negative),
 * plus applied discounts, shipping quotes, tax, fees, tip, calculation errors and violations as data.
 */
import type { CalculatedAdditionalFee, ShippingInfo, TaxSummary, TipResult } from './charge-types.js';
import type { JurisdictionType } from './store-types.js';
import type { DiscountTargetType, DiscountValueType } from './types.js';

/** Where a discount came from: a discount rule or the coupon (exactly one is set). */
export interface DiscountSource {
  /** The automatic discount rule. */
  discountRule?: { id: string; name: string };
  /** The coupon. */
  coupon?: { id: string; code: string; name?: string | null };
}

/** One discount's share of one line. */
export interface LineItemDiscount extends DiscountSource {
  /** Minor units taken off the line. */
  amount: number;
}

/** One jurisdiction's tax on one line, shipping or fee. */
export interface TaxBreakdown {
  /** Jurisdiction name. */
  jurisdiction: string;
  /** COUNTRY, STATE, COUNTY, CITY or SPECIAL. */
  jurisdictionType: JurisdictionType;
  /** Tax name, when the merchant gave one. */
  taxName?: string | null;
  /** Tax type, when the merchant gave one. */
  taxType?: string | null;
  /** Rate as a fraction. */
  rate: number;
  /** Amount the tax is computed on (without tax). */
  taxableAmount: number;
  /** Tax of this jurisdiction. */
  taxAmount: number;
}

/** The tax of one line, shipping or fee. */
export interface ItemTaxDetails {
  /** Amount the tax is computed on, without tax (for tax-inclusive prices: the price minus its tax). */
  taxableAmount: number;
  /** Sum of the jurisdictions' rates, as a fraction. */
  taxRate: number;
  /** Tax, rounded once for the item (half away from zero), then split across jurisdictions. */
  totalTax: number;
  /** Per-jurisdiction parts, summing exactly to `totalTax`. */
  taxBreakdown: TaxBreakdown[];
  /** True when the item is tax exempt. */
  exempt: boolean;
}

/** The calculated prices of one line. */
export interface CalculatedLineItem {
  /** Line item id. */
  lineItemId: string;
  /** Units. */
  quantity: number;
  /** List unit price before the catalog's sale. */
  fullPrice: number;
  /** Catalog unit price, before discount rules and coupons. */
  priceBeforeDiscounts: number;
  /** `priceBeforeDiscounts × quantity`. */
  subtotal: number;
  /** Each rule's and the coupon's share of this line, in the order they were applied. */
  discounts: LineItemDiscount[];
  /** Sum of `discounts`. */
  totalDiscount: number;
  /** Price after discounts without tax. */
  totalPriceBeforeTax: number;
  /** Tax of the line. */
  taxDetails: ItemTaxDetails;
  /** Price after discounts with tax: what the line adds to the total. */
  totalPriceAfterTax: number;
}

/** A discount that took effect. */
export interface AppliedDiscount extends DiscountSource {
  /** GLOBAL, SPECIFIC_ITEMS or SHIPPING. */
  discountType: DiscountTargetType;
  /** PERCENTAGE, FIXED_AMOUNT or FIXED_PRICE. */
  discountValueType: DiscountValueType;
  /** Total minor units taken off. */
  amount: number;
  /** The split across lines (positive shares only); sums to `amount` unless the target is SHIPPING. */
  lineItems: { lineItemId: string; amount: number }[];
}

/** Why the entered coupon gives nothing. */
export type CouponRejectionReason =
  | 'NOT_ACTIVE'
  | 'EXPIRED'
  | 'BELOW_MINIMUM_SUBTOTAL'
  | 'NO_ITEMS_IN_SCOPE'
  | 'NO_SHIPPING';

/** What became of the entered coupon. */
export interface CouponResult {
  /** Coupon id. */
  id: string;
  /** Coupon code. */
  code: string;
  /** True when the coupon was applied (its amount may still be 0). */
  applied: boolean;
  /** Why it was not applied. */
  reason?: CouponRejectionReason;
  /** Minor units the coupon took off. */
  amount: number;
}

/**
 * The purchase's amounts. With tax added on top:
 * `total = subtotal − discount + shipping + additionalFees + tip + tax`; with tax included in prices the
 * `tax` term is left out. Equally, `total = itemsTotal + shippingTotal + additionalFeesTotal + tip`.
 */
export interface PriceSummary {
  /** Sum of line subtotals (catalog prices × quantities), before discounts. */
  subtotal: number;
  /** All discounts: `itemsDiscount + shippingDiscount`. */
  discount: number;
  /** Discounts on lines. */
  itemsDiscount: number;
  /** Discounts on shipping. */
  shippingDiscount: number;
  /** Selected shipping price before discounts. */
  shipping: number;
  /** All tax (included in prices or added). */
  tax: number;
  /** Sum of fee prices as given. */
  additionalFees: number;
  /** The tip. */
  tip: number;
  /** Sum of the lines' `totalPriceAfterTax`. */
  itemsTotal: number;
  /** Shipping after discounts, with tax. */
  shippingTotal: number;
  /** Sum of the fees' `priceAfterTax`. */
  additionalFeesTotal: number;
  /** What the buyer pays. */
  total: number;
}

/** Which part of the calculation failed. */
export type CalculationErrorType = 'SHIPPING' | 'SELECTED_SHIPPING_OPTION' | 'COUPON' | 'TIP';

/** Stable codes of calculation errors. */
export type CalculationErrorCode =
  | 'NO_SHIPPING_DESTINATION'
  | 'NO_SHIPPING_OPTION_FOR_DESTINATION'
  | 'SHIPPING_OPTION_NOT_FOUND'
  | 'SHIPPING_OPTION_NOT_AVAILABLE'
  | 'DELIVERY_TIME_SLOT_NOT_AVAILABLE'
  | 'COUPON_NOT_ACTIVE'
  | 'COUPON_EXPIRED'
  | 'COUPON_BELOW_MINIMUM_SUBTOTAL'
  | 'COUPON_NO_ITEMS_IN_SCOPE'
  | 'COUPON_NO_SHIPPING'
  | 'TIPS_NOT_ALLOWED'
  | 'CUSTOM_TIP_NOT_ALLOWED'
  | 'TIP_PRESET_NOT_FOUND'
  | 'INVALID_TIP_AMOUNT';

/** Something the calculation could not do as asked; the totals are still computed without it. */
export interface CalculationError {
  /** Part of the calculation. */
  type: CalculationErrorType;
  /** Stable code. */
  code: CalculationErrorCode;
  /** Plain-language description. */
  description: string;
  /** Details (e.g. the coupon code, the option code). */
  data?: Record<string, unknown>;
}

/** A problem shown on the cart or checkout page; ERROR blocks the next step, WARNING does not. */
export interface TotalsViolation {
  /** WARNING or ERROR. */
  severity: 'WARNING' | 'ERROR';
  /** The line it is about, or the page in general. */
  target: { lineItemId: string } | { other: 'OTHER_DEFAULT' };
  /** Stable code. */
  code: 'ITEM_NOT_FOUND' | 'ITEM_NOT_AVAILABLE' | 'INSUFFICIENT_STOCK';
  /** Plain-language description. */
  description: string;
  /** What the buyer can do. */
  suggestedFix: 'REMOVE_LINE_ITEM' | 'UNKNOWN_SUGGESTED_FIX';
}

/** The totals of a cart, checkout or order. */
export interface Totals {
  /** Currency of every amount. */
  currency: string;
  /** Whether prices include tax. */
  taxIncludedInPrice: boolean;
  /** Per line, in input order. */
  lineItems: CalculatedLineItem[];
  /** Whole-purchase amounts. */
  priceSummary: PriceSummary;
  /** Discounts that took effect, in the order applied (rules, then the coupon; items, then shipping). */
  appliedDiscounts: AppliedDiscount[];
  /** The entered coupon's outcome. */
  coupon?: CouponResult;
  /** Shipping. */
  shippingInfo: ShippingInfo;
  /** Tax. */
  taxSummary: TaxSummary;
  /** Fees, manual first, then per line in input order. */
  additionalFees: CalculatedAdditionalFee[];
  /** Tip. */
  tip: TipResult;
  /** What could not be calculated as asked. */
  calculationErrors: CalculationError[];
  /** Problems with lines. */
  violations: TotalsViolation[];
}
