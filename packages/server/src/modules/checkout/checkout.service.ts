import { type Checkout, checkoutEventTypes, type UpdateCheckoutRequest } from '@merx/contract';
import { type UnitOfWork, withTransaction } from '@merx/db';
import { identityOf } from '../../events/identity.js';
import type { Caller } from '../../http/auth.js';
import { jsonOnce } from '../../lib/json-once.js';
import { assertLinesAllowed, ownerOf } from '../cart/cart.service.js';
import type { ModuleDeps } from '../module.js';
import { addLines, applyInfo, type LinesToAdd, linesToAdd, removeLines, setQuantities } from './checkout.changes.js';
import type { CheckoutCore } from './checkout.core.js';
import { checkoutPageUrl } from './checkout.mapper.js';
import type { PricedCheckout, PricingInputs } from './checkout.pricing.js';
import type { CheckoutFields } from './checkout.rows.js';
import {
  accessible,
  alreadyCompleted,
  assertChoicesHold,
  type ChosenNow,
  chosenIn,
  giftCardNotFound,
} from './checkout.rules.js';
import type { CheckoutState } from './checkout.types.js';

const NOTHING_CHOSEN: ChosenNow = { shippingOption: false, tip: false, coupon: false };

const productIdsOf = (input: LinesToAdd) => [
  ...new Set((input.lineItems ?? []).map((l) => l.catalogReference.catalogItemId)),
];

/** A change's outcome: the fields it changed (for the event) and what it chose (to check). */
interface Changed {
  modified: string[];
  chosen?: ChosenNow;
}

