/*
 * Product CSV import benchmark: `npm run bench:import` (also part of `npm run bench`).
 *
 * Writes a Shopify product CSV of 10,000 products with 3 variants each (Size S/M/L; description, vendor, SKU, grams,
 * tracked stock, price, compare-at price on some, cost, one image each) and imports it into an empty store: Merx in
 * its own child process (bench/server-child.ts, bundled as the other benches run it), the file POSTed as text/csv,
 * the job polled until DONE. Image URLs point at a node:http server in this process (the child is started with
 * MERX_FETCH_PRIVATE_HOSTS=true), so every image is checked with a real HEAD request over loopback. The child's
 * RSS is sampled every 100 ms. Then the same file again (every product found by its handle, nothing changed), a
 * file with every price changed (10,000 updates), and the export of the whole catalog. SQLite first, then
 * PostgreSQL when one is reachable (a fresh database, dropped afterwards).
 *
 * Environment: BENCH_IMPORT_PRODUCTS (default 10,000), MERX_BENCH_DATABASE_URL (PostgreSQL server; default the local
 * test server). With BENCH_IMPORT_PRODUCTS set the results go to bench/.tmp/RESULTS-custom.md.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest } from '@merx/db';
import { systemClock } from '../packages/server/src/lib/clock.js';
import { createApiKeyService } from '../packages/server/src/modules/api-keys/api-keys.service.js';
import { createAuditLog } from '../packages/server/src/modules/audit/audit.service.js';
import {
  bundleServerChild,
  freshPostgres,
  gitRevision,
  here,
  log,
  machineLines,
  root,
  rssMb,
  type Server,
  startServer,
  stopServer,
  watchOtherLoad,
  writeSection,
  yes,
} from './lib.js';

const PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 10_000);
const PG_URL = process.env.MERX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_SECONDS = 60;

const HEADER =
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,' +
  'Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,' +
  'Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Image Src,Image Position,Image Alt Text,' +
  'Gift Card,Variant Weight Unit,Cost per item,Status';

/** The bench file: `n` products × 3 sizes; `bump` adds to every price (for the update run). */
function csvOf(n: number, imageBase: string, bump = 0): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    const handle = `bench-product-${i}`;
    const price = 10 + (i % 90) + bump;
    const sale = i % 5 === 0;
    ['S', 'M', 'L'].forEach((size, j) => {
      const first = j === 0;
      const p = (price + j).toFixed(2);
      lines.push(
        [
          handle,
          first ? `Bench Product ${i}` : '',
          first ? `"<p>Product ${i}: soft, warm and made to last.</p><ul><li>Cotton</li><li>Wool</li></ul>"` : '',
          first ? 'Bench Vendor' : '',
          first ? 'Shirts' : '',
          first ? '"bench, cotton"' : '',
          first ? 'TRUE' : '',
          first ? 'Size' : '',
          size,
          `B-${i}-${size}`,
          String(200 + j * 20),
          'shopify',
          String((i + j) % 40),
          'deny',
          'manual',
          p,
          sale ? (price + j + 5).toFixed(2) : '',
          'TRUE',
          'TRUE',
          first ? `${imageBase}/img/${i}.jpg` : '',
          first ? '1' : '',
          first ? `Product ${i}` : '',
          first ? 'FALSE' : '',
          'kg',
          (price / 2).toFixed(2),
          first ? 'active' : '',
        ].join(','),
      );
    });
  }
  return `${lines.join('\n')}\n`;
}

