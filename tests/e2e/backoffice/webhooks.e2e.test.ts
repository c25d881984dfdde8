/**
 * Settings → Webhooks in a real Chromium against a real server, with real HTTP receivers on loopback standing in for
 * the merchant's apps: a bad URL is refused beside its field with the server's words; an endpoint is added for the
 * order events and its signing secret shown once; a test event arrives signed (checked with the standardwebhooks
 * package) and succeeds in the delivery log, whose side panel shows the attempt and the event; an order made through
 * the API is delivered and listed; events are replayed since a date; the endpoint is paused and resumed, its secret
 * rotated (the receiver checks with the new one) and it is deleted. A failing endpoint is flagged, one that answers
 * 410 is disabled with a banner saying why, then re-enabled; its log pages with "Load more". Read-only staff see no
 * way to change anything; the store setting asks before allowing private addresses. The orders list shows a new
 * order made through the API without a reload (and staff without events:listen open no stream). Screenshots in
 * tests/e2e/artifacts/backoffice/.
 */
process.env.MERX_ARGON2_FAST = '1';

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { ApiKeyStrategy, createClient, orders, products, webhooks } from '@merx/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
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
const JOURNEY_TIMEOUT = 240_000;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; entityId: string };
}

/** The merchant's app: a loopback HTTP server that records each delivery and answers `answer.status` (200). */
async function startReceiver() {
  const received: Received[] = [];
  const answer = { status: 200 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, event: JSON.parse(body) });
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.status === 200 ? 'thanks' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/merx`,
    received,
    answer,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether a delivery carries a Standard Webhooks signature made with `secret`. */
function signedWith(r: Received, secret: string): boolean {
  try {
    new Webhook(secret).verify(r.body, {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  }
}

async function expectNoSeriousAxe(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

suite('webhooks and live refresh in Chromium', { timeout: JOURNEY_TIMEOUT }, () => {
  let server: AdminServer;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let api: ReturnType<typeof makeApi>;
  let productId: string;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  function makeApi(baseUrl: string, apiKey: string) {
    return createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { products, orders, webhooks } });
  }

  beforeAll(async () => {
    await buildApps();
    // Development mode: plain http:// to loopback is allowed (the receiver); receivers answer within 1.5 s here.
    server = await startAdminServer({ development: true, webhookTimeoutMs: 1500 });
    browser = await launchChromium();
    receiver = await startReceiver();
    api = makeApi(server.baseUrl, (await server.app.services.apiKeys.create({ name: 'E2E webhooks' })).key);
    const first = (await api.products.queryProducts().limit(1).find()).items[0];
    if (!first) throw new Error('The demo store has no product');
    productId = first.id;
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await receiver?.close();
    await server?.close();
  });

  async function staffPage(): Promise<Page> {
    const { context, page } = await newStaffPage(browser, problems);
    contexts.push(context);
    page.on('response', (r) => {
      if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    onTestFailed(async ({ task }) => {
      console.error('problems in the pages:', problems);
      await shot(page, `failed-webhooks-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
    });
    return page;
  }

  /** An order through the API (an integration's, not the page's), as the journeys' outside change. */
  async function apiOrder(email: string) {
    const { order } = await api.orders.createOrder({
      paymentMethod: 'offline',
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: productId }, quantity: 1 }],
      buyerInfo: { email },
      billingInfo: { contactDetails: { firstName: 'Wren', lastName: 'Hook' } },
      shippingInfo: {
        shippingDestination: {
          address: {
            country: 'US',
            subdivision: 'US-NY',
            city: 'New York',
            postalCode: '10118',
            addressLine: '1 Main St',
          },
          contactDetails: { firstName: 'Wren', lastName: 'Hook' },
        },
      },
    } as Parameters<typeof api.orders.createOrder>[0]);
    return order;
  }

  /** Clicks the log's Refresh until `name` shows in it (deliveries go out a moment after the change). */
  async function waitInLog(page: Page, name: RegExp): Promise<void> {
    const log = page.getByRole('table', { name: 'Deliveries' });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          await page.waitForTimeout(300);
          return log.getByRole('row', { name }).count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBeGreaterThan(0);
  }

  it('adds an endpoint, shows its secret once, and follows test and order deliveries', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/settings/webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No endpoints yet').waitFor();
    await shot(page, 'webhooks-01-empty');
    await expectNoSeriousAxe(page, 'webhooks index');

    // A bad URL: the server's words beside the field, nothing added.
    await page.getByRole('main').getByRole('link', { name: 'Add endpoint' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Add endpoint' }).waitFor();
    await page.getByLabel('Endpoint URL').fill('not a web address');
    await page.getByRole('checkbox', { name: 'All events' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('Is not a URL').waitFor();
    expect(await page.getByLabel('Endpoint URL').getAttribute('aria-invalid')).toBe('true');
    expect(await server.app.services.webhooks.list()).toEqual([]);
    await shot(page, 'webhooks-02-bad-url');

    // The order events, picked by area after a search; then saved.
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Description').fill('Warehouse system');
    await page.getByRole('checkbox', { name: 'All events' }).uncheck();
    await page.getByLabel('Find an event').fill('order');
    await page.getByRole('checkbox', { name: /^Select all in Orders/ }).check();
    expect(await page.getByRole('checkbox', { name: /An order was placed/ }).isChecked()).toBe(true);
    await shot(page, 'webhooks-03-new-endpoint');
    await expectNoSeriousAxe(page, 'new endpoint');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('heading', { name: 'Copy the signing secret now' }).waitFor();
    let secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByText('This is the only time the secret is shown').waitFor();
    await shot(page, 'webhooks-04-secret-once');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { level: 1, name: 'Warehouse system' }).waitFor();
    const endpointPath = new URL(page.url()).pathname;
    // Never shown again: not on the endpoint's page, nor after a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Warehouse system' }).waitFor();
    expect(await page.content()).not.toContain(secret);

    // A test event: it arrives signed with the secret shown, and the page says it succeeded.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText(/Test event delivered: the endpoint answered HTTP 200/).waitFor({ timeout: 20_000 });
    const test = receiver.received.find((r) => r.event.type === 'merx.webhooks.v1.test');
    expect(test).toBeDefined();
    expect(signedWith(test as Received, secret)).toBe(true);
    await waitInLog(page, /Test event.*Succeeded/);
    await shot(page, 'webhooks-05-test-delivered');

    // Its side panel: the attempt and the event as delivered; Escape closes it.
    await page.getByRole('table', { name: 'Deliveries' }).getByRole('button', { name: 'Test event' }).click();
    const drawer = page.getByRole('dialog', { name: 'Test event' });
    await drawer.getByText('HTTP 200').waitFor();
    await drawer.getByText('thanks').waitFor();
    await drawer.getByText('"type": "merx.webhooks.v1.test"').waitFor();
    await shot(page, 'webhooks-06-delivery-panel');
    await expectNoSeriousAxe(page, 'delivery panel');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // An order made elsewhere is delivered, and listed in the log; the status filter keeps it.
    const order = await apiOrder('hook.buyer@example.com');
    await expect
      .poll(
        () =>
          receiver.received.some((r) => r.event.type === 'wix.ecom.v1.order_created' && r.event.entityId === order.id),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await waitInLog(page, /An order was placed.*Succeeded/);
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('FAILED');
    await page.getByText('No deliveries match').waitFor();
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('SUCCEEDED');
    await page
      .getByRole('table', { name: 'Deliveries' })
      .getByRole('row', { name: /An order was placed/ })
      .first()
      .waitFor();
    await shot(page, 'webhooks-07-order-delivered');

    // Replay since a date before the order: asked first, then queued again.
    const before = receiver.received.filter((r) => r.event.type === 'wix.ecom.v1.order_created').length;
    await page.getByRole('button', { name: 'Replay events' }).click();
    const replay = page.getByRole('dialog', { name: 'Replay events' });
    await replay.getByRole('button', { name: 'Replay…' }).click();
    await page
      .getByRole('dialog', { name: 'Send these events again?' })
      .getByRole('button', { name: 'Replay events' })
      .click();
    await page.getByText(/events? queued again/).waitFor();
    await expect
      .poll(() => receiver.received.filter((r) => r.event.type === 'wix.ecom.v1.order_created').length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(before);

    // Pause and resume.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Endpoint paused').waitFor();
    await page.getByText('Paused: events wait and go out when you resume.').waitFor();
    expect((await server.app.services.webhooks.list())[0]?.status).toBe('PAUSED');
    await shot(page, 'webhooks-08-paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('Endpoint resumed').waitFor();
    expect((await server.app.services.webhooks.list())[0]?.status).toBe('ACTIVE');

    // Rotate with an hour's grace: the new secret once; deliveries then verify with it.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate signing secret' });
    await rotate.getByLabel('The old secret').selectOption({ label: 'Keep it for 1 hour' });
    await shot(page, 'webhooks-09-rotate');
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('heading', { name: 'Copy the new signing secret now' }).waitFor();
    const rotated = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    secret = rotated;
    await page.getByText(/Still signs beside the new one until/).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    const tests = receiver.received.filter((r) => r.event.type === 'merx.webhooks.v1.test').length;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect
      .poll(() => receiver.received.filter((r) => r.event.type === 'merx.webhooks.v1.test').length, { timeout: 20_000 })
      .toBeGreaterThan(tests);
    expect(signedWith(receiver.received.at(-1) as Received, secret)).toBe(true);
    await expectNoSeriousAxe(page, 'endpoint page');

    // The list shows it with its status and events.
    await page.goto(`${server.baseUrl}/admin/settings/webhooks`);
    const row = page.getByRole('table', { name: 'Webhook endpoints' }).getByRole('row', { name: /Warehouse system/ });
    await row.getByText('Active').waitFor();
    await row.getByText('8 events').waitFor();
    await shot(page, 'webhooks-10-list');

    // Delete, after confirming.
    await page.goto(`${server.baseUrl}${endpointPath}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this endpoint?' })
      .getByRole('button', { name: 'Delete endpoint' })
      .click();
    await page.getByText('Endpoint deleted').waitFor();
    await page.getByText('No endpoints yet').waitFor();
    expect(await server.app.services.webhooks.list()).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('warns of a failing endpoint, says why Merx stopped sending, re-enables it and pages its log', async () => {
    const failing = await startReceiver();
    try {
      const { endpoint } = await api.webhooks.createEndpoint({
        url: failing.url,
        description: 'Accounting',
        eventTypes: ['*'],
      });
      // A 500: the run of failures starts, and the list says since when.
      failing.answer.status = 500;
      await api.webhooks.sendTest(endpoint.id);
      await expect
        .poll(async () => (await api.webhooks.getEndpoint(endpoint.id)).endpoint.failingSince, { timeout: 20_000 })
        .not.toBeNull();
      const page = await staffPage();
      await signIn(page, server.baseUrl, '/admin/settings/webhooks');
      const row = page.getByRole('table', { name: 'Webhook endpoints' }).getByRole('row', { name: /Accounting/ });
      await row.getByText(/Failing since/).waitFor();
      await row.getByText('All events').waitFor();
      await shot(page, 'webhooks-13-failing');

      // A 410 to the delivery sent again from its side panel: Merx stops sending at once.
      failing.answer.status = 410;
      await row.getByRole('link', { name: failing.url }).click();
      await page.getByRole('heading', { level: 1, name: 'Accounting' }).waitFor();
      await page.getByRole('table', { name: 'Deliveries' }).getByRole('button', { name: 'Test event' }).click();
      const drawer = page.getByRole('dialog', { name: 'Test event' });
      await drawer.getByText('HTTP 500').waitFor();
      await drawer.getByRole('button', { name: 'Replay delivery' }).click();
      await page.getByText('Delivery sent again').waitFor();
      await expect
        .poll(async () => (await api.webhooks.getEndpoint(endpoint.id)).endpoint.status, { timeout: 20_000 })
        .toBe('DISABLED');
      await drawer.getByText('HTTP 410').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Webhooks' }).click();
      const banner = page.getByRole('region', { name: 'An endpoint no longer receives events' });
      await banner
        .getByText(`Merx stopped sending to ${failing.url} because the receiving app asked Merx to stop`)
        .waitFor();
      await banner.getByText('The endpoint answered 410 Gone').waitFor();
      await row.getByText('Disabled').waitFor();
      await shot(page, 'webhooks-14-disabled-banner');
      await expectNoSeriousAxe(page, 'disabled banner');

      // Re-enabled: the replay of what it missed is offered from the moment it stopped (declined here).
      failing.answer.status = 200;
      await banner.getByRole('link', { name: failing.url }).click();
      await page.getByRole('heading', { level: 1, name: 'Accounting' }).waitFor();
      expect(await page.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Re-enable' }).click();
      await page.getByText('Endpoint re-enabled').waitFor();
      const replay = page.getByRole('dialog', { name: 'Replay events' });
      await replay.getByLabel('Send again every event since').waitFor();
      await replay.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      expect((await api.webhooks.getEndpoint(endpoint.id)).endpoint.status).toBe('ACTIVE');
      expect(await page.getByRole('region', { name: 'An endpoint no longer receives events' }).count()).toBe(0);

      // More deliveries than a page: "Load more" brings the older ones.
      for (let i = 0; i < 26; i++) await api.webhooks.sendTest(endpoint.id);
      const total = (await api.webhooks.listDeliveries(endpoint.id, { limit: 100 })).deliveries.length;
      expect(total).toBe(27);
      await page.reload();
      const log = page.getByRole('table', { name: 'Deliveries' });
      await expect.poll(() => log.locator('tbody tr').count()).toBe(25);
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => log.locator('tbody tr').count()).toBe(27);
      expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Delete this endpoint?' })
        .getByRole('button', { name: 'Delete endpoint' })
        .click();
      await page.getByText('Endpoint deleted').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await failing.close();
    }
  });

  it('a staff member with webhooks:read sees endpoints and their log but no way to change them', async () => {
    const { endpoint } = await api.webhooks.createEndpoint({
      url: receiver.url,
      description: 'Read-only look',
      eventTypes: ['wix.ecom.v1.order_created'],
    });
    try {
      const email = `viewer-${crypto.randomUUID()}@staff.test`;
      const password = await server.addStaff({ email, role: 'staff', permissions: ['webhooks:read', 'orders:read'] });
      const page = await staffPage();
      await signIn(page, server.baseUrl, '/admin/settings/webhooks', { email, password });
      await page.getByRole('link', { name: receiver.url }).waitFor();
      expect(await page.getByRole('link', { name: 'Add endpoint' }).count()).toBe(0);
      expect(
        await page.getByRole('checkbox', { name: 'Allow deliveries to private network addresses' }).isDisabled(),
      ).toBe(true);
      await page.getByRole('link', { name: receiver.url }).click();
      await page.getByRole('heading', { level: 1, name: 'Read-only look' }).waitFor();
      await page.getByRole('table', { name: 'Deliveries' }).or(page.getByText('No deliveries yet')).first().waitFor();
      for (const name of ['Send test event', 'Pause', 'Rotate secret', 'Replay events', 'Delete'])
        expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
      expect(await page.getByLabel('Endpoint URL').isDisabled()).toBe(true);
      await page.getByText('changing it needs the “webhooks:manage” permission').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await api.webhooks.deleteEndpoint(endpoint.id);
    }
  });

  it('asks before allowing deliveries to private network addresses', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/settings/webhooks');
    const box = page.getByRole('checkbox', { name: 'Allow deliveries to private network addresses' });
    await box.click();
    const ask = page.getByRole('dialog', { name: 'Allow deliveries to private network addresses?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await box.isChecked()).toBe(false);
    expect((await server.app.services.webhooks.settings()).allowPrivateNetworks).toBe(false);
    await box.click();
    await ask.getByRole('button', { name: 'Allow private addresses' }).click();
    await page.getByText('Deliveries to private addresses allowed').waitFor();
    expect(await box.isChecked()).toBe(true);
    expect((await server.app.services.webhooks.settings()).allowPrivateNetworks).toBe(true);
    await shot(page, 'webhooks-11-private-networks');
    await box.click();
    await page.getByText('Deliveries to private addresses stopped').waitFor();
    expect((await server.app.services.webhooks.settings()).allowPrivateNetworks).toBe(false);
    expect(problems).toEqual([]);
  });

  it('the orders list shows an order made through the API without a reload', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const order = await apiOrder('live.buyer@example.com');
    const list = page.getByRole('table', { name: 'Orders' });
    await list.getByRole('link', { name: `#${order.number}` }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await shot(page, 'webhooks-12-orders-live');

    // The dashboard follows too: its Live badge shows while the stream is open.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
  });

  it('a staff member without events:listen sees the orders list without a stream or an error', async () => {
    const email = `packer-${crypto.randomUUID()}@staff.test`;
    const password = await server.addStaff({ email, role: 'staff', permissions: ['orders:read'] });
    const page = await staffPage();
    let streams = 0;
    page.on('request', (r) => {
      if (r.url().includes('/events/stream')) streams += 1;
    });
    await signIn(page, server.baseUrl, '/admin/orders', { email, password });
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByRole('table', { name: 'Orders' }).waitFor();
    await page.waitForTimeout(1000);
    expect(streams).toBe(0);
    expect(await page.getByText('Live', { exact: true }).count()).toBe(0);
    // Nor do they see the webhooks settings.
    expect(
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Webhooks' }).count(),
    ).toBe(0);
    expect(problems).toEqual([]);
  });
});
