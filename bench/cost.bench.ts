/*
 * CPU cost per operation (issue 23): `npm run bench:cost` (also part of `npm run bench`).
 *
 * What a request costs the server in CPU milliseconds (utime + stime of the server process, all threads, from
 * /proc/<pid>/stat, over the measured window, divided by the operations answered correctly in it): the figure that
 * other load on a shared machine disturbs least. Merx is set beside "the limit" — the reference child of
 * bench/server-child.ts, bare Fastify with one prepared better-sqlite3 statement per request — measured in the same
 * run on the same data. On PostgreSQL the CPU of the bench database's backend processes is measured too
 * ("server + database").
 *
 * Data: 1,000 products made by seedLargeCatalog (its own mix of variants: it has no option for 9 per product, see
 * the report) plus the purchase journey's shop (journey.bench.ts: 20 products with plenty of tracked stock, US
 * shipping, NY tax). Workloads, each a warm-up and then the measured run, on one server per engine:
 *   list      POST /stores-reader/v1/products/query, a page of 20 at a random offset under a price bound below
 *             every price: each (bound, offset) once per server, so no answer or count can come from a cache
 *   get       GET /stores-reader/v1/products/{id}, cycling through every visible product of the 1,000
 *   add       add-to-cart, each connection its own visitor cycling through 5 products (a handful of lines)
 *   purchase  add-to-cart, create-checkout, PATCH checkout, create-order, GET the order: 5 requests
 *   cart-200  add-to-cart, each connection its own visitor adding 200 products in turn (carts grow to 200 lines)
 * and the RSS of the server idle after start and its peak through all of them.
 *
 * Environment: BENCH_DURATION (measured seconds per workload, default 8; when set the results go to
 * bench/.tmp/RESULTS-custom.md), MERX_BENCH_DATABASE_URL (PostgreSQL server for the bench database; default the
 * local test server).
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { STORES_APP_ID } from '@merx/contract';
import { createDb, migrateToLatest } from '@merx/db';
import autocannon, { type RequestData } from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { seedLargeCatalog } from '../packages/server/src/seed/large-catalog.js';
import { CONNECTIONS as BUYERS, call, type Shop, seed as seedShop } from './journey.bench.js';
import {
  type AutocannonResult,
  bundleServerChild,
  fmtMs,
  fmtRps,
  freshPostgres,
  gitRevision,
  here,
  log,
  machineLines,
  pct,
  percentile,
  processCpuMs,
  root,
  rssMb,
  type Server,
  settle,
  startServer,
  stopServer,
  visitorTokens,
  watchOtherLoad,
  writeSection,
  yes,
} from './lib.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = 2;
const CONNECTIONS = 50;
const PRODUCTS = 1000;
const PAGE = 20;
/** Products the everyday cart cycles through, and the big cart's. */
const SMALL_CART = 5;
const BIG_CART = 200;
/** Seconds the server is left idle after it starts before its idle RSS is read. */
const IDLE_SECONDS = 3;
const TARGETS = { sqliteTimesLimit: 2, postgresTimesSqlite: 3, idleMb: 100, peakMb: 200, cartRps: 2000, cartP99: 50 };
const PG_URL = process.env.MERX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MARK_START = '<!-- cost:start -->';
const MARK_END = '<!-- cost:end -->';
const REVISION = gitRevision();

type Engine = 'SQLite' | 'PostgreSQL';
type Workload = 'list' | 'get' | 'add' | 'purchase' | 'cart-200';

const WORKLOADS: Record<Workload, string> = {
  list: 'product list, page of 20 at a random offset (no cached answer)',
  get: 'get one product (cycling through the catalog)',
  add: 'add a line to one’s own cart (5-line carts)',
  purchase: 'checkout → order (5 requests)',
  'cart-200': 'add to carts growing to 200 lines',
};

interface Item {
  productId: string;
  variantId: string;
}

interface Catalog {
  /** Visible products of the 1,000, the ids the get cycles through. */
  productIds: string[];
  smallItems: Item[];
  bigItems: Item[];
  /** Visible products in all (the list's total). */
  visible: number;
  /** Price bounds (minor units) below every visible product's price: `price > bound` matches them all. */
  bounds: number;
  shop: Shop;
  variants: string;
}

/** One workload measured on one server. */
interface Cost {
  workload: Workload;
  /** Operations answered correctly in the measured window. */
  ops: number;
  seconds: number;
  serverCpuMs: number;
  /** CPU of the bench database's backends (PostgreSQL). */
  databaseCpuMs?: number;
  p50: number;
  p99: number;
  failures: string;
  /** What was checked after the run (carts, orders). */
  check: string;
  otherCores: number;
  clientCores: number;
}

interface ServerRun {
  engine: Engine;
  kind: Server['kind'];
  costs: Cost[];
  idleMb: number;
  peakMb: number;
}

