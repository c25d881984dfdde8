import type { Executor, UnitOfWork } from '@merx/db';
import { couponCheckRoutes } from '../discounts/index.js';
import type { Module, ModuleDeps } from '../module.js';
import type { CartDependencies } from './cart.deps.js';
import { createCartMerge, type MergeResult } from './cart.merge.js';
import { purgeUnreachableCarts } from './cart.purge.js';
import { cartRoutes } from './cart.routes.js';
import { type CartService, createCartService } from './cart.service.js';

export type { CartDependencies } from './cart.deps.js';
export type { MergeResult } from './cart.merge.js';
export {
  CATALOG_ONLY,
  cartTotals,
  loadTotalsConfiguration,
  type TotalsConfiguration,
  totalsInputOf,
} from './cart.totals.js';

/** What other modules (sign-in, checkout), the CLI and tests use of carts. */
export interface CartServices {
  carts: CartService;
  /**
   * Moves a visitor's cart into the member's when they sign in (same items add up, the visitor's cart is deleted),
   * in one transaction: the caller's unit of work or transaction `ex`, or its own when `ex` is the database.
   */
  mergeVisitorCart(ex: Executor | UnitOfWork, visitorId: string, memberId: string): Promise<MergeResult>;
  /** Deletes visitors' carts nobody can reach any more (see `cart.purge.ts`); answers how many. */
  purgeUnreachableCarts(idleDays: number): Promise<number>;
}

/** The current cart (WIRE.md 5.1) and staff reads of any cart. */
export function createCartModule(deps: ModuleDeps, others: CartDependencies): Module<CartServices> {
  const carts = createCartService(deps, others);
  return {
    services: {
      carts,
      mergeVisitorCart: createCartMerge(deps, carts),
      purgeUnreachableCarts: (idleDays) => purgeUnreachableCarts(deps, idleDays),
    },
    // The coupon check is the discounts module's route, judged on the cart as `update` judges a coupon.
    routes: [...cartRoutes(carts), ...couponCheckRoutes(deps, (caller, code) => carts.checkCoupon(caller, code))],
  };
}
