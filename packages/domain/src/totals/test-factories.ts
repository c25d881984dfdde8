/** Small builders for totals tests: each test states only what it is about. */
import type { ShippingOption, TaxRegion, TaxSettings } from './store-types.js';
import type {
  Coupon,
  DiscountRule,
  DiscountTargetType,
  DiscountValue,
  ItemScope,
  TotalsInput,
  TotalsLineItem,
} from './types.js';

/** The clock of every test. */
export const NOW = '2025-06-01T12:00:00.000Z';

/** A physical line of one unit at 10.00, with the id as product id. */
export function line(id: string, overrides: Partial<TotalsLineItem> = {}): TotalsLineItem {
  return { id, catalogItemId: `product-${id}`, quantity: 1, price: 1000, itemType: 'PHYSICAL', ...overrides };
}

/** A USD purchase of the given lines, calculated at `NOW`. */
export function purchase(lineItems: TotalsLineItem[], overrides: Partial<TotalsInput> = {}): TotalsInput {
  return { currency: 'USD', now: NOW, lineItems, ...overrides };
}

/** A discount value reaching every line unless a target is given. */
export function percentOff(
  percentage: number,
  target: DiscountTargetType = 'GLOBAL',
  scopes?: ItemScope[],
): DiscountValue {
  return { discountType: 'PERCENTAGE', percentage, targetType: target, ...withScopes(scopes) };
}

/** `fixedAmount` minor units off the whole scope. */
export function amountOff(
  fixedAmount: number,
  target: DiscountTargetType = 'GLOBAL',
  scopes?: ItemScope[],
): DiscountValue {
  return { discountType: 'FIXED_AMOUNT', fixedAmount, targetType: target, ...withScopes(scopes) };
}

/** Each unit in scope (or the shipping) costs `fixedPrice`. */
export function fixedPrice(price: number, target: DiscountTargetType = 'GLOBAL', scopes?: ItemScope[]): DiscountValue {
  return { discountType: 'FIXED_PRICE', fixedPrice: price, targetType: target, ...withScopes(scopes) };
}

function withScopes(scopes: ItemScope[] | undefined): Pick<DiscountValue, 'specificItemsInfo'> {
  return scopes ? { specificItemsInfo: { scopes } } : {};
}

/** A live rule without trigger giving `value`. */
export function rule(id: string, value: DiscountValue, overrides: Partial<DiscountRule> = {}): DiscountRule {
  return { id, name: `Rule ${id}`, discounts: { values: [value] }, ...overrides };
}

/** An active coupon giving `value`. */
export function coupon(code: string, value: DiscountValue, overrides: Partial<Coupon> = {}): Coupon {
  return { id: `coupon-${code}`, code, discount: value, ...overrides };
}

/** A shipping option serving the US at a flat `amount`. */
export function flatShipping(code: string, amount: number, overrides: Partial<ShippingOption> = {}): ShippingOption {
  return {
    code,
    title: code,
    deliveryRegions: [{ id: 'us', name: 'US', destinations: [{ country: 'US' }] }],
    rates: [{ amount }],
    ...overrides,
  };
}

/** A region with one COUNTRY jurisdiction at `rate`. */
export function taxRegion(country: string, rate: number, overrides: Partial<TaxRegion> = {}): TaxRegion {
  return {
    country,
    jurisdictions: [{ jurisdiction: country, jurisdictionType: 'COUNTRY', rate }],
    ...overrides,
  };
}

/** Tax added on top, by the shipping address, shipping taxed. */
export function taxSettings(regions: TaxRegion[], overrides: Partial<TaxSettings> = {}): TaxSettings {
  return { taxIncludedInPrice: false, taxableAddressType: 'SHIPPING', taxShipping: true, regions, ...overrides };
}

/** A New York address. */
export const NEW_YORK = { country: 'US', subdivision: 'US-NY', city: 'New York' } as const;
