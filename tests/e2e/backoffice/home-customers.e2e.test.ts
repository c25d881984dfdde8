/**
 * Home, Customers and Abandoned checkouts in a real Chromium against a real server: a new store's Home lists its
 * first steps; a shopper signs up and buys in the shop, and Home shows the sale, the order count and the chart (its
 * table view read here), a product low on stock and the order waiting for fulfilment; the owner finds the member in
 * Customers, opens their page with the order, blocks them (confirmed) and unblocks them; a checkout left in the shop
 * becomes an abandoned checkout with its recovery link; a staff member holding only catalog:read sees the stock and
 * not the sales; axe on every page, a tablet and a phone. Screenshots in tests/e2e/artifacts/backoffice/.
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

const PASSWORD = 'correct horse 1';

suite('Home, Customers and Abandoned checkouts in Chromium', () => {
  let server: AdminServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const shopper = { first: 'Mira', last: 'Okafor', email: `mira-${Date.now()}@example.com` };
  let memberId = '';
  let orderNumber = '';
  let lowStockId = '';

  beforeAll(async () => {
    await buildApps();
    server = await startAdminServer();
    browser = await launchChromium();
    // A product with two units left, tracked: Home's stock part must name it.
    const { key } = await server.app.services.apiKeys.create({ name: 'E2E catalog' });
    const res = await fetch(`${server.baseUrl}/stores/v1/products`, {
      method: 'POST',
      headers: { authorization: key, 'content-type': 'application/json' },
      body: JSON.stringify({
        product: { name: 'Last Few Candles', priceData: { price: 18 }, stock: { trackInventory: true, quantity: 2 } },
      }),
    });
    expect(res.status).toBe(200);
    lowStockId = ((await res.json()) as { product: { id: string } }).product.id;
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  async function newPage(viewport?: { width: number; height: number }): Promise<Page> {
    const { context, page } = await newStaffPage(browser, problems, viewport);
    contexts.push(context);
    // Never a 500, whatever the page asks.
    page.on('response', (r) => {
      if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    onTestFailed(async ({ task }) => {
      await shot(page, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
    });
    return page;
  }

  /** Adds a product without options to the cart from its page and opens the checkout. */
  async function toCheckout(page: Page, slug: string, name: string): Promise<void> {
    await page.goto(`${server.baseUrl}/product-page/${slug}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: /Your cart/ });
    await drawer.getByRole('link', { name }).waitFor();
    await drawer.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\?checkoutId=/);
  }

  /** The checkout's contact and address steps, as a shopper fills them. */
  async function contactAndAddress(page: Page, email: string, first: string, last: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue to delivery' }).click();
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill(last);
    await page.getByLabel('Street address').fill('350 5th Ave');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State or region (optional)').fill('NY');
    await page.getByLabel('Postal code').fill('10118');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('350 5th Ave, New York, NY 10118').waitFor();
  }

  /** The text of a figure in a card of Home (its `dd`), by the card's heading and the figure's name. */
  const figure = (page: Page, card: string, name: string) =>
    page
      .getByRole('region', { name: card })
      .locator('.metric')
      .filter({ has: page.getByText(name, { exact: true }) })
      .locator('.metric__value')
      .textContent();

  it('shows a new store its first steps on Home', async () => {
    const page = await newPage();
    await signIn(page, server.baseUrl, '/admin/');
    const steps = page.getByRole('region', { name: 'Get your store ready' });
    await steps.getByRole('heading', { name: /Add a product/ }).waitFor();
    for (const step of ['Set up shipping', 'Set up payments', 'Invite your staff'])
      await steps.getByRole('heading', { name: new RegExp(step) }).waitFor();
    // The demo store has products and shipping: those steps are done.
    await steps.getByRole('heading', { name: 'Add a product (done)' }).waitFor();
    expect(await steps.getByRole('link', { name: 'Set up shipping' }).getAttribute('href')).toBe(
      '/admin/settings/shipping',
    );
    await expect.poll(() => figure(page, 'Today so far', 'Orders')).toBe('0');
    await shot(page, '20-home-new-store');
    expect(problems).toEqual([]);
  });

  it('a shopper signs up and buys in the shop', async () => {
    const page = await newPage();
    await page.goto(server.baseUrl);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.waitForURL(/\/auth\/.*\/sign-up/);
    await page.getByLabel('First name').fill(shopper.first);
    await page.getByLabel('Last name').fill(shopper.last);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The hosted sign-up always confirms the address (it answers a known one alike: issue 18, item 15).
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const code = /\b(\d{6})\b/.exec(await server.latestMail(shopper.email, 'verification-code'))?.[1] ?? '';
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.getByRole('heading', { name: 'Your orders' }).waitFor();

    await toCheckout(page, 'camp-enamel-mug', 'Camp Enamel Mug');
    await contactAndAddress(page, shopper.email, shopper.first, shopper.last);
    await page.getByRole('radio', { name: /Standard delivery/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('Name on card').fill(`${shopper.first} ${shopper.last}`);
    await page.getByRole('button', { name: /Place order/ }).click();
    const confirmed = page.getByRole('heading', { name: /^Order #\d+ is confirmed$/ });
    await confirmed.waitFor();
    orderNumber = (await confirmed.textContent())?.match(/#(\d+)/)?.[1] ?? '';
    const member = await server.app.services.identity.repo.byEmail(server.merx.db, 'member', shopper.email);
    memberId = member?.id ?? '';
    expect(memberId).not.toBe('');
    expect(problems).toEqual([]);
  }, 120_000);

  it('shows the sale on Home: sales, the order count, the chart and its table, the stock and what waits', async () => {
    const order = await server.merx.db
      .selectFrom('orders')
      .select(['total_minor'])
      .where('number', '=', Number(orderNumber))
      .executeTakeFirstOrThrow();
    const total = `$${(Number(order.total_minor) / 100).toFixed(2)}`;
    const page = await newPage();
    await signIn(page, server.baseUrl, '/admin/');
    await expect.poll(() => figure(page, 'Today so far', 'Orders')).toBe('1');
    expect(await figure(page, 'Today so far', 'Sales')).toBe(total);
    expect(await figure(page, 'Last 30 days', 'Sales')).toBe(total);
    expect(await figure(page, 'Last 30 days', 'Average order value')).toBe(total);
    // The change is said in words, not by colour alone.
    await page
      .getByRole('region', { name: 'Today so far' })
      .getByText('Up from no sales yesterday by this time')
      .waitFor();
    // The first steps are gone once the store has an order.
    expect(await page.getByRole('region', { name: 'Get your store ready' }).count()).toBe(0);
    await page.locator('.sales-chart__canvas canvas').first().waitFor();

    // The table view is in the page for screen readers while the chart shows…
    const table = page.getByRole('table', { name: /Sales per day/ });
    expect(await table.locator('tbody tr').count()).toBe(30);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent?.trim() ?? '')),
      );
    const sold = rows.filter((r) => r[1] !== '0');
    expect(sold).toHaveLength(1);
    expect(sold[0]?.slice(1, 3)).toEqual(['1', total]);
    // … and the toggle shows it in place of the chart.
    const stock = page.getByRole('region', { name: 'Stock' });
    const candles = stock.getByRole('link', { name: 'Last Few Candles' });
    await candles.waitFor();
    expect(await candles.getAttribute('href')).toBe(`/admin/products/${lowStockId}`);
    await stock.getByText('2 left').waitFor();
    const todo = page.getByRole('region', { name: 'To do' });
    const toFulfil = todo.getByRole('link', { name: /waiting for fulfilment/ });
    expect(await toFulfil.getAttribute('href')).toBe('/admin/orders?fulfilment=NOT_FULFILLED');
    expect(await todo.locator('.attention__count').allTextContents()).toEqual(['0', '1']);
    await shot(page, '21-home-with-a-sale');
    await page.getByRole('button', { name: 'Show as table' }).click();
    await table.waitFor({ state: 'visible' });
    expect(await page.locator('.sales-chart__canvas').count()).toBe(0);
    await shot(page, '22-home-sales-table');
    await page.getByRole('button', { name: 'Show as chart' }).click();
    await page.locator('.sales-chart__canvas canvas').first().waitFor();
    await page.getByRole('button', { name: 'Show as table' }).click();

    // Another period: the URL keeps it, the table follows; a wrong custom range is said beside the dates.
    await page.getByRole('combobox', { name: 'Period', exact: true }).selectOption('7d');
    await page.waitForURL(/period=7d/);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(7);
    await page.getByRole('combobox', { name: 'Period', exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2025-03-10');
    await page.getByLabel('To', { exact: true }).fill('2025-03-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'The last day must not be before the first day.' }).waitFor();
    await page.getByLabel('To', { exact: true }).fill('2025-03-14');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/period=custom&from=2025-03-10&to=2025-03-14/);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);
    await page.reload();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);

    // The count opens the Orders list filtered the same way: the one order waiting, the filter shown.
    await page
      .getByRole('region', { name: 'To do' })
      .getByRole('link', { name: /waiting for fulfilment/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByText('Fulfilment: Unfulfilled').first().waitFor();
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
    expect(problems).toEqual([]);
  }, 60_000);

  it('finds the member in Customers, opens their page with their order, blocks them (confirmed) and unblocks them', async () => {
    const page = await newPage();
    await signIn(page, server.baseUrl, '/admin/customers');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(`${shopper.first} ${shopper.last}`);
    await page.waitForURL(/q=Mira/);
    const link = page.getByRole('link', { name: `${shopper.first} ${shopper.last}` });
    await link.waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await shot(page, '23-customers-search');
    await link.click();
    await page.getByRole('heading', { level: 1, name: `${shopper.first} ${shopper.last}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/customers/${memberId}`);
    const orders = page.getByRole('region', { name: 'Orders' });
    await orders.getByRole('link', { name: `#${orderNumber}` }).waitFor();
    await orders.getByText('Total spent').waitFor();
    await page.getByRole('region', { name: 'Customer' }).getByText(shopper.email).waitFor();
    await shot(page, '24-customer');

    await page.getByRole('button', { name: 'Block' }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${shopper.first} ${shopper.last}?` });
    await dialog.waitFor();
    await shot(page, '25-customer-block-confirmation');
    await dialog.getByRole('button', { name: 'Block customer' }).click();
    await page.locator('.page__subtitle').getByText('Blocked').waitFor();
    expect((await server.app.services.identity.get(memberId)).status).toBe('BLOCKED');
    await shot(page, '26-customer-blocked');
    await page.getByRole('button', { name: 'Unblock' }).click();
    await page.locator('.page__subtitle').getByText('Active').waitFor();
    expect((await server.app.services.identity.get(memberId)).status).toBe('ACTIVE');

    // The list's status filter is kept in the URL.
    await page.getByRole('link', { name: 'Customers' }).first().click();
    await page.getByLabel('Status').selectOption('BLOCKED');
    await page.waitForURL(/status=BLOCKED/);
    await page.getByRole('heading', { name: 'No customers match' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('lists a checkout left in the shop as abandoned, with its recovery link to copy', async () => {
    const shop = await newPage();
    await toCheckout(shop, 'market-tote-bag', 'Market Tote Bag');
    const checkoutId = new URL(shop.url()).searchParams.get('checkoutId') as string;
    await contactAndAddress(shop, 'leaver@example.com', 'Lou', 'Leaver');
    await shop.close();
    // Nobody touched it for two hours: the hourly sweep marks it.
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await server.merx.db
      .updateTable('checkouts')
      .set({ updated_date: twoHoursAgo })
      .where('id', '=', checkoutId)
      .execute();
    expect(await server.app.services.abandoned.abandonment.sweep()).toBeGreaterThanOrEqual(1);

    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await signIn(page, server.baseUrl, '/admin/abandoned-checkouts');
    const row = page.getByRole('row', { name: /Lou Leaver/ });
    await row.getByText('Not recovered').waitFor();
    await row.getByText('leaver@example.com').waitFor();
    await shot(page, '27-abandoned-checkouts');
    await row.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Checkout of Lou Leaver' }).waitFor();
    await page.getByRole('region', { name: 'Items' }).getByText('Market Tote Bag').waitFor();
    const link = page.getByLabel('Recovery link');
    expect(await link.inputValue()).toBe(`${server.baseUrl}/checkout?checkoutId=${checkoutId}`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('status').getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    await shot(page, '28-abandoned-checkout');

    // Home counts it among the period's abandoned checkouts.
    await page.getByRole('link', { name: 'Home' }).click();
    const card = page.getByRole('region', { name: 'Abandoned checkouts' });
    await card.getByText('1 checkout', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  }, 90_000);

  it('shows a staff member holding only catalog:read the stock, not the sales, and the server refuses the rest', async () => {
    const email = 'stock-keeper@staff.test';
    const password = await server.addStaff({ email, role: 'staff', permissions: ['catalog:read'] });
    const page = await newPage();
    await signIn(page, server.baseUrl, '/admin/', { email, password });
    await page.getByRole('region', { name: 'Stock' }).getByRole('link', { name: 'Last Few Candles' }).waitFor();
    for (const hidden of ['Today so far', 'Last 30 days', 'To do', 'Abandoned checkouts'])
      expect(await page.getByRole('region', { name: hidden }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Period', exact: true }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    expect(await nav.getByRole('link', { name: 'Customers' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Abandoned checkouts' }).count()).toBe(0);
    await shot(page, '29-home-catalog-only');
    await page.goto(`${server.baseUrl}/admin/abandoned-checkouts`);
    await page
      .getByText(/permission/)
      .first()
      .waitFor();
    await page.goto(`${server.baseUrl}/admin/customers/${memberId}`);
    await page
      .getByText(/permission/)
      .first()
      .waitFor();
    expect(problems).toEqual([]);
  });

  it('has no serious or critical axe violations on Home, Customers, a customer and abandoned checkouts', async () => {
    const page = await newPage();
    await signIn(page, server.baseUrl, '/admin/');
    const abandoned = await server.merx.db.selectFrom('abandoned_checkouts').select('id').executeTakeFirstOrThrow();
    const pages: Array<[string, string]> = [
      ['/admin/', 'Today so far'],
      ['/admin/customers', 'Customers'],
      [`/admin/customers/${memberId}`, 'Orders'],
      ['/admin/abandoned-checkouts', 'Abandoned checkouts'],
      [`/admin/abandoned-checkouts/${abandoned.id}`, 'Items'],
    ];
    // Requests in flight, but for the live event stream, which stays open while a page shows (so the page is never
    // "network idle" in Playwright's sense): axe runs once the others have settled.
    const pending = new Set<unknown>();
    const live = (url: string) => url.includes('/events/stream');
    page.on('request', (r) => {
      if (!live(r.url())) pending.add(r);
    });
    for (const done of ['requestfinished', 'requestfailed'] as const) page.on(done, (r) => pending.delete(r));
    const settled = async () => {
      let quietSince = Date.now();
      while (Date.now() - quietSince < 500) {
        if (pending.size > 0) quietSince = Date.now();
        await page.waitForTimeout(50);
      }
    };
    for (const [path, ready] of pages) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { name: ready }).first().waitFor();
      await settled();
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    }
  }, 180_000);

  it('is usable on a tablet and readable on a phone', async () => {
    const tablet = await newPage({ width: 1024, height: 768 });
    await signIn(tablet, server.baseUrl, '/admin/');
    await tablet.locator('.sales-chart__canvas canvas').first().waitFor();
    await shot(tablet, '30-home-tablet');
    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, server.baseUrl, '/admin/');
    await phone.locator('.sales-chart__canvas canvas').first().waitFor();
    // Nothing wider than the screen: no sideways scrolling.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, '31-home-phone');
    await phone.goto(`${server.baseUrl}/admin/customers/${memberId}`);
    await phone
      .getByRole('region', { name: 'Orders' })
      .getByRole('link', { name: `#${orderNumber}` })
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, '32-customer-phone');
    expect(problems).toEqual([]);
  }, 60_000);
});
