process.env.MERX_ARGON2_FAST = '1';

import { describe, expect, it } from 'vitest';
import type { OAuthClient } from '../oauth/clients.service.js';
import {
  authSession,
  Browser,
  codeIn,
  csrfOf,
  email,
  exchange,
  hiddenOf,
  latestMail,
  member,
  PASSWORD,
  resultOf,
  server,
  startHostedServer,
  unescapeAmp,
} from './hosted-test-kit.js';

startHostedServer();

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
    // "Check your inbox" first, whatever the store's verification setting: a known address answers alike.
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Check your email');
    const code = codeIn(await latestMail(address, 'verification-code'));
    const done = await browser.post(`${path}/verify`, {
      csrf: csrfOf(res.body),
      stateToken: hiddenOf(res.body, 'stateToken'),
      email: address,
      code,
    });
    expect(done.statusCode).toBe(302);
    expect((await exchange(resultOf(done.headers.location as string).get('code') as string, verifier)).statusCode).toBe(
      200,
    );
    const record = await server.services.identity.repo.byEmail(server.merx.db, 'member', address);
    expect(record?.profile).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    expect(record?.emailVerified).toBe(true);
  });

  it('explains a short password and a bad email', async () => {
    const { path } = await authSession();
    const short = await new Browser().submit(`${path}/sign-up`, { email: email(), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Password must be at least 8 characters.');
    const bad = await new Browser().submit(`${path}/sign-up`, { email: 'not-an-email', password: PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a valid email address');
  });

  it('says the account waits for approval when staff approve new members', async () => {
    await server.services.memberSettings.update({ signUpPolicy: 'OWNER_APPROVAL' });
    try {
      const { path } = await authSession();
      const address = email();
      const browser = new Browser();
      const form = await browser.submit(`${path}/sign-up`, { email: address, password: PASSWORD });
      const res = await browser.post(`${path}/verify`, {
        csrf: csrfOf(form.body),
        stateToken: hiddenOf(form.body, 'stateToken'),
        email: address,
        code: codeIn(await latestMail(address, 'verification-code')),
      });
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
    expect(unescapeAmp((await browser.get(path)).body)).toContain(forgotUrl);
    const sent = await browser.submit(forgotUrl, { email: address });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('If an account exists for');
    // An unknown email gets the very same answer.
    const unknownAddress = email();
    const unknown = await browser.submit(forgotUrl, { email: unknownAddress });
    const sameBut = (body: string) => body.replace(unknownAddress, address).replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(sameBut(unknown.body)).toBe(sameBut(sent.body));

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
    expect(
      (await new Browser().submit(shopFlow.path, { email: 'owner@x.test', password: 'owner-password-1' })).statusCode,
    ).toBe(400);
  });

  it('lets an invited person choose a password and then sign in', async () => {
    await server.services.staff.ensureOwner('owner@x.test', 'owner-password-1');
    const owner = (await server.services.staff.list()).find((s) => s.role === 'owner');
    const invitee = email();
    const asOwner = {
      kind: 'staff',
      staffId: owner?.id as string,
      role: 'owner',
      permissions: ['*'],
      clientId: '',
      tokenId: '',
    } as const;
    const { url } = await server.services.staff.invite(
      asOwner,
      { email: invitee, role: 'staff', permissions: [] },
      await server.services.audit.contextOf(asOwner, null),
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
    expect(css.headers['x-content-type-options']).toBe('nosniff');
    // The enhancement is served gzipped once built (npm run build); pages work without it.
    const js = await new Browser().request({
      method: 'GET',
      url: '/auth/assets/enhance.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    if (js.statusCode === 200) {
      expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(js.headers['content-encoding']).toBe('gzip');
    } else {
      expect(js.statusCode).toBe(404);
    }
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
