/**
 * Sign-in through the public `@wix/sdk` OAuthStrategy and `@wix/redirects`, against a real Merx server: visitor
 * tokens and renewal, register / login / processVerification, the PKCE code flow through the hosted form, password
 * recovery, logout, and external login with an API key.
 */
import { commandLine, startTestServer, type TestServer } from '@merx/server/testing';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { products } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest, rewritingFetch } from './wix-client.js';

let server: TestServer;
let clientId: string;
const requests: RecordedRequest[] = [];
const realFetch = globalThis.fetch;
let wrapped: typeof fetch;
const REDIRECT = 'https://shop.example/callback';

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  // The OAuth strategy's own calls (token, redirects, iam) use the global fetch (WIRE.md 0.1).
  globalThis.fetch = wrapped;
  clientId = (
    await server.services.clients.create({
      name: 'Compat shop',
      redirectUris: [REDIRECT],
      allowedOrigins: ['https://shop.example'],
    })
  ).id;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

function shopClient() {
  return createClient({ modules: { products }, auth: OAuthStrategy({ clientId }), fetch: wrapped });
}

const email = () => `m${crypto.randomUUID().slice(0, 8)}@example.com`;

async function latestMail(to: string): Promise<string> {
  const row = await server.merx.db
    .selectFrom('mail_messages')
    .select('text_body')
    .where('to_address', '=', to)
    .orderBy('created_date', 'desc')
    .executeTakeFirstOrThrow();
  return row.text_body;
}

describe('visitor tokens', () => {
  it('mints visitor tokens on the first call and sends the raw token on module calls', async () => {
    const client = shopClient();
    const mark = requests.length;
    await client.products.queryProducts().limit(1).find();
    const sent = requests.slice(mark);
    expect(sent[0]?.path).toBe('/oauth2/token');
    expect(sent[0]?.body).toEqual({ clientId, grantType: 'anonymous' });
    const tokens = client.auth.getTokens();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokens.accessToken.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(sent[1]?.headers.authorization).toBe(tokens.accessToken.value);
    expect(client.auth.loggedIn()).toBe(false);
  });

  it('renews an expired access token with the refresh token, which stays valid', async () => {
    const client = shopClient();
    const first = await client.auth.generateVisitorTokens();
    client.auth.setTokens({ ...first, accessToken: { value: first.accessToken.value, expiresAt: 0 } });
    const mark = requests.length;
    await client.products.queryProducts().limit(1).find();
    const renewal = requests.slice(mark)[0];
    expect(renewal?.body).toMatchObject({ grantType: 'refresh_token', refreshToken: first.refreshToken.value });
    expect(renewal?.status).toBe(200);
    const again = await client.auth.renewToken(first.refreshToken);
    expect(again.accessToken.value).toBeTruthy();
  });

  it('falls back to a new visitor when the refresh token is unknown', async () => {
    const client = shopClient();
    const tokens = await client.auth.generateVisitorTokens({
      refreshToken: { value: 'merx_rt_unknown', role: 'visitor' as never },
    });
    expect(tokens.refreshToken.value).not.toBe('merx_rt_unknown');
    expect(tokens.refreshToken.role).toBe('visitor');
  });
});

