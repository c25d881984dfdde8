import type { Executor } from '@merx/db';
import type { DiscountRule as TotalsDiscountRule } from '@merx/domain';
import { versionMemo } from '../../lib/version-memo.js';
import type { Module, ModuleDeps } from '../module.js';
import { type CouponService, type CouponUse, couponRefusal, createCouponService } from './coupons.service.js';
import { discountRulesRepo } from './discount-rules.repo.js';
import { createDiscountRuleService, type DiscountRuleService } from './discount-rules.service.js';
import { DISCOUNTS_VERSION } from './discounts.common.js';
import { couponRoutes, discountRuleRoutes } from './discounts.routes.js';
import { totalsCouponOf, totalsDiscountRuleOf } from './discounts.totals.js';
import type { CouponCheck } from './discounts.types.js';

export { type CartCouponCheck, couponCheckRoutes } from './coupon-check.js';
export { couponProblem, statusAt } from './discount-logic.js';
export type * from './discounts.types.js';
export type { CouponUse };
export { totalsCouponOf, totalsDiscountRuleOf };

/** What other modules (cart, checkout, orders), the CLI and tests use of discounts. */
export interface DiscountServices {
  rules: DiscountRuleService;
  coupons: CouponService;
  /**
   * Every active rule whose status is LIVE at `now`, oldest first, as `calculateTotals` reads rules. The active
   * rules are kept per process while no rule changed (one primary-key read a call) and filtered by `now` here, so a
   * rule whose window opens or closes counts at once, with no write.
   */
  liveDiscountRules(now?: Date, ex?: Executor): Promise<TotalsDiscountRule[]>;
  /** Counts one use of each rule an order applied, inside the order's transaction. */
  recordDiscountRuleUse(ex: Executor, ruleIds: readonly string[]): Promise<void>;
  /**
   * The coupon with `code` (any case) if it can apply at `now`, or the reason it cannot (NOT_FOUND, EXPIRED,
   * NOT_STARTED, INACTIVE, USED_UP; with `customerKey` also CUSTOMER_USED_UP, with `subtotal` in minor units
   * also MINIMUM_SUBTOTAL_NOT_MET). Pass the coupon through `totalsCouponOf` for `calculateTotals`.
   */
  findApplicableCoupon(
    code: string,
    now?: Date,
    context?: { customerKey?: string; subtotal?: number },
  ): Promise<CouponCheck>;
  /**
   * Takes one use of a coupon inside the order's transaction, adding `discount` (minor units it took off the order)
   * to what it gave; atomic against concurrent orders.
   */
  recordCouponUse(ex: Executor, couponId: string, customerKey: string, discount?: number): Promise<CouponUse>;
  /** The application error for a coupon that cannot apply (`COUPON_<problem>`). */
  couponRefusal: typeof couponRefusal;
}

/** Discount rules and coupons (WIRE.md Appendix B `ecom_discount-rules`; coupons are Merx's own API). */
export function createDiscountsModule(deps: ModuleDeps): Module<DiscountServices> {
  const rules = createDiscountRuleService(deps);
  const coupons = createCouponService(deps);
  const activeRules = versionMemo(deps.db, DISCOUNTS_VERSION, async (ex) =>
    (await discountRulesRepo.active(ex)).map((record) => ({ record, rule: totalsDiscountRuleOf(record) })),
  );
  return {
    services: {
      rules,
      coupons,
      liveDiscountRules: async (now = deps.clock.now(), ex = deps.db) => {
        // As `rules.live` compares in SQL: ISO text order is time order.
        const at = now.toISOString();
        return (await activeRules(ex))
          .filter(
            ({ record: r }) => (r.startDate === null || r.startDate <= at) && (r.endDate === null || r.endDate > at),
          )
          .map(({ rule }) => rule);
      },
      recordDiscountRuleUse: (ex, ruleIds) => rules.recordUse(ex, ruleIds),
      findApplicableCoupon: (code, now, context) => coupons.findApplicableCoupon(code, now, context),
      recordCouponUse: (ex, couponId, customerKey, discount) =>
        coupons.recordCouponUse(ex, couponId, customerKey, discount),
      couponRefusal,
    },
    routes: [...discountRuleRoutes(rules), ...couponRoutes(coupons)],
  };
}
