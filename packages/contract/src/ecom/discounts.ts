import { z } from 'zod';
import { entityId, platformPagingMetadata, platformQuery } from '../common.js';

/*
 * Discount rules (`ecom_discount-rules`, WIRE.md Appendix B) exactly as the public client sends and reads them,
 * and Merx's own coupon API (`/_api/merx/v1/coupons`): the contract applies coupons only by `couponCode`.
 * Shapes and structure are checked here; amounts against the store currency are checked by the server.
 */

/** Event names of discount rules, as the client's `onDiscountRuleCreated|Updated|Deleted` subscribe to them. */
export const discountRuleEventTypes = {
  created: 'wix.ecom.discounts.v1.discount_rule_created',
  updated: 'wix.ecom.discounts.v1.discount_rule_updated',
  deleted: 'wix.ecom.discounts.v1.discount_rule_deleted',
} as const;

/** Event names of coupons (Merx's own API). */
export const couponEventTypes = {
  created: 'merx.discounts.v1.coupon_created',
  updated: 'merx.discounts.v1.coupon_updated',
  deleted: 'merx.discounts.v1.coupon_deleted',
} as const;

export const discountErrorCodes = {
  discountRuleNotFound: 'DISCOUNT_RULE_NOT_FOUND',
  couponNotFound: 'COUPON_NOT_FOUND',
  couponCodeAlreadyExists: 'COUPON_CODE_ALREADY_EXISTS',
  /** The revision sent is not the stored one: someone changed the entity since it was read. */
  concurrentModification: 'CONCURRENT_MODIFICATION',
} as const;

export const discountRuleStatuses = ['LIVE', 'EXPIRED', 'PENDING'] as const;
export type DiscountRuleStatus = (typeof discountRuleStatuses)[number];
/** The client also knows CUSTOMER_ELIGIBILITY (a preview); Merx refuses it, as the totals cannot judge it. */
export const discountTriggerTypes = ['AND', 'SUBTOTAL_RANGE', 'ITEM_QUANTITY_RANGE', 'CUSTOM', 'OR'] as const;
export type DiscountTriggerType = (typeof discountTriggerTypes)[number];
export const discountScopeTypes = ['CATALOG_ITEM', 'CUSTOM_FILTER'] as const;
/** The client also knows QUANTITY_BASED (a preview); Merx refuses it, as the totals do not apply it. */
export const discountValueTypes = ['PERCENTAGE', 'FIXED_AMOUNT', 'FIXED_PRICE'] as const;
export type DiscountValueType = (typeof discountValueTypes)[number];
export const discountRuleTargetTypes = ['SPECIFIC_ITEMS'] as const;
export const couponDiscountTypes = ['PERCENTAGE', 'FIXED_AMOUNT', 'FIXED_PRICE', 'FREE_SHIPPING'] as const;
export type CouponDiscountType = (typeof couponDiscountTypes)[number];
export const couponTargetTypes = ['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING'] as const;
export type CouponTargetType = (typeof couponTargetTypes)[number];
/** Why a coupon cannot be applied (answers of the coupon lookup that carts and checkouts use). */
export const couponProblems = [
  'NOT_FOUND',
  'EXPIRED',
  'NOT_STARTED',
  'INACTIVE',
  'USED_UP',
  'CUSTOMER_USED_UP',
  'MINIMUM_SUBTOTAL_NOT_MET',
] as const;
export type CouponProblem = (typeof couponProblems)[number];

/** Deepest path from the trigger root to a condition: at most three nested `and`/`or` operators. */
export const MAX_TRIGGER_DEPTH = 4;

// ---------- shared pieces ----------

/** A money amount as the ecom wire carries it: a non-negative decimal string, e.g. `"12.50"`. */
export const decimalAmount = z
  .string()
  .max(20)
  .regex(/^\d{1,12}(\.\d{1,4})?$/, 'must be a non-negative decimal number such as "12.50" (at most 4 decimals)');
const isoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO-8601 date and time' });
const label = z.string().trim().min(1).max(100);

/** An issue that the client reads as a missing field (`REQUIRED_FIELD`). */
function required(ctx: z.RefinementCtx, path: PropertyKey[], message = 'is required'): void {
  ctx.addIssue({ code: 'invalid_type', expected: 'object', input: undefined, path, message });
}

