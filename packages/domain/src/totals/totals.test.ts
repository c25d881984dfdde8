import { describe, expect, it } from 'vitest';
import type { TaxRegion } from './store-types.js';
import {
  amountOff,
  coupon,
  flatShipping,
  line,
  NEW_YORK,
  percentOff,
  purchase,
  rule,
  taxRegion,
  taxSettings,
} from './test-factories.js';
import { calculateTotals } from './totals.js';

const newYork: TaxRegion = {
  country: 'US',
  subdivision: 'NY',
  jurisdictions: [
    { jurisdiction: 'New York', jurisdictionType: 'STATE', rate: 0.04 },
    { jurisdiction: 'New York City', jurisdictionType: 'CITY', rate: 0.045, taxGroupRates: { clothing: 0 } },
    { jurisdiction: 'MCTD', jurisdictionType: 'SPECIAL', rate: 0.00375 },
  ],
};

describe('calculateTotals', () => {
  it('prices a whole checkout: rule, coupon, shipping, tax, fee and tip', () => {
    const totals = calculateTotals(
      purchase(
        [
          line('a', {
            price: 2500,
            fullPrice: 3000,
            quantity: 2,
            collectionIds: ['summer'],
            weight: 0.3,
            taxGroupId: 'clothing',
          }),
          line('b', { price: 1250, weight: 0.5 }),
          line('c', { price: 999, itemType: 'DIGITAL' }),
        ],
        {
          discountRules: [
            rule('summer', percentOff(20, 'SPECIFIC_ITEMS', [{ collectionIds: ['summer'] }]), {
              trigger: { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 2 } },
            }),
          ],
          coupon: coupon('TAKE5', amountOff(500)),
          shippingAddress: NEW_YORK,
          shippingOptions: [
            flatShipping('std', 0, {
              freeShippingThreshold: 10_000,
              rates: [
                { amount: 500, conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'LTE', value: 1 }] },
                { amount: 900, conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'GT', value: 1 }] },
              ],
            }),
          ],
          tax: taxSettings([newYork]),
          tipSettings: { tipType: 'PERCENTAGE', presets: [{ value: 10 }], allowCustomAmount: false },
          selectedTip: { presetIndex: 0 },
          additionalFees: [
            { code: 'handling', name: 'Handling', chargeType: 'HANDLING_FEE', price: 200, taxable: false },
          ],
        },
      ),
    );
    // Summer: 20% of 50.00 = 10.00 on a. Coupon: 5.00 over 40.00 / 12.50 / 9.99 → 3.20, 1.00, 0.80 (remainder to c).
    expect(totals.lineItems[0]).toEqual({
      lineItemId: 'a',
      quantity: 2,
      fullPrice: 3000,
      priceBeforeDiscounts: 2500,
      subtotal: 5000,
      discounts: [
        { discountRule: { id: 'summer', name: 'Rule summer' }, amount: 1000 },
        { coupon: { id: 'coupon-TAKE5', code: 'TAKE5' }, amount: 320 },
      ],
      totalDiscount: 1320,
      totalPriceBeforeTax: 3680,
      // Clothing pays no city tax: 4.375% of 36.80 = 1.61, split 1.47 state + 0.14 MCTD.
      taxDetails: {
        taxableAmount: 3680,
        taxRate: 0.04375,
        totalTax: 161,
        exempt: false,
        taxBreakdown: [
          { jurisdiction: 'New York', jurisdictionType: 'STATE', rate: 0.04, taxableAmount: 3680, taxAmount: 147 },
          { jurisdiction: 'MCTD', jurisdictionType: 'SPECIAL', rate: 0.00375, taxableAmount: 3680, taxAmount: 14 },
        ],
      },
      totalPriceAfterTax: 3841,
    });
    // b: 11.50 + 1.02 tax; c: 9.19 + 0.82 tax; shipping (1.1 kg) 9.00 + 0.80 tax; tip 10% of 57.49 → 5.75.
    expect(totals.lineItems.map((l) => [l.totalDiscount, l.taxDetails.totalTax, l.totalPriceAfterTax])).toEqual([
      [1320, 161, 3841],
      [100, 102, 1252],
      [80, 82, 1001],
    ]);
    expect(totals.priceSummary).toEqual({
      subtotal: 7249,
      discount: 1500,
      itemsDiscount: 1500,
      shippingDiscount: 0,
      shipping: 900,
      tax: 425,
      additionalFees: 200,
      tip: 575,
      itemsTotal: 6094,
      shippingTotal: 980,
      additionalFeesTotal: 200,
      total: 7849,
    });
    expect(totals.calculationErrors).toEqual([]);
    expect(totals.violations).toEqual([]);
  });

  it('gives all zeros for an empty cart', () => {
    const totals = calculateTotals(purchase([]));
    expect(totals.priceSummary).toEqual({
      subtotal: 0,
      discount: 0,
      itemsDiscount: 0,
      shippingDiscount: 0,
      shipping: 0,
      tax: 0,
      additionalFees: 0,
      tip: 0,
      itemsTotal: 0,
      shippingTotal: 0,
      additionalFeesTotal: 0,
      total: 0,
    });
    expect(totals.calculationErrors).toEqual([]);
  });

  it('rounds to whole yen in a currency without minor digits', () => {
    const totals = calculateTotals(
      purchase([line('a', { price: 1050, itemType: 'DIGITAL' })], {
        currency: 'JPY',
        discountRules: [rule('r', percentOff(15))],
        billingAddress: { country: 'JP' },
        tax: taxSettings([taxRegion('JP', 0.1)]),
      }),
    );
    // 15% of ¥1,050 = ¥157.5 → ¥158; 10% of ¥892 = ¥89.2 → ¥89.
    expect(totals.priceSummary).toMatchObject({ discount: 158, tax: 89, total: 981 });
  });

  it('rounds to fils in a three-digit currency', () => {
    const totals = calculateTotals(
      purchase([line('a', { price: 1255, itemType: 'DIGITAL' })], {
        currency: 'KWD',
        discountRules: [rule('r', percentOff(10))],
        billingAddress: { country: 'KW' },
        tax: taxSettings([taxRegion('KW', 0.05)]),
      }),
    );
    // 10% of 1.255 KWD = 0.1255 → 0.126; 5% of 1.129 = 0.05645 → 0.056.
    expect(totals.priceSummary).toMatchObject({ discount: 126, tax: 56, total: 1185 });
  });

  it('reports unavailable lines as violations and still prices them', () => {
    const totals = calculateTotals(
      purchase([
        line('gone', { itemType: 'DIGITAL', name: 'Old poster', availability: { status: 'NOT_FOUND' } }),
        line('sold-out', { itemType: 'DIGITAL', availability: { status: 'NOT_AVAILABLE' } }),
        line('few', {
          itemType: 'DIGITAL',
          name: 'Mug',
          quantity: 5,
          availability: { status: 'PARTIALLY_AVAILABLE', quantityAvailable: 2 },
        }),
        line('fine', { itemType: 'DIGITAL', availability: { status: 'AVAILABLE' } }),
      ]),
    );
    expect(totals.violations).toEqual([
      {
        severity: 'ERROR',
        target: { lineItemId: 'gone' },
        code: 'ITEM_NOT_FOUND',
        description: 'Old poster is no longer available.',
        suggestedFix: 'REMOVE_LINE_ITEM',
      },
      {
        severity: 'ERROR',
        target: { lineItemId: 'sold-out' },
        code: 'ITEM_NOT_AVAILABLE',
        description: 'This item is no longer available.',
        suggestedFix: 'REMOVE_LINE_ITEM',
      },
      {
        severity: 'WARNING',
        target: { lineItemId: 'few' },
        code: 'INSUFFICIENT_STOCK',
        description: 'Only 2 of Mug left in stock.',
        suggestedFix: 'UNKNOWN_SUGGESTED_FIX',
      },
    ]);
    expect(totals.priceSummary.total).toBe(8000);
  });

  it('throws on broken invariants of its input', () => {
    expect(() => calculateTotals(purchase([line('a'), line('a')]))).toThrow(/duplicate line item id a/);
    expect(() => calculateTotals(purchase([line('a', { quantity: -1 })]))).toThrow(RangeError);
    expect(() => calculateTotals(purchase([line('a', { price: 9.99 })]))).toThrow(RangeError);
    expect(() => calculateTotals(purchase([], { now: 'yesterday' }))).toThrow(RangeError);
    expect(() => calculateTotals(purchase([], { currency: 'NOT A CURRENCY' }))).toThrow(RangeError);
    expect(() => calculateTotals(purchase([], { discountRules: [rule('r', percentOff(120))] }))).toThrow(RangeError);
    expect(() => calculateTotals(purchase([], { coupon: coupon('X', amountOff(-5)) }))).toThrow(RangeError);
  });
});
