/*
 * The back office's product list over a large catalog: `npm run bench:backoffice` (part of `npm run bench`).
 *
 * Seeds a SQLite catalog of 100,000 products (seedLargeCatalog, as `npm run merx -- seed --products 100000` does),
 * builds the back office with Vite as `npm start` does, serves it with Merx on loopback, signs the owner in through
 * the hosted page in Chromium, and measures in the browser (performance.now(), after the frame that shows the rows):
 *   - navigation → the first row shown, for a full page load of /admin/products and for a move inside the app;
 *   - next page → the new rows shown, from the pages 1, 10 and 50 opened by their URL (their cursors come from the
 *     API, as the page's own Next would have put them in the URL).
 * Writes the figures to bench/RESULTS.md (its section only). Budget: first page within 300 ms of navigation, and
 * paging that does not slow down with depth.
 *
 * Environment: BENCH_PRODUCTS (default 100000), BENCH_RUNS (repetitions per measurement, default 7). With either set
 * the results go to bench/.tmp/RESULTS-custom.md.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest } from '@merx/db';
import { ApiKeyStrategy, createClient, products } from '@merx/sdk';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildApp } from '../packages/server/src/app.js';
import type { Config } from '../packages/server/src/config.js';
import { seedLargeCatalog } from '../packages/server/src/seed/large-catalog.js';
import { firstLoadJs } from '../tests/e2e/backoffice/admin-kit.js';
import {
  fmtMs,
  gitRevision,
  here,
  log,
  machineLines,
  percentile,
  root,
  watchOtherLoad,
  writeSection,
  yes,
} from './lib.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CUSTOM = process.env.BENCH_PRODUCTS !== undefined || process.env.BENCH_RUNS !== undefined;
const BUDGET_MS = 300;
const PAGE_SIZE = 50;
const DEPTHS = [1, 10, 50] as const;
const OWNER = { email: 'owner@bench.test', password: 'bench owner password' };
const MARK_START = '<!-- backoffice.bench:start -->';
const MARK_END = '<!-- backoffice.bench:end -->';
const REVISION = gitRevision();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function buildBackOffice(): Promise<number> {
  const started = performance.now();
  const { build } = await import('vite');
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: join(root, 'apps', 'backoffice'),
      configFile: join(root, 'apps', 'backoffice', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    process.env.NODE_ENV = before;
  }
  return performance.now() - started;
}

/** In the page: ms from navigation start until the frame after the first product row appeared. */
const FIRST_ROW_SCRIPT = `
  window.__firstRow = new Promise((resolve) => {
    const seen = () => document.querySelector('table tbody tr .product-cell__name');
    const done = () => requestAnimationFrame(() => resolve(performance.now()));
    const watch = () => {
      if (seen()) return done();
      const obs = new MutationObserver(() => { if (seen()) { obs.disconnect(); done(); } });
      obs.observe(document.documentElement, { childList: true, subtree: true });
    };
    if (document.documentElement) watch(); else document.addEventListener('DOMContentLoaded', watch);
  });
`;

/*
 * What the page runs to time a click (kept as text: the TypeScript loader would otherwise add helpers the page has
 * not got): clicks the element `click` finds and answers the ms until the frame after `ready(before)` holds.
 */
const TIME_CLICK = `(({ click, ready }) => new Promise((resolve, reject) => {
  const target = new Function('return ' + click)();
  const isReady = new Function('before', 'return ' + ready);
  const firstText = () => document.querySelector('table tbody tr .product-cell__name')?.textContent ?? '';
  const before = firstText();
  if (!target) return reject(new Error('nothing to click: ' + click));
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (isReady(before)) {
      obs.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    }
  });
  obs.observe(document.body, { childList: true, subtree: true, characterData: true });
  target.click();
  setTimeout(() => reject(new Error('nothing changed within 30 s')), 30000);
}))`;

