/**
 * The back office's own modules against a real server: store and member settings, staff, OAuth clients, the mail
 * outbox, a member's second factors, the inventory log and abandoned checkouts.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '@merx/contract';
import { signInStaff } from '@merx/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key.js';
import { OAuthStrategy } from '../auth/oauth.js';
import { createClient } from '../client.js';
import { MerxApplicationError, MerxClientError, MerxValidationError } from '../errors.js';
import { abandonedCheckouts } from '../modules/abandoned-checkouts.js';
import { apiKeys } from '../modules/api-keys.js';
import { auditLog } from '../modules/audit-log.js';
import { checkout } from '../modules/checkout.js';
import { identity } from '../modules/identity.js';
import { inventoryChanges } from '../modules/inventory-changes.js';
import { mailMessages } from '../modules/mail-messages.js';
import { memberFactors } from '../modules/member-factors.js';
import { memberSettings } from '../modules/member-settings.js';
import { members } from '../modules/members.js';
import { oauthClients } from '../modules/oauth-clients.js';
import { orders } from '../modules/orders.js';
import { products } from '../modules/products.js';
import { fetchPublicConfig, publicConfig } from '../modules/public-config.js';
import { staff } from '../modules/staff.js';
import { storeSettings } from '../modules/store-settings.js';
import { email, NEW_YORK, PASSWORD, type SdkKit, startSdkKit, unique, usShipping } from './kit.js';

let kit: SdkKit;
let shippingCode: string;

beforeAll(async () => {
  kit = await startSdkKit();
  shippingCode = await usShipping(kit);
});
afterAll(() => kit?.close());

/** An elevated client whose API key holds only these scopes. */
async function scopedAdmin<M extends Parameters<typeof createClient>[0]['modules']>(scopes: string[], modules: M) {
  const { key } = await kit.server.services.apiKeys.create({ name: unique('scoped '), scopes });
  return createClient({ baseUrl: kit.baseUrl, auth: ApiKeyStrategy({ apiKey: key }), modules });
}

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );

/** The newest mail to an address, through the mailMessages module. */
async function latestMail(to: string, kind?: 'staff-invitation' | 'factor-code') {
  const { messages } = await kit
    .admin({ mailMessages })
    .mailMessages.listMailMessages({ to, ...(kind ? { kind } : {}) });
  const message = messages[0];
  if (!message) throw new Error(`no mail to ${to}`);
  return message;
}

describe('store settings', () => {
  it('reads and changes the name, locale and logo; the public config follows the name', async () => {
    const admin = kit.admin({ storeSettings });
    const { store } = await admin.storeSettings.getStoreSettings();
    expect(store).toMatchObject({ currency: 'USD', locale: 'en-US' });
    const name = unique('Shop ');
    const changed = await admin.storeSettings.updateStoreSettings({
      name,
      locale: 'en-GB',
      logoUrl: '/media/logo.svg',
    });
    expect(changed.store).toEqual({
      name,
      currency: 'USD',
      locale: 'en-GB',
      logoUrl: '/media/logo.svg',
      catalogVersion: 'V1_CATALOG',
    });
    expect((await fetchPublicConfig({ baseUrl: kit.baseUrl })).storeName).toBe(name);
    const noLogo = await admin.storeSettings.updateStoreSettings({ logoUrl: null });
    expect(noLogo.store.logoUrl).toBeUndefined();
    expect(noLogo.store.name).toBe(name);
    await admin.storeSettings.updateStoreSettings({ name: store.name, locale: store.locale });
  });

  it('refuses a bad locale, a logo elsewhere and the currency as INVALID_ARGUMENT naming the field', async () => {
    const admin = kit.admin({ storeSettings });
    const locale = await caught(admin.storeSettings.updateStoreSettings({ locale: 'english' }));
    expect(locale).toBeInstanceOf(MerxValidationError);
    expect(locale).toMatchObject({ code: 'INVALID_ARGUMENT', status: 400, request: { args: [{ locale: 'english' }] } });
    expect((locale as MerxValidationError).violations.map((v) => v.field)).toEqual(['store.locale']);
    const logo = (await caught(
      admin.storeSettings.updateStoreSettings({ logoUrl: 'https://elsewhere.example/logo.svg' }),
    )) as MerxValidationError;
    expect(logo.violations.map((v) => v.field)).toEqual(['store.logoUrl']);
    const currency = await caught(admin.storeSettings.updateStoreSettings({ currency: 'EUR' } as never));
    expect(currency).toBeInstanceOf(MerxValidationError);
  });

  it('is refused to a storefront before any request, and to a key without settings:write by the server', async () => {
    const shop = kit.shop({ storeSettings });
    const error = await caught(shop.storeSettings.getStoreSettings());
    expect(error).toBeInstanceOf(MerxClientError);
    expect(error).toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });
    const reader = await scopedAdmin(['settings:read'], { storeSettings });
    expect((await reader.storeSettings.getStoreSettings()).store.currency).toBe('USD');
    const denied = await caught(reader.storeSettings.updateStoreSettings({ name: 'Nope' }));
    expect(denied).toBeInstanceOf(MerxApplicationError);
    expect(denied).toMatchObject({ code: 'PERMISSION_DENIED', status: 403 });
  });
});

