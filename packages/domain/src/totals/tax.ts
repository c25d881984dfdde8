/**
 * Manual tax rates.
 *
 * The region is found from the taxable address (a subdivision region wins over a whole-country one); its
 * jurisdictions' rates add up. Rounding is per item: the tax of each line, of the shipping and of each fee
 * is rounded once, half away from zero, and then split across jurisdictions by largest remainder, so every
 * breakdown sums exactly to its item's tax and the summary is the sum of the items. With tax-inclusive
 * prices the tax is extracted: net = round(price / (1 + rate)), tax = price − net, and the price stays.
 */
import { addressSubdivision, countryCode, subdivisionCode } from './address.js';
import { MILLION, mulDivRound, split, toMillionths } from './arithmetic.js';
import type { AggregatedTaxBreakdown } from './charge-types.js';
import type { ItemTaxDetails, TaxBreakdown } from './result-types.js';
import type { JurisdictionType, TaxableAddressType, TaxJurisdiction, TaxRegion } from './store-types.js';
import type { TotalsAddress } from './types.js';

/** A jurisdiction with the rate that applies to one item, in millionths. */
export interface AppliedRate {
  jurisdiction: TaxJurisdiction;
  millionths: number;
}

/** The addresses a purchase knows. */
export interface TaxAddresses {
  shipping?: TotalsAddress | null;
  billing?: TotalsAddress | null;
  business?: TotalsAddress | null;
}

const FALLBACKS: Record<TaxableAddressType, readonly TaxableAddressType[]> = {
  SHIPPING: ['SHIPPING', 'BILLING', 'BUSINESS'],
  BILLING: ['BILLING', 'SHIPPING', 'BUSINESS'],
  BUSINESS: ['BUSINESS'],
};

/**
 * The address tax is computed for: the configured one, else (for SHIPPING and BILLING) the other buyer
 * address, else the business address, so a cart without an address still gets an estimate.
 */
export function resolveTaxableAddress(
  type: TaxableAddressType,
  addresses: TaxAddresses,
): { type: TaxableAddressType; address: TotalsAddress } | undefined {
  for (const candidate of FALLBACKS[type]) {
    const address = addresses[candidate.toLowerCase() as keyof TaxAddresses];
    if (address) return { type: candidate, address };
  }
  return undefined;
}

/** The region covering the address: one naming its subdivision, else a whole-country one. */
export function findTaxRegion(regions: readonly TaxRegion[], address: TotalsAddress): TaxRegion | undefined {
  const country = countryCode(address.country);
  const sub = addressSubdivision(address);
  const inCountry = regions.filter((r) => countryCode(r.country) === country);
  const wholeCountry = (r: TaxRegion) => !r.subdivision || r.subdivision.trim() === '*';
  return (
    inCountry.find((r) => !wholeCountry(r) && sub !== undefined && subdivisionCode(r.subdivision!) === sub) ??
    inCountry.find(wholeCountry)
  );
}

/** The rates of a region for an item of a tax group (a group's own rate replaces the jurisdiction's). */
export function ratesFor(region: TaxRegion | undefined, taxGroupId?: string | null): AppliedRate[] {
  if (!region) return [];
  return region.jurisdictions.map((jurisdiction) => {
    const groupRate = taxGroupId != null ? jurisdiction.taxGroupRates?.[taxGroupId] : undefined;
    return { jurisdiction, millionths: Math.max(0, toMillionths(groupRate ?? jurisdiction.rate)) };
  });
}

/** Tax details of an item that is not taxed. */
export function untaxed(amount: number, exempt: boolean): ItemTaxDetails {
  return { taxableAmount: amount, taxRate: 0, totalTax: 0, taxBreakdown: [], exempt };
}

/** The tax of one item priced at `amount` (minor units), added on top or extracted from it. */
export function itemTax(amount: number, rates: readonly AppliedRate[], taxIncludedInPrice: boolean): ItemTaxDetails {
  const taxed = rates.filter((r) => r.millionths > 0);
  const total = taxed.reduce((sum, r) => sum + r.millionths, 0);
  if (total === 0) return untaxed(amount, false);
  const net = taxIncludedInPrice ? mulDivRound(amount, MILLION, MILLION + total) : amount;
  const tax = taxIncludedInPrice ? amount - net : mulDivRound(amount, total, MILLION);
  const parts = split(
    tax,
    taxed.map((r) => r.millionths),
  );
  const taxBreakdown = taxed.map(
    (r, i): TaxBreakdown => ({
      jurisdiction: r.jurisdiction.jurisdiction,
      jurisdictionType: r.jurisdiction.jurisdictionType,
      ...(r.jurisdiction.taxName != null ? { taxName: r.jurisdiction.taxName } : {}),
      ...(r.jurisdiction.taxType != null ? { taxType: r.jurisdiction.taxType } : {}),
      rate: r.millionths / MILLION,
      taxableAmount: net,
      taxAmount: parts[i] ?? 0,
    }),
  );
  return { taxableAmount: net, taxRate: total / MILLION, totalTax: tax, taxBreakdown, exempt: false };
}

const TYPE_ORDER: Record<JurisdictionType, number> = { COUNTRY: 0, STATE: 1, COUNTY: 2, CITY: 3, SPECIAL: 4 };

/** Sums the breakdowns of many items per jurisdiction and rate, in a fixed order (type, name, rate). */
export function aggregateTaxBreakdown(items: readonly ItemTaxDetails[]): AggregatedTaxBreakdown[] {
  const byKey = new Map<string, AggregatedTaxBreakdown>();
  for (const part of items.flatMap((item) => item.taxBreakdown)) {
    const key = `${part.jurisdictionType}\u0000${part.jurisdiction}\u0000${part.taxName ?? '\u0001'}\u0000${part.taxType ?? '\u0001'}\u0000${part.rate}`;
    const entry = byKey.get(key);
    if (entry) {
      entry.aggregatedTaxableAmount += part.taxableAmount;
      entry.aggregatedTaxAmount += part.taxAmount;
      continue;
    }
    const { taxableAmount, taxAmount, ...identity } = part;
    byKey.set(key, { ...identity, aggregatedTaxableAmount: taxableAmount, aggregatedTaxAmount: taxAmount });
  }
  return [...byKey.values()].sort(
    (a, b) =>
      TYPE_ORDER[a.jurisdictionType] - TYPE_ORDER[b.jurisdictionType] ||
      compareText(a.jurisdiction, b.jurisdiction) ||
      compareText(a.taxName ?? '', b.taxName ?? '') ||
      compareText(a.taxType ?? '', b.taxType ?? '') ||
      a.rate - b.rate,
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
