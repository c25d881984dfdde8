/**
 * Issue 19's proof: a shop of our own (tests/wix-shop), written only against the public `@wix/sdk`, `@wix/stores`,
 * `@wix/ecom` and `@wix/redirects` packages the way headless Wix storefronts are, served on an origin of its own and
 * pointed at a real Merx with the demo store. In Chromium a visitor browses, chooses options, fills and edits the
 * cart, checks out through a redirect session on Merx's hosted checkout, pays with the test card and comes back to
 * the shop's thank-you page; the merchant then finds the order. Screenshots land in tests/e2e/artifacts/storefront/
 * as wix-shop-*.png. Skipped without Chromium (a failure under CI=true).
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
} from '../storefront/shop-kit.js';
import { buildWixShop, serveWixShop, type WixShopServer } from './wix-shop-kit.js';

const suite = browserSuite();

interface WireOrder {
  id: string;
  number: string;
  paymentStatus: string;
  buyerInfo?: { email?: string };
  lineItems: Array<{
    productName: { original: string };
    quantity: number;
    descriptionLines?: Array<{
      name?: { original?: string };
      plainText?: { original?: string };
      colorInfo?: { original?: string };
    }>;
  }>;
}

suite('a headless shop written for the @wix/* packages, against Merx', () => {
  let merx: ShopServer;
  let shop: WixShopServer;
  let browser: Browser;
  let apiKey: string;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    await buildAppsOnce(['storefront']);
    await buildWixShop();
    merx = await startShopServer();
    shop = await serveWixShop(merx.baseUrl);
    apiKey = (await merx.app.services.apiKeys.create({ name: 'Corner Shop journey' })).key;
    // The merchant registers the shop as an OAuth client; its origin is where Merx may send buyers back.
    const res = await fetch(`${merx.baseUrl}/_api/merx/v1/oauth-clients`, {
      method: 'POST',
      headers: { authorization: apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        client: {
          name: 'Corner Shop',
          redirectUris: [`${shop.origin}/`, `${shop.origin}/thank-you`, `${shop.origin}/cart`],
          allowedOrigins: [shop.origin],
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    shop.setClientId(((await res.json()) as { client: { id: string } }).client.id);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await shop?.close();
    await merx?.close();
  });

  /** A fresh visitor; every request the page makes is kept, and one to Wix's own servers is a problem. */
  async function visitor(viewport?: { width: number; height: number }): Promise<{ page: Page; calls: URL[] }> {
    const { context, page } = await newShopper(browser, problems, viewport);
    contexts.push(context);
    const calls: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.hostname.endsWith('wixapis.com') || url.hostname.endsWith('wixstatic.com'))
        problems.push(`left for Wix: ${r.url()}`);
      calls.push(url);
    });
    onTestFailed(async ({ task }) => {
      await shot(page, `wix-shop-failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}`).catch(() => undefined);
    });
    return { page, calls };
  }

  /** What the merchant sees of an order, read with the owner's key. */
  async function merchantOrder(id: string): Promise<WireOrder> {
    const res = await fetch(`${merx.baseUrl}/ecom/v1/orders/${id}?id=${id}`, { headers: { authorization: apiKey } });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { order: WireOrder }).order;
  }

  /** Merx's hosted checkout, from contact details to the test card, with the delivery option named. */
  async function payOnMerx(page: Page, email: string, option: RegExp, shotPrefix: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue to delivery' }).click();
    await page.getByLabel('First name').fill('Dee');
    await page.getByLabel('Last name').fill('Ortiz');
    await page.getByLabel('Street address').fill('350 5th Ave');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State or region (optional)').fill('NY');
    await page.getByLabel('Postal code').fill('10118');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('350 5th Ave, New York, NY 10118').waitFor();
    await page.getByRole('radio', { name: option }).check();
    await expect.poll(() => page.getByRole('radio', { name: option }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('Name on card').fill('Dee Ortiz');
    await shot(page, `${shotPrefix}-merx-payment`);
    await page.getByRole('button', { name: /Place order/ }).click();
  }

  const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items$/ });

  it('browses, chooses options, edits the cart, checks out on Merx and comes back to the thank-you page', async () => {
    const { page, calls } = await visitor();
    await page.goto(shop.origin);
    await page.getByRole('heading', { name: 'Corner Shop', level: 1 }).waitFor();
    // Catalog images are their URLs on Merx, and they load.
    const thumb = page.locator('.grid .card img').first();
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toMatch(new RegExp(`^${merx.baseUrl}/media/`));
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'wix-shop-01-home');

    await page.getByRole('link', { name: 'Apparel' }).click();
    await page.waitForURL(`${shop.origin}/collections/apparel`);
    await page.getByRole('heading', { name: 'Apparel', level: 1 }).waitFor();
    await shot(page, 'wix-shop-02-collection');
    await page.getByRole('link', { name: /Everyday Organic Tee/ }).click();

    await page.waitForURL(`${shop.origin}/products/everyday-organic-tee`);
    await page.getByRole('heading', { name: 'Everyday Organic Tee', level: 1 }).waitFor();
    const price = page.getByTestId('price');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose size and color first' }).waitFor();
    // The variant's own price: XL costs more than the others.
    await page.getByLabel('Size').selectOption('XL');
    await page.getByRole('radio', { name: 'Oat' }).check();
    await expect.poll(() => price.textContent()).toBe('$30.00');
    await page.getByLabel('Size').selectOption('M');
    await expect.poll(() => price.textContent()).toBe('$28.00');
    await page.getByLabel('Size').selectOption('XL');
    await expect.poll(() => price.textContent()).toBe('$30.00');
    await shot(page, 'wix-shop-03-product-options');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 1 × Everyday Organic Tee to your cart' }).waitFor();
    await expect.poll(() => cartLink(page).textContent()).toBe('Cart (1)');

    await page.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(`${shop.origin}/cart`);
    const lines = page.getByTestId('cart-line');
    await lines.getByText('Size: XL · Color: Oat').waitFor();
    // The cart's image is a Wix media id: media.getImageUrl's static.wixstatic.com address, shown from Merx.
    const lineImage = lines.locator('img');
    expect(await lineImage.getAttribute('src')).toBe(`${merx.baseUrl}/media/demo~everyday-organic-tee-oat.svg`);
    await expect.poll(() => lineImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('subtotal').textContent()).toBe('$30.00');
    await page.getByRole('button', { name: 'More Everyday Organic Tee' }).click();
    await expect.poll(() => page.getByLabel('Quantity of Everyday Organic Tee').textContent()).toBe('2');
    await expect.poll(() => page.getByTestId('subtotal').textContent()).toBe('$60.00');
    await expect.poll(() => cartLink(page).textContent()).toBe('Cart (2)');
    await shot(page, 'wix-shop-04-cart-quantity');
    await page.getByRole('button', { name: 'Remove Everyday Organic Tee' }).click();
    await page.getByText('Your cart is empty.').waitFor();
    await expect.poll(() => cartLink(page).textContent()).toBe('Cart (0)');

    // Again, other options and two at once.
    await page.goBack();
    await page.waitForURL(`${shop.origin}/products/everyday-organic-tee`);
    await page.getByLabel('Size').selectOption('L');
    await page.getByRole('radio', { name: 'Navy' }).check();
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 2 × Everyday Organic Tee' }).waitFor();
    await cartLink(page).click();
    await lines.getByText('Size: L · Color: Navy').waitFor();
    expect(await lines.count()).toBe(1);
    await expect.poll(() => page.getByTestId('subtotal').textContent()).toBe('$56.00');
    await shot(page, 'wix-shop-05-cart');

    // The redirect session's URL: Merx's own checkout page for this checkout (the page then drops the session from
    // the address, so the address is read from the navigation itself).
    const toMerx = page.waitForRequest(
      (r) => r.isNavigationRequest() && new URL(r.url()).origin === merx.baseUrl && r.url().includes('/checkout?'),
    );
    await page.getByRole('button', { name: 'Checkout' }).click();
    const landed = new URL((await toMerx).url());
    expect(landed.pathname).toBe('/checkout');
    expect(landed.searchParams.get('checkoutId')).toBeTruthy();
    expect(landed.searchParams.get('redirectSessionId')).toBeTruthy();
    // Every API call of the shop went to Merx, through the SDK's paths.
    const paths = calls.filter((u) => u.origin === merx.baseUrl).map((u) => u.pathname);
    // One visitor throughout: tokens once, then kept (calls racing with no tokens would each make a visitor).
    expect(paths.filter((p) => p === '/oauth2/token')).toHaveLength(1);
    expect(paths.some((p) => p.startsWith('/stores-reader/v1/products/query'))).toBe(true);
    expect(paths).toContain('/ecom/v1/carts/current/add-to-cart');
    expect(paths).toContain('/ecom/v1/carts/current/create-checkout');
    expect(paths.some((p) => p.endsWith('/redirect-session'))).toBe(true);

    await page.locator('.checkout-summary').getByText('Size: L · Color: Navy').waitFor();
    // The way back to the shop's cart is the cart page the redirect session named.
    expect(await page.getByRole('link', { name: 'Back to the cart' }).getAttribute('href')).toBe(`${shop.origin}/cart`);
    await shot(page, 'wix-shop-06-merx-checkout');
    await payOnMerx(page, 'dee@example.com', /Standard delivery/, 'wix-shop-07');

    // Back in the shop, on the thank-you URL the redirect session named, with the order's id.
    await page.waitForURL((url) => url.origin === shop.origin && url.pathname === '/thank-you');
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    expect(orderId).toBeTruthy();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    expect(await page.getByTestId('order-id').textContent()).toBe(orderId);
    // The buyer may read their own order with the shop's visitor token.
    const mine = page.getByRole('region', { name: 'Your order' });
    await mine.getByText('2 × Everyday Organic Tee').waitFor();
    await expect.poll(() => cartLink(page).textContent()).toBe('Cart (0)');
    await shot(page, 'wix-shop-08-thank-you');

    const order = await merchantOrder(orderId);
    expect(order.id).toBe(orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.buyerInfo?.email).toBe('dee@example.com');
    expect(order.lineItems.map((l) => [l.productName.original, l.quantity])).toEqual([['Everyday Organic Tee', 2]]);
    const chosen = order.lineItems[0]?.descriptionLines?.map(
      (d) => `${d.name?.original}: ${d.colorInfo?.original ?? d.plainText?.original}`,
    );
    expect(chosen).toEqual(['Size: L', 'Color: Navy']);
    expect(await mine.getByRole('heading').textContent()).toBe(`Order #${order.number}`);
    expect(problems).toEqual([]);
  }, 120_000);

  it('on a phone: buys for pickup, and the finished checkout leads back to the shop', async () => {
    const { page } = await visitor({ width: 390, height: 844 });
    await page.goto(`${shop.origin}/products/camp-enamel-mug`);
    await page.getByRole('heading', { name: 'Camp Enamel Mug', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 1 × Camp Enamel Mug' }).waitFor();
    await shot(page, 'wix-shop-10-phone-product');
    await cartLink(page).click();
    await page.getByTestId('cart-line').getByText('Camp Enamel Mug', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.origin === merx.baseUrl && url.pathname === '/checkout');
    await page.getByLabel('Email').waitFor();
    await shot(page, 'wix-shop-11-phone-merx-checkout');
    await payOnMerx(page, 'eli@example.com', /Pickup: Pick up at the shop/, 'wix-shop-12-phone');
    await page.waitForURL((url) => url.origin === shop.origin && url.pathname === '/thank-you');
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    await page.getByTestId('order-id').filter({ hasText: orderId }).waitFor();
    await shot(page, 'wix-shop-13-phone-thank-you');
    const order = await merchantOrder(orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.lineItems.map((l) => [l.productName.original, l.quantity])).toEqual([['Camp Enamel Mug', 1]]);

    // Back on Merx's checkout, now finished: its link to the confirmation is the shop's thank-you page again.
    await page.goBack();
    await page.waitForURL((url) => url.origin === merx.baseUrl && url.pathname === '/checkout');
    await page.getByRole('heading', { name: 'This order has been placed' }).waitFor();
    await page.getByRole('link', { name: 'See your order confirmation' }).click();
    await page.waitForURL((url) => url.origin === shop.origin && url.pathname === '/thank-you');
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId);
    await cartLink(page).click();
    await page.getByText('Your cart is empty.').waitFor();
    expect(problems).toEqual([]);
  }, 90_000);

  it('refuses a redirect session that would send the buyer to an origin no client registered', async () => {
    const res = await fetch(`${merx.baseUrl}/_api/redirects-api/v1/redirect-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ecomCheckout: { checkoutId: 'any' },
        callbacks: { thankYouPageUrl: 'https://elsewhere.example/thank-you' },
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { details: { validationError: { fieldViolations: Array<{ field: string }> } } };
    expect(body.details.validationError.fieldViolations[0]?.field).toBe('callbacks.thankYouPageUrl');
  });
});
