import type { Coupon } from '@merx/sdk';
import { everyProduct, type ItemSelection, scopesOf, selectionOf, someProducts } from './items';
import { decimalOf, isoOfLocalInput, localInputOf, moneyInputOf, wholeOf } from './values';

export type CouponType = Coupon['discount']['discountType'];
export type CouponTarget = Coupon['discount']['targetType'];

/** A coupon as its page edits it: every value as the merchant types it. */
export interface CouponForm {
  code: string;
  name: string;
  active: boolean;
  type: CouponType;
  /** A percentage ("10") or an amount ("5.50"), as `type` says; unused for free shipping. */
  value: string;
  /** GLOBAL stands for "the entire order" (for a fixed price: every item at that price). */
  target: CouponTarget;
  /** The products and collections of a SPECIFIC_ITEMS coupon (never `all`). */
  items: ItemSelection;
  limitTotal: boolean;
  usageLimit: string;
  limitPerCustomer: boolean;
  usageLimitPerCustomer: string;
  hasMinimum: boolean;
  minimumSubtotal: string;
  start: string;
  end: string;
}

export const blankCoupon: CouponForm = {
  code: '',
  name: '',
  active: true,
  type: 'PERCENTAGE',
  value: '',
  target: 'GLOBAL',
  items: someProducts,
  limitTotal: false,
  usageLimit: '',
  limitPerCustomer: false,
  usageLimitPerCustomer: '1',
  hasMinimum: false,
  minimumSubtotal: '',
  start: '',
  end: '',
};

export function couponFormOf(c: Coupon): CouponForm {
  const d = c.discount;
  const value = d.percentage !== undefined ? String(d.percentage) : moneyInputOf(d.fixedAmount ?? d.fixedPrice);
  const items = d.specificItemsInfo ? selectionOf(d.specificItemsInfo.scopes) : someProducts;
  // Every product is the entire order, as the page offers it.
  const everything = d.targetType === 'SPECIFIC_ITEMS' && items.all;
  return {
    code: c.code,
    name: c.name,
    active: c.active,
    type: d.discountType,
    value,
    target: everything ? 'GLOBAL' : d.targetType,
    items: everything ? someProducts : items,
    limitTotal: c.limits.usageLimit !== undefined,
    usageLimit: c.limits.usageLimit !== undefined ? String(c.limits.usageLimit) : '',
    limitPerCustomer: c.limits.usageLimitPerCustomer !== undefined,
    usageLimitPerCustomer: String(c.limits.usageLimitPerCustomer ?? 1),
    hasMinimum: c.limits.minimumSubtotal !== undefined,
    minimumSubtotal: moneyInputOf(c.limits.minimumSubtotal),
    start: localInputOf(c.startDate),
    end: localInputOf(c.expirationDate),
  };
}

/** The target a type allows: free shipping is always on the shipping. */
export function targetFor(type: CouponType, target: CouponTarget): CouponTarget {
  return type === 'FREE_SHIPPING' ? 'SHIPPING' : target;
}

/** What the page checks before asking the server (which checks everything else): values that must be there. */
export function couponProblems(f: CouponForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (!f.code.trim()) out['code'] = 'Enter a code, or generate one';
  if (f.type !== 'FREE_SHIPPING' && !f.value.trim())
    out[valueField(f.type)] = f.type === 'PERCENTAGE' ? 'Enter a percentage' : 'Enter an amount';
  else if (f.type === 'PERCENTAGE' && !Number.isFinite(Number(decimalOf(f.value))))
    out[valueField(f.type)] = 'Enter a number such as 10';
  const target = targetFor(f.type, f.target);
  if (target === 'SPECIFIC_ITEMS' && f.items.productIds.length + f.items.collectionIds.length === 0)
    out['discount.specificItemsInfo'] = 'Choose at least one product or collection';
  if (f.limitTotal && !Number.isInteger(wholeOf(f.usageLimit)))
    out['limits.usageLimit'] = 'Enter how many times the code can be used, as a whole number';
  if (f.limitPerCustomer && !Number.isInteger(wholeOf(f.usageLimitPerCustomer)))
    out['limits.usageLimitPerCustomer'] = 'Enter a whole number';
  if (f.hasMinimum && !f.minimumSubtotal.trim()) out['limits.minimumSubtotal'] = 'Enter the minimum subtotal';
  return out;
}

/** The field a type's value is refused on (as the server names it, relative to the coupon). */
export function valueField(type: CouponType): string {
  return type === 'PERCENTAGE'
    ? 'discount.percentage'
    : type === 'FIXED_AMOUNT'
      ? 'discount.fixedAmount'
      : 'discount.fixedPrice';
}

/** The coupon as the API takes it (every field given, so an update replaces what the page shows). */
export function couponInputOf(f: CouponForm) {
  const target = targetFor(f.type, f.target);
  const value =
    f.type === 'PERCENTAGE'
      ? { percentage: Number(decimalOf(f.value) ?? Number.NaN) }
      : f.type === 'FIXED_AMOUNT'
        ? { fixedAmount: decimalOf(f.value) ?? '' }
        : f.type === 'FIXED_PRICE'
          ? { fixedPrice: decimalOf(f.value) ?? '' }
          : {};
  const code = f.code.trim();
  // A fixed price on the entire order is every item at that price: the API takes it as every product.
  const everyItem = target === 'GLOBAL' && f.type === 'FIXED_PRICE';
  const scopes = everyItem ? scopesOf(everyProduct) : target === 'SPECIFIC_ITEMS' ? scopesOf(f.items) : undefined;
  return {
    code,
    name: f.name.trim() || code,
    active: f.active,
    discount: {
      discountType: f.type,
      targetType: everyItem ? ('SPECIFIC_ITEMS' as const) : target,
      ...value,
      ...(scopes ? { specificItemsInfo: { scopes } } : {}),
    },
    limits: {
      usageLimit: f.limitTotal ? wholeOf(f.usageLimit) : null,
      usageLimitPerCustomer: f.limitPerCustomer ? wholeOf(f.usageLimitPerCustomer) : null,
      minimumSubtotal: f.hasMinimum ? decimalOf(f.minimumSubtotal) : null,
    },
    startDate: isoOfLocalInput(f.start),
    expirationDate: isoOfLocalInput(f.end),
  };
}
