import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing.js';
import { delayAfter, SIGN_IN_LIMITS } from './sign-in-guard.js';

let server: TestServer;
/** The server's clock: tests move it forward instead of waiting. */
let now = Date.parse('2026-11-25T10:00:00Z');
const PASSWORD = 'correct horse 1';

beforeAll(async () => {
  server = await startTestServer({
    clock: { now: () => new Date(now) },
    // The provider interface with a stand-in that accepts one token: the captcha path of the guard is ours.
    captcha: {
      environmentSecret: 'stand-in secret',
      verify: async ({ token }) => (token === 'passed-captcha' ? { ok: true } : { ok: false, reasons: ['rejected'] }),
      widget: () => ({ scriptUrl: 'http://127.0.0.1:9/captcha.js', global: 'grecaptcha', origins: [] }),
    },
  });
});
afterAll(async () => {
  await server.close();
});

const email = () => `m${randomUUID().slice(0, 8)}@example.com`;
const later = (seconds: number) => {
  now += seconds * 1000;
};

async function member(): Promise<string> {
  const address = email();
  await server.services.identity.register({ loginId: { email: address }, password: PASSWORD }, { ip: undefined });
  return address;
}

/** One sign-in over HTTP from `ip`: the answer's state or error code, and the error's data. */
async function signIn(address: string, password: string, ip: string, extra: Record<string, unknown> = {}) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/_api/iam/authentication/v2/login',
    remoteAddress: ip,
    payload: { loginId: { email: address }, password, ...extra },
  });
  expect(res.statusCode).toBeLessThan(500);
  const body = res.json();
  return {
    status: res.statusCode,
    outcome: (body.state ?? body.details.applicationError.code) as string,
    data: body.details?.applicationError?.data as Record<string, unknown> | undefined,
    message: body.message as string | undefined,
  };
}

const mailsTo = async (to: string, kind: string) =>
  server.merx.db
    .selectFrom('mail_messages')
    .select('text_body')
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .execute();

/** Wrong passwords from `count` different addresses, none of them twice. */
async function distributedAttack(address: string, count: number, network = randomUUID().slice(0, 2)) {
  const outcomes: string[] = [];
  for (let i = 0; i < count; i++) {
    outcomes.push((await signIn(address, `guess ${i}`, `10.${parseInt(network, 16)}.${i >> 8}.${i & 255}`)).outcome);
  }
  return outcomes;
}