function custom(ctx: z.RefinementCtx, path: PropertyKey[], message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}

const present = (value: unknown) => value !== undefined && value !== null;

/** `{from, to}` of a range: at least one end, and `from` not above `to`. */
function checkRange(ctx: z.RefinementCtx, key: string, range: { from?: unknown; to?: unknown }): void {
  if (!present(range.from) && !present(range.to)) custom(ctx, [key], 'must have from, to or both');
  else if (present(range.from) && present(range.to) && Number(range.from) > Number(range.to))
    custom(ctx, [key, 'to'], 'must not be less than from');
}

// ---------- requests ----------

export const discountScopeInput = z
  .object({
    id: label.nullish(),
    type: z.enum(discountScopeTypes),
    catalogItemFilter: z
      .object({
        catalogAppId: label,
        catalogItemIds: z.array(entityId).max(50).nullish(),
      })
      .nullish(),
    /** Merx understands one custom filter: products of the given collections. */
    customFilter: z
      .object({
        appId: label.nullish(),
        params: z.object({ collectionIds: z.array(entityId).min(1).max(50) }),
      })
      .nullish(),
  })
  .superRefine((scope, ctx) => {
    const [wanted, other] =
      scope.type === 'CATALOG_ITEM'
        ? (['catalogItemFilter', 'customFilter'] as const)
        : (['customFilter', 'catalogItemFilter'] as const);
    if (!present(scope[wanted])) required(ctx, [wanted], `is required for type ${scope.type}`);
    if (present(scope[other])) custom(ctx, [other], `must not be set for type ${scope.type}`);
  });
export type DiscountScopeInput = z.infer<typeof discountScopeInput>;
const scopeList = z.array(discountScopeInput).max(50);

const subtotalRangeInput = z.object({
  scopes: scopeList.nullish(),
  from: decimalAmount.nullish(),
  to: decimalAmount.nullish(),
});
const itemQuantityRangeInput = z.object({
  scopes: scopeList.nullish(),
  from: z.number().int().min(1).max(1_000_000).nullish(),
  to: z.number().int().min(1).max(1_000_000).nullish(),
});
const customTriggerInput = z.object({ id: label, appId: label });

export interface DiscountTriggerInput {
  triggerType?: DiscountTriggerType | null | undefined;
  and?: { triggers: DiscountTriggerInput[] } | null | undefined;
  or?: { triggers: DiscountTriggerInput[] } | null | undefined;
  subtotalRange?: z.infer<typeof subtotalRangeInput> | null | undefined;
  itemQuantityRange?: z.infer<typeof itemQuantityRangeInput> | null | undefined;
  customTrigger?: z.infer<typeof customTriggerInput> | null | undefined;
}

/** The field of a trigger node that each trigger type uses. */
export const triggerFieldOfType = {
  AND: 'and',
  OR: 'or',
  SUBTOTAL_RANGE: 'subtotalRange',
  ITEM_QUANTITY_RANGE: 'itemQuantityRange',
  CUSTOM: 'customTrigger',
} as const satisfies Record<DiscountTriggerType, keyof DiscountTriggerInput>;
const triggerFields = Object.values(triggerFieldOfType);

/** An operator past the deepest level: refused with a violation on it instead of parsing further. */
const tooDeep = z
  .unknown()
  .optional()
  .superRefine((value, ctx) => {
    if (present(value)) custom(ctx, [], `nests and/or too deeply (at most ${MAX_TRIGGER_DEPTH - 1} levels)`);
  });

/** The trigger schema at nesting `level` (1 = root). Built level by level, so a hostile tree never recurses. */
function triggerInputAt(level: number): z.ZodType<DiscountTriggerInput> {
  const operator =
    level < MAX_TRIGGER_DEPTH
      ? z
          .object({
            triggers: z
              .array(triggerInputAt(level + 1))
              .min(2)
              .max(5),
          })
          .nullish()
      : tooDeep;
  return z
    .object({
      triggerType: z.enum(discountTriggerTypes).nullish(),
      and: operator,
      or: operator,
      subtotalRange: subtotalRangeInput.nullish(),
      itemQuantityRange: itemQuantityRangeInput.nullish(),
      customTrigger: customTriggerInput.nullish(),
    })
    .superRefine((node, ctx) => {
      const set = triggerFields.filter((f) => present(node[f]));
      if (set.length === 0) {
        custom(ctx, [], `must have one of ${triggerFields.join(', ')}`);
        return;
      }
      if (set.length > 1) custom(ctx, [], `must have only one of ${set.join(', ')}`);
      if (node.triggerType && triggerFieldOfType[node.triggerType] !== set[0])
        custom(ctx, ['triggerType'], `must be the type of the ${set[0]} condition given`);
      if (node.subtotalRange) checkRange(ctx, 'subtotalRange', node.subtotalRange);
      if (node.itemQuantityRange) checkRange(ctx, 'itemQuantityRange', node.itemQuantityRange);
    }) as z.ZodType<DiscountTriggerInput>;
}

