/**
 * Applying discounts: item steps over the lines (sorted by id, so split remainders land on the same line
 * whatever the input order), then shipping steps on the charged shipping price, each on what the
 * previous steps left. See discounts.ts for which steps there are and in which order.
 */
import { percentOf, split, sum } from './arithmetic.js';
import { type DiscountStep, lineInTarget } from './discounts.js';
import type {
  AppliedDiscount,
  CalculationError,
  CouponRejectionReason,
  CouponResult,
  LineItemDiscount,
} from './result-types.js';
import type { Coupon, DiscountValue, TotalsLineItem } from './types.js';

/** A line as the discount pass sees it: its subtotal, what is left of it, and the discounts so far. */
export interface DiscountedLine {
  line: TotalsLineItem;
  /** Position in the input. */
  index: number;
  /** Catalog price × quantity. */
  subtotal: number;
  /** Price after the discounts applied so far. */
  remaining: number;
  /** Discounts applied so far. */
  discounts: LineItemDiscount[];
}

/** The lines before any discount, in input order. */
export function discountedLines(lineItems: readonly TotalsLineItem[]): DiscountedLine[] {
  return lineItems.map((line, index) => {
    const subtotal = line.price * line.quantity;
    return { line, index, subtotal, remaining: subtotal, discounts: [] };
  });
}

/** Sum of the lines' subtotals or remaining prices. */
export function sumOf(lines: readonly DiscountedLine[], key: 'subtotal' | 'remaining'): number {
  return lines.reduce((total, l) => total + l[key], 0);
}

/** Each in-scope line's share of one item discount, computed on what is left of the lines. */
function itemDiscountParts(value: DiscountValue, lines: readonly DiscountedLine[]): number[] {
  const remaining = lines.map((l) => l.remaining);
  const base = remaining.reduce((a, b) => a + b, 0);
  switch (value.discountType) {
    case 'PERCENTAGE':
      return split(percentOf(base, value.percentage ?? 0), remaining);
    case 'FIXED_AMOUNT':
      return split(Math.min(value.fixedAmount ?? 0, base), remaining);
    case 'FIXED_PRICE':
      return lines.map((l) => Math.max(0, l.remaining - (value.fixedPrice ?? 0) * l.line.quantity));
  }
}

/**
 * Applies one item discount to the lines (which must be sorted by id, so that remainders of a split
 * land on the same line whatever the input order), and returns each line's positive share.
 */
export function applyItemDiscount(step: DiscountStep, sortedLines: readonly DiscountedLine[]): LineShare[] {
  const inScope = sortedLines.filter((l) => lineInTarget(l.line, step.value));
  const parts = itemDiscountParts(step.value, inScope);
  const shares: LineShare[] = [];
  inScope.forEach((l, i) => {
    const amount = parts[i] ?? 0;
    if (amount <= 0) return;
    l.remaining -= amount;
    l.discounts.push({ ...step.source, amount });
    shares.push({ line: l, amount });
  });
  return shares;
}

/** One line's share of one discount. */
export interface LineShare {
  line: DiscountedLine;
  amount: number;
}

/** What one shipping discount takes off a shipping price (never more than the price). */
export function shippingDiscountAmount(value: DiscountValue, price: number): number {
  switch (value.discountType) {
    case 'PERCENTAGE':
      return percentOf(price, value.percentage ?? 0);
    case 'FIXED_AMOUNT':
      return Math.min(value.fixedAmount ?? 0, price);
    case 'FIXED_PRICE':
      return Math.max(0, price - (value.fixedPrice ?? 0));
  }
}

/** Applies the item steps over the lines sorted by id; one applied discount per step that took something. */
export function discountItems(steps: readonly DiscountStep[], lines: readonly DiscountedLine[]): AppliedDiscount[] {
  const sorted = [...lines].sort((a, b) => (a.line.id < b.line.id ? -1 : a.line.id > b.line.id ? 1 : 0));
  const applied: AppliedDiscount[] = [];
  for (const step of steps.filter((s) => s.value.targetType !== 'SHIPPING')) {
    const shares = applyItemDiscount(step, sorted).sort((a, b) => a.line.index - b.line.index);
    const amount = sum(shares.map((s) => s.amount));
    if (amount === 0 && !step.source.coupon) continue;
    applied.push({
      ...step.source,
      discountType: step.value.targetType,
      discountValueType: step.value.discountType,
      amount,
      lineItems: shares.map((s) => ({ lineItemId: s.line.line.id, amount: s.amount })),
    });
  }
  return applied;
}

/** Applies the shipping steps, one after the other, to the charged shipping price. */
export function discountShipping(
  steps: readonly DiscountStep[],
  price: number | undefined,
): { applied: AppliedDiscount[]; total: number } {
  if (price === undefined) return { applied: [], total: 0 };
  let remaining = price;
  const applied: AppliedDiscount[] = [];
  for (const step of steps.filter((s) => s.value.targetType === 'SHIPPING')) {
    const amount = shippingDiscountAmount(step.value, remaining);
    remaining -= amount;
    if (amount === 0 && !step.source.coupon) continue;
    applied.push({
      ...step.source,
      discountType: 'SHIPPING',
      discountValueType: step.value.discountType,
      amount,
      lineItems: [],
    });
  }
  return { applied, total: price - remaining };
}

export function couponResult(
  coupon: Coupon,
  rejection: CouponRejectionReason | undefined,
  applied: readonly AppliedDiscount[],
  shippingCharged: boolean,
): CouponResult {
  const reason =
    rejection ?? (coupon.discount.targetType === 'SHIPPING' && !shippingCharged ? 'NO_SHIPPING' : undefined);
  const amount = sum(applied.filter((a) => a.coupon?.id === coupon.id).map((a) => a.amount));
  return { id: coupon.id, code: coupon.code, applied: reason === undefined, ...(reason ? { reason } : {}), amount };
}

const COUPON_MESSAGES: Record<CouponRejectionReason, string> = {
  NOT_ACTIVE: 'is not active yet',
  EXPIRED: 'has expired',
  BELOW_MINIMUM_SUBTOTAL: 'needs a larger subtotal',
  NO_ITEMS_IN_SCOPE: 'does not apply to any item in this purchase',
  NO_SHIPPING: 'discounts shipping, and nothing is shipped',
};

export function couponError(coupon: CouponResult): CalculationError {
  const reason = coupon.reason ?? 'NOT_ACTIVE';
  return {
    type: 'COUPON',
    code: `COUPON_${reason}`,
    description: `The coupon ${coupon.code} ${COUPON_MESSAGES[reason]}.`,
    data: { couponCode: coupon.code, reason },
  };
}
