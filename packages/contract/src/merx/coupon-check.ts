import { z } from 'zod';
import { couponProblems } from '../ecom/discounts.js';

/*
 * Whether a coupon code would apply to the caller's current cart (`POST /_api/merx/v1/coupons/check`, Merx's own):
 * the same rule as applying it with `couponCode`, but it changes nothing and answers 200 with the verdict, so a shop
 * can show a refusal in words without a failed request.
 */

/** As long as the cart's `couponCode` may be. */
export const couponCheckRequest = z.object({ code: z.string().trim().min(1).max(100) }).strict();
export type CouponCheckRequest = z.infer<typeof couponCheckRequest>;

export const couponCheckResponse = z.object({
  valid: z.boolean(),
  /** Why it would be refused; absent when `valid`. */
  reason: z.enum(couponProblems).optional(),
  /** The verdict in words for the shopper. */
  message: z.string(),
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponse>;

export const couponCheckErrorCodes = {
  /** Too many checks from this shopper in a short time (codes must not be guessable by trying). */
  tooManyCouponChecks: 'TOO_MANY_COUPON_CHECKS',
} as const;
