import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.js';
import { allocate, currencyDigits, exactMinor, formatMoney, fromMinor, toMinor } from './money.js';

describe('money', () => {
  it('knows the minor-unit digits of a currency', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });
  it('converts decimal amounts to minor units without binary noise', () => {
    expect(toMinor(19.99, 'USD', 'price')).toBe(1999);
    expect(toMinor(1.1, 'USD', 'price')).toBe(110);
    expect(toMinor(1234, 'JPY', 'price')).toBe(1234);
    expect(toMinor(1.005, 'KWD', 'price')).toBe(1005);
    expect(toMinor(-2.5, 'USD', 'price')).toBe(-250);
    expect(fromMinor(1999, 'USD')).toBe(19.99);
  });
  it('refuses an amount finer than the currency instead of rounding it', () => {
    expect(exactMinor(0.001, 'USD')).toBeUndefined();
    expect(exactMinor(1.005, 'USD')).toBeUndefined();
    expect(exactMinor(10.5, 'JPY')).toBeUndefined();
    expect(exactMinor(1e-7, 'KWD')).toBeUndefined();
    expect(() => toMinor(0.001, 'USD', 'product.priceData.price')).toThrow(ValidationError);
    expect(() => toMinor(10.5, 'JPY', 'set.price')).toThrow(
      expect.objectContaining({
        violations: [
          {
            field: 'set.price',
            description: 'must have no decimal places for JPY',
            violatedRule: 'DECIMAL_MAX_SCALE',
            data: { maxScale: 0 },
          },
        ],
      }),
    );
  });
  it('formats amounts for the currency and locale', () => {
    expect(formatMoney(1250, 'USD', 'en-US')).toBe('$12.50');
    expect(formatMoney(1250, 'JPY', 'en-US')).toBe('¥1,250');
  });
  it('round-trips any cent amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999 }),
        (minor) => toMinor(fromMinor(minor, 'USD'), 'USD', 'amount') === minor,
      ),
    );
  });
});

describe('allocate', () => {
  it('splits by weight with the remainder going to the largest fractions', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [3, 1])).toEqual([8, 2]);
  });
  it('always returns non-negative parts that add up exactly to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          expect(parts.every((p) => p >= 0 && Number.isInteger(p))).toBe(true);
        },
      ),
    );
  });
});
