/*
 * What the benches share: the server child (bundled and started in its own process), load runs and one-at-a-time
 * requests, what the machine is and how busy it is, autocannon's result shape, number formats and writing one bench's section of bench/RESULTS.md.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import pg from 'pg';

/** The bench folder. */
export const here = dirname(fileURLToPath(import.meta.url));
/** The repository. */
export const root = join(here, '..');

export const log = (message: string) => process.stdout.write(`${message}\n`);

/** The commit the run measures (servers load the working tree when they start). */
export function gitRevision(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'packages'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return `${head}${dirty ? ' with uncommitted changes in packages/' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** The parts of autocannon's result the benches read. */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

// ---------------------------------------------------------------------------------------------- servers

export interface Server {
  kind: 'merx' | 'reference';
  pid: number;
  url: string;
  child: ChildProcess;
}

/**
 * Bundles server-child.ts as `npm start` bundles Merx (scripts/build.mjs: workspace packages inlined, npm
 * dependencies imported from node_modules), so that both servers run as plain JavaScript without a TypeScript
 * loader, like production. Returns the bundle's path.
 */
export async function bundleServerChild(): Promise<string> {
  const workspaces = ['server', 'db', 'contract', 'domain'].map((p) => join(root, 'packages', p));
  const dependencies = new Set(
    workspaces
      .flatMap((dir) =>
        Object.keys(
          (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> })
            .dependencies ?? {},
        ),
      )
      .filter((name) => !name.startsWith('@merx/')),
  );
  const packageOf = (specifier: string) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
  const fromRoot = createRequire(join(root, 'package.json'));
  // Inside the repository (bench/.tmp is git-ignored) so that the bundle's imports resolve from node_modules.
  const outfile = join(here, '.tmp', 'server-child.mjs');
  await build({
    entryPoints: [join(here, 'server-child.ts')],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // npm dependencies stay imports; one that npm installed inside a workspace (not hoisted to the root
        // node_modules) is imported by its absolute path, as the workspace would resolve it.
        name: 'external-dependencies',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (!dependencies.has(packageOf(args.path))) return undefined;
            try {
              fromRoot.resolve(args.path);
              return { path: args.path, external: true };
            } catch {
              for (const dir of workspaces) {
                try {
                  return { path: createRequire(join(dir, 'package.json')).resolve(args.path), external: true };
                } catch {
                  // not installed for this workspace
                }
              }
              return { path: args.path, external: true };
            }
          });
        },
      },
    ],
  });
  return outfile;
}

/**
 * Starts the bundled server child (`script`) as `kind` on `database` (a SQLite file, or a PostgreSQL URL for
 * Merx) and waits until it listens. `nodeArgs` go to node before the script (`--cpu-prof`, …).
 */
export async function startServer(
  script: string,
  kind: Server['kind'],
  database: string,
  nodeArgs: readonly string[] = [],
): Promise<Server> {
  // BENCH_SQL_TIMES=<folder>: the child times its SQLite statements there (bench/lib/sql-timer.cjs).
  const sqlTimes = process.env.BENCH_SQL_TIMES ? ['--require', join(here, 'lib', 'sql-timer.cjs')] : [];
  // The child is node itself (not a shell or npm), so its pid is the server's and its VmRSS is the server's.
  const child = spawn(process.execPath, [...sqlTimes, ...nodeArgs, '--enable-source-maps', script, kind, database], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code} before listening`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  return { kind, pid: child.pid as number, url: `http://127.0.0.1:${port}`, child };
}

export async function stopServer(server: Server, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

/** Stops a server at once, queued requests and all. */
export const killServer = (server: Server) => stopServer(server, 'SIGKILL');

/**
 * Waits until the server has worked off what an ended run left behind: autocannon stops at its deadline, but
 * a server that is behind still answers the requests already sent (SQLite calls cannot be abandoned).
 */
export async function settle(server: Server): Promise<void> {
  const deadline = performance.now() + 300_000;
  for (let ok = 0; ok < 2 && performance.now() < deadline; ) {
    try {
      await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(120_000) }).then((r) => r.arrayBuffer());
      ok++;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

// ---------------------------------------------------------------------------------------------- load

/** One request of a load: a GET, or a POST with a JSON body. */
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  /** JSON text, sent with `content-type: application/json`. */
  body?: string;
}

/** The same request every time, or a function giving the next one (called for every request). */
export type RequestSource = BenchRequest | (() => BenchRequest);

const nextOf = (source: RequestSource) => (typeof source === 'function' ? source : () => source);

/** The requests in turn, round and round. */
export function rotateRequests(requests: readonly BenchRequest[]): () => BenchRequest {
  let i = 0;
  return () => requests[i++ % requests.length] as BenchRequest;
}

/** `connections` connections sending `source`'s requests to `url` for `seconds` seconds. */
export function loadRun(
  url: string,
  source: RequestSource,
  connections: number,
  seconds: number,
): Promise<AutocannonResult> {
  const next = nextOf(source);
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 120,
    requests: [
      {
        setupRequest: (request) => {
          const r = next();
          const headers =
            r.body === undefined ? request.headers : { ...request.headers, 'content-type': 'application/json' };
          return { ...request, method: r.method, path: r.path, headers, body: r.body };
        },
      },
    ],
  }) as Promise<AutocannonResult>;
}

