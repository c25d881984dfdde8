import { existsSync, mkdirSync } from 'node:fs';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { orderEventTypes } from '@merx/contract';
import type { MerxDb } from '@merx/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Logger, pino } from 'pino';
import type { Config } from './config.js';
import { createDispatcher, type Dispatcher } from './events/dispatcher.js';
import { createEventStreams, type EventStreams } from './events/event-stream.js';
import { createOutbox } from './events/outbox.js';
import { createRecentEvents } from './events/recent-events.js';
import { createSender } from './events/webhook-send.js';
import { createWebhookWorker, type WebhookWorker } from './events/webhook-worker.js';
import { type Access, publicAccess } from './http/auth.js';
import { type NotFoundFallback, registerErrorHandler } from './http/error-handler.js';
import { clientErrorHandler, frameworkErrorHandler, keepAnsweringHalfClosed } from './http/framework-errors.js';
import { BODY_LIMIT, registerJsonBody } from './http/json-body.js';
import { buildOpenApi } from './http/openapi.js';
import { genRequestId, registerRequestId } from './http/request-id.js';
import { type AnyRoute, registerRoutes } from './http/route.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createSealer } from './lib/secrets.js';
import { createLocalStorage } from './lib/storage.js';
import { createThrottle } from './lib/throttle.js';
import { createAbandonedModule } from './modules/abandoned/index.js';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { createApiKeyService } from './modules/api-keys/api-keys.service.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { createAuditLog } from './modules/audit/audit.service.js';
import { registerBackoffice } from './modules/backoffice/backoffice.routes.js';
import { createCartModule } from './modules/cart/index.js';
import { createCategoriesModule } from './modules/categories/index.js';
import { createCheckoutModule } from './modules/checkout/index.js';
import { collectionRoutes } from './modules/collections/collections.routes.js';
import { createCollectionService } from './modules/collections/collections.service.js';
import { createCustomizationsModule } from './modules/customizations/index.js';
import { createDiscountsModule } from './modules/discounts/index.js';
import { registerHostedPages } from './modules/hosted/hosted.routes.js';
import { createHousekeeping, RETENTION } from './modules/housekeeping/housekeeping.service.js';
import { type CaptchaVerifier, createCaptchaVerifier } from './modules/identity/captcha.js';
import { createChallenges } from './modules/identity/challenges.js';
import { identityRoutes } from './modules/identity/identity.routes.js';
import { createIdentityService } from './modules/identity/identity.service.js';
import { createMemberSettings } from './modules/identity/member-settings.js';
import { memberRoutes } from './modules/identity/members.routes.js';
import { createSessions } from './modules/identity/sessions.js';
import { createSignInGuard } from './modules/identity/sign-in-guard.js';
import { createInfoSectionsModule } from './modules/info-sections/index.js';
import { createInventoryModule } from './modules/inventory/index.js';
import { createInventoryItemsModule } from './modules/inventory/inventory-items.module.js';
import { createInventoryV3Module } from './modules/inventory-v3/index.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { createMailService } from './modules/mail/mail.service.js';
import { webhookDisabledMail } from './modules/mail/mail.templates.js';
import { createMediaModule } from './modules/media/index.js';
import type { ModuleDeps } from './modules/module.js';
import { createCallerResolver } from './modules/oauth/callers.js';
import { createClientService } from './modules/oauth/clients.service.js';
import { oauthRoutes, registerTokenEndpoint } from './modules/oauth/oauth.routes.js';
import { createOAuthService } from './modules/oauth/oauth.service.js';
import { createSigningKeys } from './modules/oauth/signing-keys.js';
import { createTokenService } from './modules/oauth/tokens.service.js';
import { createOrdersModule } from './modules/orders/index.js';
import { createOrderTimers } from './modules/orders/orders.timers.js';
import { createPaymentsModule } from './modules/payments/index.js';
import { describeWebhook as describeStripeWebhook } from './modules/payments/stripe.webhook.js';
import { createProductCsvModule, registerCsvBody } from './modules/product-csv/index.js';
import { createBulkService } from './modules/products/bulk.service.js';
import type { CatalogDeps } from './modules/products/catalog-deps.js';
import { inventoryEvents } from './modules/products/inventory-events.js';
import { createMediaService } from './modules/products/media.service.js';
import { productRoutes } from './modules/products/products.routes.js';
import { createProductService } from './modules/products/products.service.js';
import { createVariantService } from './modules/products/variants.service.js';
import { createProductsV3Module } from './modules/products-v3/index.js';
import { productV3EntityOf } from './modules/products-v3/products-v3.events.js';
import { createRecommendationsModule } from './modules/recommendations/index.js';
import { createHandOff } from './modules/redirects/redirects.hand-off.js';
import { redirectRoutes } from './modules/redirects/redirects.routes.js';
import { createRedirectService } from './modules/redirects/redirects.service.js';
import { createRibbonsBrandsModule } from './modules/ribbons-brands/index.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createShippingModule } from './modules/shipping/index.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { createSsoService } from './modules/sso/sso.service.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { createStaffService } from './modules/staff/staff.service.js';
import { registerStorefront } from './modules/storefront/storefront.routes.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { createWebhookService } from './modules/webhooks/webhooks.service.js';
import { wixDataRoutes } from './modules/wix-data/wix-data.routes.js';

