/**
 * Settings → Identity providers in a real Chromium against a real server and a local OpenID provider (oidc-provider,
 * started here): an issuer that does not answer is refused beside its field and nothing is saved; a real one is
 * added with its secret write-only and listed (tests/e2e/hosted/sso.e2e.test.ts signs members in with it). axe on the
 * page; screenshots in
 * tests/e2e/artifacts/backoffice/.
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LocalProvider, startLocalProvider } from '../../../packages/server/src/modules/sso/sso-test-kit.js';
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

suite('identity providers in Chromium', { timeout: 240_000 }, () => {
  let server: AdminServer;
  let provider: LocalProvider;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const problems: string[] = [];

  beforeAll(async () => {
    await buildApps();
    server = await startAdminServer();
    provider = await startLocalProvider([`${server.baseUrl}/auth/v1/callback`]);
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await provider?.close();
    await server?.close();
  });

  it('refuses an issuer that does not answer beside its field, then adds a real one with its secret write-only', async () => {
    const staff = await newStaffPage(browser, problems);
    context = staff.context;
    const { page } = staff;
    page.on('response', (r) => {
      if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    await signIn(page, server.baseUrl, '/admin/settings/identity-providers', OWNER);
    await page.getByRole('heading', { level: 1, name: 'Identity providers' }).waitFor();
    await page.getByText('No identity providers').waitFor();
    await page.getByText(`${server.baseUrl}/auth/v1/callback`).waitFor();

    await page.getByRole('button', { name: 'Add identity provider' }).click();
    await page.getByLabel('Name on the sign-in page').fill('Acme SSO');
    await page.getByLabel('Issuer URL').fill('http://127.0.0.1:9/');
    await page.getByLabel('Client ID').fill(provider.clientId);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(/Did not answer as an OpenID Connect issuer/).waitFor();
    expect(await page.getByLabel('Issuer URL').getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'settings-50-idp-refused');
    expect(await server.app.services.sso.list()).toHaveLength(0);

    await page.getByLabel('Issuer URL').fill(provider.issuer);
    await page.getByLabel('Client secret').fill(provider.clientSecret);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Acme SSO').first().waitFor();
    expect(await server.app.services.sso.list()).toHaveLength(1);
    expect(await page.content()).not.toContain(provider.clientSecret);
    await shot(page, 'settings-51-idp-added');

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
