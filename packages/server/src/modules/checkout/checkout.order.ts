import { type Checkout, checkoutEventTypes, orderErrorCodes } from '@merx/contract';
import { type UnitOfWork, withTransaction } from '@merx/db';
import { AppError } from '@merx/domain';
import { identityOf } from '../../events/identity.js';
import type { NewEvent } from '../../events/outbox.js';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { orderedCartDeleter } from '../cart/cart.ordered.js';
import { ownerOf } from '../cart/cart.service.js';
import type { ModuleDeps } from '../module.js';
import { type CheckoutCore, customerKey } from './checkout.core.js';
import type { PreparedCheckout } from './checkout.create.js';
import type { CheckoutDependencies } from './checkout.deps.js';
import type { PricedCheckout, PricingInputs } from './checkout.pricing.js';
import { accessible } from './checkout.rules.js';
import type { OrderProblem } from './checkout.types.js';
import { orderProblems } from './checkout.validation.js';

/*
 * Placing an order from a checkout, as far as the checkout is concerned: take the checkout (one statement that also
 * reads its lines and catalog), price it inside the transaction, refuse while anything stops an order, let the
 * orders module write the order, then complete the checkout, use up the coupon and delete the cart, all in the same
 * transaction. A checkout completes once: a second call finds the order of the first.
 */

const STOCK_PROBLEMS = new Set<OrderProblem['code']>(['INSUFFICIENT_STOCK', 'LINE_ITEM_NOT_AVAILABLE']);

/** Why no order can be placed now: out of stock when only stock stops it, else every problem with its field. */
function notReady(checkoutId: string, problems: OrderProblem[]): AppError {
  if (problems.every((p) => STOCK_PROBLEMS.has(p.code)))
    return new AppError('FAILED_PRECONDITION', orderErrorCodes.insufficientInventory, problems[0]!.description, {
      checkoutId,
      problems,
    });
  return new AppError(
    'FAILED_PRECONDITION',
    orderErrorCodes.checkoutNotReady,
    `The checkout is not ready for an order: ${problems.map((p) => p.description).join('; ')}`,
    { checkoutId, problems },
  );
}

/** What the orders module writes for a checkout being completed. */
export interface OrderWriter<T> {
  /** Writes the order in `uow`; returns its id, the answer, and events to append with the checkout's. */
  write(
    uow: UnitOfWork,
    orderId: string,
    priced: PricedCheckout,
    checkout: Checkout,
  ): Promise<{ result: T; events: NewEvent[] }>;
  /** The answer for a checkout that an order was already placed from. */
  existing(orderId: string): Promise<T>;
}

/** A checkout just completed by an order, as completion hooks learn of it. */
export interface CompletedCheckout {
  checkoutId: string;
  orderId: string;
  checkoutCreatedDate: string;
  now: string;
}

/** Work of another module in the transaction that completes a checkout; answers events to append with the order's. */
export type CompletionHook = (uow: UnitOfWork, completed: CompletedCheckout) => Promise<NewEvent[]>;

