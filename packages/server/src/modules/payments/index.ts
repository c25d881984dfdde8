import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { StripeConfig } from '../../config.js';
import type { Module, ModuleDeps } from '../module.js';
import type { OrdersServices } from '../orders/index.js';
import { createOrdersRepo } from '../orders/orders.repo.js';
import type { PaymentsContext } from './payments.collect.js';
import { createPayLinks, payLinkRoutes } from './payments.pay-link.js';
import { createProviders } from './payments.providers.js';
import { paymentRoutes } from './payments.routes.js';
import { createPaymentsService, type PaymentsService } from './payments.service.js';
import { createStripeClients, stripeProvider } from './stripe.provider.js';
import { stripeRoutes } from './stripe.routes.js';
import { createStripeService, type StripeService } from './stripe.service.js';
import { createStripeSettings, type StripeSettingsService } from './stripe.settings.js';
import { createStripeWebhook } from './stripe.webhook.js';

export { TEST_CARDS } from './payments.providers.js';
export type { PaymentsService } from './payments.service.js';

/** What other modules, the CLI and tests use of payments. */
export interface PaymentsServices {
  payments: PaymentsService;
  stripe: StripeService;
  stripeSettings: StripeSettingsService;
}

/** How the payments module reaches Stripe: the environment's keys and secrets key, the store's own sealer secret. */
export interface PaymentsOptions {
  stripe: StripeConfig | null | undefined;
  secretsKey: string | undefined;
  production: boolean;
  storeSecret: () => Promise<string>;
  logger: Logger | undefined;
}

/**
 * Payments of orders: the test gateway, offline payments and Stripe, the payments collector, create-order-and-charge.
 * `registerWebhook` adds Stripe's webhook route (raw body) to the app.
 */
export function createPaymentsModule(
  deps: ModuleDeps,
  others: { orders: OrdersServices },
  options: PaymentsOptions,
): Module<PaymentsServices> & { registerWebhook(app: FastifyInstance): Promise<void> } {
  const { orders, stock, settings } = others.orders;
  const stripeSettings = createStripeSettings({
    db: deps.db,
    env: options.stripe,
    secretsKey: options.secretsKey,
    storeSecret: options.storeSecret,
    production: options.production,
    publicUrl: deps.publicUrl,
  });
  const clients = createStripeClients(stripeSettings);
  const ctx: PaymentsContext = {
    deps,
    orders,
    records: { dialect: deps.dialect, repo: createOrdersRepo(deps.dialect), stock, settings },
    providers: createProviders({ stripe: stripeProvider(clients) }),
    onlineProvider: async () => ((await stripeSettings.setup()).active ? 'stripe' : 'test'),
  };
  const payments = createPaymentsService(ctx);
  const stripe = createStripeService({ ctx, settings: stripeSettings, clients });
  const webhook = createStripeWebhook({ ctx, settings: stripeSettings, clients, logger: options.logger });
  return {
    services: { payments, stripe, stripeSettings },
    routes: [
      ...paymentRoutes(payments),
      ...payLinkRoutes(createPayLinks(ctx)),
      ...stripeRoutes(stripe, stripeSettings),
    ],
    registerWebhook: (app) => webhook.register(app),
  };
}
