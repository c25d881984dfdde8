/**
 * The hosted member pages in a real Chromium: sign-up with email verification, sign-in, a wrong password, and
 * password recovery, with the React enhancement loaded under the pages' Content-Security-Policy. Screenshots of
 * every step land in tests/e2e/artifacts/hosted/. Skipped when Chromium is not installed.
 */
process.env.MERX_ARGON2_FAST = '1';

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '@merx/server/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OAuthClient } from '../../../packages/server/src/modules/oauth/clients.service.js';
import { browserSuite, ensureEnhanceBundle } from './hosted-kit.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'hosted');
const PASSWORD = 'correct horse 1';

let server: TestServer;
let shop: OAuthClient;
let browser: Browser;
let context: BrowserContext;

const suite = browserSuite();

suite('hosted pages in Chromium', () => {
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await ensureEnhanceBundle();
    server = await startTestServer({ listen: true });
    shop = await server.services.clients.create({
      name: 'E2E shop',
      redirectUris: [`${server.baseUrl}/callback`],
      allowedOrigins: [server.baseUrl],
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  /** A fresh browser profile per journey, reporting CSP violations and script errors. */
  async function newPage(
    viewport = { width: 1024, height: 800 },
    colorScheme: 'light' | 'dark' = 'light',
  ): Promise<Page> {
    await context?.close();
    context = await browser.newContext({ viewport, colorScheme });
    const page = await context.newPage();
    page.on('console', (m) => {
      // Pages answered 400 or 404 on purpose (wrong password, unknown link, the callback) log a failed load.
      if (m.type() === 'error' && !/responded with a status of 40[04]/.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    return page;
  }

  /** Starts an OAuth sign-in as a storefront would, on the server's real origin (its public URL differs in tests). */
  async function startSignIn(): Promise<{ url: string; verifier: string; state: string }> {
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(12).toString('base64url');
    const res = await fetch(`${server.baseUrl}/_api/redirects-api/v1/redirect-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        auth: {
          authRequest: {
            redirectUri: shop.redirectUris[0],
            clientId: shop.id,
            codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
            codeChallengeMethod: 'S256',
            responseMode: 'fragment',
            responseType: 'code',
            state,
          },
          prompt: 'login',
        },
      }),
    });
    const fullUrl = new URL(((await res.json()) as { redirectSession: { fullUrl: string } }).redirectSession.fullUrl);
    return { url: `${server.baseUrl}${fullUrl.pathname}${fullUrl.search}`, verifier, state };
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

  async function latestMail(to: string, kind: string): Promise<string> {
    const row = await server.merx.db
      .selectFrom('mail_messages')
      .select('text_body')
      .where('to_address', '=', to)
      .where('kind', '=', kind)
      .orderBy('created_date', 'desc')
      .executeTakeFirstOrThrow();
    return row.text_body;
  }

  /** The callback URL the browser landed on carries a code and the state; the code gives tokens. */
  async function expectSignedIn(page: Page, flow: { verifier: string; state: string }): Promise<void> {
    await page.waitForURL(/\/callback#/);
    const result = new URLSearchParams(new URL(page.url()).hash.slice(1));
    expect(result.get('state')).toBe(flow.state);
    const tokens = await fetch(`${server.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: shop.id,
        grantType: 'authorization_code',
        redirectUri: shop.redirectUris[0],
        code: result.get('code'),
        codeVerifier: flow.verifier,
      }),
    });
    expect(tokens.status).toBe(200);
  }

  it('signs up with email verification, helped by the enhancement', async () => {
    await server.services.memberSettings.update({ requireEmailVerification: true });
    try {
      const address = `new-${randomUUID().slice(0, 8)}@example.com`;
      const flow = await startSignIn();
      const page = await newPage();
      await page.goto(flow.url);
      await shot(page, '01-sign-in');
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.getByLabel('First name').fill('Ann');
      await page.getByLabel('Last name').fill('Lee');
      await page.getByLabel('Email').fill('ann@');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('First name').focus();
      await expect.poll(() => page.locator('#password-error').textContent()).toContain('at least 8 characters');
      expect(await page.locator('#email-error').textContent()).toContain('valid email address');
      await shot(page, '02-sign-up-live-validation');

      await page.getByLabel('Email').fill(address);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
      await shot(page, '03-sign-up-filled');
      await page.getByRole('button', { name: 'Create account' }).click();

      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await shot(page, '04-verify-email');
      const code = /\b(\d{6})\b/.exec(await latestMail(address, 'verification-code'))?.[1] as string;
      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Verify email' }).click();
      await expectSignedIn(page, flow);
    } finally {
      await server.services.memberSettings.update({ requireEmailVerification: false });
    }
  });

  it('says so when the password is wrong, then signs in', async () => {
    const address = `m-${randomUUID().slice(0, 8)}@example.com`;
    await server.services.identity.register({ loginId: { email: address }, password: PASSWORD }, { ip: undefined });
    const flow = await startSignIn();
    const page = await newPage();
    await page.goto(flow.url);
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(address);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('password');
    await shot(page, '05-wrong-password');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectSignedIn(page, flow);
  });

  it('recovers a forgotten password and signs in with the new one', async () => {
    const address = `r-${randomUUID().slice(0, 8)}@example.com`;
    await server.services.identity.register({ loginId: { email: address }, password: PASSWORD }, { ip: undefined });
    const flow = await startSignIn();
    const page = await newPage();
    await page.goto(flow.url);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(address);
    await shot(page, '06-forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await shot(page, '07-forgot-password-sent');

    const link = new URL(
      /(http\S+reset-password\?token=\S+)/.exec(await latestMail(address, 'recovery-link'))?.[1] as string,
    );
    await page.goto(`${server.baseUrl}${link.pathname}${link.search}`);
    await page.getByLabel('New password').fill('a brand new password');
    await shot(page, '08-reset-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await shot(page, '09-password-changed');
    await page.getByRole('link', { name: 'Continue to sign in' }).click();
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill('a brand new password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectSignedIn(page, flow);
  });

  it('fits a phone screen, and shows clear error pages', async () => {
    const flow = await startSignIn();
    const page = await newPage({ width: 375, height: 740 });
    await page.goto(flow.url);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await shot(page, '10-sign-in-phone');
    const res = await page.goto(`${server.baseUrl}/auth/session/${randomUUID()}`);
    expect(res?.status()).toBe(404);
    await shot(page, '11-unknown-link-phone');
  });

  it('reads well in the dark colour scheme', async () => {
    const flow = await startSignIn();
    const page = await newPage({ width: 1024, height: 800 }, 'dark');
    await page.goto(flow.url);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter your email.').waitFor();
    await shot(page, '12-sign-in-dark-empty-submit');
  });

  it('loads styles and the enhancement without any policy violation or script error', () => {
    expect(problems).toEqual([]);
  });
});
