import type { Cart, EstimateTotalsResponse } from '@merx/contract';
import type {
  AppliedDiscount,
  CalculatedAdditionalFee,
  CalculationError,
  CarrierServiceOption,
  ItemTaxDetails,
  PriceSummary,
  SelectedCarrierServiceOption,
  ShippingLogistics,
  Totals,
  TotalsAddress,
  TotalsViolation,
} from '@merx/domain';
import { compact, priceOf, type WireContext } from './cart.mapper.js';

/*
 * The totals of a purchase in the contract's shapes (estimate-totals now; the checkout reads the same parts):
 * every amount a Price object, rates decimal strings, errors in the platform's `Details` envelope.
 */

/** The carrier id of the store's own shipping options (the contract groups options by carrier). */
export const MERX_CARRIER_ID = 'c0f1e6b2-6d34-4c57-9a8e-3f0b5e7d2a11';

/** A tax rate fraction as the wire's decimal string, e.g. `"0.0825"`. */
const rateText = (rate: number) => rate.toFixed(6).replace(/\.?0+$/, '') || '0';

/** Tax of one line, the shipping or a fee, in the contract's `ItemTaxFullDetails`. */
export function taxDetailsOf(t: ItemTaxDetails, ctx: WireContext) {
  return {
    taxableAmount: priceOf(t.taxableAmount, ctx),
    taxRate: rateText(t.taxRate),
    totalTax: priceOf(t.totalTax, ctx),
    taxBreakdown: t.taxBreakdown.map((b) =>
      compact({
        jurisdiction: b.jurisdiction,
        jurisdictionType: b.jurisdictionType,
        taxName: b.taxName ?? undefined,
        taxType: b.taxType ?? undefined,
        rate: rateText(b.rate),
        taxAmount: priceOf(b.taxAmount, ctx),
        taxableAmount: priceOf(b.taxableAmount, ctx),
        nonTaxableAmount: priceOf(0, ctx),
      }),
    ),
    rateBreakdown: t.taxBreakdown.map((b) => ({
      name: b.taxName ?? b.jurisdiction,
      rate: rateText(b.rate),
      tax: priceOf(b.taxAmount, ctx),
    })),
  };
}

/** An address of the totals in wire names. */
export function addressWire(a: TotalsAddress) {
  return compact({
    country: a.country,
    subdivision: a.subdivision ?? undefined,
    city: a.city ?? undefined,
    postalCode: a.postalCode ?? undefined,
    addressLine: a.addressLine ?? undefined,
  });
}

const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());

/**
 * An option's logistics on the wire: the chosen slot (`deliveryTimeSlot`) for the selected option; for the options
 * offered, `deliveryTimeSlots` lists the windows the buyer may choose from (Merx: the client's shape names only the
 * chosen one, and a storefront needs the list to offer them).
 */
function logisticsOf(l: ShippingLogistics, slot?: { from: Date | string; to: Date | string } | null, offered = false) {
  const pickup = l.pickupDetails;
  return compact({
    deliveryTime: l.deliveryTime ?? undefined,
    instructions: pickup?.instructions ?? undefined,
    pickupDetails: pickup ? { address: addressWire(pickup.address), pickupMethod: pickup.pickupMethod } : undefined,
    deliveryTimeSlot: slot ? { from: iso(slot.from), to: iso(slot.to) } : undefined,
    deliveryTimeSlots:
      offered && l.deliveryTimeSlots.length > 0
        ? l.deliveryTimeSlots.map((s) => ({ from: iso(s.from), to: iso(s.to) }))
        : undefined,
  });
}

function selectedOptionOf(s: SelectedCarrierServiceOption, ctx: WireContext) {
  return {
    code: s.code,
    title: s.title,
    logistics: logisticsOf(s.logistics, s.deliveryTimeSlot),
    cost: {
      totalPriceAfterTax: priceOf(s.cost.totalPriceAfterTax, ctx),
      totalPriceBeforeTax: priceOf(s.cost.totalPriceBeforeTax, ctx),
      taxDetails: taxDetailsOf(s.cost.taxDetails, ctx),
      totalDiscount: priceOf(s.cost.totalDiscount, ctx),
      price: priceOf(s.cost.price, ctx),
    },
    requestedShippingOption: s.requestedShippingOption,
    otherCharges: [],
    carrierId: s.carrierId ?? MERX_CARRIER_ID,
  };
}

function shippingInfoOf(totals: Totals, ctx: WireContext): EstimateTotalsResponse['shippingInfo'] {
  const info = totals.shippingInfo;
  const available = info.carrierServiceOptions.filter((o) => o.available);
  const selected = info.selectedCarrierServiceOption;
  const region = selected && info.carrierServiceOptions.find((o) => o.code === selected.code)?.region;
  const optionOf = (o: CarrierServiceOption) => ({
    code: o.code,
    title: o.title,
    logistics: logisticsOf(o.logistics, null, true),
    cost: { price: priceOf(o.cost, ctx), otherCharges: [] },
  });
  return {
    ...(region ? { region: compact({ id: region.id ?? undefined, name: region.name ?? undefined }) } : {}),
    ...(selected ? { selectedCarrierServiceOption: selectedOptionOf(selected, ctx) } : {}),
    carrierServiceOptions:
      available.length > 0 ? [{ carrierId: MERX_CARRIER_ID, shippingOptions: available.map(optionOf) }] : [],
  };
}

function appliedDiscountOf(d: AppliedDiscount, ctx: WireContext) {
  const amount = priceOf(d.amount, ctx);
  const source = d.coupon
    ? { coupon: compact({ id: d.coupon.id, code: d.coupon.code, name: d.coupon.name ?? undefined, amount }) }
    : {
        discountRule: {
          id: d.discountRule?.id ?? '',
          name: { original: d.discountRule?.name ?? '', translated: d.discountRule?.name ?? '' },
          amount,
        },
      };
  return { ...source, discountType: d.discountType, lineItemIds: d.lineItems.map((l) => l.lineItemId) };
}