export const discountTriggerInput = triggerInputAt(1);

/** Which value field each discount type uses. */
export const valueFieldOfType = {
  PERCENTAGE: 'percentage',
  FIXED_AMOUNT: 'fixedAmount',
  FIXED_PRICE: 'fixedPrice',
} as const satisfies Record<DiscountValueType, string>;

const percentageValue = z.number().min(0.1).max(100);
const specificItemsInfo = z.object({ scopes: z.array(discountScopeInput).min(1).max(50) });

/**
 * Discount type and value must agree: the type's value field set, no other; the type inferred when left out.
 * Returns the type (given or inferred), if any.
 */
function checkValue(
  ctx: z.RefinementCtx,
  value: { discountType?: string | null | undefined } & Record<string, unknown>,
  types: Record<string, string | null>,
): string | undefined {
  const fields = [...new Set(Object.values(types).filter((f): f is string => f !== null))];
  const set = fields.filter((f) => present(value[f]));
  const type = value.discountType ?? Object.keys(types).find((t) => types[t] !== null && types[t] === set[0]);
  if (!type) {
    required(ctx, ['discountType']);
    return undefined;
  }
  const wanted = types[type] ?? null;
  if (wanted && !present(value[wanted])) required(ctx, [wanted], `is required for discountType ${type}`);
  for (const f of set) if (f !== wanted) custom(ctx, [f], `must not be set for discountType ${type}`);
  if (present(value['fixedAmount']) && Number(value['fixedAmount']) === 0)
    custom(ctx, ['fixedAmount'], 'must be greater than 0');
  return type;
}

export const discountValueInput = z
  .object({
    discountType: z.enum(discountValueTypes).nullish(),
    targetType: z.enum(discountRuleTargetTypes).nullish(),
    percentage: percentageValue.nullish(),
    fixedAmount: decimalAmount.nullish(),
    fixedPrice: decimalAmount.nullish(),
    specificItemsInfo: specificItemsInfo.nullish(),
  })
  .superRefine((value, ctx) => {
    checkValue(ctx, value, valueFieldOfType);
    if (!present(value.specificItemsInfo)) required(ctx, ['specificItemsInfo'], 'is required for SPECIFIC_ITEMS');
  });
export type DiscountValueInput = z.infer<typeof discountValueInput>;

const activeTimeInfoInput = z.object({ start: isoDateTime.nullish(), end: isoDateTime.nullish() });
const tagIds = z.object({ tagIds: z.array(label).max(100).nullish() });

const discountRuleShape = z.object({
  name: z.string().trim().min(1).max(50),
  active: z.boolean().nullish(),
  trigger: discountTriggerInput.nullish(),
  activeTimeInfo: activeTimeInfoInput.nullish(),
  discounts: z.object({ values: z.array(discountValueInput).min(1).max(1) }),
  tags: z.object({ privateTags: tagIds.nullish(), publicTags: tagIds.nullish() }).nullish(),
});

/** `end` after `start` when both are given. */
function checkWindow(
  ctx: z.RefinementCtx,
  path: PropertyKey[],
  start: string | null | undefined,
  end: string | null | undefined,
): void {
  if (start && end && Date.parse(end) <= Date.parse(start)) custom(ctx, path, 'must be after the start');
}

export const discountRuleInput = discountRuleShape.superRefine((rule, ctx) =>
  checkWindow(ctx, ['activeTimeInfo', 'end'], rule.activeTimeInfo?.start, rule.activeTimeInfo?.end),
);
export type DiscountRuleInput = z.infer<typeof discountRuleInput>;