/** Clicks Next and answers the ms until page N+1's first row replaced page N's. */
const clickNext = (page: Page) =>
  page.evaluate(
    `${TIME_CLICK}(${JSON.stringify({
      click: "document.querySelector('nav.pager button:last-child')",
      ready: "(document.querySelector('table tbody tr .product-cell__name')?.textContent ?? '') !== before",
    })})`,
  ) as Promise<number>;

/** From Home: clicks Products in the navigation and answers the ms until its first row is shown. */
const clickProducts = (page: Page) =>
  page.evaluate(
    `${TIME_CLICK}(${JSON.stringify({
      click: "[...document.querySelectorAll('nav a')].find((a) => a.textContent === 'Products')",
      ready: "document.querySelector('table tbody tr .product-cell__name') !== null",
    })})`,
  ) as Promise<number>;

/** In the page, after its first row: when the page, the token renewal and the list request started and ended. */
const BREAKDOWN = `(async () => {
  const firstRow = await window.__firstRow;
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource');
  const token = res.find((r) => r.name.includes('/oauth2/token'));
  const list = res.find((r) => r.name.includes('/products/query-platformized'));
  return {
    html: nav ? nav.responseEnd : NaN,
    tokenStart: token ? token.startTime : NaN,
    tokenEnd: token ? token.responseEnd : NaN,
    listStart: list ? list.startTime : NaN,
    listEnd: list ? list.responseEnd : NaN,
    listKb: list ? list.decodedBodySize / 1024 : NaN,
    firstRow,
  };
})()`;

const median = (rows: Array<Record<string, number>>, key: string) =>
  percentile(
    rows
      .map((r) => r[key] ?? Number.NaN)
      .filter((x) => !Number.isNaN(x))
      .sort((a, b) => a - b),
    50,
  );
const fmtKb = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(0));

/** Chromium's processes (the browser and its children), whose CPU is part of the measurement. */
function chromiumPids(browser: Browser): number[] {
  const root = (browser as unknown as { process?: () => { pid?: number } | null }).process?.()?.pid;
  if (!root) return [];
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const pids = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (!pids.has(pid) && pids.has(parent)) {
        pids.add(pid);
        grew = true;
      }
    }
  }
  return [...pids];
}

const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return {
    first: xs[0] ?? Number.NaN,
    median: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    max: sorted.at(-1),
  };
};

