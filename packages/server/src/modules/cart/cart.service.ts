import {
  type AddToCartRequest,
  type Cart,
  cartErrorCodes,
  cartEventTypes,
  type EstimateTotalsRequest,
  type EstimateTotalsResponse,
  errorCodes,
  type UpdateCartRequest,
} from '@merx/contract';
import { type UnitOfWork, withTransaction } from '@merx/db';
import { AppError, notFound } from '@merx/domain';
import { identityOf } from '../../events/identity.js';
import type { NewEvent } from '../../events/outbox.js';
import { type Caller, hasScope } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { type CouponCheck, totalsCouponOf } from '../discounts/index.js';
import type { ModuleDeps } from '../module.js';
import { addLines, type LinesToAdd, removeLines, setQuantities } from './cart.changes.js';
import type { CartDependencies } from './cart.deps.js';
import { type ApplicationErrorDetails, estimateWire } from './cart.estimate.js';
import { cartWire } from './cart.mapper.js';
import { createCartRepo } from './cart.repo.js';
import type { CartFields } from './cart.rows.js';
import {
  CATALOG_ONLY,
  cartTotals,
  loadTotalsConfiguration,
  type TotalsRequest,
  totalsAddressOf,
} from './cart.totals.js';
import type { CartOwner, CartState } from './cart.types.js';
import { cartJson, LineMemo, withItemsJson } from './cart.views.js';

/** 404 when the caller has no current cart (WIRE.md 5.1). */
export const ownedCartNotFound = () => notFound(cartErrorCodes.ownedCartNotFound, 'You have no current cart', {});

const permissionDenied = (what: string) =>
  new AppError(
    'PERMISSION_DENIED',
    errorCodes.permissionDenied,
    `${what} need an API key or a staff sign-in with the "checkouts:write" permission`,
  );

/** The owner of the caller's current cart: the visitor or member the token names, or the staff account or key. */
export function ownerOf(caller: Caller): CartOwner {
  switch (caller.kind) {
    case 'visitor':
      return { kind: 'visitor', id: caller.visitorId };
    case 'member':
      return { kind: 'member', id: caller.memberId };
    case 'staff':
      return { kind: 'staff', id: caller.staffId };
    case 'apiKey':
      return { kind: 'apiKey', id: caller.keyId };
    case 'none':
      throw new AppError('UNAUTHENTICATED', errorCodes.unauthenticated, 'This call needs a visitor or member token');
  }
}

/** A cart or checkout of a staff account or key: its lines may hold what shoppers cannot see or set. */
export const isMerchantOwned = (owner: CartOwner) => owner.kind === 'staff' || owner.kind === 'apiKey';
const customerKey = (owner: CartOwner) => `${owner.kind}:${owner.id}`;

/**
 * Custom lines and catalog overrides set what a line costs: only staff and keys holding `checkouts:write` may add
 * them (anyone else gets 403), in carts and checkouts alike.
 */
export function assertLinesAllowed(caller: Caller, input: LinesToAdd): void {
  if (hasScope(caller, 'checkouts:write')) return;
  if ((input.customLineItems?.length ?? 0) > 0) throw permissionDenied('Custom line items');
  if (input.lineItems?.some((l) => l.catalogOverrideFields)) throw permissionDenied('Catalog override fields');
}

/**
 * Whether lines `caller` adds to `owner`'s cart or checkout may name hidden products: only in a staff account's or
 * key's own, by a caller holding `catalog:read`.
 */
export function mayAddHidden(caller: Caller, owner: CartOwner): boolean {
  return isMerchantOwned(owner) && hasScope(caller, 'catalog:read');
}

/** Applies `cartInfo` (buyer note, contact details) to `state`; returns the columns to write. */
function cartInfoChanges(state: CartState, info: UpdateCartRequest['cartInfo'], modified: string[]): CartFields {
  const set: CartFields = {};
  if (info?.buyerNote !== undefined) {
    state.cart.buyerNote = info.buyerNote || null;
    set.buyer_note = state.cart.buyerNote;
    modified.push('buyerNote');
  }
  if (info?.contactInfo !== undefined) {
    state.cart.contactInfo = info.contactInfo;
    set.contact_info = info.contactInfo ? JSON.stringify(info.contactInfo) : null;
    modified.push('contactInfo');
  }
  return set;
}

/** What the buyer asked of an estimate; without a shipping address the one saved on the cart is used. */
function totalsRequestOf(input: EstimateTotalsRequest, state: CartState, currency: string, now: Date): TotalsRequest {
  return {
    currency,
    now,
    shippingAddress: totalsAddressOf(input.shippingAddress ?? state.cart.contactInfo?.address),
    billingAddress: totalsAddressOf(input.billingAddress),
    selectedShippingOption: input.selectedShippingOption ? { code: input.selectedShippingOption.code } : null,
    calculateTax: input.calculateTax,
    calculateShipping: input.calculateShipping,
    calculateAdditionalFees: input.calculateAdditionalFees,
  };
}

