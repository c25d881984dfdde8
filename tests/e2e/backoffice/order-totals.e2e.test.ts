/**
 * The back office's order page lists the order's money in the rows every page and mail uses (issue 18, item 3):
 * subtotal, discount (negative), shipping, fees, tax, total, the item totals adding up to the subtotal and the rows to the
 * total. Screenshots in tests/e2e/artifacts/backoffice/. Skipped when Chromium is not installed.
 */
process.env.MERX_ARGON2_FAST = '1';

import { ApiKeyStrategy, createClient, orders, products } from '@merx/sdk';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import {
  type AdminServer,
  browserSuite,
  buildApps,
  launchChromium,
  newStaffPage,
  shot,
  signIn,
  startAdminServer,
} from './admin-kit.js';

const suite = browserSuite();
const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/** "$1,234.56" or "−$7.58" as signed cents. */
const cents = (text: string) => (text.trim().startsWith('−') ? -1 : 1) * Number(text.replace(/[^\d]/g, '') || '0');

suite('order totals in the back office', () => {
  let server: AdminServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const problems: string[] = [];

  beforeAll(async () => {
    await buildApps();
    server = await startAdminServer();
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('lists subtotal, negative discount, shipping, fees, tax and total that add up, with items adding to the subtotal', async () => {
    const apiKey = (await server.app.services.apiKeys.create({ name: 'Totals' })).key;
    const res = await fetch(`${server.baseUrl}/_api/merx/v1/coupons`, {
      method: 'POST',
      headers: { authorization: apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        coupon: { code: 'BOTEN', name: 'Ten off', discount: { discountType: 'PERCENTAGE', percentage: 10 } },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    // A handling fee: fees come before tax (the page used to list them after the tip, below the tax).
    const fee = await fetch(`${server.baseUrl}/_api/merx/v1/additional-fees`, {
      method: 'POST',
      headers: { authorization: apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        additionalFee: { type: 'HANDLING_FEE', name: 'Handling', amount: '1.50', taxable: false },
      }),
    });
    expect(fee.status, await fee.clone().text()).toBe(200);
    const api = createClient({
      baseUrl: server.baseUrl,
      auth: ApiKeyStrategy({ apiKey }),
      modules: { products, orders },
    });
    const { product: mug } = await api.products.createProduct({ name: 'Totals Mug', priceData: { price: 28.9 } });
    const { product: cup } = await api.products.createProduct({ name: 'Totals Cup', priceData: { price: 5.4 } });
    const { order } = await api.orders.createOrder({
      paymentMethod: 'offline',
      lineItems: [
        { catalogReference: { appId: STORES_APP_ID, catalogItemId: mug.id }, quantity: 2 },
        { catalogReference: { appId: STORES_APP_ID, catalogItemId: cup.id }, quantity: 3 },
      ],
      appliedDiscounts: [{ coupon: { code: 'BOTEN' } }],
      buyerInfo: { email: 'totals.buyer@example.com' },
      shippingInfo: {
        shippingDestination: {
          address: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10118', addressLine: '1 Av' },
          contactDetails: { firstName: 'Tia', lastName: 'Sum' },
        },
      },
    } as Parameters<typeof api.orders.createOrder>[0]);

    const staff = await newStaffPage(browser, problems);
    context = staff.context;
    const page = staff.page;
    onTestFailed(async () => {
      await shot(page, 'failed-order-totals').catch(() => undefined);
    });
    await signIn(page, server.baseUrl, `/admin/orders/${order.id}`);
    const payment = page.locator('.order-totals');
    await payment.waitFor();
    const all = await payment.locator(':scope > div').evaluateAll((divs) =>
      divs.map((d) => ({
        label: d.querySelector('dt')?.firstChild?.textContent?.trim() ?? '',
        text: d.querySelector('dd')?.textContent ?? '',
      })),
    );
    const rows = all.slice(0, all.findIndex((r) => r.label === 'Total') + 1);
    const what = JSON.stringify(all);
    const labels = rows.map((r) => r.label);
    expect(labels, what).toEqual(
      ['Subtotal', 'Discount', 'Shipping', 'Fees', 'Tax', 'Tip', 'Total'].filter((l) => labels.includes(l)),
    );
    expect(labels, what).toEqual(['Subtotal', 'Discount', 'Shipping', 'Fees', 'Tax', 'Total']);
    expect(rows[1]?.text, what).toMatch(/^−\$\d/);
    const parts = rows.slice(0, -1).reduce((n, r) => n + cents(r.text), 0);
    expect(parts, what).toBe(cents(rows.at(-1)?.text ?? ''));
    const items = (
      await page.getByRole('table', { name: 'Items ordered' }).locator('tbody tr td:last-child').allTextContents()
    ).map(cents);
    expect(
      items.reduce((n, c) => n + c, 0),
      what,
    ).toBe(cents(rows[0]?.text ?? ''));
    await payment.scrollIntoViewIfNeeded();
    await shot(page, 'order-totals-01-payment-card');
    expect(problems).toEqual([]);
  }, 120_000);
});
