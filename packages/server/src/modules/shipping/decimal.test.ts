import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToScaled, numberToScaled, scaledToDecimal } from './decimal.js';

describe('decimal strings and scaled integers', () => {
  it('reads decimal strings exactly, refusing more decimals than the scale', () => {
    expect(decimalToScaled('12.5', 2)).toBe(1250);
    expect(decimalToScaled('0.07', 2)).toBe(7);
    expect(decimalToScaled('12.500', 2)).toBe(1250);
    expect(decimalToScaled('1.005', 2)).toBeUndefined();
    expect(decimalToScaled('0.0825', 6)).toBe(82500);
    expect(decimalToScaled('999999999.99', 2)).toBe(99999999999);
    expect(decimalToScaled('-1', 2)).toBeUndefined();
    expect(decimalToScaled('1e3', 2)).toBeUndefined();
  });

  it('writes the shortest exact decimal', () => {
    expect(scaledToDecimal(1250, 2)).toBe('12.5');
    expect(scaledToDecimal(2200, 2)).toBe('22');
    expect(scaledToDecimal(7, 2)).toBe('0.07');
    expect(scaledToDecimal(0, 2)).toBe('0');
    expect(scaledToDecimal(1200, 0)).toBe('1200');
    expect(scaledToDecimal(1, 6)).toBe('0.000001');
  });

  it('writes cents (the fast path) as the general rule does, negative amounts included', () => {
    expect(scaledToDecimal(-7, 2)).toBe('-0.07');
    expect(scaledToDecimal(-1250, 2)).toBe('-12.5');
    expect(scaledToDecimal(1010, 2)).toBe('10.1');
    expect(scaledToDecimal(1001, 2)).toBe('10.01');
    const byRule = (value: number) => {
      const abs = BigInt(Math.abs(value));
      const fraction = String(abs % 100n)
        .padStart(2, '0')
        .replace(/0+$/, '');
      return `${value < 0 ? '-' : ''}${abs / 100n}${fraction ? `.${fraction}` : ''}`;
    };
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(scaledToDecimal(value, 2)).toBe(byRule(value));
      }),
    );
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), fc.integer({ min: 0, max: 6 }), (value, scale) => {
        expect(decimalToScaled(scaledToDecimal(value, scale), scale)).toBe(value);
      }),
    );
  });

  it('reads JSON numbers by their shortest decimal form', () => {
    expect(numberToScaled(0.29, 2)).toBe(29);
    expect(numberToScaled(12.5, 2)).toBe(1250);
    expect(numberToScaled(1.005, 2)).toBeUndefined();
    expect(numberToScaled(-1, 2)).toBeUndefined();
    expect(numberToScaled(1e-7, 6)).toBeUndefined();
  });
});