/** A failed part of the calculation in the platform's `Details` envelope. */
export interface ApplicationErrorDetails {
  code: string;
  description: string;
  data?: Record<string, unknown> | undefined;
}

const detailsOf = (e: ApplicationErrorDetails) => ({
  applicationError: { code: e.code, description: e.description, data: e.data ?? {} },
});

function calculationErrorsOf(errors: readonly CalculationError[], couponRefusal?: ApplicationErrorDetails) {
  const first = (type: CalculationError['type']) => errors.find((e) => e.type === type);
  const shipping = first('SHIPPING');
  const selected = first('SELECTED_SHIPPING_OPTION');
  const coupon = couponRefusal ?? first('COUPON');
  const others = errors.filter((e) => e.type === 'TIP');
  return compact({
    generalShippingCalculationError: shipping && detailsOf(shipping),
    selectedShippingOptionError: selected && detailsOf(selected),
    couponCalculationError: coupon && detailsOf(coupon),
    orderValidationErrors: others.length > 0 ? others.map((e) => detailsOf(e).applicationError) : undefined,
  });
}

function violationOf(v: TotalsViolation) {
  return {
    severity: v.severity,
    target:
      'lineItemId' in v.target
        ? { lineItem: { name: 'LINE_ITEM_DEFAULT', id: v.target.lineItemId } }
        : { other: { name: 'OTHER_DEFAULT' } },
    description: v.description,
    suggestedFix: v.suggestedFix,
  };
}

function feeOf(f: CalculatedAdditionalFee, ctx: WireContext) {
  return {
    code: f.code,
    name: f.name,
    translatedName: f.name,
    price: priceOf(f.price, ctx),
    taxDetails: taxDetailsOf(f.taxDetails, ctx),
    priceBeforeTax: priceOf(f.priceBeforeTax, ctx),
    priceAfterTax: priceOf(f.priceAfterTax, ctx),
    lineItemIds: f.lineItemIds,
    source: f.source,
  };
}

function summaryOf(
  s: Pick<PriceSummary, 'subtotal' | 'shipping' | 'tax' | 'discount' | 'total' | 'additionalFees'>,
  ctx: WireContext,
) {
  return {
    subtotal: priceOf(s.subtotal, ctx),
    shipping: priceOf(s.shipping, ctx),
    tax: priceOf(s.tax, ctx),
    discount: priceOf(s.discount, ctx),
    total: priceOf(s.total, ctx),
    additionalFees: priceOf(s.additionalFees, ctx),
  };
}

/** The whole estimate-totals answer for `cart` and its `totals`. */
export function estimateWire(
  cart: Cart,
  totals: Totals,
  ctx: WireContext,
  extra: {
    couponRefusal?: ApplicationErrorDetails;
    memberships?: ReadonlyArray<{ id: string; appId: string; lineItemIds: string[] }>;
  },
): EstimateTotalsResponse {
  const nothing = { subtotal: 0, shipping: 0, tax: 0, discount: 0, total: 0, additionalFees: 0 };
  return {
    cart,
    calculatedLineItems: totals.lineItems.map((l) => {
      const afterDiscounts = l.subtotal - l.totalDiscount;
      return {
        lineItemId: l.lineItemId,
        paymentOption: 'FULL_PAYMENT_ONLINE',
        pricesBreakdown: {
          totalPriceAfterTax: priceOf(l.totalPriceAfterTax, ctx),
          totalPriceBeforeTax: priceOf(l.totalPriceBeforeTax, ctx),
          taxDetails: taxDetailsOf(l.taxDetails, ctx),
          totalDiscount: priceOf(l.totalDiscount, ctx),
          price: priceOf(l.quantity > 0 ? Math.round(afterDiscounts / l.quantity) : l.priceBeforeDiscounts, ctx),
          priceBeforeDiscounts: priceOf(l.priceBeforeDiscounts, ctx),
          lineItemPrice: priceOf(afterDiscounts, ctx),
          fullPrice: priceOf(l.fullPrice, ctx),
        },
      };
    }),
    priceSummary: summaryOf(totals.priceSummary, ctx),
    taxSummary: {
      taxableAmount: priceOf(totals.taxSummary.taxableAmount, ctx),
      totalTax: priceOf(totals.taxSummary.totalTax, ctx),
      calculationDetails: compact({
        rateType: totals.taxSummary.rateType,
        manualRateReason: totals.taxSummary.manualRateReason,
      }),
    },
    shippingInfo: shippingInfoOf(totals, ctx),
    appliedDiscounts: totals.appliedDiscounts.map((d) => appliedDiscountOf(d, ctx)),
    calculationErrors: calculationErrorsOf(totals.calculationErrors, extra.couponRefusal),
    membershipOptions: {
      eligibleMemberships: [],
      // The store sells no memberships, so any membership the buyer names cannot pay for anything.
      invalidMemberships: (extra.memberships ?? []).map((m) => ({
        membership: { id: m.id, appId: m.appId, name: { original: m.id }, lineItemIds: m.lineItemIds },
        reason: 'MEMBERSHIP_NOT_FOUND',
      })),
      selectedMemberships: [],
    },
    additionalFees: totals.additionalFees.map((f) => feeOf(f, ctx)),
    violations: totals.violations.map(violationOf),
    currency: totals.currency,
    weightUnit: totals.shippingInfo.weightUnit,
    payNow: summaryOf(totals.priceSummary, ctx),
    payLater: summaryOf(nothing, ctx),
  };
}