async function main() {
  const started = performance.now();
  const dir = mkdtempSync(join(os.tmpdir(), 'merx-backoffice-bench-'));
  const file = join(dir, 'merx.db');
  log(`seeding ${PRODUCTS.toLocaleString('en')} products into ${file}`);
  const seedStarted = performance.now();
  const seeder = createDb({ url: file });
  await migrateToLatest(seeder.db, seeder.dialect);
  await seedLargeCatalog(seeder, { products: PRODUCTS });
  await seeder.destroy();
  const seedMs = performance.now() - seedStarted;
  log(`seeded in ${(seedMs / 1000).toFixed(0)} s; building the back office`);
  const buildMs = await buildBackOffice();
  const firstLoad = firstLoadJs();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config: Config = {
    port,
    host: '127.0.0.1',
    databaseUrl: file,
    dataDir: dir,
    mediaDir: join(dir, 'media'),
    publicUrl: baseUrl,
    logLevel: 'silent',
    seedDemo: false,
    corsOrigins: [],
    mailFrom: 'Merx bench <no-reply@localhost>',
    ownerEmail: OWNER.email,
  };
  const merx = createDb({ url: file });
  const app = await buildApp({ config, merx, logger: false });
  app.dispatcher.start();
  await app.services.staff.ensureOwner(OWNER.email, OWNER.password);
  await app.app.listen({ port, host: '127.0.0.1' });
  const apiKey = (await app.services.apiKeys.create({ name: 'bench' })).key;
  const api = createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { products } });

  // The cursors of the pages the list shows first (last updated first), as its Next buttons would make them.
  const sort = [{ fieldName: 'lastUpdated', order: 'DESC' as const }];
  const cursors = new Map<number, string>();
  let cursor: string | undefined;
  for (let n = 1; n <= Math.max(...DEPTHS); n++) {
    if (n > 1) cursors.set(n, cursor as string);
    const page = await api.products.queryProductsPage(
      { filter: {}, sort, cursorPaging: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
      { includeHiddenProducts: true },
    );
    cursor = page.metadata.cursors?.next ?? undefined;
  }
  // The server alone, for comparison: one page as the API answers it, first time and again.
  const apiTimes: Record<number, { cold: number; warm: number }> = {};
  for (const depth of DEPTHS) {
    const query = {
      cursorPaging: { limit: PAGE_SIZE, ...(cursors.get(depth) ? { cursor: cursors.get(depth) } : {}) },
      ...(depth === 1 ? { filter: {}, sort } : {}),
    };
    const t0 = performance.now();
    await api.products.queryProductsPage({ ...query, cursorPaging: { ...query.cursorPaging, limit: PAGE_SIZE - 1 } });
    const cold = performance.now() - t0;
    const t1 = performance.now();
    await api.products.queryProductsPage({ ...query, cursorPaging: { ...query.cursorPaging, limit: PAGE_SIZE - 1 } });
    apiTimes[depth] = { cold, warm: performance.now() - t1 };
  }

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(FIRST_ROW_SCRIPT);
  const page = await context.newPage();
  // Sign in once through the hosted page (not measured).
  await page.goto(`${baseUrl}/admin/products`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/products');
  await page.locator('table tbody tr .product-cell__name').first().waitFor();

  const firstRow = () => page.evaluate('window.__firstRow') as Promise<number>;
  const ours = [process.pid, ...chromiumPids(browser)];
  const otherLoad = watchOtherLoad(ours);
  const fullLoad: number[] = [];
  const parts: Array<Record<string, number>> = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${baseUrl}/admin/products`);
    fullLoad.push(await firstRow());
    parts.push((await page.evaluate(BREAKDOWN)) as Record<string, number>);
  }
  const inApp: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${baseUrl}/admin/`);
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    // After a full load of Home the page holds no list in its query cache: the list is asked for on the click.
    inApp.push(await clickProducts(page));
  }
  const paging: Record<number, number[]> = {};
  for (const depth of DEPTHS) {
    paging[depth] = [];
    for (let i = 0; i < RUNS; i++) {
      const c = cursors.get(depth);
      await page.goto(`${baseUrl}/admin/products${c ? `?cursor=${encodeURIComponent(c)}` : ''}`);
      await firstRow();
      paging[depth].push(await clickNext(page));
    }
  }
  const load = otherLoad();
  await browser.close();
  await app.app.close();
  await merx.destroy();
  rmSync(dir, { recursive: true, force: true });

  const full = stats(fullLoad);
  const nav = stats(inApp);
  const pages = DEPTHS.map((d) => ({ depth: d, ...stats(paging[d] as number[]) }));
  const deepest = pages.at(-1)?.median ?? Number.NaN;
  const shallowest = pages[0]?.median ?? Number.NaN;
  const met = full.median <= BUDGET_MS && nav.median <= BUDGET_MS && pages.every((p) => p.median <= BUDGET_MS);
  const flat = deepest <= Math.max(shallowest * 1.5, shallowest + 30);
  const lines = [
    MARK_START,
    '## Back office product list (`npm run bench:backoffice`, bench/backoffice.bench.ts)',
    '',
    ...machineLines(REVISION),
    `- Chromium ${browser.version()} (headless, /usr/bin/chromium), 1280×900, on the same machine as the server (loopback).`,
    `- Catalog: ${PRODUCTS.toLocaleString('en')} products made by \`seedLargeCatalog\` (as \`npm run merx -- seed --products ${PRODUCTS}\`) in ${(seedMs / 1000).toFixed(0)} s, SQLite WAL; the back office built by Vite in ${(buildMs / 1000).toFixed(1)} s; Merx by \`buildApp\` in the bench process (tsx), the owner signed in through the hosted page once before measuring.`,
    '- Measured in the page with `performance.now()` up to the animation frame after the rows are in the DOM. "Full load": `page.goto(/admin/products)` (the HTML, scripts from the browser cache, the staff token renewed when it has to be, the list asked for), from navigation start. "In the app": from Home, a click on the navigation link to Products, from the click. "Next page": the list opened at page N by its URL (`?cursor=…`, cursors taken from the API as the page\'s Next puts them there), then a click on Next, from the click until page N+1\'s rows replace N\'s.',
    `- ${RUNS} runs each; first run (cold: server answer cache and the page's query cache empty) and median / p90 / max of all runs. The API alone (same query over HTTP from the bench, cold then warm): page 1 ${fmtMs(apiTimes[1]?.cold)} / ${fmtMs(apiTimes[1]?.warm)} ms, page 10 ${fmtMs(apiTimes[10]?.cold)} / ${fmtMs(apiTimes[10]?.warm)} ms, page 50 ${fmtMs(apiTimes[50]?.cold)} / ${fmtMs(apiTimes[50]?.warm)} ms.`,
    `- First-load JavaScript (the shell and Home with what they import, from the build's manifest; every other section is its own chunk): ${firstLoad.files.length} files, ${(firstLoad.gzipBytes / 1024).toFixed(1)} KB gzipped (budget 250 KB).`,
    `- Budget: the first page within ${BUDGET_MS} ms of navigation; paging that does not slow down with depth (page 50's median within 1.5× page 1's, or 30 ms).`,
    `- Where a full load's time goes (medians, ms from navigation start): page received ${fmtMs(median(parts, 'html'))}, ${Number.isNaN(median(parts, 'tokenStart')) ? 'no staff token renewal' : `staff token renewed ${fmtMs(median(parts, 'tokenStart'))}–${fmtMs(median(parts, 'tokenEnd'))}`}, list asked for ${fmtMs(median(parts, 'listStart'))} and received ${fmtMs(median(parts, 'listEnd'))} (${fmtKb(median(parts, 'listKb'))} KB), first row shown ${fmtMs(median(parts, 'firstRow'))}.`,
    `- Other load during the measurements (CPU used by processes other than the bench, its server and Chromium): ${load.toFixed(2)} cores; well above 0 means the figures are depressed by other work on the machine.`,
    '',
    '| measurement | first ms | median ms | p90 ms | max ms |',
    '|---|---:|---:|---:|---:|',
    `| navigation → first row, full load of /admin/products | ${fmtMs(full.first)} | ${fmtMs(full.median)} | ${fmtMs(full.p90)} | ${fmtMs(full.max)} |`,
    `| navigation → first row, Home → Products in the app | ${fmtMs(nav.first)} | ${fmtMs(nav.median)} | ${fmtMs(nav.p90)} | ${fmtMs(nav.max)} |`,
    ...pages.map(
      (p) =>
        `| next page → rows shown, from page ${p.depth} (offset ${((p.depth - 1) * PAGE_SIZE).toLocaleString('en')}) | ${fmtMs(p.first)} | ${fmtMs(p.median)} | ${fmtMs(p.p90)} | ${fmtMs(p.max)} |`,
    ),
    '',
    `**Budget: first-load JavaScript ≤ 250 KB gzipped ${yes(firstLoad.gzipBytes <= 250 * 1024)}; first page within ${BUDGET_MS} ms ${yes(met)}; paging flat with depth ${yes(flat)}.** Total bench time ${((performance.now() - started) / 60_000).toFixed(1)} min.`,
    MARK_END,
  ];
  const out = CUSTOM ? join(here, '.tmp', 'RESULTS-custom.md') : join(here, 'RESULTS.md');
  writeSection(out, MARK_START, MARK_END, lines.join('\n'));
  log(lines.join('\n'));
  log(`written to ${out}`);
}

await main();
process.exit(0);
