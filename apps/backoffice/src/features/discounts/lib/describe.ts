import type { Coupon, DiscountRule } from '@merx/sdk';
import { formatMoney, formatNumber } from '../../../lib/format';
import { selectionOf, selectionText } from './items';

type BadgeTone = 'neutral' | 'success' | 'warning' | 'critical' | 'info';

/** What a discount gives, in a few words: "10% off", "$5.00 off", "$9.99 each", "Free shipping". */
export function valueText(d: {
  discountType: string;
  percentage?: number | undefined;
  fixedAmount?: string | undefined;
  fixedPrice?: string | undefined;
}): string {
  switch (d.discountType) {
    case 'PERCENTAGE':
      return `${formatNumber(d.percentage)}% off`;
    case 'FIXED_AMOUNT':
      return `${formatMoney(d.fixedAmount)} off`;
    case 'FIXED_PRICE':
      return `${formatMoney(d.fixedPrice)} each`;
    default:
      return 'Free shipping';
  }
}

/** What a coupon gives and on what: "10% off · whole order". */
export function couponSummary(c: Coupon): string {
  const d = c.discount;
  if (d.discountType === 'FREE_SHIPPING') return 'Free shipping';
  const on =
    d.targetType === 'GLOBAL'
      ? 'whole order'
      : d.targetType === 'SHIPPING'
        ? 'shipping'
        : selectionText(selectionOf(d.specificItemsInfo?.scopes ?? [])).toLowerCase();
  return `${valueText(d)} · ${on}`;
}

/** What a rule gives and on what. */
export function ruleSummary(r: DiscountRule): string {
  const v = r.discounts.values[0];
  if (!v) return '—';
  return `${valueText(v)} · ${selectionText(selectionOf(v.specificItemsInfo.scopes)).toLowerCase()}`;
}

/** When a rule applies, in words. */
export function conditionText(r: DiscountRule): string {
  const t = r.trigger;
  if (!t) return 'Always';
  if (t.subtotalRange?.from !== undefined && t.subtotalRange.to === undefined)
    return `Subtotal ${formatMoney(t.subtotalRange.from)} or more`;
  if (t.itemQuantityRange?.from !== undefined && t.itemQuantityRange.to === undefined)
    return `${formatNumber(t.itemQuantityRange.from)} or more items`;
  return 'Set through the API';
}

/** A discount's state as the merchant thinks of it: on and running, waiting for its start, over, or off. */
export function statusOf(d: {
  active: boolean;
  status: 'LIVE' | 'EXPIRED' | 'PENDING';
  usageCount?: number;
  limits?: { usageLimit?: number | undefined };
}): { label: string; tone: BadgeTone } {
  if (!d.active) return { label: 'Inactive', tone: 'neutral' };
  if (d.status === 'EXPIRED') return { label: 'Expired', tone: 'warning' };
  if (d.status === 'PENDING') return { label: 'Scheduled', tone: 'info' };
  const limit = d.limits?.usageLimit;
  if (limit !== undefined && (d.usageCount ?? 0) >= limit) return { label: 'Used up', tone: 'warning' };
  return { label: 'Active', tone: 'success' };
}

/** "Mar 1, 2026 – Apr 1, 2026", "From Mar 1, 2026", "Until …", or "No end date". */
export function windowText(start: string | undefined, end: string | undefined, date: (iso: string) => string): string {
  if (start && end) return `${date(start)} – ${date(end)}`;
  if (start) return `From ${date(start)}`;
  if (end) return `Until ${date(end)}`;
  return 'No end date';
}
