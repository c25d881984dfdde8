/*
 * Catalog read benchmark: `npm run bench` (BENCH_QUICK=1 skips the 1,000,000-product catalog).
 *
 * Seeds SQLite catalogs with seedLargeCatalog, starts Merx and a reference server (bare Fastify, one prepared
 * better-sqlite3 statement per route, JSON.stringify) each in its own child process (bench/server-child.ts),
 * and drives them with autocannon from this process: loopback, load generator on the same machine. Writes the
 * figures to bench/RESULTS.md, replacing this bench's previous section.
 *
 * Environment: BENCH_QUICK=1 (skip 1M), BENCH_DURATION (seconds per measurement, default 10),
 * BENCH_PROFILE=1 (run the Merx child with --cpu-prof into bench/.tmp/profiles), BENCH_SIZES=10000,100000 (catalog
 * sizes; the first gets every scenario, the others the filtered pages). With BENCH_SIZES or BENCH_DURATION set
 * the results go to bench/.tmp/RESULTS-custom.md, not bench/RESULTS.md.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ALL_PRODUCTS_COLLECTION_ID } from '@merx/contract';
import { createDb, migrateToLatest } from '@merx/db';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { seedLargeCatalog } from '../packages/server/src/seed/large-catalog.js';
import {
  type AutocannonResult,
  bundleServerChild,
  fmtMs,
  fmtRps,
  gitRevision,
  here,
  killServer,
  log,
  machineLines,
  pct,
  percentile,
  root,
  rssMb,
  type Server,
  settle,
  startServer as startChild,
  stopServer,
  watchOtherLoad,
  writeSection,
  yes,
} from './lib.js';

const QUICK = process.env.BENCH_QUICK === '1';
const PROFILE = process.env.BENCH_PROFILE === '1';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const CONNECTIONS = 50;
/** The filter the query scenarios use: list price above 50 (the reference uses the same bound in minor units). */
const PRICE_ABOVE = 50;
/** Price bounds for the uncached-answers scenario: 20.00, 20.10, … 119.90. */
const ROTATING_BOUNDS = Array.from({ length: 1000 }, (_, i) => 20 + i / 10);
const TARGETS = { ratio: 0.4, p99Ms: 25, rssMb: 200 };
/** Other processes using more CPU than this during a measurement on the first catalog make it repeat once. */
const DISTURBED_CORES = 0.25;
const MARK_START = '<!-- catalog.bench:start -->';
const MARK_END = '<!-- catalog.bench:end -->';

const REVISION = gitRevision();

/** A run with CONNECTIONS connections. */
interface Loaded {
  rps: number;
  p50: number;
  p99: number;
  /** Requests that finished within the measurement. */
  completed: number;
  /** Peak VmRSS of the server process during the measurement, MB. */
  rssMb: number;
  /** Mean response body size, KB. */
  bodyKb: number;
  failures: number;
  /** CPU used by processes other than this bench and its servers during the measurement, in cores. */
  otherCores: number;
}

/** One request at a time. */
interface Unloaded {
  n: number;
  p50: number;
  p99: number;
}

interface Side {
  loaded: Loaded | null;
  unloaded: Unloaded | null;
  error?: string;
}

interface Row {
  catalog: number;
  scenario: string;
  growth: boolean;
  stress?: boolean;
  merx: Side;
  reference: Side;
}

// ---------------------------------------------------------------------------------------------- catalogs

interface Catalog {
  path: string;
  products: number;
  /** 1,000 visible product ids to rotate over in the get scenario (a working set that caches can hold). */
  ids: string[];
  /** Up to 20,000 visible product ids in random order: cycling through them defeats read caches. */
  manyIds: string[];
  /** A collection holding roughly one product in nine (a category). */
  collectionId: string;
}

