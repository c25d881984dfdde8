import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from '../money/money.js';
import { mulDivRound, percentOf, split, splitExact, toMillionths } from './arithmetic.js';

describe('exact arithmetic', () => {
  it('rounds a product and quotient half away from zero', () => {
    expect(mulDivRound(1005, 10, 100)).toBe(101);
    expect(mulDivRound(1004, 10, 100)).toBe(100);
    expect(mulDivRound(1, 1, 3)).toBe(0);
    expect(mulDivRound(2, 1, 3)).toBe(1);
  });

  it('stays exact where floating point would not', () => {
    // 9,007,199,254,740,991 × 3 / 3 overflows 2^53 in floating point.
    expect(mulDivRound(Number.MAX_SAFE_INTEGER, 3, 3)).toBe(Number.MAX_SAFE_INTEGER);
    expect(percentOf(1_000_000_000_000, 8.875)).toBe(88_750_000_000);
  });

  it('reads rates without binary noise', () => {
    expect(toMillionths(0.0825)).toBe(82_500);
    expect(toMillionths(0.1 + 0.2)).toBe(300_000);
    expect(percentOf(1010, 15)).toBe(152);
  });
});

describe('split', () => {
  it('gives the same parts as money.allocate in its safe range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (total, weights) => {
          expect(splitExact(total, weights)).toEqual(allocate(total, weights));
          expect(split(total, weights)).toEqual(allocate(total, weights));
        },
      ),
    );
  });

  it('splits amounts past 2^53 of product exactly', () => {
    const weights = [3_333_333_333_333, 3_333_333_333_333, 3_333_333_333_334];
    const parts = split(9_999_999_999_999, weights);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(9_999_999_999_999);
    expect(parts).toEqual([3_333_333_333_333, 3_333_333_333_333, 3_333_333_333_333]);
  });

  it('keeps every part within its weight when the total does not exceed their sum', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const total = Math.floor(weights.reduce((a, b) => a + b, 0) * share);
          const parts = split(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          for (const [i, part] of parts.entries()) expect(part).toBeLessThanOrEqual(weights[i]!);
        },
      ),
    );
  });
});