async function imageHost(): Promise<{ base: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    res
      .writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '3' })
      .end(req.method === 'HEAD' ? undefined : 'img');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Run {
  label: string;
  seconds: number;
  uploadMs: number;
  created: number;
  updated: number;
  failed: number;
  peakRss: number;
  /** Cores other processes used meanwhile (on PostgreSQL its own backends count here too). */
  otherLoad: number;
  /** CPU time the Merx child used (user + system), seconds: what the import cost whatever else ran. */
  cpu: number;
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Imports `csv` into `server` and waits for the job, sampling the child's RSS. */
async function importOnce(server: Server, key: string, csv: string, label: string): Promise<Run> {
  let peakRss = rssMb(server.pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(server.pid));
  }, 100);
  const otherLoad = watchOtherLoad([process.pid, server.pid]);
  const cpu0 = cpuSeconds(server.pid);
  const started = performance.now();
  const posted = await fetch(`${server.url}/_api/merx/v1/product-imports/csv`, {
    method: 'POST',
    headers: { authorization: key, 'content-type': 'text/csv' },
    body: csv,
  });
  const uploadMs = performance.now() - started;
  if (posted.status !== 200) throw new Error(`upload answered ${posted.status}: ${await posted.text()}`);
  const { productImport } = (await posted.json()) as { productImport: { id: string } };
  for (;;) {
    const res = await fetch(`${server.url}/_api/merx/v1/product-imports/${productImport.id}`, {
      headers: { authorization: key },
    });
    const job = ((await res.json()) as { productImport: Record<string, number | string> }).productImport;
    if (job.status === 'DONE' || job.status === 'FAILED') {
      clearInterval(sampler);
      if (job.status === 'FAILED') throw new Error(`import failed: ${job.failure}`);
      const run: Run = {
        label,
        seconds: (performance.now() - started) / 1000,
        uploadMs,
        created: Number(job.productsCreated),
        updated: Number(job.productsUpdated),
        failed: Number(job.productsFailed),
        peakRss,
        otherLoad: otherLoad(),
        cpu: cpuSeconds(server.pid) - cpu0,
      };
      log(
        `  ${label}: ${run.seconds.toFixed(1)} s (upload ${Math.round(uploadMs)} ms), peak RSS ${Math.round(peakRss)} MB, Merx CPU ${run.cpu.toFixed(1)} s, other load ${run.otherLoad.toFixed(2)} cores`,
      );
      return run;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function exportOnce(server: Server, key: string): Promise<{ seconds: number; mb: number; peakRss: number }> {
  let peakRss = rssMb(server.pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(server.pid));
  }, 100);
  const started = performance.now();
  const res = await fetch(`${server.url}/_api/merx/v1/product-exports`, { headers: { authorization: key } });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(sampler);
  const result = { seconds: (performance.now() - started) / 1000, mb: bytes / 1048576, peakRss };
  log(`  export: ${result.seconds.toFixed(1)} s, ${result.mb.toFixed(1)} MB, peak RSS ${Math.round(peakRss)} MB`);
  return result;
}

/** An owner API key made in the database before the server starts (as `npm run merx -- api-key create` does). */
async function ownerKey(url: string): Promise<string> {
  const merx = createDb({ url });
  await migrateToLatest(merx.db, merx.dialect);
  const audit = createAuditLog({ db: merx.db, clock: systemClock });
  const { key } = await createApiKeyService({ db: merx.db, clock: systemClock, audit }).create({ name: 'bench' });
  await merx.destroy();
  return key;
}

async function engine(script: string, url: string, images: { base: string }) {
  const key = await ownerKey(url);
  const server = await startServer(script, 'merx', url);
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const atRest = rssMb(server.pid);
    const csv = csvOf(PRODUCTS, images.base);
    const runs = [
      await importOnce(server, key, csv, 'import into an empty store'),
      await importOnce(server, key, csv, 'the same file again (nothing changes)'),
      await importOnce(server, key, csvOf(PRODUCTS, images.base, 1), 'every price changed (updates)'),
    ];
    return { atRest, runs, exported: await exportOnce(server, key), bytes: Buffer.byteLength(csv) };
  } finally {
    await stopServer(server);
  }
}