describe('member settings', () => {
  it('reads and changes how members join, and sign-up follows', async () => {
    const admin = kit.admin({ memberSettings });
    const { settings } = await admin.memberSettings.getMemberSettings();
    expect(settings).toEqual({
      signUpPolicy: 'OPEN',
      requireEmailVerification: false,
      captchaEnabled: false,
      captchaProvider: 'recaptcha',
      captchaInvisibleSiteKey: '',
      captchaVisibleSiteKey: '',
      captchaSecretSet: false,
      captchaSecretFromEnvironment: false,
    });
    const changed = await admin.memberSettings.updateMemberSettings({ signUpPolicy: 'OWNER_APPROVAL' });
    expect(changed.settings).toEqual({ ...settings, signUpPolicy: 'OWNER_APPROVAL' });
    try {
      const auth = OAuthStrategy({ clientId: kit.clientId, baseUrl: kit.baseUrl });
      expect((await auth.register({ email: email(), password: PASSWORD })).loginState).toBe('OWNER_APPROVAL_REQUIRED');
    } finally {
      await admin.memberSettings.updateMemberSettings({ signUpPolicy: 'OPEN' });
    }
    expect((await admin.memberSettings.getMemberSettings()).settings.signUpPolicy).toBe('OPEN');
  });

  it('refuses an unknown policy (INVALID_ARGUMENT) and a storefront client (before any request)', async () => {
    const admin = kit.admin({ memberSettings });
    const error = (await caught(
      admin.memberSettings.updateMemberSettings({ signUpPolicy: 'CLOSED' as never }),
    )) as MerxValidationError;
    expect(error).toBeInstanceOf(MerxValidationError);
    expect(error.violations.map((v) => v.field)).toEqual(['settings.signUpPolicy']);
    await expect(kit.shop({ memberSettings }).memberSettings.getMemberSettings()).rejects.toMatchObject({
      code: 'ELEVATED_CLIENT_REQUIRED',
    });
  });
});

