import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.js';
import { totpCode } from '../../lib/totp.js';
import {
  type JsonAnswer,
  jsonCaller,
  signInMember,
  signInStaff,
  startTestServer,
  type TestServer,
  type TestStaff,
} from '../../testing.js';

/*
 * The signed-in staff member's own account: name, password and second factors, for that account only (never a key,
 * a member or anyone else), each change of access on the audit trail.
 */

let server: TestServer;
const PASSWORD = 'first password 1';

beforeAll(async () => {
  process.env.MERX_ARGON2_FAST = '1';
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth?: string, body?: unknown) =>
  jsonCaller(server)(method, url, auth, body);
const ME = '/_api/merx/v1/staff/me';

/** A staff account with a password, signed in to the back office. */
async function staffWithPassword(role: 'owner' | 'staff' = 'staff'): Promise<TestStaff> {
  const person = await signInStaff(server, { role, permissions: role === 'staff' ? ['orders:read'] : [] });
  const passwordHash = await hashPassword(PASSWORD);
  await server.services.identity.repo.update(server.merx.db, person.id, { passwordHash }, new Date().toISOString());
  return person;
}

/** Another sign-in of the same account (another browser): a refresh token of its own and its access token. */
async function anotherSignIn(person: TestStaff): Promise<string> {
  const { tokens, clients } = server.services;
  const cid = (await clients.firstOfKind('backoffice'))?.id as string;
  const refresh = await tokens.createRefresh(tokens.db, { clientId: cid, role: 'staff', subjectId: person.id });
  const me = (await call('GET', ME, person.token)).body.staff;
  return (
    await tokens.issueAccess({
      role: 'staff',
      sub: person.id,
      srole: me.role,
      perms: me.permissions,
      cid,
      rid: refresh.id,
    })
  ).accessToken;
}

const auditOf = async (targetId: string) =>
  (await server.services.audit.list({ targetId, limit: 50, offset: 0 })).entries.map((e) => e.action);

function violations(res: JsonAnswer): string[] {
  return (res.body.details?.validationError?.fieldViolations ?? []).map(
    (v: { field: string; description: string }) => `${v.field} ${v.description}`,
  );
}

describe('the staff member’s own name', () => {
  it('changes the first and last name, and the account shows them', async () => {
    const person = await staffWithPassword();
    const res = await call('PATCH', ME, person.token, { firstName: '  Ada ', lastName: 'Lovelace' });
    expect(res.status).toBe(200);
    expect(res.body.staff).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace' });
    expect((await call('GET', ME, person.token)).body.staff.name).toBe('Ada Lovelace');
  });

  it('refuses an empty first name and fields that are not the name (the email and role stay)', async () => {
    const person = await staffWithPassword();
    const empty = await call('PATCH', ME, person.token, { firstName: '  ' });
    expect(empty.status).toBe(400);
    expect(violations(empty)[0]).toMatch(/^firstName /);
    const role = await call('PATCH', ME, person.token, { role: 'owner' });
    expect(role.status).toBe(400);
    const email = await call('PATCH', ME, person.token, { email: 'new@staff.test' });
    expect(email.status).toBe(400);
    expect((await call('GET', ME, person.token)).body.staff).toMatchObject({ role: 'staff', email: person.email });
  });

  it('is for a staff sign-in only: no key, member or anonymous caller reaches it', async () => {
    const member = await signInMember(server);
    expect((await call('PATCH', ME, server.apiKey, { firstName: 'Key' })).status).toBe(403);
    expect((await call('PATCH', ME, member.token, { firstName: 'Member' })).status).toBe(403);
    expect((await call('PATCH', ME, undefined, { firstName: 'Nobody' })).status).toBe(401);
    expect(
      (await call('POST', `${ME}/password`, server.apiKey, { currentPassword: 'x', newPassword: 'y' })).status,
    ).toBe(403);
    expect((await call('POST', `${ME}/factors/totp`, member.token)).status).toBe(403);
    expect((await call('POST', `${ME}/factors/EMAIL/remove`, undefined, { currentPassword: 'x' })).status).toBe(401);
  });
});

describe('the staff member’s own password', () => {
  it('names the wrong current password and the new password’s problem beside their fields, changing nothing', async () => {
    const person = await staffWithPassword();
    const both = await call('POST', `${ME}/password`, person.token, {
      currentPassword: 'not it at all',
      newPassword: 'short',
    });
    expect(both.status).toBe(400);
    expect(violations(both)).toEqual([
      'currentPassword is not your current password',
      'newPassword must be at least 8 characters',
    ]);
    const same = await call('POST', `${ME}/password`, person.token, {
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
    });
    expect(violations(same)).toEqual(['newPassword must be different from the current password']);
    const login = await server.services.identity.login(
      { loginId: { email: person.email }, password: PASSWORD },
      { ip: '10.9.0.1' },
      'staff',
    );
    expect(login.state).toBe('SUCCESS');
  });

  it('changes it: the old one stops working, other sign-ins end, this one stays, and it is on the audit trail', async () => {
    const person = await staffWithPassword();
    const other = await anotherSignIn(person);
    expect((await call('GET', ME, other)).status).toBe(200);
    const res = await call('POST', `${ME}/password`, person.token, {
      currentPassword: PASSWORD,
      newPassword: 'second password 2',
    });
    expect(res.status).toBe(200);
    expect((await call('GET', ME, person.token)).status).toBe(200);
    expect((await call('GET', ME, other)).status).toBe(401);
    const ctx = { ip: '10.9.0.2' };
    await expect(
      server.services.identity.login({ loginId: { email: person.email }, password: PASSWORD }, ctx, 'staff'),
    ).rejects.toMatchObject({ code: '-19976' });
    const login = await server.services.identity.login(
      { loginId: { email: person.email }, password: 'second password 2' },
      ctx,
      'staff',
    );
    expect(login.state).toBe('SUCCESS');
    expect(await auditOf(person.id)).toContain('staff.password-changed');
  });

  it('makes a sign-in left open wait after ten wrong current passwords, even for the right one', async () => {
    const person = await staffWithPassword();
    for (let i = 0; i < 10; i++) {
      const wrong = await call('POST', `${ME}/password`, person.token, {
        currentPassword: `guess ${i}`,
        newPassword: 'a new password 3',
      });
      expect(wrong.status).toBe(400);
    }
    const right = await call('POST', `${ME}/password`, person.token, {
      currentPassword: PASSWORD,
      newPassword: 'a new password 3',
    });
    expect(right.status).toBe(429);
    expect(right.body.details.applicationError.code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('the staff member’s own second factors', () => {
  it('sets up an authenticator app with a code from it; the sign-in then asks for one; both changes audited', async () => {
    const person = await staffWithPassword('owner');
    const enrol = await call('POST', `${ME}/factors/totp`, person.token);
    expect(enrol.status).toBe(200);
    expect(enrol.body.qrCodeSvg).toMatch(/^<svg/);
    expect(enrol.body.otpauthUrl).toContain(encodeURIComponent(person.email));
    const wrong = await call('POST', `${ME}/factors/totp/activate`, person.token, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.applicationError.code).toBe('INVALID_VERIFICATION_CODE');
    const code = totpCode(enrol.body.secret, new Date(Date.now() - 30_000));
    const on = await call('POST', `${ME}/factors/totp/activate`, person.token, { code });
    expect(on.status).toBe(200);
    expect(on.body.staff.factors).toEqual([{ type: 'TOTP', status: 'ACTIVE' }]);

    // A sign-in left open cannot swap the app for another one.
    const again = await call('POST', `${ME}/factors/totp`, person.token);
    expect(again.status).toBe(400);
    expect(again.body.details.applicationError.code).toBe('FACTOR_ALREADY_ACTIVE');

    const login = await server.services.identity.login(
      { loginId: { email: person.email }, password: PASSWORD },
      { ip: '10.9.0.3' },
      'staff',
    );
    expect(login).toMatchObject({ state: 'REQUIRE_MFA', additionalData: { factorType: 'TOTP' } });
    const done = await server.services.identity.verifyFactor('TOTP', {
      stateToken: login.stateToken as string,
      code: totpCode(enrol.body.secret, new Date()),
    });
    expect(done.state).toBe('SUCCESS');

    const noPassword = await call('POST', `${ME}/factors/TOTP/remove`, person.token, { currentPassword: 'nope' });
    expect(violations(noPassword)).toEqual(['currentPassword is not your current password']);
    const off = await call('POST', `${ME}/factors/TOTP/remove`, person.token, { currentPassword: PASSWORD });
    expect(off.status).toBe(200);
    expect(off.body.staff.factors).toEqual([]);
    expect(await auditOf(person.id)).toEqual(['staff.factor-removed', 'staff.factor-added']);
  });

  it('turns emailed codes on and off; the sign-in then mails a code', async () => {
    const person = await staffWithPassword();
    const on = await call('POST', `${ME}/factors/email`, person.token);
    expect(on.body.staff.factors).toEqual([{ type: 'EMAIL', status: 'ACTIVE' }]);
    const login = await server.services.identity.login(
      { loginId: { email: person.email }, password: PASSWORD },
      { ip: '10.9.0.4' },
      'staff',
    );
    expect(login).toMatchObject({ state: 'REQUIRE_MFA', additionalData: { factorType: 'EMAIL' } });
    const mail = await server.services.mail.list({ to: person.email, kind: 'factor-code' });
    expect(mail).toHaveLength(1);
    const off = await call('POST', `${ME}/factors/EMAIL/remove`, person.token, { currentPassword: PASSWORD });
    expect(off.body.staff.factors).toEqual([]);
    expect(await auditOf(person.id)).toEqual(['staff.factor-removed', 'staff.factor-added']);
    const unknown = await call('POST', `${ME}/factors/SMS/remove`, person.token, { currentPassword: PASSWORD });
    expect(unknown.status).toBe(400);
  });

  it('shows each staff member’s factors in the staff list, never their secrets', async () => {
    const person = await staffWithPassword();
    await call('POST', `${ME}/factors/email`, person.token);
    const list = await call('GET', '/_api/merx/v1/staff', server.apiKey);
    const row = list.body.staff.find((s: { id: string }) => s.id === person.id);
    expect(row.factors).toEqual([{ type: 'EMAIL', status: 'ACTIVE' }]);
    expect(JSON.stringify(list.body)).not.toMatch(/sealed|passwordHash|secret/i);
  });
});
