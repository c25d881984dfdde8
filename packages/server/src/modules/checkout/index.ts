import type { Executor, UnitOfWork } from '@merx/db';
import type { CartOwner } from '../cart/cart.types.js';
import type { Module, ModuleDeps } from '../module.js';
import { createCheckoutCore } from './checkout.core.js';
import { type CheckoutCreation, createCheckoutCreation } from './checkout.create.js';
import type { CheckoutDependencies } from './checkout.deps.js';
import { createOrderPlacement, type OrderPlacement } from './checkout.order.js';
import { checkoutRoutes } from './checkout.routes.js';
import { checkoutNotFound } from './checkout.rules.js';
import { type CheckoutService, createCheckoutService } from './checkout.service.js';
import type { OrderProblem } from './checkout.types.js';
import { orderProblems } from './checkout.validation.js';

export type { CheckoutDependencies } from './checkout.deps.js';
export type { OrderPlacement, OrderWriter } from './checkout.order.js';
export type { PricedCheckout } from './checkout.pricing.js';
export type { CheckoutLineRecord, CheckoutRecord, CheckoutState, OrderProblem } from './checkout.types.js';
export { orderProblems };

/** What other modules (orders next), the CLI and tests use of checkouts. */
export interface CheckoutServices {
  checkouts: CheckoutService;
  creation: CheckoutCreation;
  /** Completing a checkout with an order (the orders module writes the order). */
  placement: OrderPlacement;
  /**
   * What stops an order from being placed from the checkout now (email, address for shippable items, a shipping
   * option for the address, lines available in stock, coupon, totals violations); empty when nothing does.
   * Throws CHECKOUT_NOT_FOUND for an unknown id.
   */
  validateForOrder(checkoutId: string): Promise<OrderProblem[]>;
  /**
   * Hands a visitor's open checkouts to the member they signed in as, in the caller's unit of work or transaction
   * `ex` (or its own); returns how many. (Not yet called on sign-in: app.ts wires the cart merge only.)
   */
  adoptVisitorCheckouts(ex: Executor | UnitOfWork, visitorId: string, memberId: string): Promise<number>;
  /** Whose the checkout is (a small read in `ex`), or undefined when there is no such checkout. */
  ownerOf(ex: Executor, checkoutId: string): Promise<CartOwner | undefined>;
}

/** Checkouts (WIRE.md 5.2) and the cart's create-checkout. */
export function createCheckoutModule(deps: ModuleDeps, others: CheckoutDependencies): Module<CheckoutServices> {
  const core = createCheckoutCore(deps, others);
  const checkouts = createCheckoutService(deps, core);
  const creation = createCheckoutCreation(deps, core, others);
  return {
    services: {
      checkouts,
      creation,
      placement: createOrderPlacement(deps, core, others),
      async validateForOrder(checkoutId) {
        const priced = await checkouts.load(checkoutId);
        if (!priced) throw checkoutNotFound({ checkoutId });
        return orderProblems(priced);
      },
      async adoptVisitorCheckouts(ex, visitorId, memberId) {
        // One statement: atomic on its own, or part of the caller's transaction.
        return core.repo.adopt(
          'afterCommit' in ex ? ex.trx : ex,
          { kind: 'visitor', id: visitorId },
          { kind: 'member', id: memberId },
          deps.clock.now().toISOString(),
        );
      },
      async ownerOf(ex, checkoutId) {
        return (await core.repo.head(ex, checkoutId))?.checkout.owner;
      },
    },
    routes: checkoutRoutes(checkouts, creation),
  };
}
