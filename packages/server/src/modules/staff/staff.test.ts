import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandLine,
  type JsonAnswer,
  jsonCaller,
  signInStaff,
  startTestServer,
  type TestServer,
  type TestStaff,
} from '../../testing.js';
import { machineOwner } from './staff.rules.js';

let server: TestServer;
let owner: TestStaff;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signInStaff(server, { role: 'owner' });
});
afterAll(async () => {
  await server.close();
});

type Res = JsonAnswer;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth: string, body?: unknown) =>
  jsonCaller(server)(method, url, auth, body);

let n = 0;
const address = () => `person${++n}-${Date.now()}@staff.test`;
const invite = (auth: string, role: string, permissions?: string[]) =>
  call('POST', '/_api/merx/v1/staff/invitations', auth, {
    email: address(),
    role,
    ...(permissions ? { permissions } : {}),
  });
const patch = (auth: string, id: string, body: unknown) => call('PATCH', `/_api/merx/v1/staff/${id}`, auth, body);
const remove = (auth: string, id: string) => call('DELETE', `/_api/merx/v1/staff/${id}`, auth);
const key = async (scopes: string[]) => (await server.services.apiKeys.create({ name: `key ${scopes}`, scopes })).key;
const activeOwners = () =>
  server.merx.db
    .selectFrom('identities')
    .select('id')
    .where('role', '=', 'owner')
    .where('status', '=', 'ACTIVE')
    .execute();