describe('staff and the mail outbox', () => {
  it('invites by mail, lists, changes the role and removes a staff account', async () => {
    const admin = kit.admin({ staff, mailMessages });
    const address = email();
    const invited = await admin.staff.inviteStaff({ email: address, role: 'staff', permissions: ['orders:read'] });
    expect(invited.url).toContain('/auth/accept-invitation?token=');
    const mail = await latestMail(address, 'staff-invitation');
    expect(mail).toMatchObject({ kind: 'staff-invitation', to: address, status: expect.any(String) });
    expect(mail.text).toContain(invited.url);
    expect((await admin.mailMessages.getMailMessage(mail.id)).message).toEqual(mail);

    const token = new URL(invited.url).searchParams.get('token') ?? '';
    await kit.server.services.staff.acceptInvitation(token, PASSWORD, { firstName: 'Sam' });
    const account = (await admin.staff.listStaff()).staff.find((s) => s.email === address);
    expect(account).toMatchObject({ role: 'staff', permissions: ['orders:read'], name: 'Sam' });
    const id = account?.id ?? '';

    const promoted = await admin.staff.updateStaff(id, { role: 'admin' });
    expect(promoted.staff).toMatchObject({ id, role: 'admin', permissions: ['*'] });
    expect(await admin.staff.removeStaff(id)).toEqual({});
    expect((await admin.staff.listStaff()).staff.map((s) => s.id)).not.toContain(id);
    const gone = await caught(admin.staff.updateStaff(id, { role: 'staff' }));
    expect(gone).toBeInstanceOf(MerxApplicationError);
    expect(gone).toMatchObject({
      code: 'STAFF_NOT_FOUND',
      status: 404,
      request: { method: 'PATCH', args: [id, { role: 'staff' }] },
    });
  });

  it('maps the refusals: a second invitation, a bad email, the last owner, a key without staff:manage', async () => {
    const admin = kit.admin({ staff });
    const address = email();
    const invited = await admin.staff.inviteStaff({ email: address, role: 'admin' });
    await kit.server.services.staff.acceptInvitation(
      new URL(invited.url).searchParams.get('token') ?? '',
      PASSWORD,
      {},
    );
    await expect(admin.staff.inviteStaff({ email: address, role: 'staff' })).rejects.toMatchObject({
      code: 'STAFF_ALREADY_EXISTS',
      status: 409,
    });
    const bad = (await caught(admin.staff.inviteStaff({ email: 'nobody', role: 'staff' }))) as MerxValidationError;
    expect(bad).toBeInstanceOf(MerxValidationError);
    expect(bad.violations.map((v) => v.field)).toEqual(['email']);
    expect(bad.errorCode).toBe('invalidEmail');
    const badPermission = (await caught(
      admin.staff.inviteStaff({ email: email(), role: 'staff', permissions: ['everything'] }),
    )) as MerxValidationError;
    expect(badPermission.violations.map((v) => v.field)).toEqual(['permissions[0]']);

    // Only owners make owners (a key for everything is not one); the store's last owner cannot leave.
    await expect(admin.staff.inviteStaff({ email: email(), role: 'owner' })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      status: 403,
    });
    const signedIn = await signInStaff(kit.server, { role: 'owner' });
    const asOwner = createClient({
      baseUrl: kit.baseUrl,
      auth: ApiKeyStrategy({ apiKey: signedIn.token }),
      modules: { staff },
    });
    const last = await caught(asOwner.staff.removeStaff(signedIn.id));
    expect(last).toBeInstanceOf(MerxApplicationError);
    expect(last).toMatchObject({ code: 'LAST_OWNER', status: 400 });
    await expect(asOwner.staff.updateStaff(signedIn.id, { role: 'admin' })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });

    const reader = await scopedAdmin(['staff:read'], { staff });
    expect((await reader.staff.listStaff()).staff.length).toBeGreaterThan(0);
    await expect(reader.staff.inviteStaff({ email: email(), role: 'staff' })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      status: 403,
    });
    await expect(kit.shop({ staff }).staff.listStaff()).rejects.toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });
  });

  it('lists mail newest first by recipient and kind, pages with limit and offset, and names unknown ids', async () => {
    const admin = kit.admin({ staff, mailMessages });
    const address = email();
    await admin.staff.inviteStaff({ email: address, role: 'staff' });
    const auth = OAuthStrategy({ clientId: kit.clientId, baseUrl: kit.baseUrl });
    await auth.register({ email: address, password: PASSWORD });
    await auth.sendPasswordResetEmail(address, 'https://shop.example/callback');
    const all = await admin.mailMessages.listMailMessages({ to: address });
    expect(all.messages.map((m) => m.kind)).toEqual(['recovery-link', 'staff-invitation']);
    expect(all.metadata).toEqual({ count: 2, offset: 0 });
    const second = await admin.mailMessages.listMailMessages({ to: address, limit: 1, offset: 1 });
    expect(second.messages.map((m) => m.kind)).toEqual(['staff-invitation']);
    const invitations = await admin.mailMessages.listMailMessages({ to: address, kind: 'staff-invitation' });
    expect(invitations.messages).toHaveLength(1);

    const unknown = await caught(admin.mailMessages.getMailMessage('nope'));
    expect(unknown).toMatchObject({ code: 'MAIL_MESSAGE_NOT_FOUND', status: 404, request: { args: ['nope'] } });
    const badKind = (await caught(
      admin.mailMessages.listMailMessages({ kind: 'newsletter' as never }),
    )) as MerxValidationError;
    expect(badKind.violations.map((v) => v.field)).toEqual(['kind']);
    const noMail = await scopedAdmin(['orders:read'], { mailMessages });
    await expect(noMail.mailMessages.listMailMessages()).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(kit.shop({ mailMessages }).mailMessages.getMailMessage('x')).rejects.toMatchObject({
      code: 'ELEVATED_CLIENT_REQUIRED',
    });
  });
});

