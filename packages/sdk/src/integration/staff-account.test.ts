/**
 * The signed-in staff member's own account through the SDK (StaffStrategy, as the back office calls it): name,
 * password, an authenticator app and emailed codes. Keys never reach it.
 */
import { createHmac } from 'node:crypto';
import { signInStaff } from '@merx/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffStrategy } from '../auth/staff.js';
import { memoryStorage } from '../auth/storage.js';
import { createClient } from '../client.js';
import { MerxApplicationError, MerxValidationError } from '../errors.js';
import { oauthClients } from '../modules/oauth-clients.js';
import { staff } from '../modules/staff.js';
import { type SdkKit, startSdkKit } from './kit.js';

let kit: SdkKit;
let clientId: string;
const PASSWORD = 'staff password 1';

beforeAll(async () => {
  kit = await startSdkKit();
  clientId = (await kit.server.services.clients.firstOfKind('backoffice'))?.id as string;
});
afterAll(() => kit?.close());

/** A staff member with a password, signed in through the back-office client. */
async function signedIn(role: 'owner' | 'staff' = 'staff') {
  const person = await signInStaff(kit.server, { role, permissions: role === 'staff' ? ['orders:read'] : [] });
  await kit.server.services.staff.setPassword(person.email, PASSWORD);
  const auth = StaffStrategy({ clientId, baseUrl: kit.baseUrl, storage: memoryStorage() });
  const data = await auth.generateOAuthData(`${kit.baseUrl}/admin/callback`, '/admin/account');
  const code = await kit.server.services.oauth.issueCode(kit.server.merx.db, {
    clientId,
    redirectUri: `${kit.baseUrl}/admin/callback`,
    codeChallenge: data.codeChallenge,
    identityId: person.id,
  });
  await auth.getStaffTokens(code, data.state, data);
  return { person, client: createClient({ baseUrl: kit.baseUrl, auth, modules: { staff, oauthClients } }) };
}

/** The code an authenticator app shows at `at` for a base32 secret (RFC 6238: SHA-1, 6 digits, 30 s). */
function totpCode(secret: string, at: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  const step = Buffer.alloc(8);
  step.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(step).digest();
  const at4 = (mac.at(-1) ?? 0) & 0x0f;
  return ((mac.readUInt32BE(at4) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the staff member’s own account', () => {
  it('changes the name and the password; a wrong current password is named on its field', async () => {
    const { person, client } = await signedIn();
    const { staff: me } = await client.staff.updateMe({ firstName: 'Grace', lastName: 'Hopper' });
    expect(me).toMatchObject({ id: person.id, name: 'Grace Hopper', firstName: 'Grace', lastName: 'Hopper' });

    const wrong = await caught(client.staff.changeMyPassword({ currentPassword: 'nope', newPassword: 'new pass 22' }));
    expect(wrong).toBeInstanceOf(MerxValidationError);
    expect((wrong as MerxValidationError).violations.map((v) => v.field)).toEqual(['currentPassword']);
    expect(JSON.stringify((wrong as MerxValidationError).request)).not.toContain('new pass 22');

    expect(await client.staff.changeMyPassword({ currentPassword: PASSWORD, newPassword: 'new pass 22' })).toEqual({});
    // This sign-in stays.
    expect((await client.staff.getMe()).staff.id).toBe(person.id);
  });

  it('sets up an authenticator app and emailed codes, and turns them off with the password', async () => {
    const { client } = await signedIn('owner');
    const enrolment = await client.staff.enrolMyTotp();
    expect(enrolment.qrCodeSvg).toMatch(/^<svg/);
    const bad = await caught(client.staff.activateMyTotp('123456'));
    expect(bad).toBeInstanceOf(MerxApplicationError);
    expect(bad).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    const on = await client.staff.activateMyTotp(totpCode(enrolment.secret, Date.now() - 30_000));
    expect(on.staff.factors).toEqual([{ type: 'TOTP', status: 'ACTIVE' }]);
    await expect(client.staff.enrolMyTotp()).rejects.toMatchObject({ code: 'FACTOR_ALREADY_ACTIVE' });
    const both = await client.staff.enableMyEmailCodes();
    expect(both.staff.factors.map((f) => f.type)).toEqual(['TOTP', 'EMAIL']);
    const refused = await caught(client.staff.removeMyFactor('TOTP', 'wrong password'));
    expect(refused).toBeInstanceOf(MerxValidationError);
    const off = await client.staff.removeMyFactor('TOTP', PASSWORD);
    expect(off.staff.factors).toEqual([{ type: 'EMAIL', status: 'ACTIVE' }]);
  });

  it('is refused to an API key, which has no account of its own', async () => {
    const admin = kit.admin({ staff });
    await expect(admin.staff.updateMe({ firstName: 'Key' })).rejects.toMatchObject({ status: 403 });
    await expect(admin.staff.enrolMyTotp()).rejects.toMatchObject({ status: 403 });
  });

  it('keeps the built-in clients: deleting one is refused with its code', async () => {
    const { client } = await signedIn('owner');
    const { clients } = await client.oauthClients.listOAuthClients();
    const builtIn = clients.find((c) => c.kind === 'backoffice');
    const refused = await caught(client.oauthClients.deleteOAuthClient(builtIn?.id as string));
    expect(refused).toBeInstanceOf(MerxApplicationError);
    expect(refused).toMatchObject({ code: 'OAUTH_CLIENT_BUILT_IN' });
  });
});