export function createOrderPlacement(deps: ModuleDeps, core: CheckoutCore, others: CheckoutDependencies) {
  const { repo } = core;
  const hooks: CompletionHook[] = [];
  const deleteOrderedCart = orderedCartDeleter();

  /**
   * Completes the checkout `id` with an order in `uow`: takes it (one statement that also reads its lines and
   * catalog), prices it, refuses while anything stops an order, lets `writer` write the order, then completes the
   * checkout, uses up the coupon and deletes the cart. Answers `done: false` when a concurrent call completed it first.
   */
  async function completeIn<T>(
    uow: UnitOfWork,
    caller: Caller,
    id: string,
    inputs: PricingInputs,
    writer: OrderWriter<T>,
  ): Promise<{ done: true; result: T } | { done: false }> {
    const now = inputs.now;
    const orderId = newId();
    const taken = await repo.takeForOrder(uow.trx, id, now.toISOString(), orderId);
    // Completed by a concurrent call since it was read: answer that order (read after the transaction).
    if (!taken) return { done: false };
    const state = accessible(caller, ownerOf(caller), taken, 'write', { checkoutId: id });
    const priced = core.price(state, inputs);
    const problems = orderProblems(priced);
    if (problems.length > 0) throw notReady(id, problems);
    const checkout = core.present(priced);
    const { result, events } = await writer.write(uow, orderId, priced, checkout);
    const c = state.checkout;
    const ruleIds = priced.totals.appliedDiscounts.flatMap((d) => (d.discountRule ? [d.discountRule.id] : []));
    await others.discounts.recordDiscountRuleUse(uow.trx, ruleIds);
    if (c.couponId) {
      // What the coupon took off this order counts in what it gave (the back office shows it per coupon).
      const given = priced.totals.coupon?.applied ? priced.totals.coupon.amount : 0;
      const use = await others.discounts.recordCouponUse(uow.trx, c.couponId, customerKey(c.owner), given);
      if (!use.ok) throw others.discounts.couponRefusal(c.couponCode ?? '', use.problem);
    }
    const cartDeleted = c.cartId ? await deleteOrderedCart(uow.trx, c.cartId) : [];
    const completed = { checkoutId: id, orderId, checkoutCreatedDate: c.createdDate, now: now.toISOString() };
    const hooked: NewEvent[] = [];
    for (const hook of hooks) hooked.push(...(await hook(uow, completed)));
    // One statement for every event of the order: the order's, the stock's, the cart's and the checkout's. The
    // caller who completed the checkout made all of it happen, so each event names them unless it names someone.
    const identity = identityOf(caller);
    const all: NewEvent[] = [
      ...events,
      ...cartDeleted,
      ...hooked,
      {
        type: checkoutEventTypes.completed,
        entityId: id,
        payload: { entity: { ...checkout, completed: true }, orderId },
      },
    ];
    const named = all.map((e) => (e.identity ? e : { ...e, identity }));
    await deps.outbox.append(uow, named);
    return { done: true, result };
  }

  return {
    /** Runs `hook` in every transaction that completes a checkout (abandoned checkouts become recovered). */
    onCompleted(hook: CompletionHook): void {
      hooks.push(hook);
    },
    /**
     * Completes the checkout `id` with an order written by `writer`, or answers the order already placed from it.
     * Refusals (someone else's checkout, what `orderProblems` finds, what the writer refuses) write nothing.
     */
    async place<T>(caller: Caller, id: string, writer: OrderWriter<T>): Promise<T> {
      const before = accessible(caller, ownerOf(caller), await repo.head(deps.db, id), 'write', { checkoutId: id });
      if (before.checkout.completed && before.checkout.orderId) return writer.existing(before.checkout.orderId);
      const inputs = await core.inputsFor(before.checkout.owner, [before.checkout.couponCode], deps.clock.now());
      const outcome = await withTransaction(deps.db, (uow) => completeIn(uow, caller, id, inputs, writer));
      if (outcome.done) return outcome.result;
      const after = await repo.head(deps.db, id);
      if (!after?.checkout.orderId) throw new Error(`checkout ${id} completed without an order`);
      return writer.existing(after.checkout.orderId);
    },
    /**
     * Writes the prepared checkout and completes it with an order in ONE transaction (a merchant's order): a
     * refusal leaves neither the checkout nor its created event behind, and no subscriber ever hears of it.
     */
    async placeNew<T>(caller: Caller, prepared: PreparedCheckout, writer: OrderWriter<T>): Promise<T> {
      const id = prepared.priced.state.checkout.id;
      return withTransaction(deps.db, async (uow) => {
        await core.insertNew(uow, prepared.priced, caller);
        const outcome = await completeIn(uow, caller, id, prepared.inputs, writer);
        // Nobody else knows the checkout before this transaction commits.
        if (!outcome.done) throw new Error(`checkout ${id} was completed by someone else before it was written`);
        return outcome.result;
      });
    },
  };
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
