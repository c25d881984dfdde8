import type { CartLineItem, Checkout, CheckoutLineItem } from '@merx/contract';
import { type CalculatedLineItem, calculateTip, MAX_TIP_PRESETS, type PriceSummary } from '@merx/domain';
import { estimateWire, taxDetailsOf } from '../cart/cart.estimate.js';
import { cartWire, compact, priceOf, type WireContext } from '../cart/cart.mapper.js';
import type { CartOwner, CartRecord, ContactInfo } from '../cart/cart.types.js';
import { fromMinorUnits } from '../shipping/decimal.js';
import type { PricedCheckout } from './checkout.pricing.js';
import type { CheckoutLineRecord, CheckoutRecord } from './checkout.types.js';

/*
 * A checkout on the wire. The lines and every computed part (summary, shipping, tax, discounts, errors,
 * violations) come from the cart's own mappers, so a checkout shows exactly what the cart estimate would.
 */

/** The storefront's checkout page for a checkout (the redirect session of `ecomCheckout` leads there too). */
export function checkoutPageUrl(publicUrl: string, checkoutId: string): string {
  return `${publicUrl}/checkout?checkoutId=${encodeURIComponent(checkoutId)}`;
}

function identityOf(owner: CartOwner): Checkout['createdBy'] {
  switch (owner.kind) {
    case 'visitor':
      return { visitorId: owner.id };
    case 'member':
      return { memberId: owner.id };
    case 'staff':
      return { userId: owner.id };
    case 'apiKey':
      return {};
  }
}

/** The checkout in the shape the cart mappers read. */
function asCart(c: CheckoutRecord): CartRecord {
  return {
    id: c.id,
    owner: c.owner,
    currency: c.currency,
    couponCode: c.couponCode,
    couponId: c.couponId,
    buyerNote: c.buyerNote,
    contactInfo: null,
    createdDate: c.createdDate,
    updatedDate: c.updatedDate,
    revision: c.revision,
  };
}

function lineWire(
  line: CartLineItem,
  record: CheckoutLineRecord,
  calculated: CalculatedLineItem,
  ctx: WireContext,
): CheckoutLineItem {
  const { image, paymentOption: _online, ...rest } = line;
  return {
    ...rest,
    ...(image ? { media: image } : {}),
    paymentOption: record.paymentOption,
    totalPriceAfterTax: priceOf(calculated.totalPriceAfterTax, ctx),
    totalPriceBeforeTax: priceOf(calculated.totalPriceBeforeTax, ctx),
    taxDetails: taxDetailsOf(calculated.taxDetails, ctx),
    discount: priceOf(calculated.totalDiscount, ctx),
  };
}

type Summary = Pick<PriceSummary, 'subtotal' | 'shipping' | 'tax' | 'discount' | 'total' | 'additionalFees'>;
const SUMMARY_KEYS = ['subtotal', 'shipping', 'tax', 'discount', 'total', 'additionalFees'] as const;
const NOTHING: Summary = { subtotal: 0, shipping: 0, tax: 0, discount: 0, total: 0, additionalFees: 0 };

const summaryWire = (s: Summary, ctx: WireContext) =>
  Object.fromEntries(SUMMARY_KEYS.map((k) => [k, priceOf(s[k], ctx)])) as Record<
    keyof Summary,
    ReturnType<typeof priceOf>
  >;

/**
 * What is paid at checkout and what after it: lines paid offline (with their discounts and tax) are paid later;
 * shipping, fees and tip are paid now unless every line is paid offline.
 */
export function paySplit(
  records: readonly CheckoutLineRecord[],
  lines: readonly CalculatedLineItem[],
  summary: Summary,
): { now: Summary; later: Summary } {
  const offline = lines.filter((_, i) => records[i]?.paymentOption === 'FULL_PAYMENT_OFFLINE');
  if (offline.length === 0) return { now: summary, later: NOTHING };
  if (offline.length === lines.length) return { now: NOTHING, later: summary };
  const sumOf = (pick: (l: CalculatedLineItem) => number) => offline.reduce((n, l) => n + pick(l), 0);
  const later: Summary = {
    subtotal: sumOf((l) => l.subtotal),
    discount: sumOf((l) => l.totalDiscount),
    tax: sumOf((l) => l.taxDetails.totalTax),
    shipping: 0,
    additionalFees: 0,
    total: sumOf((l) => l.totalPriceAfterTax),
  };
  const now = Object.fromEntries(SUMMARY_KEYS.map((k) => [k, summary[k] - later[k]])) as unknown as Summary;
  return { now, later };
}

