/**
 * The direct-login hidden frame in a real Chromium: a page on the store's origin loads the bundled SDK, signs a
 * member in with login(), and getMemberTokensForDirectLogin() opens the hosted page in a hidden frame with
 * prompt=none and response mode web_message; the frame posts the code back. Skipped without Chromium, except in CI.
 */
process.env.MERX_ARGON2_FAST = '1';

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MerxDb } from '@merx/db';
import { createTestDb } from '@merx/db/testing';
import { buildApp, type MerxApp } from '@merx/server';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM = '/usr/bin/chromium';
const PASSWORD = 'correct horse 1';

if (!existsSync(CHROMIUM) && process.env.CI === 'true') {
  throw new Error(`${CHROMIUM} is missing: CI must run the SDK's browser test`);
}
const suite = existsSync(CHROMIUM) ? describe : describe.skip;

/** A free loopback port: the store's public URL must be its real origin, as the frame loads the hosted page there. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

suite('direct login in Chromium', () => {
  let merx: MerxDb;
  let app: MerxApp;
  let dataDir: string;
  let origin: string;
  let browser: Browser;
  let script: string;
  const problems: string[] = [];

  /** A storefront page on the store's own origin in a fresh browser profile (no hosted-page cookie yet). */
  async function openShop(): Promise<Page> {
    const context = await browser.newContext();
    // The default storefront client redirects to `<origin>/` and may be framed by the origin.
    await context.route(`${origin}/sdk-shop/**`, (route) =>
      route.request().url().endsWith('.js')
        ? route.fulfill({ contentType: 'text/javascript', body: script })
        : route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><html><head><script src="/sdk-shop/sdk.js"></script></head><body></body></html>',
          }),
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${origin}/sdk-shop/`);
    return page;
  }

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'merx-sdk-'));
    merx = await createTestDb();
    app = await buildApp({
      merx,
      logger: false,
      config: {
        port,
        host: '127.0.0.1',
        databaseUrl: 'test',
        dataDir,
        mediaDir: join(dataDir, 'media'),
        publicUrl: origin,
        logLevel: 'silent',
        seedDemo: false,
        corsOrigins: [],
        mailFrom: 'Merx tests <no-reply@localhost>',
        ownerEmail: 'owner@merx.test',
      },
    });
    await app.app.listen({ port, host: '127.0.0.1' });

    const sdk = await build({
      entryPoints: [join(dirname(fileURLToPath(import.meta.url)), '..', 'index.ts')],
      bundle: true,
      format: 'iife',
      globalName: 'MerxSdk',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'warning',
    });
    script = sdk.outputFiles[0]?.text ?? '';
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.app.close();
    await merx?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('bundles without server code or zod (type-only imports of the contract)', async () => {
    expect(script).not.toMatch(/fastify|kysely|ZodError/);
    const page = await openShop();
    expect(await page.evaluate(() => typeof (window as unknown as { MerxSdk: unknown }).MerxSdk)).toBe('object');
  });

  it('signs a member in through the hidden frame with web_message, and removes the frame', async () => {
    const address = `frame-${Date.now()}@example.com`;
    await app.services.identity.register({ loginId: { email: address }, password: PASSWORD }, { ip: undefined });
    const page = await openShop();
    const result = await page.evaluate(
      async ({ address, password }) => {
        // biome-ignore lint/suspicious/noExplicitAny: the bundle's global, typed in the test's Node side
        const sdk = (window as any).MerxSdk;
        const config = await sdk.fetchPublicConfig({ baseUrl: location.origin });
        const auth = sdk.OAuthStrategy({ clientId: config.storefrontClientId, storage: sdk.localStorageStorage() });
        const client = sdk.createClient({ baseUrl: location.origin, auth, modules: { members: sdk.members } });
        const login = await auth.login({ email: address, password });
        const before = document.querySelectorAll('iframe').length;
        let during = 0;
        let hidden = false;
        new MutationObserver(() => {
          const frames = document.querySelectorAll('iframe');
          during = Math.max(during, frames.length);
          hidden ||= [...frames].some((f) => f.style.display === 'none');
        }).observe(document.body, { childList: true });
        const tokens = await auth.getMemberTokensForDirectLogin(login.data.sessionToken);
        auth.setTokens(tokens);
        const me = await client.members.getCurrentMember();
        return {
          loginState: login.loginState,
          role: tokens.refreshToken.role,
          loggedIn: auth.loggedIn(),
          email: me.identity.email.address,
          stored: JSON.parse(localStorage.getItem('merx-tokens') ?? '{}').refreshToken?.role,
          frames: { before, during, hidden, after: document.querySelectorAll('iframe').length },
        };
      },
      { address, password: PASSWORD },
    );
    expect(result).toEqual({
      loginState: 'SUCCESS',
      role: 'member',
      loggedIn: true,
      email: address,
      stored: 'member',
      frames: { before: 0, during: 1, hidden: true, after: 0 },
    });
    expect(problems).toEqual([]);
  });

  it('fails with "Failed to get member tokens" when the hosted page answers an error', async () => {
    const page = await openShop();
    const message = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: the bundle's global
      const sdk = (window as any).MerxSdk;
      const config = await sdk.fetchPublicConfig({ baseUrl: location.origin });
      const auth = sdk.OAuthStrategy({ clientId: config.storefrontClientId, baseUrl: location.origin });
      try {
        await auth.getMemberTokensForDirectLogin('not-a-session-token', { timeoutMs: 20_000 });
        return 'signed in';
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    });
    expect(message).toMatch(/^MerxClientError: Failed to get member tokens: /);
  });
});
