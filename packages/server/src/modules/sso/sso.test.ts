import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Agent,
  addProvider,
  authSession,
  continueLink,
  type LocalProvider,
  type SsoServer,
  startLocalProvider,
  startSsoServer,
  subjectOf,
} from './sso-test-kit.js';

let server: SsoServer;
let op: LocalProvider;
let providerId: string;

const mail = () => `sso-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  server = await startSsoServer();
  op = await startLocalProvider([`${server.baseUrl}/auth/v1/callback`, `${server.baseUrl}/app/sso`]);
  const res = await addProvider(server, {
    name: 'Local ID',
    issuer: op.issuer,
    clientId: op.clientId,
    clientSecret: op.clientSecret,
  });
  expect(res.status).toBe(200);
  providerId = ((await res.json()) as { identityProvider: { id: string } }).identityProvider.id;
}, 30_000);

afterAll(async () => {
  await op?.close();
  await server?.close();
});

const count = async (table: 'identities' | 'identity_provider_links' | 'sessions') =>
  Number(
    (
      await server.merx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const audit = (action: string) =>
  server.merx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('created_date').execute();

/** Starts at the hosted sign-in page, continues with the provider, signs in there as `login`. */
async function signInThroughProvider(agent: Agent, login: string, provider = 'Local ID') {
  const session = await authSession(server);
  const page = await agent.request(session.url);
  expect(page.status).toBe(200);
  const start = new URL(continueLink(await page.text(), provider), server.baseUrl).href;
  const atProvider = await agent.follow(
    start,
    (u) => u.startsWith(`${op.issuer}/interaction/`) || u.startsWith(server.shop.redirectUris[0] as string),
  );
  if (!atProvider.url.startsWith(`${op.issuer}/interaction/`)) return { ...(await end(atProvider)), session };
  const form = await agent.request(atProvider.url);
  expect(form.status).toBe(200);
  const posted = await agent.postForm(atProvider.url, { login });
  const next = new URL(posted.headers.get('location') ?? '', atProvider.url).href;
  return {
    ...(await end(await agent.follow(next, (u) => u.startsWith(server.shop.redirectUris[0] as string)))),
    session,
  };
}

async function end(last: { url: string; res: Response }) {
  const shopUrl = server.shop.redirectUris[0] as string;
  if (last.url.startsWith(shopUrl)) {
    const params = new URLSearchParams(new URL(last.url).hash.slice(1));
    return { code: params.get('code'), state: params.get('state'), status: 302, body: '' };
  }
  return { code: null, state: null, status: last.res.status, body: await last.res.text(), url: last.url };
}

async function tokensFor(code: string, verifier: string) {
  const res = await fetch(`${server.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: server.shop.id,
      grantType: 'authorization_code',
      redirectUri: server.shop.redirectUris[0],
      code,
      codeVerifier: verifier,
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string };
}