describe('register, login, verification', () => {
  it('registers and logs a member in, then exchanges the session for member tokens through the hosted page', async () => {
    const client = shopClient();
    const address = email();
    const registered = await client.auth.register({
      email: address,
      password: 'correct horse 1',
      profile: { nickname: 'Ann' },
    });
    expect(registered.loginState).toBe('SUCCESS');
    const login = await client.auth.login({ email: address, password: 'correct horse 1' });
    expect(login.loginState).toBe('SUCCESS');
    const sessionToken = (login as { data: { sessionToken: string } }).data.sessionToken;
    expect(sessionToken).toBeTruthy();

    // getMemberTokensForDirectLogin needs a browser frame; the same flow by hand: an auth URL with the session
    // token and prompt=none redirects at once with the code.
    const oauthData = client.auth.generateOAuthData(REDIRECT);
    const { authUrl } = await client.auth.getAuthUrl(oauthData, { prompt: 'none', sessionToken } as never);
    const page = await realFetch(new URL(new URL(authUrl).pathname + new URL(authUrl).search, server.baseUrl), {
      redirect: 'manual',
    });
    expect(page.status).toBe(302);
    const location = page.headers.get('location') as string;
    expect(location.startsWith(`${REDIRECT}#`)).toBe(true);
    const returned = client.auth.parseFromUrl(location, 'fragment');
    const tokens = await client.auth.getMemberTokens(returned.code, returned.state, oauthData);
    client.auth.setTokens(tokens);
    expect(client.auth.loggedIn()).toBe(true);
    const me = await realFetch(`${server.baseUrl}/_api/merx/v1/members/me`, {
      headers: { authorization: tokens.accessToken.value },
    });
    expect(me.status).toBe(200);
    expect((await me.json()).identity.email.address).toBe(address);
  });

  it('signs in through getAuthUrl, the hosted form and getMemberTokens (the PKCE code flow)', async () => {
    const client = shopClient();
    const address = email();
    await client.auth.register({ email: address, password: 'correct horse 1' });
    const oauthData = client.auth.generateOAuthData(REDIRECT, 'https://shop.example/account');
    const { authUrl } = await client.auth.getAuthUrl(oauthData);
    const pageUrl = new URL(new URL(authUrl).pathname + new URL(authUrl).search, server.baseUrl);
    const page = await realFetch(pageUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] as string;
    expect(html).toContain('<form');
    const post = (password: string) =>
      realFetch(pageUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ csrf, email: address, password }).toString(),
      });
    expect((await post('not my password')).status).toBe(400);
    const signedIn = await post('correct horse 1');
    expect(signedIn.status).toBe(302);
    const returned = client.auth.parseFromUrl(signedIn.headers.get('location') as string, 'fragment');
    expect(returned.state).toBe(oauthData.state);
    const tokens = await client.auth.getMemberTokens(returned.code, returned.state, oauthData);
    expect(tokens.refreshToken.role).toBe('member');
    await expect(client.auth.getMemberTokens(returned.code, returned.state, oauthData)).rejects.toThrow(
      /Failed to fetch tokens/,
    );
    await expect(client.auth.getMemberTokens(returned.code, 'another state', oauthData)).rejects.toThrow(
      'Invalid _state',
    );
  });

  it('maps failures to the SDK login states and error codes', async () => {
    const client = shopClient();
    const address = email();
    await client.auth.register({ email: address, password: 'correct horse 1' });
    const again = await client.auth.register({ email: address, password: 'correct horse 1' });
    expect(again).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' });
    const badEmail = await client.auth.register({ email: 'not-an-email', password: 'correct horse 1' });
    expect(badEmail).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidEmail' });
    const wrong = await client.auth.login({ email: address, password: 'wrong password' });
    expect(wrong).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
    const unknown = await client.auth.login({ email: email(), password: 'whatever 123' });
    expect(unknown).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
  });

  it('asks for the emailed code when the store requires verified emails, then succeeds', async () => {
    await server.services.memberSettings.update({ requireEmailVerification: true });
    try {
      const client = shopClient();
      const address = email();
      const state = await client.auth.register({ email: address, password: 'correct horse 1' });
      expect(state.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
      // processVerification lets server errors through (it does not map them to a FAILURE state).
      await expect(client.auth.processVerification({ verificationCode: '000000' }, state)).rejects.toMatchObject({
        details: { applicationError: { code: 'INVALID_VERIFICATION_CODE' } },
      });
      const code = /\b(\d{6})\b/.exec(await latestMail(address))?.[1] as string;
      const done = await client.auth.processVerification({ verificationCode: code }, state);
      expect(done.loginState).toBe('SUCCESS');
      // A used state token is refused; a client that never got a verification state fails before any request.
      await expect(client.auth.processVerification({ verificationCode: code }, state)).rejects.toMatchObject({
        details: { applicationError: { code: 'INVALID_STATE_TOKEN' } },
      });
      const unknownState = await shopClient().auth.processVerification({ verificationCode: code });
      expect(unknownState).toMatchObject({ loginState: 'FAILURE', error: 'Unknown _state' });
    } finally {
      await server.services.memberSettings.update({ requireEmailVerification: false });
    }
  });

  it('answers OWNER_APPROVAL_REQUIRED when staff approve new members', async () => {
    await server.services.memberSettings.update({ signUpPolicy: 'OWNER_APPROVAL' });
    try {
      const client = shopClient();
      const address = email();
      expect((await client.auth.register({ email: address, password: 'correct horse 1' })).loginState).toBe(
        'OWNER_APPROVAL_REQUIRED',
      );
      expect((await client.auth.login({ email: address, password: 'correct horse 1' })).loginState).toBe(
        'OWNER_APPROVAL_REQUIRED',
      );
    } finally {
      await server.services.memberSettings.update({ signUpPolicy: 'OPEN' });
    }
  });
});

