import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller, signInStaff, startTestServer, type TestServer, type TestStaff } from '../../testing.js';

let server: TestServer;
let owner: TestStaff;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signInStaff(server, { role: 'owner' });
});
afterAll(async () => {
  await server.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, auth: string, body?: unknown) =>
  jsonCaller(server)(method, url, auth, body);
const make = (auth: string, scopes: string[], name = 'Integration') =>
  call('POST', '/_api/merx/v1/api-keys', auth, { name, scopes });
const keyCount = async () =>
  Number(
    (
      await server.merx.db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('API keys over HTTP', () => {
  it('makes a key with the scopes asked for, answers its secret once and lists it without', async () => {
    const made = await make(owner.token, ['orders:read', 'catalog:*']);
    expect(made.status).toBe(200);
    expect(made.body.key).toMatch(/^merx_sk_/);
    expect(made.body.apiKey).toMatchObject({
      name: 'Integration',
      scopes: ['orders:read', 'catalog:*'],
      revokedDate: null,
    });
    expect(made.body.warnings).toEqual([]);
    const listed = await call('GET', '/_api/merx/v1/api-keys', owner.token);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.key);
    expect(listed.body.apiKeys.find((k: { id: string }) => k.id === made.body.apiKey.id)).toMatchObject({
      scopes: ['orders:read', 'catalog:*'],
    });
    const works = await call('POST', '/ecom/v1/abandoned-checkout/query', made.body.key, { query: {} });
    expect(works.status).toBe(200);
  });

  it('never makes a key beyond its maker: staff get their own permissions, only owners get named-only ones', async () => {
    const manager = await signInStaff(server, { role: 'staff', permissions: ['api-keys:manage', 'orders:read'] });
    const admin = await signInStaff(server, { role: 'admin' });
    const before = await keyCount();
    for (const scopes of [['orders:write'], ['orders:*'], ['*'], ['members:sign-on'], ['audit:read']]) {
      const res = await make(manager.token, scopes);
      expect(res.status, String(scopes)).toBe(403);
      expect(res.body.details.applicationError.data.scopes).toEqual(scopes);
    }
    expect((await make(admin.token, ['members:sign-on'])).status).toBe(403);
    expect((await make(admin.token, ['audit:read'])).status).toBe(403);
    expect(await keyCount()).toBe(before);
    expect((await make(manager.token, ['orders:read'])).status).toBe(200);
    expect((await make(admin.token, ['*'])).status).toBe(200);
    const limitedKey = (await make(owner.token, ['api-keys:manage', 'catalog:read'])).body.key;
    expect((await make(limitedKey, ['catalog:write'])).status).toBe(403);
    expect((await make(limitedKey, ['catalog:read'])).status).toBe(200);
  });

  it('says what a sign-on key can do when it is made', async () => {
    const made = await make(owner.token, ['members:sign-on'], 'SSO bridge');
    expect(made.status).toBe(200);
    expect(made.body.warnings.join(' ')).toMatch(/sign in as any member/);
  });

  it('refuses unknown scopes and an empty list as validation errors', async () => {
    const unknown = await make(owner.token, ['orders:read', 'everything']);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.validationError.fieldViolations[0].field).toBe('scopes[1]');
    expect((await make(owner.token, [])).status).toBe(400);
    await expect(server.services.apiKeys.create({ name: 'x', scopes: ['nope'] })).rejects.toThrow(/scopes\[0\]/);
  });

  it('revokes only keys holding no more than the caller, and puts both on the audit trail', async () => {
    const strong = (await make(owner.token, ['*'])).body;
    const weak = (await make(owner.token, ['orders:read'])).body;
    const manager = await signInStaff(server, { role: 'staff', permissions: ['api-keys:manage', 'orders:read'] });
    expect((await call('DELETE', `/_api/merx/v1/api-keys/${strong.apiKey.id}`, manager.token)).status).toBe(403);
    expect((await call('DELETE', `/_api/merx/v1/api-keys/${weak.apiKey.id}`, manager.token)).status).toBe(200);
    expect((await call('DELETE', `/_api/merx/v1/api-keys/${weak.apiKey.id}`, manager.token)).status).toBe(404);
    expect((await call('POST', '/ecom/v1/abandoned-checkout/query', weak.key, { query: {} })).status).toBe(401);
    const log = await call('GET', `/_api/merx/v1/audit-log?targetId=${weak.apiKey.id}`, owner.token);
    expect(log.body.entries.map((e: { action: string; actor: { id: string } }) => [e.action, e.actor.id])).toEqual([
      ['api-key.revoked', manager.id],
      ['api-key.created', owner.id],
    ]);
  });

  it('keeps the key routes from callers without api-keys:manage', async () => {
    const reader = await signInStaff(server, { role: 'staff', permissions: ['orders:read'] });
    expect((await call('GET', '/_api/merx/v1/api-keys', reader.token)).status).toBe(403);
    expect((await make(reader.token, ['orders:read'])).status).toBe(403);
  });
});
