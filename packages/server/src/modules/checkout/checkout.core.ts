import { type Checkout, checkoutEventTypes } from '@merx/contract';
import type { UnitOfWork } from '@merx/db';
import { type EventIdentity, identityOf } from '../../events/identity.js';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { jsonOnce } from '../../lib/json-once.js';
import { mayAddHidden } from '../cart/cart.service.js';
import { loadTotalsConfiguration } from '../cart/cart.totals.js';
import type { CartOwner } from '../cart/cart.types.js';
import type { CouponCheck } from '../discounts/index.js';
import type { ModuleDeps } from '../module.js';
import type { LineContext } from './checkout.changes.js';
import type { CheckoutDependencies } from './checkout.deps.js';
import { checkoutWire } from './checkout.mapper.js';
import { type PricedCheckout, type PricingInputs, priceCheckout } from './checkout.pricing.js';
import { createCheckoutRepo } from './checkout.repo.js';
import { type CheckoutFields, lineRowOf } from './checkout.rows.js';
import type { CheckoutState } from './checkout.types.js';

/** Whose coupon uses a checkout counts against (the same key the cart and the order use). */
export const customerKey = (owner: CartOwner) => `${owner.kind}:${owner.id}`;

/** What every checkout operation shares: the repo, the inputs of pricing, the wire shape, the first write. */
export function createCheckoutCore(deps: ModuleDeps, others: CheckoutDependencies) {
  const repo = createCheckoutRepo(deps.dialect);
  const wireCtx = () => ({ currency: deps.store().currency, locale: deps.store().locale });

  /**
   * The store's totals configuration and the lookups of `codes` (the checkout's coupon, one being applied), read
   * before any transaction: the discounts and shipping modules read with the database, not the transaction.
   */
  async function inputsFor(owner: CartOwner, codes: ReadonlyArray<string | null | undefined>, now: Date) {
    const wanted = [...new Set(codes.filter((c): c is string => !!c))];
    const [config, checks] = await Promise.all([
      loadTotalsConfiguration(others, now),
      Promise.all(
        wanted.map((code) => others.discounts.findApplicableCoupon(code, now, { customerKey: customerKey(owner) })),
      ),
    ]);
    const coupons = new Map<string, CouponCheck>();
    wanted.forEach((code, i) => {
      const check = checks[i] as CouponCheck;
      coupons.set(code.toLowerCase(), check);
      if (check.ok) coupons.set(check.coupon.code.toLowerCase(), check);
    });
    const inputs: PricingInputs = { now, currency: deps.store().currency, publicUrl: deps.publicUrl, config, coupons };
    return inputs;
  }

  const price = (state: CheckoutState, inputs: PricingInputs): PricedCheckout =>
    priceCheckout(state, inputs, others.discounts.couponRefusal);

  const present = (priced: PricedCheckout): Checkout => checkoutWire(priced, wireCtx());

  /**
   * Puts the coupon `code` (looked up in `inputs`) on the checkout, or throws why it cannot apply; returns the
   * columns to write. Whether it gives anything to these lines is for the totals to say (`assertChoicesHold`).
   */
  function applyCoupon(state: CheckoutState, code: string, inputs: PricingInputs): CheckoutFields {
    const check = inputs.coupons.get(code.toLowerCase());
    if (!check) return {};
    if (!check.ok) throw others.discounts.couponRefusal(code, check.problem);
    Object.assign(state.checkout, { couponCode: check.coupon.code, couponId: check.coupon.id });
    return { coupon_code: check.coupon.code, coupon_id: check.coupon.id };
  }

  /**
   * What resolving and adding lines needs: which products the lines may name (hidden ones only in a merchant's own
   * checkout, by a caller holding catalog:read), the time, new ids.
   */
  const lineContext = (caller: Caller, owner: CartOwner, inputs: PricingInputs, now: string): LineContext => ({
    elevated: mayAddHidden(caller, owner),
    currency: inputs.currency,
    publicUrl: inputs.publicUrl,
    now,
    newId,
  });

  /** Writes a new checkout and its lines and appends its created event (naming `who`); returns it on the wire. */
  async function insertNew(uow: UnitOfWork, priced: PricedCheckout, who: Caller | EventIdentity): Promise<Checkout> {
    const c = priced.state.checkout;
    const text = (value: unknown) => (value ? JSON.stringify(value) : null);
    await repo.insert(uow.trx, {
      id: c.id,
      owner_kind: c.owner.kind,
      owner_id: c.owner.id,
      cart_id: c.cartId,
      currency: c.currency,
      channel_type: c.channelType,
      buyer_email: c.email,
      buyer_contact_id: c.contactId,
      billing_info: text(c.billingInfo),
      shipping_destination: text(c.shippingDestination),
      shipping_option_code: c.shippingOptionCode,
      delivery_time_slot: text(c.deliveryTimeSlot),
      tip: text(c.tip),
      coupon_code: c.couponCode,
      coupon_id: c.couponId,
      buyer_note: c.buyerNote,
      override_checkout_url: c.overrideCheckoutUrl,
      completed: 0,
      completed_date: null,
      order_id: null,
      created_date: c.createdDate,
      updated_date: c.updatedDate,
      revision: c.revision,
    });
    await repo.addLines(
      uow.trx,
      priced.state.lines.map((l) => lineRowOf(l, c.id)),
    );
    const checkout = present(priced);
    await deps.outbox.append(uow, {
      type: checkoutEventTypes.created,
      entityId: c.id,
      payload: { entity: checkout },
      payloadJson: `{"entity":${jsonOnce(checkout)}}`,
      identity: identityOf(who),
    });
    return checkout;
  }

  return { repo, inputsFor, price, present, applyCoupon, lineContext, insertNew };
}

export type CheckoutCore = ReturnType<typeof createCheckoutCore>;
