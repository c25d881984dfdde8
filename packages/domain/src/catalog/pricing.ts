import { roundMinor } from '../money/money.js';

export type DiscountType = 'NONE' | 'AMOUNT' | 'PERCENT';

export interface Discount {
  type: DiscountType;
  /** PERCENT: 0–100; AMOUNT: minor units. */
  value: number;
}

/** The price after the product's discount, in minor units, never below zero. */
export function discountedPrice(price: number, discount: Discount): number {
  if (discount.type === 'PERCENT') return Math.max(0, price - roundMinor((price * discount.value) / 100));
  if (discount.type === 'AMOUNT') return Math.max(0, price - discount.value);
  return price;
}

/** Profit and margin of selling at `price` what costs `cost` (margin as a fraction, 4 decimals). */
export function profitOf(price: number, cost: number): { profit: number; margin: number } {
  const profit = price - cost;
  const margin = price > 0 ? Math.round((profit / price) * 10_000) / 10_000 : 0;
  return { profit, margin };
}

/** Price per base unit: e.g. 250 G sold at 1000 → per 100 G = 400. */
export function pricePerUnit(price: number, totalQuantity: number, baseQuantity: number): number {
  return roundMinor((price * baseQuantity) / totalQuantity);
}