describe('API keys, invitations and the audit trail', () => {
  it('makes, lists and revokes keys within the maker’s access, and the owner reads it all on the audit trail', async () => {
    const signedIn = await signInStaff(kit.server, { role: 'owner' });
    const asOwner = createClient({
      baseUrl: kit.baseUrl,
      auth: ApiKeyStrategy({ apiKey: signedIn.token }),
      modules: { apiKeys, auditLog, staff },
    });
    const made = await asOwner.apiKeys.createApiKey({ name: 'Warehouse', scopes: ['orders:read'] });
    expect(made.apiKey).toMatchObject({ name: 'Warehouse', scopes: ['orders:read'], revokedDate: null });
    expect(made.key).toMatch(/^merx_sk_/);
    expect((await asOwner.apiKeys.listApiKeys()).apiKeys.map((k) => k.id)).toContain(made.apiKey.id);
    const sso = await asOwner.apiKeys.createApiKey({ name: 'SSO', scopes: ['members:sign-on'] });
    expect(sso.warnings).toHaveLength(1);
    const limited = await scopedAdmin(['api-keys:manage', 'orders:read'], { apiKeys });
    await expect(limited.apiKeys.createApiKey({ name: 'More', scopes: ['orders:write'] })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      status: 403,
    });
    const bad = (await caught(asOwner.apiKeys.createApiKey({ name: 'Bad', scopes: ['nope'] }))) as MerxValidationError;
    expect(bad.violations.map((v) => v.field)).toEqual(['scopes[0]']);
    expect(await asOwner.apiKeys.revokeApiKey(made.apiKey.id)).toEqual({});

    const invitation = await asOwner.staff.inviteStaff({ email: email(), role: 'staff', permissions: ['orders:read'] });
    expect((await asOwner.staff.listInvitations()).invitations.map((i) => i.id)).toContain(invitation.invitationId);
    expect(await asOwner.staff.revokeInvitation(invitation.invitationId)).toEqual({});
    expect((await asOwner.staff.listInvitations()).invitations.map((i) => i.id)).not.toContain(invitation.invitationId);

    const trail = await asOwner.auditLog.listAuditLog({ actorId: signedIn.id, limit: 10 });
    expect(trail.entries.map((e) => e.action)).toEqual([
      'staff.invitation-revoked',
      'staff.invited',
      'api-key.revoked',
      'api-key.created',
      'api-key.created',
    ]);
    expect(trail.metadata).toMatchObject({ count: 5, total: 5 });
    await expect(kit.admin({ auditLog }).auditLog.listAuditLog()).rejects.toMatchObject({ status: 403 });
  });
});