const errorOf = (e: AppError): ApplicationErrorDetails => ({ code: e.code, description: e.message, data: e.data });

/** The current cart of each caller (WIRE.md 5.1) and staff reads of any cart. */
export function createCartService(deps: ModuleDeps, others: CartDependencies) {
  const repo = createCartRepo(deps.dialect);
  const wireCtx = () => ({ currency: deps.store().currency, locale: deps.store().locale });
  const catalogCtx = (owner: CartOwner) => ({
    elevated: isMerchantOwned(owner),
    currency: deps.store().currency,
    publicUrl: deps.publicUrl,
  });

  const memo = new LineMemo();

  /** The lines' views and wire items: made anew only for lines, products or contexts that changed. */
  function shown(state: CartState) {
    return memo.linesOf(state.lines, state.catalog, catalogCtx(state.cart.owner), wireCtx());
  }

  /** The items subtotal at catalog prices, in minor units. */
  function subtotalOf(state: CartState, now: Date | string, lines = shown(state).views): number {
    return cartTotals(lines, CATALOG_ONLY, { currency: deps.store().currency, now }).priceSummary.subtotal;
  }

  /** The cart on the wire, with its subtotal at catalog prices (and its JSON: `cartJson`). */
  function present(state: CartState): Cart {
    const { views, items, itemsJson } = shown(state);
    const subtotal = subtotalOf(state, deps.clock.now(), views);
    return withItemsJson(cartWire(state.cart, views, subtotal, wireCtx(), { lineItems: items }), itemsJson);
  }

  function cartEvent(state: CartState, cart: Cart, modifiedFields: string[], caller: Caller): NewEvent {
    const entity = cartJson(cart);
    const identity = identityOf(caller);
    return state.created
      ? {
          type: cartEventTypes.created,
          entityId: cart.id,
          payload: { entity: cart },
          payloadJson: `{"entity":${entity}}`,
          identity,
        }
      : {
          type: cartEventTypes.updated,
          entityId: cart.id,
          payload: { entity: cart, modifiedFields },
          payloadJson: `{"entity":${entity},"modifiedFields":${JSON.stringify(modifiedFields)}}`,
          identity,
        };
  }

  /**
   * One change of the caller's cart in one transaction: take the cart (creating it when `create`), let `work` change
   * it, append the event (naming the caller). A refusal inside `work` rolls everything back.
   */
  async function change(
    caller: Caller,
    opts: { create: boolean; requestedIds?: readonly string[] },
    work: (uow: UnitOfWork, state: CartState, now: string) => Promise<string[]>,
  ): Promise<Cart> {
    const now = deps.clock.now().toISOString();
    const owner = ownerOf(caller);
    return withTransaction(deps.db, async (uow) => {
      const state = await repo.take(uow.trx, owner, {
        create: opts.create,
        newId: newId(),
        currency: deps.store().currency,
        now,
        requestedIds: opts.requestedIds ?? [],
      });
      if (!state) throw ownedCartNotFound();
      const modifiedFields = await work(uow, state, now);
      if (state.linesInStep) uow.afterCommit(() => repo.hold(owner, state));
      const cart = present(state);
      await deps.outbox.append(uow, cartEvent(state, cart, modifiedFields, caller));
      return cart;
    });
  }

  const productIdsOf = (input: LinesToAdd) => [
    ...new Set((input.lineItems ?? []).map((l) => l.catalogReference.catalogItemId)),
  ];

  function lineContext(caller: Caller, owner: CartOwner, now: string) {
    return { ...catalogCtx(owner), elevated: mayAddHidden(caller, owner), now, newId };
  }

  /** The coupon with `code` if it can apply to this owner now (the minimum subtotal is checked with the cart). */
  async function applicableCoupon(owner: CartOwner, code: string, subtotal?: number): Promise<CouponCheck> {
    return others.discounts.findApplicableCoupon(code, deps.clock.now(), {
      customerKey: customerKey(owner),
      ...(subtotal !== undefined ? { subtotal } : {}),
    });
  }

  /** The cart's coupon for the totals, or why it no longer applies (answered as a calculation error). */
  async function couponFor(owner: CartOwner, code: string | null, subtotal: number) {
    const found = code ? await applicableCoupon(owner, code, subtotal) : undefined;
    if (!code || !found) return { coupon: null };
    if (found.ok) return { coupon: totalsCouponOf(found.coupon) };
    return { coupon: null, couponRefusal: errorOf(others.discounts.couponRefusal(code, found.problem)) };
  }

  return {
    repo,
    present,

    async getCurrent(caller: Caller): Promise<Cart> {
      const state = await repo.findByOwner(deps.db, ownerOf(caller));
      if (!state) throw ownedCartNotFound();
      return present(state);
    },

    async getById(id: string): Promise<Cart> {
      const state = await repo.findById(deps.db, id);
      if (!state) throw notFound(cartErrorCodes.cartNotFound, 'Cart not found', { cartId: id });
      return present(state);
    },

    /** Whether `code` would apply to the caller's current cart as it is (the rule `update` applies); writes nothing. */
    async checkCoupon(caller: Caller, code: string): Promise<CouponCheck> {
      const owner = ownerOf(caller);
      const state = await repo.findByOwner(deps.db, owner);
      if (!state) throw ownedCartNotFound();
      return applicableCoupon(owner, code, subtotalOf(state, deps.clock.now()));
    },

    /** Adds lines (same references add up); creates the cart. At most 5 statements with BEGIN and COMMIT. */
    async add(caller: Caller, input: AddToCartRequest): Promise<Cart> {
      const owner = ownerOf(caller);
      assertLinesAllowed(caller, input);
      return change(caller, { create: true, requestedIds: productIdsOf(input) }, async (uow, state, now) => {
        await addLines(uow.trx, repo, state, input, lineContext(caller, owner, now));
        return ['lineItems'];
      });
    },

    /** Buyer note, contact address, coupon, and lines to add; creates the cart. */
    async update(caller: Caller, input: UpdateCartRequest): Promise<Cart> {
      const owner = ownerOf(caller);
      assertLinesAllowed(caller, input);
      const code = input.couponCode?.trim();
      // Looked up before the transaction: the discounts module reads outside it (one SQLite connection).
      const coupon = code ? await applicableCoupon(owner, code) : undefined;
      if (code && coupon && !coupon.ok) throw others.discounts.couponRefusal(code, coupon.problem);
      return change(caller, { create: true, requestedIds: productIdsOf(input) }, async (uow, state, now) => {
        const modified: string[] = [];
        if ((input.lineItems?.length ?? 0) + (input.customLineItems?.length ?? 0) > 0) {
          await addLines(uow.trx, repo, state, input, lineContext(caller, owner, now));
          modified.push('lineItems');
        }
        const set = cartInfoChanges(state, input.cartInfo, modified);
        if (code && coupon?.ok) {
          // The minimum subtotal is judged on the cart as this change leaves it.
          const minimum = coupon.coupon.minimumSubtotal;
          if (minimum !== null && subtotalOf(state, now) < minimum)
            throw others.discounts.couponRefusal(code, 'MINIMUM_SUBTOTAL_NOT_MET');
          Object.assign(state.cart, { couponCode: coupon.coupon.code, couponId: coupon.coupon.id });
          Object.assign(set, { coupon_code: coupon.coupon.code, coupon_id: coupon.coupon.id });
          modified.push('appliedDiscounts');
        }
        await repo.updateCart(uow.trx, state.cart.id, set);
        return modified;
      });
    },

    async removeLines(caller: Caller, lineItemIds: string[]): Promise<Cart> {
      return change(caller, { create: false }, async (uow, state) => {
        await removeLines(uow.trx, repo, state, lineItemIds);
        return ['lineItems'];
      });
    },

    async updateQuantities(caller: Caller, updates: Array<{ id: string; quantity: number }>): Promise<Cart> {
      return change(caller, { create: false }, async (uow, state, now) => {
        await setQuantities(uow.trx, repo, state, updates, now);
        return ['lineItems'];
      });
    },

    async removeCoupon(caller: Caller): Promise<Cart> {
      return change(caller, { create: false }, async (uow, state) => {
        state.cart.couponCode = null;
        state.cart.couponId = null;
        await repo.updateCart(uow.trx, state.cart.id, { coupon_code: null, coupon_id: null });
        return ['appliedDiscounts'];
      });
    },

    async deleteCurrent(caller: Caller): Promise<void> {
      const owner = ownerOf(caller);
      await withTransaction(deps.db, async (uow) => {
        const cartId = await repo.deleteByOwner(uow.trx, owner);
        if (!cartId) throw ownedCartNotFound();
        uow.afterCommit(() => repo.forget(owner));
        await deps.outbox.append(uow, {
          type: cartEventTypes.deleted,
          entityId: cartId,
          payload: { cartId },
          identity: identityOf(caller),
        });
      });
    },

    /** The totals of the current cart with the store's discounts, shipping, tax and fees; writes nothing. */
    async estimate(caller: Caller, input: EstimateTotalsRequest): Promise<EstimateTotalsResponse> {
      const owner = ownerOf(caller);
      const now = deps.clock.now();
      const state = await repo.findByOwner(deps.db, owner);
      if (!state) throw ownedCartNotFound();
      const { views: lines, items } = shown(state);
      const { currency } = deps.store();
      const subtotal = subtotalOf(state, now, lines);
      const config = await loadTotalsConfiguration(others, now);
      const { coupon, couponRefusal } = await couponFor(owner, state.cart.couponCode, subtotal);
      const totals = cartTotals(lines, { ...config, coupon }, totalsRequestOf(input, state, currency, now));
      const cart = cartWire(state.cart, lines, totals.priceSummary.subtotal, wireCtx(), {
        taxIncludedInPrices: totals.taxIncludedInPrice,
        lineItems: items,
      });
      return estimateWire(cart, totals, wireCtx(), {
        ...(couponRefusal ? { couponRefusal } : {}),
        memberships: input.selectedMemberships?.memberships ?? [],
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
