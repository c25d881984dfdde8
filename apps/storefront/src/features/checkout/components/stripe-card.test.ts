import { describe, expect, it } from 'vitest';
import { minorUnits } from './stripe-card';

describe('minorUnits', () => {
  it("counts an amount in the currency's smallest unit, as Stripe takes it", () => {
    expect(minorUnits('18.72', 'USD')).toBe(1872);
    expect(minorUnits('0.29', 'EUR')).toBe(29);
    expect(minorUnits('1200', 'JPY')).toBe(1200);
    expect(minorUnits('1.234', 'KWD')).toBe(1234);
  });

  it('rounds away binary fractions rather than cutting a cent off', () => {
    // 4.35 * 100 is 434.99999999999994 in floating point.
    expect(minorUnits('4.35', 'USD')).toBe(435);
    expect(minorUnits('1.005', 'USD')).toBe(101);
  });
});
