/**
 * Single sign-on in a real Chromium: a member signs up through a local OpenID provider (oidc-provider, started
 * here) from the hosted sign-in page's "Continue with" button, then signs back in from a fresh browser and is the
 * same member; an unverified email does not take over an existing account. Screenshots land in
 * tests/e2e/artifacts/hosted-sso/. Skipped when Chromium is not installed.
 */
process.env.MERX_ARGON2_FAST = '1';

import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  addProvider,
  authSession,
  type LocalProvider,
  type SsoServer,
  startLocalProvider,
  startSsoServer,
  subjectOf,
} from '../../../packages/server/src/modules/sso/sso-test-kit.js';
import { browserSuite, ensureEnhanceBundle } from './hosted-kit.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'hosted-sso');

let server: SsoServer;
let op: LocalProvider;
let browser: Browser;
let context: BrowserContext | undefined;

const suite = browserSuite();

suite('single sign-on in Chromium', () => {
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await ensureEnhanceBundle();
    server = await startSsoServer();
    op = await startLocalProvider([`${server.baseUrl}/auth/v1/callback`]);
    const added = await addProvider(server, {
      name: 'Local ID',
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
    });
    expect(added.status).toBe(200);
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
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await op?.close();
    await server?.close();
  });

  async function newPage(): Promise<Page> {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      // The shop's callback page does not exist on the test server; pages refused on purpose answer 403.
      if (m.type() === 'error' && !/status of 40[034]/.test(m.text())) problems.push(m.text());
    });
    return page;
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

  /** From the storefront's sign-in to the provider's page, signed in there as `login`. */
  async function continueWithProvider(page: Page, login: string, prefix: string) {
    const flow = await authSession(server);
    await page.goto(flow.url);
    await shot(page, `${prefix}-1-sign-in`);
    await page.getByRole('link', { name: 'Continue with Local ID' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${op.issuer}/interaction/`));
    await shot(page, `${prefix}-2-provider`);
    await page.getByLabel('Account').fill(login);
    await page.getByRole('button', { name: 'Sign in to the provider' }).click();
    return flow;
  }

  async function memberOf(page: Page, flow: { verifier: string; state: string }): Promise<string> {
    await page.waitForURL(/\/shop\/callback#/);
    const result = new URLSearchParams(new URL(page.url()).hash.slice(1));
    expect(result.get('state')).toBe(flow.state);
    const res = await fetch(`${server.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: server.shop.id,
        grantType: 'authorization_code',
        redirectUri: server.shop.redirectUris[0],
        code: result.get('code'),
        codeVerifier: flow.verifier,
      }),
    });
    expect(res.status).toBe(200);
    return subjectOf(((await res.json()) as { access_token: string }).access_token);
  }

  it('signs a member up through the provider, and back in from another browser', async () => {
    const email = `sso-e2e-${Date.now()}@example.com`;
    op.accounts.set('ann', { email, email_verified: true, given_name: 'Ann', family_name: 'Lee' });
    const first = await newPage();
    const signUp = await continueWithProvider(first, 'ann', '01-sign-up');
    const memberId = await memberOf(first, signUp);
    const member = await server.services.identity.get(memberId);
    expect(member).toMatchObject({ email, emailVerified: true, passwordHash: null });

    const again = await newPage();
    const signIn = await continueWithProvider(again, 'ann', '02-sign-in');
    expect(await memberOf(again, signIn)).toBe(memberId);
    expect(problems).toEqual([]);
  });

  it('does not link an existing account when the provider has not verified the email', async () => {
    const email = `sso-e2e-pw-${Date.now()}@example.com`;
    await server.services.identity.register({ loginId: { email }, password: 'correct horse 1' }, { ip: undefined });
    op.accounts.set('mallory', { email, email_verified: false });
    const page = await newPage();
    await continueWithProvider(page, 'mallory', '03-unverified');
    await expect.poll(() => page.getByRole('heading', { name: 'This email already has an account' }).count()).toBe(1);
    await shot(page, '03-unverified-3-refused');
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).count()).toBe(1);
    const links = await server.merx.db.selectFrom('identity_provider_links').select('email').execute();
    expect(links.map((l) => l.email)).not.toContain(email);
  });
});
