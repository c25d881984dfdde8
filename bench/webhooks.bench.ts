/*
 * Webhook delivery benchmark: `npm run bench:webhooks` (also part of `npm run bench`).
 *
 * 1. The purchase journey of journey.bench.ts (its seed, buyers and measurement, imported from it) on one Merx
 *    child, in rounds that alternate between no webhook endpoints and THREE endpoints subscribed to everything
 *    (`['*']`, made through the endpoints API with an owner API key before the round and deleted after it), in the
 *    order off, on, on, off (so a drift over the run, such as the growing database, weighs on both alike).
 *    Purchases/s with webhooks should keep ≥ 80 % of purchases/s without. After each webhook round the bench waits
 *    until the receivers stop getting requests; the time from commit to delivery of every delivery of the round
 *    (warm-up included) is its arrival time at the receiver minus the envelope's `eventTime` (same machine clock):
 *    p99 ≤ 1 s.
 * 2. Backlog drain: 1,200 products, one endpoint (`['*']`) paused, product updates spread over the products (PATCH
 *    through the API, 10 at a time) until 10,000 deliveries wait (an update makes two events: 5,000 updates); then
 *    the endpoint is resumed (PATCH status ACTIVE) and the bench times resume → the 10,000th arrival:
 *    ≥ 1,000 deliveries/s.
 * Besides purchases/s, each round reports Merx's CPU per purchase (from /proc), the steadier figure on a shared
 * machine, and that of its main thread alone (the one serving requests; webhooks are signed and sent on a thread of
 * their own, events/webhook-send-thread.ts).
 *
 * The receivers are real node:https servers on 127.0.0.1 answering 200, in a child process of their own
 * (bench/lib/webhook-receivers.ts; https because the server child runs without NODE_ENV=development, see there).
 * Merx runs in its own child (bench/server-child.ts bundled, as the other benches run it); the buyers run here.
 *
 * Environment: BENCH_DURATION (seconds per round, default 10), BENCH_CPU_PROF (a folder: profile the SQLite Merx
 * children), BENCH_WEBHOOK_POSTGRES=false (SQLite only), MERX_BENCH_DATABASE_URL (PostgreSQL server to create the
 * bench database on; default the local test server). With BENCH_DURATION set the results go to
 * bench/.tmp/RESULTS-custom.md.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest } from '@merx/db';
import { buildApp, loadConfig } from '@merx/server';
import { CONNECTIONS, call, DURATION, describe, type Measured, measure, seed, WARMUP } from './journey.bench.js';
import { makeCertificate, type Receivers, startReceivers } from './lib/webhook-receivers.js';
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
  type Server,
  startServer,
  stopServer,
  writeSection,
  yes,
} from './lib.js';

const PG_URL = process.env.MERX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MARK_START = '<!-- webhooks.bench:start -->';
const MARK_END = '<!-- webhooks.bench:end -->';
const REVISION = gitRevision();
const API = '/_api/merx/v1/webhooks';
const ENDPOINTS = 3;
const ROUNDS: Array<'off' | 'on'> = ['off', 'on', 'on', 'off'];
const TARGET_KEEP = 0.8;
const TARGET_P99_MS = 1000;
const BACKLOG = 10_000;
const BACKLOG_PRODUCTS = 1_200;
const TARGET_DRAIN = 1_000;
/** One per placed order: the denominator of deliveries per purchase (warm-up purchases included). */
const ORDER_CREATED = 'wix.ecom.v1.order_created';

interface JourneyRound {
  webhooks: boolean;
  m: Measured;
  /** Deliveries the round's receivers got, and their commit-to-arrival times (sorted). */
  deliveries: number;
  lagMs: number[];
  /** Seconds from the end of the measured run until the receivers were quiet (the backlog left behind). */
  catchUpS: number;
  receiversCores: number;
  /** Deliveries per type, summed over the endpoints. */
  types: Record<string, number>;
  /** TLS connections Merx opened to the receivers in the round. */
  connections: number;
  /** Mean request body (the event envelope), bytes. */
  meanBytes: number;
  /** Merx's CPU time per purchase, deliveries included (≈: warm-up purchases estimated at the run's rate). */
  serverCpuMsPerPurchase: number;
  /** Merx's CPU during measure() (warm-up and run), in cores. */
  serverCores: number;
  /** The same for Merx's main thread alone (the one serving requests; the webhook sender has a thread of its own). */
  mainCpuMsPerPurchase: number;
}

