import type { TipSettings, Totals } from '@merx/domain';
import type { ApplicationErrorDetails } from '../cart/cart.estimate.js';
import { lineViews } from '../cart/cart.lines.js';
import { isMerchantOwned } from '../cart/cart.service.js';
import {
  cartTotals,
  type TotalsConfiguration,
  type TotalsRequest,
  tipSettingsOf,
  totalsAddressOf,
} from '../cart/cart.totals.js';
import type { LineView } from '../cart/cart.types.js';
import { type CouponCheck, type DiscountServices, totalsCouponOf } from '../discounts/index.js';
import type { CheckoutRecord, CheckoutState } from './checkout.types.js';

/*
 * The totals of a checkout: its lines as the buyer sees them now, priced by the SAME mapping as the cart's
 * estimate (`cart.totals.ts`), with what the buyer chose on the checkout (addresses, shipping, slot, tip, coupon).
 */

/** What pricing needs besides the checkout, read before any transaction (one SQLite connection). */
export interface PricingInputs {
  now: Date;
  currency: string;
  publicUrl: string;
  config: Omit<TotalsConfiguration, 'coupon'>;
  /** The lookup of a coupon code: the checkout's, or the one being applied. */
  coupons: ReadonlyMap<string, CouponCheck>;
}

/** A checkout with its line views and totals. */
export interface PricedCheckout {
  state: CheckoutState;
  views: LineView[];
  totals: Totals;
  /** The store's tip settings, for the tip choices the checkout offers (null: the store takes no tips). */
  tipSettings: TipSettings | null;
  /** Why the checkout's coupon no longer applies (answered as a calculation error). */
  couponRefusal?: ApplicationErrorDetails;
}

/** The checkout's choices as the totals read them. */
export function totalsRequestOf(checkout: CheckoutRecord, currency: string, now: Date): TotalsRequest {
  const slot = checkout.deliveryTimeSlot;
  return {
    currency,
    now,
    shippingAddress: totalsAddressOf(checkout.shippingDestination?.address),
    billingAddress: totalsAddressOf(checkout.billingInfo?.address),
    selectedShippingOption: checkout.shippingOptionCode
      ? { code: checkout.shippingOptionCode, ...(slot ? { deliveryTimeSlot: slot } : {}) }
      : null,
    selectedTip: checkout.tip,
  };
}

/** Prices `state` as it is now (call again after changing it). */
export function priceCheckout(
  state: CheckoutState,
  inputs: PricingInputs,
  refuse: DiscountServices['couponRefusal'],
): PricedCheckout {
  const { checkout } = state;
  const views = lineViews(state.lines, state.catalog, {
    elevated: isMerchantOwned(checkout.owner),
    currency: inputs.currency,
    publicUrl: inputs.publicUrl,
  });
  const code = checkout.couponCode;
  const check = code ? inputs.coupons.get(code.toLowerCase()) : undefined;
  const coupon = check?.ok ? totalsCouponOf(check.coupon) : null;
  const totals = cartTotals(
    views,
    { ...inputs.config, coupon },
    totalsRequestOf(checkout, inputs.currency, inputs.now),
  );
  const tipSettings = inputs.config.tipSettings ? tipSettingsOf(inputs.config.tipSettings) : null;
  if (!code || !check || check.ok) return { state, views, totals, tipSettings };
  const refusal = refuse(code, check.problem);
  return {
    state,
    views,
    totals,
    tipSettings,
    couponRefusal: { code: refusal.code, description: refusal.message, data: refusal.data },
  };
}
