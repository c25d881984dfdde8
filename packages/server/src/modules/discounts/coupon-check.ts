import * as c from '@merx/contract';
import { AppError } from '@merx/domain';
import { type Caller, identifiedAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { createThrottle } from '../../lib/throttle.js';
import type { ModuleDeps } from '../module.js';
import { couponRefusal } from './coupons.service.js';
import type { CouponCheck } from './discounts.types.js';

/** Whether a code would apply to the caller's current cart as it is (the cart's own rule); writes nothing. */
export type CartCouponCheck = (caller: Caller, code: string) => Promise<CouponCheck>;

const WINDOW_SECONDS = 600;
/** Checks per shopper and per address in a window: plenty for typing codes, too few to walk through guesses. */
const PER_SHOPPER = 20;
const PER_ADDRESS = 60;

const shopperOf = (caller: Caller) => {
  switch (caller.kind) {
    case 'visitor':
      return `visitor:${caller.visitorId}`;
    case 'member':
      return `member:${caller.memberId}`;
    case 'staff':
      return `staff:${caller.staffId}`;
    case 'apiKey':
      return `apiKey:${caller.keyId}`;
    case 'none':
      return 'none';
  }
};

/**
 * `POST /_api/merx/v1/coupons/check`: the verdict on a code for the caller's current cart, 200 either way, so a shop
 * shows a refusal without a failed request. Applying it (`couponCode` on the cart) still refuses with 4xx.
 */
export function couponCheckRoutes(deps: Pick<ModuleDeps, 'db' | 'clock'>, check: CartCouponCheck): AnyRoute[] {
  const throttle = createThrottle(deps);
  return [
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/coupons/check',
      summary: "Check whether a coupon code would apply to the caller's current cart, changing nothing",
      tag: 'Coupons',
      access: identifiedAccess,
      input: c.couponCheckRequest,
      response: c.couponCheckResponse,
      handler: async ({ caller, input, request }) => {
        // A visitor token costs nothing, so the address counts too; both count before the lookup.
        const byShopper = await throttle.hit(`coupon-check:${shopperOf(caller)}`, WINDOW_SECONDS);
        const byAddress = await throttle.hit(`coupon-check:ip:${request.ip}`, WINDOW_SECONDS);
        if (byShopper > PER_SHOPPER || byAddress > PER_ADDRESS)
          throw new AppError(
            'RESOURCE_EXHAUSTED',
            c.couponCheckErrorCodes.tooManyCouponChecks,
            'Too many coupon checks; try again in a few minutes',
          );
        const verdict = await check(caller, input.code);
        if (verdict.ok) return { valid: true, message: 'The coupon applies to this cart' };
        return {
          valid: false,
          reason: verdict.problem,
          message: couponRefusal(input.code, verdict.problem).message,
        };
      },
    }),
  ];
}
