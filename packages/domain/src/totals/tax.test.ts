import { describe, expect, it } from 'vitest';
import type { ShippingOption, TaxRegion } from './store-types.js';
import { findTaxRegion, resolveTaxableAddress } from './tax.js';
import { flatShipping, line, NEW_YORK, purchase, taxRegion, taxSettings } from './test-factories.js';
import { calculateTotals } from './totals.js';

const newYork: TaxRegion = {
  id: 'ny',
  country: 'US',
  subdivision: 'NY',
  jurisdictions: [
    { jurisdiction: 'New York', jurisdictionType: 'STATE', taxName: 'NY State Sales Tax', rate: 0.04 },
    { jurisdiction: 'New York City', jurisdictionType: 'CITY', rate: 0.045, taxGroupRates: { clothing: 0 } },
    { jurisdiction: 'MCTD', jurisdictionType: 'SPECIAL', rate: 0.00375 },
  ],
};
const newJersey = taxRegion('US', 0.06625, { id: 'nj', subdivision: 'US-NJ' });
const restOfUs = taxRegion('US', 0.05, { id: 'us', subdivision: '*' });
const digital = (id: string, overrides: Parameters<typeof line>[1] = {}) =>
  line(id, { itemType: 'DIGITAL', ...overrides });

describe('tax regions', () => {
  it('prefers a region naming the subdivision over a whole-country one', () => {
    const regions = [restOfUs, newYork, newJersey];
    expect(findTaxRegion(regions, NEW_YORK)?.id).toBe('ny');
    expect(findTaxRegion(regions, { country: 'us', subdivision: 'nj' })?.id).toBe('nj');
    expect(findTaxRegion(regions, { country: 'US', subdivision: 'TX' })?.id).toBe('us');
    expect(findTaxRegion(regions, { country: 'US' })?.id).toBe('us');
    expect(findTaxRegion(regions, { country: 'DE' })).toBeUndefined();
  });

  it('uses the configured address type, then the other buyer address, then the business address', () => {
    const shipping = { country: 'US' };
    const billing = { country: 'CA' };
    const business = { country: 'GB' };
    expect(resolveTaxableAddress('SHIPPING', { shipping, billing, business })?.type).toBe('SHIPPING');
    expect(resolveTaxableAddress('SHIPPING', { billing, business })?.type).toBe('BILLING');
    expect(resolveTaxableAddress('BILLING', { shipping, business })?.type).toBe('SHIPPING');
    expect(resolveTaxableAddress('BILLING', { business })?.address).toBe(business);
    expect(resolveTaxableAddress('BUSINESS', { shipping, billing, business })?.address).toBe(business);
    expect(resolveTaxableAddress('BUSINESS', { shipping, billing })).toBeUndefined();
  });
});

