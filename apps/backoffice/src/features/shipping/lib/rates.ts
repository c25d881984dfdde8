import type { ShippingOption } from '@merx/sdk';
import { formatMoney } from '../../../lib/format';
import { decimalOf, moneyInputOf } from './values';

type WireRate = ShippingOption['rates'][number];
type ConditionType = WireRate['conditions'][number]['type'];

/** How an option prices: one flat amount, tiers of one measure, or rows set through the API that fit neither. */
export type RateMode = 'flat' | ConditionType | 'custom';

/** One tier: from (inclusive unless set otherwise through the API) up to (exclusive), and its price. */
export interface Tier {
  from: string;
  to: string;
  amount: string;
  fromOp: 'GTE' | 'GT';
  toOp: 'LT' | 'LTE';
}

export interface RatesForm {
  mode: RateMode;
  flatAmount: string;
  /** Flat rate charged once per item rather than once per order. */
  perItem: boolean;
  tiers: Tier[];
  /** The rows as read, kept while the mode is `custom`. */
  custom: WireRate[];
}

export const blankTier: Tier = { from: '', to: '', amount: '', fromOp: 'GTE', toOp: 'LT' };
export const blankRates: RatesForm = { mode: 'flat', flatAmount: '', perItem: false, tiers: [], custom: [] };

/** A rate row as one tier of `type`, if it is one: at most a lower and an upper bound of that measure. */
function tierOf(rate: WireRate, type: ConditionType): Tier | undefined {
  if (rate.multiplyByQuantity) return undefined;
  const money = type === 'BY_TOTAL_PRICE' ? moneyInputOf : (v: string) => v;
  const tier: Tier = { ...blankTier, amount: moneyInputOf(rate.amount) };
  let lower = false;
  let upper = false;
  for (const c of rate.conditions) {
    if (c.type !== type) return undefined;
    if ((c.operator === 'GTE' || c.operator === 'GT') && !lower) {
      lower = true;
      tier.from = money(c.value);
      tier.fromOp = c.operator;
    } else if ((c.operator === 'LT' || c.operator === 'LTE') && !upper) {
      upper = true;
      tier.to = money(c.value);
      tier.toOp = c.operator;
    } else return undefined;
  }
  return tier;
}

/** The rates form of an option's rate rows. */
export function ratesFormOf(rates: readonly WireRate[]): RatesForm {
  const first = rates[0];
  if (rates.length === 1 && first && first.conditions.length === 0)
    return { ...blankRates, flatAmount: moneyInputOf(first.amount), perItem: first.multiplyByQuantity };
  const type = rates.flatMap((r) => r.conditions)[0]?.type;
  if (type) {
    const tiers = rates.map((r) => tierOf(r, type));
    if (tiers.every((t): t is Tier => t !== undefined)) {
      const sorted = [...tiers].sort((a, b) => Number(a.from || 0) - Number(b.from || 0));
      return { ...blankRates, mode: type, tiers: sorted };
    }
  }
  return { ...blankRates, mode: 'custom', custom: [...rates] };
}

/** The rate rows the API takes; the index of each tier's row is its index here. */
export function ratesOf(f: RatesForm) {
  if (f.mode === 'custom') return f.custom;
  if (f.mode === 'flat')
    return [{ amount: decimalOf(f.flatAmount) ?? '', conditions: [], multiplyByQuantity: f.perItem }];
  const type = f.mode;
  return f.tiers.map((t) => ({
    amount: decimalOf(t.amount) ?? '',
    conditions: [
      ...(t.from.trim() ? [{ type, operator: t.fromOp, value: decimalOf(t.from) ?? '' }] : []),
      ...(t.to.trim() ? [{ type, operator: t.toOp, value: decimalOf(t.to) ?? '' }] : []),
    ],
    multiplyByQuantity: false,
  }));
}

/** Where the server names a tier's problems: its amount, and its from/to conditions by their place in the row. */
export function tierFields(t: Tier, index: number) {
  const base = `rates[${index}]`;
  const hasFrom = Boolean(t.from.trim());
  return {
    amount: `${base}.amount`,
    from: `${base}.conditions[0]`,
    to: `${base}.conditions[${hasFrom ? 1 : 0}]`,
  };
}

const MEASURE: Record<ConditionType, string> = {
  BY_TOTAL_WEIGHT: 'weight',
  BY_TOTAL_PRICE: 'order price',
  BY_TOTAL_QUANTITY: 'number of items',
};

/** An option's prices in a few words: "$5.00", "$1.00 per item", "By weight, from $4.00", "Free". */
export function ratesText(o: ShippingOption): string {
  const f = ratesFormOf(o.rates);
  const free = o.freeShippingThreshold ? ` · free from ${formatMoney(o.freeShippingThreshold)}` : '';
  if (f.mode === 'flat') {
    const amount = Number(f.flatAmount) === 0 ? 'Free' : formatMoney(f.flatAmount);
    return `${amount}${f.perItem ? ' per item' : ''}${free}`;
  }
  const cheapest = Math.min(...o.rates.map((r) => Number(r.amount)));
  const from = `from ${cheapest === 0 ? 'free' : formatMoney(cheapest)}`;
  if (f.mode === 'custom') return `${o.rates.length} rates, ${from}${free}`;
  return `By ${MEASURE[f.mode]}, ${from}${free}`;
}