const perOp = (c: Cost, ms: number) => (c.ops > 0 ? ms / c.ops : Number.NaN);
const serverPerOp = (c: Cost) => perOp(c, c.serverCpuMs);
const totalPerOp = (c: Cost) => perOp(c, c.serverCpuMs + (c.databaseCpuMs ?? 0));

// ---------------------------------------------------------------------------------------------- data

/** A migrated database at `url` with the 1,000-product catalog and the journey's shop. */
async function seed(url: string): Promise<Catalog> {
  const merx = createDb({ url });
  let productIds: string[];
  let items: Item[];
  let perProduct: number[];
  try {
    await migrateToLatest(merx.db, merx.dialect);
    const started = performance.now();
    await seedLargeCatalog(merx, { products: PRODUCTS });
    log(`  ${PRODUCTS} products seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const products = await merx.db.selectFrom('products').select(['id', 'visible']).orderBy('id').execute();
    productIds = products.filter((p) => p.visible === 1).map((p) => p.id);
    const counts = await merx.db
      .selectFrom('product_variants')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('product_id')
      .execute();
    perProduct = counts.map((c) => Number(c.n));
    items = await untrackedItems(merx);
    if (items.length < BIG_CART) throw new Error(`only ${items.length} products with untracked stock`);
  } finally {
    await merx.destroy();
  }
  const shop = await seedShop(url);
  const stats = createDb({ url });
  try {
    const row = await stats.db
      .selectFrom('products')
      .select([
        (eb) => eb.fn.countAll<number>().as('visible'),
        (eb) => eb.fn.min('price').as('price'),
        (eb) => eb.fn.min('discounted_price').as('discounted'),
      ])
      .where('visible', '=', 1)
      .executeTakeFirstOrThrow();
    return {
      productIds,
      smallItems: items.slice(0, SMALL_CART),
      bigItems: items.slice(0, BIG_CART),
      visible: Number(row.visible),
      bounds: Math.min(Number(row.price), Number(row.discounted)),
      shop,
      variants: variantMix(perProduct),
    };
  } finally {
    await stats.destroy();
  }
}

/** One untracked, in-stock, visible variant per product: no stock limit however many units a run adds. */
async function untrackedItems(merx: ReturnType<typeof createDb>): Promise<Item[]> {
  const rows = await merx.db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['p.id as productId', 'v.id as variantId'])
    .where('p.visible', '=', 1)
    .where('v.visible', '=', 1)
    .where('v.track_quantity', '=', 0)
    .where('v.in_stock', '=', 1)
    .orderBy('p.id')
    .orderBy('v.position')
    .execute();
  const byProduct = new Map<string, Item>();
  for (const r of rows) if (!byProduct.has(r.productId)) byProduct.set(r.productId, r);
  return [...byProduct.values()];
}

/** "2,410 variants (1 each: 700, 3: 120, …)": what the catalog holds instead of 9 variants per product. */
function variantMix(perProduct: number[]): string {
  const histogram = new Map<number, number>();
  for (const n of perProduct) histogram.set(n, (histogram.get(n) ?? 0) + 1);
  const total = perProduct.reduce((a, b) => a + b, 0);
  const spread = [...histogram]
    .sort(([a], [b]) => a - b)
    .map(([n, products]) => `${n}: ${products}`)
    .join(', ');
  return `${total.toLocaleString('en')} variants for ${perProduct.length.toLocaleString('en')} products (variants per product: products — ${spread})`;
}

// ---------------------------------------------------------------------------------------------- CPU

/**
 * CPU of the PostgreSQL backends serving `database` over a window: pids from pg_stat_activity (asked on a
 * connection to another database, so that the asking is not counted), their /proc/<pid>/stat read every 100 ms
 * so that a backend ending within the window keeps what it used. A backend that starts within it counts from 0.
 */
function databaseCpu(admin: pg.Client, database: string) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let timers: NodeJS.Timeout[] = [];
  const pids = async () =>
    (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database])).rows.map(
      (r) => r.pid,
    );
  const read = () => {
    for (const pid of last.keys()) last.set(pid, Math.max(last.get(pid) ?? 0, processCpuMs(pid)));
  };
  const discover = async (baseline: (pid: number) => number) => {
    for (const pid of await pids()) {
      if (first.has(pid)) continue;
      first.set(pid, baseline(pid));
      last.set(pid, first.get(pid) as number);
    }
  };
  return {
    pids: () => [...first.keys()],
    async start() {
      first.clear();
      last.clear();
      await discover(processCpuMs);
      timers = [setInterval(read, 100), setInterval(() => void discover(() => 0).catch(() => {}), 1000)];
    },
    async stop(): Promise<number> {
      read();
      for (const t of timers) clearInterval(t);
      return [...first].reduce((sum, [pid, from]) => sum + ((last.get(pid) ?? from) - from), 0);
    },
  };
}

type DatabaseCpu = ReturnType<typeof databaseCpu>;

/**
 * Runs `load` as the measured window: the server's CPU (and the database's) from before its first request to its
 * end, the CPU of other processes, and of this process (the load generator shares the machine).
 */
async function measured(
  server: Server,
  database: DatabaseCpu | undefined,
  load: () => Promise<Omit<Cost, 'seconds' | 'serverCpuMs' | 'databaseCpuMs' | 'otherCores' | 'clientCores'>>,
): Promise<Cost> {
  await settle(server);
  await database?.start();
  const otherLoad = watchOtherLoad([process.pid, server.pid, ...(database?.pids() ?? [])]);
  const client = process.cpuUsage();
  const cpu = processCpuMs(server.pid);
  const started = performance.now();
  const result = await load();
  const serverCpuMs = processCpuMs(server.pid) - cpu;
  const seconds = (performance.now() - started) / 1000;
  const databaseCpuMs = await database?.stop();
  const { user, system } = process.cpuUsage(client);
  return {
    ...result,
    seconds,
    serverCpuMs,
    ...(databaseCpuMs === undefined ? {} : { databaseCpuMs }),
    otherCores: otherLoad(),
    clientCores: (user + system) / 1e6 / seconds,
  };
}

// ---------------------------------------------------------------------------------------------- load

/** One request of a connection; `state` is that connection's own (autocannon copies it per connection). */
interface Load {
  next(state: { index?: number; turn?: number }): {
    method: 'GET' | 'POST';
    path: string;
    body?: string;
    auth?: string;
  };
  /** Whether a 200 answer is the right one. */
  check(body: string): boolean;
}

interface Tally {
  ok: number;
  failures: Map<string, number>;
}

const newTally = (): Tally => ({ ok: 0, failures: new Map() });
/** Failures by kind: ids and numbers taken out, so that the same failure on many orders is one entry. */
const fail = (tally: Tally, what: string) => {
  const kind = what.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d{4,}(-\d+)*/g, '…').slice(0, 160);
  tally.failures.set(kind, (tally.failures.get(kind) ?? 0) + 1);
};
const failuresOf = (tally: Tally, result?: AutocannonResult) => {
  const list = [...tally.failures].map(([what, n]) => `${n} × ${what}`);
  if (result?.errors) list.push(`${result.errors} connection errors`);
  if (result?.timeouts) list.push(`${result.timeouts} timeouts`);
  return list.join('; ') || 'none';
};

/**
 * CONNECTIONS connections for `seconds`, every answer checked: only a 200 that `check` accepts counts. Requests
 * still unanswered when autocannon stops (at most one per connection) are neither counted nor waited for.
 */
async function cannon(url: string, load: Load, seconds: number, tally: Tally): Promise<AutocannonResult> {
  let handedOut = 0;
  return (await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 120,
    requests: [
      {
        connection: {},
        setupRequest: (request: RequestData) => {
          const state = request.connection as { index?: number; turn?: number };
          state.index ??= handedOut++;
          const r = load.next(state);
          const headers: Record<string, string> = { ...request.headers };
          if (r.body !== undefined) headers['content-type'] = 'application/json';
          if (r.auth) headers.authorization = r.auth;
          return { ...request, method: r.method, path: r.path, headers, body: r.body };
        },
        onResponse: (status: number, body: string) => {
          if (status !== 200) fail(tally, `${status} ${body.slice(0, 120)}`);
          else if (!load.check(body)) fail(tally, `wrong answer: ${body.slice(0, 120)}`);
          else tally.ok++;
        },
      },
    ],
  })) as AutocannonResult;
}

/** A warm-up, then the measured run of `load`; `after` checks what the runs left behind. */
async function loadCost(
  workload: Workload,
  server: Server,
  database: DatabaseCpu | undefined,
  load: Load,
  after: (answered: number) => Promise<string> = async () => 'every answer checked',
): Promise<Cost> {
  const warm = newTally();
  await cannon(server.url, load, WARMUP, warm);
  const tally = newTally();
  const cost = await measured(server, database, async () => {
    const result = await cannon(server.url, load, DURATION, tally);
    return {
      workload,
      ops: tally.ok,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: failuresOf(tally, result),
      check: '',
    };
  });
  await settle(server);
  const warmFailures = warm.failures.size > 0 ? `; warm-up: ${failuresOf(warm)}` : '';
  return { ...cost, failures: cost.failures + warmFailures, check: await after(warm.ok + tally.ok) };
}

const envelopeOf = (body: string) => JSON.parse(body) as Record<string, unknown>;

/**
 * Pages of 20 under `price > bound` at an offset, each (bound, offset) once for the server's whole life (warm-up
 * included): Merx keeps whole answers by request and counts by statement and parameters, so neither can answer.
 * Every bound lies below every price, so each page is a page of the whole catalog.
 */
function pages(catalog: Catalog, kind: Server['kind']): Load {
  const offsets = catalog.visible - PAGE + 1;
  const used = new Set<number>();
  const sort = JSON.stringify([{ fieldName: 'priceData.price', order: 'DESC' }]);
  return {
    next() {
      let key: number;
      do key = randomInt(catalog.bounds * offsets);
      while (used.has(key));
      used.add(key);
      const bound = Math.floor(key / offsets);
      const offset = key % offsets;
      if (kind === 'reference')
        return { method: 'GET', path: `/ref/products-page?above=${bound}&offset=${offset}&limit=${PAGE}` };
      const filter = JSON.stringify({ 'priceData.price': { $gt: bound / 100 } });
      const body = JSON.stringify({ query: { filter, sort, paging: { limit: PAGE, offset } } });
      return { method: 'POST', path: '/stores-reader/v1/products/query', body };
    },
    check(body) {
      const answer = envelopeOf(body) as { products?: unknown[]; totalResults?: number };
      return answer.products?.length === PAGE && answer.totalResults === catalog.visible;
    },
  };
}

function gets(catalog: Catalog, kind: Server['kind']): Load {
  const ids = new Set(catalog.productIds);
  let i = 0;
  const base = kind === 'merx' ? '/stores-reader/v1/products' : '/ref/products';
  return {
    next: () => ({ method: 'GET', path: `${base}/${catalog.productIds[i++ % catalog.productIds.length]}` }),
    check: (body) => ids.has((envelopeOf(body) as { product?: { id?: string } }).product?.id ?? ''),
  };
}

const addBody = (item: Item) =>
  JSON.stringify({
    lineItems: [
      {
        catalogReference: {
          appId: STORES_APP_ID,
          catalogItemId: item.productId,
          options: { variantId: item.variantId },
        },
        quantity: 1,
      },
    ],
  });

/**
 * Each connection its own visitor (token `index`), adding one unit of the next of `items` in turn, starting at a
 * different item for each connection. The answer is the whole cart (Merx) or the line (reference): checked by its
 * start, not parsed, so that a 200-line cart does not cost the load generator a parse per request.
 */
function adds(kind: Server['kind'], tokens: string[], items: Item[]): Load {
  const bodies = items.map(addBody);
  const path = kind === 'merx' ? '/ecom/v1/carts/current/add-to-cart' : '/ref/carts/current/add-to-cart';
  const prefix = kind === 'merx' ? '{"cart":{' : '{"line":{';
  return {
    next(state) {
      const index = state.index ?? 0;
      state.turn ??= index * 4;
      const body = bodies[state.turn++ % bodies.length] as string;
      return { method: 'POST', path, body, auth: `Bearer ${tokens[index % tokens.length]}` };
    },
    check: (body) => body.startsWith(prefix),
  };
}

/** The visitors' carts as the API reads them, against the adds answered: proof that every answered add is in. */
async function cartsOf(server: Server, tokens: string[], answered: number): Promise<string> {
  const lines: number[] = [];
  let units = 0;
  for (const token of tokens) {
    const { cart } = (await call(`${server.url}/ecom/v1/carts/current`, {
      method: 'GET',
      auth: `Bearer ${token}`,
    })) as { cart: { lineItems: Array<{ quantity: number }> } };
    lines.push(cart.lineItems.length);
    units += cart.lineItems.reduce((sum, l) => sum + l.quantity, 0);
  }
  // Adds in flight when autocannon stopped were carried out without their answer being counted: at most one per
  // connection and run (warm-up and measured).
  const unanswered = units - answered;
  const exact = unanswered >= 0 && unanswered <= 2 * CONNECTIONS;
  return (
    `${tokens.length} carts of ${Math.min(...lines)}–${Math.max(...lines)} lines holding ${units.toLocaleString('en')} ` +
    `units = ${answered.toLocaleString('en')} adds answered (warm-up included) + ${unanswered} in flight when ` +
    `autocannon stopped${exact ? '' : ' **MISMATCH**'}`
  );
}

// ---------------------------------------------------------------------------------------------- purchases

const ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};

/**
 * One purchase on Merx as a storefront makes it (journey.bench.ts's shapes) and the confirmation page's read of
 * the order; the order must come back with both lines.
 */
async function purchase(base: string, auth: string, shop: Shop, n: number): Promise<void> {
  const pick = (k: number) => shop.productIds[(n * 3 + k) % shop.productIds.length] as string;
  const lineItems = [0, 1].map((k) => ({
    catalogReference: { appId: STORES_APP_ID, catalogItemId: pick(k) },
    quantity: k + 1,
  }));
  await call(`${base}/ecom/v1/carts/current/add-to-cart`, { method: 'POST', auth, json: { lineItems } });
  const { checkoutId } = (await call(`${base}/ecom/v1/carts/current/create-checkout`, {
    method: 'POST',
    auth,
    json: { channelType: 'WEB', email: `buyer${n}@example.com` },
  })) as { checkoutId: string };
  const shippingInfo = {
    shippingDestination: { address: ADDRESS },
    selectedCarrierServiceOption: { code: shop.shippingOptionId },
  };
  await call(`${base}/ecom/v1/checkouts/${checkoutId}`, {
    method: 'PATCH',
    auth,
    json: { checkout: { id: checkoutId, shippingInfo } },
  });
  const { orderId } = (await call(`${base}/ecom/v1/checkouts/${checkoutId}/create-order`, {
    method: 'POST',
    auth,
    json: { id: checkoutId },
  })) as { orderId: string };
  const { order } = (await call(`${base}/ecom/v1/orders/${orderId}`, { method: 'GET', auth })) as {
    order: { id: string; lineItems: unknown[] };
  };
  if (order.id !== orderId || order.lineItems.length !== 2) throw new Error(`order ${orderId} came back wrong`);
}

/** The reference's five requests, one prepared statement each; the order read back must be the one placed. */
async function referencePurchase(base: string, shop: Shop, n: number, buyer: number): Promise<void> {
  const auth = `Bearer ref-buyer-${buyer}`;
  const item = {
    catalogReference: { catalogItemId: shop.productIds[n % shop.productIds.length], options: { variantId: '0' } },
    quantity: 1,
  };
  await call(`${base}/ref/carts/current/add-to-cart`, { method: 'POST', auth, json: { lineItems: [item] } });
  const checkout = (await call(`${base}/ref/checkouts`, {
    method: 'POST',
    auth,
    json: { email: `buyer${n}@example.com` },
  })) as {
    id: string;
  };
  await call(`${base}/ref/checkouts/${checkout.id}`, {
    method: 'PATCH',
    auth,
    json: { address: ADDRESS, shippingOption: shop.shippingOptionId },
  });
  const placed = (await call(`${base}/ref/checkouts/${checkout.id}/create-order`, {
    method: 'POST',
    auth,
    json: {},
  })) as {
    id: string;
  };
  const order = (await call(`${base}/ref/orders/${placed.id}`, { method: 'GET', auth })) as { checkout_id: string };
  if (order.checkout_id !== checkout.id) throw new Error(`order ${placed.id} came back wrong`);
}

/** BUYERS buyers in a loop until `seconds` have passed; a purchase begun before then is finished and counted. */
async function drive(seconds: number, one: (n: number, buyer: number) => Promise<void>) {
  const latencies: number[] = [];
  const tally = newTally();
  const deadline = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, buyer) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          await one(n++, buyer);
          latencies.push(performance.now() - started);
          tally.ok++;
        } catch (error) {
          fail(tally, (error instanceof Error ? error.message : String(error)).slice(0, 120));
        }
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), tally };
}

/** Orders in the database, read beside the server. */
async function ordersIn(database: string): Promise<number> {
  if (!/^postgres(ql)?:\/\//.test(database)) {
    const db = new Database(database, { readonly: true });
    try {
      return (db.prepare('select count(*) as n from orders').get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select count(*) as n from orders')).rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function purchaseCost(server: Server, db: DatabaseCpu | undefined, catalog: Catalog, database: string) {
  let one: (n: number, buyer: number) => Promise<void>;
  if (server.kind === 'merx') {
    const tokens = (await visitorTokens(server.url, BUYERS)).map((t) => `Bearer ${t}`);
    one = (n, buyer) => purchase(server.url, tokens[buyer] as string, catalog.shop, n);
  } else {
    one = (n, buyer) => referencePurchase(server.url, catalog.shop, n, buyer);
  }
  const before = server.kind === 'merx' ? await ordersIn(database) : 0;
  const warm = await drive(WARMUP, one);
  let tally = newTally();
  const cost = await measured(server, db, async () => {
    const run = await drive(DURATION, one);
    tally = run.tally;
    return {
      workload: 'purchase' as const,
      ops: run.tally.ok,
      p50: percentile(run.latencies, 50),
      p99: percentile(run.latencies, 99),
      failures: failuresOf(run.tally),
      check: '',
    };
  });
  const placed = warm.tally.ok + tally.ok;
  let check = 'every order read back';
  if (server.kind === 'merx') {
    const orders = (await ordersIn(database)) - before;
    check = `${orders.toLocaleString('en')} orders in the database for ${placed.toLocaleString('en')} purchases (warm-up included)${orders === placed ? ', each read back' : ' **MISMATCH**'}`;
  }
  return { ...cost, check };
}

// ---------------------------------------------------------------------------------------------- runs

/** Every workload on one server, its idle RSS after start and its peak through them all. */
async function runServer(
  script: string,
  engine: Engine,
  kind: Server['kind'],
  database: string,
  catalog: Catalog,
  admin: pg.Client | undefined,
): Promise<ServerRun> {
  const server = await startServer(script, kind, database);
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 100);
  const run: ServerRun = { engine, kind, costs: [], idleMb: 0, peakMb: 0 };
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    run.idleMb = rssMb(server.pid);
    log(`  ${engine} ${kind}: pid ${server.pid}, idle RSS ${run.idleMb.toFixed(0)} MB`);
    const db = admin ? databaseCpu(admin, new URL(database).pathname.slice(1)) : undefined;
    const merx = kind === 'merx';
    const record = (cost: Cost) => {
      run.costs.push(cost);
      log(`    ${describe(cost)}`);
    };
    record(await loadCost('list', server, db, pages(catalog, kind)));
    record(await loadCost('get', server, db, gets(catalog, kind)));
    const small = merx ? await visitorTokens(server.url, CONNECTIONS) : refTokens('small');
    record(
      await loadCost('add', server, db, adds(kind, small, catalog.smallItems), (n) =>
        merx ? cartsOf(server, small, n) : Promise.resolve('every answer checked'),
      ),
    );
    record(await purchaseCost(server, db, catalog, database));
    const big = merx ? await visitorTokens(server.url, CONNECTIONS) : refTokens('big');
    record(
      await loadCost('cart-200', server, db, adds(kind, big, catalog.bigItems), (n) =>
        merx ? cartsOf(server, big, n) : Promise.resolve('every answer checked'),
      ),
    );
  } finally {
    clearInterval(sampler);
    run.peakMb = Math.max(peak, rssMb(server.pid));
    await stopServer(server);
  }
  return run;
}

const refTokens = (name: string) => Array.from({ length: CONNECTIONS }, (_, i) => `ref-${name}-${i}`);

const describe = (c: Cost) =>
  `${c.workload}: ${fmtRps(c.ops / c.seconds)} ops/s, p50 ${fmtMs(c.p50)} p99 ${fmtMs(c.p99)} ms (n=${c.ops}), CPU ` +
  `${serverPerOp(c).toFixed(3)}${c.databaseCpuMs === undefined ? '' : ` + ${perOp(c, c.databaseCpuMs).toFixed(3)}`} ms/op, ` +
  `failures: ${c.failures}; ${c.check}; client ${c.clientCores.toFixed(2)} cores, other ${c.otherCores.toFixed(2)} cores`;

// ---------------------------------------------------------------------------------------------- report

interface Run {
  servers: ServerRun[];
  catalog?: Catalog;
  postgres: string;
  started: number;
  error?: string;
}

const ms = (n: number) => (Number.isNaN(n) ? '–' : n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3));
const times = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)}×` : '–');

function costTable(run: Run): string[] {
  const find = (engine: Engine, kind: Server['kind'], w: Workload) =>
    run.servers.find((s) => s.engine === engine && s.kind === kind)?.costs.find((c) => c.workload === w);
  const out = [
    '| workload | limit CPU ms/op | Merx SQLite ms/op | × limit | Merx PostgreSQL server + database ms/op | × SQLite | targets: SQLite ≤ 2× limit / PostgreSQL ≤ 3× SQLite |',
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const w of Object.keys(WORKLOADS) as Workload[]) {
    const limit = find('SQLite', 'reference', w);
    const sqlite = find('SQLite', 'merx', w);
    const postgres = find('PostgreSQL', 'merx', w);
    const vsLimit = sqlite && limit ? serverPerOp(sqlite) / serverPerOp(limit) : Number.NaN;
    const vsSqlite = postgres && sqlite ? totalPerOp(postgres) / serverPerOp(sqlite) : Number.NaN;
    const pgCell = postgres
      ? `${ms(serverPerOp(postgres))} + ${ms(perOp(postgres, postgres.databaseCpuMs ?? 0))} = ${ms(totalPerOp(postgres))}`
      : '–';
    const clean = (c: Cost | undefined) => c !== undefined && c.failures === 'none' && !c.check.includes('MISMATCH');
    out.push(
      `| ${WORKLOADS[w]} | ${limit ? ms(serverPerOp(limit)) : '–'} | ${sqlite ? ms(serverPerOp(sqlite)) : '–'} | ${times(vsLimit)} | ` +
        `${pgCell} | ${times(vsSqlite)} | ${yes(clean(sqlite) && vsLimit <= TARGETS.sqliteTimesLimit)} / ` +
        `${postgres ? yes(clean(postgres) && vsSqlite <= TARGETS.postgresTimesSqlite) : 'not measured'} |`,
    );
  }
  return out;
}

function detailTable(run: Run): string[] {
  const out = [
    '| engine | server | workload | ops | ops/s | p50 ms | p99 ms | server CPU ms/op | database CPU ms/op | failures | checked after the run | load generator, cores | other load, cores |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|',
  ];
  for (const s of run.servers)
    for (const c of s.costs)
      out.push(
        `| ${s.engine} | ${s.kind === 'merx' ? 'Merx' : 'limit'} | ${c.workload} | ${c.ops.toLocaleString('en')} | ` +
          `${fmtRps(c.ops / c.seconds)} | ${fmtMs(c.p50)} | ${fmtMs(c.p99)} | ${ms(serverPerOp(c))} | ` +
          `${c.databaseCpuMs === undefined ? '–' : ms(perOp(c, c.databaseCpuMs))} | ${c.failures} | ${c.check} | ` +
          `${c.clientCores.toFixed(2)} | ${c.otherCores.toFixed(2)} |`,
      );
  return out;
}

function report(run: Run): string {
  const out = [
    MARK_START,
    '## CPU cost per operation (`npm run bench:cost`, bench/cost.bench.ts)',
    '',
    ...machineLines(REVISION),
    `- PostgreSQL: ${run.postgres}`,
  ];
  const c = run.catalog;
  if (c)
    out.push(
      `- Data: ${PRODUCTS.toLocaleString('en')} products made by \`seedLargeCatalog\` (${c.productIds.length} visible), ` +
        'plus the purchase journey’s shop (journey.bench.ts’s `seed`: 20 products with 10,000,000 tracked units each, ' +
        `US shipping, NY tax), ${c.visible.toLocaleString('en')} visible products in all. NOT 9 variants per product: ` +
        '`seedLargeCatalog` has no option for it (about 30 % of its products get a Size option, a third of those also ' +
        `a Colour); it made ${c.variants}. The reference reads the same SQLite file.`,
    );
  out.push(
    `- CPU ms/op: utime + stime of the server process (all threads: JavaScript, GC, libuv, the SQLite checkpointer) ` +
      'from /proc/<pid>/stat (10 ms ticks) over the measured window, divided by the operations answered correctly in ' +
      'it. On PostgreSQL "database" is the same for the backends of the bench database (pids from `pg_stat_activity ' +
      'where datname = …`, their /proc/<pid>/stat read every 100 ms, the list refreshed every second; the WAL writer, ' +
      'checkpointer and other shared background processes are not counted). The same server serves every workload ' +
      `in turn; each gets a ${WARMUP} s warm-up, then ${DURATION} s measured.`,
    `- Load: autocannon 9 in the bench process on the same machine (${CONNECTIONS} connections; "load generator" is ` +
      'its CPU), every answer checked (status 200 and its content: a list page of 20 with the right total, the ' +
      'product asked for, the cart or line); requests still unanswered when autocannon stops (at most one per ' +
      'connection) are not counted. The purchase runs as the journey bench drives it: ' +
      `${BUYERS} buyers on node:http keep-alive sockets, each purchase finished and counted when begun before the end.`,
    `- list: \`POST /stores-reader/v1/products/query\` (filter and sort as JSON text), sort price DESC, a page of ${PAGE} ` +
      'at a random offset under a filter `priceData.price > bound`, the bound a whole number of cents below every ' +
      'visible price (so every page is a page of the whole catalog) and each (bound, offset) pair sent once in the ' +
      'server’s life, warm-up included. Merx keeps whole list answers by request (`queryAnswer`) and counted totals by ' +
      'count statement and parameters (`runQuery`’s totals): neither can answer a request never seen; the per-product ' +
      'JSON fragments (by id and revision) are warm, as they are for any store whose catalog fits its 5,000 entries. ' +
      'Limit: `select *, (select count(*) … where visible = 1 and price > @above) from products where visible = 1 and ' +
      'price > @above order by price desc, id limit 20 offset @offset` (the page and the total that Merx answers, in one ' +
      'statement, on the same partial price index Merx reads).',
    '- get: `GET /stores-reader/v1/products/{id}` over every visible product of the 1,000 in turn; limit: `select * ' +
      'from products where id = ?`.',
    `- add: each connection its own visitor (an anonymous token from \`POST /oauth2/token\`), one unit of the next of ` +
      `${SMALL_CART} products with untracked stock in turn: carts of ${SMALL_CART} lines whose quantities grow. ` +
      'Limit: one upsert of a line keyed by the token.',
    '- purchase: add two products to the cart, create-checkout with an email, PATCH the checkout with the shipping ' +
      'address and option, create-order, then `GET /ecom/v1/orders/{id}` as the storefront’s confirmation page does ' +
      '(the order must come back with both lines). Limit: the same five requests to bare routes, one prepared ' +
      'statement each (line upsert, checkout insert, checkout update, order insert … select from the checkout, order ' +
      'select).',
    `- cart-200: new visitors, each adding one of ${BIG_CART} products in turn, so each cart grows by a line per ` +
      `request up to ${BIG_CART} lines (the warm-up starts the same carts; the lines they reached are in the checks). ` +
      `Targets ≥ ${TARGETS.cartRps.toLocaleString('en')} adds/s with p99 < ${TARGETS.cartP99} ms on SQLite.`,
    '- "other load": CPU that processes other than the bench, its server and the database backends used during the ' +
      'measured run, in cores (the machine is shared): throughputs and latencies are depressed by it, CPU ms/op much less.',
    '',
    ...costTable(run),
    '',
  );
  const others = run.servers.flatMap((s) => s.costs.map((x) => x.otherCores));
  if (others.length > 0)
    out.push(
      `Other load during the measured runs: ${Math.min(...others).toFixed(2)}–${Math.max(...others).toFixed(2)} of ` +
        `the ${os.availableParallelism()} cores (per run in the last table).`,
      '',
    );
  const merxSqlite = run.servers.find((s) => s.engine === 'SQLite' && s.kind === 'merx');
  const limitGet = run.servers.find((s) => s.kind === 'reference')?.costs.find((x) => x.workload === 'get');
  const merxGet = merxSqlite?.costs.find((x) => x.workload === 'get');
  if (limitGet && merxGet) {
    const rate = (x: Cost) => x.ops / x.seconds;
    out.push(
      `Get one product, throughput: Merx ${fmtRps(rate(merxGet))} req/s, limit ${fmtRps(rate(limitGet))} req/s ` +
        `(Merx at ${pct(rate(merxGet) / rate(limitGet))} of the limit; both loaded by the same load generator on the ` +
        'same two cores, so this ratio is bounded by the client and other load, the CPU ms/op above is not).',
      '',
    );
  }
  const big = merxSqlite?.costs.find((x) => x.workload === 'cart-200');
  if (big) {
    const rps = big.ops / big.seconds;
    out.push(
      `**Carts growing to ${BIG_CART} lines (SQLite, ${CONNECTIONS} connections): ${fmtRps(rps)} adds/s ` +
        `(${yes(rps >= TARGETS.cartRps)}), p99 ${fmtMs(big.p99)} ms (${yes(big.p99 < TARGETS.cartP99)}), ` +
        `${ms(serverPerOp(big))} CPU ms/op.** After the run: ${big.check}.`,
      '',
    );
  }
  out.push(
    '| server | RSS idle MB | RSS peak MB | targets: idle ≤ 100 / peak ≤ 200 (Merx) |',
    '|---|---:|---:|---|',
    ...run.servers.map(
      (s) =>
        `| ${s.engine} ${s.kind === 'merx' ? 'Merx' : 'limit'} | ${s.idleMb.toFixed(0)} | ${s.peakMb.toFixed(0)} | ` +
        `${s.kind === 'merx' ? `${yes(s.idleMb <= TARGETS.idleMb)} / ${yes(s.peakMb <= TARGETS.peakMb)}` : '–'} |`,
    ),
    '',
    `RSS: VmRSS of the server process ${IDLE_SECONDS} s after it started (idle, the data already seeded), and its peak ` +
      'sampled every 100 ms through all the workloads above (PostgreSQL’s own memory not included). The limit runs ' +
      'from the same bundle as Merx (bench/server-child.ts), whose npm imports (fastify, kysely, pg, zod, …) are all ' +
      'loaded at start even though the reference uses only Fastify and better-sqlite3: its RSS overstates bare ' +
      'Fastify’s.',
    '',
    '### Every run',
    '',
    ...detailTable(run),
    '',
  );
  if (run.error) out.push(`- The run failed: ${run.error}`, '');
  out.push(`Total bench time ${((performance.now() - run.started) / 60_000).toFixed(1)} min.`, MARK_END);
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------- main

async function runPostgres(script: string, run: Run): Promise<void> {
  const fresh = await freshPostgres(PG_URL, 'merx_cost');
  if ('skipped' in fresh) {
    run.postgres = `not measured (${fresh.skipped})`;
    log(`\nPostgreSQL skipped: ${fresh.skipped}`);
    return;
  }
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
    const version = (await admin.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v;
    const where = new URL(fresh.url);
    run.postgres = `${version} at ${where.host}, a fresh database ${where.pathname.slice(1)} (dropped after the run)`;
    log(`\nPostgreSQL (${where.pathname.slice(1)})`);
    const catalog = await seed(fresh.url);
    run.servers.push(await runServer(script, 'PostgreSQL', 'merx', fresh.url, catalog, admin));
  } finally {
    await admin.end().catch(() => {});
    await fresh.drop();
  }
}

async function main(): Promise<void> {
  const run: Run = { servers: [], postgres: 'not measured', started: performance.now() };
  const dir = mkdtempSync(join(os.tmpdir(), 'merx-cost-bench-'));
  try {
    const script = await bundleServerChild();
    log(`cost bench: loopback, load in this process, servers in child processes; data in ${dir}\n\nSQLite`);
    const path = join(dir, 'cost.db');
    run.catalog = await seed(path);
    run.servers.push(await runServer(script, 'SQLite', 'merx', path, run.catalog, undefined));
    run.servers.push(await runServer(script, 'SQLite', 'reference', path, run.catalog, undefined));
    await runPostgres(script, run);
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    // Written even when a step failed, so that what was measured is kept.
    if (run.servers.length > 0) {
      const custom = process.env.BENCH_DURATION !== undefined;
      const file = custom ? join(here, '.tmp', 'RESULTS-custom.md') : join(here, 'RESULTS.md');
      writeSection(file, MARK_START, MARK_END, report(run));
      log(`\nwrote ${file.slice(root.length + 1)} (${((performance.now() - run.started) / 60_000).toFixed(1)} min)`);
    }
  }
}

await main();