/**
 * One request at a time: what a request costs without queueing (at least 3 requests, then until `ms` have passed
 * or 500 were sent). Any answer but 200 throws.
 */
export async function oneAtATime(
  url: string,
  source: RequestSource,
  ms = 3000,
): Promise<{ n: number; p50: number; p99: number }> {
  const next = nextOf(source);
  const times: number[] = [];
  const started = performance.now();
  while (times.length < 3 || (performance.now() - started < ms && times.length < 500)) {
    const r = next();
    const t0 = performance.now();
    const res = await fetch(`${url}${r.path}`, {
      method: r.method,
      ...(r.body === undefined ? {} : { body: r.body, headers: { 'content-type': 'application/json' } }),
      signal: AbortSignal.timeout(180_000),
    });
    const text = await res.text();
    if (res.status !== 200)
      throw new Error(`${r.method} ${r.path.slice(0, 60)} answered ${res.status}: ${text.slice(0, 300)}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { n: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** `count` anonymous visitor tokens of the storefront client that `public-config` names (minted before a run). */
export async function visitorTokens(url: string, count: number): Promise<string[]> {
  const config = (await (await fetch(`${url}/_api/merx/v1/public-config`)).json()) as { storefrontClientId?: string };
  if (!config.storefrontClientId) throw new Error('public-config names no storefront client');
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: config.storefrontClientId, grantType: 'anonymous' }),
    });
    if (!res.ok) throw new Error(`POST /oauth2/token answered ${res.status}: ${await res.text()}`);
    tokens.push(((await res.json()) as { access_token: string }).access_token);
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------- machine

/** VmRSS of a process, MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Busy and total jiffies of the whole machine (/proc/stat). */
function machineJiffies(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** utime + stime of a process and its threads, in jiffies. */
function processJiffies(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Clock ticks per second of the times in /proc/<pid>/stat (USER_HZ: 100 on Linux, asked of getconf once). */
let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * CPU time (user + system, all threads) a process has used since it started, in ms, at the kernel's resolution
 * (a tick, 10 ms); 0 once the process is gone.
 */
export function processCpuMs(pid: number): number {
  return (processJiffies(pid) * 1000) / ticksPerSecond();
}

/** Starts watching how much CPU processes other than `ours` use; the returned function gives it in cores. */
export function watchOtherLoad(ours: number[]): () => number {
  const cpus = os.availableParallelism();
  const m0 = machineJiffies();
  const p0 = ours.reduce((sum, pid) => sum + processJiffies(pid), 0);
  return () => {
    const m1 = machineJiffies();
    const p1 = ours.reduce((sum, pid) => sum + processJiffies(pid), 0);
    const elapsed = (m1.total - m0.total) / cpus;
    return elapsed > 0 ? Math.max(0, (m1.busy - m0.busy - (p1 - p0)) / elapsed) : 0;
  };
}

/** Date, commit, machine, Node and SQLite versions: the first lines of a bench's section. */
export function machineLines(revision: string): string[] {
  const cpu = /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? '?';
  const sqlite = (new Database(':memory:').prepare('select sqlite_version() as v').get() as { v: string }).v;
  return [
    `- Date: ${new Date().toISOString()}, code: ${revision} (at the start of the run)`,
    `- Machine: ${os.availableParallelism()} CPUs (nproc), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB memory, ${cpu}`,
    `- Node ${process.version}, SQLite ${sqlite} (better-sqlite3), ${os.type()} ${os.release()}`,
  ];
}

// ---------------------------------------------------------------------------------------------- report

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export const fmtRps = (n: number) => (n >= 10 ? Math.round(n).toLocaleString('en') : n.toFixed(1));
export const fmtMs = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '–' : n >= 100 ? n.toFixed(0) : n.toFixed(1);
export const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
export const yes = (ok: boolean) => (ok ? 'met' : '**not met**');

/**
 * Puts `section` (which starts with `markStart` and ends with `markEnd`) into `file` in place of the previous
 * one, or appends it; the rest of the file is kept as it is.
 */
export function writeSection(file: string, markStart: string, markEnd: string, section: string): void {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Merx benchmark results\n';
  const start = previous.indexOf(markStart);
  const end = previous.indexOf(markEnd);
  const next =
    start >= 0 && end > start
      ? `${previous.slice(0, start)}${section}${previous.slice(end + markEnd.length)}`
      : `${previous.trimEnd()}\n\n${section}\n`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, next);
}

/** A fresh database named `${prefix}_<time>` on the PostgreSQL server at `serverUrl`, or why there is none. */
export async function freshPostgres(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> } | { skipped: string }> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end().catch(() => {});
    return { skipped: `${new URL(serverUrl).host} not usable: ${error instanceof Error ? error.message : error}` };
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
