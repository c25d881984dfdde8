/**
 * Settings → Payments (Stripe, issue 22 part 1) in a real Chromium against a real server pointed at the local Stripe
 * stand-in: a key of the wrong shape is refused beside its field and nothing is saved; the keys are saved with the
 * secrets write-only (the page says "set, ends in …" and never shows them; the database holds them sealed); the
 * storefront's payments config then offers Stripe; keys from the environment are shown read-only with a note. axe on
 * the page; screenshots in tests/e2e/artifacts/backoffice/ and /tmp.
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../../packages/server/src/testing/stripe-standin/index.js';
import {
  type AdminServer,
  browserSuite,
  buildApps,
  launchChromium,
  newStaffPage,
  OWNER,
  shot,
  signIn,
  startAdminServer,
} from './admin-kit.js';

const suite = browserSuite();

suite('the payment settings in Chromium', { timeout: 240_000 }, () => {
  let standIn: StripeStandIn;
  let server: AdminServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    await buildApps();
    standIn = await startStripeStandIn();
    // Only Stripe's address comes from the configuration: the keys are set in the back office.
    server = await startAdminServer({ stripe: { apiUrl: standIn.url } });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
    await standIn?.close();
  });

  async function staffPage(): Promise<Page> {
    const staff = await newStaffPage(browser, problems);
    contexts.push(staff.context);
    staff.page.on('response', (r) => {
      if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    return staff.page;
  }

  async function snap(page: Page, name: string): Promise<void> {
    await shot(page, name);
    await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
  }

  async function expectAxeClean(page: Page): Promise<void> {
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  }

  const storedStripe = async () =>
    (
      await server.merx.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'payments.stripe')
        .executeTakeFirst()
    )?.value ?? '';

  const paymentsConfig = async () =>
    (await (await fetch(`${server.baseUrl}/_api/merx/v1/payments/config`)).json()) as {
      providers: string[];
      stripe?: { publishableKey: string };
    };

  it('refuses a bad key beside its field, then saves the keys with the secrets write-only', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/settings', OWNER);
    await page.getByRole('link', { name: /^Payments Card payments/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    await page.getByText(`${server.baseUrl}/_api/merx/v1/payments/stripe/webhook`).waitFor();
    expect(await paymentsConfig()).not.toHaveProperty('stripe');

    await page.getByLabel('Publishable key').fill(standIn.publishableKey);
    await page.getByLabel('Secret key').fill('pk_test_notasecretkey');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Must be a secret key/).waitFor();
    expect(await page.getByLabel('Secret key').getAttribute('aria-invalid')).toBe('true');
    await snap(page, 'payments-10-bad-key');
    expect(await storedStripe()).toBe('');

    await page.getByLabel('Take card payments with Stripe').check();
    await page.getByLabel('When cards are charged').selectOption('MANUAL');
    await page.getByLabel('Secret key').fill(standIn.secretKey);
    await page.getByLabel('Webhook signing secret').fill(standIn.webhookSecret);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Turn Stripe on' }).click();
    await page.getByText('Payment settings saved').waitFor();
    await page.getByText(`Set, ends in …${standIn.secretKey.slice(-4)}`).waitFor();
    expect(await page.getByLabel('Secret key').inputValue()).toBe('');
    expect(await page.getByLabel('Webhook signing secret').inputValue()).toBe('');
    const html = await page.content();
    expect(html).not.toContain(standIn.secretKey);
    expect(html).not.toContain(standIn.webhookSecret);
    await snap(page, 'payments-11-saved');
    await expectAxeClean(page);

    // Sealed at rest: the stored settings hold neither secret.
    const stored = await storedStripe();
    expect(stored).toContain(standIn.publishableKey);
    expect(stored).not.toContain(standIn.secretKey);
    expect(stored).not.toContain(standIn.webhookSecret);
    expect(await paymentsConfig()).toMatchObject({ stripe: { publishableKey: standIn.publishableKey } });

    // After a reload the page still says what is set, and shows none of it.
    await page.reload();
    await page.getByText(`Set, ends in …${standIn.secretKey.slice(-4)}`).waitFor();
    expect(await page.getByLabel('When cards are charged').inputValue()).toBe('MANUAL');
    expect(await page.getByLabel('Take card payments with Stripe').isChecked()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('shows keys from the environment read-only, with a note saying where to change them', async () => {
    const envServer = await startAdminServer({
      stripe: {
        secretKey: standIn.secretKey,
        publishableKey: standIn.publishableKey,
        webhookSecret: standIn.webhookSecret,
        apiUrl: standIn.url,
      },
    });
    try {
      const page = await staffPage();
      await signIn(page, envServer.baseUrl, '/admin/settings/payments', OWNER);
      await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
      await page.getByText(/These keys come from the server’s environment/).waitFor();
      for (const label of ['Publishable key', 'Secret key', 'Webhook signing secret'])
        expect(await page.getByLabel(label).isDisabled()).toBe(true);
      expect(await page.getByLabel('Publishable key').inputValue()).toBe(standIn.publishableKey);
      expect(await page.getByLabel('Take card payments with Stripe').isChecked()).toBe(true);
      expect(await page.content()).not.toContain(standIn.secretKey);
      await snap(page, 'payments-12-environment');
      await expectAxeClean(page);
      expect(problems).toEqual([]);
    } finally {
      await envServer.close();
    }
  });
});
