import {
  type ChannelType,
  type Checkout,
  type CheckoutInfoInput,
  type CreateCheckoutFromCartRequest,
  type CreateCheckoutRequest,
  checkoutErrorCodes,
} from '@merx/contract';
import { withTransaction } from '@merx/db';
import { AppError, invalid } from '@merx/domain';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { assertLinesAllowed, ownedCartNotFound, ownerOf } from '../cart/cart.service.js';
import type { CartOwner, CartState, CatalogEntry } from '../cart/cart.types.js';
import type { ModuleDeps } from '../module.js';
import { applyInfo, linesToAdd } from './checkout.changes.js';
import type { CheckoutCore } from './checkout.core.js';
import type { CheckoutDependencies } from './checkout.deps.js';
import type { PricedCheckout, PricingInputs } from './checkout.pricing.js';
import { lineOf } from './checkout.rows.js';
import { assertChoicesHold, chosenIn, giftCardNotFound } from './checkout.rules.js';
import type { CheckoutLineRecord, CheckoutState } from './checkout.types.js';

/** A new, empty checkout of `owner` in memory; the caller fills it, checks it, then writes it at once. */
function newState(
  owner: CartOwner,
  channelType: ChannelType,
  inputs: PricingInputs,
  catalog: Map<string, CatalogEntry>,
): CheckoutState {
  const now = inputs.now.toISOString();
  return {
    checkout: {
      id: newId(),
      owner,
      cartId: null,
      currency: inputs.currency,
      channelType,
      email: null,
      contactId: null,
      billingInfo: null,
      shippingDestination: null,
      shippingOptionCode: null,
      deliveryTimeSlot: null,
      tip: null,
      couponCode: null,
      couponId: null,
      buyerNote: null,
      overrideCheckoutUrl: null,
      completed: false,
      completedDate: null,
      orderId: null,
      createdDate: now,
      updatedDate: now,
      revision: 1,
    },
    lines: [],
    catalog,
  };
}

/**
 * Fills `state` from the cart: its lines (same ids, keys and snapshots, paid online), coupon, note, address and
 * contact details, then the email, addresses and shipping option of the request (its address wins).
 */
function stateOfCart(state: CheckoutState, cart: CartState, input: CreateCheckoutFromCartRequest): CheckoutState {
  const contact = cart.cart.contactInfo;
  const address = input.shippingAddress ?? contact?.address;
  Object.assign(state.checkout, {
    cartId: cart.cart.id,
    couponCode: cart.cart.couponCode,
    couponId: cart.cart.couponId,
    buyerNote: cart.cart.buyerNote,
  });
  state.lines = cart.lines.map((line): CheckoutLineRecord => ({ ...line, paymentOption: 'FULL_PAYMENT_ONLINE' }));
  const info: CheckoutInfoInput = {
    buyerInfo: input.email ? { email: input.email } : undefined,
    billingInfo: input.billingAddress ? { address: input.billingAddress } : undefined,
    shippingInfo: {
      shippingDestination:
        address || contact?.contactDetails
          ? { address: address ?? null, contactDetails: contact?.contactDetails ?? null }
          : undefined,
      selectedCarrierServiceOption: input.selectedShippingOption
        ? { code: input.selectedShippingOption.code }
        : undefined,
    },
  };
  applyInfo(state, info, state.checkout.currency, '');
  return state;
}

/** A checkout priced and checked, not written yet, and the inputs it was priced with. */
export interface PreparedCheckout {
  priced: PricedCheckout;
  inputs: PricingInputs;
}

/** Checkouts made from line items (POST /ecom/v1/checkouts) and from the caller's current cart. */
export function createCheckoutCreation(deps: ModuleDeps, core: CheckoutCore, others: CheckoutDependencies) {
  async function prepare(caller: Caller, input: CreateCheckoutRequest): Promise<PreparedCheckout> {
    const owner = ownerOf(caller);
    assertLinesAllowed(caller, input);
    const giftCard = input.giftCardCode?.trim();
    if (giftCard) throw giftCardNotFound(giftCard);
    if ((input.lineItems?.length ?? 0) + (input.customLineItems?.length ?? 0) === 0)
      throw invalid('lineItems', 'at least one line item or custom line item is required', 'REQUIRED_FIELD');
    const code = input.couponCode?.trim() || undefined;
    const ids = [...new Set((input.lineItems ?? []).map((l) => l.catalogReference.catalogItemId))];
    const now = deps.clock.now();
    const [catalog, inputs] = await Promise.all([core.repo.catalog(deps.db, ids), core.inputsFor(owner, [code], now)]);
    const state = newState(owner, input.channelType ?? 'WEB', inputs, catalog);
    const { modified } = applyInfo(state, input.checkoutInfo, inputs.currency, 'checkoutInfo');
    if (code) core.applyCoupon(state, code, inputs);
    state.checkout.overrideCheckoutUrl = input.overrideCheckoutUrl || null;
    state.lines = linesToAdd(state, input, core.lineContext(caller, owner, inputs, state.checkout.createdDate)).map(
      lineOf,
    );
    const priced = core.price(state, inputs);
    assertChoicesHold(priced, inputs.config, chosenIn(modified, code !== undefined));
    return { priced, inputs };
  }

  return {
    /** A checkout of the caller from line items and what the buyer set; nothing is written when a part is refused. */
    async fromLineItems(caller: Caller, input: CreateCheckoutRequest): Promise<Checkout> {
      const { priced } = await prepare(caller, input);
      return withTransaction(deps.db, (uow) => core.insertNew(uow, priced, caller));
    },

    /**
     * The checkout `fromLineItems` would write, priced and checked but not written, with the inputs it was priced
     * with: for a caller that writes it in a transaction of its own (a merchant order places it in the same one).
     */
    prepare,

    /**
     * A checkout of the caller's current cart: its lines, coupon, note and address, with the email, addresses and
     * shipping option of the request. The cart stays (the order empties it). Answers the new checkout's id.
     */
    async fromCurrentCart(caller: Caller, input: CreateCheckoutFromCartRequest): Promise<{ checkoutId: string }> {
      const owner = ownerOf(caller);
      const cart = await others.cart.carts.repo.findByOwner(deps.db, owner);
      if (!cart) throw ownedCartNotFound();
      if (cart.lines.length === 0)
        throw new AppError('FAILED_PRECONDITION', checkoutErrorCodes.cartIsEmpty, 'The cart has no line items', {
          cartId: cart.cart.id,
        });
      const inputs = await core.inputsFor(owner, [cart.cart.couponCode], deps.clock.now());
      const state = stateOfCart(newState(owner, input.channelType ?? 'WEB', inputs, cart.catalog), cart, input);
      const priced = core.price(state, inputs);
      assertChoicesHold(
        priced,
        inputs.config,
        chosenIn(input.selectedShippingOption ? ['shippingInfo.selectedCarrierServiceOption'] : [], false),
      );
      await withTransaction(deps.db, (uow) => core.insertNew(uow, priced, caller));
      return { checkoutId: state.checkout.id };
    },
  };
}

export type CheckoutCreation = ReturnType<typeof createCheckoutCreation>;
