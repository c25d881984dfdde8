/**
 * The hosted sign-up and sign-in pages in a real Chromium with captcha on. The provider is a local stand-in (a real
 * HTTP server following the providers' verify protocol, and a small widget script with the part of their browser
 * API the pages use): nothing is loaded from the internet. Journeys: the invisible check passes; the invisible check
 * fails and the member recovers through the visible challenge; a browser without JavaScript is told what is needed.
 * Screenshots land in tests/e2e/artifacts/hosted-captcha/. Skipped when Chromium is not installed.
 */
process.env.MERX_ARGON2_FAST = '1';

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '@merx/server/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCaptchaVerifier } from '../../../packages/server/src/modules/identity/captcha.js';
import {
  type LocalCaptchaProvider,
  startLocalCaptchaProvider,
} from '../../../packages/server/src/modules/identity/captcha-test-kit.js';
import type { OAuthClient } from '../../../packages/server/src/modules/oauth/clients.service.js';
import { browserSuite, ensureEnhanceBundle } from './hosted-kit.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'hosted-captcha');
const PASSWORD = 'correct horse 1';
const INVISIBLE = '6LcStandInInvisible';
const VISIBLE = '6LcStandInVisible';

let server: TestServer;
let provider: LocalCaptchaProvider;
let shop: OAuthClient;
let browser: Browser;
let context: BrowserContext | undefined;

const suite = browserSuite();

suite('hosted pages with captcha in Chromium', () => {
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await ensureEnhanceBundle();
    provider = await startLocalCaptchaProvider({ global: 'grecaptcha' });
    server = await startTestServer({
      listen: true,
      captcha: createCaptchaVerifier({ verifyUrl: provider.verifyUrl, scriptUrl: provider.scriptUrl }),
    });
    await server.services.identity.captcha.update({
      captchaEnabled: true,
      captchaProvider: 'recaptcha',
      captchaInvisibleSiteKey: INVISIBLE,
      captchaVisibleSiteKey: VISIBLE,
      captchaSecret: provider.secret,
    });
    shop = await server.services.clients.create({
      name: 'E2E captcha shop',
      redirectUris: [`${server.baseUrl}/callback`],
      allowedOrigins: [server.baseUrl],
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await provider?.close();
  });

  async function newPage(javaScriptEnabled = true): Promise<Page> {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1024, height: 900 }, javaScriptEnabled });
    // Nothing may leave the machine: every request goes to the store or the local provider.
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => {
        problems.push(`request to the internet: ${route.request().url()}`);
        return route.abort();
      },
    );
    const page = await context.newPage();
    page.on('console', (m) => {
      // Refused forms answer 400 on purpose and the callback is a 404: the browser logs a failed load for both.
      if (m.type() === 'error' && !/responded with a status of 40[04]/.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    return page;
  }

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

  async function verifyEmail(page: Page, address: string): Promise<void> {
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const row = await server.merx.db
      .selectFrom('mail_messages')
      .select('text_body')
      .where('to_address', '=', address)
      .orderBy('created_date', 'desc')
      .executeTakeFirstOrThrow();
    await page.getByLabel('Code').fill(/\b(\d{6})\b/.exec(row.text_body)?.[1] as string);
    await page.getByRole('button', { name: 'Verify email' }).click();
  }

  async function fillSignUp(page: Page, address: string) {
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  }

  async function passVisibleChallenge(page: Page, button: string, name: string) {
    await page.getByText('complete the check on this page').waitFor();
    await shot(page, `${name}-challenge`);
    // Sending the form before the check says what is missing, and sends nothing.
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: button }).click();
    await expect.poll(() => page.locator('#captcha-error').textContent()).toContain('Complete the check above first');
    await page.getByRole('button', { name: 'I am a person (stand-in check)' }).click();
    await expect.poll(() => page.locator('input[name="captchaVisible"]').inputValue()).not.toBe('');
    await page.getByRole('button', { name: button }).click();
  }

  it('signs up with the invisible check passing', async () => {
    provider.failingSiteKeys.clear();
    const flow = await startSignIn();
    const page = await newPage();
    await page.goto(flow.url);
    const address = `cap-${randomUUID().slice(0, 8)}@example.com`;
    await fillSignUp(page, address);
    await shot(page, '01-sign-up');
    const mark = provider.verifications.length;
    await page.getByRole('button', { name: 'Create account' }).click();
    await verifyEmail(page, address);
    await expectSignedIn(page, flow);
    expect(provider.verifications.slice(mark)).toEqual([expect.objectContaining({ sitekey: INVISIBLE })]);
  });

  it('signs up through the visible challenge when the invisible check fails', async () => {
    provider.failingSiteKeys.add(INVISIBLE);
    try {
      const flow = await startSignIn();
      const page = await newPage();
      await page.goto(flow.url);
      const address = `cap-${randomUUID().slice(0, 8)}@example.com`;
      await fillSignUp(page, address);
      await page.getByRole('button', { name: 'Create account' }).click();
      await passVisibleChallenge(page, 'Create account', '02-sign-up');
      await verifyEmail(page, address);
      await expectSignedIn(page, flow);
    } finally {
      provider.failingSiteKeys.clear();
    }
  });

  async function registered(): Promise<string> {
    const address = `cap-${randomUUID().slice(0, 8)}@example.com`;
    await server.services.identity.register(
      {
        loginId: { email: address },
        password: PASSWORD,
        captchaTokens: [{ InvisibleRecaptcha: provider.issue(INVISIBLE) }],
      },
      { ip: undefined },
    );
    return address;
  }

  it('signs in with the invisible check passing', async () => {
    const address = await registered();
    const flow = await startSignIn();
    const page = await newPage();
    await page.goto(flow.url);
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectSignedIn(page, flow);
  });

  it('signs in through the visible challenge when the invisible check fails', async () => {
    const address = await registered();
    provider.failingSiteKeys.add(INVISIBLE);
    try {
      const flow = await startSignIn();
      const page = await newPage();
      await page.goto(flow.url);
      await page.getByLabel('Email').fill(address);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await passVisibleChallenge(page, 'Sign in', '03-sign-in');
      await expectSignedIn(page, flow);
    } finally {
      provider.failingSiteKeys.clear();
    }
  });

  it('tells a browser without JavaScript what the check needs', async () => {
    const flow = await startSignIn();
    const page = await newPage(false);
    await page.goto(flow.url);
    await page.getByText('that check needs JavaScript').waitFor();
    await shot(page, '04-no-javascript');
    await page.getByLabel('Email').fill(await registered());
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'complete the check on this page' }).waitFor();
    expect(await page.getByText('that check needs JavaScript').isVisible()).toBe(true);
    await shot(page, '05-no-javascript-refused');
  });

  it('runs the widget under the pages’ policy without a violation or a script error', () => {
    expect(problems).toEqual([]);
  });
});