export interface BuildAppOptions {
  config: Config;
  merx: MerxDb;
  logger: Logger | false;
  clock?: Clock;
  /** Replaces the captcha provider's checks (otherwise the provider the member settings name, as `config.captcha` says). */
  captcha?: CaptchaVerifier;
}

/** Everything the app is made of, for main.ts, the CLI and tests. */
export interface MerxApp {
  app: FastifyInstance;
  services: Awaited<ReturnType<typeof buildServices>>;
  dispatcher: Dispatcher;
  /** Every route registered, with the access rule it declared (undefined when it declared none). */
  routeTable: RouteRecord[];
}

export interface RouteRecord {
  method: string;
  url: string;
  access: Access | undefined;
}

async function buildServices(opts: BuildAppOptions, dispatcher: Dispatcher, streams: EventStreams) {
  const { merx, config } = opts;
  const clock = opts.clock ?? systemClock;
  const settings = createSettingsService(merx.db);
  let store = await settings.store();
  const cursorSecret = await settings.secret('cursor');
  const recentEvents = createRecentEvents();
  const outbox = createOutbox({
    clock,
    recent: recentEvents,
    onCommitted: () => {
      dispatcher.kick();
      streams.kick();
    },
  });
  const audit = createAuditLog({ db: merx.db, clock });
  const apiKeys = createApiKeyService({ db: merx.db, clock, audit });
  const collections = createCollectionService({
    db: merx.db,
    clock,
    outbox,
    cursorSecret,
    publicUrl: config.publicUrl,
  });
  await collections.ensureAllProducts();
  const deps: CatalogDeps = {
    db: merx.db,
    dialect: merx.dialect,
    clock,
    outbox,
    store: () => store,
    publicUrl: config.publicUrl,
    cursorSecret,
    mediaDir: config.mediaDir,
    collections,
    inventoryEvents,
    productV3Entity: productV3EntityOf(() => store, config.publicUrl),
  };
  const signingKeys = createSigningKeys({ db: merx.db, clock });
  await signingKeys.init();
  const tokens = createTokenService({ db: merx.db, clock, keys: signingKeys, issuer: config.publicUrl });
  const clients = createClientService({ db: merx.db, clock });
  await clients.ensureDefaults(config.publicUrl);
  const mail = createMailService({
    db: merx.db,
    clock,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  const sessions = createSessions({ db: merx.db, clock });
  const challenges = createChallenges({ db: merx.db, clock });
  const throttle = createThrottle({ db: merx.db, clock });
  const memberSettings = createMemberSettings(merx.db);
  const captcha = opts.captcha ?? createCaptchaVerifier(config.captcha);
  const signInGuard = createSignInGuard({
    db: merx.db,
    clock,
    throttle,
    sessions,
    challenges,
    mail,
    storeName: () => store.name,
    publicUrl: config.publicUrl,
  });
  const identity = createIdentityService({
    db: merx.db,
    dialect: merx.dialect,
    clock,
    tokens,
    sessions,
    challenges,
    throttle,
    signInGuard,
    mail,
    memberSettings,
    sealer: createSealer(await settings.secret('sealer')),
    audit,
    storeName: () => store.name,
    publicUrl: config.publicUrl,
    captcha,
  });
  const sso = createSsoService({
    db: merx.db,
    clock,
    sealer: createSealer(await settings.secret('sealer')),
    identity,
    sessions,
    audit,
    memberSettings,
    publicUrl: config.publicUrl,
    allowPrivateHosts: config.fetchPrivateHosts ?? false,
  });
  const oauth = createOAuthService({ db: merx.db, clock, tokens, clients, identity, apiKeys, audit });
  const redirects = createRedirectService({ db: merx.db, clock, clients, publicUrl: config.publicUrl });
  const staff = createStaffService({
    db: merx.db,
    clock,
    mail,
    tokens,
    audit,
    storeName: () => store.name,
    publicUrl: config.publicUrl,
  });
  const moduleDeps: ModuleDeps = {
    db: merx.db,
    dialect: merx.dialect,
    clock,
    outbox,
    cursorSecret,
    store: () => store,
    publicUrl: config.publicUrl,
  };
  const discounts = createDiscountsModule(moduleDeps);
  const shipping = createShippingModule(moduleDeps);
  const products = createProductService(deps);
  const cart = createCartModule(moduleDeps, {
    products,
    discounts: discounts.services,
    shipping: shipping.services,
  });
  const checkout = createCheckoutModule(moduleDeps, {
    cart: cart.services,
    discounts: discounts.services,
    shipping: shipping.services,
  });
  // Orders paid online go through Stripe once it is enabled (the payments module, made below, says).
  let stripeActive = async () => false;
  const orders = createOrdersModule(moduleDeps, {
    checkout: checkout.services,
    mail,
    onlineProvider: async () => ((await stripeActive()) ? 'stripe' : 'test'),
  });
  const handOff = createHandOff({ db: merx.db, clock, checkoutOwner: checkout.services.ownerOf, oauth, clients });
  const abandoned = createAbandonedModule(moduleDeps, {
    checkout: checkout.services,
    settings: orders.services.settings,
  });
  const inventory = createInventoryModule(moduleDeps);
  const mediaLibrary = createMediaModule(moduleDeps, { storage: createLocalStorage(config.mediaDir) });
  const payments = createPaymentsModule(
    moduleDeps,
    { orders: orders.services },
    {
      stripe: config.stripe,
      secretsKey: config.secretsKey,
      production: config.production ?? false,
      storeSecret: () => settings.secret('sealer'),
      logger: opts.logger || undefined,
    },
  );
  stripeActive = () => payments.services.stripe.active();
  const orderTimers = createOrderTimers({ deps: moduleDeps, orders: orders.services, mail });
  // A visitor who signs in keeps their cart: its lines move into the member's, in the token's transaction.
  oauth.onMemberSignIn((uow, visitorId, memberId) => cart.services.mergeVisitorCart(uow, visitorId, memberId));
  // ... and so do their open checkouts.
  oauth.onMemberSignIn((uow, visitorId, memberId) => checkout.services.adoptVisitorCheckouts(uow, visitorId, memberId));
  // ... and so do the orders they placed as a visitor.
  oauth.onMemberSignIn((uow, visitorId, memberId) =>
    orders.services.orders.adoptVisitorOrders(uow, visitorId, memberId),
  );
  const variants = createVariantService(deps, products);
  const inventoryItems = createInventoryItemsModule(moduleDeps, { variants });
  const media = createMediaService(deps, products, mediaLibrary.services.library);
  const bulk = createBulkService(deps, products);
  const inventoryV3 = createInventoryV3Module(moduleDeps, {
    variants,
    adjustments: inventoryItems.services.adjustments,
  });
  const productCsv = createProductCsvModule({
    ...moduleDeps,
    mediaDir: config.mediaDir,
    products,
    logger: opts.logger || undefined,
    fetch: { allowPrivate: config.fetchPrivateHosts ?? false },
  });
  const webhookTimeoutMs = config.webhookTimeoutMs ?? 10_000;
  let webhookWorker: WebhookWorker | undefined;
  const webhooks = createWebhookService({
    db: merx.db,
    dialect: merx.dialect,
    clock,
    sealer: createSealer(await settings.secret('sealer')),
    development: config.development ?? false,
    kickDispatcher: () => dispatcher.kick(),
    kickWorker: () => webhookWorker?.kick(),
  });
  webhookWorker = createWebhookWorker({
    db: merx.db,
    dialect: merx.dialect,
    clock,
    logger: opts.logger || pino({ level: 'silent' }),
    sender: createSender({ timeoutMs: webhookTimeoutMs, userAgent: 'Merx-Webhooks/1' }),
    policy: () => webhooks.policy(),
    endpoints: (ids) => webhooks.signing(ids),
    leaseMs: webhookTimeoutMs * 2 + 5_000,
    recent: recentEvents,
    onDisabled: async (endpointId, reason) => {
      const endpoint = await webhooks.get(endpointId);
      const owners = await merx.db
        .selectFrom('identities')
        .select('email')
        .where('kind', '=', 'staff')
        .where('role', '=', 'owner')
        .execute();
      const content = webhookDisabledMail({
        storeName: store.name,
        endpointUrl: endpoint.url,
        reason,
        settingsUrl: `${config.publicUrl}/admin/settings/webhooks/${endpointId}`,
      });
      for (const owner of owners) await mail.queue(merx.db, { kind: 'webhook-disabled', to: owner.email, ...content });
      mail.kick();
    },
  });
  return {
    webhooks,
    webhookWorker,
    streams,
    settings: {
      ...settings,
      async updateStore(patch: Parameters<typeof settings.updateStore>[0]) {
        store = await settings.updateStore(patch);
        return store;
      },
      async replaceStore(next: Parameters<typeof settings.replaceStore>[0]) {
        store = await settings.replaceStore(next);
        return store;
      },
    },
    apiKeys,
    signingKeys,
    tokens,
    clients,
    mail,
    sessions,
    challenges,
    throttle,
    signInGuard,
    memberSettings,
    identity,
    sso,
    oauth,
    redirects,
    handOff,
    staff,
    audit,
    discounts: discounts.services,
    shipping: shipping.services,
    cart: cart.services,
    checkout: checkout.services,
    orders: orders.services,
    payments: payments.services,
    registerStripeWebhook: payments.registerWebhook,
    abandoned: abandoned.services,
    housekeeping: createHousekeeping({
      db: merx.db,
      clock,
      tasks: [
        () => abandoned.services.abandonment.sweep(),
        () => cart.services.purgeUnreachableCarts(RETENTION.idleVisitorDays),
        () => productCsv.services.purgeUploads(),
      ],
      frequentTasks: [() => orderTimers.sweep()],
    }),
    orderTimers,
    moduleRoutes: [
      ...discounts.routes,
      ...shipping.routes,
      ...cart.routes,
      ...checkout.routes,
      ...orders.routes,
      ...payments.routes,
      ...abandoned.routes,
      ...inventory.routes,
      ...inventoryItems.routes,
      ...productCsv.routes,
      ...mediaLibrary.routes,
      ...createRecommendationsModule(moduleDeps).routes,
      ...createRibbonsBrandsModule(moduleDeps).routes,
      ...createInfoSectionsModule(moduleDeps).routes,
      ...createCustomizationsModule(moduleDeps).routes,
      ...createCategoriesModule(moduleDeps).routes,
      ...createProductsV3Module(moduleDeps, {
        catalog: deps,
        products,
        libraryMedia: media.libraryMedia,
        inventory: inventoryV3.services.inventoryV3,
        collections,
      }).routes,
      ...inventoryV3.routes,
    ],
    collections,
    products,
    variants,
    media,
    mediaLibrary,
    bulk,
    productCsv: productCsv.services,
  };
}

/** Builds the whole Merx app on `merx` without listening (main.ts listens; tests inject). */
export async function buildApp(opts: BuildAppOptions): Promise<MerxApp> {
  const app: FastifyInstance = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    genReqId: genRequestId,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }) as unknown as FastifyInstance;
  keepAnsweringHalfClosed(app.server);
  const logger = app.log as unknown as Logger;
  // Every route's declared access rule, for the test that walks the route table.
  const routeTable: RouteRecord[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read when asked: a plugin scope's own onRoute hook (the hosted pages') may declare it after this one.
      routeTable.push({
        method,
        url: route.url,
        get access() {
          return (route.config as { access?: Access } | undefined)?.access;
        },
      });
    }
  });
  const streams = createEventStreams({ db: opts.merx.db, logger });
  let deliveries: WebhookWorker | undefined;
  const dispatcher = createDispatcher({
    db: opts.merx.db,
    dialect: opts.merx.dialect,
    logger,
    clock: opts.clock ?? systemClock,
    onDeliveries: () => deliveries?.kick(),
  });
  const services = await buildServices(opts, dispatcher, streams);
  deliveries = services.webhookWorker;
  // A canceled order's Stripe payment forms stop working (once per event, in whichever process claims it).
  dispatcher.subscribe(orderEventTypes.canceled, (event) => services.payments.stripe.cancelOpenIntents(event.entityId));

  registerRequestId(app);
  // The shop answers the browser's unmatched page requests (set below, once the shop is registered).
  let shopPages: NotFoundFallback | undefined;
  registerErrorHandler(app, { notFoundFallback: () => shopPages });
  // Storefronts on other origins call the API with tokens in `Authorization`, never cookies.
  await app.register(fastifyCors, {
    origin: opts.config.corsOrigins.length ? opts.config.corsOrigins : true,
    credentials: false,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    exposedHeaders: ['x-wix-request-id', 'x-wix-consistent'],
    maxAge: 600,
    // An OPTIONS request that is not a CORS preflight gets an empty 204, not the plugin's plain-text 400.
    strictPreflight: false,
  });
  registerJsonBody(app);
  // The CSV import's upload route alone also reads text/csv bodies (up to its own size limit).
  registerCsvBody(app);

  const routes: AnyRoute[] = [
    ...productRoutes(services),
    ...collectionRoutes(services.collections),
    ...wixDataRoutes(),
    ...oauthRoutes(services),
    ...redirectRoutes(services.redirects, services.tokens, services.handOff),
    ...identityRoutes(services),
    ...ssoRoutes(services),
    ...memberRoutes(services),
    ...staffRoutes(services),
    ...auditRoutes(services),
    ...apiKeyRoutes(services),
    ...mailRoutes(services.mail),
    ...settingsRoutes(services),
    ...webhookRoutes(services),
    ...services.moduleRoutes,
  ];
  const callers = createCallerResolver(services.apiKeys, services.tokens);
  registerRoutes(app, routes, callers);
  await services.mediaLibrary.register(app, callers);
  registerTokenEndpoint(app, services.oauth);
  await services.registerStripeWebhook(app);
  await registerHostedPages(app, services, opts.config);

  // The media upload is registered in a scope of its own (multipart bodies) but documented with the rest.
  const documented = [...routes, services.mediaLibrary.upload];
  const info = { title: 'Merx Store API', version: '0.1.0' };
  // The API's description is megabytes that few ever read: made on its first request, then kept as its JSON bytes
  // (outside the JavaScript heap, sent as they are).
  let documentJson: Buffer | undefined;
  const apiDocument = () => {
    if (documentJson === undefined) {
      const document = buildOpenApi(documented, info);
      services.mediaLibrary.describe(document);
      describeStripeWebhook(document);
      documentJson = Buffer.from(JSON.stringify(document), 'utf8');
    }
    return documentJson;
  };
  app.get('/openapi.json', { config: { access: publicAccess } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(apiDocument()),
  );
  // Swagger UI reads the same description through its transform; the plugin itself holds only an empty one.
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: { openapi: '3.0.3', info, paths: {} } },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    transformSpecification: () => JSON.parse(apiDocument().toString('utf8')),
  });

  app.get('/healthz', { config: { access: publicAccess } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: publicAccess } }, async (_request, reply) => {
    try {
      await opts.merx.db.selectFrom('settings').select('key').limit(1).execute();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  if (!existsSync(opts.config.mediaDir)) mkdirSync(opts.config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
    setHeaders: (res) => {
      res.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });

  // The shop at `/` (when built), and its pages for a browser's GET that no route above answers (not API paths).
  shopPages = registerStorefront(app, {
    db: opts.merx.db,
    publicUrl: opts.config.publicUrl,
    boot: async () => {
      const store = await services.settings.store();
      const client = await services.clients.firstOfKind('storefront');
      const { name: storeName, currency, locale, logoUrl } = store;
      return { storeName, currency, locale, logoUrl, storefrontClientId: client?.id };
    },
  });

  // The back office at /admin/ (when built): its page for every path below, its own router decides.
  registerBackoffice(app, {
    boot: async () => {
      const store = await services.settings.store();
      const client = await services.clients.firstOfKind('backoffice');
      const { name: storeName, currency, locale, logoUrl } = store;
      return { storeName, currency, locale, logoUrl, backofficeClientId: client?.id };
    },
  });

  services.mail.start();
  // Live streams never end by themselves: they are ended before the server waits for its connections to close.
  app.addHook('preClose', (done) => {
    services.streams.close();
    done();
  });
  app.addHook('onClose', async () => {
    await services.mail.stop();
    await services.housekeeping.stop();
    await dispatcher.stop();
    await services.webhookWorker.stop();
  });
  // An import running here stops after its batch and is let go for another process (or the next start).
  app.addHook('onClose', () => services.productCsv.stop());
  return { app, services, dispatcher, routeTable };
}
