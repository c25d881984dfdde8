/**
 * The back office's frame in a real Chromium against a real server: the owner signs in through the hosted page and
 * lands where they were going; deep links survive a reload; an ended sign-in returns to sign-in and back; a staff
 * member with a limited role does not see what they may not do and the server refuses it anyway; API keys are made
 * (shown once) and revoked behind a confirmation; the pages pass axe and work on a phone. Screenshots in
 * tests/e2e/artifacts/backoffice/. Skipped when Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import {
  type AdminServer,
  browserSuite,
  buildApps,
  firstLoadJs,
  launchChromium,
  newStaffPage,
  shot,
  signIn,
  startAdminServer,
} from './admin-kit.js';

/** The budget of the back office's first-load JavaScript (the shell and Home), gzipped. */
const FIRST_LOAD_BUDGET = 250 * 1024;

const suite = browserSuite();

suite('the back office in Chromium', () => {
  let server: AdminServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    await buildApps();
    server = await startAdminServer();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  async function staffPage(viewport?: { width: number; height: number }): Promise<Page> {
    const { context, page } = await newStaffPage(browser, problems, viewport);
    contexts.push(context);
    onTestFailed(async ({ task }) => {
      await shot(page, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
    });
    return page;
  }

  it('signs the owner in through the hosted page and lands on the page asked for, which survives a reload', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/settings/api-keys');
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await shot(page, '01-api-keys-after-sign-in');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await shot(page, '02-home');
    expect(problems).toEqual([]);
  });

  it('makes an API key, shows it once, and revokes it after asking', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/settings/api-keys');
    await page.getByRole('button', { name: 'Create API key' }).first().click();
    await page.getByLabel('Name').fill('Warehouse sync');
    await page.getByRole('checkbox', { name: /orders:read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.locator('.secret code').textContent();
    expect(secret).toMatch(/^merx_sk_/);
    await shot(page, '03-api-key-shown-once');
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: /Warehouse sync/ });
    await row.getByText('orders:read').waitFor();
    expect(await page.content()).not.toContain(secret as string);
    // The key works, with what it was given.
    const res = await fetch(`${server.baseUrl}/ecom/v1/abandoned-checkout/query`, {
      method: 'POST',
      headers: { authorization: secret as string, 'content-type': 'application/json' },
      body: '{"query":{}}',
    });
    expect(res.status).toBe(200);
    await row.getByRole('button', { name: /Revoke/ }).click();
    const dialog = page.getByRole('dialog', { name: /Revoke “Warehouse sync”/ });
    await dialog.waitFor();
    await shot(page, '04-revoke-confirmation');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await row.getByText('Revoked').waitFor();
    const after = await fetch(`${server.baseUrl}/ecom/v1/abandoned-checkout/query`, {
      method: 'POST',
      headers: { authorization: secret as string, 'content-type': 'application/json' },
      body: '{"query":{}}',
    });
    expect(after.status).toBe(401);
    expect(problems).toEqual([]);
  });

  it('hides what a limited role may not do, and the server still refuses it', async () => {
    const email = 'limited@staff.test';
    const password = await server.addStaff({ email, role: 'staff', permissions: ['orders:read'] });
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/', { email, password });
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    expect(await nav.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    await shot(page, '05-limited-role-nav');
    await page.goto(`${server.baseUrl}/admin/settings/api-keys`);
    await page
      .getByText(/permission/)
      .first()
      .waitFor();
    await shot(page, '06-limited-role-refused');
  });

  it('sends an ended sign-in to the hosted page and back to the same page', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/settings/api-keys');
    // The sign-in ends elsewhere (a password change, a role change): every refresh token of the owner is revoked.
    const owner = (await server.app.services.staff.list()).find((s) => s.role === 'owner');
    await server.app.services.tokens.revokeAllOf(server.merx.db, owner?.id as string);
    await page.reload();
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Email').fill('owner@merx.test');
    await page.getByLabel('Password', { exact: true }).fill('owner password 1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/settings/api-keys');
    await page.getByRole('navigation', { name: 'Back office' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
  });

  it('works on a phone: the menu opens and closes, the page reads', async () => {
    const page = await staffPage({ width: 390, height: 844 });
    await signIn(page, server.baseUrl, '/admin/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await shot(page, '07-phone');
  });

  it('keeps the first-load JavaScript under 250 KB gzipped (every section is its own chunk)', () => {
    const { files, gzipBytes: size } = firstLoadJs();
    expect(files.length).toBeGreaterThan(1);
    expect(size).toBeLessThan(FIRST_LOAD_BUDGET);
  });

  it('has no serious or critical axe violations', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/');
    for (const path of ['/admin/', '/admin/settings/api-keys']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    }
  });
});
