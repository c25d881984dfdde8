/**
 * Single sign-on through the clients: @merx/sdk's `identityProviders` module manages the store's providers (a real
 * local OpenID provider stands in for Google or Okta), and the session token of `login-with-token-params` becomes
 * member tokens through the redirect session (`auth.sessionToken`, `prompt=none`) and code exchange the @wix/*
 * OAuth helpers send (WIRE.md 2, 3).
 */
import { createHash, randomBytes } from 'node:crypto';
import { ApiKeyStrategy, createClient, identityProviders, MerxValidationError } from '@merx/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Agent,
  type LocalProvider,
  type SsoServer,
  startLocalProvider,
  startSsoServer,
  subjectOf,
} from '../../packages/server/src/modules/sso/sso-test-kit.js';

let server: SsoServer;
let op: LocalProvider;

beforeAll(async () => {
  server = await startSsoServer();
  op = await startLocalProvider([`${server.baseUrl}/auth/v1/callback`, `${server.baseUrl}/app/sso`]);
}, 30_000);

afterAll(async () => {
  await op?.close();
  await server?.close();
});

const admin = () =>
  createClient({
    baseUrl: server.baseUrl,
    auth: ApiKeyStrategy({ apiKey: server.apiKey }),
    modules: { identityProviders },
  });

describe('@merx/sdk identityProviders', () => {
  it('adds, reads, changes and removes a provider; the secret is never read back', async () => {
    const client = admin();
    const { identityProvider } = await client.identityProviders.createIdentityProvider({
      name: 'Local ID',
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
    });
    expect(identityProvider).toMatchObject({
      clientSecretSet: true,
      enabled: true,
      scopes: ['openid', 'email', 'profile'],
    });
    const listed = await client.identityProviders.listIdentityProviders();
    expect(listed.callbackUrl).toBe(`${server.baseUrl}/auth/v1/callback`);
    expect(JSON.stringify(listed)).not.toContain(op.clientSecret);

    const renamed = await client.identityProviders.updateIdentityProvider(identityProvider.id, {
      name: 'Company login',
    });
    expect(renamed.identityProvider).toMatchObject({ name: 'Company login', clientSecretSet: true, revision: 2 });

    const error = await client.identityProviders
      .updateIdentityProvider(identityProvider.id, { issuer: 'http://127.0.0.1:9' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerxValidationError);
    expect((error as MerxValidationError).violations[0]?.field).toContain('identityProvider.issuer');
    expect(JSON.stringify(error)).not.toContain(op.clientSecret);
    expect((await client.identityProviders.getIdentityProvider(identityProvider.id)).identityProvider.issuer).toBe(
      op.issuer,
    );

    await client.identityProviders.deleteIdentityProvider(identityProvider.id);
    expect((await client.identityProviders.listIdentityProviders()).identityProviders).toHaveLength(0);
  });
});

describe('login-with-token-params, then member tokens', () => {
  it('gives a session token that a prompt=none redirect session turns into a code', async () => {
    const { identityProvider } = await admin().identityProviders.createIdentityProvider({
      name: 'Local ID',
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
    });
    op.accounts.set('olga', { email: `olga-${Date.now()}@example.com`, email_verified: true });
    // The storefront runs the provider's authorization itself, with its own PKCE, state and nonce.
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(16).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    const authorize = new URL(`${op.issuer}/auth`);
    const redirectUri = `${server.baseUrl}/app/sso`;
    for (const [k, v] of Object.entries({
      client_id: op.clientId,
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: redirectUri,
      state,
      nonce,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(k, v);
    const agent = new Agent();
    const login = await agent.follow(authorize.href, (u) => u.includes('/interaction/'));
    const posted = await agent.postForm(login.url, { login: 'olga' });
    const back = await agent.follow(new URL(posted.headers.get('location') as string, login.url).href, (u) =>
      u.startsWith(redirectUri),
    );
    const signed = await fetch(`${server.baseUrl}/_api/iam/authentication/v1/sso/login-with-token-params`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        idpConnectionId: identityProvider.id,
        tokenParams: { callbackUrl: back.url, codeVerifier: verifier, state, nonce },
      }),
    });
    expect(signed.status).toBe(200);
    const { sessionToken, identity } = (await signed.json()) as { sessionToken: string; identity: { id: string } };

    // As the SDK's getAuthUrl({ prompt: 'none' }) with the session token does (WIRE.md 3).
    const shopVerifier = randomBytes(32).toString('base64url');
    const session = await fetch(`${server.baseUrl}/_api/redirects-api/v1/redirect-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        auth: {
          authRequest: {
            redirectUri: server.shop.redirectUris[0],
            clientId: server.shop.id,
            codeChallenge: createHash('sha256').update(shopVerifier).digest('base64url'),
            codeChallengeMethod: 'S256',
            responseMode: 'fragment',
            responseType: 'code',
            scope: 'offline_access',
            state: 'shop-state',
            sessionToken,
          },
          prompt: 'none',
        },
      }),
    });
    const fullUrl = ((await session.json()) as { redirectSession: { fullUrl: string } }).redirectSession.fullUrl;
    const landed = await new Agent().request(fullUrl);
    const code = new URLSearchParams(new URL(landed.headers.get('location') as string).hash.slice(1)).get('code');
    const tokens = await fetch(`${server.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: server.shop.id,
        grantType: 'authorization_code',
        redirectUri: server.shop.redirectUris[0],
        code,
        codeVerifier: shopVerifier,
      }),
    });
    expect(tokens.status).toBe(200);
    expect(subjectOf(((await tokens.json()) as { access_token: string }).access_token)).toBe(identity.id);
  });
});
