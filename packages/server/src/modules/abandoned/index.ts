import type { CheckoutServices } from '../checkout/index.js';
import type { Module, ModuleDeps } from '../module.js';
import type { OrdersSettingsService } from '../orders/orders.settings.js';
import { abandonedRoutes } from './abandoned.routes.js';
import { type AbandonedService, createAbandonedService } from './abandoned.service.js';
import { type Abandonment, createAbandonment } from './abandoned.sweep.js';

/** What the app, the housekeeping and tests use of abandoned checkouts. */
export interface AbandonedServices {
  abandoned: AbandonedService;
  /** `sweep()` marks checkouts left alone; `recover` runs when an order completes a checkout. */
  abandonment: Abandonment;
}

/**
 * Abandoned checkouts: the sweep that marks them, their recovery in the transaction that places an order from the
 * checkout (registered here on the checkout placement), and the staff routes.
 */
export function createAbandonedModule(
  deps: ModuleDeps,
  others: { checkout: CheckoutServices; settings: OrdersSettingsService },
): Module<AbandonedServices> {
  const abandonment = createAbandonment({ deps, checkout: others.checkout, settings: others.settings });
  others.checkout.placement.onCompleted(abandonment.recover);
  const abandoned = createAbandonedService(deps);
  return { services: { abandoned, abandonment }, routes: abandonedRoutes(abandoned) };
}