interface Drain {
  /** Merx's CPU time from the resume until every queued delivery arrived (and the next poll). */
  serverCpuS: number;
  /** The part of it on Merx's main thread. */
  mainCpuS: number;
  queued: number;
  updates: number;
  queueS: number;
  drainS: number;
  perSecond: number;
  lastS: number;
  received: number;
}

interface EngineResult {
  engine: Measured['engine'];
  rounds: JourneyRound[];
  drain: Drain | null;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * CPU time (s) a process has used so far (utime + stime in /proc, 100 ticks a second), or its main thread alone
 * (`thread`: the task whose id is the process's).
 */
function cpuSeconds(pid: number, thread = false): number {
  try {
    const stat = readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** An owner API key and the store's webhook settings (private networks allowed: the receivers are on 127.0.0.1). */
async function prepare(url: string, products = 0): Promise<{ key: string; productIds: string[] }> {
  const merx = createDb({ url });
  const dir = mkdtempSync(join(os.tmpdir(), 'merx-webhooks-seed-'));
  try {
    await migrateToLatest(merx.db, merx.dialect);
    const config = loadConfig({ MERX_DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'silent', MERX_SEED_DEMO: 'false' });
    const { app, services, dispatcher } = await buildApp({ config, merx, logger: false });
    const { key } = await services.apiKeys.create({ name: 'webhooks bench' });
    await services.webhooks.updateSettings({ allowPrivateNetworks: true });
    const productIds: string[] = [];
    for (let i = 0; i < products; i++) {
      const p = await services.products.create({
        name: `Backlog product ${i + 1}`,
        priceData: { price: 5 + (i % 50) },
      });
      productIds.push(p.id as string);
    }
    // The seed's events are claimed here, before any endpoint exists: none of them is a delivery.
    await dispatcher.drain();
    await app.close();
    return { key, productIds };
  } finally {
    await merx.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function addEndpoint(server: Server, key: string, url: string): Promise<string> {
  const made = (await call(`${server.url}${API}/endpoints`, {
    method: 'POST',
    auth: key,
    json: { url, eventTypes: ['*'], description: 'webhooks bench' },
  })) as { endpoint: { id: string } };
  return made.endpoint.id;
}

const setStatus = (server: Server, key: string, id: string, status: 'ACTIVE' | 'PAUSED') =>
  call(`${server.url}${API}/endpoints/${id}`, { method: 'PATCH', auth: key, json: { status } });

/** Waits until the receivers got nothing new for `quietMs`; answers when the last change was seen. */
async function quiet(receivers: Receivers, quietMs = 2000, limitMs = 300_000): Promise<number> {
  const end = performance.now() + limitMs;
  let last = (await receivers.counts()).join();
  let changed = performance.now();
  while (performance.now() - changed < quietMs && performance.now() < end) {
    await sleep(100);
    const now = (await receivers.counts()).join();
    if (now !== last) {
      last = now;
      changed = performance.now();
    }
  }
  return changed;
}

async function journey(
  engine: Measured['engine'],
  url: string,
  script: string,
  receivers: Receivers,
  prof: string[],
): Promise<JourneyRound[]> {
  const shop = await seed(url);
  const { key } = await prepare(url);
  const server = await startServer(script, 'merx', url, prof);
  const rounds: JourneyRound[] = [];
  try {
    // A first round without webhooks, not reported: the fresh process's compiling and caches are not the off rounds'.
    log(`  warm-up round: ${describe(await measure(engine, server, shop, [receivers.pid]))}`);
    for (const round of ROUNDS) {
      const webhooks = round === 'on';
      const ids: string[] = [];
      if (webhooks) for (const u of receivers.urls.slice(0, ENDPOINTS)) ids.push(await addEndpoint(server, key, u));
      await receivers.take();
      const cpu0 = cpuSeconds(receivers.pid);
      const server0 = cpuSeconds(server.pid);
      const main0 = cpuSeconds(server.pid, true);
      const t0 = performance.now();
      const m = await measure(engine, server, shop, [receivers.pid]);
      const ended = performance.now();
      const serverMeasured = cpuSeconds(server.pid) - server0;
      const lastChange = webhooks ? await quiet(receivers) : ended;
      // Merx's CPU for the round's purchases (warm-up ones counted at the run's rate) and their deliveries.
      const serverCpu = cpuSeconds(server.pid) - server0;
      const mainCpu = cpuSeconds(server.pid, true) - main0;
      const purchases = m.orders * (1 + WARMUP / DURATION);
      const receiversCores = (cpuSeconds(receivers.pid) - cpu0) / ((performance.now() - t0) / 1000);
      const taken = (await receivers.take()).slice(0, ENDPOINTS);
      const lagMs = taken.flatMap((t) => t.lagMs).sort((a, b) => a - b);
      const types: Record<string, number> = {};
      for (const t of taken) for (const [type, k] of Object.entries(t.types)) types[type] = (types[type] ?? 0) + k;
      for (const id of ids) await call(`${server.url}${API}/endpoints/${id}`, { method: 'DELETE', auth: key });
      const r: JourneyRound = {
        webhooks,
        m,
        deliveries: lagMs.length,
        lagMs,
        catchUpS: Math.max(0, (lastChange - ended) / 1000),
        receiversCores,
        types,
        connections: taken.reduce((sum, t) => sum + t.connections, 0),
        meanBytes: taken.reduce((sum, t) => sum + t.bytes, 0) / Math.max(1, lagMs.length),
        serverCpuMsPerPurchase: (serverCpu * 1000) / purchases,
        serverCores: serverMeasured / ((ended - t0) / 1000),
        mainCpuMsPerPurchase: (mainCpu * 1000) / purchases,
      };
      rounds.push(r);
      log(
        `  webhooks ${round.padEnd(3)} ${describe(m)}, Merx CPU ${r.serverCores.toFixed(2)} cores, ` +
          `${r.serverCpuMsPerPurchase.toFixed(1)} ms per purchase (main thread ${r.mainCpuMsPerPurchase.toFixed(1)})` +
          (webhooks
            ? `\n    ${r.deliveries} deliveries, commit→arrival p50 ${fmtMs(percentile(lagMs, 50))} p95 ` +
              `${fmtMs(percentile(lagMs, 95))} p99 ${fmtMs(percentile(lagMs, 99))} max ${fmtMs(lagMs.at(-1))} ms, ` +
              `caught up ${r.catchUpS.toFixed(1)} s after the run, receivers ${receiversCores.toFixed(2)} cores, ` +
              `${r.connections} TLS connections, bodies ${r.meanBytes.toFixed(0)} bytes on average\n    ` +
              JSON.stringify(types)
            : ''),
      );
    }
  } finally {
    await stopServer(server);
  }
  return rounds;
}

/** Deliveries waiting for `endpointId`, read from the database. */
async function pending(url: string, endpointId: string): Promise<number> {
  const merx = createDb({ url });
  try {
    const row = await merx.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await merx.destroy();
  }
}

async function drain(url: string, script: string, receivers: Receivers, prof: string[]): Promise<Drain> {
  const { key, productIds } = await prepare(url, BACKLOG_PRODUCTS);
  const server = await startServer(script, 'merx', url, prof);
  const target = receivers.urls[ENDPOINTS] as string;
  try {
    const id = await addEndpoint(server, key, target);
    await setStatus(server, key, id, 'PAUSED');
    const q0 = performance.now();
    let n = 0;
    const updates = async (until: number) =>
      Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (n < until) {
            const i = n++;
            const productId = productIds[i % productIds.length] as string;
            const name = `Backlog product ${i % productIds.length} v${Math.floor(i / productIds.length)}`;
            await call(`${server.url}/stores/v1/products/${productId}`, {
              method: 'PATCH',
              auth: key,
              json: { product: { name } },
            });
          }
        }),
      );
    // An update makes one event or more (two today): updates until BACKLOG deliveries wait.
    for (let queued = 0; queued < BACKLOG; queued = await pending(url, id)) {
      await updates(n + Math.max(10, Math.ceil((BACKLOG - queued) / 2)));
      await sleep(100);
    }
    // The claims that make the deliveries follow the commits within milliseconds; wait until the count stands.
    let queued = await pending(url, id);
    for (let previous = -1; queued !== previous; ) {
      await sleep(500);
      previous = queued;
      queued = await pending(url, id);
    }
    const queueS = (performance.now() - q0) / 1000;
    log(`  ${queued} deliveries queued for the paused endpoint (${n} updates in ${queueS.toFixed(1)} s)`);
    await receivers.take();
    const before = (await receivers.counts())[ENDPOINTS] ?? 0;
    const cpu0 = cpuSeconds(server.pid);
    const main0 = cpuSeconds(server.pid, true);
    const resumed = Date.now();
    await setStatus(server, key, id, 'ACTIVE');
    const want = Math.min(BACKLOG, queued);
    for (const end = Date.now() + 300_000; Date.now() < end; ) {
      const counts = await receivers.counts();
      if ((counts[ENDPOINTS] ?? 0) - before >= queued) break;
      await sleep(50);
    }
    const serverCpuS = cpuSeconds(server.pid) - cpu0;
    const mainCpuS = cpuSeconds(server.pid, true) - main0;
    const at = ((await receivers.take())[ENDPOINTS]?.at ?? []).sort((a, b) => a - b);
    const nth = at[want - 1];
    const drainS = nth === undefined ? Number.NaN : (nth - resumed) / 1000;
    const lastS = at.length > 0 ? ((at.at(-1) as number) - resumed) / 1000 : Number.NaN;
    const result = {
      serverCpuS,
      mainCpuS,
      queued,
      updates: n,
      queueS,
      drainS,
      perSecond: want / drainS,
      lastS,
      received: at.length,
    };
    log(
      `  resume → ${want.toLocaleString('en')}th arrival ${drainS.toFixed(2)} s: ${fmtRps(result.perSecond)} ` +
        `deliveries/s (all ${at.length} in ${lastS.toFixed(2)} s, Merx CPU ${serverCpuS.toFixed(2)} s: ` +
        `${((serverCpuS * 1e6) / Math.max(1, at.length)).toFixed(0)} µs per delivery, ` +
        `${((mainCpuS * 1e6) / Math.max(1, at.length)).toFixed(0)} µs of it on the main thread)`,
    );
    return result;
  } finally {
    await stopServer(server);
  }
}

async function runEngine(
  engine: Measured['engine'],
  url: string,
  script: string,
  receivers: Receivers,
  prof: string[],
  drainUrl: string,
): Promise<EngineResult> {
  const rounds = await journey(engine, url, script, receivers, prof);
  log(`  backlog drain (${engine})`);
  const d = await drain(drainUrl, script, receivers, prof);
  return { engine, rounds, drain: d };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

function report(results: EngineResult[], postgres: string, started: number): string {
  const out = [
    MARK_START,
    '## Webhook delivery (`npm run bench:webhooks`, bench/webhooks.bench.ts)',
    '',
    ...machineLines(REVISION),
    `- PostgreSQL: ${postgres}`,
    `- Journey: journey.bench.ts's purchase (${CONNECTIONS} buyers, each round ${WARMUP} s warm-up and ${DURATION} s ` +
      `measured) on one Merx child, after one unreported round without webhooks, rounds in the order ${ROUNDS.join(', ')}: "on" with ${ENDPOINTS} endpoints ` +
      'subscribed to `[\'*\']` (made before the round, deleted after it), "off" with none. Receivers: node:https ' +
      'servers on 127.0.0.1 answering 200, in a child process of their own (https because the bench server child ' +
      'runs without NODE_ENV=development; a self-signed certificate, private networks allowed in the webhook ' +
      "settings). Commit→arrival: arrival time at the receiver minus the envelope's `eventTime`, every delivery " +
      'of the round (warm-up included, and those that arrived after the run ended).',
    `- Backlog: ${BACKLOG_PRODUCTS.toLocaleString('en')} products, one endpoint (\`['*']\`) paused, ` +
      `product updates (PATCH, ${CONNECTIONS} at a time, round-robin over the products) until at least ` +
      `${BACKLOG.toLocaleString('en')} deliveries wait (an update makes two events); ` +
      `then the endpoint resumed (PATCH status ACTIVE): time from the resume call to the ${BACKLOG.toLocaleString('en')}th arrival.`,
    `- Targets: with webhooks ≥ ${pct(TARGET_KEEP)} of the purchases/s without; commit→arrival p99 ≤ ${TARGET_P99_MS} ms; ` +
      `backlog drains at ≥ ${TARGET_DRAIN.toLocaleString('en')} deliveries/s. "Kept at the same CPU": Merx's CPU per ` +
      'purchase without webhooks over that with them, what a Merx that has a core to itself would keep (the ' +
      'purchases/s ratio moves with the load of other processes on a shared machine). "Main thread": the CPU of ' +
      "Merx's main thread alone, which serves the requests (the webhook sender signs and sends on a thread of its " +
      'own); "kept at the same main-thread CPU" is the same ratio for it.',
    '',
    "| engine | round | webhooks | purchases/s | p50 ms | p99 ms | purchases | failures | deliveries | events per purchase (each to every endpoint) | commit→arrival p50 / p95 / p99 / max ms | caught up after run, s | Merx CPU, cores | Merx CPU per purchase, ms | main thread CPU per purchase, ms | receivers' CPU, cores | buyers' CPU, cores | other load, cores |",
    '|---|---:|---|---:|---:|---:|---:|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    r.rounds.forEach((x, i) => {
      const lag = x.webhooks
        ? `${fmtMs(percentile(x.lagMs, 50))} / ${fmtMs(percentile(x.lagMs, 95))} / ${fmtMs(percentile(x.lagMs, 99))} / ${fmtMs(x.lagMs.at(-1))}`
        : '–';
      out.push(
        `| ${r.engine} | ${i + 1} | ${x.webhooks ? `${ENDPOINTS} × \`*\`` : 'none'} | ${fmtRps(x.m.ordersPerSecond)} | ` +
          `${fmtMs(x.m.p50)} | ${fmtMs(x.m.p99)} | ${x.m.orders.toLocaleString('en')} | ${x.m.failures} | ` +
          `${x.webhooks ? x.deliveries.toLocaleString('en') : '–'} | ` +
          `${x.webhooks ? (x.deliveries / Math.max(1, x.types[ORDER_CREATED] ?? 0)).toFixed(1) : '–'} | ${lag} | ` +
          `${x.webhooks ? x.catchUpS.toFixed(1) : '–'} | ${x.serverCores.toFixed(2)} | ` +
          `${x.serverCpuMsPerPurchase.toFixed(1)} | ${x.mainCpuMsPerPurchase.toFixed(1)} | ${x.receiversCores.toFixed(2)} | ` +
          `${x.m.clientCores.toFixed(2)} | ${x.m.otherCores.toFixed(2)} |`,
      );
    });
  }
  out.push(
    '',
    '| engine | purchases/s without | with | kept | target ≥ 80 % | Merx CPU per purchase without / with, ms | kept at the same CPU | main thread CPU per purchase without / with, ms | kept at the same main-thread CPU | commit→arrival p50 / p95 / p99 / max ms | target p99 ≤ 1 s | backlog queued | resume → 10,000th arrival, s | deliveries/s | target ≥ 1,000/s |',
    '|---|---:|---:|---:|---|---|---:|---|---:|---|---|---:|---:|---:|---|',
  );
  for (const r of results) {
    const off = mean(r.rounds.filter((x) => !x.webhooks).map((x) => x.m.ordersPerSecond));
    const on = mean(r.rounds.filter((x) => x.webhooks).map((x) => x.m.ordersPerSecond));
    const offCpu = mean(r.rounds.filter((x) => !x.webhooks).map((x) => x.serverCpuMsPerPurchase));
    const onCpu = mean(r.rounds.filter((x) => x.webhooks).map((x) => x.serverCpuMsPerPurchase));
    const offMain = mean(r.rounds.filter((x) => !x.webhooks).map((x) => x.mainCpuMsPerPurchase));
    const onMain = mean(r.rounds.filter((x) => x.webhooks).map((x) => x.mainCpuMsPerPurchase));
    const lag = r.rounds
      .filter((x) => x.webhooks)
      .flatMap((x) => x.lagMs)
      .sort((a, b) => a - b);
    const d = r.drain;
    out.push(
      `| ${r.engine} | ${fmtRps(off)} | ${fmtRps(on)} | ${pct(on / off)} | ${yes(on / off >= TARGET_KEEP)} | ` +
        `${offCpu.toFixed(1)} / ${onCpu.toFixed(1)} | ${pct(offCpu / onCpu)} | ` +
        `${offMain.toFixed(1)} / ${onMain.toFixed(1)} | ${pct(offMain / onMain)} | ` +
        `${fmtMs(percentile(lag, 50))} / ${fmtMs(percentile(lag, 95))} / ${fmtMs(percentile(lag, 99))} / ${fmtMs(lag.at(-1))} | ` +
        `${yes(percentile(lag, 99) <= TARGET_P99_MS)} | ` +
        (d
          ? `${d.queued.toLocaleString('en')} | ${d.drainS.toFixed(2)} | ${fmtRps(d.perSecond)} | ${yes(d.perSecond >= TARGET_DRAIN)} |`
          : '– | – | – | – |'),
    );
  }
  for (const r of results) {
    const on = r.rounds.filter((x) => x.webhooks);
    const types: Record<string, number> = {};
    for (const x of on) for (const [type, k] of Object.entries(x.types)) types[type] = (types[type] ?? 0) + k;
    const perPurchase = Object.entries(types)
      .sort((a, b) => b[1] - a[1])
      .map(([type, k]) => `${type} ${(k / Math.max(1, types[ORDER_CREATED] ?? 0)).toFixed(2)}`)
      .join(', ');
    out.push(
      '',
      `${r.engine}: events per purchase (each delivered to every endpoint; per \`${ORDER_CREATED}\` delivery): ` +
        `${perPurchase}; the envelopes are ${mean(on.map((x) => x.meanBytes)).toFixed(0)} bytes on average.`,
    );
    if (r.drain)
      out.push(
        `${r.engine} backlog: ${r.drain.updates.toLocaleString('en')} updates queued ${r.drain.queued.toLocaleString('en')} ` +
          `deliveries in ${r.drain.queueS.toFixed(1)} s; all ${r.drain.received.toLocaleString('en')} arrived ` +
          `${r.drain.lastS.toFixed(2)} s after the resume; Merx used ${r.drain.serverCpuS.toFixed(2)} s of CPU for them ` +
          `(${((r.drain.serverCpuS * 1e6) / Math.max(1, r.drain.received)).toFixed(0)} µs per delivery, ` +
          `${((r.drain.mainCpuS * 1e6) / Math.max(1, r.drain.received)).toFixed(0)} µs of it on the main thread).`,
      );
  }
  out.push('', `Total bench time ${((performance.now() - started) / 60_000).toFixed(1)} min.`, MARK_END);
  return out.join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const results: EngineResult[] = [];
  let postgres = 'not measured';
  const dir = mkdtempSync(join(os.tmpdir(), 'merx-webhooks-bench-'));
  let receivers: Receivers | undefined;
  try {
    const script = await bundleServerChild();
    // The server children inherit this: they trust the receivers' self-signed certificate.
    process.env.NODE_EXTRA_CA_CERTS = makeCertificate(dir);
    receivers = await startReceivers(ENDPOINTS + 1, dir);
    log(
      `webhooks bench: loopback, buyers in this process, Merx and the ${ENDPOINTS + 1} receivers in child processes\n\nSQLite`,
    );
    // BENCH_CPU_PROF=<dir>: the SQLite Merx children write V8 CPU profiles there when they stop.
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    results.push(await runEngine('SQLite', join(dir, 'journey.db'), script, receivers, prof, join(dir, 'backlog.db')));
    if (process.env.BENCH_WEBHOOK_POSTGRES !== 'false') {
      const fresh = await freshPostgres(PG_URL, 'merx_webhooks');
      const freshDrain = 'skipped' in fresh ? fresh : await freshPostgres(PG_URL, 'merx_webhooks_backlog');
      if ('skipped' in fresh || 'skipped' in freshDrain) {
        postgres = `not measured (${'skipped' in freshDrain ? freshDrain.skipped : ''})`;
        if (!('skipped' in fresh)) await fresh.drop();
      } else {
        try {
          postgres = `${new URL(fresh.url).host}, fresh databases (dropped after the run)`;
          log('\nPostgreSQL');
          results.push(await runEngine('PostgreSQL', fresh.url, script, receivers, [], freshDrain.url));
        } finally {
          await fresh.drop();
          await freshDrain.drop();
        }
      }
    }
  } finally {
    await receivers?.close();
    rmSync(dir, { recursive: true, force: true });
    if (results.length > 0) {
      const file =
        process.env.BENCH_DURATION !== undefined ? join(here, '.tmp', 'RESULTS-custom.md') : join(here, 'RESULTS.md');
      writeSection(file, MARK_START, MARK_END, report(results, postgres, started));
      log(`\nwrote ${file.slice(root.length + 1)}`);
    }
  }
}

await main();
