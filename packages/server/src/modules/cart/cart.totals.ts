import { cartErrorCodes, type StoreAddress } from '@merx/contract';
import {
  AppError,
  type Coupon,
  calculateTotals,
  type DiscountRule,
  findTaxRegion,
  type ManualAdditionalFee,
  resolveTaxableAddress,
  type SelectedShippingOption,
  type SelectedTip,
  type ShippingOption,
  type TaxSettings,
  type TipSettings,
  type Totals,
  type TotalsAddress,
  type TotalsInput,
} from '@merx/domain';
import type { DiscountServices } from '../discounts/index.js';
import type {
  AdditionalFeeConfig,
  ShippingConfiguration,
  ShippingOptionConfig,
  ShippingServices,
  TaxConfiguration,
  TipConfiguration,
} from '../shipping/index.js';
import type { LineView } from './cart.types.js';

/*
 * The ONE mapping from a purchase's lines (cart now, checkout and order later) and the store's configuration to
 * the input of `calculateTotals`, so cart estimates, checkouts and orders always agree.
 */

/** The store's configuration the totals read, as the discounts and shipping modules give it. */
export interface TotalsConfiguration {
  /** Live rules, oldest first (`liveDiscountRules`). */
  discountRules: readonly DiscountRule[];
  /** The buyer's coupon, when it can apply (`findApplicableCoupon` then `totalsCouponOf`). */
  coupon: Coupon | null;
  shipping: ShippingConfiguration | null;
  tax: TaxConfiguration | null;
  tipSettings: TipConfiguration | null;
  additionalFees: readonly AdditionalFeeConfig[];
}

/** Catalog prices only: what a cart shows without an estimate. */
export const CATALOG_ONLY: TotalsConfiguration = {
  discountRules: [],
  coupon: null,
  shipping: null,
  tax: null,
  tipSettings: null,
  additionalFees: [],
};

/** What the buyer chose or asked for. */
export interface TotalsRequest {
  currency: string;
  now: Date | string;
  shippingAddress?: TotalsAddress | null;
  billingAddress?: TotalsAddress | null;
  selectedShippingOption?: SelectedShippingOption | null;
  selectedTip?: SelectedTip | null;
  calculateTax?: boolean | null;
  calculateShipping?: boolean | null;
  calculateAdditionalFees?: boolean | null;
}

/**
 * Every part of the configuration but the coupon (whose refusal each caller answers its own way). Both modules keep
 * their part per process while its data version is current, so this costs two primary-key reads when nothing
 * changed; the rules are filtered by `now` on every call.
 */
export async function loadTotalsConfiguration(
  others: { discounts: DiscountServices; shipping: ShippingServices },
  now: Date,
): Promise<Omit<TotalsConfiguration, 'coupon'>> {
  const [discountRules, parts] = await Promise.all([
    others.discounts.liveDiscountRules(now),
    others.shipping.totalsConfiguration(),
  ]);
  return { discountRules, ...parts };
}

/** A wire or store address as the totals read it; null without a country. */
export function totalsAddressOf(address: Partial<StoreAddress> | Record<string, unknown> | null | undefined) {
  const a = (address ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof a[key] === 'string' && a[key] !== '' ? (a[key] as string) : null);
  const country = text('country');
  if (!country) return null;
  return {
    country,
    subdivision: text('subdivision'),
    city: text('city'),
    postalCode: text('postalCode'),
    addressLine: text('addressLine'),
  } satisfies TotalsAddress;
}

function shippingOptionOf(o: ShippingOptionConfig): ShippingOption {
  return {
    code: o.id,
    title: o.title,
    deliveryRegions: o.regions.map((r) => ({
      id: r.id,
      name: r.name,
      destinations: r.destinations.map((d) => ({ country: d.countryCode, subdivisions: d.subdivisions })),
    })),
    rates: o.rates,
    weightUnit: o.weightUnit,
    freeShippingThreshold: o.freeShippingThreshold,
    estimatedDeliveryTime: o.estimatedDeliveryTime,
    deliveryTimeSlots: o.deliveryTimeSlots,
    pickup: o.pickup
      ? {
          pickupMethod: o.pickup.method,
          address: totalsAddressOf(o.pickup.address) ?? { country: o.pickup.address.country },
          instructions: o.instructions,
        }
      : null,
  };
}

