/**
 * The catalog pages ask the server: on the demo store "hoodies" finds the Harbor Fleece Hoodie and "Featured" (the
 * merchant's order) differs from "Newest"; with a few thousand generated products more, "Shop all" counts every
 * product and a search counts every match, as the API and the catalog itself do; on a phone the filters stay
 * folded behind a "Filters" button. Screenshots land in tests/e2e/artifacts/storefront/. Skipped when Chromium is
 * not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import { searchableText } from '@merx/db';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { seedLargeCatalog } from '../../../packages/server/src/seed/large-catalog.js';
import {
  browserSuite,
  buildAppsOnce,
  launchChromium,
  newShopper,
  type ShopServer,
  shot,
  startShopServer,
} from './shop-kit.js';

const suite = browserSuite();
const GENERATED = 3000;

/** The product count the listing shows ("3,024 products"), as a number. */
async function shownCount(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /\d+ products?/ });
  await status.waitFor();
  const text = (await status.textContent()) ?? '';
  return Number(text.replace(/ products?.*/, '').replaceAll(',', ''));
}

const cardNames = (page: Page) => page.locator('.catalog__results .grid .card__name').allTextContents();

suite('catalog search in Chromium', () => {
  let server: ShopServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  async function shopper(viewport?: { width: number; height: number }) {
    const s = await newShopper(browser, problems, viewport);
    contexts.push(s.context);
    return s.page;
  }

  /** What the products API answers for a search (the count the storefront must show). */
  async function apiTotal(search: string | undefined): Promise<number> {
    const payload = { query: { paging: { limit: 1 } }, ...(search ? { search: { expression: search } } : {}) };
    const r = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const res = await fetch(`${server.baseUrl}/stores-reader/v1/products/query-platformized?.r=${r}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { metadata: { total: number } }).metadata.total;
  }

  beforeAll(async () => {
    await buildAppsOnce(['storefront']);
    server = await startShopServer();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  it('finds the hoodie by "hoodies" and orders Featured apart from Newest on the demo store', async () => {
    const page = await shopper();
    onTestFailed(async () => {
      await shot(page, 'failed-search-demo').catch(() => undefined);
    });
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('searchbox', { name: /search/i }).fill('hoodies');
    await page.getByRole('searchbox', { name: /search/i }).press('Enter');
    await page.getByRole('heading', { name: 'Search: hoodies', level: 1 }).waitFor();
    expect(await shownCount(page)).toBe(await apiTotal('hoodies'));
    await expect.poll(() => cardNames(page)).toContain('Harbor Fleece Hoodie');
    await shot(page, 'search-hoodies-desktop');

    await page.goto(`${server.baseUrl}/shop`);
    expect(await page.locator('#sort').inputValue()).toBe('featured');
    await shownCount(page);
    const featured = await cardNames(page);
    await page.locator('#sort').selectOption('newest');
    await page.waitForURL(/sort=newest/);
    await expect.poll(async () => (await cardNames(page)).join('|')).not.toBe(featured.join('|'));
    const newest = await cardNames(page);
    expect(newest.length).toBeGreaterThan(1);
    expect(newest).not.toEqual(featured);
    await shot(page, 'shop-newest-desktop');
  }, 150_000);

  it('counts every product and every match of a search on a store with thousands of products', async () => {
    await seedLargeCatalog(server.merx, { products: GENERATED, collections: 6, seed: 11 });
    // What the catalog holds, read from its rows: every visible product, and those whose text has the word.
    const rows = await server.merx.db
      .selectFrom('products')
      .select(['name', 'description', 'brand', 'sku'])
      .where('visible', '=', 1)
      .execute();
    const all = rows.length;
    expect(all).toBeGreaterThan(GENERATED * 0.9);
    expect(await apiTotal(undefined)).toBe(all);
    const linen = rows.filter((r) =>
      /\blinen\b/.test(`${searchableText(r.name)} ${searchableText(r.description, r.brand, r.sku)}`),
    );
    expect(linen.length).toBeGreaterThan(100);
    expect(await apiTotal('linen')).toBe(linen.length);

    const page = await shopper();
    onTestFailed(async () => {
      await shot(page, 'failed-search-large').catch(() => undefined);
    });
    await page.goto(`${server.baseUrl}/shop`);
    expect(await shownCount(page)).toBe(all);
    await page.getByText(`Page 1 of ${Math.ceil(all / 12)}`).waitFor();
    await shot(page, 'shop-all-large-desktop');

    await page.goto(`${server.baseUrl}/shop?q=linen`);
    expect(await shownCount(page)).toBe(linen.length);
    const names = await cardNames(page);
    expect(names).toHaveLength(12);
    for (const name of names) expect(name.toLowerCase()).toMatch(/linen/);
    // The last page holds the rest of the matches.
    const last = Math.ceil(linen.length / 12);
    await page.goto(`${server.baseUrl}/shop?q=linen&page=${last}`);
    await page.getByText(`Page ${last} of ${last}`).waitFor();
    expect(await cardNames(page)).toHaveLength(linen.length - (last - 1) * 12);
    await shot(page, 'search-linen-last-page-desktop');
    expect(problems).toEqual([]);
  }, 180_000);

  it('keeps the filters folded behind a "Filters" button on a phone, and beside the grid on a desktop', async () => {
    const phone = await shopper({ width: 390, height: 844 });
    await phone.goto(`${server.baseUrl}/shop`);
    await shownCount(phone);
    const toggle = phone.getByRole('button', { name: /^Filters/ });
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await phone.getByLabel('In stock only').isVisible()).toBe(false);
    // The first products show within the first screen.
    const firstCard = phone.locator('.catalog__results .grid > li').first();
    expect((await firstCard.boundingBox())?.y ?? 9999).toBeLessThan(844);
    await shot(phone, 'shop-filters-folded-phone');
    await toggle.click();
    await phone.getByLabel('In stock only').waitFor();
    await phone.getByLabel('In stock only').check();
    await phone.waitForURL(/stock=1/);
    await phone.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await shot(phone, 'shop-filters-open-phone');
    const axe = await new AxeBuilder({ page: phone }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    const desktop = await shopper();
    await desktop.goto(`${server.baseUrl}/shop`);
    await shownCount(desktop);
    expect(await desktop.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false);
    expect(await desktop.getByLabel('In stock only').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  }, 150_000);
});
