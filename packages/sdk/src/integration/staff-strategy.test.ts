/**
 * StaffStrategy against a real server: the back office's sign-in. The hosted page's part (the form) is tested in the
 * server's hosted-page tests; here the code it would return is issued directly, as in those tests.
 */
import { signInStaff } from '@merx/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffStrategy } from '../auth/staff.js';
import { memoryStorage } from '../auth/storage.js';
import { createClient } from '../client.js';
import { MerxClientError } from '../errors.js';
import { staff } from '../modules/staff.js';
import { type SdkKit, startSdkKit } from './kit.js';

let kit: SdkKit;
let clientId: string;
let now = Math.floor(Date.now() / 1000);
const clock = { now: () => now * 1000 };

beforeAll(async () => {
  kit = await startSdkKit();
  clientId = (await kit.server.services.clients.firstOfKind('backoffice'))?.id as string;
});
afterAll(() => kit?.close());

/** A staff member signed in through the back-office client: the code the hosted page returns, exchanged. */
async function signedIn(role: 'owner' | 'staff', permissions: string[] = []) {
  const person = await signInStaff(kit.server, { role, permissions });
  const auth = StaffStrategy({ clientId, storage: memoryStorage(), clock });
  const client = createClient({ baseUrl: kit.baseUrl, auth, modules: { staff } });
  const data = await auth.generateOAuthData(`${kit.baseUrl}/admin/callback`, '/admin/orders');
  const code = await kit.server.services.oauth.issueCode(kit.server.merx.db, {
    clientId,
    redirectUri: `${kit.baseUrl}/admin/callback`,
    codeChallenge: data.codeChallenge,
    identityId: person.id,
  });
  await auth.getStaffTokens(code, data.state, data);
  return { person, auth, client };
}

describe('StaffStrategy', () => {
  it('exchanges the code for staff tokens and calls elevated modules as the staff member', async () => {
    const { person, auth, client } = await signedIn('staff', ['staff:read']);
    expect(auth.signedIn()).toBe(true);
    expect(auth.getTokens().refreshToken.role).toBe('staff');
    expect((await client.staff.getMe()).staff).toMatchObject({ id: person.id, permissions: ['staff:read'] });
    expect((await client.staff.listStaff()).staff.length).toBeGreaterThan(0);
    await expect(client.staff.inviteStaff({ email: 'x@y.test', role: 'staff' })).rejects.toMatchObject({ status: 403 });
  });

  it('renews an expired access token with the refresh token', async () => {
    const { person, auth, client } = await signedIn('owner');
    const before = auth.getTokens().accessToken.value;
    now += 5 * 3600;
    try {
      expect((await client.staff.getMe()).staff.id).toBe(person.id);
      expect(auth.getTokens().accessToken.value).not.toBe(before);
    } finally {
      now -= 5 * 3600;
    }
  });

  it('asks for a sign-in, never a visitor token, when there is none or it has ended', async () => {
    const auth = StaffStrategy({ clientId, storage: memoryStorage(), clock });
    const client = createClient({ baseUrl: kit.baseUrl, auth, modules: { staff } });
    const none = await client.staff.getMe().catch((e: unknown) => e);
    expect(none).toBeInstanceOf(MerxClientError);
    expect(none).toMatchObject({ code: 'SIGN_IN_REQUIRED' });

    const { person, auth: ended, client: endedClient } = await signedIn('owner');
    await kit.server.services.tokens.revokeAllOf(kit.server.merx.db, person.id);
    now += 5 * 3600;
    try {
      await expect(endedClient.staff.getMe()).rejects.toMatchObject({ code: 'SIGN_IN_REQUIRED' });
      expect(ended.signedIn()).toBe(false);
    } finally {
      now -= 5 * 3600;
    }
  });
});