describe('recovery, logout and external login', () => {
  it('sends a recovery link; the token sets a new password', async () => {
    const client = shopClient();
    const address = email();
    await client.auth.register({ email: address, password: 'first password 1' });
    await client.auth.sendPasswordResetEmail(address, REDIRECT);
    const token = /token=([A-Za-z0-9_-]+)/.exec(await latestMail(address))?.[1] as string;
    const res = await realFetch(`${server.baseUrl}/_api/iam/recovery/v1/recover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ recoveryToken: token, password: 'second password 2' }),
    });
    expect(res.status).toBe(200);
    expect((await client.auth.login({ email: address, password: 'second password 2' })).loginState).toBe('SUCCESS');
    expect((await client.auth.login({ email: address, password: 'first password 1' })).loginState).toBe('FAILURE');
  });

  it('logs out: tokens are cleared and the member refresh token no longer works', async () => {
    const client = shopClient();
    // generateVisitorTokens returns tokens without keeping them: the external login sends the kept ones.
    client.auth.setTokens(await client.auth.generateVisitorTokens());
    const member = await server.services.identity.signOn({ loginId: { email: email() } }, commandLine);
    const tokens = await client.auth.getMemberTokensForExternalLogin(member.identity.id, server.signOnKey);
    client.auth.setTokens(tokens);
    expect(client.auth.loggedIn()).toBe(true);
    const { logoutUrl } = await client.auth.logout('https://shop.example/');
    expect(logoutUrl).toContain('/auth/session/');
    expect(client.auth.loggedIn()).toBe(false);
    const renewed = await realFetch(`${server.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, grantType: 'refresh_token', refreshToken: tokens.refreshToken.value }),
    });
    const body = await renewed.json();
    expect(body).toMatchObject({ error: 'invalid_grant', error_description: 'The refresh token is not valid' });
    expect(renewed.status).toBe(400);
  });

  it('gets member tokens for an external login with an API key (with and without a session)', async () => {
    const client = shopClient();
    await client.auth.generateVisitorTokens();
    const address = email();
    const withSession = await client.auth.getMemberTokensForExternalLoginWithSession(address, server.signOnKey);
    expect(withSession.refreshToken.role).toBe('member');
    const member = await server.services.identity.repo.byEmail(server.merx.db, 'member', address);
    const direct = await client.auth.getMemberTokensForExternalLogin(member?.id as string, server.signOnKey);
    expect(direct.accessToken.value).toBeTruthy();
    await expect(client.auth.getMemberTokensForExternalLogin(member?.id as string, 'merx_sk_wrong')).rejects.toThrow(
      /Failed to fetch tokens/,
    );
  });
});

describe('@wix/redirects', () => {
  it('creates checkout, product, login and logout sessions through client.redirects', async () => {
    const client = createClient({ modules: { redirects }, auth: OAuthStrategy({ clientId }), fetch: wrapped });
    const checkout = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: 'chk-1' },
      callbacks: { postFlowUrl: 'https://shop.example/', thankYouPageUrl: 'https://shop.example/thanks' },
    });
    expect(checkout.redirectSession?.fullUrl).toContain('/checkout?checkoutId=chk-1');
    expect(checkout.redirectSession?.urlDetails?.endpoint).toBeTruthy();
    const product = await client.redirects.createRedirectSession({
      storesProduct: { productSlug: 'linen-apron' },
      preferences: { useGenericWixPages: false, maintainIdentity: true },
    });
    expect(product.redirectSession?.fullUrl).toMatch(/\/products\/linen-apron$/);
    const login = await client.redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: 'https://shop.example/' },
    });
    expect(login.redirectSession?.fullUrl).toContain('/auth/session/');
    const refused = client.redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: 'https://evil.example/' },
    });
    await expect(refused).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [{ field: expect.stringContaining('callbacks.postFlowUrl') }] } },
    });
  });
});
