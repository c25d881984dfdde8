import type { CouponProblem, DiscountRuleStatus } from '@merx/contract';

/*
 * Discount rules and coupons as the domain sees them (and as their JSON columns hold them): money in integer minor
 * units of the store currency, one shape of discount for rules and coupons alike. The totals read these.
 */

/** Which catalog items a discount or a trigger counts. */
export type ItemScope =
  /** Items of the catalog app `catalogAppId`: the listed ones, or every item when the list is empty. */
  | { id: string; type: 'CATALOG_ITEM'; catalogAppId: string; catalogItemIds: string[] }
  /** Products in any of the collections. */
  | { id: string; type: 'CUSTOM_FILTER'; appId: string | null; collectionIds: string[] };

/** The conditions a cart must meet for a rule to apply. Ranges are inclusive; `null` ends are open. */
export type RuleTrigger =
  | { type: 'AND' | 'OR'; triggers: RuleTrigger[] }
  /** Subtotal (minor units) of the items in scope, or of all items when `scopes` is empty. */
  | { type: 'SUBTOTAL_RANGE'; scopes: ItemScope[]; from: number | null; to: number | null }
  /** Quantity of the items in scope, or of all items when `scopes` is empty. */
  | { type: 'ITEM_QUANTITY_RANGE'; scopes: ItemScope[]; from: number | null; to: number | null }
  /** Decided by another app: holds when the caller of the totals says it does. */
  | { type: 'CUSTOM'; id: string; appId: string };

/** What a discount takes off: the items subtotal (GLOBAL), items in `scopes`, or the shipping. */
export type DiscountTarget = 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';

/** One discount of a rule or a coupon. Amounts are minor units. */
export type DiscountAction = { target: DiscountTarget; scopes: ItemScope[] } & (
  | { type: 'PERCENTAGE'; percentage: number }
  | { type: 'FIXED_AMOUNT'; amount: number }
  /** Each item in scope (or the shipping) costs `price`. */
  | { type: 'FIXED_PRICE'; price: number }
  | { type: 'FREE_SHIPPING' }
);

/** A discount rule as stored. */
export interface DiscountRuleRecord {
  id: string;
  name: string;
  active: boolean;
  /** ISO-8601; `null` when open. */
  startDate: string | null;
  endDate: string | null;
  /** `null`: the rule always applies. */
  trigger: RuleTrigger | null;
  discounts: DiscountAction[];
  tags: { privateTags: string[]; publicTags: string[] };
  usageCount: number;
  createdDate: string;
  updatedDate: string;
  revision: number;
}

/** A coupon as stored. */
export interface CouponRecord {
  id: string;
  /** As the merchant wrote it; matched whatever the case. */
  code: string;
  name: string;
  active: boolean;
  discount: DiscountAction;
  /** Minor units. */
  minimumSubtotal: number | null;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  usageCount: number;
  /** What the coupon took off the orders that used it, in minor units. */
  discountTotal: number;
  startDate: string | null;
  expirationDate: string | null;
  createdDate: string;
  updatedDate: string;
  revision: number;
}

export type { CouponProblem, DiscountRuleStatus };

/** The answer of the coupon lookup: the coupon, or why it cannot apply. */
export type CouponCheck = { ok: true; coupon: CouponRecord } | { ok: false; problem: CouponProblem };
