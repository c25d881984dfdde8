process.env.MERX_ARGON2_FAST = '1';

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../testing.js';
import type { OAuthClient } from '../oauth/clients.service.js';

const ORIGIN = 'http://localhost:5173';
const REDIRECT = `${ORIGIN}/callback`;
const PASSWORD = 'correct horse 1';

let server: TestServer;
let shop: OAuthClient;

beforeAll(async () => {
  server = await startTestServer();
  shop = await server.services.clients.create({ name: 'Test shop', redirectUris: [REDIRECT], allowedOrigins: [ORIGIN] });
});
afterAll(async () => {
  await server?.close();
});

const email = () => `m-${randomUUID().slice(0, 8)}@example.com`;

async function member(address = email(), password = PASSWORD): Promise<string> {
  await server.services.identity.register({ loginId: { email: address }, password }, { ip: undefined });
  return address;
}

/** A browser for `app.inject`: keeps cookies between requests, like the real one on `/auth`. */
class Browser {
  readonly cookies = new Map<string, string>();

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await server.app.inject({ ...opts, headers: { ...opts.headers, ...(cookie ? { cookie } : {}) } });
    const set = res.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      if (/Max-Age=0/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, fields: Record<string, string>) {
    return this.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  /** Opens a page and posts its form (the first form whose action matches), carrying the page's CSRF token. */
  async submit(pageUrl: string, fields: Record<string, string>, action?: string) {
    const page = await this.get(pageUrl);
    return this.post(action ?? pageUrl, { csrf: csrfOf(page.body), ...fields });
  }
}

function csrfOf(body: string): string {
  return hiddenOf(body, 'csrf');
}

function hiddenOf(body: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(body);
  if (!match?.[1]) throw new Error(`no ${name} field in the page`);
  return match[1];
}

const unescape = (s: string) => s.replace(/&amp;/g, '&');

interface AuthSession {
  path: string;
  verifier: string;
  state: string;
}

async function authSession(
  opts: {
    responseMode?: 'fragment' | 'query' | 'web_message';
    prompt?: 'login' | 'none';
    sessionToken?: string;
    client?: OAuthClient;
  } = {},
): Promise<AuthSession> {
  const client = opts.client ?? shop;
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const res = await server.app.inject({
    method: 'POST',
    url: '/_api/redirects-api/v1/redirect-session',
    payload: {
      auth: {
        authRequest: {
          redirectUri: client.redirectUris[0],
          clientId: client.id,
          codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
          codeChallengeMethod: 'S256',
          responseMode: opts.responseMode ?? 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state,
          ...(opts.sessionToken ? { sessionToken: opts.sessionToken } : {}),
        },
        prompt: opts.prompt ?? 'login',
      },
    },
  });
  expect(res.statusCode).toBe(200);
  return { path: new URL(res.json().redirectSession.fullUrl).pathname, verifier, state };
}

async function redirectSession(body: Record<string, unknown>): Promise<string> {
  const res = await server.app.inject({ method: 'POST', url: '/_api/redirects-api/v1/redirect-session', payload: body });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().redirectSession.fullUrl).pathname;
}

/** The OAuth parameters a redirect carries in its fragment or query. */
function resultOf(location: string, mode: 'fragment' | 'query' = 'fragment'): URLSearchParams {
  const url = new URL(location);
  return mode === 'query' ? url.searchParams : new URLSearchParams(url.hash.slice(1));
}

function exchange(code: string, verifier: string, client = shop) {
  return server.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    payload: {
      clientId: client.id,
      grantType: 'authorization_code',
      redirectUri: client.redirectUris[0],
      code,
      codeVerifier: verifier,
    },
  });
}

