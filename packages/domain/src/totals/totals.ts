/**
 * The totals of a cart, checkout or order: one pure function, so the three always agree.
 *
 * Order of work: item discounts (rules in the given order, then the coupon) → shipping quotes on the
 * discounted items → shipping discounts (rules, then the coupon) → tax per item → fees → tip → summary.
 * Splits run over the lines sorted by id, so the result does not depend on the order of the lines.
 * Every amount is whole minor units, so each rounding (half away from zero) is to the currency's own
 * precision: yen for JPY, cents for USD, fils for KWD.
 */
import { currencyDigits } from '../money/money.js';
import { round6, sum } from './arithmetic.js';
import type {
  CalculatedAdditionalFee,
  CarrierServiceOption,
  SelectedCarrierServiceOption,
  ShippingInfo,
  TaxSummary,
} from './charge-types.js';
import {
  couponError,
  couponResult,
  type DiscountedLine,
  discountedLines,
  discountItems,
  discountShipping,
  sumOf,
} from './discount-pass.js';
import { couponRejection, couponSource, type DiscountStep, ruleSteps } from './discounts.js';
import { collectFees, priceFee } from './fees.js';
import type {
  CalculatedLineItem,
  CalculationError,
  CouponRejectionReason,
  ItemTaxDetails,
  PriceSummary,
  Totals,
} from './result-types.js';
import {
  evaluateShippingOptions,
  findDeliveryTimeSlot,
  type Shipment,
  type ShippingSelection,
  selectShippingOption,
} from './shipping.js';
import type { DeliveryTimeSlot, SelectedShippingOption, TaxableAddressType, TaxRegion } from './store-types.js';
import { aggregateTaxBreakdown, findTaxRegion, itemTax, ratesFor, resolveTaxableAddress, untaxed } from './tax.js';
import { calculateTip } from './tips.js';
import type { TotalsAddress, TotalsInput, TotalsLineItem } from './types.js';
import { assertTotalsInput } from './validate.js';
import { lineViolations } from './violations.js';

/** Calculates every amount of a purchase; throws only for broken invariants (see `assertTotalsInput`). */
export function calculateTotals(input: TotalsInput): Totals {
  assertTotalsInput(input);
  currencyDigits(input.currency);
  const lines = discountedLines(input.lineItems);
  const { steps, rejection } = discountSteps(input, sumOf(lines, 'subtotal'));
  const appliedDiscounts = discountItems(steps, lines);
  const shipping = quoteShipping(input, lines);
  const shippingDiscount = discountShipping(steps, shipping.quote?.cost);
  appliedDiscounts.push(...shippingDiscount.applied);
  const coupon = input.coupon
    ? couponResult(input.coupon, rejection, appliedDiscounts, shipping.quote !== undefined)
    : undefined;
  const tax = taxContext(input, shipping.quote?.logistics.pickupDetails?.address);
  const lineItems = lines.map((l) => calculatedLine(l, tax));
  const selected = shipping.quote && selectedOption(shipping.quote, shipping, shippingDiscount.total, tax);
  const fees = priceFees(input, tax);
  const tip = calculateTip(input.tipSettings, input.selectedTip, sumOf(lines, 'remaining'));
  const couponErrors = coupon && !coupon.applied ? [couponError(coupon)] : [];
  return {
    currency: input.currency,
    taxIncludedInPrice: tax.inclusive,
    lineItems,
    priceSummary: summarize(lineItems, selected, fees, tip.tip.amount),
    appliedDiscounts,
    ...(coupon ? { coupon } : {}),
    shippingInfo: { ...shipping.info, ...(selected ? { selectedCarrierServiceOption: selected } : {}) },
    taxSummary: taxSummary(tax, [
      ...lineItems.map((l) => l.taxDetails),
      ...(selected ? [selected.cost.taxDetails] : []),
      ...fees.map((f) => f.taxDetails),
    ]),
    additionalFees: fees,
    tip: tip.tip,
    calculationErrors: [...shipping.errors, ...couponErrors, ...(tip.error ? [tip.error] : [])],
    violations: lineViolations(input.lineItems),
  };
}