describe('OAuth clients', () => {
  it('registers, reads, lists, updates and deletes a client', async () => {
    const admin = kit.admin({ oauthClients });
    const name = unique('App ');
    const { client } = await admin.oauthClients.createOAuthClient({
      name,
      redirectUris: ['https://app.example/callback'],
      allowedOrigins: ['https://app.example'],
    });
    expect(client).toMatchObject({ name, kind: 'custom', redirectUris: ['https://app.example/callback'] });
    expect((await admin.oauthClients.getOAuthClient(client.id)).client).toEqual(client);
    const { clients } = await admin.oauthClients.listOAuthClients();
    expect(clients.map((c) => c.id)).toEqual(expect.arrayContaining([client.id, kit.clientId]));
    expect(clients.some((c) => c.kind === 'storefront')).toBe(true);
    const updated = await admin.oauthClients.updateOAuthClient(client.id, {
      allowedOrigins: ['https://other.example'],
    });
    expect(updated.client).toMatchObject({ name, allowedOrigins: ['https://other.example'] });

    // The new client signs visitors in, with tokens the public signing keys verify.
    const { keys } = await kit.shop({ publicConfig }).publicConfig.getSigningKeys();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ kty: expect.any(String), kid: expect.any(String) });
    const auth = OAuthStrategy({ clientId: client.id, baseUrl: kit.baseUrl });
    await auth.getAuthHeaders();
    expect(auth.getTokens().refreshToken.role).toBe('visitor');

    expect(await admin.oauthClients.deleteOAuthClient(client.id)).toEqual({});
    await expect(admin.oauthClients.getOAuthClient(client.id)).rejects.toMatchObject({
      code: 'OAUTH_CLIENT_NOT_FOUND',
      status: 404,
    });
  });

  it('refuses a redirect URI that is not a URL, an empty name, and clients without oauth-clients:manage', async () => {
    const admin = kit.admin({ oauthClients });
    const uri = (await caught(
      admin.oauthClients.createOAuthClient({ name: 'Bad', redirectUris: ['not a url'] }),
    )) as MerxValidationError;
    expect(uri).toBeInstanceOf(MerxValidationError);
    expect(uri.violations.map((v) => v.field)).toEqual(['client.redirectUris[0]']);
    const empty = (await caught(admin.oauthClients.createOAuthClient({ name: '' }))) as MerxValidationError;
    expect(empty.violations.map((v) => v.field)).toEqual(['client.name']);
    const other = await scopedAdmin(['orders:read'], { oauthClients });
    await expect(other.oauthClients.listOAuthClients()).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      status: 403,
    });
    await expect(kit.shop({ oauthClients }).oauthClients.listOAuthClients()).rejects.toMatchObject({
      code: 'ELEVATED_CLIENT_REQUIRED',
    });
  });
});

