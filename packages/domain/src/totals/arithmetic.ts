import { allocate } from '../money/money.js';
import type { Instant } from './types.js';

/** Rates and percentages are turned into integer millionths so every product is exact. */
export const MILLION = 1_000_000;

/** A decimal with up to 6 places as an integer count of millionths (0.0825 → 82 500). */
export function toMillionths(value: number): number {
  return Math.round(value * MILLION);
}

/** `round(a × b / c)` half away from zero, exact for any non-negative safe integers (BigInt inside). */
export function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const q = n / d;
  return Number(2n * (n - q * d) >= d ? q + 1n : q);
}

/** `percent`% of `amount` in minor units, rounded half away from zero (a negative percent counts as 0). */
export function percentOf(amount: number, percent: number): number {
  return mulDivRound(amount, Math.max(0, toMillionths(percent)), 100 * MILLION);
}

/**
 * Splits `total` in proportion to `weights` so the parts sum exactly to `total` (largest remainder, ties to
 * the earlier part). Uses `allocate` from money; past 2^53 its float products lose digits, so huge amounts
 * take the same method in BigInt.
 */
export function split(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total * sum <= Number.MAX_SAFE_INTEGER) return allocate(total, weights);
  return splitExact(total, weights);
}

/** `split` in exact integer arithmetic, for any safe-integer total and weights. */
export function splitExact(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0));
  const t = BigInt(total);
  const shares = weights.map((w, i) => ({ i, q: (t * BigInt(w)) / sum, r: (t * BigInt(w)) % sum }));
  const parts = shares.map((s) => Number(s.q));
  let remainder = total - parts.reduce((a, b) => a + b, 0);
  const order = [...shares].sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (let k = 0; remainder > 0; k = (k + 1) % order.length, remainder--) parts[order[k]!.i]! += 1;
  return parts;
}

/** The sum of some minor-unit amounts. */
export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** Milliseconds since the epoch of an instant; an unreadable date is a broken invariant. */
export function toTime(instant: Instant): number {
  const time = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${String(instant)}`);
  return time;
}

/** Throws unless `value` is a non-negative safe integer (an amount of minor units or a count). */
export function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer, got ${value}`);
  }
}

/** Compares a measured value with a condition value without binary noise (6 decimals). */
export function round6(value: number): number {
  return Math.round(value * MILLION) / MILLION;
}