async function codeCount(): Promise<number> {
  const row = await server.merx.db
    .selectFrom('auth_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function latestMail(to: string, kind?: string): Promise<string> {
  let q = server.merx.db.selectFrom('mail_messages').select('text_body').where('to_address', '=', to);
  if (kind) q = q.where('kind', '=', kind);
  const row = await q.orderBy('created_date', 'desc').executeTakeFirst();
  if (!row) throw new Error(`no mail to ${to}`);
  return row.text_body;
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] as string;

describe('the sign-in page', () => {
  it('is a server-rendered form with a CSRF token, under a strict policy', async () => {
    const { path } = await authSession();
    const res = await new Browser().get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain(`form-action 'self' ${ORIGIN}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['set-cookie'])).toMatch(/merx_csrf=[^;]+; Path=\/auth; .*HttpOnly; SameSite=Lax/);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain(`<form method="post" action="${path}"`);
    expect(res.body).toMatch(/<input id="email" name="email" type="email" autocomplete="email"/);
    expect(res.body).toMatch(/name="password" type="password" autocomplete="current-password"/);
    expect(res.body).toContain('<label for="password">');
    expect(res.body).toContain('aria-live="assertive"');
    expect(res.body).toContain('/sign-up">Create an account</a>');
    expect(res.body).toContain('Forgot password?');
    expect(csrfOf(res.body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a post without a valid CSRF token with 403 and issues nothing', async () => {
    const address = await member();
    const { path } = await authSession();
    const browser = new Browser();
    await browser.get(path);
    const before = await codeCount();
    const missing = await browser.post(path, { email: address, password: PASSWORD });
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toContain('This form has expired');
    const forged = await browser.post(path, { email: address, password: PASSWORD, csrf: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(403);
    // A token from another browser does not fit this browser's cookie.
    const other = csrfOf((await new Browser().get(path)).body);
    expect((await browser.post(path, { email: address, password: PASSWORD, csrf: other })).statusCode).toBe(403);
    expect(await codeCount()).toBe(before);
  });

  it('shows the form again with a message and the email kept when the password is wrong', async () => {
    const address = await member();
    const { path } = await authSession();
    const before = await codeCount();
    const res = await new Browser().submit(path, { email: address, password: 'wrong password 9' });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Wrong email or password');
    expect(res.body).toContain(`value="${address}"`);
    expect(res.body).not.toContain('wrong password 9');
    expect(await codeCount()).toBe(before);
  });

  it('asks for both fields when one is empty', async () => {
    const { path } = await authSession();
    const res = await new Browser().submit(path, { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter your email address.');
    expect(res.body).toContain('aria-invalid="true"');
  });

  it('redirects with code and state in the fragment; the code gives tokens once', async () => {
    const address = await member();
    const { path, verifier, state } = await authSession();
    const res = await new Browser().submit(path, { email: address, password: PASSWORD });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location.startsWith(`${REDIRECT}#code=`)).toBe(true);
    const result = resultOf(location);
    expect(result.get('state')).toBe(state);
    expect(String(res.headers['set-cookie'])).toMatch(/merx_auth=merx_st_[^;]+; Path=\/auth; .*HttpOnly; SameSite=Lax/);
    const tokens = await exchange(result.get('code') as string, verifier);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json().access_token).toBeTruthy();
    expect(tokens.json().refresh_token).toBeTruthy();
    const again = await exchange(result.get('code') as string, verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });

  it('puts code and state in the query string for response_mode=query', async () => {
    const address = await member();
    const { path, verifier, state } = await authSession({ responseMode: 'query' });
    const res = await new Browser().submit(path, { email: address, password: PASSWORD });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location.startsWith(`${REDIRECT}?code=`)).toBe(true);
    expect(resultOf(location, 'query').get('state')).toBe(state);
    expect((await exchange(resultOf(location, 'query').get('code') as string, verifier)).statusCode).toBe(200);
  });

  it('posts the result to the client origin only for response_mode=web_message', async () => {
    const address = await member();
    const { path, state, verifier } = await authSession({ responseMode: 'web_message' });
    const res = await new Browser().submit(path, { email: address, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const match = /postMessage\(\{"code":"([^"]+)","state":"([^"]+)"\}, "http:\/\/localhost:5173"\)/.exec(res.body);
    expect(match?.[2]).toBe(state);
    expect(res.body).toContain('window.opener || (window.parent !== window ? window.parent : null)');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain(`frame-ancestors ${ORIGIN}`);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect((await exchange(match?.[1] as string, verifier)).statusCode).toBe(200);
  });

  it('sends error=access_denied with the state when the member cancels', async () => {
    const { path, state } = await authSession();
    const browser = new Browser();
    const page = await browser.get(path);
    const res = await browser.post(`${path}/cancel`, { csrf: csrfOf(page.body) });
    expect(res.statusCode).toBe(302);
    const result = resultOf(res.headers.location as string);
    expect(result.get('error')).toBe('access_denied');
    expect(result.get('error_description')).toBeTruthy();
    expect(result.get('state')).toBe(state);
  });

  it('turns away an unknown or expired link with an error page', async () => {
    const unknown = await new Browser().get(`/auth/session/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).toContain('This sign-in link isn’t valid');
    const { path } = await authSession();
    await server.merx.db
      .updateTable('redirect_sessions')
      .set({ expires_date: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', path.split('/').pop() as string)
      .execute();
    const expired = await new Browser().get(path);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('This link has expired');
    expect((await new Browser().get('/auth/session/%3Cscript%3E')).statusCode).toBe(404);
  });

  it('escapes the store name and everything else it shows', async () => {
    const before = (await server.services.settings.store()).name;
    await server.services.settings.updateStore({ name: '<script>alert(1)</script> & "Co"' });
    try {
      const { path } = await authSession();
      const res = await new Browser().submit(path, { email: '"><img src=x onerror=alert(1)>', password: 'x' });
      expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
      expect(res.body).not.toContain('<img src=x');
    } finally {
      await server.services.settings.updateStore({ name: before });
    }
  });

  it('shows an error page with a reference, and no details, when something breaks', async () => {
    const { path } = await authSession();
    const spy = vi.spyOn(server.services.identity, 'login').mockRejectedValueOnce(new Error('database exploded'));
    try {
      const res = await new Browser().submit(path, { email: email(), password: PASSWORD });
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('Something went wrong');
      expect(res.body).toContain(`<code>${res.headers['x-wix-request-id']}</code>`);
      expect(res.body).not.toContain('exploded');
      expect(res.body).not.toContain('.ts:');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('prompt=none', () => {
  it('redirects at once with a code for the session token of a login', async () => {
    const address = await member();
    const login = await server.services.identity.login({ loginId: { email: address }, password: PASSWORD }, { ip: undefined });
    const { path, verifier, state } = await authSession({ prompt: 'none', sessionToken: login.sessionToken as string });
    const res = await new Browser().get(path);
    expect(res.statusCode).toBe(302);
    const result = resultOf(res.headers.location as string);
    expect(result.get('state')).toBe(state);
    expect((await exchange(result.get('code') as string, verifier)).statusCode).toBe(200);
    // The session token was used up.
    const again = await authSession({ prompt: 'none', sessionToken: login.sessionToken as string });
    expect(resultOf((await new Browser().get(again.path)).headers.location as string).get('error')).toBe(
      'login_required',
    );
  });

  it('answers error=login_required without a session', async () => {
    const { path, state } = await authSession({ prompt: 'none' });
    const res = await new Browser().get(path);
    expect(res.statusCode).toBe(302);
    const result = resultOf(res.headers.location as string);
    expect(result.get('error')).toBe('login_required');
    expect(result.get('state')).toBe(state);
    expect(result.get('code')).toBeNull();
  });

  it('uses the browser session cookie of an earlier sign-in, until a logout ends it', async () => {
    const address = await member();
    const browser = new Browser();
    const first = await authSession();
    expect((await browser.submit(first.path, { email: address, password: PASSWORD })).statusCode).toBe(302);
    const silent = await authSession({ prompt: 'none' });
    const res = await browser.get(silent.path);
    expect(resultOf(res.headers.location as string).get('code')).toBeTruthy();

    const signedIn = browser.cookies.get('merx_auth') as string;
    const logout = await redirectSession({ logout: { clientId: shop.id }, callbacks: { postFlowUrl: `${ORIGIN}/` } });
    const out = await browser.get(logout);
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe(`${ORIGIN}/`);
    expect(browser.cookies.has('merx_auth')).toBe(false);
    // Even with the old cookie value, the browser session is revoked.
    const replay = new Browser();
    replay.cookies.set('merx_auth', signedIn);
    const after = await replay.get((await authSession({ prompt: 'none' })).path);
    expect(resultOf(after.headers.location as string).get('error')).toBe('login_required');
  });

  it('delivers login_required by web_message with the client origins allowed to frame it', async () => {
    const { path, state } = await authSession({ prompt: 'none', responseMode: 'web_message' });
    const res = await new Browser().get(path);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `postMessage({"error":"login_required","error_description":"The user is not signed in","state":"${state}"}, "${ORIGIN}")`,
    );
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${ORIGIN}`);
  });
});

describe('logout and login intents', () => {
  it('shows the signed-out page when the logout has no callback', async () => {
    const res = await new Browser().get(await redirectSession({ logout: {} }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/signed-out');
    const page = await new Browser().get('/auth/signed-out');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You’re signed out');
  });

  it('signs in for the store itself and follows the login callback', async () => {
    const address = await member();
    const withCallback = await redirectSession({ login: {}, callbacks: { postFlowUrl: `${ORIGIN}/account` } });
    const page = await new Browser().get(withCallback);
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${ORIGIN}`);
    const res = await new Browser().submit(withCallback, { email: address, password: PASSWORD });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${ORIGIN}/account`);
    const plain = await redirectSession({ login: {} });
    const done = await new Browser().submit(plain, { email: address, password: PASSWORD });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/auth/signed-in');
  });
});

describe('sign-up', () => {
  it('creates a member and finishes the sign-in with a code', async () => {
    const { path, verifier } = await authSession();
    const browser = new Browser();
    const page = await browser.get(`${path}/sign-up`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('autocomplete="new-password"');
    expect(page.body).toContain('autocomplete="given-name"');
    const address = email();
    const res = await browser.post(`${path}/sign-up`, {
      csrf: csrfOf(page.body),
      email: address,
      password: PASSWORD,
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(res.statusCode).toBe(302);
    expect((await exchange(resultOf(res.headers.location as string).get('code') as string, verifier)).statusCode).toBe(
      200,
    );
    const record = await server.services.identity.repo.byEmail(server.merx.db, 'member', address);
    expect(record?.profile).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  it('explains a short password, a bad email and a taken email', async () => {
    const { path } = await authSession();
    const short = await new Browser().submit(`${path}/sign-up`, { email: email(), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Password must be at least 8 characters.');
    const bad = await new Browser().submit(`${path}/sign-up`, { email: 'not-an-email', password: PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a valid email address');
    const taken = await member();
    const dup = await new Browser().submit(`${path}/sign-up`, { email: taken, password: PASSWORD, firstName: 'Bo' });
    expect(dup.statusCode).toBe(400);
    expect(dup.body).toContain('An account with this email already exists');
    expect(dup.body).toContain('value="Bo"');
  });

  it('says the account waits for approval when staff approve new members', async () => {
    await server.services.memberSettings.update({ signUpPolicy: 'OWNER_APPROVAL' });
    try {
      const { path } = await authSession();
      const res = await new Browser().submit(`${path}/sign-up`, { email: email(), password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('waiting for approval');
      expect(res.body).toContain(`${path}/cancel`);
    } finally {
      await server.services.memberSettings.update({ signUpPolicy: 'OPEN' });
    }
  });
});

describe('email verification and second factors', () => {
  it('asks for the emailed code, can send a new one, then finishes with a code', async () => {
    await server.services.memberSettings.update({ requireEmailVerification: true });
    try {
      const { path, verifier, state } = await authSession();
      const address = email();
      const browser = new Browser();
      const form = await browser.submit(`${path}/sign-up`, { email: address, password: PASSWORD });
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('Check your email');
      expect(form.body).toContain('autocomplete="one-time-code"');
      const stateToken = hiddenOf(form.body, 'stateToken');
      const csrf = csrfOf(form.body);

      const wrong = await browser.post(`${path}/verify`, { csrf, stateToken, email: address, code: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('That code isn’t correct');

      const resent = await browser.post(`${path}/resend`, { csrf, stateToken, email: address });
      expect(resent.statusCode).toBe(200);
      expect(resent.body).toContain('We sent a new code');
      const newToken = hiddenOf(resent.body, 'stateToken');
      const code = codeIn(await latestMail(address, 'verification-code'));

      const done = await browser.post(`${path}/verify`, { csrf, stateToken: newToken, email: address, code });
      expect(done.statusCode).toBe(302);
      const result = resultOf(done.headers.location as string);
      expect(result.get('state')).toBe(state);
      expect((await exchange(result.get('code') as string, verifier)).statusCode).toBe(200);
      // The old state token was replaced by the new one.
      const stale = await browser.post(`${path}/verify`, { csrf, stateToken, email: address, code });
      expect(stale.statusCode).toBe(400);
      expect(stale.body).toContain('Sign in again');
    } finally {
      await server.services.memberSettings.update({ requireEmailVerification: false });
    }
  });

  it('asks for the emailed second-factor code of a member who turned it on', async () => {
    const address = await member();
    const record = await server.services.identity.repo.byEmail(server.merx.db, 'member', address);
    await server.services.identity.setEmailFactor(record?.id as string, true);
    const { path, verifier } = await authSession();
    const browser = new Browser();
    const step = await browser.submit(path, { email: address, password: PASSWORD });
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('name="factorType" value="EMAIL"');
    const code = codeIn(await latestMail(address, 'factor-code'));
    const done = await browser.post(`${path}/factor`, {
      csrf: csrfOf(step.body),
      stateToken: hiddenOf(step.body, 'stateToken'),
      factorType: 'EMAIL',
      code,
    });
    expect(done.statusCode).toBe(302);
    expect((await exchange(resultOf(done.headers.location as string).get('code') as string, verifier)).statusCode).toBe(
      200,
    );
  });
});

describe('password recovery', () => {
  it('mails a link; the new password works, the old one no longer does', async () => {
    const address = await member();
    const { path } = await authSession();
    const browser = new Browser();
    const forgotUrl = `/auth/forgot-password?session=${path.split('/').pop()}`;
    expect(unescape((await browser.get(path)).body)).toContain(forgotUrl);
    const sent = await browser.submit(forgotUrl, { email: address });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('If an account exists for');
    // An unknown email gets the very same answer.
    const unknownAddress = email();
    const unknown = await browser.submit(forgotUrl, { email: unknownAddress });
    expect(unknown.body.replace(unknownAddress, address)).toBe(sent.body);

    const link = /(http\S+reset-password\?token=[A-Za-z0-9_-]+)/.exec(await latestMail(address, 'recovery-link'))?.[1];
    const resetPath = new URL(link as string).pathname + new URL(link as string).search;
    const form = await browser.get(resetPath);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Choose a new password');
    const short = await browser.post('/auth/reset-password', {
      csrf: csrfOf(form.body),
      token: hiddenOf(form.body, 'token'),
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Password must be at least 8 characters.');
    const done = await browser.post('/auth/reset-password', {
      csrf: csrfOf(form.body),
      token: hiddenOf(form.body, 'token'),
      password: 'brand new password 2',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Password changed');
    expect(done.body).toContain(`href="${path}"`);
    expect((await browser.get(resetPath)).statusCode).toBe(400);

    const old = await new Browser().submit(path, { email: address, password: PASSWORD });
    expect(old.statusCode).toBe(400);
    const fresh = await new Browser().submit(path, { email: address, password: 'brand new password 2' });
    expect(fresh.statusCode).toBe(302);
    expect(resultOf(fresh.headers.location as string).get('code')).toBeTruthy();
  });

  it('shows an expired-link page for an unknown token', async () => {
    const res = await new Browser().get('/auth/reset-password?token=nope');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This link has expired');
    expect(res.body).toContain('href="/auth/forgot-password"');
  });
});

describe('staff', () => {
  it('signs staff in through the back-office client, and only staff', async () => {
    await server.services.staff.ensureOwner('owner@x.test', 'owner-password-1');
    const backoffice = (await server.services.clients.firstOfKind('backoffice')) as OAuthClient;
    const { path, verifier } = await authSession({ client: backoffice });
    const page = await new Browser().get(path);
    expect(page.body).toContain('Sign in to the back office');
    expect(page.body).not.toContain('Create an account');
    expect((await new Browser().get(`${path}/sign-up`)).statusCode).toBe(404);
    const memberAddress = await member();
    expect((await new Browser().submit(path, { email: memberAddress, password: PASSWORD })).statusCode).toBe(400);
    const res = await new Browser().submit(path, { email: 'owner@x.test', password: 'owner-password-1' });
    expect(res.statusCode).toBe(302);
    expect((res.headers.location as string).startsWith(`${backoffice.redirectUris[0]}#code=`)).toBe(true);
    const tokens = await exchange(resultOf(res.headers.location as string).get('code') as string, verifier, backoffice);
    expect(tokens.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(tokens.json().access_token.split('.')[1], 'base64url').toString());
    expect(claims.role).toBe('staff');
    // A member's sign-in is not accepted by the back office: a staff account with the same email is another one.
    const shopFlow = await authSession();
    expect((await new Browser().submit(shopFlow.path, { email: 'owner@x.test', password: 'owner-password-1' })).statusCode).toBe(400);
  });

  it('lets an invited person choose a password and then sign in', async () => {
    await server.services.staff.ensureOwner('owner@x.test', 'owner-password-1');
    const owner = (await server.services.staff.list()).find((s) => s.role === 'owner');
    const invitee = email();
    const { url } = await server.services.staff.invite(
      { id: owner?.id as string, role: 'owner' },
      { email: invitee, role: 'staff', permissions: [] },
    );
    const path = new URL(url).pathname + new URL(url).search;
    const browser = new Browser();
    const form = await browser.get(path);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Join the team');
    const done = await browser.post('/auth/accept-invitation', {
      csrf: csrfOf(form.body),
      token: hiddenOf(form.body, 'token'),
      firstName: 'Sam',
      password: 'staff password 1',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your staff account is ready');
    const again = await browser.post('/auth/accept-invitation', {
      csrf: csrfOf(form.body),
      token: hiddenOf(form.body, 'token'),
      password: 'staff password 1',
    });
    expect(again.statusCode).toBe(400);
    const backoffice = (await server.services.clients.firstOfKind('backoffice')) as OAuthClient;
    const { path: signIn } = await authSession({ client: backoffice });
    expect((await new Browser().submit(signIn, { email: invitee, password: 'staff password 1' })).statusCode).toBe(302);
  });
});

describe('the other pages', () => {
  it('serves the stylesheet, the error page and a not-found page', async () => {
    const css = await new Browser().get('/auth/assets/auth.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const error = await new Browser().get('/auth/error?reason=<b>x</b>');
    expect(error.statusCode).toBe(400);
    expect(error.body).toContain('Something went wrong');
    expect(error.body).not.toContain('<b>x</b>');
    const missing = await new Browser().get('/auth/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('starts a sign-in for the store from /auth/sign-in', async () => {
    const res = await new Browser().get('/auth/sign-in');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/auth\/session\/[0-9a-f-]{36}$/);
  });
});
