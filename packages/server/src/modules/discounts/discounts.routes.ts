import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { CouponService } from './coupons.service.js';
import type { DiscountRuleService } from './discount-rules.service.js';

const idParams = z.object({ id: z.string().min(1).max(200) });
const read = elevated('discounts:read');
const write = elevated('discounts:write');
const RULES = '/ecom/v1/discount-rules';
const COUPONS = '/_api/merx/v1/coupons';

/** Discount rules (WIRE.md Appendix B `ecom_discount-rules`); ids in paths win over their copies in payloads. */
export function discountRuleRoutes(rules: DiscountRuleService): AnyRoute[] {
  const tag = 'Discount rules';
  return [
    defineRoute({
      method: 'POST',
      url: RULES,
      summary: 'Create a discount rule',
      tag,
      access: write,
      input: c.createDiscountRuleRequest,
      response: c.discountRuleResponse,
      handler: async ({ caller, input }) => ({ discountRule: await rules.create(input.discountRule, caller) }),
    }),
    defineRoute({
      method: 'GET',
      url: `${RULES}/query`,
      summary: 'Query discount rules',
      tag,
      access: read,
      queryRoute: true,
      input: c.queryDiscountRulesRequest,
      response: c.queryDiscountRulesResponse,
      handler: async ({ input }) => rules.query(input.query),
    }),
    defineRoute({
      method: 'GET',
      url: `${RULES}/:id`,
      summary: 'Get a discount rule',
      tag,
      access: read,
      params: idParams,
      response: c.discountRuleResponse,
      handler: async ({ params }) => ({ discountRule: await rules.get(params.id) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${RULES}/:id`,
      summary: 'Update a discount rule (compare-and-set on its revision)',
      tag,
      access: write,
      params: idParams,
      input: c.updateDiscountRuleRequest,
      response: c.discountRuleResponse,
      handler: async ({ caller, params, input }) => ({
        discountRule: await rules.update(params.id, input.discountRule, caller),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${RULES}/:id`,
      summary: 'Delete a discount rule',
      tag,
      access: write,
      params: idParams,
      response: c.emptyResponse,
      handler: async ({ caller, params }) => {
        await rules.delete(params.id, caller);
        return {};
      },
    }),
  ];
}

/** Coupons: Merx's merchant API (the contract only applies them, by `couponCode`). */
export function couponRoutes(coupons: CouponService): AnyRoute[] {
  const tag = 'Coupons';
  return [
    defineRoute({
      method: 'POST',
      url: COUPONS,
      summary: 'Create a coupon',
      tag,
      access: write,
      input: c.createCouponRequest,
      response: c.couponResponse,
      handler: async ({ caller, input }) => ({ coupon: await coupons.create(input.coupon, caller) }),
    }),
    defineRoute({
      method: 'GET',
      url: `${COUPONS}/query`,
      summary: 'Query coupons',
      tag,
      access: read,
      queryRoute: true,
      input: c.queryCouponsRequest,
      response: c.queryCouponsResponse,
      handler: async ({ input }) => coupons.query(input.query),
    }),
    defineRoute({
      method: 'GET',
      url: `${COUPONS}/:id`,
      summary: 'Get a coupon',
      tag,
      access: read,
      params: idParams,
      response: c.couponResponse,
      handler: async ({ params }) => ({ coupon: await coupons.get(params.id) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${COUPONS}/:id`,
      summary: 'Update a coupon (compare-and-set on its revision)',
      tag,
      access: write,
      params: idParams,
      input: c.updateCouponRequest,
      response: c.couponResponse,
      handler: async ({ caller, params, input }) => ({ coupon: await coupons.update(params.id, input.coupon, caller) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${COUPONS}/:id`,
      summary: 'Delete a coupon',
      tag,
      access: write,
      params: idParams,
      response: c.emptyResponse,
      handler: async ({ caller, params }) => {
        await coupons.delete(params.id, caller);
        return {};
      },
    }),
  ];
}
