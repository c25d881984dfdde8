/**
 * Discount rules and coupons.
 *
 * Stacking: the live rules whose triggers hold apply one after the other in the order given (callers pass
 * them oldest first), then the coupon; each works on the price left by the previous ones, so nothing goes
 * below zero. Triggers are all evaluated first, on prices before any rule or coupon, so one rule never
 * switches another on or off. A rule applies at most once to each line (the contract's "once per item");
 * use counts of rules and coupons are the caller's to check.
 */
import { toTime } from './arithmetic.js';
import type { CouponRejectionReason, DiscountSource } from './result-types.js';
import type {
  Coupon,
  DiscountRule,
  DiscountTrigger,
  DiscountValue,
  Instant,
  ItemQuantityRange,
  ItemScope,
  SubtotalRange,
  TotalsLineItem,
} from './types.js';

/** LIVE inside the active window, PENDING before it, EXPIRED after it. */
export type DiscountRuleStatus = 'LIVE' | 'EXPIRED' | 'PENDING';

/** One discount value to apply, with where it came from. */
export interface DiscountStep {
  source: DiscountSource;
  value: DiscountValue;
}

/** The rule's status at `now`, from its active window (start inclusive, end exclusive). */
export function discountRuleStatus(rule: Pick<DiscountRule, 'activeTimeInfo'>, now: Instant): DiscountRuleStatus {
  const time = toTime(now);
  const { start, end } = rule.activeTimeInfo ?? {};
  if (start != null && time < toTime(start)) return 'PENDING';
  if (end != null && time >= toTime(end)) return 'EXPIRED';
  return 'LIVE';
}

/** Whether the line's product or one of its collections is named by any of the scopes. */
export function lineInScopes(line: TotalsLineItem, scopes: readonly ItemScope[]): boolean {
  return scopes.some(
    (scope) =>
      (scope.catalogItemIds ?? []).includes(line.catalogItemId) ||
      (line.collectionIds ?? []).some((id) => (scope.collectionIds ?? []).includes(id)),
  );
}

/** Whether a discount value reaches the line: every line for GLOBAL, the scoped ones for SPECIFIC_ITEMS. */
export function lineInTarget(line: TotalsLineItem, value: DiscountValue): boolean {
  if (value.targetType === 'GLOBAL') return true;
  if (value.targetType === 'SPECIFIC_ITEMS') return lineInScopes(line, value.specificItemsInfo?.scopes ?? []);
  return false;
}

/** The lines a rule's triggers look at by default: its SPECIFIC_ITEMS scope, or every line. */
function ruleScope(rule: DiscountRule): (line: TotalsLineItem) => boolean {
  const values = rule.discounts.values;
  if (values.length > 0 && values.every((v) => v.targetType === 'SPECIFIC_ITEMS')) {
    return (line) => values.some((v) => lineInTarget(line, v));
  }
  return () => true;
}

interface TriggerContext {
  lines: readonly TotalsLineItem[];
  inRuleScope: (line: TotalsLineItem) => boolean;
  metCustomTriggerIds: ReadonlySet<string>;
}

function linesFor(range: SubtotalRange | ItemQuantityRange, ctx: TriggerContext): TotalsLineItem[] {
  const scopes = range.scopes;
  return ctx.lines.filter((line) => (scopes && scopes.length > 0 ? lineInScopes(line, scopes) : ctx.inRuleScope(line)));
}

function inRange(value: number, range: { from?: number | null; to?: number | null }): boolean {
  return (range.from == null || value >= range.from) && (range.to == null || value <= range.to);
}

/** Whether a trigger tree holds for the lines (subtotals before any discount; an empty AND holds). */
export function evaluateTrigger(trigger: DiscountTrigger, ctx: TriggerContext): boolean {
  switch (trigger.triggerType) {
    case 'AND':
      return trigger.and.triggers.every((t) => evaluateTrigger(t, ctx));
    case 'OR':
      return trigger.or.triggers.some((t) => evaluateTrigger(t, ctx));
    case 'SUBTOTAL_RANGE': {
      const subtotal = linesFor(trigger.subtotalRange, ctx).reduce((sum, l) => sum + l.price * l.quantity, 0);
      return inRange(subtotal, trigger.subtotalRange);
    }
    case 'ITEM_QUANTITY_RANGE': {
      const quantity = linesFor(trigger.itemQuantityRange, ctx).reduce((sum, l) => sum + l.quantity, 0);
      return inRange(quantity, trigger.itemQuantityRange);
    }
    case 'CUSTOM':
      return ctx.metCustomTriggerIds.has(trigger.customTrigger.id);
  }
}

/** Whether a rule takes effect: switched on, LIVE at `now`, and its trigger (if any) holds. */
export function discountRuleApplies(
  rule: DiscountRule,
  lines: readonly TotalsLineItem[],
  now: Instant,
  metCustomTriggerIds: readonly string[] = [],
): boolean {
  if (rule.active === false || discountRuleStatus(rule, now) !== 'LIVE') return false;
  if (!rule.trigger) return true;
  return evaluateTrigger(rule.trigger, {
    lines,
    inRuleScope: ruleScope(rule),
    metCustomTriggerIds: new Set(metCustomTriggerIds),
  });
}

/** The discount steps of every rule that takes effect, in rule order. */
export function ruleSteps(
  rules: readonly DiscountRule[],
  lines: readonly TotalsLineItem[],
  now: Instant,
  metCustomTriggerIds: readonly string[],
): DiscountStep[] {
  return rules
    .filter((rule) => discountRuleApplies(rule, lines, now, metCustomTriggerIds))
    .flatMap((rule) => rule.discounts.values.map((value) => ({ source: ruleSource(rule), value })));
}

function ruleSource(rule: DiscountRule): DiscountSource {
  return { discountRule: { id: rule.id, name: rule.name } };
}

/** The source record of a coupon. */
export function couponSource(coupon: Coupon): DiscountSource {
  return { coupon: { id: coupon.id, code: coupon.code, ...(coupon.name != null ? { name: coupon.name } : {}) } };
}

/**
 * Why the coupon cannot apply to these lines, or undefined when it can. Shipping coupons are checked
 * for a charged shipping later (`NO_SHIPPING`). `subtotal` is the items subtotal before discounts.
 */
export function couponRejection(
  coupon: Coupon,
  lines: readonly TotalsLineItem[],
  subtotal: number,
  now: Instant,
): CouponRejectionReason | undefined {
  const time = toTime(now);
  if (coupon.active === false) return 'NOT_ACTIVE';
  if (coupon.startTime != null && time < toTime(coupon.startTime)) return 'NOT_ACTIVE';
  if (coupon.expirationTime != null && time >= toTime(coupon.expirationTime)) return 'EXPIRED';
  if (coupon.minimumSubtotal != null && subtotal < coupon.minimumSubtotal) return 'BELOW_MINIMUM_SUBTOTAL';
  if (coupon.discount.targetType === 'SHIPPING') return undefined;
  const inScope = lines.some((line) => line.quantity > 0 && lineInTarget(line, coupon.discount));
  return inScope ? undefined : 'NO_ITEMS_IN_SCOPE';
}