async function main(): Promise<void> {
  const revision = gitRevision();
  const started = Date.now();
  process.env.MERX_FETCH_PRIVATE_HOSTS = 'true';
  const script = await bundleServerChild();
  const images = await imageHost();
  const dir = mkdtempSync(join(os.tmpdir(), 'merx-import-bench-'));
  const results: Array<{ engine: string; result: Awaited<ReturnType<typeof engine>> }> = [];
  let pgNote = '';
  try {
    log(`SQLite (${PRODUCTS.toLocaleString('en')} products × 3 variants):`);
    results.push({ engine: 'SQLite', result: await engine(script, join(dir, 'merx.db'), images) });
    const fresh = await freshPostgres(PG_URL, 'merx_import_bench');
    if ('skipped' in fresh) pgNote = `PostgreSQL was not measured: ${fresh.skipped}.`;
    else {
      try {
        log('PostgreSQL:');
        results.push({ engine: 'PostgreSQL', result: await engine(script, fresh.url, images) });
        pgNote = `PostgreSQL: a fresh database on ${new URL(PG_URL).host} (dropped after the run).`;
      } finally {
        await fresh.drop();
      }
    }
  } finally {
    await images.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const sqlite = results[0]?.result;
  const first = sqlite?.runs[0];
  const met = first !== undefined && first.seconds < TARGET_SECONDS && first.created === PRODUCTS;
  const lines = [
    '<!-- import.bench:start -->',
    '## Product CSV import (`npm run bench:import`, bench/import.bench.ts)',
    '',
    ...machineLines(revision),
    `- Setup: a Shopify product CSV of ${PRODUCTS.toLocaleString('en')} products × 3 variants (${((sqlite?.bytes ?? 0) / 1048576).toFixed(1)} MB: description, vendor, SKU, grams, tracked stock, price, a compare-at price on every fifth product, cost, one image each), POSTed as text/csv to Merx in its own child process (bench/server-child.ts bundled as \`npm start\` bundles Merx, logger off); the job polled every 200 ms until DONE. Every image URL is checked with a real HEAD request to a node:http server of the bench process on loopback (MERX_FETCH_PRIVATE_HOSTS=true). RSS is the child's peak VmRSS sampled every 100 ms; "at rest" before the first upload.`,
    `- Time is from the start of the upload to the job seen DONE ("upload ms": until the upload was answered, after the whole file was checked and stored). "other load": CPU that processes other than the bench and the Merx child used meanwhile, in cores (on PostgreSQL its backends count there too); well above 0 means a busy machine and depressed figures. "Merx CPU s": user + system CPU time of the Merx child during the run, which other load does not change much. ${pgNote}`,
    `- Target: the first import on SQLite in under ${TARGET_SECONDS} s, with memory bounded (the file is read from the database a part at a time and products are written ${200} a transaction).`,
    '',
    '| engine | run | time s | Merx CPU s | upload ms | products/s | created | updated | failed | peak RSS MB | RSS at rest MB | other load, cores |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.flatMap(({ engine: name, result }) => [
      ...result.runs.map(
        (r) =>
          `| ${name} | ${r.label} | ${r.seconds.toFixed(1)} | ${r.cpu.toFixed(1)} | ${Math.round(r.uploadMs)} | ${Math.round(PRODUCTS / r.seconds).toLocaleString('en')} | ${r.created.toLocaleString('en')} | ${r.updated.toLocaleString('en')} | ${r.failed} | ${Math.round(r.peakRss)} | ${Math.round(result.atRest)} | ${r.otherLoad.toFixed(2)} |`,
      ),
      `| ${name} | export of the catalog (${result.exported.mb.toFixed(1)} MB streamed) | ${result.exported.seconds.toFixed(1)} | – | – | ${Math.round(PRODUCTS / result.exported.seconds).toLocaleString('en')} | – | – | – | ${Math.round(result.exported.peakRss)} | ${Math.round(result.atRest)} | – |`,
    ]),
    '',
    `**Target (SQLite import of ${PRODUCTS.toLocaleString('en')} products under ${TARGET_SECONDS} s): ${yes(met)}.** Total bench time ${((Date.now() - started) / 60_000).toFixed(1)} min.`,
    '<!-- import.bench:end -->',
  ];
  const custom = process.env.BENCH_IMPORT_PRODUCTS !== undefined;
  const file = custom ? join(here, '.tmp', 'RESULTS-custom.md') : join(root, 'bench', 'RESULTS.md');
  writeSection(file, '<!-- import.bench:start -->', '<!-- import.bench:end -->', lines.join('\n'));
  log(`written to ${file}`);
}

await main();
