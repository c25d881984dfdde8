import type {
  DiscountValue,
  Coupon as TotalsCoupon,
  DiscountRule as TotalsDiscountRule,
  DiscountTrigger as TotalsDiscountTrigger,
  ItemScope as TotalsItemScope,
} from '@merx/domain';
import type { CouponRecord, DiscountAction, DiscountRuleRecord, ItemScope, RuleTrigger } from './discounts.types.js';

/*
 * Discount rules and coupons as `calculateTotals` reads them. The totals match scopes by product and collection
 * ids only; a catalog scope without item ids means every item, which they read as "no scope".
 */

/** The scopes, or `null` when one of them covers every item. */
function scopesOf(scopes: readonly ItemScope[]): TotalsItemScope[] | null {
  if (scopes.some((s) => s.type === 'CATALOG_ITEM' && s.catalogItemIds.length === 0)) return null;
  return scopes.map((s) =>
    s.type === 'CATALOG_ITEM' ? { catalogItemIds: s.catalogItemIds } : { collectionIds: s.collectionIds },
  );
}

/** A discount as a totals value: a SPECIFIC_ITEMS discount over every item is GLOBAL; free shipping is 100 % off it. */
export function totalsValueOf(action: DiscountAction): DiscountValue {
  if (action.type === 'FREE_SHIPPING') return { discountType: 'PERCENTAGE', percentage: 100, targetType: 'SHIPPING' };
  const scopes = action.target === 'SPECIFIC_ITEMS' ? scopesOf(action.scopes) : null;
  const target =
    action.target === 'SPECIFIC_ITEMS' && scopes !== null
      ? { targetType: 'SPECIFIC_ITEMS' as const, specificItemsInfo: { scopes } }
      : { targetType: action.target === 'SHIPPING' ? ('SHIPPING' as const) : ('GLOBAL' as const) };
  switch (action.type) {
    case 'PERCENTAGE':
      return { discountType: 'PERCENTAGE', percentage: action.percentage, ...target };
    case 'FIXED_AMOUNT':
      return { discountType: 'FIXED_AMOUNT', fixedAmount: action.amount, ...target };
    case 'FIXED_PRICE':
      return { discountType: 'FIXED_PRICE', fixedPrice: action.price, ...target };
  }
}

function totalsTriggerOf(trigger: RuleTrigger): TotalsDiscountTrigger {
  switch (trigger.type) {
    case 'AND':
      return { triggerType: 'AND', and: { triggers: trigger.triggers.map(totalsTriggerOf) } };
    case 'OR':
      return { triggerType: 'OR', or: { triggers: trigger.triggers.map(totalsTriggerOf) } };
    case 'SUBTOTAL_RANGE':
      return {
        triggerType: 'SUBTOTAL_RANGE',
        subtotalRange: { scopes: scopesOf(trigger.scopes), from: trigger.from, to: trigger.to },
      };
    case 'ITEM_QUANTITY_RANGE':
      return {
        triggerType: 'ITEM_QUANTITY_RANGE',
        itemQuantityRange: { scopes: scopesOf(trigger.scopes), from: trigger.from, to: trigger.to },
      };
    case 'CUSTOM':
      return { triggerType: 'CUSTOM', customTrigger: { id: trigger.id, appId: trigger.appId } };
  }
}

export function totalsDiscountRuleOf(rule: DiscountRuleRecord): TotalsDiscountRule {
  return {
    id: rule.id,
    name: rule.name,
    active: rule.active,
    trigger: rule.trigger && totalsTriggerOf(rule.trigger),
    activeTimeInfo: { start: rule.startDate, end: rule.endDate },
    discounts: { values: rule.discounts.map(totalsValueOf) },
  };
}

export function totalsCouponOf(coupon: CouponRecord): TotalsCoupon {
  return {
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    active: coupon.active,
    discount: totalsValueOf(coupon.discount),
    minimumSubtotal: coupon.minimumSubtotal,
    startTime: coupon.startDate,
    expirationTime: coupon.expirationDate,
  };
}
