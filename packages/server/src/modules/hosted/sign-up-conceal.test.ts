process.env.MERX_ARGON2_FAST = '1';

import { describe, expect, it, vi } from 'vitest';
import * as passwords from '../../lib/passwords.js';
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
} from './hosted-test-kit.js';

vi.mock('../../lib/passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.js')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

startHostedServer();

/** The page without what differs by nature from one answer to the next: session, tokens, the address typed. */
const comparable = (body: string, address: string, path: string) =>
  body
    .replaceAll(path, 'SESSION')
    .replaceAll(hiddenOf(body, 'csrf'), 'CSRF')
    .replaceAll(hiddenOf(body, 'stateToken'), 'STATE')
    .replaceAll(address, 'EMAIL')
    .replace(/nonce="[^"]*"/g, 'nonce=""');

async function signUp(address: string) {
  const { path, verifier } = await authSession();
  const browser = new Browser();
  const hashing = vi.mocked(passwords.hashPassword).mock.calls.length;
  const res = await browser.submit(`${path}/sign-up`, { email: address, password: PASSWORD, firstName: 'Bo' });
  return { res, path, verifier, browser, hashed: vi.mocked(passwords.hashPassword).mock.calls.length - hashing };
}

describe('sign-up on the hosted page, for an address that has an account', () => {
  it('answers exactly as for a new address, after the same password hashing', async () => {
    const fresh = email();
    const taken = await member();
    const created = await signUp(fresh);
    const known = await signUp(taken);
    expect(known.res.statusCode).toBe(created.res.statusCode);
    expect(known.res.statusCode).toBe(200);
    expect(known.res.body).toContain('Check your email');
    expect(comparable(known.res.body, taken, known.path)).toBe(comparable(created.res.body, fresh, created.path));
    expect(known.res.body).not.toContain('already exists');
    expect(created.hashed).toBe(1);
    expect(known.hashed).toBe(1);
  });

  it('tells the owner by mail, with a code that signs them in and the way to a new password', async () => {
    const taken = await member();
    const before = await server.services.identity.repo.byEmail(server.merx.db, 'member', taken);
    const { res, path, verifier, browser } = await signUp(taken);
    const mail = await latestMail(taken, 'verification-code');
    expect(mail).toContain('Someone tried to create an account');
    expect(mail).toContain('/auth/forgot-password');
    // Nothing about the account changed: same password, same profile.
    const after = await server.services.identity.repo.byEmail(server.merx.db, 'member', taken);
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(after?.profile).toEqual(before?.profile);

    const wrong = await browser.post(`${path}/verify`, {
      csrf: csrfOf(res.body),
      stateToken: hiddenOf(res.body, 'stateToken'),
      email: taken,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('That code isn’t correct');
    const done = await browser.post(`${path}/verify`, {
      csrf: csrfOf(res.body),
      stateToken: hiddenOf(res.body, 'stateToken'),
      email: taken,
      code: codeIn(mail),
    });
    expect(done.statusCode).toBe(302);
    const code = resultOf(done.headers.location as string).get('code') as string;
    expect((await exchange(code, verifier)).statusCode).toBe(200);
  });

  it('keeps the API contract: register for a taken address is still refused (WIRE.md 4)', async () => {
    const taken = await member();
    const res = await server.app.inject({
      method: 'POST',
      url: '/_api/iam/authentication/v2/register',
      payload: { loginId: { email: taken }, password: PASSWORD },
    });
    expect(res.statusCode).not.toBe(200);
    expect(JSON.stringify(res.json())).toMatch(/EMAIL_ALREADY_EXISTS|already exists/i);
  });
});