/** Reads and changes of existing checkouts, each limited to the checkout's owner (and elevated callers). */
export function createCheckoutService(deps: ModuleDeps, core: CheckoutCore) {
  const { repo } = core;

  /** The checkout `id` if the caller may `action` it, read outside any transaction. */
  async function visible(caller: Caller, id: string, action: 'read' | 'write'): Promise<CheckoutState> {
    return accessible(caller, ownerOf(caller), await repo.find(deps.db, id), action, { checkoutId: id });
  }

  /** `state` priced now, with the store's configuration and its coupon as they are. */
  async function priced(state: CheckoutState): Promise<PricedCheckout> {
    return core.price(state, await core.inputsFor(state.checkout.owner, [state.checkout.couponCode], deps.clock.now()));
  }

  /**
   * One change of a checkout in one transaction: check who calls and that the checkout is open, take it (bumping
   * its revision), let `work` change it, check the choices it made, append the event (naming the caller). A refusal
   * anywhere rolls everything back, so nothing is written.
   */
  async function change(
    caller: Caller,
    id: string,
    opts: { couponCode?: string | undefined; requestedIds?: readonly string[] },
    work: (uow: UnitOfWork, state: CheckoutState, inputs: PricingInputs) => Promise<Changed>,
  ): Promise<Checkout> {
    const me = ownerOf(caller);
    const before = accessible(caller, me, await repo.head(deps.db, id), 'write', { checkoutId: id });
    if (before.checkout.completed) throw alreadyCompleted(id);
    const now = deps.clock.now();
    const inputs = await core.inputsFor(before.checkout.owner, [before.checkout.couponCode, opts.couponCode], now);
    return withTransaction(deps.db, async (uow) => {
      const taken = await repo.take(uow.trx, id, now.toISOString(), opts.requestedIds ?? []);
      // Completed since it was read.
      if (!taken) throw alreadyCompleted(id);
      const state = accessible(caller, me, taken, 'write', { checkoutId: id });
      const { modified, chosen } = await work(uow, state, inputs);
      const result = core.price(state, inputs);
      assertChoicesHold(result, inputs.config, chosen ?? NOTHING_CHOSEN);
      const checkout = core.present(result);
      await deps.outbox.append(uow, {
        type: checkoutEventTypes.updated,
        entityId: id,
        payload: { entity: checkout, modifiedFields: modified },
        payloadJson: `{"entity":${jsonOnce(checkout)},"modifiedFields":${JSON.stringify(modified)}}`,
        identity: identityOf(caller),
      });
      return checkout;
    });
  }

  const lineContext = (caller: Caller, state: CheckoutState, inputs: PricingInputs) =>
    core.lineContext(caller, state.checkout.owner, inputs, state.checkout.updatedDate);

  return {
    async get(caller: Caller, id: string): Promise<Checkout> {
      return core.present(await priced(await visible(caller, id, 'read')));
    },

    /** The newest checkout made from the cart `cartId`. */
    async getByCart(caller: Caller, cartId: string): Promise<Checkout> {
      const state = accessible(caller, ownerOf(caller), await repo.findByCart(deps.db, cartId), 'read', { cartId });
      return core.present(await priced(state));
    },

    /** Where the buyer completes the checkout: the override the checkout was given, or the storefront's page. */
    async checkoutUrl(caller: Caller, id: string): Promise<string> {
      const { checkout } = await visible(caller, id, 'read');
      return checkout.overrideCheckoutUrl ?? checkoutPageUrl(deps.publicUrl, id);
    },

    /** Buyer info, addresses, shipping option and slot, tip, note, coupon, lines to add. */
    async update(caller: Caller, id: string, input: UpdateCheckoutRequest): Promise<Checkout> {
      assertLinesAllowed(caller, input);
      const giftCard = input.giftCardCode?.trim();
      if (giftCard) throw giftCardNotFound(giftCard);
      const code = input.couponCode?.trim() || undefined;
      const requestedIds = productIdsOf(input);
      return change(caller, id, { couponCode: code, requestedIds }, async (uow, state, inputs) => {
        const { set, modified } = applyInfo(state, input.checkout, inputs.currency, 'checkout');
        if (code) {
          Object.assign(set, core.applyCoupon(state, code, inputs));
          modified.push('appliedDiscounts');
        }
        if (input.overrideCheckoutUrl !== undefined) {
          state.checkout.overrideCheckoutUrl = input.overrideCheckoutUrl || null;
          set.override_checkout_url = state.checkout.overrideCheckoutUrl;
          modified.push('overrideCheckoutUrl');
        }
        const rows = linesToAdd(state, input, lineContext(caller, state, inputs));
        await repo.update(uow.trx, id, set);
        if (rows.length > 0) {
          await addLines(uow.trx, repo, state, rows);
          modified.push('lineItems');
        }
        return { modified, chosen: chosenIn(modified, code !== undefined) };
      });
    },

    async addLines(caller: Caller, id: string, input: LinesToAdd): Promise<Checkout> {
      assertLinesAllowed(caller, input);
      return change(caller, id, { requestedIds: productIdsOf(input) }, async (uow, state, inputs) => {
        const rows = linesToAdd(state, input, lineContext(caller, state, inputs));
        await addLines(uow.trx, repo, state, rows);
        return { modified: ['lineItems'] };
      });
    },

    async removeLines(caller: Caller, id: string, lineItemIds: readonly string[]): Promise<Checkout> {
      return change(caller, id, {}, async (uow, state) => {
        await removeLines(uow.trx, repo, state, lineItemIds);
        return { modified: ['lineItems'] };
      });
    },

    async updateQuantities(
      caller: Caller,
      id: string,
      updates: ReadonlyArray<{ id: string; quantity: number }>,
    ): Promise<Checkout> {
      return change(caller, id, {}, async (uow, state) => {
        await setQuantities(uow.trx, repo, state, updates, state.checkout.updatedDate);
        return { modified: ['lineItems'] };
      });
    },

    async removeCoupon(caller: Caller, id: string): Promise<Checkout> {
      return change(caller, id, {}, async (uow, state) => {
        Object.assign(state.checkout, { couponCode: null, couponId: null });
        const set: CheckoutFields = { coupon_code: null, coupon_id: null };
        await repo.update(uow.trx, id, set);
        return { modified: ['appliedDiscounts'] };
      });
    },

    async removeOverrideCheckoutUrl(caller: Caller, id: string): Promise<Checkout> {
      return change(caller, id, {}, async (uow, state) => {
        state.checkout.overrideCheckoutUrl = null;
        await repo.update(uow.trx, id, { override_checkout_url: null });
        return { modified: ['overrideCheckoutUrl'] };
      });
    },

    /** The store sells no gift cards, so a checkout never holds one: answers the checkout as it is. */
    async removeGiftCard(caller: Caller, id: string): Promise<Checkout> {
      const state = await visible(caller, id, 'write');
      if (state.checkout.completed) throw alreadyCompleted(id);
      return core.present(await priced(state));
    },

    /** The checkout with its totals, for the order module; undefined when there is no such checkout. */
    async load(id: string): Promise<PricedCheckout | undefined> {
      const state = await repo.find(deps.db, id);
      return state && priced(state);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
