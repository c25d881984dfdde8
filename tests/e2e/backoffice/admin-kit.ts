/**
 * What the back office's browser journeys share: the back office (and the shop) built by Vite, a real Merx server
 * with the demo store on a loopback port whose public URL is its own (the hosted sign-in page sends the browser back
 * to /admin/callback), the owner account with a known password, staff accounts of any role, a Chromium, and
 * screenshots kept in tests/e2e/artifacts/backoffice/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { RichNode } from '@merx/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Config } from '../../../packages/server/src/config.js';
import { machineOwner } from '../../../packages/server/src/modules/staff/staff.rules.js';
import { commandLine } from '../../../packages/server/src/testing.js';
import {
  buildAppsOnce,
  CHROMIUM,
  launchChromium,
  ROOT,
  type ShopServer,
  startShopServer,
} from '../storefront/shop-kit.js';

export { browserSuite } from '../storefront/shop-kit.js';
export { CHROMIUM, launchChromium };

const HERE = dirname(fileURLToPath(import.meta.url));
export const ARTIFACTS = join(HERE, '..', 'artifacts', 'backoffice');
export const ADMIN_DIST = join(ROOT, 'apps', 'backoffice', 'dist');
export const OWNER = { email: 'owner@merx.test', password: 'owner password 1' };

/**
 * Builds the back office and the shop (which some journeys visit) with Vite, as `npm start` does, unless a build
 * newer than their sources is there: every journey file shares one build, made one at a time behind a lock.
 */
export function buildApps(): Promise<void> {
  return buildAppsOnce(['storefront', 'backoffice']);
}

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The JavaScript the back office's first page loads, from the build's manifest: the entry, the Home page's chunk and
 * what they import (every other section is its own chunk, fetched when opened), with its size gzipped.
 */
export function firstLoadJs(): { files: string[]; gzipBytes: number } {
  const manifest = JSON.parse(readFileSync(join(ADMIN_DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit('index.html');
  visit(Object.keys(manifest).find((k) => k.startsWith('src/features/home/')) ?? '');
  const gzipBytes = [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(ADMIN_DIST, f))).length, 0);
  return { files: [...files], gzipBytes };
}

export interface AdminServer extends ShopServer {
  /** Makes a staff account with a password (through an invitation, as a person would join). */
  addStaff(grant: { email: string; role: 'owner' | 'admin' | 'staff'; permissions?: string[] }): Promise<string>;
}

/**
 * The demo store with the owner account, on a loopback port. `overrides` changes settings of the server's
 * configuration (e.g. `fetchPrivateHosts`, for image URLs served by the test itself).
 */
export async function startAdminServer(overrides: Partial<Config> = {}): Promise<AdminServer> {
  const server = await startShopServer(overrides);
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

/** Every node of a rich-content document, depth first (journeys check what the editor stored). */
export const flattenRich = (nodes: RichNode[] = []): RichNode[] => nodes.flatMap((n) => [n, ...flattenRich(n.nodes)]);