/** RFC 6238 (SHA-1, 6 digits, 30 s) from a base32 secret, as an authenticator app computes it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.replace(/=+$/, '')].map((ch) => alphabet.indexOf(ch).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('a member’s second factors', () => {
  /** A registered member signed in (external login), and their address. */
  async function signedInMember() {
    const address = email();
    const auth = OAuthStrategy({ clientId: kit.clientId, baseUrl: kit.baseUrl });
    await auth.register({ email: address, password: PASSWORD });
    const id = (await kit.admin({ members }).members.listMembers({ email: address })).identities[0]?.id ?? '';
    auth.setTokens(await auth.getMemberTokensForExternalLogin(id, kit.server.signOnKey));
    const client = createClient({ baseUrl: kit.baseUrl, auth, modules: { memberFactors, identity } });
    return { address, client };
  }

  it('enrols TOTP, activates it with a current code, and a sign-in then passes it', async () => {
    const { address, client } = await signedInMember();
    const enrolment = await client.memberFactors.enrolTotp();
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.qrCodeSvg).toContain('<svg');
    const wrong = await caught(client.memberFactors.activateTotp('000000'));
    expect(wrong).toBeInstanceOf(MerxApplicationError);
    expect(wrong).toMatchObject({ code: 'INVALID_VERIFICATION_CODE', request: { args: ['000000'] } });
    const { identity: on } = await client.memberFactors.activateTotp(totp(enrolment.secret));
    expect(on.factors).toContainEqual(expect.objectContaining({ type: 'TOTP', factorId: enrolment.factorId }));

    const login = await client.identity.loginV2({ email: address }, { password: PASSWORD });
    expect(login.state).toBe('REQUIRE_MFA');
    const stateToken = login.stateToken ?? '';
    await expect(
      client.identity.verifyFactor('totp', { stateToken, totpData: { code: '000000' } }),
    ).rejects.toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    // The activation used this step's code: the next step's code is within the window and not used yet.
    const passed = await client.identity.verifyFactor('totp', {
      stateToken,
      totpData: { code: totp(enrolment.secret, Date.now() + 30_000) },
    });
    expect(passed.state).toBe('SUCCESS');
    expect(passed.sessionToken).toBeTruthy();

    const { identity: off } = await client.memberFactors.removeFactor('TOTP');
    expect(off.factors.map((f) => f.type)).not.toContain('TOTP');
    expect((await client.identity.loginV2({ email: address }, { password: PASSWORD })).state).toBe('SUCCESS');
  });

  it('turns emailed codes on: a sign-in passes with the code from the outbox', async () => {
    const { address, client } = await signedInMember();
    const { identity: on } = await client.memberFactors.setEmailFactor(true);
    expect(on.factors.map((f) => f.type)).toContain('EMAIL');
    const login = await client.identity.loginV2({ email: address }, { password: PASSWORD });
    expect(login.state).toBe('REQUIRE_MFA');
    const code = /\b(\d{6})\b/.exec((await latestMail(address, 'factor-code')).text)?.[1] ?? '';
    const passed = await client.identity.verifyFactor('email', {
      stateToken: login.stateToken ?? '',
      emailData: { code },
    });
    expect(passed.state).toBe('SUCCESS');
    await expect(
      client.identity.verifyFactor('email', { stateToken: 'not-a-state', emailData: { code } }),
    ).rejects.toMatchObject({ code: 'INVALID_STATE_TOKEN' });
    const { identity: off } = await client.memberFactors.setEmailFactor(false);
    expect(off.factors).toContainEqual(expect.objectContaining({ type: 'EMAIL', status: 'INACTIVE' }));
    expect((await client.identity.loginV2({ email: address }, { password: PASSWORD })).state).toBe('SUCCESS');
    const { identity: removed } = await client.memberFactors.removeFactor('EMAIL');
    expect(removed.factors.map((f) => f.type)).toEqual(['PASSWORD']);
  });

  it('refuses a visitor (UNAUTHENTICATED) and an unknown factor type', async () => {
    const visitor = kit.shop({ memberFactors });
    const error = await caught(visitor.memberFactors.enrolTotp());
    expect(error).toBeInstanceOf(MerxApplicationError);
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    const { client } = await signedInMember();
    await expect(client.memberFactors.removeFactor('SMS' as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(client.memberFactors.activateTotp('123456')).rejects.toMatchObject({ code: 'FACTOR_NOT_FOUND' });
  });
});

