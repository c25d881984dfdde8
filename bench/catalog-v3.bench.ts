/*
 * Catalog v3 benchmark (issue 20): `npm run bench:catalog-v3`, part of `npm run bench`.
 *
 * A v3 search page of 20 with the storefront's facets (brand, option choices, price range) on 100,000 and
 * 1,000,000 products, and v3 get product against v1 get product on the same ids. Seeds SQLite catalogs with
 * seedLargeCatalog, runs Merx and the reference server (bare Fastify, one prepared better-sqlite3 statement per part
 * of the answer) each in its own child process (bench/server-child.ts) and drives them with autocannon from this
 * process: loopback, load generator on the same machine. Writes its section of bench/RESULTS.md.
 *
 * Every side of every scenario runs on a fresh server: requests one at a time first (they also warm it up), a short
 * loaded warm-up, then the measured run, then the server is killed (a server left with a queue of slow searches
 * would otherwise hold up the next measurement).
 *
 * Environment: BENCH_QUICK=1 (skip 1M), BENCH_DURATION (seconds per measurement, default 10), BENCH_PROFILE=1 (Merx
 * child with --cpu-prof into bench/.tmp/profiles), BENCH_SIZES=10000,100000 (catalog sizes). With BENCH_SIZES or
 * BENCH_DURATION set the results go to bench/.tmp/RESULTS-custom.md, not bench/RESULTS.md.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ALL_PRODUCTS_COLLECTION_ID } from '@merx/contract';
import { createDb, migrateToLatest } from '@merx/db';
import Database from 'better-sqlite3';
import { seedLargeCatalog } from '../packages/server/src/seed/large-catalog.js';
import {
  type BenchRequest,
  bundleServerChild,
  fmtMs,
  fmtRps,
  gitRevision,
  here,
  killServer,
  loadRun,
  log,
  machineLines,
  oneAtATime,
  pct,
  type RequestSource,
  root,
  rotateRequests,
  rssMb,
  type Server,
  settle,
  startServer,
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
/** Issue 20: search p99 by catalog size, and v3 get at ≥ 80 % of v1 get's requests/s. */
const SEARCH_P99_MS = (products: number) => (products >= 1_000_000 ? 150 : 50);
const GET_RATIO = 0.8;
/** Requests slower than this one at a time get no loaded warm-up. */
const SLOW_MS = 100;
/** Alternating loaded rounds of v3 get and v1 get. */
const GET_ROUNDS = 3;
const MARK_START = '<!-- catalog-v3.bench:start -->';
const MARK_END = '<!-- catalog-v3.bench:end -->';
const REVISION = gitRevision();

/**
 * The three facets the storefront shows beside a product list (apps/storefront/src/features/catalog/api/facets.ts):
 * brand counts, option-choice counts ("Size: M") and the price range (lowest and highest price, two SCALARs).
 */
