import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../lib/totp.js';
import { startTestServer, type TestServer } from '../../testing.js';

let server: TestServer;
let clientId: string;
const REDIRECT = 'https://shop.example/callback';

beforeAll(async () => {
  server = await startTestServer();
  clientId = (await server.services.clients.create({ name: 'Shop', redirectUris: [REDIRECT] })).id;
});
afterAll(async () => {
  await server.close();
});

interface Res {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers
  body: any;
}

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  auth?: string,
): Promise<Res> {
  const res = await server.app.inject({
    method,
    url,
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
  expect(res.headers['x-wix-request-id']).toBeTruthy();
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

const email = () => `m${randomUUID().slice(0, 8)}@example.com`;
const register = (address: string, password = 'correct horse 1') =>
  call('POST', '/_api/iam/authentication/v2/register', { loginId: { email: address }, password });
const login = (address: string, password = 'correct horse 1') =>
  call('POST', '/_api/iam/authentication/v2/login', { loginId: { email: address }, password });

async function token(body: Record<string, unknown>, auth?: string): Promise<Res> {
  return call('POST', '/oauth2/token', body, auth);
}

/** Member tokens through the hosted flow's building blocks: login session → code → token. */
async function memberTokens(address: string, password = 'correct horse 1') {
  const session = (await login(address, password)).body.sessionToken as string;
  const verifier = randomUUID() + randomUUID();
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const code = await server.services.oauth.issueCode(server.merx.db, {
    clientId,
    redirectUri: REDIRECT,
    codeChallenge: challenge,
    identityId: (await server.services.identity.consumeSession(server.merx.db, session))?.id as string,
  });
  const res = await token({
    clientId,
    grantType: 'authorization_code',
    redirectUri: REDIRECT,
    code,
    codeVerifier: verifier,
  });
  expect(res.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string };
}

async function countRows(table: 'identities' | 'refresh_tokens' | 'auth_codes'): Promise<number> {
  const row = await server.merx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /oauth2/token', () => {
  it('mints visitor tokens for a registered client only', async () => {
    const ok = await token({ clientId, grantType: 'anonymous' });
    expect(ok.body).toMatchObject({ token_type: 'Bearer', scope: 'offline_access', expires_in: 14400 });
    expect(ok.body.refresh_token).toMatch(/^merx_rt_/);
    const unknown = await token({ clientId: randomUUID(), grantType: 'anonymous' });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('answers bad grants in the OAuth error form and writes nothing', async () => {
    const before = await countRows('refresh_tokens');
    expect((await token({ grantType: 'password', clientId })).body.error).toBe('unsupported_grant_type');
    expect((await token({ clientId })).body.error).toBe('invalid_request');
    expect((await token({ grantType: 'refresh_token', refreshToken: 'merx_rt_nope' })).body.error).toBe(
      'invalid_grant',
    );
    expect(
      (await token({ grantType: 'authorization_code', clientId, code: 'x', codeVerifier: 'y'.repeat(43) })).body.error,
    ).toBe('invalid_grant');
    expect((await token({ grantType: 'authorized_client', member_id: randomUUID() })).status).toBe(401);
    expect(await countRows('refresh_tokens')).toBe(before);
  });

  it('accepts a form post as standard OAuth clients send it', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=anonymous&client_id=${clientId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('checks the PKCE verifier and the redirect URI, and uses a code once', async () => {
    const address = email();
    await register(address);
    const session = (await login(address)).body.sessionToken as string;
    const identityId = (await server.services.identity.consumeSession(server.merx.db, session))?.id as string;
    const verifier = 'a'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const issue = () =>
      server.services.oauth.issueCode(server.merx.db, {
        clientId,
        redirectUri: REDIRECT,
        codeChallenge: challenge,
        identityId,
      });
    const code = await issue();
    const wrongVerifier = await token({
      clientId,
      grantType: 'authorization_code',
      code,
      codeVerifier: 'b'.repeat(43),
    });
    expect(wrongVerifier.body.error).toBe('invalid_grant');
    const wrongRedirect = await token({
      clientId,
      grantType: 'authorization_code',
      code,
      codeVerifier: verifier,
      redirectUri: 'https://evil.example/cb',
    });
    expect(wrongRedirect.body.error).toBe('invalid_grant');
    const ok = await token({
      clientId,
      grantType: 'authorization_code',
      code,
      codeVerifier: verifier,
      redirectUri: REDIRECT,
    });
    expect(ok.status).toBe(200);
    const replay = await token({ clientId, grantType: 'authorization_code', code, codeVerifier: verifier });
    expect(replay.body.error).toBe('invalid_grant');
  });
});

describe('callers from tokens', () => {
  it('tells visitors, members and forged tokens apart', async () => {
    const visitor = (await token({ clientId, grantType: 'anonymous' })).body.access_token;
    expect((await call('GET', '/_api/merx/v1/members/me', undefined, visitor)).status).toBe(401);
    const address = email();
    await register(address);
    const member = await memberTokens(address);
    expect(
      (await call('GET', '/_api/merx/v1/members/me', undefined, member.access_token)).body.identity.email.address,
    ).toBe(address);
    const forged = `${member.access_token.slice(0, -4)}AAAA`;
    const res = await call('GET', '/stores-reader/v1/products/query-platformized', undefined, forged);
    expect(res).toMatchObject({ status: 401, body: { details: { applicationError: { code: 'UNAUTHENTICATED' } } } });
  });

  it('keeps members and visitors off staff routes', async () => {
    const address = email();
    await register(address);
    const member = await memberTokens(address);
    expect((await call('GET', '/_api/merx/v1/members', undefined, member.access_token)).status).toBe(403);
    expect((await call('POST', '/stores/v1/products', { product: { name: 'x' } }, member.access_token)).status).toBe(
      403,
    );
    const visitor = (await token({ clientId, grantType: 'anonymous' })).body.access_token;
    expect((await call('GET', '/_api/merx/v1/staff', undefined, visitor)).status).toBe(401);
  });

  it('ends member tokens at once on a password change, and the refresh token with them', async () => {
    const address = email();
    await register(address);
    const member = await memberTokens(address);
    const changed = await call(
      'POST',
      '/_api/iam/authentication/v2/change-password',
      { newPassword: 'new password 22' },
      member.access_token,
    );
    expect(changed.status).toBe(200);
    expect((await call('GET', '/_api/merx/v1/members/me', undefined, member.access_token)).status).toBe(401);
    expect((await token({ clientId, grantType: 'refresh_token', refreshToken: member.refresh_token })).body.error).toBe(
      'invalid_grant',
    );
    expect((await login(address, 'new password 22')).body.state).toBe('SUCCESS');
  });
});

describe('register and login', () => {
  it('refuses malformed emails and short passwords with field violations, writing nothing', async () => {
    const before = await countRows('identities');
    const bad = await call('POST', '/_api/iam/authentication/v2/register', {
      loginId: { email: 'nope' },
      password: 'correct horse 1',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'loginId.email',
      data: { type: 'EMAIL' },
    });
    const short = await register(email(), 'short');
    expect(short.body.details.validationError.fieldViolations[0].field).toBe('password');
    expect(await countRows('identities')).toBe(before);
  });

  it('answers the contract codes: -19995 duplicate email, -19976 wrong password or unknown email', async () => {
    const address = email();
    expect((await register(address)).body.state).toBe('SUCCESS');
    expect((await register(address.toUpperCase())).body.details.applicationError.code).toBe('-19995');
    const wrong = await login(address, 'wrong password');
    const unknown = await login(email(), 'wrong password');
    expect(wrong.body.details.applicationError.code).toBe('-19976');
    expect(unknown.body.details.applicationError.code).toBe('-19976');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('answers a malformed login as an application error, never a validation error', async () => {
    const res = await call('POST', '/_api/iam/authentication/v2/login', { loginId: 5 });
    expect(res.status).toBe(400);
    expect(res.body.details.applicationError.code).toBeTruthy();
    expect(res.body.details.validationError).toBeUndefined();
  });

  it('answers -19973 when staff required a password reset', async () => {
    const address = email();
    await register(address);
    const identity = await server.services.identity.repo.byEmail(server.merx.db, 'member', address);
    await server.services.identity.repo.update(
      server.merx.db,
      identity?.id as string,
      { passwordResetRequired: true },
      new Date().toISOString(),
    );
    expect((await login(address)).body.details.applicationError.code).toBe('-19973');
  });

  it('asks for captcha tokens when captcha is on: -19971 missing, -19970 invalid', async () => {
    await server.services.memberSettings.update({ captchaEnabled: true });
    try {
      const missing = await register(email());
      expect(missing.body.details.applicationError.code).toBe('-19971');
      const invalid = await call('POST', '/_api/iam/authentication/v2/login', {
        loginId: { email: email() },
        password: 'whatever 123',
        captchaTokens: [{ Recaptcha: 'bogus' }],
      });
      expect(invalid.body.details.applicationError.code).toBe('-19970');
    } finally {
      await server.services.memberSettings.update({ captchaEnabled: false });
    }
  });
});

describe('verification codes and second factors', () => {
  async function lastCode(to: string): Promise<string> {
    const row = await server.merx.db
      .selectFrom('mail_messages')
      .select('text_body')
      .where('to_address', '=', to)
      .orderBy('created_date', 'desc')
      .executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(row.text_body)?.[1] as string;
  }

  it('spends a verification after five wrong codes, and a used code cannot be replayed', async () => {
    await server.services.memberSettings.update({ requireEmailVerification: true });
    try {
      const address = email();
      const first = (await register(address)).body;
      expect(first.state).toBe('REQUIRE_EMAIL_VERIFICATION');
      for (let i = 0; i < 5; i++) {
        const wrong = await call('POST', '/_api/iam/verification/v1/auth/verify', {
          code: '000000',
          stateToken: first.stateToken,
        });
        expect(wrong.status).toBe(400);
      }
      const code = await lastCode(address);
      const spent = await call('POST', '/_api/iam/verification/v1/auth/verify', { code, stateToken: first.stateToken });
      expect(spent.body.details.applicationError.code).toBe('INVALID_STATE_TOKEN');
      const second = (await login(address)).body;
      expect(second.state).toBe('REQUIRE_EMAIL_VERIFICATION');
      const ok = await call('POST', '/_api/iam/verification/v1/auth/verify', {
        code: await lastCode(address),
        stateToken: second.stateToken,
      });
      expect(ok.body.state).toBe('SUCCESS');
      const replay = await call('POST', '/_api/iam/verification/v1/auth/verify', {
        code: '123456',
        stateToken: second.stateToken,
      });
      expect(replay.body.details.applicationError.code).toBe('INVALID_STATE_TOKEN');
    } finally {
      await server.services.memberSettings.update({ requireEmailVerification: false });
    }
  });

  it('enrols TOTP from the account and asks for a code at the next sign-in', async () => {
    const address = email();
    await register(address);
    const member = await memberTokens(address);
    const enrol = await call('POST', '/_api/merx/v1/members/me/factors/totp', {}, member.access_token);
    expect(enrol.body.otpauthUrl).toContain('otpauth://totp/');
    expect(enrol.body.qrCodeSvg).toContain('<svg');
    const wrong = await call(
      'POST',
      '/_api/merx/v1/members/me/factors/totp/activate',
      { code: '000000' },
      member.access_token,
    );
    expect(wrong.status).toBe(400);
    const activate = await call(
      'POST',
      '/_api/merx/v1/members/me/factors/totp/activate',
      { code: totpCode(enrol.body.secret, new Date(Date.now() - 30_000)) },
      member.access_token,
    );
    expect(
      activate.body.identity.factors.map((f: { type: string; status: string }) => `${f.type}:${f.status}`),
    ).toContain('TOTP:ACTIVE');
    const state = (await login(address)).body;
    expect(state).toMatchObject({ state: 'REQUIRE_MFA', additionalData: { factorType: 'TOTP' } });
    const bad = await call('POST', '/_api/iam/authentication/v2/TOTP/verify', {
      stateToken: state.stateToken,
      totpData: { code: '000000' },
    });
    expect(bad.status).toBe(400);
    const ok = await call('POST', '/_api/iam/authentication/v2/TOTP/verify', {
      stateToken: state.stateToken,
      totpData: { code: totpCode(enrol.body.secret, new Date()) },
    });
    expect(ok.body.state).toBe('SUCCESS');
    expect(ok.body.sessionToken).toBeTruthy();
  });

  it('sends an emailed code as the second factor when the member turned it on', async () => {
    const address = email();
    await register(address);
    const member = await memberTokens(address);
    await call('POST', '/_api/merx/v1/members/me/factors/email', { enabled: true }, member.access_token);
    const state = (await login(address)).body;
    expect(state).toMatchObject({ state: 'REQUIRE_MFA', additionalData: { factorType: 'EMAIL' } });
    const ok = await call('POST', '/_api/iam/authentication/v2/EMAIL/verify', {
      stateToken: state.stateToken,
      emailData: { code: await lastCode(address) },
    });
    expect(ok.body.state).toBe('SUCCESS');
  });
});

describe('staff manage members', () => {
  it('lists, approves, blocks (ending the member tokens) and deletes members', async () => {
    const address = email();
    await register(address);
    const member = await memberTokens(address);
    const list = await call(
      'GET',
      `/_api/merx/v1/members?email=${encodeURIComponent(address)}`,
      undefined,
      server.apiKey,
    );
    expect(list.body.identities).toHaveLength(1);
    const id = list.body.identities[0].id;
    const blocked = await call('POST', `/_api/merx/v1/members/${id}/block`, {}, server.apiKey);
    expect(blocked.body.identity.status.name).toBe('BLOCKED');
    expect((await call('GET', '/_api/merx/v1/members/me', undefined, member.access_token)).status).toBe(401);
    expect((await login(address)).body.details.applicationError.code).toBe('MEMBER_BLOCKED');
    await call('POST', `/_api/merx/v1/members/${id}/unblock`, {}, server.apiKey);
    expect((await login(address)).body.state).toBe('SUCCESS');
    expect((await call('DELETE', `/_api/merx/v1/members/${id}`, undefined, server.apiKey)).status).toBe(200);
    expect((await call('GET', `/_api/merx/v1/members/${id}`, undefined, server.apiKey)).status).toBe(404);
    expect((await call('POST', `/_api/merx/v1/members/${randomUUID()}/approve`, {}, server.apiKey)).status).toBe(404);
  });

  it('lets staff sign in through a back-office client with a token that carries their role', async () => {
    await server.services.staff.ensureOwner('owner@shop.test', 'owner password 1');
    const invite = await call(
      'POST',
      '/_api/merx/v1/staff/invitations',
      { email: 'clerk@shop.test', role: 'staff', permissions: ['members:read'] },
      server.apiKey,
    );
    expect(invite.status).toBe(200);
    const inviteToken = new URL(invite.body.url).searchParams.get('token') as string;
    const clerk = await server.services.staff.acceptInvitation(inviteToken, 'clerk password 1', { firstName: 'Cleo' });
    await expect(server.services.staff.acceptInvitation(inviteToken, 'clerk password 1', {})).rejects.toThrow(
      /invitation/,
    );
    const state = await server.services.identity.login(
      { loginId: { email: 'clerk@shop.test' }, password: 'clerk password 1' },
      { ip: '10.0.0.1' },
      'staff',
    );
    expect(state.state).toBe('SUCCESS');
    const backoffice = await server.services.clients.firstOfKind('backoffice');
    const verifier = 'c'.repeat(43);
    const code = await server.services.oauth.issueCode(server.merx.db, {
      clientId: backoffice?.id as string,
      redirectUri: backoffice?.redirectUris[0] as string,
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      identityId: clerk.id,
    });
    const tokens = (
      await token({ clientId: backoffice?.id, grantType: 'authorization_code', code, codeVerifier: verifier })
    ).body;
    expect((await call('GET', '/_api/merx/v1/members', undefined, tokens.access_token)).status).toBe(200);
    expect((await call('GET', '/_api/merx/v1/staff', undefined, tokens.access_token)).status).toBe(403);
    expect(
      (
        await call(
          'POST',
          '/stores/v1/products',
          { product: { name: 'x', priceData: { price: 1 } } },
          tokens.access_token,
        )
      ).status,
    ).toBe(403);
    const staffList = await call('GET', '/_api/merx/v1/staff', undefined, server.apiKey);
    expect(staffList.body.staff.map((s: { email: string }) => s.email)).toEqual(
      expect.arrayContaining(['owner@shop.test', 'clerk@shop.test']),
    );
  });
});

describe('redirect sessions', () => {
  const authRequest = (overrides: Record<string, unknown> = {}) => ({
    auth: {
      authRequest: {
        redirectUri: REDIRECT,
        clientId,
        codeChallenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
        codeChallengeMethod: 'S256',
        responseMode: 'fragment',
        responseType: 'code',
        scope: 'offline_access',
        state: 'st',
        ...overrides,
      },
      prompt: 'login',
    },
  });

  it('answers at all three paths with urlDetails.endpoint', async () => {
    for (const path of [
      '/_api/redirects-api/v1/redirect-session',
      '/redirect-session/v1/redirect-session',
      '/headless/v1/redirect-session',
    ]) {
      const res = await call('POST', path, authRequest());
      expect(res.status).toBe(200);
      expect(res.body.redirectSession.urlDetails.endpoint).toContain('/auth/session/');
      expect(res.body.redirectSession.fullUrl).toContain(res.body.redirectSession.id);
    }
  });

  it('refuses unregistered redirect URIs and clients, and more than one intent', async () => {
    expect(
      (
        await call(
          'POST',
          '/_api/redirects-api/v1/redirect-session',
          authRequest({ redirectUri: 'https://evil.example/cb' }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', '/_api/redirects-api/v1/redirect-session', authRequest({ clientId: randomUUID() }))).status,
    ).toBe(400);
    expect((await call('POST', '/_api/redirects-api/v1/redirect-session', { login: {}, logout: {} })).status).toBe(400);
    expect(
      (
        await call('POST', '/_api/redirects-api/v1/redirect-session', {
          login: {},
          callbacks: { postFlowUrl: 'https://evil.example/' },
        })
      ).status,
    ).toBe(400);
    expect((await call('POST', '/_api/redirects-api/v1/redirect-session', { bookingsCheckout: {} })).status).toBe(400);
  });

  it('points checkout and product intents at the storefront', async () => {
    const checkout = await call('POST', '/_api/redirects-api/v1/redirect-session', {
      ecomCheckout: { checkoutId: 'c-1' },
      callbacks: { postFlowUrl: 'https://shop.example/' },
    });
    expect(checkout.body.redirectSession.fullUrl).toContain('/checkout?checkoutId=c-1');
    const product = await call('POST', '/_api/redirects-api/v1/redirect-session', {
      storesProduct: { productSlug: 'blue-mug' },
    });
    expect(product.body.redirectSession.fullUrl).toMatch(/\/products\/blue-mug$/);
  });
});

describe('resending codes', () => {
  it('sends a new code on request, at most five an hour', async () => {
    await server.services.memberSettings.update({ requireEmailVerification: true });
    try {
      const address = email();
      const state = (await register(address)).body;
      for (let i = 0; i < 5; i++) {
        const res = await call('POST', '/_api/iam/verification/v1/auth/resend', { stateToken: state.stateToken });
        expect(res.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
        state.stateToken = res.body.stateToken;
      }
      const limited = await call('POST', '/_api/iam/verification/v1/auth/resend', { stateToken: state.stateToken });
      expect(limited).toMatchObject({
        status: 429,
        body: { details: { applicationError: { code: 'TOO_MANY_ATTEMPTS' } } },
      });
    } finally {
      await server.services.memberSettings.update({ requireEmailVerification: false });
    }
  });
});

describe('staff password from the command line', () => {
  it('sets a new password, ends the old sign-ins, and refuses unknown accounts', async () => {
    await server.services.staff.ensureOwner('owner@shop.test', 'owner password 1');
    const before = await server.services.identity.login(
      { loginId: { email: 'owner@shop.test' }, password: 'owner password 1' },
      { ip: '10.9.9.9' },
      'staff',
    );
    expect(before.state).toBe('SUCCESS');
    const password = await server.services.staff.setPassword('owner@shop.test');
    expect(password.length).toBeGreaterThanOrEqual(16);
    const after = await server.services.identity.login(
      { loginId: { email: 'owner@shop.test' }, password },
      { ip: '10.9.9.9' },
      'staff',
    );
    expect(after.state).toBe('SUCCESS');
    await expect(server.services.staff.setPassword('nobody@shop.test')).rejects.toThrow(/No staff account/);
  });
});

describe('expired codes and links', () => {
  it('refuses a verification code and a recovery link after they expire', async () => {
    await server.services.memberSettings.update({ requireEmailVerification: true });
    try {
      const address = email();
      const state = (await register(address)).body;
      await call('POST', '/_api/iam/recovery/v1/send-email', { email: address });
      const past = new Date(Date.now() - 1000).toISOString();
      const identity = await server.services.identity.repo.byEmail(server.merx.db, 'member', address);
      await server.merx.db
        .updateTable('challenges')
        .set({ expires_date: past })
        .where('identity_id', '=', identity?.id as string)
        .execute();
      const mails = await server.merx.db
        .selectFrom('mail_messages')
        .select(['kind', 'text_body'])
        .where('to_address', '=', address)
        .execute();
      const code = /\b(\d{6})\b/.exec(
        mails.find((m) => m.kind === 'verification-code')?.text_body ?? '',
      )?.[1] as string;
      const token = /token=([A-Za-z0-9_-]+)/.exec(
        mails.find((m) => m.kind === 'recovery-link')?.text_body ?? '',
      )?.[1] as string;
      const verify = await call('POST', '/_api/iam/verification/v1/auth/verify', {
        code,
        stateToken: state.stateToken,
      });
      expect(verify.body.details.applicationError.code).toBe('INVALID_STATE_TOKEN');
      const recover = await call('POST', '/_api/iam/recovery/v1/recover', {
        recoveryToken: token,
        password: 'brand new pass 1',
      });
      expect(recover.body.details.applicationError.code).toBe('INVALID_RECOVERY_TOKEN');
    } finally {
      await server.services.memberSettings.update({ requireEmailVerification: false });
    }
  });
});