/** Tax settings; whether shipping is taxed is the setting of the region the buyer's taxable address falls in. */
function taxSettingsOf(tax: TaxConfiguration, request: TotalsRequest): TaxSettings {
  const regions = tax.regions.map((r) => ({
    id: r.id,
    country: r.country,
    subdivision: r.subdivision,
    jurisdictions:
      r.rateType === 'NO_TAX_COLLECTED'
        ? []
        : r.jurisdictions.map((j) => ({ jurisdiction: j.name, jurisdictionType: j.type, rate: j.ratePpm / 1_000_000 })),
  }));
  const taxable = resolveTaxableAddress(tax.taxableAddress, {
    shipping: request.shippingAddress ?? null,
    billing: request.billingAddress ?? null,
    business: totalsAddressOf(tax.businessAddress),
  });
  const region = taxable && findTaxRegion(regions, taxable.address);
  return {
    taxIncludedInPrice: tax.taxIncludedInItemPrices,
    taxableAddressType: tax.taxableAddress,
    taxShipping: region ? (tax.regions.find((r) => r.id === region.id)?.shippingTaxable ?? false) : false,
    regions,
  };
}

/** The merchant's tip settings as the totals read them (percent, not basis points). */
export function tipSettingsOf(tips: TipConfiguration): TipSettings {
  return {
    allowCustomerTip: tips.allowCustomerTip,
    tipType: tips.tipType,
    // Percentages are kept in basis points; the totals read percent.
    presets: tips.presets.map((p) => ({
      value: tips.tipType === 'PERCENTAGE' ? p.value / 100 : p.value,
      default: p.default,
    })),
    allowCustomAmount: tips.allowCustomAmount,
  };
}

function feeOf(fee: AdditionalFeeConfig): ManualAdditionalFee {
  return { code: fee.id, name: fee.name, chargeType: fee.type, price: fee.amount, taxable: fee.taxable };
}

/**
 * Refuses lines worth more together than the totals can add exactly (2^53 minor units): the catalog bounds a price
 * and a quantity each, not their product, and a price may rise after the line was added.
 */
function assertAddable(lines: readonly LineView[]): void {
  const worth = lines.reduce((sum, v) => sum + Math.max(v.fullPrice, v.price) * v.line.quantity, 0);
  if (worth > Number.MAX_SAFE_INTEGER) {
    throw new AppError(
      'FAILED_PRECONDITION',
      cartErrorCodes.amountTooLarge,
      'The items are worth more than one purchase can hold: lower a quantity',
    );
  }
}

/** The input of `calculateTotals` for `lines` under `config`, as the buyer asked (`request`). */
export function totalsInputOf(
  lines: readonly LineView[],
  config: TotalsConfiguration,
  request: TotalsRequest,
): TotalsInput {
  assertAddable(lines);
  return {
    currency: request.currency,
    now: request.now,
    weightUnit: 'KG',
    lineItems: lines.map((v) => ({
      id: v.line.id,
      catalogItemId: v.line.catalogItemId ?? v.line.custom?.catalogReference?.catalogItemId ?? v.line.id,
      variantId: v.line.variantId,
      collectionIds: v.collectionIds,
      quantity: v.line.quantity,
      fullPrice: Math.max(v.fullPrice, v.price),
      price: v.price,
      itemType: v.totalsType,
      weight: v.weight,
      shippable: v.shippable,
      taxExempt: v.totalsType === 'GIFT_CARD',
      taxGroupId: v.taxGroupId,
      availability: v.availability,
      name: v.name.original,
    })),
    discountRules: config.discountRules,
    coupon: config.coupon,
    shippingAddress: request.shippingAddress ?? null,
    billingAddress: request.billingAddress ?? null,
    businessAddress: config.tax ? totalsAddressOf(config.tax.businessAddress) : null,
    shippingOptions: config.shipping?.options.map(shippingOptionOf) ?? [],
    selectedShippingOption: request.selectedShippingOption ?? null,
    tax: config.tax ? taxSettingsOf(config.tax, request) : null,
    tipSettings: config.tipSettings ? tipSettingsOf(config.tipSettings) : null,
    selectedTip: request.selectedTip ?? null,
    additionalFees: request.calculateAdditionalFees === false ? [] : config.additionalFees.map(feeOf),
    calculateShipping: request.calculateShipping ?? true,
    calculateTax: request.calculateTax ?? true,
  };
}

/** The totals of `lines` under `config` (see `totalsInputOf`). */
export function cartTotals(lines: readonly LineView[], config: TotalsConfiguration, request: TotalsRequest): Totals {
  return calculateTotals(totalsInputOf(lines, config, request));
}