/** A revision as sent back: the wire's int64 string (a JSON number is accepted too). */
const revisionInput = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
  z.string().regex(/^\d{1,15}$/, 'must be a whole number'),
);

export const createDiscountRuleRequest = z.object({ discountRule: discountRuleInput });
export const updateDiscountRuleRequest = z.object({
  discountRule: discountRuleShape
    .partial()
    .extend({ id: z.string().max(100).nullish(), revision: revisionInput })
    .superRefine((rule, ctx) =>
      checkWindow(ctx, ['activeTimeInfo', 'end'], rule.activeTimeInfo?.start, rule.activeTimeInfo?.end),
    ),
});
export type DiscountRulePatch = z.infer<typeof updateDiscountRuleRequest>['discountRule'];
export const queryDiscountRulesRequest = z.object({ query: platformQuery.optional() });

/** Coupon discount types use these value fields (free shipping has none). */
export const couponValueFieldOfType = {
  PERCENTAGE: 'percentage',
  FIXED_AMOUNT: 'fixedAmount',
  FIXED_PRICE: 'fixedPrice',
  FREE_SHIPPING: null,
} as const satisfies Record<CouponDiscountType, string | null>;

export const couponDiscountInput = z
  .object({
    discountType: z.enum(couponDiscountTypes).nullish(),
    /** GLOBAL: the items subtotal; SPECIFIC_ITEMS: items in `specificItemsInfo.scopes`; SHIPPING: the shipping. */
    targetType: z.enum(couponTargetTypes).nullish(),
    percentage: percentageValue.nullish(),
    fixedAmount: decimalAmount.nullish(),
    fixedPrice: decimalAmount.nullish(),
    specificItemsInfo: specificItemsInfo.nullish(),
  })
  .superRefine((value, ctx) => {
    const type = checkValue(ctx, value, couponValueFieldOfType);
    const target = value.targetType ?? (type === 'FREE_SHIPPING' ? 'SHIPPING' : 'GLOBAL');
    if (type === 'FREE_SHIPPING' && target !== 'SHIPPING')
      custom(ctx, ['targetType'], 'must be SHIPPING for discountType FREE_SHIPPING');
    if (type === 'FIXED_PRICE' && target === 'GLOBAL')
      custom(ctx, ['targetType'], 'must be SPECIFIC_ITEMS or SHIPPING for discountType FIXED_PRICE');
    if (target === 'SPECIFIC_ITEMS' && !present(value.specificItemsInfo))
      required(ctx, ['specificItemsInfo'], 'is required for targetType SPECIFIC_ITEMS');
    if (target !== 'SPECIFIC_ITEMS' && present(value.specificItemsInfo))
      custom(ctx, ['specificItemsInfo'], `must not be set for targetType ${target}`);
  });
export type CouponDiscountInput = z.infer<typeof couponDiscountInput>;

/** 3–50 letters, digits, `-` or `_`; unique whatever the case. */
export const couponCode = z
  .string()
  .trim()
  .min(3)
  .max(50)
  .regex(/^[A-Za-z0-9_-]+$/, 'must hold only letters, digits, "-" and "_"');

const couponShape = z.object({
  code: couponCode,
  name: z.string().trim().min(1).max(100),
  active: z.boolean().nullish(),
  discount: couponDiscountInput,
  limits: z
    .object({
      /** Orders that may use the coupon in all. */
      usageLimit: z.number().int().min(1).max(1_000_000_000).nullish(),
      /** Orders one customer may use it for. */
      usageLimitPerCustomer: z.number().int().min(1).max(1_000_000_000).nullish(),
      /** Items subtotal an order needs to use it. */
      minimumSubtotal: decimalAmount.nullish(),
    })
    .nullish(),
  startDate: isoDateTime.nullish(),
  expirationDate: isoDateTime.nullish(),
});

export const couponInput = couponShape.superRefine((c, ctx) =>
  checkWindow(ctx, ['expirationDate'], c.startDate, c.expirationDate),
);
export type CouponInput = z.infer<typeof couponInput>;
export const createCouponRequest = z.object({ coupon: couponInput });
export const updateCouponRequest = z.object({
  coupon: couponShape
    .partial()
    .extend({ id: z.string().max(100).nullish(), revision: revisionInput })
    .superRefine((c, ctx) => checkWindow(ctx, ['expirationDate'], c.startDate, c.expirationDate)),
});
export type CouponPatch = z.infer<typeof updateCouponRequest>['coupon'];
export const queryCouponsRequest = z.object({ query: platformQuery.optional() });

