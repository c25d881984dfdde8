import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { commandLine, jsonCaller, signInStaff, startTestServer, type TestServer } from '../../testing.js';
import { machineOwner } from '../staff/staff.rules.js';
import { createCaptchaVerifier } from './captcha.js';
import { type LocalCaptchaProvider, startLocalCaptchaProvider } from './captcha-test-kit.js';

/*
 * Captcha on register and login, checked with a local provider that speaks the providers' verify protocol: the
 * staff settings (provider, the two public site keys, the sealed write-only secret), the public config, and each
 * way a token can fail (missing −19971; refused, replayed, for another site key, provider down or slow −19970).
 */

let server: TestServer;
let provider: LocalCaptchaProvider;
let call: ReturnType<typeof jsonCaller>;
const TIMEOUT_MS = 400;
const INVISIBLE = '0x4AAAAAAAinvisible';
const VISIBLE = '0x4AAAAAAAvisible';
const SETTINGS = '/_api/merx/v1/member-settings';
const REGISTER = '/_api/iam/authentication/v2/register';
const LOGIN = '/_api/iam/authentication/v2/login';
const PASSWORD = 'correct horse 1';

beforeAll(async () => {
  provider = await startLocalCaptchaProvider({ global: 'turnstile' });
  server = await startTestServer({
    captcha: createCaptchaVerifier({
      verifyUrl: provider.verifyUrl,
      scriptUrl: provider.scriptUrl,
      timeoutMs: TIMEOUT_MS,
    }),
  });
  call = jsonCaller(server);
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

const email = () => `c${randomUUID().slice(0, 8)}@example.com`;
const register = (address: string, captchaTokens?: unknown) =>
  call('POST', REGISTER, undefined, {
    loginId: { email: address },
    password: PASSWORD,
    ...(captchaTokens ? { captchaTokens } : {}),
  });
const login = (address: string, captchaTokens?: unknown) =>
  call('POST', LOGIN, undefined, {
    loginId: { email: address },
    password: PASSWORD,
    ...(captchaTokens ? { captchaTokens } : {}),
  });
const codeOf = (res: { body: { details?: { applicationError?: { code?: string } } } }) =>
  res.body.details?.applicationError?.code;

async function turnOn() {
  const res = await call('PATCH', SETTINGS, server.apiKey, {
    settings: {
      captchaEnabled: true,
      captchaProvider: 'turnstile',
      captchaInvisibleSiteKey: INVISIBLE,
      captchaVisibleSiteKey: VISIBLE,
      captchaSecret: provider.secret,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.settings;
}

describe('the captcha settings', () => {
  it('refuses to turn captcha on without a visible site key and a secret, and changes nothing', async () => {
    const res = await call('PATCH', SETTINGS, server.apiKey, { settings: { captchaEnabled: true } });
    expect(res.status).toBe(400);
    expect(res.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field)).toEqual([
      'settings.captchaSecret',
      'settings.captchaVisibleSiteKey',
    ]);
    expect((await call('GET', SETTINGS, server.apiKey)).body.settings.captchaEnabled).toBe(false);
  });

  it('refuses a site key that is not one and a provider it does not know', async () => {
    const bad = await call('PATCH', SETTINGS, server.apiKey, {
      settings: { captchaVisibleSiteKey: '"><script>', captchaProvider: 'friendlycaptcha' },
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
    expect(fields).toEqual(['settings.captchaProvider', 'settings.captchaVisibleSiteKey']);
  });

  it('keeps the secret sealed and write-only: reads only say whether it is set', async () => {
    const settings = await turnOn();
    try {
      expect(settings).toMatchObject({
        captchaEnabled: true,
        captchaProvider: 'turnstile',
        captchaInvisibleSiteKey: INVISIBLE,
        captchaVisibleSiteKey: VISIBLE,
        captchaSecretSet: true,
        captchaSecretFromEnvironment: false,
      });
      const read = await call('GET', SETTINGS, server.apiKey);
      expect(JSON.stringify(read.body)).not.toContain(provider.secret);
      expect(read.body.settings).not.toHaveProperty('captchaSecret');
      const row = await server.merx.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'members')
        .executeTakeFirstOrThrow();
      expect(row.value).not.toContain(provider.secret);
      expect(row.value).toMatch(/"captchaSecretSealed":"v1\./);
      // The secret cannot go while captcha needs it.
      const removing = await call('PATCH', SETTINGS, server.apiKey, { settings: { captchaSecret: null } });
      expect(removing.status).toBe(400);
      expect((await call('GET', SETTINGS, server.apiKey)).body.settings.captchaSecretSet).toBe(true);
    } finally {
      await server.services.memberSettings.update({ captchaEnabled: false });
    }
  });

  it('lets only staff who manage members change the settings', async () => {
    const reader = (await signInStaff(server, { role: 'staff', permissions: ['members:read'] })).token;
    expect((await call('GET', SETTINGS, reader)).status).toBe(200);
    const refused = await call('PATCH', SETTINGS, reader, { settings: { captchaProvider: 'hcaptcha' } });
    expect(refused.status).toBe(403);
    expect((await call('GET', SETTINGS)).status).toBe(401);
  });

  it('publishes the provider, its script and the two public site keys only while captcha is on', async () => {
    const off = await call('GET', '/_api/merx/v1/public-config');
    expect(off.body).not.toHaveProperty('captchaVisibleSiteKey');
    await turnOn();
    try {
      const on = await call('GET', '/_api/merx/v1/public-config');
      expect(on.body).toMatchObject({
        captchaProvider: 'turnstile',
        captchaScriptUrl: provider.scriptUrl,
        captchaInvisibleSiteKey: INVISIBLE,
        captchaVisibleSiteKey: VISIBLE,
      });
      expect(JSON.stringify(on.body)).not.toContain(provider.secret);
    } finally {
      await server.services.memberSettings.update({ captchaEnabled: false });
    }
  });
});

describe('captcha tokens on register and login', () => {
  beforeAll(turnOn);
  afterAll(async () => {
    provider.mode = 'up';
    await server.services.memberSettings.update({ captchaEnabled: false });
  });

  it('answers −19971 when no token comes, and −19970 for a token the provider does not know', async () => {
    expect(codeOf(await register(email()))).toBe('-19971');
    expect(codeOf(await login(email()))).toBe('-19971');
    expect(codeOf(await register(email(), [{ InvisibleRecaptcha: '' }]))).toBe('-19971');
    const unknown = await register(email(), [{ InvisibleRecaptcha: 'made-up' }]);
    expect(unknown.status).toBe(400);
    expect(codeOf(unknown)).toBe('-19970');
    expect(codeOf(await login(email(), [{ Recaptcha: 'made-up' }]))).toBe('-19970');
  });

  it('accepts a valid token, checked with the stored secret, the site key and the caller’s address', async () => {
    const address = email();
    const mark = provider.verifications.length;
    const res = await register(address, [{ InvisibleRecaptcha: provider.issue(INVISIBLE) }]);
    expect(res.body.state).toBe('SUCCESS');
    expect(provider.verifications.slice(mark)).toEqual([
      expect.objectContaining({ secret: provider.secret, sitekey: INVISIBLE, remoteip: '127.0.0.1' }),
    ]);
    const signedIn = await login(address, [{ Recaptcha: provider.issue(VISIBLE) }]);
    expect(signedIn.body.state).toBe('SUCCESS');
    expect(provider.verifications.at(-1)).toMatchObject({ sitekey: VISIBLE });
  });

  it('accepts a token once: a replay is −19970 though the provider would accept it again', async () => {
    const address = email();
    const token = provider.issue(INVISIBLE);
    expect((await register(address, [{ InvisibleRecaptcha: token }])).body.state).toBe('SUCCESS');
    const mark = provider.verifications.length;
    expect(codeOf(await login(address, [{ InvisibleRecaptcha: token }]))).toBe('-19970');
    // The replay is known before the provider is asked.
    expect(provider.verifications.length).toBe(mark);
  });

  it('refuses a token made for another site key, and writes nothing', async () => {
    const address = email();
    const res = await register(address, [{ InvisibleRecaptcha: provider.issue('0x4AAAAAAAsomeone-else') }]);
    expect(codeOf(res)).toBe('-19970');
    expect(res.body.details.applicationError.data.reasons).toEqual(['sitekey-secret-mismatch']);
    // A visible token sent as the invisible one is checked against the invisible key, and refused too.
    expect(codeOf(await register(address, [{ InvisibleRecaptcha: provider.issue(VISIBLE) }]))).toBe('-19970');
    expect(await server.services.identity.repo.byEmail(server.merx.db, 'member', address)).toBeUndefined();
  });

  it('refuses (never lets through, never fails with a 500) when the provider is down', async () => {
    provider.mode = 'down';
    try {
      const address = email();
      const res = await register(address, [{ InvisibleRecaptcha: provider.issue(INVISIBLE) }]);
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('-19970');
      expect(await server.services.identity.repo.byEmail(server.merx.db, 'member', address)).toBeUndefined();
    } finally {
      provider.mode = 'up';
    }
  });

  it('gives up on a provider that does not answer in time', async () => {
    provider.mode = 'slow';
    try {
      const started = Date.now();
      const res = await login(email(), [{ InvisibleRecaptcha: provider.issue(INVISIBLE) }]);
      expect(codeOf(res)).toBe('-19970');
      expect(res.body.details.applicationError.data.reasons).toEqual(['unreachable: timeout']);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    } finally {
      provider.mode = 'up';
    }
  });

  it('asks members only: staff sign in to the back office without one (a wrong key cannot lock them out)', async () => {
    const grant = { email: 'captcha-staff@merx.test', role: 'admin' as const };
    const { url } = await server.services.staff.invite(machineOwner, grant, commandLine);
    const token = new URL(url).searchParams.get('token') as string;
    await server.services.staff.acceptInvitation(token, PASSWORD, { firstName: 'Sam', lastName: 'Staff' });
    const state = await server.services.identity.login(
      { loginId: { email: grant.email }, password: PASSWORD },
      { ip: '192.0.2.80' },
      'staff',
    );
    expect(state.state).toBe('SUCCESS');
  });

  it('lets the same token through two requests at once only once', async () => {
    const token = provider.issue(INVISIBLE);
    const answers = await Promise.all([email(), email()].map((a) => register(a, [{ InvisibleRecaptcha: token }])));
    expect(answers.map((a) => a.body.state ?? codeOf(a)).sort()).toEqual(['-19970', 'SUCCESS']);
  });
});

describe('captcha configuration', () => {
  it('reads the secret, the verify and script URLs and the timeout from the environment', () => {
    const config = loadConfig(
      {
        MERX_RECAPTCHA_SECRET: 'older-name',
        MERX_CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9999/siteverify',
        MERX_CAPTCHA_SCRIPT_URL: 'http://127.0.0.1:9999/api.js?render=explicit',
        MERX_CAPTCHA_TIMEOUT_MS: '1500',
      },
      false,
    );
    expect(config.captcha).toEqual({
      verifyUrl: 'http://127.0.0.1:9999/siteverify',
      scriptUrl: 'http://127.0.0.1:9999/api.js?render=explicit',
      secret: 'older-name',
      timeoutMs: 1500,
    });
    expect(loadConfig({ MERX_CAPTCHA_SECRET: 'new', MERX_RECAPTCHA_SECRET: 'old' }, false).captcha?.secret).toBe('new');
    expect(() => loadConfig({ MERX_CAPTCHA_VERIFY_URL: 'javascript:alert(1)' }, false)).toThrow(
      'MERX_CAPTCHA_VERIFY_URL must be an http(s) URL',
    );
  });

  it('lets the pages load a provider’s widget from its own origins, or only from the replacement script’s', () => {
    expect(createCaptchaVerifier().widget('hcaptcha')).toEqual({
      scriptUrl: 'https://js.hcaptcha.com/1/api.js?render=explicit',
      global: 'hcaptcha',
      origins: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    });
    expect(createCaptchaVerifier({ scriptUrl: 'https://captcha.example/v1/api.js' }).widget('turnstile')).toEqual({
      scriptUrl: 'https://captcha.example/v1/api.js',
      global: 'turnstile',
      origins: ['https://captcha.example'],
    });
  });
});
