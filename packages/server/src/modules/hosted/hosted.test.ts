process.env.MERX_ARGON2_FAST = '1';

import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  authSession,
  Browser,
  codeCount,
  csrfOf,
  email,
  exchange,
  member,
  ORIGIN,
  PASSWORD,
  REDIRECT,
  redirectSession,
  resultOf,
  server,
  shop,
  startHostedServer,
} from './hosted-test-kit.js';

startHostedServer();

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
    // The React enhancement, when built, is the only script, and carries the page's nonce.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    for (const tag of res.body.match(/<script[^>]*>/g) ?? []) {
      expect(tag).toMatch(/^<script src="\/auth\/assets\/enhance\.js\?v=[0-9a-f]+" nonce="[^"]+" defer>$/);
      expect(tag).toContain(`nonce="${nonce}"`);
    }
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
    const login = await server.services.identity.login(
      { loginId: { email: address }, password: PASSWORD },
      { ip: undefined },
    );
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