// ---------- responses ----------

export const discountScope = z.object({
  id: z.string(),
  type: z.enum(discountScopeTypes),
  catalogItemFilter: z.object({ catalogAppId: z.string(), catalogItemIds: z.array(z.string()) }).optional(),
  customFilter: z
    .object({ appId: z.string().optional(), params: z.object({ collectionIds: z.array(z.string()) }) })
    .optional(),
});
export type DiscountScope = z.infer<typeof discountScope>;

export interface DiscountTrigger {
  triggerType: DiscountTriggerType;
  and?: { triggers: DiscountTrigger[] };
  or?: { triggers: DiscountTrigger[] };
  subtotalRange?: { scopes: DiscountScope[]; from?: string; to?: string };
  itemQuantityRange?: { scopes: DiscountScope[]; from?: number; to?: number };
  customTrigger?: { id: string; appId: string };
}

export const discountTrigger: z.ZodType<DiscountTrigger> = z.lazy(() =>
  z.object({
    triggerType: z.enum(discountTriggerTypes),
    and: z.object({ triggers: z.array(discountTrigger) }).optional(),
    or: z.object({ triggers: z.array(discountTrigger) }).optional(),
    subtotalRange: z
      .object({ scopes: z.array(discountScope), from: z.string().optional(), to: z.string().optional() })
      .optional(),
    itemQuantityRange: z
      .object({ scopes: z.array(discountScope), from: z.number().optional(), to: z.number().optional() })
      .optional(),
    customTrigger: z.object({ id: z.string(), appId: z.string() }).optional(),
  }),
);

export const discountValue = z.object({
  discountType: z.enum(discountValueTypes),
  targetType: z.enum(discountRuleTargetTypes),
  percentage: z.number().optional(),
  fixedAmount: z.string().optional(),
  fixedPrice: z.string().optional(),
  specificItemsInfo: z.object({ scopes: z.array(discountScope) }),
});

export const discountRule = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  active: z.boolean(),
  name: z.string(),
  trigger: discountTrigger.optional(),
  activeTimeInfo: z.object({ start: z.string().optional(), end: z.string().optional() }).optional(),
  discounts: z.object({ values: z.array(discountValue) }),
  /** Derived from `activeTimeInfo` when read: PENDING before the start, EXPIRED from the end, LIVE between. */
  status: z.enum(discountRuleStatuses),
  usageCount: z.number(),
  tags: z.object({
    privateTags: z.object({ tagIds: z.array(z.string()) }),
    publicTags: z.object({ tagIds: z.array(z.string()) }),
  }),
});
export type DiscountRule = z.infer<typeof discountRule>;
export const discountRuleResponse = z.object({ discountRule });
export const queryDiscountRulesResponse = z.object({
  discountRules: z.array(discountRule),
  pagingMetadata: platformPagingMetadata,
});

export const coupon = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  discount: z.object({
    discountType: z.enum(couponDiscountTypes),
    targetType: z.enum(couponTargetTypes),
    percentage: z.number().optional(),
    fixedAmount: z.string().optional(),
    fixedPrice: z.string().optional(),
    specificItemsInfo: z.object({ scopes: z.array(discountScope) }).optional(),
  }),
  limits: z.object({
    usageLimit: z.number().optional(),
    usageLimitPerCustomer: z.number().optional(),
    minimumSubtotal: z.string().optional(),
  }),
  startDate: z.string().optional(),
  expirationDate: z.string().optional(),
  /** Derived like a discount rule's, from `startDate` and `expirationDate`. */
  status: z.enum(discountRuleStatuses),
  /** Orders that used the coupon. */
  usageCount: z.number(),
  /** What the coupon took off those orders in all, a decimal string in the store currency (e.g. `"42.5"`). */
  totalDiscount: z.string(),
});
export type Coupon = z.infer<typeof coupon>;
export const couponResponse = z.object({ coupon });
export const queryCouponsResponse = z.object({ coupons: z.array(coupon), pagingMetadata: platformPagingMetadata });
