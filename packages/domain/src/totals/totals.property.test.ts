import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Totals } from './result-types.js';
import { totalsInput } from './test-arbitraries.js';
import { calculateTotals } from './totals.js';
import type { TotalsInput } from './types.js';

const RUNS = { numRuns: 400 };
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Every number anywhere in the result. */
function numbersIn(value: unknown, path = 'totals'): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbersIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([k, v]) => numbersIn(v, `${path}.${k}`));
  }
  return [];
}

/** The result with every list whose order follows the lines put in line-id order. */
function byLineId(totals: Totals) {
  const id = (a: { lineItemId: string }, b: { lineItemId: string }) => (a.lineItemId < b.lineItemId ? -1 : 1);
  const lineIdOf = (v: Totals['violations'][number]) => ('lineItemId' in v.target ? v.target.lineItemId : '');
  return {
    ...totals,
    lineItems: [...totals.lineItems].sort(id),
    appliedDiscounts: totals.appliedDiscounts.map((d) => ({ ...d, lineItems: [...d.lineItems].sort(id) })),
    additionalFees: [...totals.additionalFees].sort((a, b) =>
      JSON.stringify([a.source, a.lineItemIds, a.code]) < JSON.stringify([b.source, b.lineItemIds, b.code]) ? -1 : 1,
    ),
    violations: [...totals.violations].sort((a, b) => (lineIdOf(a) < lineIdOf(b) ? -1 : 1)),
  };
}

describe('calculateTotals for any purchase', () => {
  it('adds the summary parts up exactly to the total', () => {
    fc.assert(
      fc.property(totalsInput, (input) => {
        const { priceSummary: s, taxIncludedInPrice } = calculateTotals(input);
        expect(s.total).toBe(s.itemsTotal + s.shippingTotal + s.additionalFeesTotal + s.tip);
        expect(s.total).toBe(
          s.subtotal - s.discount + s.shipping + s.additionalFees + s.tip + (taxIncludedInPrice ? 0 : s.tax),
        );
        expect(s.discount).toBe(s.itemsDiscount + s.shippingDiscount);
      }),
      RUNS,
    );
  });

  it('makes the lines sum to the item totals of the summary, and each line add up', () => {
    fc.assert(
      fc.property(totalsInput, (input) => {
        const totals = calculateTotals(input);
        const { lineItems, priceSummary: s } = totals;
        expect(sum(lineItems.map((l) => l.subtotal))).toBe(s.subtotal);
        expect(sum(lineItems.map((l) => l.totalDiscount))).toBe(s.itemsDiscount);
        expect(sum(lineItems.map((l) => l.totalPriceAfterTax))).toBe(s.itemsTotal);
        for (const l of lineItems) {
          expect(sum(l.discounts.map((d) => d.amount))).toBe(l.totalDiscount);
          expect(l.totalPriceAfterTax - l.totalPriceBeforeTax).toBe(l.taxDetails.totalTax);
          expect(l.subtotal - l.totalDiscount).toBe(
            totals.taxIncludedInPrice ? l.totalPriceAfterTax : l.totalPriceBeforeTax,
          );
          expect(sum(l.taxDetails.taxBreakdown.map((b) => b.taxAmount))).toBe(l.taxDetails.totalTax);
        }
      }),
      RUNS,
    );
  });

  it('splits every applied discount across lines so the shares sum exactly to it', () => {
    fc.assert(
      fc.property(totalsInput, (input) => {
        const { appliedDiscounts, lineItems, priceSummary: s } = calculateTotals(input);
        const items = appliedDiscounts.filter((d) => d.discountType !== 'SHIPPING');
        const shipping = appliedDiscounts.filter((d) => d.discountType === 'SHIPPING');
        for (const d of items) expect(sum(d.lineItems.map((l) => l.amount))).toBe(d.amount);
        for (const d of shipping) expect(d.lineItems).toEqual([]);
        expect(sum(items.map((d) => d.amount))).toBe(s.itemsDiscount);
        expect(sum(shipping.map((d) => d.amount))).toBe(s.shippingDiscount);
        const shares = items.flatMap((d) => d.lineItems.map((l) => ({ lineItemId: l.lineItemId, amount: l.amount })));
        const perLine = lineItems.flatMap((l) =>
          l.discounts.map((d) => ({ lineItemId: l.lineItemId, amount: d.amount })),
        );
        expect(sum(shares.map((x) => x.amount))).toBe(sum(perLine.map((x) => x.amount)));
      }),
      RUNS,
    );
  });

  it('never gives a negative number, and every amount is whole minor units', () => {
    fc.assert(
      fc.property(totalsInput, (input) => {
        const totals = calculateTotals(input);
        for (const [path, n] of numbersIn(totals)) {
          expect(n >= 0 && Number.isFinite(n), `${path} = ${n}`).toBe(true);
        }
        for (const [path, n] of numbersIn(totals.priceSummary)) expect(Number.isSafeInteger(n), path).toBe(true);
      }),
      RUNS,
    );
  });

  it('keeps the tax summary equal to the sum of the items, shipping and fees taxes and its breakdown', () => {
    fc.assert(
      fc.property(totalsInput, (input) => {
        const { taxSummary, priceSummary } = calculateTotals(input);
        expect(taxSummary.totalTax).toBe(priceSummary.tax);
        expect(sum(taxSummary.breakdown.map((b) => b.aggregatedTaxAmount))).toBe(taxSummary.totalTax);
        if (taxSummary.rateType === 'NO_TAX_COLLECTED') expect(taxSummary.totalTax).toBe(0);
      }),
      RUNS,
    );
  });

  it('with tax-inclusive prices, totals the discounted prices plus shipping, fees and tip', () => {
    const inclusive = totalsInput.map(
      (input): TotalsInput => ({
        ...input,
        tax: {
          taxableAddressType: 'BILLING',
          taxShipping: true,
          regions: [],
          ...input.tax,
          taxIncludedInPrice: true,
        },
      }),
    );
    fc.assert(
      fc.property(inclusive, (input) => {
        const { lineItems, priceSummary: s, additionalFees } = calculateTotals(input);
        const items = sum(lineItems.map((l) => l.subtotal - l.totalDiscount));
        expect(s.total).toBe(items + s.shipping - s.shippingDiscount + sum(additionalFees.map((f) => f.price)) + s.tip);
      }),
      RUNS,
    );
  });

  it('gives the same result for the same input, whatever the order of the lines', () => {
    const withShuffle = totalsInput.chain((input) =>
      fc
        .shuffledSubarray([...input.lineItems], { minLength: input.lineItems.length })
        .map((shuffled) => [input, { ...input, lineItems: shuffled }] as const),
    );
    fc.assert(
      fc.property(withShuffle, ([input, shuffled]) => {
        const first = calculateTotals(input);
        expect(calculateTotals(structuredClone(input))).toEqual(first);
        expect(byLineId(calculateTotals(shuffled))).toEqual(byLineId(first));
      }),
      RUNS,
    );
  });
});
