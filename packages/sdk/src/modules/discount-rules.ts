import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';
import { QueryBuilder } from '../query.js';

const RULES = '/ecom/v1/discount-rules';
const COUPONS = '/_api/merx/v1/coupons';

export type DiscountRule = c.DiscountRule;
export type Coupon = c.Coupon;
type RuleResponse = Out<typeof c.discountRuleResponse>;
type CouponResponse = Out<typeof c.couponResponse>;

/** Discount rules (`ecom_discount-rules`, WIRE.md Appendix B): elevated only. Updates carry the revision read. */
export function discountRules(transport: Transport) {
  const call = caller(transport, 'discountRules');
  const at = (id: string) => fillPath(`${RULES}/{id}`, { id });
  return {
    /** Rules matching a query; cursor paging by default (`'offset'` for page numbers). */
    queryDiscountRules: (paging: 'cursor' | 'offset' = 'cursor') =>
      new QueryBuilder<DiscountRule>(async (query, o) => {
        const body = await call<Out<typeof c.queryDiscountRulesResponse>>('queryDiscountRules', {
          method: 'GET',
          path: `${RULES}/query`,
          query: { query },
          args: [query],
          options: o,
          elevated: true,
        });
        return { items: body.discountRules, ...body.pagingMetadata };
      }, paging),
    getDiscountRule: (id: string, o?: CallOptions) =>
      call<RuleResponse>('getDiscountRule', { method: 'GET', path: at(id), args: [id], options: o, elevated: true }),
    createDiscountRule: (rule: In<typeof c.discountRuleInput>, o?: CallOptions) =>
      call<RuleResponse>('createDiscountRule', {
        method: 'POST',
        path: RULES,
        body: { discountRule: rule },
        args: [rule],
        options: o,
        elevated: true,
      }),
    updateDiscountRule: (id: string, patch: In<typeof c.updateDiscountRuleRequest>['discountRule'], o?: CallOptions) =>
      call<RuleResponse>('updateDiscountRule', {
        method: 'PATCH',
        path: at(id),
        body: { discountRule: patch },
        args: [id, patch],
        options: o,
        elevated: true,
      }),
    deleteDiscountRule: (id: string, o?: CallOptions) =>
      call<Empty>('deleteDiscountRule', { method: 'DELETE', path: at(id), args: [id], options: o, elevated: true }),
  };
}

export type DiscountRulesModule = ReturnType<typeof discountRules>;

/** Coupons (Merx's `/_api/merx/v1/coupons`; carts and checkouts apply them by `couponCode`): elevated only. */
export function coupons(transport: Transport) {
  const call = caller(transport, 'coupons');
  const at = (id: string) => fillPath(`${COUPONS}/{id}`, { id });
  return {
    queryCoupons: (paging: 'cursor' | 'offset' = 'cursor') =>
      new QueryBuilder<Coupon>(async (query, o) => {
        const body = await call<Out<typeof c.queryCouponsResponse>>('queryCoupons', {
          method: 'GET',
          path: `${COUPONS}/query`,
          query: { query },
          args: [query],
          options: o,
          elevated: true,
        });
        return { items: body.coupons, ...body.pagingMetadata };
      }, paging),
    getCoupon: (id: string, o?: CallOptions) =>
      call<CouponResponse>('getCoupon', { method: 'GET', path: at(id), args: [id], options: o, elevated: true }),
    createCoupon: (coupon: In<typeof c.couponInput>, o?: CallOptions) =>
      call<CouponResponse>('createCoupon', {
        method: 'POST',
        path: COUPONS,
        body: { coupon },
        args: [coupon],
        options: o,
        elevated: true,
      }),
    updateCoupon: (id: string, patch: In<typeof c.updateCouponRequest>['coupon'], o?: CallOptions) =>
      call<CouponResponse>('updateCoupon', {
        method: 'PATCH',
        path: at(id),
        body: { coupon: patch },
        args: [id, patch],
        options: o,
        elevated: true,
      }),
    deleteCoupon: (id: string, o?: CallOptions) =>
      call<Empty>('deleteCoupon', { method: 'DELETE', path: at(id), args: [id], options: o, elevated: true }),
  };
}

export type CouponsModule = ReturnType<typeof coupons>;
