import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key.js';
import { OAuthStrategy } from '../auth/oauth.js';
import { createClient } from '../client.js';
import { MerxOAuthError } from '../errors.js';
import { currentCart } from '../modules/current-cart.js';
import { identity } from '../modules/identity.js';
import { members } from '../modules/members.js';
import { fetchPublicConfig, publicConfig } from '../modules/public-config.js';
import { redirects } from '../modules/redirects.js';
import { email, PASSWORD, REDIRECT, type SdkKit, startSdkKit } from './kit.js';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(() => kit?.close());

async function latestMail(to: string): Promise<string> {
  const row = await kit.server.merx.db
    .selectFrom('mail_messages')
    .select('text_body')
    .where('to_address', '=', to)
    .orderBy('created_date', 'desc')
    .executeTakeFirstOrThrow();
  return row.text_body;
}

/** Signs in on the hosted page as a browser without JavaScript would: the form, its CSRF token and cookie. */
async function signInOnHostedPage(authUrl: string, address: string): Promise<string> {
  const page = new URL(authUrl);
  const url = new URL(page.pathname + page.search, kit.baseUrl);
  const form = await fetch(url);
  const cookie = (form.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const posted = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ csrf, email: address, password: PASSWORD }).toString(),
  });
  expect(posted.status).toBe(302);
  return posted.headers.get('location') ?? '';
}

