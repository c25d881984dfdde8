/**
 * What the back office's browser journeys share: the back office (and the shop) built by Vite, a real Merx server
 * with the demo store on a loopback port whose public URL is its own (the hosted sign-in page sends the browser back
 * to /admin/callback), the owner account with a known password, staff accounts of any role, a Chromium, and
 * screenshots kept in tests/e2e/artifacts/backoffice/.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { machineOwner } from '../../../packages/server/src/modules/staff/staff.rules.js';
import { commandLine } from '../../../packages/server/src/testing.js';
import { buildShop, CHROMIUM, launchChromium, ROOT, type ShopServer, startShopServer } from '../storefront/shop-kit.js';

export { CHROMIUM, launchChromium };

const HERE = dirname(fileURLToPath(import.meta.url));
export const ARTIFACTS = join(HERE, '..', 'artifacts', 'backoffice');
export const ADMIN_DIST = join(ROOT, 'apps', 'backoffice', 'dist');
export const OWNER = { email: 'owner@merx.test', password: 'owner password 1' };

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
function stale(app: 'storefront' | 'backoffice'): boolean {
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
 * Builds the back office (and the shop, which some journeys visit) with Vite, as `npm start` does, unless a build
 * newer than their sources is there: the journeys' files share one build (one at a time, behind a lock folder).
 */
export async function buildApps(): Promise<void> {
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
    if (stale('storefront')) await buildShop();
    if (stale('backoffice')) {
      const { build } = await import('vite');
      const before = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        await build({
          root: join(ROOT, 'apps', 'backoffice'),
          configFile: join(ROOT, 'apps', 'backoffice', 'vite.config.ts'),
          mode: 'production',
          logLevel: 'warn',
        });
      } finally {
        process.env.NODE_ENV = before;
      }
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface AdminServer extends ShopServer {
  /** Makes a staff account with a password (through an invitation, as a person would join). */
  addStaff(grant: { email: string; role: 'owner' | 'admin' | 'staff'; permissions?: string[] }): Promise<string>;
}

/** The demo store with the owner account, on a loopback port. */
export async function startAdminServer(): Promise<AdminServer> {
  const server = await startShopServer();
  await server.app.services.staff.ensureOwner(OWNER.email, OWNER.password);
  return {
    ...server,
    async addStaff(grant) {
      const password = `${grant.role} password 1`;
      const { url } = await server.app.services.staff.invite(machineOwner, grant, commandLine);
      const token = new URL(url).searchParams.get('token') as string;
      await server.app.services.staff.acceptInvitation(token, password, { firstName: 'Sam', lastName: 'Staff' });
      return password;
    },
  };
}

/** A fresh browser profile whose page records script errors (expected 4xx answers aside). */
export async function newStaffPage(
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

/**
 * Opens `path` of the back office (e.g. `/admin/orders`): without a sign-in it leads to the hosted page, where the
 * person signs in, and back to the same path.
 */
export async function signIn(page: Page, baseUrl: string, path: string, who = OWNER): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Email').waitFor();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const want = (path.split('?')[0] ?? path).replace(/\/$/, '');
  await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === want);
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

/** A full-page screenshot in tests/e2e/artifacts/backoffice/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}
