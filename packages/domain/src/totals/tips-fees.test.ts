import { describe, expect, it } from 'vitest';
import type { ManualAdditionalFee, TipSettings } from './store-types.js';
import { line, percentOff, purchase, rule, taxRegion, taxSettings } from './test-factories.js';
import { calculateTip } from './tips.js';
import { calculateTotals } from './totals.js';

const percentTips: TipSettings = {
  tipType: 'PERCENTAGE',
  presets: [{ value: 10 }, { value: 15 }, { value: 20 }],
  allowCustomAmount: true,
};
const amountTips: TipSettings = {
  tipType: 'AMOUNT',
  presets: [{ value: 100 }, { value: 250 }],
  allowCustomAmount: false,
};
const digital = (id: string, overrides: Parameters<typeof line>[1] = {}) =>
  line(id, { itemType: 'DIGITAL', ...overrides });

describe('tips', () => {
  it('takes a percentage preset of the items subtotal after discounts, rounded half away from zero', () => {
    const totals = calculateTotals(
      purchase([digital('a', { price: 1010 })], {
        discountRules: [rule('r', percentOff(50))],
        tipSettings: percentTips,
        selectedTip: { presetIndex: 1 },
      }),
    );
    // 15% of 5.05 is 0.7575 → 0.76.
    expect(totals.tip).toEqual({ amount: 76, tipType: 'PERCENTAGE', presetIndex: 1, percentage: 15 });
    expect(totals.priceSummary).toMatchObject({ tip: 76, total: 505 + 76 });
  });

  it('adds an amount preset as it is', () => {
    expect(calculateTip(amountTips, { presetIndex: 1 }, 1000).tip).toEqual({
      amount: 250,
      tipType: 'AMOUNT',
      presetIndex: 1,
    });
  });

  it('adds a custom amount when the store allows it', () => {
    expect(calculateTip(percentTips, { customAmount: 333 }, 1000)).toEqual({ tip: { amount: 333, tipType: 'CUSTOM' } });
  });

  it('refuses a custom amount the store does not allow, without throwing', () => {
    const totals = calculateTotals(
      purchase([digital('a')], { tipSettings: amountTips, selectedTip: { customAmount: 500 } }),
    );
    expect(totals.tip).toEqual({ amount: 0 });
    expect(totals.priceSummary.total).toBe(1000);
    expect(totals.calculationErrors).toEqual([
      expect.objectContaining({ type: 'TIP', code: 'CUSTOM_TIP_NOT_ALLOWED' }),
    ]);
  });

  it('refuses a negative or fractional custom tip', () => {
    expect(calculateTip(percentTips, { customAmount: -100 }, 1000).error?.code).toBe('INVALID_TIP_AMOUNT');
    expect(calculateTip(percentTips, { customAmount: 1.5 }, 1000).error?.code).toBe('INVALID_TIP_AMOUNT');
  });

  it('refuses a preset that does not exist, including past the third', () => {
    const four: TipSettings = { ...amountTips, presets: [{ value: 1 }, { value: 2 }, { value: 3 }, { value: 4 }] };
    expect(calculateTip(amountTips, { presetIndex: 2 }, 1000).error?.code).toBe('TIP_PRESET_NOT_FOUND');
    expect(calculateTip(four, { presetIndex: 3 }, 1000).error?.code).toBe('TIP_PRESET_NOT_FOUND');
    expect(calculateTip(four, { presetIndex: -1 }, 1000).error?.code).toBe('TIP_PRESET_NOT_FOUND');
  });

  it('refuses any tip when the store takes none', () => {
    expect(calculateTip(null, { presetIndex: 0 }, 1000).error?.code).toBe('TIPS_NOT_ALLOWED');
    expect(calculateTip({ ...percentTips, allowCustomerTip: false }, { presetIndex: 0 }, 1000).error?.code).toBe(
      'TIPS_NOT_ALLOWED',
    );
  });

  it('is zero without a choice', () => {
    expect(calculateTip(percentTips, null, 1000)).toEqual({ tip: { amount: 0 } });
  });
});

describe('additional fees', () => {
  const handling: ManualAdditionalFee = {
    code: 'handling',
    name: 'Handling',
    chargeType: 'HANDLING_FEE',
    price: 300,
    taxable: true,
  };
  const insurance: ManualAdditionalFee = {
    code: 'insurance',
    name: 'Insurance',
    chargeType: 'INSURANCE',
    price: 200,
    taxable: false,
  };

  it('adds manual and item fees, taxing only the taxable ones', () => {
    const wrapped = digital('a', {
      additionalFees: [{ code: 'wrap', name: 'Gift wrap', chargeType: 'HANDLING_FEE', price: 150, taxable: true }],
    });
    const totals = calculateTotals(
      purchase([wrapped], {
        additionalFees: [handling, insurance],
        billingAddress: { country: 'US' },
        tax: taxSettings([taxRegion('US', 0.1)]),
      }),
    );
    expect(
      totals.additionalFees.map((f) => [f.code, f.source, f.lineItemIds, f.priceBeforeTax, f.priceAfterTax]),
    ).toEqual([
      ['handling', 'MANUAL', [], 300, 330],
      ['insurance', 'MANUAL', [], 200, 200],
      ['wrap', 'ITEM', ['a'], 150, 165],
    ]);
    // items 10.00 + 1.00 tax, fees 6.50 + 0.45 tax.
    expect(totals.priceSummary).toMatchObject({ additionalFees: 650, additionalFeesTotal: 695, tax: 145, total: 1795 });
  });

  it('extracts tax from fees when prices include tax', () => {
    const totals = calculateTotals(
      purchase([digital('a')], {
        additionalFees: [{ ...handling, price: 330 }],
        billingAddress: { country: 'US' },
        tax: taxSettings([taxRegion('US', 0.1)], { taxIncludedInPrice: true }),
      }),
    );
    expect(totals.additionalFees[0]).toMatchObject({ price: 330, priceBeforeTax: 300, priceAfterTax: 330 });
    expect(totals.priceSummary).toMatchObject({ additionalFees: 330, total: 1330 });
  });

  it('never discounts a fee', () => {
    const totals = calculateTotals(
      purchase([digital('a')], { additionalFees: [insurance], discountRules: [rule('r', percentOff(100))] }),
    );
    expect(totals.priceSummary).toMatchObject({ discount: 1000, additionalFees: 200, total: 200 });
  });
});
