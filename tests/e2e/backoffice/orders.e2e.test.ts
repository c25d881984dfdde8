/**
 * Orders in the back office, in a real Chromium against a real server with the demo store: a shopper buys a product
 * (made through the API) in the shop; the owner finds the order by the buyer's email, fulfils it with tracking (the
 * buyer gets the shipping mail) and refunds one line with restock (the stock comes back); comments, tags, a
 * cancel with a message to the buyer, the packing slip on paper, a new order for a customer, the order page used
 * with the keyboard alone, axe on every order page, and a staff member who may only read orders. Screenshots in
 * tests/e2e/artifacts/backoffice/ (orders-…). Skipped when Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import { ApiKeyStrategy, createClient, orders, products } from '@merx/sdk';
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

const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const BUYER = 'tess.buyer@example.com';
const TOTE = 'Waxed Canvas Tote';

suite('orders in the back office', () => {
  let server: AdminServer;
  let browser: Browser;
  let api: ReturnType<typeof makeApi>;
  let toteId: string;
  let toteSlug: string;
  let shopOrder: { id: string; number: string };
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  function makeApi(baseUrl: string, apiKey: string) {
    return createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { products, orders } });
  }

  beforeAll(async () => {
    await buildApps();
    server = await startAdminServer();
    browser = await launchChromium();
    api = makeApi(server.baseUrl, (await server.app.services.apiKeys.create({ name: 'E2E orders' })).key);
    // The product the shopper buys, made through the API, with a picture of the demo store's.
    const demo = (await api.products.queryProducts().limit(1).find()).items[0];
    const { product } = await api.products.createProduct({
      name: TOTE,
      sku: 'TOTE-01',
      priceData: { price: 25 },
      stock: { trackInventory: true, quantity: 10 },
    });
    toteId = product.id;
    toteSlug = product.slug;
    const image = demo?.media.mainMedia?.image?.url;
    if (image) await api.products.addProductMedia(toteId, [{ url: image }]);
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  async function newPage(viewport?: { width: number; height: number }): Promise<Page> {
    const { context, page } = await newStaffPage(browser, problems, viewport);
    contexts.push(context);
    onTestFailed(async ({ task }) => {
      await shot(page, `failed-orders-${task.name.slice(0, 36).replace(/\W+/g, '-')}`).catch(() => undefined);
    });
    return page;
  }

  const stockOfTote = async () =>
    (await api.products.getProduct(toteId, { includeMerchantSpecificData: true })).product.stock.quantity;

  /** A merchant's order of the tote through the API (unpaid, unfulfilled), for the journeys that need one. */
  async function apiOrder(
    quantity = 1,
    email = 'phone.buyer@example.com',
    paymentMethod: 'test' | 'offline' = 'offline',
  ) {
    const { order } = await api.orders.createOrder({
      paymentMethod,
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: toteId }, quantity }],
      buyerInfo: { email },
      billingInfo: { contactDetails: { firstName: 'Phil', lastName: 'Caller' } },
      shippingInfo: {
        shippingDestination: {
          address: {
            country: 'US',
            subdivision: 'US-NY',
            city: 'New York',
            postalCode: '10118',
            addressLine: '350 5th Ave',
          },
          contactDetails: { firstName: 'Phil', lastName: 'Caller' },
        },
      },
    });
    return order;
  }

  it('a shopper buys the product in the shop', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/product-page/${toteSlug}`);
    await page.getByRole('heading', { name: TOTE, level: 1 }).waitFor();
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page
      .getByRole('dialog', { name: /Your cart/ })
      .getByRole('button', { name: 'Check out' })
      .click();
    await page.waitForURL(/\/checkout\?checkoutId=/);
    await page.getByLabel('Email').fill(BUYER);
    await page.getByRole('button', { name: 'Continue to delivery' }).click();
    await page.getByLabel('First name').fill('Tess');
    await page.getByLabel('Last name').fill('Buyer');
    await page.getByLabel('Street address').fill('350 5th Ave');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State or region (optional)').fill('NY');
    await page.getByLabel('Postal code').fill('10118');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('350 5th Ave, New York, NY 10118').waitFor();
    await page.getByRole('radio', { name: /Scheduled courier/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('Name on card').fill('Tess Buyer');
    await page.getByRole('button', { name: /Place order/ }).click();
    const heading = page.getByRole('heading', { name: /^Order #\d+ is confirmed$/ });
    await heading.waitFor();
    const number = (await heading.textContent())?.match(/\d+/)?.[0] ?? '';
    const found = await api.orders.searchOrders({ filter: { number: Number(number) } });
    shopOrder = { id: found.orders[0]?.id ?? '', number };
    expect(shopOrder.id).not.toBe('');
    expect(await stockOfTote()).toBe(8);
  }, 90_000);

  it('finds the order by the buyer’s email, fulfils it with tracking and refunds one unit with restock', async () => {
    const page = await newPage();
    await signIn(page, server.baseUrl, '/admin/orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByRole('searchbox', { name: /Search by order number/ }).fill(BUYER);
    await page.waitForURL(/q=tess/);
    const row = page.getByRole('row', { name: new RegExp(`#${shopOrder.number}`) });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await shot(page, 'orders-list-search');
    // The view is in the URL: a reload shows the same search.
    await page.reload();
    await row.waitFor();
    await row.getByRole('link', { name: `#${shopOrder.number}` }).click();
    await page.getByRole('heading', { level: 1, name: `Order #${shopOrder.number}` }).waitFor();
    await page.getByText('Tess Buyer').first().waitFor();
    await page.locator('.order-lines').getByText('SKU TOTE-01').waitFor();
    await shot(page, 'orders-order-paid');

    // Fulfil with tracking.
    await page.getByRole('button', { name: 'Fulfil items' }).click();
    const fulfil = page.getByRole('dialog', { name: 'Fulfil items' });
    await fulfil.getByLabel('Carrier').fill('UPS');
    await fulfil.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await fulfil.getByLabel('Tracking link').fill('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    await shot(page, 'orders-fulfil-dialog');
    await fulfil.getByRole('button', { name: 'Fulfil 2 items' }).click();
    await fulfil.waitFor({ state: 'detached' });
    const shipments = page.locator('#order-fulfilment-title').locator('..').locator('..');
    await shipments.getByRole('link', { name: /1Z999AA10123456784/ }).waitFor();
    await page.getByText('Fulfilled', { exact: true }).first().waitFor();
    const mail = await server.latestMail(BUYER, 'order-shipped');
    expect(mail).toContain('1Z999AA10123456784');
    expect(await stockOfTote()).toBe(8);

    // Refund one of the two units, back in stock.
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const refund = page.getByRole('dialog', { name: 'Refund' });
    await refund.getByLabel(`Quantity of ${TOTE} to refund, out of 2`).fill('1');
    await expect.poll(() => refund.getByLabel('Put the refunded items back in stock').isChecked()).toBe(true);
    await shot(page, 'orders-refund-dialog');
    await refund.getByRole('button', { name: /^Refund \$/ }).click();
    const confirm = page.getByRole('dialog', { name: /^Refund \$/ });
    await confirm.getByRole('button', { name: /^Refund \$/ }).click();
    await refund.waitFor({ state: 'detached' });
    await page.locator('.order-transactions').getByText('Refunded').waitFor();
    await page.getByText('1 refunded · 1 restocked').waitFor();
    await page.getByText('Partially refunded').first().waitFor();
    expect(await stockOfTote()).toBe(9);
    await shot(page, 'orders-order-refunded');

    // A comment: added, edited, deleted.
    await page.getByLabel('Add a comment').fill('Buyer called: the second tote is a gift.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline, newest first' });
    await timeline.getByText('Buyer called: the second tote is a gift.').waitFor();
    await timeline.getByRole('button', { name: 'Edit comment' }).click();
    await page.getByLabel('Edit comment').fill('Buyer called: gift wrap the second tote.');
    await page.getByRole('button', { name: 'Save comment' }).click();
    await timeline.getByText('Buyer called: gift wrap the second tote.').waitFor();
    await timeline.getByRole('button', { name: 'Delete comment' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this comment?' })
      .getByRole('button', { name: 'Delete comment' })
      .click();
    await timeline.getByText('Buyer called: gift wrap the second tote.').waitFor({ state: 'detached' });

    // A tag, saved from the save bar, then the list filtered by it.
    await page.getByLabel('Add a tag').fill('gift');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const saveBar = page.getByRole('region', { name: 'Unsaved changes' });
    await saveBar.getByRole('button', { name: 'Save' }).click();
    await saveBar.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Tags of this order' }).getByText('gift').waitFor();
    await page.goto(`${server.baseUrl}/admin/orders?tag=gift`);
    await page.getByRole('row', { name: new RegExp(`#${shopOrder.number}`) }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Tag: gift' }).waitFor();
    expect(problems).toEqual([]);
  }, 120_000);

  it('tags and fulfils selected orders at once, chosen with the keyboard (j, x)', async () => {
    const a = await apiOrder(1, 'bulk.a@example.com');
    const b = await apiOrder(1, 'bulk.b@example.com');
    const page = await newPage();
    await signIn(page, server.baseUrl, '/admin/orders?q=bulk.');
    await page.getByRole('row', { name: new RegExp(`#${a.number}`) }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(3);
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('2 selected').waitFor();
    await bulk.getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a tag to 2 orders' });
    await dialog.getByLabel('Tag').fill('wholesale');
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('2 orders tagged').waitFor();
    await page.getByLabel('Tag', { exact: true }).selectOption('wholesale');
    await page.waitForURL(/tag=wholesale/);
    await expect.poll(() => page.getByRole('row').count()).toBe(3);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await bulk.getByRole('button', { name: 'Fulfil without tracking' }).click();
    await page.getByRole('dialog', { name: 'Fulfil 2 orders?' }).getByRole('button', { name: 'Fulfil orders' }).click();
    await page.getByText('2 orders fulfilled').waitFor();
    await shot(page, 'orders-bulk-tagged-fulfilled');
    for (const o of [a, b]) expect((await api.orders.getOrder(o.id)).order.fulfillmentStatus).toBe('FULFILLED');
  }, 60_000);

  it('captures part of an authorized payment, voids another, and edits then deletes a shipment', async () => {
    const authorized = async () => {
      const order = await apiOrder(1, 'card.holder@example.com', 'test');
      await api.orders.payOrder({
        paymentGatewayOrderId: order.id,
        card: { number: '4000 0000 0000 3220', expiry: '12/40', cvc: '123' },
      });
      return order;
    };
    const first = await authorized();
    const page = await newPage();
    await signIn(page, server.baseUrl, `/admin/orders/${first.id}`);
    await page.getByText('Authorized', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Capture' }).click();
    const capture = page.getByRole('dialog', { name: 'Capture payment' });
    await capture.getByLabel('Amount to capture').fill('20');
    await capture.getByRole('button', { name: 'Capture' }).click();
    await capture.waitFor({ state: 'detached' });
    await page.locator('.order-subtitle').getByText('Partially paid').waitFor();
    await shot(page, 'orders-captured');

    const second = await authorized();
    await page.goto(`${server.baseUrl}/admin/orders/${second.id}`);
    await page.getByRole('button', { name: 'Void' }).click();
    await page
      .getByRole('dialog', { name: 'Void the authorized payment?' })
      .getByRole('button', { name: 'Void payment' })
      .click();
    await page.locator('.order-transactions').getByText('Voided').waitFor();

    // A shipment: its tracking changed, then deleted (its items count as not fulfilled again).
    await page.getByRole('button', { name: 'Fulfil items' }).click();
    await page.getByRole('dialog', { name: 'Fulfil items' }).getByRole('button', { name: 'Fulfil 1 item' }).click();
    await page.getByRole('button', { name: 'Edit tracking of Shipment 1' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit tracking' });
    await edit.getByLabel('Tracking link').fill('not a link');
    await edit.getByRole('button', { name: 'Save tracking' }).click();
    await edit.locator('.field__error').first().waitFor();
    await edit.getByLabel('Tracking link').fill('https://tools.usps.com/go/TrackConfirmAction?tLabels=92001');
    await edit.getByLabel('Tracking number').fill('92001');
    await edit.getByRole('button', { name: 'Save tracking' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /92001/ }).waitFor();
    await page.getByRole('button', { name: 'Delete Shipment 1' }).click();
    await page
      .getByRole('dialog', { name: 'Delete shipment 1?' })
      .getByRole('button', { name: 'Delete shipment' })
      .click();
    await page.getByText('Nothing has been fulfilled yet.').waitFor();
    expect((await api.orders.getOrder(second.id)).order.fulfillmentStatus).toBe('NOT_FULFILLED');
  }, 60_000);

  it('refuses a stale edit with a clear message and overwrites nothing', async () => {
    const order = await apiOrder();
    const page = await newPage();
    await signIn(page, server.baseUrl, `/admin/orders/${order.id}`);
    await page.getByRole('button', { name: 'Edit email' }).click();
    await page.getByLabel('Email', { exact: true }).fill('mine@example.com');
    // Someone else changes the order meanwhile.
    await api.orders.updateOrder(order.id, { buyerInfo: { email: 'theirs@example.com' } });
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Someone changed this order' }).waitFor();
    await shot(page, 'orders-stale-edit');
    expect((await api.orders.getOrder(order.id)).order.buyerInfo['email']).toBe('theirs@example.com');
    await page.getByRole('button', { name: 'Reload order' }).click();
    await page.getByRole('link', { name: 'theirs@example.com' }).waitFor();
  }, 60_000);

  it('cancels an order with restock and a message to the buyer', async () => {
    const order = await apiOrder(1, 'cancel.buyer@example.com');
    const before = await stockOfTote();
    const page = await newPage();
    await signIn(page, server.baseUrl, `/admin/orders/${order.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${order.number}` });
    await dialog.getByLabel('Message to the buyer (optional)').fill('The tote is out of production, sorry!');
    await shot(page, 'orders-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await page
      .getByRole('dialog', { name: `Cancel order #${order.number}?` })
      .getByRole('button', { name: 'Cancel order' })
      .click();
    await page.locator('.order-subtitle').getByText('Canceled').waitFor();
    expect(await stockOfTote()).toBe((before ?? 0) + 1);
    const mail = await server.latestMail('cancel.buyer@example.com', 'order-canceled');
    expect(mail).toContain('The tote is out of production, sorry!');
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
  }, 60_000);

  it('prints a packing slip without prices, from the store’s address', async () => {
    await server.app.services.settings.updateStore({
      email: 'hello@harbour.example',
      address: {
        addressLine: '12 Quay Street',
        city: 'Portland',
        subdivision: 'US-ME',
        postalCode: '04101',
        country: 'US',
      },
    });
    const page = await newPage();
    await signIn(page, server.baseUrl, `/admin/orders/${shopOrder.id}`);
    await page.getByRole('link', { name: 'Print packing slip' }).click();
    await page.getByRole('heading', { level: 1, name: `Packing slip · Order #${shopOrder.number}` }).waitFor();
    const slip = page.locator('.packing-slip');
    await slip.getByText('TOTE-01').waitFor();
    await slip.getByText('Tess Buyer').waitFor();
    await slip.locator('.packing-slip__from').getByText('12 Quay Street').waitFor();
    await slip.getByText(/hello@harbour\.example/).waitFor();
    expect(await slip.textContent()).not.toMatch(/\$\s?\d/);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.nav').isVisible()).toBe(false);
    await shot(page, 'orders-packing-slip-print');
    await page.emulateMedia({ media: 'screen' });
  }, 60_000);

  it('creates an order for a customer, paid already', async () => {
    const page = await newPage();
    await signIn(page, server.baseUrl, '/admin/orders/new');
    await page.getByRole('heading', { level: 1, name: 'Create order' }).waitFor();
    await page.getByLabel('Find products').fill('Waxed');
    await page.getByRole('button', { name: `Add ${TOTE}` }).click();
    await page.getByLabel('Item name').fill('Gift wrap');
    await page.getByLabel('Price').fill('3.50');
    await page.getByRole('button', { name: 'Add custom item' }).click();
    await page.getByLabel('Email', { exact: true }).fill('walk.in@example.com');
    await page.getByLabel('First name').fill('Wanda');
    await page.getByLabel('Last name').fill('Walkin');
    await page.getByLabel('Street address').fill('1 Main St');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State or region (optional)').fill('NY');
    await page.getByLabel('Postal code').fill('10001');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel(/Paid already/).check();
    // A coupon that does not exist is refused beside its field, and nothing is created.
    await page.getByLabel('Coupon code (optional)').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.getByText('No coupon has this code').waitFor();
    await shot(page, 'orders-new-order-refused');
    await page.getByLabel('Coupon code (optional)').fill('');
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.getByRole('heading', { level: 1, name: /^Order #\d+$/ }).waitFor();
    await page.locator('.order-subtitle').getByText('Paid').waitFor();
    await page.locator('.order-lines').getByText('Gift wrap').waitFor();
    await shot(page, 'orders-new-order-created');
  }, 60_000);

  it('works with the keyboard alone: Tab to Fulfil items, fill the form, submit', async () => {
    const order = await apiOrder(2);
    const page = await newPage();
    await signIn(page, server.baseUrl, `/admin/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    let steps = 0;
    while ((await focused()) !== 'Fulfil items' && steps < 60) {
      await page.keyboard.press('Tab');
      steps += 1;
    }
    expect(await focused()).toBe('Fulfil items');
    // The focus ring shows where the keyboard is.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Fulfil items' });
    await dialog.waitFor();
    // Focus is inside the dialog, on the first quantity; Tab leads to the tracking fields.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    const tabTo = async (label: string) => {
      for (let i = 0; i < 10; i += 1) {
        const name = await page.evaluate(
          () => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '',
        );
        if (name === label) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`${label} not reached with Tab`);
    };
    await tabTo('Carrier');
    await page.keyboard.type('USPS');
    await tabTo('Tracking number');
    await page.keyboard.type('9400100000000000000000');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('9400100000000000000000').waitFor();
    await shot(page, 'orders-keyboard-fulfilled');
    // Escape closes a dialog and gives the focus back.
    await page.getByRole('button', { name: 'Cancel order' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit tracking of Shipment 1' }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit tracking' });
    await edit.waitFor();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    expect(await focused()).toBe('Edit tracking of Shipment 1');
  }, 60_000);

  it('has no serious or critical axe violations on the order pages', async () => {
    const page = await newPage();
    await signIn(page, server.baseUrl, '/admin/orders');
    for (const path of [
      '/admin/orders',
      `/admin/orders/${shopOrder.id}`,
      '/admin/orders/new',
      `/admin/orders/${shopOrder.id}/packing-slip`,
    ]) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.spinner').first().waitFor({ state: 'detached' });
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    }
    // The fulfil dialog too.
    const open = await apiOrder();
    await page.goto(`${server.baseUrl}/admin/orders/${open.id}`);
    await page.getByRole('button', { name: 'Fulfil items' }).click();
    await page.getByRole('dialog', { name: 'Fulfil items' }).waitFor();
    const dialog = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(dialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
  }, 90_000);

  it('reads on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, server.baseUrl, `/admin/orders/${shopOrder.id}`);
    await page.getByRole('heading', { level: 1, name: `Order #${shopOrder.number}` }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(page, 'orders-order-phone');
    await page.goto(`${server.baseUrl}/admin/orders`);
    await page.getByRole('row', { name: new RegExp(`#${shopOrder.number}`) }).waitFor();
    await shot(page, 'orders-list-phone');
  }, 60_000);

  it('shows a staff member who may only read orders no action, and the server refuses a refund anyway', async () => {
    const email = 'reader@staff.test';
    const password = await server.addStaff({ email, role: 'staff', permissions: ['orders:read'] });
    const page = await newPage();
    await signIn(page, server.baseUrl, '/admin/orders', { email, password });
    await page.getByRole('row', { name: new RegExp(`#${shopOrder.number}`) }).waitFor();
    expect(await page.getByRole('link', { name: 'Create order' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /Select/ }).count()).toBe(0);
    await page.getByRole('link', { name: `#${shopOrder.number}` }).click();
    await page.getByRole('heading', { level: 1, name: `Order #${shopOrder.number}` }).waitFor();
    await page.getByRole('heading', { name: 'Payments and refunds' }).waitFor();
    for (const name of ['Fulfil items', 'Refund', 'Cancel order', 'Mark as paid', 'Post comment', 'Add']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await page.getByRole('button', { name: /Edit|Delete/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Print packing slip' }).waitFor();
    await shot(page, 'orders-read-only-order');
    const status = await page.evaluate(
      async ({ orderId }) => {
        const tokens = JSON.parse(localStorage.getItem('merx-admin-tokens') ?? '{}') as {
          accessToken?: { value?: string };
        };
        const res = await fetch(`/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: tokens.accessToken?.value ?? '' },
          body: JSON.stringify({ payments: [], details: { shippingIncluded: true } }),
        });
        return res.status;
      },
      { orderId: shopOrder.id },
    );
    expect(status).toBe(403);
    expect((await api.orders.getOrder(shopOrder.id)).order.paymentStatus).toBe('PARTIALLY_REFUNDED');
  }, 60_000);
});
