import type { Module, ModuleDeps } from '../module.js';
import type { OrdersServices } from '../orders/index.js';
import { createOrdersRepo } from '../orders/orders.repo.js';
import { createPayLinks, payLinkRoutes } from './payments.pay-link.js';
import { paymentRoutes } from './payments.routes.js';
import { createPaymentsService, type PaymentsService } from './payments.service.js';

export { TEST_CARDS } from './payments.providers.js';
export type { PaymentsService } from './payments.service.js';

/** What other modules, the CLI and tests use of payments. */
export interface PaymentsServices {
  payments: PaymentsService;
}

/** Payments of orders: the test gateway and offline payments, the payments collector, create-order-and-charge. */
export function createPaymentsModule(deps: ModuleDeps, others: { orders: OrdersServices }): Module<PaymentsServices> {
  const { orders, stock, settings } = others.orders;
  const ctx = {
    deps,
    orders,
    records: { dialect: deps.dialect, repo: createOrdersRepo(deps.dialect), stock, settings },
  };
  const payments = createPaymentsService(ctx);
  return { services: { payments }, routes: [...paymentRoutes(payments), ...payLinkRoutes(createPayLinks(ctx))] };
}
