process.env.MERX_ARGON2_FAST = '1';

import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../identity/sign-in-guard.js';
import {
  authSession,
  Browser,
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

/** Wrong passwords on `address` from as many addresses as it takes to pause the account. */
async function pauseAccount(address: string) {
  for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
    await server.services.identity
      .login({ loginId: { email: address }, password: `guess ${i}` }, { ip: `10.9.${i >> 8}.${i & 255}` })
      .catch(() => undefined);
  }
}

describe('a paused account on the hosted sign-in page', () => {
  it('says so, mails a link, and once the link trusts this browser the right password signs in', async () => {
    const address = await member();
    await pauseAccount(address);
    const browser = new Browser();
    const { path } = await authSession();
    const paused = await browser.submit(path, { email: address, password: PASSWORD });
    expect(paused.statusCode).toBe(429);
    expect(paused.body).toContain('we emailed you a link that lets this browser sign in again');

    const link = /(http\S+\/auth\/trust-browser\?token=\S+)/.exec(
      await latestMail(address, 'sign-in-link'),
    )?.[1] as string;
    const linkPath = new URL(link).pathname + new URL(link).search;
    // Opening the link (as a mail scanner would) spends nothing: the page asks first.
    const page = await browser.get(linkPath);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Trust this browser');
    expect((await browser.get(linkPath)).statusCode).toBe(200);
    const trusted = await browser.post('/auth/trust-browser', {
      csrf: hiddenOf(page.body, 'csrf'),
      token: hiddenOf(page.body, 'token'),
    });
    expect(trusted.statusCode).toBe(200);
    expect(String(trusted.headers['set-cookie'])).toMatch(
      /merx_trusted=[^;]+; Path=\/auth; Max-Age=2592000; HttpOnly; SameSite=Lax/,
    );
    expect(unescapeAmp(trusted.body)).toContain(`href="${path}"`);
    // The link works once.
    expect((await browser.get(linkPath)).statusCode).toBe(400);

    const done = await browser.submit(path, { email: address, password: PASSWORD });
    expect(done.statusCode).toBe(302);
    expect(resultOf(done.headers.location as string).get('code')).toBeTruthy();
    // Another browser, without the cookie, is still paused.
    const other = await new Browser().submit((await authSession()).path, { email: address, password: PASSWORD });
    expect(other.statusCode).toBe(429);
  });

  it('refuses an unknown or used link with a page that says what to do', async () => {
    const res = await new Browser().get('/auth/trust-browser?token=nope');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This link has expired');
  });
});