const FACETS = [
  { name: 'brands', type: 'VALUE', fieldPath: 'brand.name', value: { limit: 250 } },
  { name: 'choices', type: 'VALUE', fieldPath: 'optionChoices', value: { limit: 250 } },
  { name: 'priceMin', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MIN' } },
  { name: 'priceMax', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MAX' } },
];

// ---------------------------------------------------------------------------------------------- catalogs

interface Catalog {
  path: string;
  products: number;
  /** 1,000 visible product ids in random order, the same for v3 and v1 get. */
  ids: string[];
  /** The largest category (not All Products): a shopper's category page. */
  categoryId: string;
  categorySize: number;
  /** Rows of the facets' tables, to show what the facets count. */
  stats: string;
}

const seedSeconds = new Map<number, number>();

async function seedCatalog(dir: string, products: number): Promise<Catalog> {
  const path = join(dir, `catalog-v3-${products}.db`);
  const merx = createDb({ url: path });
  await migrateToLatest(merx.db, merx.dialect);
  const started = performance.now();
  let shown = 0;
  await seedLargeCatalog(merx, {
    products,
    onProgress: (done) => {
      if (done - shown >= products / 10 || done === products) {
        shown = done;
        log(`  seeded ${done.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  seedSeconds.set(products, seconds);
  log(`  ${products.toLocaleString('en')} products in ${seconds.toFixed(1)} s (${Math.round(products / seconds)}/s)`);
  await merx.destroy();

  const db = new Database(path, { readonly: true });
  const ids = (
    db.prepare('select id from products where visible = 1 order by random() limit 1000').all() as Array<{ id: string }>
  ).map((r) => r.id);
  const category = db
    .prepare(
      `select collection_id as id, count(*) as n from collection_products where collection_id != ?
       group by collection_id order by n desc limit 1`,
    )
    .get(ALL_PRODUCTS_COLLECTION_ID) as { id: string; n: number };
  const count = (q: string) => (db.prepare(q).get() as { n: number }).n;
  const stats =
    `${count('select count(distinct brand) as n from products where brand is not null').toLocaleString('en')} brands on ` +
    `${pct(count('select count(*) as n from products where brand is not null') / products)} of products, ` +
    `${count('select count(*) as n from product_option_choices').toLocaleString('en')} option-choice rows ` +
    `(${count('select count(distinct choice) as n from product_option_choices')} distinct choices) on ` +
    `${pct(count('select count(distinct product_id) as n from product_option_choices') / products)} of products`;
  db.close();
  return { path, products, ids, categoryId: category.id, categorySize: category.n, stats };
}

// ---------------------------------------------------------------------------------------------- scenarios

type Kind = 'search' | 'v3 get' | 'v1 get';

interface Scenario {
  name: string;
  kind: Kind;
  merx: RequestSource;
  /** The reference's request; none for v1 get (v3 get's reference row serves both). */
  reference?: RequestSource;
}

const get = (path: string): BenchRequest => ({ method: 'GET', path });

function v3Search(filter: Record<string, unknown> | undefined, facets: readonly unknown[] = FACETS): BenchRequest {
  const search = { ...(filter ? { filter } : {}), cursorPaging: { limit: 20 }, aggregations: facets };
  return { method: 'POST', path: '/stores/v3/products/search', body: JSON.stringify({ search }) };
}

/**
 * The same search made new each time: the brand and option-choice facets ask for a different number of buckets (50
 * to 250, more than the catalog's 12 brands and 45 choices, so the answer's content is the same), so that no kept
 * answer serves it: the cost of computing a search, as after every catalog write.
 */
function uncached(filter: Record<string, unknown> | undefined): () => BenchRequest {
  let n = 0;
  return () => {
    const i = n++;
    const limits: Record<string, number> = { brands: 50 + (i % 201), choices: 50 + (Math.floor(i / 201) % 201) };
    const facets = FACETS.map((f) => (f.name in limits ? { ...f, value: { limit: limits[f.name] } } : f));
    return v3Search(filter, facets);
  };
}

function scenarios(catalog: Catalog): Scenario[] {
  const inCategory = { 'directCategoriesInfo.categories.id': { $hasSome: [catalog.categoryId] } };
  const categoryName = `one category (${catalog.categorySize.toLocaleString('en')} products)`;
  return [
    {
      name: 'v3 search, page of 20 + 3 facets: whole catalog, the same search repeated (answer kept)',
      kind: 'search',
      merx: v3Search(undefined),
      reference: get('/ref/v3/search'),
    },
    {
      name: `v3 search, page of 20 + 3 facets: ${categoryName}, the same search repeated (answer kept)`,
      kind: 'search',
      merx: v3Search(inCategory),
      reference: get(`/ref/v3/search?category=${catalog.categoryId}`),
    },
    {
      name: 'v3 search, page of 20 + 3 facets: whole catalog, a new search each time (computed)',
      kind: 'search',
      merx: uncached(undefined),
      reference: get('/ref/v3/search'),
    },
    {
      name: `v3 search, page of 20 + 3 facets: ${categoryName}, a new search each time (computed)`,
      kind: 'search',
      merx: uncached(inCategory),
      reference: get(`/ref/v3/search?category=${catalog.categoryId}`),
    },
    {
      name: `v3 get product (rotating over ${catalog.ids.length.toLocaleString('en')} ids)`,
      kind: 'v3 get',
      merx: rotateRequests(catalog.ids.map((id) => get(`/stores/v3/products/${id}`))),
      reference: rotateRequests(catalog.ids.map((id) => get(`/ref/products/${id}`))),
    },
    {
      name: `v1 get product (the same ${catalog.ids.length.toLocaleString('en')} ids)`,
      kind: 'v1 get',
      merx: rotateRequests(catalog.ids.map((id) => get(`/stores-reader/v1/products/${id}`))),
    },
  ];
}

// ---------------------------------------------------------------------------------------------- measuring

interface Measured {
  unloaded: { n: number; p50: number; p99: number };
  rps: number;
  p50: number;
  p99: number;
  completed: number;
  failures: number;
  rssMb: number;
  bodyKb: number;
  otherCores: number;
  /** Requests/s of each loaded round (the median round's figures are the ones above). */
  rounds: number[];
}

type Side = Measured | { error: string };

interface Row {
  catalog: number;
  scenario: Scenario;
  merx: Side;
  reference?: Side;
}

let childScript = '';

/**
 * Measures `sources` on one fresh server: each one at a time and warmed up, then `rounds` loaded runs of each in
 * turn (v3 and v1 get alternate, so that a burst of other work on the shared machine falls on both); for each source
 * the round with the median requests/s is kept.
 */
async function measure(
  kind: Server['kind'],
  dbPath: string,
  sources: readonly RequestSource[],
  rounds = 1,
): Promise<Side[]> {
  const profileArgs =
    PROFILE && kind === 'merx' ? ['--cpu-prof', `--cpu-prof-dir=${join(here, '.tmp', 'profiles')}`] : ([] as string[]);
  let server: Server | undefined;
  try {
    server = await startServer(childScript, kind, dbPath, profileArgs);
    const url = server.url;
    const unloaded: Array<Measured['unloaded']> = [];
    for (const source of sources) {
      const u = await oneAtATime(url, source);
      unloaded.push(u);
      // A request slower than this has been warmed up enough by the ones above; a loaded warm-up would leave a
      // queue of 50 of them to work off before the measurement (minutes on the large catalog).
      if (u.p50 < SLOW_MS) {
        await loadRun(url, source, CONNECTIONS, WARMUP);
        await settle(server);
      }
    }
    const runs: Array<Array<Omit<Measured, 'unloaded' | 'rounds'>>> = sources.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [i, source] of sources.entries()) {
        runs[i]?.push(await loadedRun(server, source));
        if (rounds > 1) await settle(server);
      }
    }
    return runs.map((list, i) => {
      const sorted = [...list].sort((a, b) => a.rps - b.rps);
      const median = sorted[Math.floor((sorted.length - 1) / 2)] as Omit<Measured, 'unloaded' | 'rounds'>;
      return { ...median, unloaded: unloaded[i] as Measured['unloaded'], rounds: list.map((r) => r.rps) };
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`  ! ${kind}: ${message}`);
    return sources.map(() => ({ error: message }));
  } finally {
    // SIGTERM when profiling, so that the profile is written; otherwise at once, queue and all.
    if (server && PROFILE) await settle(server).then(() => stopServer(server as Server));
    else if (server) await killServer(server);
  }
}

/** One loaded run of DURATION seconds, with the server's peak RSS and the other processes' CPU. */
async function loadedRun(server: Server, source: RequestSource): Promise<Omit<Measured, 'unloaded' | 'rounds'>> {
  const pid = server.pid;
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  const otherLoad = watchOtherLoad([process.pid, pid]);
  const result = await loadRun(server.url, source, CONNECTIONS, DURATION);
  const otherCores = otherLoad();
  clearInterval(sampler);
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0)
    log(`  ! ${server.kind}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    completed: result.requests.total,
    failures,
    rssMb: Math.max(peak, rssMb(pid)),
    bodyKb: result.requests.average > 0 ? result.throughput.average / result.requests.average / 1024 : 0,
    otherCores,
  };
}

const ok = (s: Side | undefined): s is Measured => s !== undefined && !('error' in s);

/** p99 under load; when no request finished within the measurement, it is longer than the measurement. */
const p99Of = (s: Side | undefined) =>
  !ok(s) ? '–' : s.completed > 0 ? `${s.p99} ms` : `> ${(DURATION * 1000).toLocaleString('en')} ms (none finished)`;

function describe(name: string, s: Side): string {
  if (!ok(s)) return `${name} failed: ${s.error}`;
  return (
    `${name} 1 conn p50 ${s.unloaded.p50.toFixed(1)} p99 ${s.unloaded.p99.toFixed(1)} ms (n=${s.unloaded.n}), ` +
    `${CONNECTIONS} conns ${fmtRps(s.rps)} req/s p50 ${s.p50} p99 ${s.p99} ms (n=${s.completed}) ` +
    `RSS ${s.rssMb.toFixed(0)} MB, body ${s.bodyKb.toFixed(1)} KB, other load ${s.otherCores.toFixed(2)} cores`
  );
}

async function runCatalog(catalog: Catalog): Promise<Row[]> {
  const rows: Row[] = [];
  const list = scenarios(catalog);
  const v1 = list.find((s) => s.kind === 'v1 get');
  for (const s of list) {
    if (s.kind === 'v1 get') continue;
    // v3 get and v1 get on the same server, in alternating rounds: the ratio is the target.
    const pair = s.kind === 'v3 get' && v1 !== undefined;
    const merx = await measure('merx', catalog.path, pair ? [s.merx, v1.merx] : [s.merx], pair ? GET_ROUNDS : 1);
    const [reference] = s.reference ? await measure('reference', catalog.path, [s.reference]) : [];
    const measured = [{ scenario: s, merx: merx[0] as Side, reference }];
    if (pair) measured.push({ scenario: v1, merx: merx[1] as Side, reference: undefined });
    for (const m of measured) {
      rows.push({
        catalog: catalog.products,
        scenario: m.scenario,
        merx: m.merx,
        ...(m.reference ? { reference: m.reference } : {}),
      });
      log(
        `  ${m.scenario.name}\n    ${describe('merx', m.merx)}${m.reference ? `\n    ${describe('reference', m.reference)}` : ''}`,
      );
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------- report

function report(rows: Row[], catalogs: Catalog[], started: number): string {
  const out: string[] = [
    MARK_START,
    '## Catalog v3: faceted search and get (`npm run bench:catalog-v3`, bench/catalog-v3.bench.ts)',
    '',
    ...machineLines(REVISION),
    `- Setup: loopback (127.0.0.1). autocannon 9 (programmatic API, ${CONNECTIONS} connections, ${DURATION} s per ` +
      `measurement after a 2 s loaded warm-up, none for requests slower than ${SLOW_MS} ms one at a time) runs ` +
      'in the bench process ON THE SAME MACHINE as the servers and competes ' +
      'with them for the CPUs. Each side of each scenario runs on a fresh server child (bench/server-child.ts bundled ' +
      'as `npm start` bundles Merx), first one request at a time ("1 conn": at least 3 requests, up to 3 s), then ' +
      'under load; the child is killed after its run. SQLite file in the temp folder, WAL. Latencies under load are ' +
      "autocannon's (millisecond resolution, requests that finished within the measurement).",
    '- Merx: anonymous visitor. Search: `POST /stores/v3/products/search` with `cursorPaging.limit` 20 (default ' +
      "sort: newest first) and the storefront's facets as aggregations: VALUE `brand.name`, VALUE `optionChoices` " +
      '(decision 0029), SCALAR MIN and MAX of `actualPriceRange.minValue.amount` (the price range: 3 facets, 4 ' +
      'aggregations); "one category" adds `directCategoriesInfo.categories.id $hasSome [the largest category]` as ' +
      'the storefront does on a category page. Get: `GET /stores/v3/products/{id}` and `GET /stores-reader/v1/products/{id}` ' +
      `over the same 1,000 ids in the same order, on ONE server in ${GET_ROUNDS} alternating loaded rounds (v3, v1, ` +
      'v3, …); each row shows its median round, the target compares the medians.',
    '- "the same search repeated": every request is the same, as a category page or the shop\'s first page is for ' +
      'its visitors; Merx keeps the answer while the catalog is unchanged (products-v3.service.ts `searchAnswers`), ' +
      'the reference computes every request. "a new search each time": each request asks the brand and choice facets ' +
      'for a different number of buckets (50 to 250, more than there are), the same answer under a new key, so Merx ' +
      'computes every answer, as it must after any catalog write; the reference row beside it is the same search.',
    '- Reference: bare Fastify, one prepared better-sqlite3 statement per part of the answer on the same tables: the ' +
      'page of 20 (visible, `created_date DESC, id DESC`), brand counts (`GROUP BY brand`), option-choice counts ' +
      '(`product_option_choices` joined to visible products, `GROUP BY choice`), min/max of the stored discounted ' +
      "list price; in a category the counts and prices start from the category's `collection_products` rows and " +
      'the page adds an `EXISTS` on them. Rows serialised with ' +
      '`JSON.stringify` (no variants, no mapping). Its get is one `SELECT * FROM products WHERE id = ?`.',
    `- Catalogs made by \`seedLargeCatalog\`: ${catalogs
      .map(
        (c) =>
          `${c.products.toLocaleString('en')} products (${c.stats}), seeded in ${seedSeconds.get(c.products)?.toFixed(0)} s`,
      )
      .join('; ')}.`,
    '- "other load": CPU used during the loaded run by processes other than the bench and the measured server ' +
      '(/proc/stat), in cores; well above 0 means the shared machine was busy and the figures are depressed.',
    `- Targets (issue 20): search p99 ≤ ${SEARCH_P99_MS(100_000)} ms at 100,000 products and ≤ ${SEARCH_P99_MS(1_000_000)} ms ` +
      `at 1,000,000 with ${CONNECTIONS} connections; v3 get product at ≥ ${pct(GET_RATIO)} of v1's requests/s.`,
    '',
    `| catalog | scenario | Merx 1 conn p50 / p99 ms | Merx req/s | p50 ms | p99 ms (n) | RSS MB | body KB | reference 1 conn p50 / p99 ms | reference req/s | p50 ms | p99 ms (n) | Merx / reference | target | other load, cores |`,
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  ];
  const verdicts: string[] = [];
  for (const r of rows) {
    const cells = (s: Side | undefined) =>
      ok(s)
        ? [
            `${fmtMs(s.unloaded.p50)} / ${fmtMs(s.unloaded.p99)}`,
            fmtRps(s.rps),
            s.completed > 0 ? `${s.p50}` : '–',
            `${s.completed > 0 ? s.p99 : `> ${(DURATION * 1000).toLocaleString('en')}`} (${s.completed})`,
          ]
        : [s ? 'failed' : '–', '–', '–', '–'];
    const m = r.merx;
    const ref = r.reference;
    let target = '';
    if (r.scenario.kind === 'search') {
      const limit = SEARCH_P99_MS(r.catalog);
      const met = ok(m) && m.completed > 0 && m.failures === 0 && m.p99 <= limit;
      target = `p99 ≤ ${limit} ms: ${yes(met)}`;
      verdicts.push(`${r.catalog.toLocaleString('en')}, ${r.scenario.name}: p99 ${p99Of(m)}, ${yes(met)}`);
    } else if (r.scenario.kind === 'v1 get') {
      const v3 = rows.find((x) => x.catalog === r.catalog && x.scenario.kind === 'v3 get')?.merx;
      const ratio = ok(v3) && ok(m) ? v3.rps / m.rps : Number.NaN;
      const met = ratio >= GET_RATIO;
      const rounds =
        ok(v3) && ok(m) ? ` (rounds: ${v3.rounds.map((r, i) => pct(r / (m.rounds[i] ?? Number.NaN))).join(', ')})` : '';
      target = `v3 / v1 = ${Number.isNaN(ratio) ? '–' : pct(ratio)}${rounds}, ≥ ${pct(GET_RATIO)}: ${yes(met)}`;
      verdicts.push(
        `${r.catalog.toLocaleString('en')}, v3 get at ${Number.isNaN(ratio) ? '–' : pct(ratio)} of v1 get: ${yes(met)}`,
      );
    }
    const ratio = ok(m) && ok(ref) && ref.rps > 0 ? pct(m.rps / ref.rps) : '–';
    const other = [m, ref]
      .filter(ok)
      .map((s) => s.otherCores.toFixed(2))
      .join(' / ');
    out.push(
      `| ${r.catalog.toLocaleString('en')} | ${r.scenario.name} | ${cells(m).join(' | ')} | ${ok(m) ? m.rssMb.toFixed(0) : '–'} | ` +
        `${ok(m) ? m.bodyKb.toFixed(1) : '–'} | ${cells(ref).join(' | ')} | ${ratio} | ${target} | ${other} |`,
    );
  }
  const failed = rows.flatMap((r) =>
    [r.merx, r.reference].filter((s): s is { error: string } => s !== undefined && !ok(s)).map((s) => s.error),
  );
  out.push('', '**Targets:**', '', ...verdicts.map((v) => `- ${v}`));
  if (failed.length > 0) out.push('', `Failures: ${failed.join('; ')}`);
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

// ---------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const started = performance.now();
  const dir = mkdtempSync(join(os.tmpdir(), 'merx-bench-v3-'));
  if (PROFILE) mkdirSync(join(here, '.tmp', 'profiles'), { recursive: true });
  childScript = await bundleServerChild();
  log(`catalog v3 bench: loopback, autocannon in this process, servers in child processes; data in ${dir}`);
  const rows: Row[] = [];
  const catalogs: Catalog[] = [];
  try {
    const sizes = process.env.BENCH_SIZES?.split(',').map(Number) ?? [100_000, ...(QUICK ? [] : [1_000_000])];
    for (const products of sizes) {
      log(`\n${products.toLocaleString('en')} products`);
      const catalog = await seedCatalog(dir, products);
      catalogs.push(catalog);
      log(`  ${catalog.stats}`);
      rows.push(...(await runCatalog(catalog)));
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${catalog.path}${suffix}`, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    // Written even when a step failed, so that what was measured is kept.
    if (rows.length > 0) {
      const file = CUSTOM ? join(here, '.tmp', 'RESULTS-custom.md') : join(here, 'RESULTS.md');
      writeSection(file, MARK_START, MARK_END, report(rows, catalogs, started));
      log(`\nwrote ${file.slice(root.length + 1)} (${((performance.now() - started) / 60_000).toFixed(1)} min)`);
    }
  }
}

await main();
