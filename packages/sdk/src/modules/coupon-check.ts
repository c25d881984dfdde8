import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type In, type Out } from '../module.js';

export type CouponCheckResponse = c.CouponCheckResponse;

/** Coupon codes checked against the caller's current cart (`POST /_api/merx/v1/coupons/check`): visitor or member. */
export function couponCheck(transport: Transport) {
  const call = caller(transport, 'couponCheck');
  return {
    /**
     * Whether `code` would apply to the current cart as it is, with the reason and words when not; changes nothing
     * and answers 200 either way (applying a refused code answers 4xx).
     */
    checkCoupon: (request: In<typeof c.couponCheckRequest>, o?: CallOptions) =>
      call<Out<typeof c.couponCheckResponse>>('checkCoupon', {
        method: 'POST',
        path: '/_api/merx/v1/coupons/check',
        body: request,
        args: [request],
        options: o,
      }),
  };
}

export type CouponCheckModule = ReturnType<typeof couponCheck>;