describe('delays that grow with each wrong password', () => {
  it('doubles the wait after the free tries, up to fifteen minutes', () => {
    const waits = Array.from({ length: 20 }, (_, i) => delayAfter(i));
    expect(waits.slice(0, SIGN_IN_LIMITS.freeTries)).toEqual([0, 0, 0, 0, 0]);
    expect(waits.slice(5, 12)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(waits[19]).toBe(900);
    expect(delayAfter(10_000)).toBe(900);
  });

  it('slows one address down on one account, and lets it in with the right password once it has waited', async () => {
    const address = await member();
    const ip = '198.51.100.1';
    for (let i = 0; i < 5; i++) expect((await signIn(address, 'wrong password', ip)).outcome).toBe('-19976');
    const waiting = await signIn(address, PASSWORD, ip);
    expect(waiting).toMatchObject({
      status: 429,
      outcome: 'TOO_MANY_ATTEMPTS',
      data: { reason: 'DELAY', retryAfterSeconds: 1 },
    });
    later(1);
    expect((await signIn(address, 'wrong again', ip)).outcome).toBe('-19976');
    expect((await signIn(address, PASSWORD, ip)).data).toEqual({ reason: 'DELAY', retryAfterSeconds: 2 });
    later(2);
    expect((await signIn(address, PASSWORD, ip)).outcome).toBe('SUCCESS');
    // The right password wiped this address's slate on this account.
    for (let i = 0; i < 5; i++) expect((await signIn(address, 'wrong password', ip)).outcome).toBe('-19976');
  });

  it('never locks the owner out from their own address while someone else guesses', async () => {
    const address = await member();
    for (let i = 0; i < 40; i++) {
      await signIn(address, `guess ${i}`, '203.0.113.66');
      later(1);
    }
    expect((await signIn(address, PASSWORD, '198.51.100.20')).outcome).toBe('SUCCESS');
    later(SIGN_IN_LIMITS.windowSeconds);
  });
});

describe('an account under attack from many addresses', () => {
  it('pauses password sign-in from new places and mails the owner a link that lets their browser back in', async () => {
    const address = await member();
    const outcomes = await distributedAttack(address, 30);
    expect(outcomes.filter((o) => o === '-19976')).toHaveLength(SIGN_IN_LIMITS.perAccount);
    expect(outcomes.slice(SIGN_IN_LIMITS.perAccount).every((o) => o === 'TOO_MANY_ATTEMPTS')).toBe(true);
    // The owner, elsewhere, with the right password: paused, and told where the way in is.
    const paused = await signIn(address, PASSWORD, '192.0.2.10');
    expect(paused).toMatchObject({ status: 429, data: { reason: 'ACCOUNT_PROTECTED' } });
    expect(paused.message).toMatch(/emailed you a link/);
    // One link for the whole attack, not one per attempt.
    const links = await mailsTo(address, 'sign-in-link');
    expect(links).toHaveLength(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(links[0]?.text_body ?? '')?.[1] as string;
    const trusted = await server.services.signInGuard.trustBrowser(token);
    expect(trusted?.trustedBrowser).toBeTruthy();
    expect(await server.services.signInGuard.trustBrowser(token)).toBeUndefined();
    const login = (password: string, trustedBrowser?: string) =>
      server.services.identity.login({ loginId: { email: address }, password }, { ip: '192.0.2.10', trustedBrowser });
    await expect(login(PASSWORD)).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect((await login(PASSWORD, trusted?.trustedBrowser)).state).toBe('SUCCESS');
    // The trusted browser is this account's only: another account's cookie does not open it.
    const other = await member();
    await expect(
      server.services.identity.login(
        { loginId: { email: other }, password: 'wrong' },
        { ip: '192.0.2.10', trustedBrowser: trusted?.trustedBrowser },
      ),
    ).rejects.toMatchObject({ code: '-19976' });
    later(SIGN_IN_LIMITS.windowSeconds);
  });

  it('lets a passed captcha through when the store asks for captcha', async () => {
    const address = await member();
    await distributedAttack(address, SIGN_IN_LIMITS.perAccount);
    expect((await signIn(address, PASSWORD, '192.0.2.30')).data).toMatchObject({ reason: 'ACCOUNT_PROTECTED' });
    await server.services.memberSettings.update({ captchaEnabled: true });
    try {
      const res = await signIn(address, PASSWORD, '192.0.2.30', { captchaTokens: [{ Recaptcha: 'passed-captcha' }] });
      expect(res.outcome).toBe('SUCCESS');
    } finally {
      await server.services.memberSettings.update({ captchaEnabled: false });
    }
    later(SIGN_IN_LIMITS.windowSeconds);
  });

  it('opens again by itself when the window has passed', async () => {
    const address = await member();
    await distributedAttack(address, SIGN_IN_LIMITS.perAccount);
    expect((await signIn(address, PASSWORD, '192.0.2.40')).outcome).toBe('TOO_MANY_ATTEMPTS');
    later(SIGN_IN_LIMITS.windowSeconds);
    expect((await signIn(address, PASSWORD, '192.0.2.40')).outcome).toBe('SUCCESS');
  });

  it('answers two thousand guesses from two thousand addresses without a way in or a flood of mail', async () => {
    const address = await member();
    const before = await server.merx.db.selectFrom('refresh_tokens').select('id').execute();
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) {
      let code = 'SUCCESS';
      try {
        await server.services.identity.login(
          { loginId: { email: address }, password: `guess ${i}` },
          { ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        );
      } catch (error) {
        code = (error as { code?: string }).code ?? 'unknown';
      }
      outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
    }
    expect(Object.fromEntries(outcomes)).toEqual({ '-19976': 20, TOO_MANY_ATTEMPTS: 1_980 });
    expect(await mailsTo(address, 'sign-in-link')).toHaveLength(1);
    expect(await server.merx.db.selectFrom('refresh_tokens').select('id').execute()).toHaveLength(before.length);
    later(SIGN_IN_LIMITS.windowSeconds);
  });

  it('answers an unknown email the same way, and mails nobody', async () => {
    const nobody = email();
    const outcomes = await distributedAttack(nobody, SIGN_IN_LIMITS.perAccount + 2);
    expect(outcomes.slice(-2)).toEqual(['TOO_MANY_ATTEMPTS', 'TOO_MANY_ATTEMPTS']);
    expect(await mailsTo(nobody, 'sign-in-link')).toHaveLength(0);
    later(SIGN_IN_LIMITS.windowSeconds);
  });
});

describe('one address trying many accounts', () => {
  it('stops the address after a hundred failures, not the accounts', async () => {
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 150; i++) {
      const res = await signIn(email(), 'guess', '192.0.2.77');
      outcomes.set(res.outcome, (outcomes.get(res.outcome) ?? 0) + 1);
    }
    expect(Object.fromEntries(outcomes)).toEqual({ '-19976': 100, TOO_MANY_ATTEMPTS: 50 });
    const address = await member();
    expect((await signIn(address, PASSWORD, '192.0.2.78')).outcome).toBe('SUCCESS');
    later(SIGN_IN_LIMITS.windowSeconds);
  });
});
