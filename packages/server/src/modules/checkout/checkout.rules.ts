import { checkoutErrorCodes, errorCodes } from '@merx/contract';
import { AppError, notFound } from '@merx/domain';
import { type Caller, hasScope } from '../../http/auth.js';
import type { TotalsConfiguration } from '../cart/cart.totals.js';
import type { CartOwner } from '../cart/cart.types.js';
import type { PricedCheckout } from './checkout.pricing.js';
import type { CheckoutState } from './checkout.types.js';

/*
 * Who may use a checkout, and which of the buyer's choices a change may not leave behind.
 */

/** 404 for an unknown checkout, and for someone else's (so ids do not leak). */
export const checkoutNotFound = (data: Record<string, unknown>) =>
  notFound(checkoutErrorCodes.checkoutNotFound, 'Checkout not found', data);

export const alreadyCompleted = (checkoutId: string) =>
  new AppError(
    'FAILED_PRECONDITION',
    checkoutErrorCodes.checkoutAlreadyCompleted,
    'The checkout is completed: an order was placed from it',
    { checkoutId },
  );

export const giftCardNotFound = (code: string) =>
  new AppError('FAILED_PRECONDITION', checkoutErrorCodes.giftCardNotFound, 'The store sells no gift cards', {
    giftCardCode: code,
  });

const sameOwner = (a: CartOwner, b: CartOwner) => a.kind === b.kind && a.id === b.id;

/**
 * The checkout if `caller` may `action` it: its owner, or staff and API keys holding `checkouts:<action>`
 * (403 for one that may only read). Anyone else gets the same 404 as for an unknown id.
 */
export function accessible<S extends { checkout: { owner: CartOwner } } = CheckoutState>(
  caller: Caller,
  me: CartOwner,
  state: S | undefined,
  action: 'read' | 'write',
  data: Record<string, unknown>,
): S {
  if (state && sameOwner(state.checkout.owner, me)) return state;
  if (state && hasScope(caller, `checkouts:${action}`)) return state;
  // Staff who may read any checkout learn nothing new from being told they may not change it.
  if (state && hasScope(caller, 'checkouts:read'))
    throw new AppError(
      'PERMISSION_DENIED',
      errorCodes.permissionDenied,
      'This call needs the "checkouts:write" permission',
    );
  throw checkoutNotFound(data);
}

/** What a change set, so that its outcome can be checked. */
export interface ChosenNow {
  shippingOption: boolean;
  tip: boolean;
  coupon: boolean;
}

/** What a change chose, read from the fields it changed (`applyInfo`) and whether it applied a coupon. */
export function chosenIn(modified: readonly string[], coupon: boolean): ChosenNow {
  return {
    shippingOption: modified.includes('shippingInfo.selectedCarrierServiceOption'),
    tip: modified.includes('tipSelection'),
    coupon,
  };
}

/**
 * Refuses choices the totals could not honour: an unknown shipping option, one that does not deliver to the
 * address, a delivery slot the option does not offer, a tip the store does not take, a coupon that gives nothing.
 */
export function assertChoicesHold(
  priced: PricedCheckout,
  config: Pick<TotalsConfiguration, 'shipping'>,
  chosen: ChosenNow,
): void {
  const { checkout } = priced.state;
  const { totals } = priced;
  const errorOf = (type: string) => totals.calculationErrors.find((e) => e.type === type);
  const code = checkout.shippingOptionCode;
  if (chosen.shippingOption && code) {
    if (!config.shipping?.options.some((o) => o.id === code))
      throw new AppError(
        'INVALID_ARGUMENT',
        checkoutErrorCodes.shippingOptionNotFound,
        'No shipping option has this code',
        {
          code,
        },
      );
    const quote = totals.shippingInfo.carrierServiceOptions.find((o) => o.code === code);
    if (quote && !quote.available && quote.unavailableReason !== 'NO_DESTINATION')
      throw new AppError(
        'FAILED_PRECONDITION',
        checkoutErrorCodes.shippingOptionNotAvailable,
        `The shipping option "${quote.title}" does not deliver this checkout to its address`,
        { code, reason: quote.unavailableReason },
      );
    const slot = errorOf('SELECTED_SHIPPING_OPTION');
    if (slot?.code === 'DELIVERY_TIME_SLOT_NOT_AVAILABLE')
      throw new AppError('FAILED_PRECONDITION', slot.code, slot.description, slot.data ?? {});
  }
  const tip = errorOf('TIP');
  if (chosen.tip && tip) throw new AppError('FAILED_PRECONDITION', tip.code, tip.description, tip.data ?? {});
  const coupon = errorOf('COUPON');
  if (chosen.coupon && coupon)
    throw new AppError('FAILED_PRECONDITION', coupon.code, coupon.description, coupon.data ?? {});
}