describe('identity providers (settings)', () => {
  it('lists them with the callback URL, never the secret', async () => {
    const res = await fetch(`${server.baseUrl}/_api/merx/v1/identity-providers`, {
      headers: { authorization: server.apiKey },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { identityProviders: Array<Record<string, unknown>>; callbackUrl: string };
    expect(body.callbackUrl).toBe(`${server.baseUrl}/auth/v1/callback`);
    const mine = body.identityProviders.find((p) => p.id === providerId);
    expect(mine).toMatchObject({ name: 'Local ID', issuer: op.issuer, clientSecretSet: true, enabled: true });
    expect(JSON.stringify(body)).not.toContain(op.clientSecret);
    const row = await server.merx.db
      .selectFrom('identity_providers')
      .selectAll()
      .where('id', '=', providerId)
      .executeTakeFirstOrThrow();
    expect(row.client_secret).not.toContain(op.clientSecret);
  });

  it('refuses an issuer that does not answer or is not an OpenID issuer, saving nothing', async () => {
    const before = await server.merx.db.selectFrom('identity_providers').select('id').execute();
    const down = await addProvider(server, { name: 'Down', issuer: 'http://127.0.0.1:9/', clientId: 'x' });
    expect(down.status).toBe(400);
    const body = (await down.json()) as { details: { validationError: { fieldViolations: Array<{ field: string }> } } };
    expect(body.details.validationError.fieldViolations[0]?.field).toBe('identityProvider.issuer');
    const notOidc = await addProvider(server, { name: 'Shop', issuer: server.baseUrl, clientId: 'x' });
    expect(notOidc.status).toBe(400);
    const plainHttp = await addProvider(server, { name: 'Far', issuer: 'http://example.com', clientId: 'x' });
    expect(plainHttp.status).toBe(400);
    expect(await server.merx.db.selectFrom('identity_providers').select('id').execute()).toHaveLength(before.length);
  });

  it('never calls a private or local network address for an https issuer, saving nothing', async () => {
    const before = await server.merx.db.selectFrom('identity_providers').select('id').execute();
    // A private address, a name resolving to loopback, and loopback given as an address: refused before any request.
    for (const issuer of ['https://10.255.255.1/', 'https://localhost:8443/', 'https://[::1]:8443/']) {
      const started = Date.now();
      const res = await addProvider(server, { name: 'Inside', issuer, clientId: 'x' });
      expect(res.status, issuer).toBe(400);
      const body = (await res.json()) as {
        details: { validationError: { fieldViolations: Array<{ field: string; description: string }> } };
      };
      expect(body.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'identityProvider.issuer',
        description: expect.stringContaining('private or local network'),
      });
      // Refused at once, not after waiting for an address that never answers.
      expect(Date.now() - started, issuer).toBeLessThan(5000);
    }
    expect(await server.merx.db.selectFrom('identity_providers').select('id').execute()).toHaveLength(before.length);
  });

  it('is managed by members:manage only', async () => {
    const reader = (await server.services.apiKeys.create({ name: 'Reader', scopes: ['members:read'] })).key;
    const add = await fetch(`${server.baseUrl}/_api/merx/v1/identity-providers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: reader },
      body: JSON.stringify({ identityProvider: { name: 'X', issuer: op.issuer, clientId: 'x' } }),
    });
    expect(add.status).toBe(403);
    const anonymous = await fetch(`${server.baseUrl}/_api/merx/v1/identity-providers`);
    expect(anonymous.status).toBe(401);
  });
});

describe('signing in through the provider', () => {
  it('creates the member on the first sign-in and finds the same member by sub on the next', async () => {
    const address = mail();
    op.accounts.set('alice', { email: address, email_verified: true, given_name: 'Alice', family_name: 'Doe' });
    const first = await signInThroughProvider(new Agent(), 'alice');
    expect(first.code).toBeTruthy();
    expect(first.state).toBe(first.session.state);
    const memberId = subjectOf((await tokensFor(first.code as string, first.session.verifier)).access_token);
    const member = await server.services.identity.get(memberId);
    expect(member).toMatchObject({ email: address, emailVerified: true, passwordHash: null });
    expect(member.profile).toMatchObject({ firstName: 'Alice', lastName: 'Doe' });

    // The provider changes the address: the link (provider + sub) still finds the member.
    op.accounts.set('alice', { email: mail(), email_verified: true });
    const identities = await count('identities');
    const second = await signInThroughProvider(new Agent(), 'alice');
    expect(subjectOf((await tokensFor(second.code as string, second.session.verifier)).access_token)).toBe(memberId);
    expect(await count('identities')).toBe(identities);
    const signedIn = await audit('member.sso-signed-in');
    expect(signedIn.filter((e) => e.target_id === memberId)).toHaveLength(2);
  });

  it('links an existing member only when the provider verified the email', async () => {
    const address = mail();
    await server.services.identity.register(
      { loginId: { email: address }, password: 'correct horse 1' },
      { ip: undefined },
    );
    const existing = await server.services.identity.repo.byEmail(server.merx.db, 'member', address);
    op.accounts.set('bob', { email: address, email_verified: false });
    const links = await count('identity_provider_links');
    const refused = await signInThroughProvider(new Agent(), 'bob');
    expect(refused.code).toBeNull();
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('This email already has an account');
    expect(await count('identity_provider_links')).toBe(links);
    const refusals = await audit('member.sso-refused');
    expect(refusals.some((e) => e.target_id === existing?.id && e.details.includes('SSO_EMAIL_NOT_VERIFIED'))).toBe(
      true,
    );

    op.accounts.set('bob', { email: address, email_verified: true });
    const linked = await signInThroughProvider(new Agent(), 'bob');
    expect(subjectOf((await tokensFor(linked.code as string, linked.session.verifier)).access_token)).toBe(
      existing?.id,
    );
    expect(await count('identity_provider_links')).toBe(links + 1);
  });

  it('refuses a tampered state and a replayed one, writing nothing', async () => {
    op.accounts.set('carol', { email: mail(), email_verified: true });
    const agent = new Agent();
    const session = await authSession(server);
    const page = await (await agent.request(session.url)).text();
    const toProvider = await agent.request(new URL(continueLink(page, 'Local ID'), server.baseUrl).href);
    const auth = await agent.follow(toProvider.headers.get('location') as string, (u) => u.includes('/interaction/'));
    const posted = await agent.postForm(auth.url, { login: 'carol' });
    const back = await agent.follow(new URL(posted.headers.get('location') as string, auth.url).href, (u) =>
      u.startsWith(`${server.baseUrl}/auth/v1/callback`),
    );
    const callback = new URL(back.url);
    const identities = await count('identities');
    const sessions = await count('sessions');

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const bad = await agent.request(tampered.href);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('This sign-in has expired');

    const good = await agent.request(callback.href);
    expect(good.status).toBe(302);
    expect(good.headers.get('location')).toContain('#code=');
    const replay = await agent.request(callback.href);
    expect(replay.status).toBe(400);
    expect(await count('identities')).toBe(identities + 1);
    // The replay made no session: only the good answer's login session (used) and its browser session.
    expect(await count('sessions')).toBe(sessions + 2);
  });

  it('refuses an answer brought back by another browser', async () => {
    op.accounts.set('dave', { email: mail(), email_verified: true });
    const agent = new Agent();
    const session = await authSession(server);
    const page = await (await agent.request(session.url)).text();
    const toProvider = await agent.request(new URL(continueLink(page, 'Local ID'), server.baseUrl).href);
    const auth = await agent.follow(toProvider.headers.get('location') as string, (u) => u.includes('/interaction/'));
    const posted = await agent.postForm(auth.url, { login: 'dave' });
    const back = await agent.follow(new URL(posted.headers.get('location') as string, auth.url).href, (u) =>
      u.startsWith(`${server.baseUrl}/auth/v1/callback`),
    );
    const identities = await count('identities');
    const victim = await new Agent().request(back.url);
    expect(victim.status).toBe(400);
    expect(await count('identities')).toBe(identities);
  });

  it('refuses an ID token with another nonce', async () => {
    op.accounts.set('erin', { email: mail(), email_verified: true });
    const identities = await count('identities');
    op.tamperNonce = true;
    try {
      const result = await signInThroughProvider(new Agent(), 'erin');
      expect(result.code).toBeNull();
      expect(result.status).toBe(400);
      expect(result.body).toContain('Sign-in not completed');
    } finally {
      op.tamperNonce = false;
    }
    expect(await count('identities')).toBe(identities);
    const refusals = await audit('member.sso-refused');
    expect(refusals.at(-1)?.details).toContain('SSO_TOKEN_INVALID');
  });

  it('refuses tokens from another issuer', async () => {
    const liar = await addProvider(server, {
      name: 'Liar',
      issuer: op.liarIssuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
    });
    expect(liar.status).toBe(200);
    const liarId = ((await liar.json()) as { identityProvider: { id: string } }).identityProvider.id;
    op.accounts.set('frank', { email: mail(), email_verified: true });
    const identities = await count('identities');
    try {
      const result = await signInThroughProvider(new Agent(), 'frank', 'Liar');
      expect(result.code).toBeNull();
      expect(result.status).toBe(400);
    } finally {
      await fetch(`${server.baseUrl}/_api/merx/v1/identity-providers/${liarId}`, {
        method: 'DELETE',
        headers: { authorization: server.apiKey },
      });
    }
    expect(await count('identities')).toBe(identities);
  });

  it('answers an unknown or disabled provider, and one that is down, with a page (never a 500)', async () => {
    const session = await authSession(server);
    const agent = new Agent();
    const unknown = await agent.request(`${server.baseUrl}/auth/v1/sso/login/store/nope?sessionId=${session.id}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Sign-in option not found');

    const second = await startLocalProvider([`${server.baseUrl}/auth/v1/callback`]);
    const added = await addProvider(server, {
      name: 'Flaky',
      issuer: second.issuer,
      clientId: second.clientId,
      clientSecret: second.clientSecret,
    });
    const flakyId = ((await added.json()) as { identityProvider: { id: string } }).identityProvider.id;
    const off = await fetch(`${server.baseUrl}/_api/merx/v1/identity-providers/${flakyId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: server.apiKey },
      body: JSON.stringify({ identityProvider: { enabled: false } }),
    });
    expect(off.status).toBe(200);
    const page = await (await agent.request(session.url)).text();
    expect(page).not.toContain('Continue with Flaky');
    const disabled = await agent.request(
      `${server.baseUrl}/auth/v1/sso/login/store/${flakyId}?sessionId=${session.id}`,
    );
    expect(disabled.status).toBe(400);
    expect(await disabled.text()).toContain('turned off');

    await fetch(`${server.baseUrl}/_api/merx/v1/identity-providers/${flakyId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: server.apiKey },
      body: JSON.stringify({ identityProvider: { enabled: true } }),
    });
    await second.close();
    // A new revision drops the kept discovery document: the provider must answer now, and it does not.
    const down = await agent.request(`${server.baseUrl}/auth/v1/sso/login/store/${flakyId}?sessionId=${session.id}`);
    expect(down.status).toBe(502);
    expect(await down.text()).toContain('not answering');
    await fetch(`${server.baseUrl}/_api/merx/v1/identity-providers/${flakyId}`, {
      method: 'DELETE',
      headers: { authorization: server.apiKey },
    });
  });
});

describe('a provider that stops answering mid-sign-in', () => {
  it('answers the callback with a page, writing nothing', async () => {
    const flaky = await startLocalProvider([`${server.baseUrl}/auth/v1/callback`]);
    const added = await addProvider(server, {
      name: 'Brittle',
      issuer: flaky.issuer,
      clientId: flaky.clientId,
      clientSecret: flaky.clientSecret,
    });
    const id = ((await added.json()) as { identityProvider: { id: string } }).identityProvider.id;
    try {
      flaky.accounts.set('ivy', { email: mail(), email_verified: true });
      const agent = new Agent();
      const session = await authSession(server);
      const page = await (await agent.request(session.url)).text();
      const toProvider = await agent.request(new URL(continueLink(page, 'Brittle'), server.baseUrl).href);
      const auth = await agent.follow(toProvider.headers.get('location') as string, (u) => u.includes('/interaction/'));
      const posted = await agent.postForm(auth.url, { login: 'ivy' });
      const back = await agent.follow(new URL(posted.headers.get('location') as string, auth.url).href, (u) =>
        u.startsWith(`${server.baseUrl}/auth/v1/callback`),
      );
      await flaky.close();
      const identities = await count('identities');
      const res = await agent.request(back.url);
      expect(res.status).toBe(502);
      expect(await res.text()).toContain('not answering');
      expect(await count('identities')).toBe(identities);
    } finally {
      await fetch(`${server.baseUrl}/_api/merx/v1/identity-providers/${id}`, {
        method: 'DELETE',
        headers: { authorization: server.apiKey },
      });
    }
  });
});

describe('the hosted hand-off', () => {
  it('goes straight to the provider the sign-in names (authRequest.idp), and shows the page with direct=0', async () => {
    const session = await authSession(server, providerId);
    const agent = new Agent();
    const res = await agent.request(session.url);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain(`/auth/v1/sso/login/store/${providerId}?sessionId=${session.id}`);
    const page = await agent.request(`${session.url}?direct=0`);
    expect(page.status).toBe(200);
    const unknown = await authSession(server, 'not-a-provider');
    expect((await agent.request(unknown.url)).status).toBe(200);
  });

  it('answers a callback without state, or with the provider refusing, with a page (never a 500)', async () => {
    const agent = new Agent();
    const bare = await agent.request(`${server.baseUrl}/auth/v1/callback`);
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain('This sign-in has expired');

    op.accounts.set('hank', { email: mail(), email_verified: true });
    const session = await authSession(server);
    const page = await (await agent.request(session.url)).text();
    const toProvider = await agent.request(new URL(continueLink(page, 'Local ID'), server.baseUrl).href);
    const authorize = new URL(toProvider.headers.get('location') as string);
    // The member cancels at the provider: it answers error=access_denied with the state.
    const cancelled = new URL(`${server.baseUrl}/auth/v1/callback`);
    cancelled.searchParams.set('error', 'access_denied');
    cancelled.searchParams.set('state', authorize.searchParams.get('state') as string);
    cancelled.searchParams.set('iss', op.issuer);
    const identities = await count('identities');
    const res = await agent.request(cancelled.href);
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain('access_denied');
    expect(body).toContain(`/auth/session/${session.id}?direct=0`);
    expect(await count('identities')).toBe(identities);
  });
});

describe('POST /v1/sso/login-with-token-params', () => {
  it("signs a member in with the provider's answer the client received itself", async () => {
    op.accounts.set('gina', { email: mail(), email_verified: true });
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(16).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    const redirectUri = `${server.baseUrl}/app/sso`;
    const authorize = new URL(`${op.issuer}/auth`);
    for (const [k, v] of Object.entries({
      client_id: op.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      state,
      nonce,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(k, v);
    }
    const agent = new Agent();
    const login = await agent.follow(authorize.href, (u) => u.includes('/interaction/'));
    const posted = await agent.postForm(login.url, { login: 'gina' });
    const back = await agent.follow(new URL(posted.headers.get('location') as string, login.url).href, (u) =>
      u.startsWith(redirectUri),
    );
    const call = (tokenParams: Record<string, string>, idp = providerId) =>
      fetch(`${server.baseUrl}/_api/iam/authentication/v1/sso/login-with-token-params`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idpConnectionId: idp, tokenParams }),
      });

    const wrongState = await call({ callbackUrl: back.url, codeVerifier: verifier, state: 'other', nonce });
    expect(wrongState.status).toBe(403);
    expect(
      ((await wrongState.json()) as { details: { applicationError: { code: string } } }).details.applicationError.code,
    ).toBe('SSO_TOKEN_INVALID');
    const unknown = await call({ callbackUrl: back.url, codeVerifier: verifier }, 'nope');
    expect(unknown.status).toBe(404);

    const ok = await call({ callbackUrl: back.url, codeVerifier: verifier, state, nonce });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { state: string; sessionToken: string; identity: { id: string } };
    expect(body.state).toBe('SUCCESS');
    expect(body.sessionToken).toMatch(/^merx_st_/);

    // The code is spent: the same answer again is refused, nothing written.
    const again = await call({ callbackUrl: back.url, codeVerifier: verifier, state, nonce });
    expect(again.status).toBe(403);
  });

  it('refuses a malformed body in the contract envelope', async () => {
    const res = await fetch(`${server.baseUrl}/_api/iam/authentication/v1/sso/login-with-token-params`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        idpConnectionId: providerId,
        tokenParams: { callbackUrl: 'nope', codeVerifier: 'x'.repeat(43) },
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { details: { validationError: { fieldViolations: Array<{ field: string }> } } };
    expect(body.details.validationError.fieldViolations[0]?.field).toBe('tokenParams.callbackUrl');
  });
});
