import type { CouponProblem, DiscountRuleStatus } from '@merx/contract';
import type { CouponRecord } from './discounts.types.js';

/** LIVE inside `[start, end)`, PENDING before `start`, EXPIRED from `end` on; open ends never bind. */
export function statusAt(start: string | null, end: string | null, now: Date): DiscountRuleStatus {
  const t = now.getTime();
  if (start !== null && t < Date.parse(start)) return 'PENDING';
  if (end !== null && t >= Date.parse(end)) return 'EXPIRED';
  return 'LIVE';
}

/** What is known about the order that wants the coupon. */
export interface CouponUseContext {
  /** Uses by this customer so far (when the coupon limits them). */
  customerUses?: number | undefined;
  /** Items subtotal in minor units (when the caller knows it). */
  subtotal?: number | undefined;
}

/** Why `coupon` cannot apply at `now`, or `null` when it can. Checks in the order a shopper can fix them last. */
export function couponProblem(coupon: CouponRecord, now: Date, context: CouponUseContext = {}): CouponProblem | null {
  if (!coupon.active) return 'INACTIVE';
  const status = statusAt(coupon.startDate, coupon.expirationDate, now);
  if (status === 'PENDING') return 'NOT_STARTED';
  if (status === 'EXPIRED') return 'EXPIRED';
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return 'USED_UP';
  const perCustomer = coupon.usageLimitPerCustomer;
  if (perCustomer !== null && context.customerUses !== undefined && context.customerUses >= perCustomer)
    return 'CUSTOMER_USED_UP';
  if (coupon.minimumSubtotal !== null && context.subtotal !== undefined && context.subtotal < coupon.minimumSubtotal)
    return 'MINIMUM_SUBTOTAL_NOT_MET';
  return null;
}
