/**
 * Settings → Member sign-up's captcha card in a real Chromium against a real server: turning captcha on without its
 * keys is refused beside the fields, the provider, both site keys and the write-only secret are saved (the page then
 * says the secret is set and never shows it), and the public config publishes the keys. axe on the page; screenshots
 * in tests/e2e/artifacts/backoffice/.
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
const SECRET = 'secret-0123456789-never-shown';

suite('the captcha settings in Chromium', { timeout: 240_000 }, () => {
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

  it('refuses captcha without its keys beside the fields, then saves them with the secret write-only', async () => {
    const staff = await newStaffPage(browser, problems);
    context = staff.context;
    const { page } = staff;
    page.on('response', (r) => {
      if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    await signIn(page, server.baseUrl, '/admin/settings/members', OWNER);
    await page.getByRole('heading', { level: 1, name: 'Member sign-up' }).waitFor();
    await page.getByText('Not set.').waitFor();

    await page.getByLabel('Ask for a captcha on sign-up and sign-in').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Turn captcha on' }).click();
    await page.getByText(/Is required while captcha is on \(members who fail/).waitFor();
    await page.getByText(/Is required while captcha is on \(or set MERX_CAPTCHA_SECRET/).waitFor();
    expect(await page.getByLabel('Visible site key', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'settings-40-captcha-refused');
    expect((await server.app.services.memberSettings.get()).captchaEnabled).toBe(false);

    await page.getByLabel('Provider').selectOption('turnstile');
    await page.getByLabel('Invisible site key').fill('0x4AAAAAAAinvisible');
    await page.getByLabel('Visible site key', { exact: true }).fill('0x4AAAAAAAvisible');
    await page.getByLabel('Secret key').fill(SECRET);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Turn captcha on' }).click();
    await page.getByText('Member sign-up settings saved').waitFor();
    await page.getByText('Set (stored encrypted).').waitFor();
    expect(await page.getByLabel('Secret key').inputValue()).toBe('');
    expect(await page.content()).not.toContain(SECRET);
    await shot(page, 'settings-41-captcha-saved');

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);

    expect(await server.app.services.memberSettings.get()).toMatchObject({
      captchaEnabled: true,
      captchaProvider: 'turnstile',
      captchaInvisibleSiteKey: '0x4AAAAAAAinvisible',
      captchaVisibleSiteKey: '0x4AAAAAAAvisible',
    });
    const config = (await (await fetch(`${server.baseUrl}/_api/merx/v1/public-config`)).json()) as Record<
      string,
      unknown
    >;
    expect(config).toMatchObject({ captchaProvider: 'turnstile', captchaVisibleSiteKey: '0x4AAAAAAAvisible' });
    await server.app.services.memberSettings.update({ captchaEnabled: false });
    expect(problems).toEqual([]);
  });
});
