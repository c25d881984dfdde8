import type { DiscountRule } from '@merx/sdk';
import { everyProduct, type ItemSelection, sameSelection, scopesOf, selectionOf } from './items';
import { decimalOf, isoOfLocalInput, localInputOf, moneyInputOf, wholeOf } from './values';

export type RuleType = DiscountRule['discounts']['values'][number]['discountType'];
type Trigger = NonNullable<DiscountRule['trigger']>;

/**
 * When an automatic discount applies: always, from a subtotal or a quantity of the products it covers, or by
 * conditions set through the API that this page keeps as they are (`custom`).
 */
export type RuleCondition = 'none' | 'subtotal' | 'quantity' | 'custom';

export interface RuleForm {
  name: string;
  active: boolean;
  type: RuleType;
  value: string;
  items: ItemSelection;
  condition: RuleCondition;
  minimumSubtotal: string;
  minimumQuantity: string;
  start: string;
  end: string;
}

export const blankRule: RuleForm = {
  name: '',
  active: true,
  type: 'PERCENTAGE',
  value: '',
  items: everyProduct,
  condition: 'none',
  minimumSubtotal: '',
  minimumQuantity: '',
  start: '',
  end: '',
};

/** A trigger counts what the discount covers when its scopes are the discount's (or none, for every product). */
function countsSame(scopes: Parameters<typeof selectionOf>[0], items: ItemSelection): boolean {
  return scopes.length === 0 ? items.all : sameSelection(selectionOf(scopes), items);
}

function conditionOf(
  trigger: Trigger | undefined,
  items: ItemSelection,
): Pick<RuleForm, 'condition' | 'minimumSubtotal' | 'minimumQuantity'> {
  const none = { minimumSubtotal: '', minimumQuantity: '' };
  if (!trigger) return { condition: 'none', ...none };
  const s = trigger.subtotalRange;
  if (s && s.from !== undefined && s.to === undefined && countsSame(s.scopes, items))
    return { condition: 'subtotal', ...none, minimumSubtotal: moneyInputOf(s.from) };
  const q = trigger.itemQuantityRange;
  if (q && q.from !== undefined && q.to === undefined && countsSame(q.scopes, items))
    return { condition: 'quantity', ...none, minimumQuantity: String(q.from) };
  return { condition: 'custom', ...none };
}

export function ruleFormOf(rule: DiscountRule): RuleForm {
  const v = rule.discounts.values[0];
  const items = v ? selectionOf(v.specificItemsInfo.scopes) : everyProduct;
  return {
    name: rule.name,
    active: rule.active,
    type: v?.discountType ?? 'PERCENTAGE',
    value: v?.percentage !== undefined ? String(v.percentage) : moneyInputOf(v?.fixedAmount ?? v?.fixedPrice),
    items,
    ...conditionOf(rule.trigger, items),
    start: localInputOf(rule.activeTimeInfo?.start),
    end: localInputOf(rule.activeTimeInfo?.end),
  };
}

/** The field a type's value is refused on, as the server names it (relative to the rule). */
export const ruleValueField = (type: RuleType) =>
  `discounts.values[0].${type === 'PERCENTAGE' ? 'percentage' : type === 'FIXED_AMOUNT' ? 'fixedAmount' : 'fixedPrice'}`;

/** Values that must be there before asking the server (which checks the rest). */
export function ruleProblems(f: RuleForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (!f.name.trim()) out['name'] = 'Enter a name';
  if (!f.value.trim()) out[ruleValueField(f.type)] = f.type === 'PERCENTAGE' ? 'Enter a percentage' : 'Enter an amount';
  else if (f.type === 'PERCENTAGE' && !Number.isFinite(Number(decimalOf(f.value))))
    out[ruleValueField(f.type)] = 'Enter a number such as 10';
  if (!f.items.all && f.items.productIds.length + f.items.collectionIds.length === 0)
    out['discounts.values[0].specificItemsInfo'] = 'Choose at least one product or collection';
  if (f.condition === 'subtotal' && !f.minimumSubtotal.trim())
    out['trigger.subtotalRange.from'] = 'Enter the minimum subtotal';
  if (f.condition === 'quantity' && !Number.isInteger(wholeOf(f.minimumQuantity)))
    out['trigger.itemQuantityRange.from'] = 'Enter the minimum quantity as a whole number';
  return out;
}

function triggerOf(f: RuleForm) {
  const scopes = f.items.all ? [] : scopesOf(f.items);
  if (f.condition === 'subtotal')
    return { triggerType: 'SUBTOTAL_RANGE' as const, subtotalRange: { scopes, from: decimalOf(f.minimumSubtotal) } };
  if (f.condition === 'quantity')
    return {
      triggerType: 'ITEM_QUANTITY_RANGE' as const,
      itemQuantityRange: { scopes, from: wholeOf(f.minimumQuantity) },
    };
  return null;
}

/** The rule as the API takes it; conditions set through the API are left out, so that they stay as they are. */
export function ruleInputOf(f: RuleForm) {
  const value =
    f.type === 'PERCENTAGE'
      ? { percentage: Number(decimalOf(f.value)) }
      : f.type === 'FIXED_AMOUNT'
        ? { fixedAmount: decimalOf(f.value) ?? '' }
        : { fixedPrice: decimalOf(f.value) ?? '' };
  return {
    name: f.name.trim(),
    active: f.active,
    discounts: {
      values: [
        {
          discountType: f.type,
          targetType: 'SPECIFIC_ITEMS' as const,
          ...value,
          specificItemsInfo: { scopes: scopesOf(f.items) },
        },
      ],
    },
    ...(f.condition === 'custom' ? {} : { trigger: triggerOf(f) }),
    activeTimeInfo: { start: isoOfLocalInput(f.start), end: isoOfLocalInput(f.end) },
  };
}
