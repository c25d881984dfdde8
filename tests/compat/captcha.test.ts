/**
 * Captcha and the token endpoint's failures through the public `@wix/sdk` OAuthStrategy, against a real Merx server
 * whose captcha provider is a local stand-in speaking the providers' verify protocol: register() and login() give
 * the SDK's missingCaptchaToken / invalidCaptchaToken, a valid token signs in, and a refused token request reads
 * "something went wrong" inside the message the SDK itself builds (WIRE.md 1.3).
 */
import { startTestServer, type TestServer } from '@merx/server/testing';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaVerifier } from '../../packages/server/src/modules/identity/captcha.js';
import {
  type LocalCaptchaProvider,
  startLocalCaptchaProvider,
} from '../../packages/server/src/modules/identity/captcha-test-kit.js';
import { type RecordedRequest, rewritingFetch } from './wix-client.js';

let server: TestServer;
let provider: LocalCaptchaProvider;
let clientId: string;
const requests: RecordedRequest[] = [];
const realFetch = globalThis.fetch;
let wrapped: typeof fetch;
const INVISIBLE = 'hc-invisible-0000';
const VISIBLE = 'hc-visible-0000';
const PASSWORD = 'correct horse 1';

beforeAll(async () => {
  provider = await startLocalCaptchaProvider({ global: 'hcaptcha' });
  server = await startTestServer({
    listen: true,
    captcha: createCaptchaVerifier({ verifyUrl: provider.verifyUrl, scriptUrl: provider.scriptUrl, timeoutMs: 500 }),
  });
  wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  // The OAuth strategy's own calls (token, iam) use the global fetch (WIRE.md 0.1).
  globalThis.fetch = wrapped;
  clientId = (await server.services.clients.create({ name: 'Captcha shop', redirectUris: ['https://shop.example/cb'] }))
    .id;
  await server.services.identity.captcha.update({
    captchaEnabled: true,
    captchaProvider: 'hcaptcha',
    captchaInvisibleSiteKey: INVISIBLE,
    captchaVisibleSiteKey: VISIBLE,
    captchaSecret: provider.secret,
  });
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  await provider?.close();
});

const shopClient = () => createClient({ modules: {}, auth: OAuthStrategy({ clientId }), fetch: wrapped });
const email = () => `k${crypto.randomUUID().slice(0, 8)}@example.com`;

describe('captcha through @wix/sdk', () => {
  it('gives missingCaptchaToken without a token and invalidCaptchaToken for a refused one', async () => {
    const client = shopClient();
    const address = email();
    expect(await client.auth.register({ email: address, password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'missingCaptchaToken',
    });
    expect(
      await client.auth.register({
        email: address,
        password: PASSWORD,
        captchaTokens: { invisibleRecaptchaToken: 'made-up' },
      }),
    ).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidCaptchaToken' });
    expect(await client.auth.login({ email: address, password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'missingCaptchaToken',
    });
    expect(
      await client.auth.login({ email: address, password: PASSWORD, captchaTokens: { recaptchaToken: 'made-up' } }),
    ).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidCaptchaToken' });
  });

  it('signs up and in with valid tokens, and refuses a token used before or made for another site key', async () => {
    const client = shopClient();
    const address = email();
    const token = provider.issue(INVISIBLE);
    const registered = await client.auth.register({
      email: address,
      password: PASSWORD,
      captchaTokens: { invisibleRecaptchaToken: token },
    });
    expect(registered.loginState).toBe('SUCCESS');
    const sent = requests.filter((r) => r.path.endsWith('/v2/register')).at(-1);
    expect(sent?.body).toMatchObject({ captchaTokens: [{ InvisibleRecaptcha: token }] });
    expect(
      await client.auth.login({
        email: address,
        password: PASSWORD,
        captchaTokens: { invisibleRecaptchaToken: token },
      }),
    ).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidCaptchaToken' });
    expect(
      await client.auth.login({
        email: address,
        password: PASSWORD,
        captchaTokens: { recaptchaToken: provider.issue(INVISIBLE) },
      }),
    ).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidCaptchaToken' });
    const signedIn = await client.auth.login({
      email: address,
      password: PASSWORD,
      captchaTokens: { recaptchaToken: provider.issue(VISIBLE) },
    });
    expect(signedIn.loginState).toBe('SUCCESS');
  });

  it('gives invalidCaptchaToken, not a crash, while the provider is down', async () => {
    provider.mode = 'down';
    try {
      const result = await shopClient().auth.login({
        email: email(),
        password: PASSWORD,
        captchaTokens: { invisibleRecaptchaToken: provider.issue(INVISIBLE) },
      });
      expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidCaptchaToken' });
    } finally {
      provider.mode = 'up';
    }
  });
});

describe('the token endpoint’s failures through @wix/sdk', () => {
  it('reads "something went wrong" with the reason inside the message the SDK builds', async () => {
    const client = shopClient();
    const oauthData = client.auth.generateOAuthData('https://shop.example/cb');
    const failure = await client.auth.getMemberTokens('not-a-code', oauthData.state, oauthData).catch((e) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure.message).toMatch(
      /^Failed to fetch tokens from OAuth API: Bad Request\. request id: [\w-]+\. Response: \{"message":"something went wrong: The authorization code is not valid","error":"invalid_grant",/,
    );
    const answer = requests.filter((r) => r.path === '/oauth2/token').at(-1);
    expect(failure.message).toContain(`request id: ${answer?.responseRequestId}.`);
  });
});
