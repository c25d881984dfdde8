import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonCaller,
  signInMember,
  signInStaff,
  startTestServer,
  type TestServer,
  type TestStaff,
  visitorToken,
} from '../../testing.js';

let server: TestServer;
let owner: TestStaff;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signInStaff(server, { role: 'owner' });
});
afterAll(async () => {
  await server.close();
});

const call = (method: 'GET' | 'POST', url: string, auth: string | undefined, body?: unknown) =>
  jsonCaller(server)(method, url, auth, body);

const key = async (scopes: string[]) => (await server.services.apiKeys.create({ name: `key ${scopes}`, scopes })).key;
const mailsTo = async (to: string) =>
  (await server.merx.db.selectFrom('mail_messages').select('kind').where('to_address', '=', to).execute()).length;

const start = (auth: string | undefined, identityId: string) =>
  call('POST', '/_api/iam/verification/v1/start', auth, { identityId, target: 'EMAIL' });

describe('starting an email verification', () => {
  it('lets a member start their own, and refuses every other caller without members:manage, sending nothing', async () => {
    const a = await signInMember(server);
    const b = await signInMember(server);
    const before = await mailsTo(a.email);
    expect((await start(undefined, a.id)).status).toBe(401);
    expect((await start(await visitorToken(server), a.id)).status).toBe(401);
    expect((await start(b.token, a.id)).status).toBe(403);
    expect((await start(await key([]), a.id)).status).toBe(403);
    expect((await start(await key(['orders:*', 'members:read']), a.id)).status).toBe(403);
    const plainStaff = await signInStaff(server, { role: 'staff', permissions: ['orders:read'] });
    expect((await start(plainStaff.token, a.id)).status).toBe(403);
    expect(await mailsTo(a.email)).toBe(before);
    const own = await start(a.token, a.id);
    expect(own.status).toBe(200);
    expect(own.body.verificationId).toBeTruthy();
    expect(await mailsTo(a.email)).toBe(before + 1);
  });

  it('lets staff and keys with members:manage start a member’s, but never a staff account’s', async () => {
    const a = await signInMember(server);
    const manager = await signInStaff(server, { role: 'staff', permissions: ['members:manage'] });
    expect((await start(manager.token, a.id)).status).toBe(200);
    expect((await start(await key(['members:manage']), a.id)).status).toBe(200);
    for (const caller of [manager.token, await key(['members:manage']), await key(['*'])]) {
      const res = await start(caller, owner.id);
      expect(res.status).toBe(404);
    }
    expect(await mailsTo(owner.email)).toBe(0);
    expect((await start(owner.token, owner.id)).status).toBe(200);
    expect(await mailsTo(owner.email)).toBe(1);
  });

  it('sends at most five codes an hour per identity, whoever asks', async () => {
    const a = await signInMember(server);
    const manager = await key(['members:manage']);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await start(i % 2 ? a.token : manager, a.id)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(await mailsTo(a.email)).toBe(5);
  });
});

describe('the members:sign-on permission', () => {
  it('comes with no wildcard: keys for everything or for all of members cannot sign members on', async () => {
    const a = await signInMember(server);
    for (const scopes of [['*'], ['members:*'], ['members:manage', 'members:read']]) {
      const k = await key(scopes);
      const signOn = await call('POST', '/_api/iam/authentication/v2/sign-on', k, { loginId: { email: a.email } });
      expect(signOn.status, String(scopes)).toBe(403);
      const grant = await server.app.inject({
        method: 'POST',
        url: '/oauth2/token',
        headers: { authorization: k, 'content-type': 'application/json' },
        payload: JSON.stringify({ grantType: 'authorized_client', member_id: a.id }),
      });
      expect(grant.statusCode, String(scopes)).toBe(401);
    }
    expect(
      (await call('POST', '/_api/iam/authentication/v2/sign-on', owner.token, { loginId: { email: a.email } })).status,
    ).toBe(403);
  });

  it('mints member tokens for a key that names it, each use on the audit trail', async () => {
    const a = await signInMember(server);
    const signOn = await call('POST', '/_api/iam/authentication/v2/sign-on', server.signOnKey, {
      loginId: { email: a.email },
    });
    expect(signOn.status).toBe(200);
    const grant = await server.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { authorization: server.signOnKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ grantType: 'authorized_client', member_id: a.id }),
    });
    expect(grant.statusCode).toBe(200);
    const orders = await call('POST', '/ecom/v1/orders/search', grant.json().access_token, { search: {} });
    expect(orders.status).toBe(200);
    const log = await call('GET', `/_api/merx/v1/audit-log?targetId=${a.id}`, owner.token);
    expect(
      log.body.entries.map((e: { action: string; details: { grant: string } }) => [e.action, e.details.grant]),
    ).toEqual([
      ['member.signed-on', 'authorized_client'],
      ['member.signed-on', 'sign-on'],
    ]);
    expect(log.body.entries[0]).toMatchObject({
      actor: { kind: 'API_KEY', name: 'Test sign-on' },
      target: { kind: 'MEMBER', name: a.email },
    });
  });
});
