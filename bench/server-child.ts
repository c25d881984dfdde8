/*
 * One server for catalog.bench.ts, catalog-v3.bench.ts, cart.bench.ts and cost.bench.ts, in its own process so
 * that its memory can be measured on its own. The benches run it bundled (plain JavaScript, as `npm start` runs
 * Merx); by hand it also runs from source:
 *
 *   node --import tsx bench/server-child.ts merx <sqlite file>       Merx itself (buildApp, logger off)
 *   node --import tsx bench/server-child.ts merx <postgres://…>      Merx on a PostgreSQL database
 *   node --import tsx bench/server-child.ts reference <sqlite file>  the reference: bare Fastify, one prepared
 *                                                                    better-sqlite3 statement per route
 *
 * Listens on 127.0.0.1 on a free port and prints `{"port":N}` as its first line; SIGTERM stops it cleanly (so
 * that `--cpu-prof` can write its profile).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** The reference's price filter: list price above 50.00 in minor units (USD), as the bench asks Merx for. */
const PRICE_ABOVE_MINOR = 5000;

async function startMerx(database: string): Promise<{ port: number; close: () => Promise<void> }> {
  // Imported here so that the reference process does not load Merx at all (its RSS is the reference's own).
  const { createDb, migrateToLatest } = await import('@merx/db');
  const { buildApp, loadConfig } = await import('@merx/server');
  const postgres = /^postgres(ql)?:\/\//.test(database);
  // Beside a SQLite database, so that the bench's temp folder holds it even when the child is killed.
  const dataDir = mkdtempSync(join(postgres ? tmpdir() : dirname(database), 'merx-data-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MERX_DATA_DIR: dataDir,
    DATABASE_URL: database,
    LOG_LEVEL: 'silent',
    MERX_SEED_DEMO: 'false',
    // The import bench serves its images from a loopback server of its own.
    MERX_FETCH_PRIVATE_HOSTS: process.env.MERX_FETCH_PRIVATE_HOSTS ?? 'false',
  });
  const merx = createDb({ url: database });
  await migrateToLatest(merx.db, merx.dialect);
  const { app, dispatcher, services } = await buildApp({ config, merx, logger: false });
  // As main.ts does: the dispatcher polls the outbox once a second, the webhook worker for due retries.
  dispatcher.start();
  services.webhookWorker.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    async close() {
      await app.close();
      await merx.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface AddToCartBody {
  lineItems?: Array<{
    catalogReference?: { catalogItemId?: string; options?: { variantId?: string } };
    quantity: number;
  }>;
}

/**
 * The reference's add-to-cart: ONE prepared statement that inserts a cart line or adds to its quantity (as Merx's
 * `cart_lines` upsert does), in a table of its own keyed by the caller's token, on a writable connection with the
 * pragmas Merx uses. No cart row, no catalog read, no stock check, no totals, no outbox event.
 */
function cartLineUpsert(dbPath: string) {
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(
    `create table if not exists ref_cart_lines (
       cart_key text not null, line_key text not null, catalog_item_id text not null, variant_id text not null,
       quantity integer not null, updated_date text not null, primary key (cart_key, line_key))`,
  );
  const upsert = db.prepare(
    `insert into ref_cart_lines (cart_key, line_key, catalog_item_id, variant_id, quantity, updated_date)
     values (?, ?, ?, ?, ?, ?)
     on conflict (cart_key, line_key) do update
       set quantity = ref_cart_lines.quantity + excluded.quantity, updated_date = excluded.updated_date
     returning *`,
  );
  return {
    run: (cartKey: string, productId: string, variantId: string, quantity: number) =>
      upsert.get(cartKey, `${productId}:${variantId}`, productId, variantId, quantity, new Date().toISOString()),
    close: () => db.close(),
  };
}

/**
 * The reference's purchase for cost.bench.ts, one prepared statement per request on a writable connection of its
 * own: create a checkout (insert), set its shipping address and option (update), place the order (insert … select
 * from the checkout), read the order back (select). Beside the cart-line upsert these make the five requests of a
 * storefront's purchase. No totals, no stock, no events.
 */
function purchaseStatements(dbPath: string) {
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(
    `create table if not exists ref_checkouts (
       id text primary key, cart_key text not null, email text, address text, shipping_option text,
       created_date text not null);
     create table if not exists ref_orders (
       id text primary key, checkout_id text not null unique, cart_key text not null, email text, address text,
       shipping_option text, created_date text not null)`,
  );
  const createCheckout = db.prepare(
    `insert into ref_checkouts (id, cart_key, email, created_date) values (?, ?, ?, ?) returning *`,
  );
  const updateCheckout = db.prepare(
    'update ref_checkouts set address = ?, shipping_option = ? where id = ? and cart_key = ? returning *',
  );
  const placeOrder = db.prepare(
    `insert into ref_orders (id, checkout_id, cart_key, email, address, shipping_option, created_date)
     select ?, id, cart_key, email, address, shipping_option, ? from ref_checkouts where id = ? and cart_key = ?
     returning *`,
  );
  const getOrder = db.prepare('select * from ref_orders where id = ? and cart_key = ?');
  let next = 0;
  const newId = () => `${process.pid}-${++next}`;
  const now = () => new Date().toISOString();
  return {
    createCheckout: (cartKey: string, email: string) => createCheckout.get(newId(), cartKey, email, now()),
    updateCheckout: (cartKey: string, id: string, address: string, option: string) =>
      updateCheckout.get(address, option, id, cartKey),
    placeOrder: (cartKey: string, checkoutId: string) => placeOrder.get(newId(), now(), checkoutId, cartKey),
    getOrder: (cartKey: string, id: string) => getOrder.get(id, cartKey),
    close: () => db.close(),
  };
}

/** The reference's purchase routes (cost.bench.ts): 404 when the row is not the caller's. */
function referencePurchaseRoutes(app: FastifyInstance, dbPath: string): () => void {
  // Opened on the first request, so that the other benches' reference stays read-only and its memory unchanged.
  let statements: ReturnType<typeof purchaseStatements> | undefined;
  const open = () => {
    statements ??= purchaseStatements(dbPath);
    return statements;
  };
  const answer = (reply: FastifyReply, row: unknown) =>
    row
      ? reply.type('application/json').send(JSON.stringify(row))
      : reply.code(404).type('application/json').send('{"message":"not found"}');
  const keyOf = (request: FastifyRequest) => request.headers.authorization ?? '';
  app.post<{ Body: { email?: string } }>('/ref/checkouts', (request, reply) =>
    answer(reply, open().createCheckout(keyOf(request), String(request.body?.email ?? ''))),
  );
  app.patch<{ Params: { id: string }; Body: { address?: unknown; shippingOption?: string } }>(
    '/ref/checkouts/:id',
    (request, reply) =>
      answer(
        reply,
        open().updateCheckout(
          keyOf(request),
          request.params.id,
          JSON.stringify(request.body?.address ?? null),
          String(request.body?.shippingOption ?? ''),
        ),
      ),
  );
  app.post<{ Params: { id: string } }>('/ref/checkouts/:id/create-order', (request, reply) =>
    answer(reply, open().placeOrder(keyOf(request), request.params.id)),
  );
  app.get<{ Params: { id: string } }>('/ref/orders/:id', (request, reply) =>
    answer(reply, open().getOrder(keyOf(request), request.params.id)),
  );
  return () => statements?.close();
}

/**
 * The reference's v3 search (catalog-v3.bench.ts): a page of 20 visible products, newest first, and the three facets
 * the storefront shows (brand counts, option-choice counts, lowest and highest price), optionally within one
 * category. One prepared statement per part on the same tables and indexes Merx reads; the price is the stored
 * discounted list price (Merx works out the cheapest visible variant's price after the discount).
 */
function v3SearchStatements(db: Database.Database) {
  // Within a category the statements start from its members (collection_products' primary key), as a query
  // planner given the category's product list would.
  const from = (category: boolean) =>
    category
      ? 'collection_products cp join products p on p.id = cp.product_id where cp.collection_id = @category and'
      : 'products p where';
  const make = (category: boolean) => ({
    page: db.prepare(
      category
        ? `select * from products p where visible = 1 and exists (select 1 from collection_products cp
             where cp.product_id = p.id and cp.collection_id = @category) order by created_date desc, id desc limit 20`
        : 'select * from products p where visible = 1 order by created_date desc, id desc limit 20',
    ),
    brands: db.prepare(
      `select p.brand as value, count(*) as count from ${from(category)} p.visible = 1 and p.brand is not null
       group by p.brand order by count desc, p.brand limit 250`,
    ),
    choices: db.prepare(
      category
        ? `select c.choice as value, count(*) as count from collection_products cp
             join products p on p.id = cp.product_id join product_option_choices c on c.product_id = p.id
           where cp.collection_id = @category and p.visible = 1 group by c.choice order by count desc, c.choice limit 250`
        : `select c.choice as value, count(*) as count from product_option_choices c join products p on p.id = c.product_id
           where p.visible = 1 group by c.choice order by count desc, c.choice limit 250`,
    ),
    price: db.prepare(
      `select min(p.discounted_price) as min, max(p.discounted_price) as max from ${from(category)} p.visible = 1`,
    ),
  });
  const whole = make(false);
  const inCategory = make(true);
  return {
    run(category: string | undefined) {
      const s = category ? inCategory : whole;
      const params = category ? [{ category }] : [];
      return {
        products: s.page.all(...params),
        aggregations: {
          brands: s.brands.all(...params),
          choices: s.choices.all(...params),
          price: s.price.get(...params),
        },
      };
    },
  };
}

async function startReference(dbPath: string): Promise<{ port: number; close: () => Promise<void> }> {
  const db = new Database(dbPath, { readonly: true });
  db.pragma('cache_size = -64000');
  // The same rows the Merx routes read, each with ONE prepared statement, serialised with JSON.stringify.
  const byPrice = db.prepare(
    'select * from products where visible = 1 and price > ? order by price desc, id asc limit ?',
  );
  const byCollection = db.prepare(
    `select * from products where visible = 1
       and exists (select 1 from collection_products cp where cp.product_id = products.id and cp.collection_id = ?)
     order by price desc, id asc limit ?`,
  );
  const byId = db.prepare('select * from products where id = ? and visible = 1');
  // cost.bench.ts's uncached list: any page, with the count of matching products Merx's answer also holds (an
  // uncorrelated subquery, worked out once per statement on the partial price index).
  const page = db.prepare(
    `select *, (select count(*) from products where visible = 1 and price > @above) as total_results
     from products where visible = 1 and price > @above order by price desc, id asc limit @limit offset @offset`,
  );
  const app = Fastify({ logger: false });
  const limitOf = (q: { limit?: string }) => Math.min(100, Math.max(1, Number(q.limit ?? 20) || 20));
  app.get<{ Querystring: { limit?: string; collection?: string; above?: string } }>(
    '/ref/products',
    (request, reply) => {
      const limit = limitOf(request.query);
      const rows = request.query.collection
        ? byCollection.all(request.query.collection, limit)
        : byPrice.all(Number(request.query.above ?? PRICE_ABOVE_MINOR), limit);
      reply.type('application/json').send(JSON.stringify({ products: rows }));
    },
  );
  app.get<{ Querystring: { above?: string; limit?: string; offset?: string } }>(
    '/ref/products-page',
    (request, reply) => {
      const rows = page.all({
        above: Number(request.query.above ?? 0),
        limit: limitOf(request.query),
        offset: Math.max(0, Number(request.query.offset ?? 0) || 0),
      }) as Array<{ total_results: number }>;
      reply
        .type('application/json')
        .send(JSON.stringify({ products: rows, totalResults: rows[0]?.total_results ?? 0 }));
    },
  );
  app.get<{ Params: { id: string } }>('/ref/products/:id', (request, reply) => {
    const row = byId.get(request.params.id);
    if (!row) return reply.code(404).type('application/json').send('{"message":"not found"}');
    reply.type('application/json').send(JSON.stringify({ product: row }));
  });
  const facets = v3SearchStatements(db);
  app.get<{ Querystring: { category?: string } }>('/ref/v3/search', (request, reply) => {
    reply.type('application/json').send(JSON.stringify(facets.run(request.query.category)));
  });
  let addLine: ReturnType<typeof cartLineUpsert> | undefined;
  app.post<{ Body: AddToCartBody }>('/ref/carts/current/add-to-cart', (request, reply) => {
    const cartKey = request.headers.authorization;
    const item = request.body?.lineItems?.[0];
    const variantId = item?.catalogReference?.options?.variantId;
    if (!cartKey) return reply.code(401).type('application/json').send('{"message":"no token"}');
    if (!item?.catalogReference?.catalogItemId || !variantId || !(item.quantity > 0))
      return reply.code(400).type('application/json').send('{"message":"bad line item"}');
    // Opened on the first add, so that the catalog bench's reference stays read-only and its memory unchanged.
    addLine ??= cartLineUpsert(dbPath);
    const line = addLine.run(cartKey, item.catalogReference.catalogItemId, variantId, item.quantity);
    reply.type('application/json').send(JSON.stringify({ line }));
  });
  const closePurchases = referencePurchaseRoutes(app, dbPath);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    async close() {
      await app.close();
      db.close();
      addLine?.close();
      closePurchases();
    },
  };
}

async function main(): Promise<void> {
  const [kind, dbPath] = process.argv.slice(2);
  if ((kind !== 'merx' && kind !== 'reference') || !dbPath) {
    process.stderr.write('usage: server-child.ts merx <sqlite file | postgres://…> | reference <sqlite file>\n');
    process.exit(2);
  }
  const server = kind === 'merx' ? await startMerx(dbPath) : await startReference(dbPath);
  process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // For looking into memory by hand: `kill -USR2 <pid>` prints where this process's memory is.
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    const mb = (n: number) => Math.round(n / 1048576);
    const m = process.memoryUsage();
    process.stderr.write(
      `rss ${mb(m.rss)} MB, heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, arrayBuffers ${mb(m.arrayBuffers)} MB\n`,
    );
  });
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
