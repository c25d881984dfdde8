import type {
  Coupon,
  CouponDiscountInput,
  DiscountRule,
  DiscountScope,
  DiscountScopeInput,
  DiscountTrigger,
  DiscountTriggerInput,
  DiscountValueInput,
  DiscountValueType,
} from '@merx/contract';
import { currencyDigits, type FieldViolation, finerThanCurrency, fromMinor } from '@merx/domain';
import { newId } from '../../lib/ids.js';
import { statusAt } from './discount-logic.js';
import type { CouponRecord, DiscountAction, DiscountRuleRecord, ItemScope, RuleTrigger } from './discounts.types.js';

/*
 * Wire ⇄ domain for discount rules and coupons: decimal strings at the edge, minor units of the store currency
 * inside. Conversions that the currency can refuse (more decimals than it has) add to `violations`.
 */

/** A wire decimal (already format-checked by the contract) as minor units of `currency`. */
export function parseAmount(text: string, currency: string, field: string, violations: FieldViolation[]): number {
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = currencyDigits(currency);
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) {
    violations.push(finerThanCurrency(field, currency));
    return 0;
  }
  return Number(whole) * 10 ** digits + Number(significant.padEnd(digits, '0') || '0');
}

/** Minor units as the wire's decimal string, e.g. 1250 USD → `"12.5"`. */
export function formatAmount(minor: number, currency: string): string {
  return String(fromMinor(minor, currency));
}

const unique = (values: readonly string[]) => [...new Set(values)];

export function scopeOf(input: DiscountScopeInput): ItemScope {
  const id = input.id ?? newId();
  if (input.type === 'CATALOG_ITEM') {
    const { catalogAppId, catalogItemIds } = input.catalogItemFilter!;
    return { id, type: 'CATALOG_ITEM', catalogAppId, catalogItemIds: unique(catalogItemIds ?? []) };
  }
  const { appId, params } = input.customFilter!;
  return { id, type: 'CUSTOM_FILTER', appId: appId ?? null, collectionIds: unique(params.collectionIds) };
}

export function triggerOf(
  input: DiscountTriggerInput,
  currency: string,
  path: string,
  violations: FieldViolation[],
): RuleTrigger {
  const children = (kind: 'and' | 'or', list: DiscountTriggerInput[]) =>
    list.map((child, i) => triggerOf(child, currency, `${path}.${kind}.triggers[${i}]`, violations));
  if (input.and) return { type: 'AND', triggers: children('and', input.and.triggers) };
  if (input.or) return { type: 'OR', triggers: children('or', input.or.triggers) };
  if (input.subtotalRange) {
    const { scopes, from, to } = input.subtotalRange;
    const amount = (value: string | null | undefined, end: string) =>
      value == null ? null : parseAmount(value, currency, `${path}.subtotalRange.${end}`, violations);
    const range = { from: amount(from, 'from'), to: amount(to, 'to') };
    return { type: 'SUBTOTAL_RANGE', scopes: (scopes ?? []).map(scopeOf), ...range };
  }
  if (input.itemQuantityRange) {
    const { scopes, from, to } = input.itemQuantityRange;
    return { type: 'ITEM_QUANTITY_RANGE', scopes: (scopes ?? []).map(scopeOf), from: from ?? null, to: to ?? null };
  }
  const custom = input.customTrigger!;
  return { type: 'CUSTOM', id: custom.id, appId: custom.appId };
}

interface ValueFields {
  discountType?: string | null | undefined;
  percentage?: number | null | undefined;
  fixedAmount?: string | null | undefined;
  fixedPrice?: string | null | undefined;
}

/** The discount as an action; the type is the one given, or the one whose value field is set. */
function actionOf(
  input: ValueFields,
  base: { target: DiscountAction['target']; scopes: ItemScope[] },
  currency: string,
  path: string,
  violations: FieldViolation[],
): DiscountAction {
  const amount = (text: string, field: string) => parseAmount(text, currency, `${path}.${field}`, violations);
  const inferred = input.percentage != null ? 'PERCENTAGE' : input.fixedAmount != null ? 'FIXED_AMOUNT' : 'FIXED_PRICE';
  switch (input.discountType ?? inferred) {
    case 'PERCENTAGE':
      return { ...base, type: 'PERCENTAGE', percentage: input.percentage! };
    case 'FIXED_AMOUNT':
      return { ...base, type: 'FIXED_AMOUNT', amount: amount(input.fixedAmount!, 'fixedAmount') };
    case 'FIXED_PRICE':
      return { ...base, type: 'FIXED_PRICE', price: amount(input.fixedPrice!, 'fixedPrice') };
    default:
      return { ...base, type: 'FREE_SHIPPING' };
  }
}

export function ruleDiscountOf(
  input: DiscountValueInput,
  currency: string,
  path: string,
  violations: FieldViolation[],
): DiscountAction {
  const base = { target: 'SPECIFIC_ITEMS' as const, scopes: input.specificItemsInfo!.scopes.map(scopeOf) };
  return actionOf(input, base, currency, path, violations);
}

export function couponDiscountOf(
  input: CouponDiscountInput,
  currency: string,
  path: string,
  violations: FieldViolation[],
): DiscountAction {
  const target = input.targetType ?? (input.discountType === 'FREE_SHIPPING' ? 'SHIPPING' : 'GLOBAL');
  const scopes = target === 'SPECIFIC_ITEMS' ? input.specificItemsInfo!.scopes.map(scopeOf) : [];
  return actionOf(input, { target, scopes }, currency, path, violations);
}