describe('the OAuth strategy against a real server', () => {
  it('starts from the public config, mints a visitor token on the first call and keeps the visitor’s cart', async () => {
    const config = await fetchPublicConfig({ baseUrl: kit.baseUrl });
    expect(config.storefrontClientId).toBeTruthy();
    const auth = OAuthStrategy({ clientId: config.storefrontClientId ?? '' });
    const shop = createClient({ baseUrl: kit.baseUrl, auth, modules: { currentCart, publicConfig } });
    expect((await shop.publicConfig.getPublicConfig()).storeName).toBe(config.storeName);
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
    await expect(shop.currentCart.getCurrentCart()).rejects.toMatchObject({ code: 'OWNED_CART_NOT_FOUND' });
  });

  it('signs a member in through getAuthUrl, the hosted form and getMemberTokens (PKCE), then logs out', async () => {
    const auth = OAuthStrategy({ clientId: kit.clientId });
    const client = createClient({ baseUrl: kit.baseUrl, auth, modules: { members } });
    const address = email();
    expect(await auth.register({ email: address, password: PASSWORD, profile: { nickname: 'Ann' } })).toMatchObject({
      loginState: 'SUCCESS',
    });
    const oauthData = await auth.generateOAuthData(REDIRECT, 'https://shop.example/account');
    const { authUrl, authorizationEndpoint } = await auth.getAuthUrl(oauthData);
    expect(authUrl.startsWith(authorizationEndpoint)).toBe(true);
    const location = await signInOnHostedPage(authUrl, address);
    expect(location.startsWith(`${REDIRECT}#`)).toBe(true);
    const returned = auth.parseFromUrl(location);
    expect(returned.state).toBe(oauthData.state);
    auth.setTokens(await auth.getMemberTokens(returned.code, returned.state, oauthData));
    expect(auth.loggedIn()).toBe(true);
    expect((await client.members.getCurrentMember()).identity.email.address).toBe(address);
    const updated = await client.members.updateCurrentMember({ firstName: 'Ann' });
    expect(updated.identity.identityProfile).toMatchObject({ firstName: 'Ann' });

    // A code is used once: the second exchange is refused by the server.
    const reused = await auth.getMemberTokens(returned.code, returned.state, oauthData).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(MerxOAuthError);
    expect((reused as Error).message).toMatch(/^Failed to get member tokens/);

    const memberRefresh = auth.getTokens().refreshToken.value;
    const { logoutUrl } = await auth.logout('https://shop.example/');
    expect(logoutUrl).toContain('/auth/');
    expect(auth.getTokens().refreshToken).toEqual({ value: '', role: 'none' });
    // The member's refresh token was revoked: a strategy holding it falls back to a visitor.
    const stale = OAuthStrategy({
      clientId: kit.clientId,
      baseUrl: kit.baseUrl,
      tokens: { accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: memberRefresh, role: 'member' } },
    });
    await stale.getAuthHeaders();
    expect(stale.getTokens().refreshToken.role).toBe('visitor');
  });

  it('maps the server’s refusals to login states and error codes', async () => {
    const auth = OAuthStrategy({ clientId: kit.clientId, baseUrl: kit.baseUrl });
    const address = email();
    await auth.register({ email: address, password: PASSWORD });
    expect(await auth.register({ email: address, password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'emailAlreadyExists',
    });
    expect(await auth.register({ email: 'not-an-email', password: PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    });
    expect(await auth.login({ email: address, password: 'wrong password' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
  });

  it('asks for the emailed code when the store requires verified emails', async () => {
    await kit.server.services.memberSettings.update({ requireEmailVerification: true });
    try {
      const auth = OAuthStrategy({ clientId: kit.clientId, baseUrl: kit.baseUrl });
      const address = email();
      const pending = await auth.register({ email: address, password: PASSWORD });
      expect(pending.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
      await expect(auth.processVerification({ verificationCode: '000000' })).rejects.toMatchObject({
        code: 'INVALID_VERIFICATION_CODE',
      });
      const code = /\b(\d{6})\b/.exec(await latestMail(address))?.[1] ?? '';
      expect(await auth.processVerification({ verificationCode: code })).toMatchObject({ loginState: 'SUCCESS' });
      const fresh = OAuthStrategy({ clientId: kit.clientId, baseUrl: kit.baseUrl });
      expect(await fresh.processVerification({ verificationCode: code })).toEqual({
        loginState: 'FAILURE',
        error: 'Unknown _state',
      });
    } finally {
      await kit.server.services.memberSettings.update({ requireEmailVerification: false });
    }
  });

  it('answers OWNER_APPROVAL_REQUIRED, and staff approve through the members module', async () => {
    await kit.server.services.memberSettings.update({ signUpPolicy: 'OWNER_APPROVAL' });
    try {
      const auth = OAuthStrategy({ clientId: kit.clientId, baseUrl: kit.baseUrl });
      const address = email();
      expect((await auth.register({ email: address, password: PASSWORD })).loginState).toBe('OWNER_APPROVAL_REQUIRED');
      const admin = kit.admin({ members });
      const listed = await admin.members.listMembers({ email: address });
      const id = listed.identities[0]?.id ?? '';
      expect((await admin.members.approveMember(id)).identity.status.name).toBe('ACTIVE');
      expect((await auth.login({ email: address, password: PASSWORD })).loginState).toBe('SUCCESS');
      expect((await admin.members.blockMember(id)).identity.status.name).toBe('BLOCKED');
      expect((await admin.members.unblockMember(id)).identity.status.name).toBe('ACTIVE');
      expect((await admin.members.getMember(id)).identity.id).toBe(id);
      await admin.members.deleteMember(id);
    } finally {
      await kit.server.services.memberSettings.update({ signUpPolicy: 'OPEN' });
    }
  });

  it('sends a recovery email whose token sets a new password', async () => {
    const auth = OAuthStrategy({ clientId: kit.clientId, baseUrl: kit.baseUrl });
    const address = email();
    await auth.register({ email: address, password: PASSWORD });
    await auth.sendPasswordResetEmail(address, REDIRECT);
    const token = /token=([A-Za-z0-9_-]+)/.exec(await latestMail(address))?.[1] ?? '';
    const shop = createClient({ baseUrl: kit.baseUrl, auth, modules: { identity } });
    await shop.identity.recover(token, { password: 'second password 2' });
    expect((await auth.login({ email: address, password: 'second password 2' })).loginState).toBe('SUCCESS');
    expect((await shop.identity.validateEmail(address)).valid).toBe(true);
  });

  it('gets member tokens for an external login with an API key', async () => {
    // Only a key that names members:sign-on signs members on (the owner's key for everything does not).
    await expect(kit.admin({ identity }).identity.signOn({ email: email() })).rejects.toMatchObject({ status: 403 });
    const signOn = createClient({
      baseUrl: kit.baseUrl,
      auth: ApiKeyStrategy({ apiKey: kit.server.signOnKey }),
      modules: { identity },
    });
    const { identity: member } = await signOn.identity.signOn({ email: email() });
    const auth = OAuthStrategy({ clientId: kit.clientId, baseUrl: kit.baseUrl });
    const tokens = await auth.getMemberTokensForExternalLogin(member.id, kit.server.signOnKey);
    expect(tokens.refreshToken.role).toBe('member');
    auth.setTokens(tokens);
    const client = createClient({ baseUrl: kit.baseUrl, auth, modules: { members } });
    expect((await client.members.getCurrentMember()).identity.id).toBe(member.id);
  });
});

describe('redirect sessions', () => {
  it('creates checkout, product, login and logout sessions', async () => {
    const shop = kit.shop({ redirects });
    const checkoutSession = await shop.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: 'c1' },
      callbacks: { postFlowUrl: 'https://shop.example/' },
    });
    expect(checkoutSession.redirectSession.fullUrl).toBeTruthy();
    for (const request of [
      { storesProduct: { productSlug: 'hat' } },
      { login: {} },
      { logout: { clientId: kit.clientId }, callbacks: { postFlowUrl: 'https://shop.example/' } },
    ]) {
      expect((await shop.redirects.createRedirectSession(request)).redirectSession.urlDetails.endpoint).toBeTruthy();
    }
    await expect(shop.redirects.createRedirectSession({})).rejects.toMatchObject({ status: 400 });
  });
});