/** The rule steps that take effect, then the coupon's unless it is refused (and why). */
function discountSteps(
  input: TotalsInput,
  subtotal: number,
): { steps: DiscountStep[]; rejection?: CouponRejectionReason } {
  const steps = ruleSteps(input.discountRules ?? [], input.lineItems, input.now, input.metCustomTriggerIds ?? []);
  if (!input.coupon) return { steps };
  const rejection = couponRejection(input.coupon, input.lineItems, subtotal, input.now);
  if (rejection) return { steps, rejection };
  return { steps: [...steps, { source: couponSource(input.coupon), value: input.coupon.discount }] };
}

interface ShippingQuotes {
  info: ShippingInfo;
  quote?: CarrierServiceOption;
  requested: boolean;
  slot?: DeliveryTimeSlot;
  errors: CalculationError[];
}

function isShippable(line: TotalsLineItem): boolean {
  return line.quantity > 0 && (line.shippable ?? line.itemType === 'PHYSICAL');
}

/** Quotes every option for the shippable lines and picks the charged one (nothing when nothing ships). */
function quoteShipping(input: TotalsInput, lines: readonly DiscountedLine[]): ShippingQuotes {
  const weightUnit = input.weightUnit ?? 'KG';
  const shippable = lines.filter((l) => isShippable(l.line));
  const totalWeight = round6(sum(shippable.map((l) => (l.line.weight ?? 0) * l.line.quantity)));
  const info: ShippingInfo = { required: shippable.length > 0, weightUnit, totalWeight, carrierServiceOptions: [] };
  if (!info.required || input.calculateShipping === false) return { info, requested: false, errors: [] };
  const shipment: Shipment = {
    totalWeight,
    weightUnit,
    totalPrice: sumOf(shippable, 'remaining'),
    totalQuantity: sum(shippable.map((l) => l.line.quantity)),
    itemsSubtotal: sumOf(lines, 'remaining'),
  };
  info.carrierServiceOptions = evaluateShippingOptions(input.shippingOptions ?? [], input.shippingAddress, shipment);
  const selection = selectShippingOption(
    info.carrierServiceOptions,
    input.selectedShippingOption,
    !!input.shippingAddress,
  );
  const { slot, error } = chosenSlot(selection, input.selectedShippingOption);
  const errors = [...selection.errors, ...(error ? [error] : [])];
  return {
    info,
    ...(selection.quote ? { quote: selection.quote } : {}),
    requested: selection.requested,
    ...(slot ? { slot } : {}),
    errors,
  };
}

/** The delivery window the buyer chose, when the charged option is theirs and offers it. */
function chosenSlot(
  selection: ShippingSelection,
  selected: SelectedShippingOption | null | undefined,
): { slot?: DeliveryTimeSlot; error?: CalculationError } {
  const wanted = selected?.deliveryTimeSlot;
  if (!wanted || !selection.quote || !selection.requested) return {};
  const slot = findDeliveryTimeSlot(selection.quote, wanted);
  if (slot) return { slot };
  return {
    error: {
      type: 'SELECTED_SHIPPING_OPTION',
      code: 'DELIVERY_TIME_SLOT_NOT_AVAILABLE',
      description: 'The chosen delivery time is not offered by this shipping option.',
    },
  };
}

interface TaxContext {
  inclusive: boolean;
  taxShipping: boolean;
  region?: TaxRegion;
  taxable?: { type: TaxableAddressType; address: TotalsAddress };
  /** Tax of an item of no tax group at the region's rates. */
  taxOf: (amount: number) => ItemTaxDetails;
}

/** Finds the region from the taxable address (a chosen pickup's address stands in for the shipping address). */
function taxContext(input: TotalsInput, pickupAddress: TotalsAddress | undefined): TaxContext {
  const settings = input.tax;
  const inclusive = settings?.taxIncludedInPrice ?? false;
  const taxable =
    settings && input.calculateTax !== false
      ? resolveTaxableAddress(settings.taxableAddressType, {
          shipping: pickupAddress ?? input.shippingAddress,
          billing: input.billingAddress,
          business: input.businessAddress,
        })
      : undefined;
  const region = taxable && settings ? findTaxRegion(settings.regions, taxable.address) : undefined;
  const rates = ratesFor(region);
  return {
    inclusive,
    taxShipping: settings?.taxShipping ?? false,
    ...(region ? { region } : {}),
    ...(taxable ? { taxable } : {}),
    taxOf: (amount) => itemTax(amount, rates, inclusive),
  };
}