const staffRow = (id: string) =>
  server.merx.db
    .selectFrom('identities')
    .select(['role', 'permissions', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();

async function expectDenied(res: Res, message: RegExp) {
  expect(res.status).toBe(403);
  expect(res.body.details.applicationError.code).toBe('PERMISSION_DENIED');
  expect(res.body.message).toMatch(message);
}

describe('nobody grants more than they hold', () => {
  it('keeps a staff member holding only staff:manage from making themself or anyone else an admin', async () => {
    const manager = await signInStaff(server, { role: 'staff', permissions: ['staff:manage'] });
    await expectDenied(await patch(manager.token, manager.id, { role: 'admin' }), /your own role/);
    await expectDenied(await invite(manager.token, 'admin'), /owner or an admin can make an admin/);
    await expectDenied(await invite(manager.token, 'owner'), /Only an owner can make another owner/);
    const beyond = await invite(manager.token, 'staff', ['orders:read', 'staff:manage']);
    await expectDenied(beyond, /permissions you do not hold: orders:read/);
    expect(beyond.body.details.applicationError.data).toEqual({ permissions: ['orders:read'] });
    expect((await invite(manager.token, 'staff', ['staff:manage'])).status).toBe(200);
    expect(await staffRow(manager.id)).toMatchObject({ role: 'staff', permissions: '["staff:manage"]' });
  });

  it('keeps an API key holding only staff:manage from inviting an owner or an admin', async () => {
    const onlyStaff = await key(['staff:manage']);
    await expectDenied(await invite(onlyStaff, 'owner'), /Only an owner/);
    await expectDenied(await invite(onlyStaff, 'admin'), /make an admin/);
    await expectDenied(await invite(onlyStaff, 'staff', ['mail:read']), /mail:read/);
    expect((await invite(onlyStaff, 'staff', ['staff:manage'])).status).toBe(200);
  });

  it('lets a key for everything make admins but never owners', async () => {
    const everything = await key(['*']);
    expect((await invite(everything, 'admin')).status).toBe(200);
    await expectDenied(await invite(everything, 'owner'), /Only an owner/);
  });

  it('holds area wildcards to what they cover', async () => {
    const catalogue = await signInStaff(server, { role: 'staff', permissions: ['staff:manage', 'catalog:*'] });
    expect((await invite(catalogue.token, 'staff', ['catalog:write', 'catalog:*'])).status).toBe(200);
    await expectDenied(await invite(catalogue.token, 'staff', ['orders:*']), /orders:\*/);
  });

  it('refuses permissions Merx does not know, and owner-only or key-only ones, as a validation error', async () => {
    for (const permission of ['orders:fly', 'audit:read', 'members:sign-on', '*']) {
      const res = await invite(owner.token, 'staff', ['orders:read', permission]);
      expect(res.status, permission).toBe(400);
      expect(res.body.details.validationError.fieldViolations[0].field).toBe('permissions[1]');
    }
  });
});

describe('changing and removing accounts', () => {
  it('lets nobody change their own role or permissions, owners included', async () => {
    const admin = await signInStaff(server, { role: 'admin' });
    await expectDenied(await patch(owner.token, owner.id, { role: 'admin' }), /your own role/);
    await expectDenied(await patch(admin.token, admin.id, { role: 'staff' }), /your own role/);
    await expectDenied(await patch(admin.token, admin.id, { role: 'owner' }), /your own role/);
  });

  it('lets only owners change or remove owners, and never the last one', async () => {
    const admin = await signInStaff(server, { role: 'admin' });
    const second = await signInStaff(server, { role: 'owner' });
    await expectDenied(await patch(admin.token, second.id, { role: 'staff' }), /Only an owner can change an owner/);
    await expectDenied(await remove(admin.token, second.id), /Only an owner can remove an owner/);
    await expectDenied(await patch(await key(['*']), second.id, { role: 'admin' }), /Only an owner/);
    await expectDenied(await patch(admin.token, admin.id, { role: 'owner' }), /your own role/);
    await expectDenied(
      await patch(admin.token, (await signInStaff(server, { role: 'staff' })).id, { role: 'owner' }),
      /Only an owner/,
    );
    // Two owners: one may remove the other; the one left cannot leave.
    expect((await remove(owner.token, second.id)).status).toBe(200);
    const owners = await activeOwners();
    for (const o of owners.filter((o) => o.id !== owner.id)) {
      await server.merx.db.updateTable('identities').set({ status: 'DELETED' }).where('id', '=', o.id).execute();
    }
    const last = await remove(owner.token, owner.id);
    expect(last.status).toBe(400);
    expect(last.body.details.applicationError.code).toBe('LAST_OWNER');
  });

  it('keeps a staff manager away from accounts that hold more than they do', async () => {
    const manager = await signInStaff(server, { role: 'staff', permissions: ['staff:manage', 'orders:read'] });
    const admin = await signInStaff(server, { role: 'admin' });
    const writer = await signInStaff(server, { role: 'staff', permissions: ['orders:read', 'orders:write'] });
    const reader = await signInStaff(server, { role: 'staff', permissions: ['orders:read'] });
    await expectDenied(await patch(manager.token, admin.id, { role: 'staff', permissions: [] }), /holds permissions/);
    await expectDenied(await remove(manager.token, admin.id), /holds permissions/);
    await expectDenied(await patch(manager.token, writer.id, { permissions: ['orders:read'] }), /holds permissions/);
    const changed = await patch(manager.token, reader.id, { permissions: ['orders:read', 'staff:manage'] });
    expect(changed.body.staff).toMatchObject({ role: 'staff', permissions: ['orders:read', 'staff:manage'] });
    expect(await staffRow(admin.id)).toMatchObject({ role: 'admin', status: 'ACTIVE' });
  });

  it('ends the sessions of an account whose role changes', async () => {
    const admin = await signInStaff(server, { role: 'admin' });
    expect((await call('GET', '/_api/merx/v1/staff', admin.token)).status).toBe(200);
    expect((await patch(owner.token, admin.id, { role: 'staff', permissions: ['staff:read'] })).status).toBe(200);
    expect((await call('GET', '/_api/merx/v1/staff', admin.token)).status).toBe(401);
  });

  it('lets one of two owners demoting each other at the same moment win, never both', async () => {
    // Straight to the service, so that both transactions overlap (over HTTP the first often ends the other's session).
    const context = { actor: { kind: 'SYSTEM', id: null, name: 'test' }, ip: null } as const;
    const asOwner = (id: string) =>
      ({ kind: 'staff', staffId: id, role: 'owner', permissions: ['*'], clientId: '', tokenId: '' }) as const;
    try {
      for (let round = 0; round < 5; round++) {
        await server.merx.db.updateTable('identities').set({ status: 'DELETED' }).where('role', '=', 'owner').execute();
        const a = await signInStaff(server, { role: 'owner' });
        const b = await signInStaff(server, { role: 'owner' });
        const outcomes = await Promise.allSettled([
          server.services.staff.update(asOwner(a.id), b.id, { role: 'admin' }, context),
          server.services.staff.update(asOwner(b.id), a.id, { role: 'admin' }, context),
        ]);
        expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect(String((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason)).toMatch(
          /at least one owner/,
        );
        const owners = await activeOwners();
        expect(owners).toHaveLength(1);
      }
    } finally {
      owner = await signInStaff(server, { role: 'owner' });
    }
  });
});

describe('the signed-in staff account', () => {
  it('tells a staff member who they are, and nobody else', async () => {
    const reader = await signInStaff(server, { role: 'staff', permissions: ['orders:read'] });
    const me = await call('GET', '/_api/merx/v1/staff/me', reader.token);
    expect(me.body.staff).toMatchObject({
      id: reader.id,
      email: reader.email,
      role: 'staff',
      permissions: ['orders:read'],
    });
    expect((await call('GET', '/_api/merx/v1/staff/me', server.apiKey)).status).toBe(403);
    expect((await call('GET', '/_api/merx/v1/staff/me', '')).status).toBe(401);
  });
});

describe('invitations', () => {
  it('stops an invitation from working once its inviter could no longer give what it offers', async () => {
    const admin = await signInStaff(server, { role: 'admin' });
    const sent = await invite(admin.token, 'admin');
    const token = new URL(sent.body.url).searchParams.get('token') as string;
    expect((await patch(owner.token, admin.id, { role: 'staff', permissions: [] })).status).toBe(200);
    await expect(server.services.staff.acceptInvitation(token, 'a good password 1', {})).rejects.toThrow(
      /expired or was used/,
    );
  });

  it('accepts an invitation the command line sent: the store’s machine stands for an owner', async () => {
    const { url } = await server.services.staff.invite(machineOwner, { email: address(), role: 'owner' }, commandLine);
    const made = await server.services.staff.acceptInvitation(
      new URL(url).searchParams.get('token') as string,
      'a good password 1',
      {},
    );
    expect(made.role).toBe('owner');
  });

  it('lists pending invitations and lets them be withdrawn', async () => {
    const sent = await invite(owner.token, 'staff', ['orders:read']);
    const listed = await call('GET', '/_api/merx/v1/staff/invitations', owner.token);
    expect(listed.body.invitations.find((i: { id: string }) => i.id === sent.body.invitationId)).toMatchObject({
      role: 'staff',
      permissions: ['orders:read'],
      invitedBy: owner.id,
    });
    const reader = await signInStaff(server, { role: 'staff', permissions: ['staff:manage'] });
    await expectDenied(
      await call('DELETE', `/_api/merx/v1/staff/invitations/${sent.body.invitationId}`, reader.token),
      /orders:read/,
    );
    expect(
      (await call('DELETE', `/_api/merx/v1/staff/invitations/${sent.body.invitationId}`, owner.token)).status,
    ).toBe(200);
    const token = new URL(sent.body.url).searchParams.get('token') as string;
    await expect(server.services.staff.acceptInvitation(token, 'a good password 1', {})).rejects.toThrow(/expired/);
    expect(
      (await call('DELETE', `/_api/merx/v1/staff/invitations/${sent.body.invitationId}`, owner.token)).status,
    ).toBe(404);
  });
});

describe('the audit trail', () => {
  it('records who changed whose access, when and how, for owners to read', async () => {
    const admin = await signInStaff(server, { role: 'admin' });
    const target = await signInStaff(server, { role: 'staff', permissions: ['orders:read'] });
    const before = new Date().toISOString();
    expect((await patch(admin.token, target.id, { permissions: ['orders:read', 'orders:write'] })).status).toBe(200);
    const everything = await key(['*']);
    await remove(everything, target.id);
    const log = await call('GET', `/_api/merx/v1/audit-log?targetId=${target.id}`, owner.token);
    expect(log.status).toBe(200);
    expect(log.body.entries).toHaveLength(2);
    const [removed, updated] = log.body.entries;
    expect(updated).toMatchObject({
      action: 'staff.updated',
      actor: { kind: 'STAFF', id: admin.id, name: admin.email },
      target: { kind: 'STAFF', id: target.id, name: target.email },
      details: {
        before: { role: 'staff', permissions: ['orders:read'] },
        after: { role: 'staff', permissions: ['orders:read', 'orders:write'] },
      },
    });
    expect(updated.createdDate >= before).toBe(true);
    expect(removed).toMatchObject({ action: 'staff.removed', actor: { kind: 'API_KEY', name: 'key *' } });
  });

  it('is readable by owners and keys that name audit:read, and by nobody else', async () => {
    const admin = await signInStaff(server, { role: 'admin' });
    expect((await call('GET', '/_api/merx/v1/audit-log', admin.token)).status).toBe(403);
    expect((await call('GET', '/_api/merx/v1/audit-log', await key(['*']))).status).toBe(403);
    expect((await call('GET', '/_api/merx/v1/audit-log', await key(['staff:*']))).status).toBe(403);
    expect((await call('GET', '/_api/merx/v1/audit-log', await key(['audit:read']))).status).toBe(200);
    expect((await call('GET', '/_api/merx/v1/audit-log', owner.token)).status).toBe(200);
  });

  it('records invitations, failed grants excluded', async () => {
    const manager = await signInStaff(server, { role: 'staff', permissions: ['staff:manage'] });
    await invite(manager.token, 'admin');
    const sent = await invite(manager.token, 'staff', ['staff:manage']);
    const log = await call('GET', `/_api/merx/v1/audit-log?actorId=${manager.id}`, owner.token);
    expect(log.body.entries.map((e: { action: string }) => e.action)).toEqual(['staff.invited']);
    expect(log.body.entries[0]).toMatchObject({
      target: { kind: 'STAFF_INVITATION', id: sent.body.invitationId },
      details: { role: 'staff', permissions: ['staff:manage'] },
    });
  });
});