describe('tax in the totals', () => {
  const taxed = (lines = [digital('a')], overrides: Parameters<typeof purchase>[1] = {}) =>
    calculateTotals(purchase(lines, { billingAddress: NEW_YORK, tax: taxSettings([newYork, restOfUs]), ...overrides }));

  it('adds the jurisdictions rates up and splits the rounded tax between them exactly', () => {
    const totals = taxed();
    // 8.875% of 10.00 is 0.8875 → 0.89, split 4 : 4.5 : 0.375 → 0.40, 0.45, 0.04 (the spare cent by remainder).
    expect(totals.lineItems[0]?.taxDetails).toEqual({
      taxableAmount: 1000,
      taxRate: 0.08875,
      totalTax: 89,
      exempt: false,
      taxBreakdown: [
        expect.objectContaining({ jurisdiction: 'New York', jurisdictionType: 'STATE', rate: 0.04, taxAmount: 40 }),
        expect.objectContaining({
          jurisdiction: 'New York City',
          jurisdictionType: 'CITY',
          rate: 0.045,
          taxAmount: 45,
        }),
        expect.objectContaining({ jurisdiction: 'MCTD', jurisdictionType: 'SPECIAL', rate: 0.00375, taxAmount: 4 }),
      ],
    });
    expect(totals.priceSummary).toMatchObject({ tax: 89, total: 1089 });
    expect(totals.taxSummary).toMatchObject({
      rateType: 'MANUAL_RATE',
      manualRateReason: 'GLOBAL_SETTING_TO_MANUAL',
      taxableAddressType: 'BILLING',
      region: { id: 'ny', country: 'US', subdivision: 'NY' },
      taxableAmount: 1000,
      totalTax: 89,
    });
  });

  it('rounds tax once per line, half away from zero', () => {
    const totals = taxed([digital('a', { price: 1010 }), digital('b', { price: 1010 })], {
      tax: taxSettings([taxRegion('US', 0.05)]),
    });
    // 5% of 10.10 is 0.505 → 0.51 on each line: 1.02 in all (rounding the invoice once would give 1.01).
    expect(totals.lineItems.map((l) => l.taxDetails.totalTax)).toEqual([51, 51]);
    expect(totals.priceSummary.tax).toBe(102);
  });

  it('taxes the price after discounts', () => {
    const totals = taxed([digital('a')], {
      tax: taxSettings([taxRegion('US', 0.1)]),
      discountRules: [
        {
          id: 'r',
          name: 'r',
          discounts: { values: [{ discountType: 'FIXED_AMOUNT', fixedAmount: 500, targetType: 'GLOBAL' }] },
        },
      ],
    });
    expect(totals.lineItems[0]).toMatchObject({ totalPriceBeforeTax: 500, totalPriceAfterTax: 550 });
  });

  it('extracts tax from tax-inclusive prices without changing the total', () => {
    const vat = taxSettings([taxRegion('GB', 0.2)], { taxIncludedInPrice: true });
    const totals = taxed([digital('a', { price: 1200 }), digital('b', { price: 1089 })], {
      billingAddress: { country: 'GB' },
      tax: vat,
    });
    // 12.00 / 1.2 = 10.00 → 2.00 tax; 10.89 / 1.2 = 9.075 → 9.08 net, 1.81 tax.
    expect(totals.lineItems.map((l) => [l.totalPriceBeforeTax, l.taxDetails.totalTax, l.totalPriceAfterTax])).toEqual([
      [1000, 200, 1200],
      [908, 181, 1089],
    ]);
    expect(totals.priceSummary).toMatchObject({ subtotal: 2289, tax: 381, total: 2289 });
    expect(totals.taxIncludedInPrice).toBe(true);
  });

  it('uses the tax group rate of a jurisdiction for products of that group', () => {
    const totals = taxed([digital('shirt', { taxGroupId: 'clothing' }), digital('mug', { taxGroupId: 'kitchen' })]);
    // Clothing is exempt from the city tax only: 4.375% of 10.00 → 0.44.
    expect(totals.lineItems.map((l) => [l.taxDetails.taxRate, l.taxDetails.totalTax])).toEqual([
      [0.04375, 44],
      [0.08875, 89],
    ]);
    expect(totals.lineItems[0]?.taxDetails.taxBreakdown.map((b) => b.jurisdiction)).toEqual(['New York', 'MCTD']);
  });

  it('charges no tax on an exempt line', () => {
    const totals = taxed([digital('gift', { itemType: 'GIFT_CARD', taxExempt: true }), digital('a')]);
    expect(totals.lineItems[0]?.taxDetails).toEqual({
      taxableAmount: 1000,
      taxRate: 0,
      totalTax: 0,
      taxBreakdown: [],
      exempt: true,
    });
    expect(totals.taxSummary).toMatchObject({ taxableAmount: 1000, totalTax: 89 });
  });

  it('collects no tax where the merchant has no region, or when asked not to calculate it', () => {
    const abroad = taxed(undefined, { billingAddress: { country: 'DE' } });
    expect(abroad.taxSummary).toMatchObject({ rateType: 'NO_TAX_COLLECTED', totalTax: 0, breakdown: [] });
    expect(abroad.taxSummary.manualRateReason).toBeUndefined();
    expect(abroad.priceSummary.total).toBe(1000);
    const skipped = taxed(undefined, { calculateTax: false });
    expect(skipped.taxSummary).toMatchObject({ rateType: 'NO_TAX_COLLECTED', totalTax: 0 });
    const noSetup = taxed(undefined, { tax: null });
    expect(noSetup.taxSummary).toMatchObject({ rateType: 'NO_TAX_COLLECTED', taxIncludedInPrice: false });
  });

  it('taxes shipping at the region rates only when the store taxes shipping', () => {
    const shipped = (taxShipping: boolean) =>
      calculateTotals(
        purchase([line('a')], {
          shippingAddress: NEW_YORK,
          shippingOptions: [flatShipping('std', 500)],
          tax: taxSettings([taxRegion('US', 0.1)], { taxShipping }),
        }),
      );
    expect(shipped(true).shippingInfo.selectedCarrierServiceOption?.cost).toMatchObject({
      price: 500,
      totalPriceBeforeTax: 500,
      totalPriceAfterTax: 550,
    });
    expect(shipped(true).priceSummary).toMatchObject({ tax: 150, total: 1650 });
    expect(shipped(false).priceSummary).toMatchObject({ tax: 100, total: 1600 });
    expect(shipped(false).shippingInfo.selectedCarrierServiceOption?.cost.taxDetails.exempt).toBe(true);
  });

  it('taxes a chosen pickup at the pickup address, and a delivery at the address however cheap the pickup', () => {
    const pickup: ShippingOption = {
      code: 'pickup',
      title: 'Newark shop',
      rates: [{ amount: 0 }],
      pickup: { pickupMethod: 'STORE_PICKUP', address: { country: 'US', subdivision: 'NJ' } },
    };
    const totals = (code?: string) =>
      calculateTotals(
        purchase([line('a')], {
          shippingAddress: NEW_YORK,
          shippingOptions: [pickup, flatShipping('std', 500)],
          tax: taxSettings([newYork, newJersey]),
          ...(code ? { selectedShippingOption: { code } } : {}),
        }),
      );
    expect(totals('pickup').taxSummary).toMatchObject({
      region: { id: 'nj' },
      taxableAddressType: 'SHIPPING',
      totalTax: 66,
    });
    expect(totals().shippingInfo.selectedCarrierServiceOption?.code).toBe('std');
    expect(totals().taxSummary).toMatchObject({ region: { id: 'ny' }, taxableAddress: NEW_YORK });
  });

  it('sums the breakdown per jurisdiction and rate over lines and shipping', () => {
    const totals = calculateTotals(
      purchase([line('shirt', { taxGroupId: 'clothing' }), line('mug')], {
        shippingAddress: NEW_YORK,
        shippingOptions: [flatShipping('std', 500)],
        tax: taxSettings([newYork]),
      }),
    );
    const breakdown = totals.taxSummary.breakdown.map((b) => [
      b.jurisdiction,
      b.aggregatedTaxableAmount,
      b.aggregatedTaxAmount,
    ]);
    // shirt 0.44 = 0.40 state + 0.04 MCTD; mug 0.89 = 0.40 + 0.45 + 0.04; shipping 0.44 = 0.20 + 0.22 + 0.02.
    expect(breakdown).toEqual([
      ['New York', 2500, 100],
      ['New York City', 1500, 67],
      ['MCTD', 2500, 10],
    ]);
    expect(totals.priceSummary.tax).toBe(177);
  });
});
