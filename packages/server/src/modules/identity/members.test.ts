import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller, signInStaff, startTestServer, type TestServer } from '../../testing.js';

/*
 * Staff's members list and a member's page in the back office: search in the email and the name, the status filter
 * with the total for paging, the dates joined and last signed in, and each status change only from where it can be.
 */

let server: TestServer;
let call: ReturnType<typeof jsonCaller>;
let reader: string;
const tag = randomUUID().slice(0, 6);

beforeAll(async () => {
  server = await startTestServer();
  call = jsonCaller(server);
  reader = (await signInStaff(server, { role: 'staff', permissions: ['members:read'] })).token;
});
afterAll(async () => {
  await server.close();
});

const MEMBERS = '/_api/merx/v1/members';

/** Registers a member with a name; answers its id. */
async function member(first: string, last: string, email = `${first.toLowerCase()}-${tag}@example.com`) {
  const state = await server.services.identity.register(
    { loginId: { email }, password: 'correct horse 1', profile: { firstName: first, lastName: last } },
    { ip: undefined },
  );
  return state.identity?.id as string;
}

const list = async (query: Record<string, string>, auth = server.apiKey) => {
  const res = await call('GET', `${MEMBERS}?${new URLSearchParams(query)}`, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { identities: Array<{ id: string; email: { address: string } }>; metadata: { total: number } };
};
const emails = (r: Awaited<ReturnType<typeof list>>) => r.identities.map((i) => i.email.address);

describe('the members list for staff', () => {
  let ada: string;
  beforeAll(async () => {
    ada = await member('Ada', 'Lovelace');
    await member('Grace', 'Hopper');
    await member('Alan', 'Turing', `enigma-${tag}@example.com`);
  });

  it('finds members by any part of their email or their name, in any case', async () => {
    expect(emails(await list({ search: `grace-${tag}` }))).toEqual([`grace-${tag}@example.com`]);
    expect(emails(await list({ search: 'LOVELACE' })).filter((e) => e.endsWith(`${tag}@example.com`))).toEqual([
      `ada-${tag}@example.com`,
    ]);
    // First and last name together, as a merchant types them.
    const turing = await list({ search: 'alan tur' });
    expect(emails(turing)).toContain(`enigma-${tag}@example.com`);
    // Pattern characters are matched as themselves.
    expect((await list({ search: '%' })).identities).toEqual([]);
    expect((await list({ search: `_race-${tag}` })).identities).toEqual([]);
    // Members only: staff accounts never appear.
    expect((await list({ search: 'staff.test' })).identities).toEqual([]);
  });

  it('filters by status and pages with the total', async () => {
    const pending = await member('Pat', 'Waiting');
    await server.merx.db.updateTable('identities').set({ status: 'PENDING' }).where('id', '=', pending).execute();
    const waiting = await list({ status: 'PENDING', search: tag });
    expect(waiting.identities.map((i) => i.id)).toEqual([pending]);
    const first = await list({ search: tag, limit: '2' });
    expect(first.identities).toHaveLength(2);
    expect(first.metadata).toMatchObject({ count: 2, offset: 0, total: 4 });
    const rest = await list({ search: tag, limit: '2', offset: '2' });
    expect(rest.metadata).toMatchObject({ count: 2, offset: 2, total: 4 });
    expect(new Set([...first.identities, ...rest.identities].map((i) => i.id)).size).toBe(4);
  });

  it('tells when a member joined and last signed in', async () => {
    // Signing up signs in; a member made by staff or imported has not signed in yet.
    await server.merx.db.updateTable('identities').set({ last_login_date: null }).where('id', '=', ada).execute();
    const before = (await call('GET', `${MEMBERS}/${ada}`, reader)).body.identity;
    expect(before.createdDate).toMatch(/^\d{4}-/);
    expect(before.lastLoginDate).toBeUndefined();
    const login = await call('POST', '/_api/iam/authentication/v2/login', undefined, {
      loginId: { email: `ada-${tag}@example.com` },
      password: 'correct horse 1',
    });
    expect(login.body.state).toBe('SUCCESS');
    const after = (await call('GET', `${MEMBERS}/${ada}`, reader)).body.identity;
    expect(Date.parse(after.lastLoginDate)).toBeGreaterThanOrEqual(Date.parse(before.createdDate));
  });

  it('refuses bad list options with the field, and callers without members:read', async () => {
    const bad = await call('GET', `${MEMBERS}?status=GONE`, server.apiKey);
    expect(bad.status).toBe(400);
    expect(bad.body.details.validationError.fieldViolations[0].field).toBe('status');
    const long = await call('GET', `${MEMBERS}?search=${'a'.repeat(201)}`, server.apiKey);
    expect(long.status).toBe(400);
    expect(long.body.details.validationError.fieldViolations[0].field).toBe('search');
    const orders = await signInStaff(server, { role: 'staff', permissions: ['orders:read'] });
    expect((await call('GET', MEMBERS, orders.token)).status).toBe(403);
  });

  it('reads a search of digits as text, leading zeros kept', async () => {
    const digits = await member('Numbers', 'Person', `0042-${tag}@example.com`);
    expect((await list({ search: '0042' })).identities.map((i) => i.id)).toContain(digits);
    expect((await list({ email: `0042-${tag}@example.com` })).identities.map((i) => i.id)).toEqual([digits]);
    expect((await list({ search: '12345678' })).identities).toEqual([]);
  });
});

describe('changing a member status', () => {
  const act = (id: string, action: string, auth = server.apiKey) =>
    call('POST', `${MEMBERS}/${id}/${action}`, auth, {});
  const statusOf = async (id: string) => (await call('GET', `${MEMBERS}/${id}`, server.apiKey)).body.identity;

  it('approves only a member who waits, unblocks only a blocked one, and repeats harmlessly', async () => {
    const id = await member('Quinn', 'Pending', `quinn-${tag}@example.com`);
    await server.merx.db.updateTable('identities').set({ status: 'PENDING' }).where('id', '=', id).execute();
    // Unblocking a member who waits would let them in without approval.
    const unblock = await act(id, 'unblock');
    expect(unblock.status).toBe(400);
    expect(unblock.body.details.applicationError).toMatchObject({
      code: 'MEMBER_STATUS_TRANSITION_NOT_ALLOWED',
      data: { status: 'PENDING', action: 'unblock' },
    });
    expect((await statusOf(id)).status.name).toBe('PENDING');
    expect((await act(id, 'approve')).body.identity.status.name).toBe('ACTIVE');
    // A second tab approving again changes nothing and says so with the member as they are.
    expect((await act(id, 'approve')).body.identity.status.name).toBe('ACTIVE');
    expect((await act(id, 'block')).body.identity.status.name).toBe('BLOCKED');
    // Approving a blocked member (a stale page) is refused: it would unblock them.
    const approve = await act(id, 'approve');
    expect(approve.status).toBe(400);
    expect(approve.body.details.applicationError.code).toBe('MEMBER_STATUS_TRANSITION_NOT_ALLOWED');
    expect((await statusOf(id)).status.name).toBe('BLOCKED');
    expect((await act(id, 'unblock')).body.identity.status.name).toBe('ACTIVE');
    expect((await call('DELETE', `${MEMBERS}/${id}`, server.apiKey)).status).toBe(200);
    expect((await act(id, 'block')).status).toBe(404);
  });

  it('refuses changes to staff holding members:read only, and to unknown members', async () => {
    const id = await member('Rae', 'Reader', `rae-${tag}@example.com`);
    for (const action of ['approve', 'block', 'unblock']) expect((await act(id, action, reader)).status).toBe(403);
    expect((await call('DELETE', `${MEMBERS}/${id}`, reader)).status).toBe(403);
    expect((await statusOf(id)).status.name).toBe('ACTIVE');
    expect((await act(randomUUID(), 'block')).status).toBe(404);
  });
});