describe('the inventory log and abandoned checkouts', () => {
  const line = (productId: string, quantity = 1) => ({
    catalogReference: { appId: STORES_APP_ID, catalogItemId: productId, options: { variantId: DEFAULT_VARIANT_ID } },
    quantity,
  });
  /** A visitor's checkout ready for an order. */
  async function openCheckout(productId: string, buyer: string, quantity = 1) {
    const shop = kit.shop({ checkout });
    const { checkout: c } = await shop.checkout.createCheckout({
      lineItems: [line(productId, quantity)],
      checkoutInfo: {
        buyerInfo: { email: buyer },
        shippingInfo: {
          shippingDestination: { address: NEW_YORK },
          selectedCarrierServiceOption: { code: shippingCode },
        },
      },
    });
    return { shop, checkoutId: c.id };
  }

  it('logs manual stock changes, an order and its restock, filtered by product, cause and order', async () => {
    const admin = kit.admin({ products, orders, inventoryChanges });
    const { product } = await admin.products.createProduct({
      name: unique('Vase '),
      priceData: { price: 30 },
      stock: { trackInventory: true, quantity: 10 },
    });
    await admin.products.updateProduct(product.id, { stock: { trackInventory: true, quantity: 7 } });
    const { shop, checkoutId } = await openCheckout(product.id, 'stock@example.com', 2);
    const { orderId } = await shop.checkout.createOrder(checkoutId, { paymentMethod: 'offline' });
    await admin.orders.cancelOrder(orderId, { restockAllItems: true });

    const log = await admin.inventoryChanges
      .queryInventoryChanges()
      .eq('productId', product.id)
      .ascending('createdDate')
      .find();
    expect(log.items.map((c) => [c.delta, c.quantityAfter, c.cause, c.orderId])).toEqual([
      [10, 10, 'MANUAL', undefined],
      [-3, 7, 'MANUAL', undefined],
      [-2, 5, 'ORDER', orderId],
      [2, 7, 'REVERT_INVENTORY_CHANGE', orderId],
    ]);
    expect(log.totalCount).toBe(4);
    const byOrder = await admin.inventoryChanges
      .queryInventoryChanges()
      .eq('orderId', orderId)
      .eq('cause', 'ORDER')
      .find();
    expect(byOrder.items.map((c) => c.delta)).toEqual([-2]);

    const first = await admin.inventoryChanges
      .queryInventoryChanges('cursor')
      .eq('productId', product.id)
      .limit(2)
      .find();
    const rest = await first.next();
    expect(first.items.length + rest.items.length).toBe(4);
    await expect(rest.next()).rejects.toThrow('No next page to fetch');
  });

  it('refuses an unknown filter field, a key without catalog:read, and a storefront client', async () => {
    const admin = kit.admin({ inventoryChanges });
    const error = await caught(admin.inventoryChanges.queryInventoryChanges().eq('colour', 'red').find());
    expect(error).toBeInstanceOf(MerxValidationError);
    const other = await scopedAdmin(['orders:read'], { inventoryChanges });
    await expect(other.inventoryChanges.queryInventoryChanges().find()).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    await expect(kit.shop({ inventoryChanges }).inventoryChanges.queryInventoryChanges().find()).rejects.toMatchObject({
      code: 'ELEVATED_CLIENT_REQUIRED',
    });
  });

  it('finds abandoned checkouts after the sweep: get, query, search, activities, redirect, analytics, recovery, delete', async () => {
    const admin = kit.admin({ products, abandonedCheckouts });
    const { product } = await admin.products.createProduct({ name: unique('Bowl '), priceData: { price: 20 } });
    const buyer = `${unique('left')}@example.com`;
    const left = await openCheckout(product.id, buyer);
    const other = await openCheckout(product.id, `${unique('also')}@example.com`);
    const third = await openCheckout(product.id, `${unique('third')}@example.com`);
    expect(
      await kit.server.services.abandoned.abandonment.sweep(new Date(Date.now() + 2 * 3600_000)),
    ).toBeGreaterThanOrEqual(3);

    const page = await admin.abandonedCheckouts.queryAbandonedCheckouts().eq('checkoutId', left.checkoutId).find();
    expect(page.items).toHaveLength(1);
    const abandoned = page.items[0];
    expect(abandoned).toMatchObject({
      checkoutId: left.checkoutId,
      status: 'ABANDONED',
      buyerInfo: { email: buyer },
      totalPrice: { amount: '25' },
    });
    const id = abandoned?.id ?? '';
    expect((await admin.abandonedCheckouts.getAbandonedCheckout(id)).abandonedCheckout.id).toBe(id);
    const found = await admin.abandonedCheckouts.searchAbandonedCheckouts({
      search: { expression: buyer.slice(0, 12) },
    });
    expect(found.abandonedCheckouts.map((a) => a.id)).toEqual([id]);
    const noted = await admin.abandonedCheckouts.addAbandonedCheckoutActivity(id, 'EMAIL_SENT');
    expect(noted.abandonedCheckout.activities.map((a) => a.type)).toEqual(['EMAIL_SENT']);
    expect((await admin.abandonedCheckouts.redirectToCheckout(id)).redirectUrl).toContain(left.checkoutId);

    // The buyer comes back and places the order: RECOVERED, with the order. (A checkout younger than a few minutes
    // is never recovered: this one is made older, as time would.)
    await kit.server.merx.db
      .updateTable('checkouts')
      .set({ created_date: new Date(Date.now() - 3600_000).toISOString() })
      .where('id', '=', left.checkoutId)
      .execute();
    const { orderId } = await left.shop.checkout.createOrder(left.checkoutId, { paymentMethod: 'offline' });
    const recovered = (await admin.abandonedCheckouts.getAbandonedCheckout(id)).abandonedCheckout;
    expect(recovered).toMatchObject({ status: 'RECOVERED', orderId });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const analytics = await admin.abandonedCheckouts.getAbandonedCheckoutAnalytics({
      startDate: day(-1),
      endDate: day(1),
      metrics: ['RECOVERED_CHECKOUT_COUNT', 'RECOVERABLE_CHECKOUT_COUNT'],
    });
    expect(analytics.recoveredCheckoutCount).toBeGreaterThanOrEqual(1);
    expect(analytics.recoverableCheckoutCount).toBeGreaterThanOrEqual(2);

    const ids = (
      await admin.abandonedCheckouts
        .queryAbandonedCheckouts()
        .in('checkoutId', [other.checkoutId, third.checkoutId])
        .find()
    ).items.map((a) => a.id);
    expect(ids).toHaveLength(2);
    expect(await admin.abandonedCheckouts.deleteAbandonedCheckout(ids[0] ?? '')).toEqual({});
    const bulk = await admin.abandonedCheckouts.bulkDeleteAbandonedCheckouts([ids[0] ?? '', ids[1] ?? '']);
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(bulk.results.map((r) => r.itemMetadata.success)).toEqual([false, true]);
    await expect(admin.abandonedCheckouts.getAbandonedCheckout(randomUUID())).rejects.toMatchObject({
      code: 'ABANDONED_CHECKOUT_NOT_FOUND',
      status: 404,
    });
  });

  it('refuses bad analytics dates, an unknown activity type, and a storefront client', async () => {
    const admin = kit.admin({ abandonedCheckouts });
    const dates = (await caught(
      admin.abandonedCheckouts.getAbandonedCheckoutAnalytics({ startDate: '2026-02-01', endDate: '2026-01-01' }),
    )) as MerxValidationError;
    expect(dates).toBeInstanceOf(MerxValidationError);
    expect(dates.violations.map((v) => v.field)).toEqual(['endDate']);
    const activity = await caught(admin.abandonedCheckouts.addAbandonedCheckoutActivity('x', 'CALLED' as never));
    expect(activity).toBeInstanceOf(MerxValidationError);
    await expect(admin.abandonedCheckouts.redirectToCheckout('missing')).rejects.toMatchObject({
      code: 'ABANDONED_CHECKOUT_NOT_FOUND',
    });
    await expect(
      kit.shop({ abandonedCheckouts }).abandonedCheckouts.queryAbandonedCheckouts().find(),
    ).rejects.toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });
  });
});