async function seedCatalog(dir: string, products: number): Promise<Catalog> {
  const path = join(dir, `catalog-${products}.db`);
  const merx = createDb({ url: path });
  await migrateToLatest(merx.db, merx.dialect);
  const started = performance.now();
  let shown = 0;
  await seedLargeCatalog(merx, {
    products,
    onProgress: (done) => {
      if (done - shown >= products / 5 || done === products) {
        shown = done;
        log(`  seeded ${done.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  log(`  ${products.toLocaleString('en')} products in ${seconds.toFixed(1)} s (${Math.round(products / seconds)}/s)`);
  await merx.destroy();
  seedSeconds.set(products, seconds);

  const db = new Database(path, { readonly: true });
  const manyIds = (
    db.prepare('select id from products where visible = 1 order by random() limit 20000').all() as Array<{ id: string }>
  ).map((r) => r.id);
  const ids = manyIds.slice(0, 1000);
  const collection = db
    .prepare(
      `select collection_id as id, count(*) as n from collection_products where collection_id != ?
       group by collection_id order by n desc limit 1`,
    )
    .get(ALL_PRODUCTS_COLLECTION_ID) as { id: string; n: number };
  db.close();
  return { path, products, ids, manyIds, collectionId: collection.id };
}

const seedSeconds = new Map<number, number>();

// ---------------------------------------------------------------------------------------------- servers

let childScript = '';

function startServer(kind: Server['kind'], dbPath: string): Promise<Server> {
  const profileArgs =
    PROFILE && kind === 'merx' ? ['--cpu-prof', `--cpu-prof-dir=${join(here, '.tmp', 'profiles')}`] : ([] as string[]);
  return startChild(childScript, kind, dbPath, profileArgs);
}

// ---------------------------------------------------------------------------------------------- load

/** A path, or a function giving the next path (autocannon calls it for every request). */
type Target = string | (() => string);

const nextPath = (target: Target) => (typeof target === 'string' ? () => target : target);

function rotate(paths: string[]): () => string {
  let i = 0;
  return () => paths[i++ % paths.length] as string;
}

function cannon(url: string, target: Target, seconds: number): Promise<AutocannonResult> {
  const next = nextPath(target);
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 120,
    requests: [{ method: 'GET', setupRequest: (request: { path: string }) => ({ ...request, path: next() }) }],
  }) as Promise<AutocannonResult>;
}

/** One request at a time: what a request costs without queueing (at least 3 requests, then up to 3 s). */
async function unloaded(server: Server, target: Target): Promise<Unloaded> {
  const next = nextPath(target);
  const times: number[] = [];
  const started = performance.now();
  while (times.length < 3 || (performance.now() - started < 3000 && times.length < 500)) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}${next()}`, { signal: AbortSignal.timeout(180_000) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${server.kind} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { n: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** `CONNECTIONS` connections for DURATION seconds (after a warm-up when `warmup` is true). */
async function loaded(server: Server, target: Target, others: number[], warmup: boolean): Promise<Loaded> {
  if (warmup) {
    await cannon(server.url, target, WARMUP);
    await settle(server);
  }
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 100);
  const otherLoad = watchOtherLoad([process.pid, server.pid, ...others]);
  const result = await cannon(server.url, target, DURATION);
  const otherCores = otherLoad();
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) {
    log(`  ! ${server.kind}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    completed: result.requests.total,
    rssMb: peak,
    bodyKb: result.requests.average > 0 ? result.throughput.average / result.requests.average / 1024 : 0,
    failures,
    otherCores,
  };
}

const envelope = (input: unknown) => Buffer.from(JSON.stringify(input)).toString('base64url');

/** GET query-platformized with the `.r` envelope: a filter, price DESC, one page. */
function merxQuery(filter: Record<string, unknown>, limit: number): string {
  const query = { filter, sort: [{ fieldName: 'priceData.price', order: 'DESC' }], paging: { limit, offset: 0 } };
  return `/stores-reader/v1/products/query-platformized?.r=${envelope({ query })}`;
}

interface Scenario {
  name: string;
  /** A filtered page of 20: measured on every catalog size. */
  growth: boolean;
  /** A stress case beyond the issue's scenarios: reported, not counted against the targets. */
  stress?: boolean;
  merx: Target;
  reference: Target;
}

function scenarios(catalog: Catalog, first: boolean): Scenario[] {
  const byPrice = { 'priceData.price': { $gt: PRICE_ABOVE } };
  const byCollection = { collectionIds: { $hasSome: [catalog.collectionId] } };
  const list: Scenario[] = [
    {
      name: `query, page of 20: price > ${PRICE_ABOVE}, price DESC`,
      growth: true,
      merx: merxQuery(byPrice, 20),
      reference: '/ref/products?limit=20',
    },
    {
      name: `query, page of 50: price > ${PRICE_ABOVE}, price DESC`,
      growth: false,
      merx: merxQuery(byPrice, 50),
      reference: '/ref/products?limit=50',
    },
    {
      name: 'query, page of 20: collectionIds $hasSome [a category], price DESC',
      growth: true,
      merx: merxQuery(byCollection, 20),
      reference: `/ref/products?limit=20&collection=${catalog.collectionId}`,
    },
    {
      name: `get one product (rotating over ${catalog.ids.length} ids)`,
      growth: false,
      merx: rotate(catalog.ids.map((id) => `/stores-reader/v1/products/${id}`)),
      reference: rotate(catalog.ids.map((id) => `/ref/products/${id}`)),
    },
    {
      // 1,000 different lists in turn: more than the answer cache holds, so every answer is computed afresh.
      name: `query, page of 20: price > [1,000 bounds in turn], price DESC (uncached answers)`,
      growth: false,
      stress: true,
      merx: rotate(ROTATING_BOUNDS.map((b) => merxQuery({ 'priceData.price': { $gt: b } }, 20))),
      reference: rotate(ROTATING_BOUNDS.map((b) => `/ref/products?limit=20&above=${Math.round(b * 100)}`)),
    },
    {
      name: `get one product (cycling through ${catalog.manyIds.length.toLocaleString('en')} ids: cold caches)`,
      growth: false,
      stress: true,
      merx: rotate(catalog.manyIds.map((id) => `/stores-reader/v1/products/${id}`)),
      reference: rotate(catalog.manyIds.map((id) => `/ref/products/${id}`)),
    },
  ];
  return first ? list : list.filter((s) => s.growth);
}

/** One side of a scenario; a failure is recorded, not thrown, so that the rest of the run still reports. */
async function side(
  run: () => Promise<{ loaded: Loaded | null; unloaded: Unloaded | null }>,
  kind: string,
): Promise<Side> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`  ! ${kind}: ${message}`);
    return { loaded: null, unloaded: null, error: message };
  }
}

function describe(name: string, s: Side): string {
  const parts = [name];
  if (s.unloaded)
    parts.push(`1 conn p50 ${s.unloaded.p50.toFixed(1)} p99 ${s.unloaded.p99.toFixed(1)} ms (n=${s.unloaded.n})`);
  if (s.loaded) {
    const l = s.loaded;
    parts.push(
      `${CONNECTIONS} conns ${fmtRps(l.rps)} req/s p50 ${l.p50} p99 ${l.p99} ms (n=${l.completed}) RSS ${l.rssMb.toFixed(0)} MB, other load ${l.otherCores.toFixed(2)} cores`,
    );
  }
  if (s.error) parts.push(`failed: ${s.error}`);
  return parts.join(', ');
}

/**
 * The first (small) catalog: both servers stay up; every scenario gets a warm-up and a loaded run. Larger
 * catalogs: each side of each scenario on a fresh server, unloaded requests first (they also warm it up),
 * then the loaded run, then the server is killed — a server left with a queue of multi-second queries would
 * otherwise delay the next measurement for minutes.
 */
async function runCatalog(catalog: Catalog, first: boolean): Promise<Row[]> {
  const rows: Row[] = [];
  if (first) {
    const merx = await startServer('merx', catalog.path);
    const reference = await startServer('reference', catalog.path);
    log(`  merx pid ${merx.pid}, reference pid ${reference.pid}`);
    try {
      for (const s of scenarios(catalog, true)) {
        const measureOn = (server: Server, target: Target, other: Server) =>
          side(async () => {
            let best: { loaded: Loaded; unloaded: Unloaded | null } | null = null;
            // A run that other processes disturbed is repeated once after a pause; the quieter one is kept.
            for (let attempt = 0; attempt < 2; attempt++) {
              if (attempt > 0) {
                log(`  (${server.kind}: other load ${best?.loaded.otherCores.toFixed(2)} cores, measuring again)`);
                await new Promise((resolve) => setTimeout(resolve, 10_000));
              }
              const u = s.growth ? await unloaded(server, target) : null;
              const l = await loaded(server, target, [other.pid], true);
              await settle(server);
              if (!best || l.otherCores < best.loaded.otherCores) best = { loaded: l, unloaded: u };
              if (best.loaded.otherCores <= DISTURBED_CORES) break;
            }
            return best as { loaded: Loaded; unloaded: Unloaded | null };
          }, server.kind);
        const m = await measureOn(merx, s.merx, reference);
        const r = await measureOn(reference, s.reference, merx);
        rows.push({
          catalog: catalog.products,
          scenario: s.name,
          growth: s.growth,
          stress: s.stress === true,
          merx: m,
          reference: r,
        });
        log(`  ${s.name}\n    ${describe('merx', m)}\n    ${describe('reference', r)}`);
      }
    } finally {
      await stopServer(merx);
      await stopServer(reference);
    }
    return rows;
  }
  for (const s of scenarios(catalog, false)) {
    const measureFresh = (kind: Server['kind'], target: Target) =>
      side(async () => {
        const server = await startServer(kind, catalog.path);
        try {
          const u = await unloaded(server, target);
          const l = await loaded(server, target, [], false);
          return { loaded: l, unloaded: u };
        } finally {
          await killServer(server);
        }
      }, kind);
    const m = await measureFresh('merx', s.merx);
    const r = await measureFresh('reference', s.reference);
    rows.push({ catalog: catalog.products, scenario: s.name, growth: true, merx: m, reference: r });
    log(`  ${s.name}\n    ${describe('merx', m)}\n    ${describe('reference', r)}`);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------- report

function report(rows: Row[], started: number): string {
  const out: string[] = [
    MARK_START,
    '## Catalog reads (`npm run bench`, bench/catalog.bench.ts)',
    '',
    ...machineLines(REVISION),
  ];
  out.push(
    `- Setup: loopback (127.0.0.1). The load generator (autocannon 9, programmatic API, ${CONNECTIONS} connections, ` +
      `${DURATION} s per measurement) runs in the bench process ON THE SAME MACHINE as the servers and competes ` +
      'with them for the same CPUs. Merx and the reference each run in their own child process: ' +
      'bench/server-child.ts bundled with esbuild as `npm start` bundles Merx (plain JavaScript, no TypeScript ' +
      'loader); RSS is the peak VmRSS of that process during the measurement. SQLite file in the temp folder, WAL. ' +
      "Latencies under load are autocannon's " +
      '(millisecond resolution, requests that finished within the measurement); "1 conn" latencies are one ' +
      'request at a time from the bench (at least 3 requests, up to 3 s).',
    '- Merx: `buildApp` + listen (dispatcher started as in main.ts), logger off, anonymous caller, GET ' +
      '`/stores-reader/v1/products/query-platformized` with the `.r` envelope and `/stores-reader/v1/products/:id`. ' +
      'Statements per request are counted by the test suite, not here.',
    '- Reference: bare Fastify, ONE prepared better-sqlite3 statement on `products` with the same filter, sort ' +
      '(price DESC, id) and limit, rows serialised with `JSON.stringify` (no variants, no count, no mapping).',
    `- Catalogs made by \`seedLargeCatalog\` (packages/server/src/seed/large-catalog.ts); seeding took ${[
      ...seedSeconds,
    ]
      .map(([n, s]) => `${n.toLocaleString('en')} products ${s.toFixed(0)} s`)
      .join(', ')}.`,
    '- "other load": CPU that processes other than the bench and its servers used during the loaded run ' +
      '(from /proc/stat), in cores; well above 0 means the machine was busy with something else and the figures ' +
      `are depressed. On the first catalog a measurement with more than ${DISTURBED_CORES} is repeated once after ` +
      'a pause and the quieter one kept.',
    `- Targets: every catalog read at ≥ ${pct(TARGETS.ratio)} of the reference's requests/s, p99 < ${TARGETS.p99Ms} ms, ` +
      `Merx RSS < ${TARGETS.rssMb} MB.`,
    '',
  );
  const first = rows[0]?.catalog;
  const small = rows.filter((r) => r.catalog === first);
  out.push(
    `### ${first?.toLocaleString('en')} products, ${CONNECTIONS} connections`,
    '',
    '| scenario | Merx req/s | p50 ms | p99 ms | RSS MB | body KB | reference req/s | p50 ms | p99 ms | RSS MB | body KB | ratio | targets: ratio / p99 / RSS | other load, cores |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  );
  let allMet = small.length > 0;
  let stressHeader = false;
  for (const r of small) {
    if (r.stress && !stressHeader) {
      stressHeader = true;
      out.push(
        "| *stress cases beyond the issue's scenarios: reported, not counted against the targets* | | | | | | | | | | | | | |",
      );
    }
    const m = r.merx.loaded;
    const ref = r.reference.loaded;
    if (!m || !ref) {
      allMet = false;
      out.push(`| ${r.scenario} | failed: ${r.merx.error ?? r.reference.error ?? '?'} |`);
      continue;
    }
    const ratio = m.rps / ref.rps;
    const met = [ratio >= TARGETS.ratio, m.p99 < TARGETS.p99Ms, m.rssMb < TARGETS.rssMb];
    if (!r.stress) allMet &&= met.every(Boolean);
    out.push(
      `| ${r.scenario} | ${fmtRps(m.rps)} | ${m.p50} | ${m.p99} | ${m.rssMb.toFixed(0)} | ${m.bodyKb.toFixed(1)} | ` +
        `${fmtRps(ref.rps)} | ${ref.p50} | ${ref.p99} | ${ref.rssMb.toFixed(0)} | ${ref.bodyKb.toFixed(1)} | ${pct(ratio)} | ` +
        `${met.map(yes).join(' / ')} | ${m.otherCores.toFixed(2)} / ${ref.otherCores.toFixed(2)} |`,
    );
  }
  out.push(
    '',
    `**Targets on the ${first?.toLocaleString('en')}-product catalog (the issue's scenarios: filtered and sorted ` +
      `pages of 20 and 50, a collection page, get one product): ${allMet ? 'all met' : 'NOT all met'}.**`,
    '',
  );

  const growth = rows.filter((r) => r.growth);
  out.push(
    '### How a filtered page of 20 grows with the catalog',
    '',
    'Larger catalogs: each side on a fresh server, 1-connection requests first, then the loaded run without a ' +
      'further warm-up. Under load, n is how many requests finished within the measurement: with a handful, ' +
      'p99 is in effect the slowest of them, and requests still queued at the end are not counted.',
    '',
    `| catalog | scenario | Merx 1 conn p50 / p99 ms | Merx ${CONNECTIONS} conns req/s | p50 ms | p99 ms (n) | Merx RSS MB | reference 1 conn p50 / p99 ms | reference req/s | p50 ms | p99 ms (n) | ratio |`,
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of growth) {
    const cell = (s: Side) => {
      const u = s.unloaded ? `${fmtMs(s.unloaded.p50)} / ${fmtMs(s.unloaded.p99)}` : '–';
      const l = s.loaded;
      return l ? [u, fmtRps(l.rps), `${l.p50}`, `${l.p99} (${l.completed})`] : [u, s.error ? 'failed' : '–', '–', '–'];
    };
    const [mu, mr, m50, m99] = cell(r.merx);
    const [ru, rr, r50, r99] = cell(r.reference);
    const ratio = r.merx.loaded && r.reference.loaded ? pct(r.merx.loaded.rps / r.reference.loaded.rps) : '–';
    out.push(
      `| ${r.catalog.toLocaleString('en')} | ${r.scenario} | ${mu} | ${mr} | ${m50} | ${m99} | ${r.merx.loaded?.rssMb.toFixed(0) ?? '–'} | ${ru} | ${rr} | ${r50} | ${r99} | ${ratio} |`,
    );
  }
  if (QUICK) out.push('', 'BENCH_QUICK=1: the 1,000,000-product catalog was skipped.');
  out.push(
    '',
    `PostgreSQL was not measured by this run. Total bench time ${((performance.now() - started) / 60_000).toFixed(1)} min.`,
    MARK_END,
  );
  return out.join('\n');
}

/** Runs with custom sizes or durations are for development: they do not replace the recorded results. */
const CUSTOM = process.env.BENCH_SIZES !== undefined || process.env.BENCH_DURATION !== undefined;

function writeResults(section: string): string {
  const file = CUSTOM ? join(here, '.tmp', 'RESULTS-custom.md') : join(here, 'RESULTS.md');
  writeSection(file, MARK_START, MARK_END, section);
  return file;
}

// ---------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const started = performance.now();
  const dir = mkdtempSync(join(os.tmpdir(), 'merx-bench-'));
  if (PROFILE) mkdirSync(join(here, '.tmp', 'profiles'), { recursive: true });
  childScript = await bundleServerChild();
  log(`catalog bench: loopback, autocannon in this process, servers in child processes; data in ${dir}`);
  const rows: Row[] = [];
  try {
    const sizes = process.env.BENCH_SIZES?.split(',').map(Number) ?? [10_000, 100_000, ...(QUICK ? [] : [1_000_000])];
    for (const [i, products] of sizes.entries()) {
      log(`\n${products.toLocaleString('en')} products`);
      const catalog = await seedCatalog(dir, products);
      rows.push(...(await runCatalog(catalog, i === 0)));
      rmSync(catalog.path, { force: true });
      rmSync(`${catalog.path}-wal`, { force: true });
      rmSync(`${catalog.path}-shm`, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    // Written even when a step failed, so that what was measured is kept.
    if (rows.length > 0) {
      const file = writeResults(report(rows, started));
      log(`\nwrote ${file.slice(root.length + 1)} (${((performance.now() - started) / 60_000).toFixed(1)} min)`);
    }
  }
}

await main();
