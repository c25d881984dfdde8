/**
 * Shop polish of issue 18 in Chromium: the back-in-stock button of a sold-out choice neither reloads nor submits
 * the product form (item 9); the cart and checkout show the chosen colour's picture (item 10); on a phone the
 * sections open from a menu button (item 12); "Create an account" opens the hosted sign-up form in the shop's look
 * and "Sign in" the sign-in form (item 15). Screenshots land in tests/e2e/artifacts/storefront/.
 */
process.env.MERX_ARGON2_FAST = '1';

import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, onTestFailed } from 'vitest';
import {
  ARTIFACTS,
  browserSuite,
  buildAppsOnce,
  launchChromium,
  newShopper,
  type ShopServer,
  shot,
  startShopServer,
} from './shop-kit.js';

const suite = browserSuite();

/** What the phone's screen shows (the kit's shots are whole pages). */
const view = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`) }).then(() => undefined);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

suite('shop polish in Chromium', () => {
  let server: ShopServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    await buildAppsOnce(['storefront']);
    server = await startShopServer();
    browser = await launchChromium();
  }, 180_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    problems.length = 0;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function shopper(name: string, viewport = DESKTOP): Promise<Page> {
    const { context, page } = await newShopper(browser, problems, viewport);
    contexts.push(context);
    onTestFailed(async () => {
      await shot(page, `failed-polish-${name}`).catch(() => undefined);
    });
    return page;
  }

  it('says back-in-stock alerts are coming, without reloading or losing the chosen options', async () => {
    const page = await shopper('back-in-stock');
    await page.goto(`${server.baseUrl}/product-page/harbor-fleece-hoodie`);
    await page.getByRole('heading', { name: 'Harbor Fleece Hoodie', level: 1 }).waitFor();
    await page.getByLabel('Size').selectOption('S');
    await page.getByRole('radio', { name: /^Rust/ }).check();
    const notify = page.getByRole('button', { name: 'Notify me when back in stock' });
    await notify.waitFor();
    expect(await notify.getAttribute('aria-expanded')).toBe('false');
    // A reload or a submit of the product form would lose the choices: mark the page to see that it stays.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const url = page.url();
    await notify.click();
    await page.getByText('Back-in-stock alerts are coming soon to this store.').waitFor();
    expect(await notify.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.product form form, .product form input[type="email"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(page.url()).toBe(url);
    expect(await page.getByLabel('Size').inputValue()).toBe('S');
    expect(await page.getByRole('radio', { name: /^Rust/ }).isChecked()).toBe(true);
    await shot(page, 'polish-01-back-in-stock');
    expect(problems).toEqual([]);
  });

  it('shows the chosen colour’s picture in the cart and at checkout', async () => {
    const page = await shopper('variant-image');
    await page.goto(`${server.baseUrl}/product-page/harbor-fleece-hoodie`);
    await page.getByRole('heading', { name: 'Harbor Fleece Hoodie', level: 1 }).waitFor();
    await page.getByLabel('Size').selectOption('M');
    await page.getByRole('radio', { name: /^Forest/ }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: /Your cart/ });
    await drawer.getByRole('link', { name: 'Harbor Fleece Hoodie' }).waitFor();
    await drawer.getByRole('button', { name: 'Close cart' }).click();
    await page.goto(`${server.baseUrl}/cart`);
    const cartImage = page.locator('img.cart-line__image').first();
    await cartImage.waitFor();
    expect(await cartImage.getAttribute('src')).toMatch(/forest/);
    await shot(page, 'polish-02-cart-forest-hoodie');
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\?checkoutId=/);
    const summaryImage = page.locator('img[src*="harbor-fleece-hoodie"]').first();
    await summaryImage.waitFor({ state: 'attached' });
    expect(await summaryImage.getAttribute('src')).toMatch(/forest/);
    await shot(page, 'polish-03-checkout-forest-hoodie');
    expect(problems).toEqual([]);
  });

  it('opens the sections from a menu button on a phone, and closes it with Escape', async () => {
    const page = await shopper('phone-menu', PHONE);
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { name: 'Well-made things for everyday life' }).waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    await shot(page, 'polish-04-phone-menu-closed');
    await view(page, 'polish-04-phone-menu-closed-screen');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const accessories = nav.getByRole('link', { name: 'Accessories' });
    await accessories.waitFor();
    // Every section fits: none is cut at the edge of the screen.
    const box = await accessories.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Shop all');
    await view(page, 'polish-05-phone-menu-open-screen');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('header__menu-button');
    await menu.click();
    await accessories.click();
    await page.getByRole('heading', { name: 'Accessories', level: 1 }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });

  it('keeps the sections in the header on a desktop, with no menu button', async () => {
    const page = await shopper('desktop-menu');
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { name: 'Well-made things for everyday life' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accessories' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('fits a phone screen on every page of a purchase: nothing scrolls sideways', async () => {
    const page = await shopper('phone-width', PHONE);
    await page.goto(`${server.baseUrl}/product-page/camp-enamel-mug`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page
      .getByRole('dialog', { name: /Your cart/ })
      .getByRole('link', { name: 'Camp Enamel Mug' })
      .waitFor();
    const wide: string[] = [];
    const pages: Array<[string, () => Promise<void>]> = [
      ['/', () => page.getByRole('heading', { name: 'Well-made things for everyday life' }).waitFor()],
      ['/shop', () => page.locator('.grid .card').first().waitFor()],
      ['/product-page/camp-enamel-mug', () => page.getByRole('button', { name: 'Add to cart' }).waitFor()],
      ['/cart', () => page.getByRole('heading', { name: 'Order summary' }).waitFor()],
      ['/account', () => page.getByRole('heading', { name: 'Your account' }).waitFor()],
    ];
    for (const [path, ready] of pages) {
      await page.goto(`${server.baseUrl}${path}`);
      await ready();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) wide.push(`${path}: ${width}px`);
    }
    await page.goto(`${server.baseUrl}/cart`);
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.getByLabel('Email').waitFor();
    const checkout = await page.evaluate(() => document.documentElement.scrollWidth);
    if (checkout > PHONE.width) wide.push(`/checkout: ${checkout}px`);
    await view(page, 'polish-phone-checkout-width');
    expect(wide).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`opens sign-up from "Create an account" and sign-in from "Sign in", in the shop's look (${device})`, async () => {
      const page = await shopper(`hosted-${device}`, viewport);
      await page.goto(`${server.baseUrl}/account`);
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.waitForURL(/\/auth\/session\/[^/]+\/sign-up$/);
      await page.getByRole('button', { name: 'Create account' }).waitFor();
      // The store's logo and name lead back to the shop; buttons wear the shop's green.
      const home = page.locator('header.brand a[href="/"]');
      expect(await home.textContent()).toContain('Wildmere Supply Co.');
      expect(await home.locator('img').getAttribute('src')).toBe('/media/demo/logo.svg');
      const green = await page
        .getByRole('button', { name: 'Create account' })
        .evaluate((b) => getComputedStyle(b).backgroundColor);
      expect(green).toBe('rgb(21, 94, 75)');
      await view(page, `polish-06-hosted-sign-up-${device}`);

      await page.goto(server.baseUrl);
      await page.getByRole('heading', { name: 'Well-made things for everyday life' }).waitFor();
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL(/\/auth\/session\/[^/]+$/);
      await page
        .getByRole('heading', { level: 1 })
        .filter({ hasText: /sign in/i })
        .waitFor();
      await view(page, `polish-07-hosted-sign-in-${device}`);
      expect(problems).toEqual([]);
    }, 60_000);
  }
});
