import type { PaymentProvider } from '@merx/contract';
import type { CheckoutServices } from '../checkout/index.js';
import { createStockKeeper, type StockKeeper } from '../inventory/inventory.stock.js';
import type { MailService } from '../mail/mail.service.js';
import type { Module, ModuleDeps } from '../module.js';
import { createFulfillments } from './fulfillments.js';
import { fulfillmentRoutes } from './fulfillments.routes.js';
import { aggregateRoutes } from './orders.aggregate.js';
import { createOrderChanges } from './orders.changes.js';
import { orderChangeRoutes } from './orders.changes.routes.js';
import { createOrderMail } from './orders.mail.js';
import { moreOrderRoutes } from './orders.more.routes.js';
import { createOrdersRepo } from './orders.repo.js';
import { orderRoutes } from './orders.routes.js';
import { createOrdersService, type OrdersService } from './orders.service.js';
import { createOrdersSettings, type OrdersSettingsService } from './orders.settings.js';
import { orderTagRoutes } from './orders.tags.js';

export type { OrderChange, OrdersService } from './orders.service.js';
export type { OrderRecord, OrderState } from './orders.types.js';

/** What other modules, the CLI and tests use of orders. */
export interface OrdersServices {
  orders: OrdersService;
  settings: OrdersSettingsService;
  stock: StockKeeper;
}

/** Orders (WIRE.md 5.3 and Appendix A `ecom_orders`), placing them from checkouts, and the orders settings. */
export function createOrdersModule(
  deps: ModuleDeps,
  others: { checkout: CheckoutServices; mail: MailService; onlineProvider?: () => Promise<PaymentProvider> },
): Module<OrdersServices> {
  const repo = createOrdersRepo(deps.dialect);
  const stock = createStockKeeper(deps.dialect);
  const settings = createOrdersSettings(deps.db, deps.outbox);
  const mail = createOrderMail(deps, others.mail);
  const orders = createOrdersService({
    deps,
    repo,
    stock,
    settings,
    checkout: others.checkout,
    mail,
    ...(others.onlineProvider ? { onlineProvider: others.onlineProvider } : {}),
  });
  return {
    services: { orders, settings, stock },
    routes: [
      ...orderRoutes(orders, settings),
      ...orderChangeRoutes(createOrderChanges({ deps, orders, stock })),
      ...fulfillmentRoutes(createFulfillments({ deps, orders })),
      ...aggregateRoutes(deps),
      ...moreOrderRoutes({ deps, orders, repo, stock, settings, mail, checkout: others.checkout }),
      ...orderTagRoutes(deps),
    ],
  };
}
