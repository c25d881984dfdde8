/**
 * Settings → Orders, unpaid orders and "Pay later" (issue 18, items 2 and 7): the merchant sets how long an order
 * paid by card is kept unpaid (a duration in minutes, hours or days, refused outside 5 minutes to 30 days), turns it
 * off, and writes the instructions buyers who pay later get. Desktop and phone screenshots in
 * tests/e2e/artifacts/backoffice/.
 */
process.env.MERX_ARGON2_FAST = '1';

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

suite('unpaid orders and pay-later settings in Chromium', { timeout: 180_000 }, () => {
  let server: AdminServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    await buildApps();
    server = await startAdminServer();
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  it('sets the unpaid-order timeout and the offline instructions, refusing a timeout under 5 minutes', async () => {
    const { context, page } = await newStaffPage(browser, problems);
    contexts.push(context);
    onTestFailed(async () => {
      await shot(page, 'failed-unpaid-orders-settings').catch(() => undefined);
    });
    await signIn(page, server.baseUrl, '/admin/settings/orders');
    const keep = page.getByLabel('Keep an unpaid order for');
    expect(await keep.inputValue()).toBe('1');
    expect(await page.getByLabel('Unit').inputValue()).toBe('HOURS');
    await keep.fill('3');
    await page.getByLabel('Unit').selectOption('MINUTES');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Choose between 5 minutes and 30 days.').waitFor();
    await shot(page, 'unpaid-01-timeout-refused');
    await keep.fill('45');
    await page
      .getByLabel(/How buyers who choose .Pay later. pay you/)
      .fill('Bank transfer to IBAN DE89 3704\nReference: order number');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Order settings saved').waitFor();
    expect(await server.app.services.orders.settings.get()).toMatchObject({
      unpaidOrderTimeout: { duration: 45, unit: 'MINUTES' },
      offlinePaymentInstructions: 'Bank transfer to IBAN DE89 3704\nReference: order number',
    });
    await shot(page, 'unpaid-02-saved-desktop');

    // Turned off: unpaid orders stay until staff act.
    await page.getByLabel(/Cancel orders paid by card/).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await server.app.services.orders.settings.get()).unpaidOrderTimeout).toBeNull();

    const phone = await newStaffPage(browser, problems, { width: 390, height: 844 });
    contexts.push(phone.context);
    await signIn(phone.page, server.baseUrl, '/admin/settings/orders');
    await phone.page.getByLabel(/Cancel orders paid by card/).check();
    await phone.page.getByLabel('Keep an unpaid order for').waitFor();
    await shot(phone.page, 'unpaid-03-phone');
    expect(problems).toEqual([]);
  });
});