// ---------- domain → wire ----------

export function scopeWire(scope: ItemScope): DiscountScope {
  if (scope.type === 'CATALOG_ITEM') {
    const filter = { catalogAppId: scope.catalogAppId, catalogItemIds: scope.catalogItemIds };
    return { id: scope.id, type: scope.type, catalogItemFilter: filter };
  }
  const params = { collectionIds: scope.collectionIds };
  return { id: scope.id, type: scope.type, customFilter: { ...(scope.appId ? { appId: scope.appId } : {}), params } };
}

/** `{from, to}` with the open ends left out. */
function rangeWire<T>(from: T | null, to: T | null) {
  return { ...(from !== null ? { from } : {}), ...(to !== null ? { to } : {}) };
}

export function triggerWire(trigger: RuleTrigger, currency: string): DiscountTrigger {
  const money = (minor: number | null) => (minor === null ? null : formatAmount(minor, currency));
  switch (trigger.type) {
    case 'AND':
      return { triggerType: 'AND', and: { triggers: trigger.triggers.map((t) => triggerWire(t, currency)) } };
    case 'OR':
      return { triggerType: 'OR', or: { triggers: trigger.triggers.map((t) => triggerWire(t, currency)) } };
    case 'SUBTOTAL_RANGE': {
      const range = { scopes: trigger.scopes.map(scopeWire), ...rangeWire(money(trigger.from), money(trigger.to)) };
      return { triggerType: 'SUBTOTAL_RANGE', subtotalRange: range };
    }
    case 'ITEM_QUANTITY_RANGE': {
      const range = { scopes: trigger.scopes.map(scopeWire), ...rangeWire(trigger.from, trigger.to) };
      return { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: range };
    }
    case 'CUSTOM':
      return { triggerType: 'CUSTOM', customTrigger: { id: trigger.id, appId: trigger.appId } };
  }
}

/** The value fields of an action on the wire. */
function valueWire(action: DiscountAction, currency: string) {
  switch (action.type) {
    case 'PERCENTAGE':
      return { percentage: action.percentage };
    case 'FIXED_AMOUNT':
      return { fixedAmount: formatAmount(action.amount, currency) };
    case 'FIXED_PRICE':
      return { fixedPrice: formatAmount(action.price, currency) };
    case 'FREE_SHIPPING':
      return {};
  }
}

function windowWire(start: string | null, end: string | null) {
  return { ...(start !== null ? { start } : {}), ...(end !== null ? { end } : {}) };
}

function ruleValueType(type: DiscountAction['type']): DiscountValueType {
  if (type === 'FREE_SHIPPING') throw new Error('a discount rule never gives free shipping');
  return type;
}

export function discountRuleWire(rule: DiscountRuleRecord, currency: string, now: Date): DiscountRule {
  const values = rule.discounts.map((d) => ({
    discountType: ruleValueType(d.type),
    targetType: 'SPECIFIC_ITEMS' as const,
    ...valueWire(d, currency),
    specificItemsInfo: { scopes: d.scopes.map(scopeWire) },
  }));
  return {
    id: rule.id,
    revision: String(rule.revision),
    createdDate: rule.createdDate,
    updatedDate: rule.updatedDate,
    active: rule.active,
    name: rule.name,
    ...(rule.trigger ? { trigger: triggerWire(rule.trigger, currency) } : {}),
    ...(rule.startDate || rule.endDate ? { activeTimeInfo: windowWire(rule.startDate, rule.endDate) } : {}),
    discounts: { values },
    status: statusAt(rule.startDate, rule.endDate, now),
    usageCount: rule.usageCount,
    tags: { privateTags: { tagIds: rule.tags.privateTags }, publicTags: { tagIds: rule.tags.publicTags } },
  };
}

export function couponWire(coupon: CouponRecord, currency: string, now: Date): Coupon {
  const d = coupon.discount;
  return {
    id: coupon.id,
    revision: String(coupon.revision),
    createdDate: coupon.createdDate,
    updatedDate: coupon.updatedDate,
    code: coupon.code,
    name: coupon.name,
    active: coupon.active,
    discount: {
      discountType: d.type,
      targetType: d.target,
      ...valueWire(d, currency),
      ...(d.target === 'SPECIFIC_ITEMS' ? { specificItemsInfo: { scopes: d.scopes.map(scopeWire) } } : {}),
    },
    limits: {
      ...(coupon.usageLimit !== null ? { usageLimit: coupon.usageLimit } : {}),
      ...(coupon.usageLimitPerCustomer !== null ? { usageLimitPerCustomer: coupon.usageLimitPerCustomer } : {}),
      ...(coupon.minimumSubtotal !== null ? { minimumSubtotal: formatAmount(coupon.minimumSubtotal, currency) } : {}),
    },
    ...(coupon.startDate ? { startDate: coupon.startDate } : {}),
    ...(coupon.expirationDate ? { expirationDate: coupon.expirationDate } : {}),
    status: statusAt(coupon.startDate, coupon.expirationDate, now),
    usageCount: coupon.usageCount,
    totalDiscount: formatAmount(coupon.discountTotal, currency),
  };
}
