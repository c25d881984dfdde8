import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaVerifier } from '../identity/captcha.js';
import { type LocalCaptchaProvider, startLocalCaptchaProvider } from '../identity/captcha-test-kit.js';
import {
  authSession,
  Browser,
  csrfOf,
  email,
  exchange,
  PASSWORD,
  resultOf,
  server,
  startHostedServer,
} from './hosted-test-kit.js';

/*
 * The hosted sign-in and sign-up pages with captcha on, as a browser without JavaScript (or a script) sees them:
 * the widget script and a policy that allows its origin and no other, the invisible check's token taken from the
 * form, and the visible challenge asked for when the token is missing or refused.
 */

let provider: LocalCaptchaProvider;
const INVISIBLE = '6LcInvisibleKey';
const VISIBLE = '6LcVisibleKey';

startHostedServer(async () => {
  provider = await startLocalCaptchaProvider();
  return { captcha: createCaptchaVerifier({ verifyUrl: provider.verifyUrl, scriptUrl: provider.scriptUrl }) };
});
afterAll(async () => {
  await provider?.close();
});

beforeAll(async () => {
  await server.services.identity.captcha.update({
    captchaEnabled: true,
    captchaProvider: 'recaptcha',
    captchaInvisibleSiteKey: INVISIBLE,
    captchaVisibleSiteKey: VISIBLE,
    captchaSecret: provider.secret,
  });
});

const cspOf = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);

describe('hosted pages with captcha on', () => {
  it('load the widget script, allowed by the policy for its origin alone, and say what is needed without JavaScript', async () => {
    const flow = await authSession();
    const page = await new Browser().get(flow.path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<script src="${provider.scriptUrl.replace(/&/g, '&amp;')}"`);
    expect(page.body).toContain(`data-invisible-key="${INVISIBLE}"`);
    expect(page.body).toContain(`data-visible-key="${VISIBLE}"`);
    expect(page.body).not.toContain('data-challenge');
    expect(page.body).toMatch(/data-captcha-needs-script>[^<]*needs JavaScript/);
    const csp = cspOf(page);
    expect(csp).toMatch(new RegExp(`script-src 'self' 'nonce-[^']+' ${provider.origin};`));
    expect(csp).toContain(`frame-src ${provider.origin};`);
    expect(csp).toContain(`connect-src ${provider.origin};`);
    expect(csp).not.toMatch(/google|hcaptcha|cloudflare/);
  });

  it('asks for the visible challenge when the form comes without a token, then signs in with one', async () => {
    const address = email();
    await server.services.identity.register(
      {
        loginId: { email: address },
        password: PASSWORD,
        captchaTokens: [{ InvisibleRecaptcha: provider.issue(INVISIBLE) }],
      },
      { ip: undefined },
    );
    const flow = await authSession();
    const browser = new Browser();
    const first = await browser.submit(flow.path, { email: address, password: PASSWORD });
    expect(first.statusCode).toBe(400);
    expect(first.body).toContain('complete the check on this page');
    expect(first.body).toContain('data-challenge="true"');
    expect(first.body).toContain(`value="${address}"`);
    const refused = await browser.post(flow.path, {
      csrf: csrfOf(first.body),
      email: address,
      password: PASSWORD,
      captchaInvisible: 'not-a-token',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('didn’t go through');
    expect(refused.body).toContain('data-challenge="true"');
    const signedIn = await browser.post(flow.path, {
      csrf: csrfOf(refused.body),
      email: address,
      password: PASSWORD,
      captchaVisible: provider.issue(VISIBLE),
    });
    expect(signedIn.statusCode).toBe(302);
    const result = resultOf(signedIn.headers.location as string);
    expect((await exchange(result.get('code') as string, flow.verifier)).statusCode).toBe(200);
  });

  it('signs up with the invisible check’s token, and refuses the same token again', async () => {
    const flow = await authSession();
    const browser = new Browser();
    const token = provider.issue(INVISIBLE);
    const address = email();
    const signUp = `${flow.path}/sign-up`;
    const created = await browser.submit(signUp, { email: address, password: PASSWORD, captchaInvisible: token });
    // Sign-ups on the hosted page confirm the address before anything else (they never tell whether it is known).
    expect(created.statusCode).toBe(200);
    expect(created.body).toContain('Check your email');
    const again = await browser.submit(signUp, { email: email(), password: PASSWORD, captchaInvisible: token });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('data-challenge="true"');
    expect(cspOf(again)).toContain(`frame-src ${provider.origin};`);
  });

  it('leave the policy strict when captcha is off', async () => {
    await server.services.memberSettings.update({ captchaEnabled: false });
    try {
      const page = await new Browser().get((await authSession()).path);
      expect(page.body).not.toContain('data-captcha');
      expect(cspOf(page)).not.toContain(provider.origin);
      expect(cspOf(page)).not.toContain('frame-src');
    } finally {
      await server.services.memberSettings.update({ captchaEnabled: true });
    }
  });
});