const contactWire = (info: ContactInfo | null) =>
  info && (info.address || info.contactDetails)
    ? compact({ address: info.address ?? undefined, contactDetails: info.contactDetails ?? undefined })
    : undefined;

function tipSelectionWire(c: CheckoutRecord, currency: string): Checkout['tipSelection'] {
  if (!c.tip) return undefined;
  return 'presetIndex' in c.tip
    ? { presetIndex: c.tip.presetIndex }
    : { customAmount: fromMinorUnits(c.tip.customAmount, currency) };
}

/**
 * The tips the buyer may choose from, with what each would be on this checkout (Merx: the client's checkout has no
 * such field; a storefront needs it to label its tip buttons). Absent when the store takes no tips.
 */
function tipOptionsWire(priced: PricedCheckout, ctx: WireContext): Checkout['tipOptions'] {
  const settings = priced.tipSettings;
  if (!settings || settings.allowCustomerTip === false) return undefined;
  const itemsAfterDiscounts = priced.totals.lineItems.reduce((n, l) => n + l.subtotal - l.totalDiscount, 0);
  return {
    tipType: settings.tipType,
    allowCustomAmount: settings.allowCustomAmount,
    presets: settings.presets.slice(0, MAX_TIP_PRESETS).map((p, presetIndex) => ({
      presetIndex,
      ...(settings.tipType === 'PERCENTAGE' ? { percentage: p.value } : {}),
      default: p.default === true,
      amount: priceOf(calculateTip(settings, { presetIndex }, itemsAfterDiscounts).tip.amount, ctx),
    })),
  };
}

/** The whole checkout on the wire: lines, buyer's choices and everything the totals computed. */
export function checkoutWire(priced: PricedCheckout, ctx: WireContext): Checkout {
  const { state, views, totals } = priced;
  const c = state.checkout;
  const cart = cartWire(asCart(c), views, totals.priceSummary.subtotal, ctx);
  const estimate = estimateWire(cart, totals, ctx, priced.couponRefusal ? { couponRefusal: priced.couponRefusal } : {});
  const language = ctx.locale.split('-')[0] ?? 'en';
  const split = paySplit(state.lines, totals.lineItems, totals.priceSummary);
  const billing = contactWire(c.billingInfo);
  const destination = contactWire(c.shippingDestination);
  const tipSelection = tipSelectionWire(c, ctx.currency);
  const tipOptions = tipOptionsWire(priced, ctx);
  return {
    id: c.id,
    lineItems: cart.lineItems.map((line, i) => lineWire(line, state.lines[i]!, totals.lineItems[i]!, ctx)),
    ...(billing ? { billingInfo: billing } : {}),
    shippingInfo: { ...(destination ? { shippingDestination: destination } : {}), ...estimate.shippingInfo },
    ...(c.buyerNote ? { buyerNote: c.buyerNote } : {}),
    buyerInfo: compact({ ...identityOf(c.owner), email: c.email ?? undefined, contactId: c.contactId ?? undefined }),
    conversionCurrency: ctx.currency,
    priceSummary: {
      ...estimate.priceSummary,
      ...(c.tip || totals.priceSummary.tip > 0 ? { tip: priceOf(totals.priceSummary.tip, ctx) } : {}),
    },
    calculationErrors: estimate.calculationErrors,
    appliedDiscounts: estimate.appliedDiscounts,
    customFields: [],
    weightUnit: estimate.weightUnit,
    taxSummary: estimate.taxSummary,
    currency: ctx.currency,
    channelType: c.channelType,
    siteLanguage: language,
    buyerLanguage: language,
    completed: c.completed,
    taxIncludedInPrice: totals.taxIncludedInPrice,
    createdBy: identityOf(c.owner),
    createdDate: c.createdDate,
    updatedDate: c.updatedDate,
    payNow: summaryWire(split.now, ctx),
    payLater: summaryWire(split.later, ctx),
    // The store sells no memberships yet: nothing is eligible, nothing is selected.
    membershipOptions: { eligibleMemberships: [], invalidMemberships: [], selectedMemberships: { memberships: [] } },
    additionalFees: estimate.additionalFees,
    ...(c.cartId ? { cartId: c.cartId } : {}),
    violations: estimate.violations,
    paymentCurrency: ctx.currency,
    purchaseFlowId: c.cartId ?? c.id,
    ...(tipSelection ? { tipSelection } : {}),
    ...(tipOptions ? { tipOptions } : {}),
    ...(c.overrideCheckoutUrl ? { overrideCheckoutUrl: c.overrideCheckoutUrl } : {}),
    revision: String(c.revision),
  };
}