function calculatedLine(l: DiscountedLine, tax: TaxContext): CalculatedLineItem {
  const { line, remaining } = l;
  const taxDetails = line.taxExempt
    ? untaxed(remaining, true)
    : itemTax(remaining, ratesFor(tax.region, line.taxGroupId), tax.inclusive);
  return {
    lineItemId: line.id,
    quantity: line.quantity,
    fullPrice: line.fullPrice ?? line.price,
    priceBeforeDiscounts: line.price,
    subtotal: l.subtotal,
    discounts: l.discounts,
    totalDiscount: l.subtotal - remaining,
    totalPriceBeforeTax: tax.inclusive ? remaining - taxDetails.totalTax : remaining,
    taxDetails,
    totalPriceAfterTax: tax.inclusive ? remaining : remaining + taxDetails.totalTax,
  };
}

function priceFees(input: TotalsInput, tax: TaxContext): CalculatedAdditionalFee[] {
  return collectFees(input.additionalFees ?? [], input.lineItems).map((fee) =>
    priceFee(fee, fee.taxable ? tax.taxOf(fee.price) : untaxed(fee.price, true), tax.inclusive),
  );
}

function selectedOption(
  quote: CarrierServiceOption,
  shipping: ShippingQuotes,
  discount: number,
  tax: TaxContext,
): SelectedCarrierServiceOption {
  const afterDiscount = quote.cost - discount;
  const taxDetails = tax.taxShipping ? tax.taxOf(afterDiscount) : untaxed(afterDiscount, true);
  return {
    code: quote.code,
    title: quote.title,
    ...(quote.carrierId != null ? { carrierId: quote.carrierId } : {}),
    requestedShippingOption: shipping.requested,
    logistics: quote.logistics,
    ...(shipping.slot ? { deliveryTimeSlot: shipping.slot } : {}),
    cost: {
      price: quote.cost,
      totalDiscount: discount,
      totalPriceBeforeTax: tax.inclusive ? afterDiscount - taxDetails.totalTax : afterDiscount,
      taxDetails,
      totalPriceAfterTax: tax.inclusive ? afterDiscount : afterDiscount + taxDetails.totalTax,
    },
  };
}

function taxSummary(tax: TaxContext, items: readonly ItemTaxDetails[]): TaxSummary {
  const taxed = items.filter((item) => item.taxRate > 0);
  return {
    rateType: tax.region ? 'MANUAL_RATE' : 'NO_TAX_COLLECTED',
    ...(tax.region ? { manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' as const } : {}),
    taxIncludedInPrice: tax.inclusive,
    ...(tax.taxable ? { taxableAddressType: tax.taxable.type, taxableAddress: tax.taxable.address } : {}),
    ...(tax.region
      ? {
          region: {
            id: tax.region.id ?? null,
            country: tax.region.country,
            subdivision: tax.region.subdivision ?? null,
          },
        }
      : {}),
    taxableAmount: sum(taxed.map((item) => item.taxableAmount)),
    totalTax: sum(items.map((item) => item.totalTax)),
    breakdown: aggregateTaxBreakdown(items),
  };
}

function summarize(
  lines: readonly CalculatedLineItem[],
  selected: SelectedCarrierServiceOption | undefined,
  fees: readonly CalculatedAdditionalFee[],
  tip: number,
): PriceSummary {
  const itemsDiscount = sum(lines.map((l) => l.totalDiscount));
  const shippingDiscount = selected?.cost.totalDiscount ?? 0;
  const itemsTotal = sum(lines.map((l) => l.totalPriceAfterTax));
  const shippingTotal = selected?.cost.totalPriceAfterTax ?? 0;
  const additionalFeesTotal = sum(fees.map((f) => f.priceAfterTax));
  const tax =
    sum(lines.map((l) => l.taxDetails.totalTax)) +
    (selected?.cost.taxDetails.totalTax ?? 0) +
    sum(fees.map((f) => f.taxDetails.totalTax));
  return {
    subtotal: sum(lines.map((l) => l.subtotal)),
    discount: itemsDiscount + shippingDiscount,
    itemsDiscount,
    shippingDiscount,
    shipping: selected?.cost.price ?? 0,
    tax,
    additionalFees: sum(fees.map((f) => f.price)),
    tip,
    itemsTotal,
    shippingTotal,
    additionalFeesTotal,
    total: itemsTotal + shippingTotal + additionalFeesTotal + tip,
  };
}
