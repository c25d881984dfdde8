/**
 * What the storefront's browser journeys share: the shop built by Vite, a real Merx server with the demo store on
 * a loopback port whose public URL is its own (so the hosted sign-in page sends the browser back to it), a courier
 * with delivery slots beside the demo's delivery and pickup, tip settings, a Chromium, and screenshots kept as artifacts.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MerxDb } from '@merx/db';
import { createTestDb } from '@merx/db/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, onTestFailed } from 'vitest';
import { buildApp, type MerxApp } from '../../../packages/server/src/app.js';
import type { Config } from '../../../packages/server/src/config.js';
import { seedDemoStore } from '../../../packages/server/src/seed/seed-demo.js';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * `describe` for a file of browser journeys: skipped on a machine without Chromium, but a failure under CI=true, where
 * the journeys must run.
 */
export function browserSuite(): typeof describe | typeof describe.skip {
  if (existsSync(CHROMIUM)) return describe;
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM} is missing: CI must run the browser journeys`);
  return describe.skip;
}
const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(HERE, '..', '..', '..');
export const ARTIFACTS = join(HERE, '..', 'artifacts', 'storefront');
export const SHOP_DIST = join(ROOT, 'apps', 'storefront', 'dist');

type AppName = 'storefront' | 'backoffice';

/** The newest modification time under `dir` (files only), skipping build output and dependencies. */
function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when the app's build is older than its sources or the SDK and contract it bundles. */
function stale(app: AppName): boolean {
  const built = join(ROOT, 'apps', app, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = Math.max(
    newestIn(join(ROOT, 'apps', app)),
    newestIn(join(ROOT, 'packages', 'sdk', 'src')),
    newestIn(join(ROOT, 'packages', 'contract', 'src')),
  );
  return sources > statSync(built).mtimeMs;
}

/**
 * Builds each app with Vite unless a build newer than its sources is there. Journey files run in parallel and serve
 * these folders, so the builds happen one at a time behind a lock folder, and a fresh build is never redone under a
 * running journey.
 */
export async function buildAppsOnce(apps: AppName[]): Promise<void> {
  const lock = join(ROOT, 'apps', '.e2e-build-lock');
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another test file is building; a lock older than five minutes was left by a killed run.
      if (tries > 600 || Date.now() - statSync(lock).mtimeMs > 300_000) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    for (const app of apps) if (stale(app)) await viteBuild(app);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * One production build of an app into apps/<app>/dist, as `npm start`'s prestart does. Vite writes into a folder of
 * its own first, then each file is renamed into dist (atomic on one file system): a journey serving dist meanwhile
 * never reads a file half written, and the assets of the build it started with stay (their names are hashed).
 */
async function viteBuild(app: AppName): Promise<void> {
  const { build } = await import('vite');
  const dist = join(ROOT, 'apps', app, 'dist');
  const fresh = join(ROOT, 'apps', app, `.dist-${process.pid}`);
  // Vitest sets NODE_ENV=test, which would give React's development build (and JSX compiled for it).
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: join(ROOT, 'apps', app),
      configFile: join(ROOT, 'apps', app, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: fresh, emptyOutDir: true },
    });
    const moveInto = (from: string, to: string) => {
      mkdirSync(to, { recursive: true });
      for (const entry of readdirSync(from, { withFileTypes: true })) {
        if (entry.isDirectory()) moveInto(join(from, entry.name), join(to, entry.name));
        else renameSync(join(from, entry.name), join(to, entry.name));
      }
    };
    moveInto(fresh, dist);
  } finally {
    process.env.NODE_ENV = before;
    rmSync(fresh, { recursive: true, force: true });
  }
}

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

export interface ShopServer {
  app: MerxApp;
  merx: MerxDb;
  baseUrl: string;
  close(): Promise<void>;
  /** The newest mail of a kind sent to an address (verification codes). */
  latestMail(to: string, kind: string): Promise<string>;
}

/**
 * The demo store on a loopback port, its public URL that same origin, with shipping (slots, pickup) and tips.
 * `overrides` changes settings of the server's configuration (e.g. `fetchPrivateHosts`).
 */
export async function startShopServer(overrides: Partial<Config> = {}): Promise<ShopServer> {
  const merx = await createTestDb();
  const dataDir = join(tmpdir(), `merx-shop-e2e-${process.pid}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config: Config = {
    port,
    host: '127.0.0.1',
    databaseUrl: 'test',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    publicUrl: baseUrl,
    logLevel: 'silent',
    seedDemo: false,
    corsOrigins: [],
    mailFrom: 'Merx tests <no-reply@localhost>',
    ownerEmail: 'owner@merx.test',
    ...overrides,
  };
  const app = await buildApp({ config, merx, logger: false });
  // The demo as `npm start` loads it: the courier with delivery windows, tips, the coupon and the rule included.
  await seedDemoStore(app.services, config.mediaDir, { showcase: true });
  await app.app.listen({ port, host: '127.0.0.1' });

  return {
    app,
    merx,
    baseUrl,
    async close() {
      await app.app.close();
      await merx.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async latestMail(to, kind) {
      const row = await merx.db
        .selectFrom('mail_messages')
        .select('text_body')
        .where('to_address', '=', to)
        .where('kind', '=', kind)
        .orderBy('created_date', 'desc')
        .executeTakeFirstOrThrow();
      return row.text_body;
    },
  };
}

/** Debian's Chromium, headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh profile with a page that records script errors and failed requests other than expected 4xx answers. */
export async function newShopper(
  browser: Browser,
  problems: string[],
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return { context, page };
}

/** A full-page screenshot in tests/e2e/artifacts/storefront/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The shop journeys of one test file: a Merx server with the demo store, a Chromium, and its shoppers. */
export interface ShopJourney {
  /** The server (set once the file's `beforeAll` has run). */
  readonly server: ShopServer;
  /** Script errors and failed requests seen by the file's shoppers (journeys expect it empty). */
  readonly problems: string[];
  /**
   * A new shopper's page, in a fresh profile closed after the file; a test that fails leaves a screenshot of where
   * the page stood (`failed-<prefix><test name>.png`).
   */
  shopper(viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * Sets up a file's shop journeys in the calling suite: builds the shop when stale, starts the server, runs `setup`
 * on it, launches Chromium, and closes all of it after the file.
 */
export function shopJourney(
  options: { setup?: (server: ShopServer) => Promise<void>; timeout?: number; failedPrefix?: string } = {},
): ShopJourney {
  let server: ShopServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  beforeAll(async () => {
    await buildAppsOnce(['storefront']);
    server = await startShopServer();
    browser = await launchChromium();
    await options.setup?.(server);
  }, options.timeout ?? 120_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('The shop server starts in beforeAll');
      return server;
    },
    problems,
    async shopper(viewport) {
      if (!browser) throw new Error('Chromium starts in beforeAll');
      const { context, page } = await newShopper(browser, problems, viewport);
      contexts.push(context);
      onTestFailed(async ({ task }) => {
        const name = `failed-${options.failedPrefix ?? ''}${task.name.slice(0, 40).replace(/\W+/g, '-')}`;
        await shot(page, name).catch(() => undefined);
      });
      return page;
    },
  };
}
