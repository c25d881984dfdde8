/*
 * Whole-purchase benchmark: `npm run bench:journey` (also part of `npm run bench`).
 *
 * Ten buyers at a time (each a visitor with a token of their own, minted before the run), each going again and
 * again through the journey as a storefront makes it: add two products to the cart, create a checkout of it
 * with an email, set the shipping address and option on the checkout (PATCH), and place the order (create-order;
 * the cart is gone after it, so the next round starts an empty one). A purchase counts when the order is placed;
 * orders/s is placed orders per second of the measured run, latency is the whole purchase (four requests).
 * The products have tracked stock (plenty of it), so every order takes stock with its conditional update.
 * Merx runs in its own child process (bench/server-child.ts bundled as `npm start` bundles Merx); the reference is
 * the same child's bare Fastify route with one prepared SQLite upsert, called four times per purchase (the same
 * number of requests), measured in the same run on the same machine.
 *
 * Environment: BENCH_DURATION (seconds, default 10), BENCH_CPU_PROF (a folder: profile the SQLite Merx child),
 * MERX_BENCH_DATABASE_URL (PostgreSQL server to create the bench
 * database on; default the local test server). With BENCH_DURATION set the results go to
 * bench/.tmp/RESULTS-custom.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { STORES_APP_ID } from '@merx/contract';
import { createDb, migrateToLatest } from '@merx/db';
import { buildApp, loadConfig } from '@merx/server';
import {
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

export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const WARMUP = 2;
export const CONNECTIONS = 10;
const TARGET_ORDERS = 300;
const PG_URL = process.env.MERX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MARK_START = '<!-- journey.bench:start -->';
const MARK_END = '<!-- journey.bench:end -->';
const REVISION = gitRevision();
const REFERENCE_PATH = '/ref/carts/current/add-to-cart';
const ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};

export interface Shop {
  productIds: string[];
  shippingOptionId: string;
}

export interface Measured {
  engine: 'SQLite' | 'PostgreSQL';
  kind: Server['kind'];
  ordersPerSecond: number;
  orders: number;
  p50: number;
  p99: number;
  failures: string;
  rssMb: number;
  otherCores: number;
  /** CPU the buyers (this process) used during the measured run, in cores. */
  clientCores: number;
}

