/**
 * Pickup is the shopper's choice, never the address's: on the demo store (free pickup in New York, paid delivery to
 * the US, New York state tax only) a California shopper's estimate and checkout charge a delivery option and the
 * destination's tax, and pickup, with New York's tax, only once the shopper picks it. Screenshots land in
 * tests/e2e/artifacts/storefront/. Skipped when Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
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

/** The text of a row of a totals list (`Shipping`, `Tax`, …) inside `scope`. */
const totalsRow = (page: Page, scope: string, label: string) =>
  page
    .locator(`${scope} .totals div`)
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

suite('pickup in Chromium', () => {
  let server: ShopServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const problems: string[] = [];

  beforeAll(async () => {
    await buildAppsOnce(['storefront']);
    server = await startShopServer();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('delivers to a California address with its tax, and picks up in New York only when chosen', async () => {
    const shopper = await newShopper(browser, problems);
    context = shopper.context;
    const page = shopper.page;
    onTestFailed(async () => {
      await shot(page, 'failed-pickup-choice').catch(() => undefined);
    });

    await page.goto(`${server.baseUrl}/product-page/camp-enamel-mug`);
    await page.getByRole('heading', { name: 'Camp Enamel Mug', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page
      .getByRole('dialog', { name: /Your cart/ })
      .getByRole('link', { name: 'Camp Enamel Mug' })
      .waitFor();

    // The cart's estimate for Cupertino: the cheapest delivery ($6) and no New York tax.
    await page.goto(`${server.baseUrl}/cart`);
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Postal code').fill('95014');
    await page.getByRole('button', { name: 'Estimate' }).click();
    await expect.poll(() => totalsRow(page, '.summary', 'Shipping').textContent()).toBe('$6.00');
    // No tax: the row is left out (zero rows show only for the subtotal, the total and a chosen delivery).
    await expect.poll(() => totalsRow(page, '.summary', 'Tax').count()).toBe(0);
    await shot(page, '20-cart-estimate-california');

    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\?checkoutId=/);
    await page.getByLabel('Email').fill('cal@example.com');
    await page.getByRole('button', { name: 'Continue to delivery' }).click();
    await page.getByLabel('First name').fill('Cal');
    await page.getByLabel('Last name').fill('Ortiz');
    await page.getByLabel('Street address').fill('1 Infinite Loop');
    await page.getByLabel('City').fill('Cupertino');
    await page.getByLabel('State or region (optional)').fill('CA');
    await page.getByLabel('Postal code').fill('95014');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('1 Infinite Loop, Cupertino, CA 95014').waitFor();

    // A delivery option is charged, not the pickup; the tax is California's (none in the demo), not New York's.
    const pickup = page.getByRole('radio', { name: /Pickup: Pick up at the shop/ });
    await pickup.waitFor();
    await expect.poll(() => page.locator('.option-card--on .option-card__title').textContent()).not.toMatch(/Pickup/);
    expect(await pickup.isChecked()).toBe(false);
    await expect.poll(() => totalsRow(page, '.checkout-summary', 'Shipping').textContent()).toBe('$6.00');
    expect(await totalsRow(page, '.checkout-summary', 'Tax').count()).toBe(0);
    await shot(page, '21-checkout-california-delivery');

    // Choosing pickup charges it, and the shop's New York tax with it.
    await pickup.check();
    await expect.poll(() => pickup.isChecked()).toBe(true);
    await expect.poll(() => totalsRow(page, '.checkout-summary', 'Shipping').textContent()).toBe('Free');
    await expect.poll(() => totalsRow(page, '.checkout-summary', 'Tax').textContent()).not.toBe('$0.00');
    await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
    await shot(page, '22-checkout-california-pickup');
    expect(problems).toEqual([]);
  }, 90_000);
});