/** A migrated database at `url` with 20 products of plenty tracked stock, US shipping and NY tax. */
export async function seed(url: string): Promise<Shop> {
  const merx = createDb({ url });
  const dir = mkdtempSync(join(os.tmpdir(), 'merx-journey-seed-'));
  try {
    await migrateToLatest(merx.db, merx.dialect);
    const config = loadConfig({ MERX_DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'silent', MERX_SEED_DEMO: 'false' });
    const { app, services } = await buildApp({ config, merx, logger: false });
    const productIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const p = await services.products.create({
        name: `Journey product ${i + 1}`,
        priceData: { price: 10 + i },
        weight: 0.5,
        stock: { trackInventory: true, quantity: 10_000_000 },
      });
      productIds.push(p.id as string);
    }
    const region = await services.shipping.deliveryRegions.create({
      name: 'United States',
      destinations: [{ countryCode: 'US' }],
    });
    const option = await services.shipping.shippingOptions.create({
      title: 'Standard',
      deliveryRegionIds: [region.id],
      rates: [{ amount: '5' }],
    });
    await services.shipping.tax.createRegion({
      country: 'US',
      subdivision: 'NY',
      rateType: 'MANUAL_RATE',
      jurisdictions: [{ name: 'New York', type: 'STATE', rate: '0.08' }],
      shippingTaxable: false,
    });
    await app.close();
    return { productIds, shippingOptionId: option.id };
  } finally {
    await merx.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The buyers' HTTP client: node:http with keep-alive sockets, one per buyer at most. Not `fetch`: on this kind of
 * machine undici's fetch spent about 400 µs of CPU per request (node:http 70–90 µs), and the load generator shares
 * the machine's two CPUs with the server, so a heavy client measured itself as much as the server.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

export function call(url: string, init: { method: string; auth?: string; json?: unknown }): Promise<unknown> {
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  const headers: Record<string, string | number> = { 'content-type': 'application/json' };
  if (init.auth) headers.authorization = init.auth;
  if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          reject(new Error(`${init.method} ${new URL(url).pathname} answered ${status}: ${text.slice(0, 200)}`));
          return;
        }
        try {
          resolve(text ? JSON.parse(text) : {});
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One whole purchase on Merx by the buyer holding `auth` (their cart is empty again after it); the order id. */
async function purchase(base: string, auth: string, shop: Shop, n: number): Promise<string> {
  const pick = (k: number) => shop.productIds[(n * 3 + k) % shop.productIds.length] as string;
  await call(`${base}/ecom/v1/carts/current/add-to-cart`, {
    method: 'POST',
    auth,
    json: {
      lineItems: [0, 1].map((k) => ({
        catalogReference: { appId: STORES_APP_ID, catalogItemId: pick(k) },
        quantity: k + 1,
      })),
    },
  });
  const { checkoutId } = (await call(`${base}/ecom/v1/carts/current/create-checkout`, {
    method: 'POST',
    auth,
    json: { channelType: 'WEB', email: `buyer${n}@example.com` },
  })) as { checkoutId: string };
  await call(`${base}/ecom/v1/checkouts/${checkoutId}`, {
    method: 'PATCH',
    auth,
    json: {
      checkout: {
        id: checkoutId,
        shippingInfo: {
          shippingDestination: { address: ADDRESS },
          selectedCarrierServiceOption: { code: shop.shippingOptionId },
        },
      },
    },
  });
  const { orderId } = (await call(`${base}/ecom/v1/checkouts/${checkoutId}/create-order`, {
    method: 'POST',
    auth,
    json: { id: checkoutId },
  })) as { orderId: string };
  return orderId;
}

/** The reference purchase: four requests to the bare route, each one prepared upsert. */
async function referencePurchase(base: string, shop: Shop, n: number, buyer: number): Promise<string> {
  const auth = `Bearer ref-${buyer}`;
  for (let k = 0; k < 4; k++) {
    await call(`${base}${REFERENCE_PATH}`, {
      method: 'POST',
      auth,
      json: {
        lineItems: [
          {
            catalogReference: { catalogItemId: shop.productIds[k] as string, options: { variantId: '0' } },
            quantity: 1,
          },
        ],
      },
    });
  }
  return `ref-${n}`;
}

/** CONNECTIONS buyers in a loop for `seconds`; latencies of the placed orders and the failures. */
async function drive(seconds: number, one: (n: number, buyer: number) => Promise<string>) {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const deadline = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, buyer) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          await one(n++, buyer);
          latencies.push(performance.now() - started);
        } catch (error) {
          const key = (error instanceof Error ? error.message : String(error)).slice(0, 80);
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

export async function measure(
  engine: Measured['engine'],
  server: Server,
  shop: Shop,
  ours: number[],
): Promise<Measured> {
  let one: (n: number, buyer: number) => Promise<string>;
  if (server.kind === 'merx') {
    const tokens = (await visitorTokens(server.url, CONNECTIONS)).map((t) => `Bearer ${t}`);
    one = (n, buyer) => purchase(server.url, tokens[buyer] as string, shop, n);
  } else {
    one = (n, buyer) => referencePurchase(server.url, shop, n, buyer);
  }
  await drive(WARMUP, one);
  await settle(server);
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 100);
  const otherLoad = watchOtherLoad([process.pid, server.pid, ...ours]);
  const started = performance.now();
  const clientCpu = process.cpuUsage();
  const { latencies, failures } = await drive(DURATION, one);
  const elapsed = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(clientCpu);
  const otherCores = otherLoad();
  clearInterval(sampler);
  return {
    engine,
    kind: server.kind,
    ordersPerSecond: latencies.length / elapsed,
    orders: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: [...failures].map(([k, v]) => `${v} × ${k}`).join('; ') || 'none',
    rssMb: Math.max(peak, rssMb(server.pid)),
    otherCores,
    clientCores: (user + system) / 1e6 / elapsed,
  };
}

export const describe = (m: Measured) =>
  `${m.engine} ${m.kind}: ${fmtRps(m.ordersPerSecond)} purchases/s p50 ${fmtMs(m.p50)} p99 ${fmtMs(m.p99)} ms ` +
  `(n=${m.orders}) RSS ${m.rssMb.toFixed(0)} MB, failures: ${m.failures}, ` +
  `buyers' CPU ${m.clientCores.toFixed(2)} cores, other load ${m.otherCores.toFixed(2)} cores`;

function report(rows: Measured[], postgres: string, started: number): string {
  const reference = rows.find((m) => m.kind === 'reference');
  const out = [
    MARK_START,
    '## Whole purchase (`npm run bench:journey`, bench/journey.bench.ts)',
    '',
    ...machineLines(REVISION),
  ];
  out.push(
    `- PostgreSQL: ${postgres}`,
    `- Load: ${CONNECTIONS} buyers at a time on loopback (each a visitor with its own token, minted before the ` +
      'run), each in a loop of new purchases: add two products (tracked stock) to the cart, create a checkout with ' +
      `an email, PATCH the shipping address and option, create-order. ${WARMUP} s warm-up, then ${DURATION} s ` +
      'measured. The clients run in the bench process on the same machine as the server (node:http with keep-alive ' +
      'sockets: about 80 µs of CPU per request, where `fetch` took about 400 µs; "buyers\' CPU" is what they used). ' +
      'Latency is the whole purchase (four requests).',
    '- Reference (SQLite only): the same child process as bare Fastify with one prepared better-sqlite3 upsert per ' +
      'request, four requests per "purchase": what four trivial requests cost on this machine now.',
    `- Target (SQLite): ≥ ${TARGET_ORDERS} orders/s.`,
    '',
    "| engine | server | purchases/s | p50 ms | p99 ms | purchases | RSS MB | failures | ratio to reference | target | buyers' CPU, cores | other load, cores |",
    '|---|---|---:|---:|---:|---:|---:|---|---:|---|---:|---:|',
  );
  for (const m of rows) {
    const ratio =
      m.kind === 'merx' && reference && m.engine === 'SQLite'
        ? pct(m.ordersPerSecond / reference.ordersPerSecond)
        : '–';
    const target =
      m.kind === 'merx' && m.engine === 'SQLite' ? yes(m.ordersPerSecond >= TARGET_ORDERS) : 'not applicable';
    out.push(
      `| ${m.engine} | ${m.kind === 'merx' ? 'Merx' : 'reference'} | ${fmtRps(m.ordersPerSecond)} | ${fmtMs(m.p50)} | ` +
        `${fmtMs(m.p99)} | ${m.orders.toLocaleString('en')} | ${m.rssMb.toFixed(0)} | ${m.failures} | ${ratio} | ${target} | ` +
        `${m.clientCores.toFixed(2)} | ${m.otherCores.toFixed(2)} |`,
    );
  }
  out.push('', `Total bench time ${((performance.now() - started) / 60_000).toFixed(1)} min.`, MARK_END);
  return out.join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const rows: Measured[] = [];
  let postgres = 'not measured';
  const dir = mkdtempSync(join(os.tmpdir(), 'merx-journey-bench-'));
  try {
    const script = await bundleServerChild();
    log('journey bench: loopback, clients in this process, servers in child processes\n\nSQLite');
    const path = join(dir, 'journey.db');
    const shop = await seed(path);
    // BENCH_CPU_PROF=<dir>: the Merx child writes a V8 CPU profile there when it stops.
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const merx = await startServer(script, 'merx', path, prof);
    try {
      const m = await measure('SQLite', merx, shop, []);
      rows.push(m);
      log(`  ${describe(m)}`);
    } finally {
      await stopServer(merx);
    }
    const reference = await startServer(script, 'reference', path);
    try {
      const r = await measure('SQLite', reference, shop, []);
      rows.push(r);
      log(`  ${describe(r)}`);
    } finally {
      await stopServer(reference);
    }
    const fresh = await freshPostgres(PG_URL, 'merx_journey');
    if ('skipped' in fresh) postgres = `not measured (${fresh.skipped})`;
    else {
      try {
        postgres = `${new URL(fresh.url).host}, a fresh database (dropped after the run)`;
        log('\nPostgreSQL');
        const pgShop = await seed(fresh.url);
        const server = await startServer(script, 'merx', fresh.url);
        try {
          const m = await measure('PostgreSQL', server, pgShop, []);
          rows.push(m);
          log(`  ${describe(m)}`);
        } finally {
          await stopServer(server);
        }
      } finally {
        await fresh.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (rows.length > 0) {
      const file =
        process.env.BENCH_DURATION !== undefined ? join(here, '.tmp', 'RESULTS-custom.md') : join(here, 'RESULTS.md');
      writeSection(file, MARK_START, MARK_END, report(rows, postgres, started));
      log(`\nwrote ${file.slice(root.length + 1)}`);
    }
  }
}

// Also imported (webhooks.bench.ts measures the same journey with webhook endpoints): runs only as the script.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
