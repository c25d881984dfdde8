import { z } from 'zod';
import { apiKeyScope, staffPermission } from './permissions.js';

/*
 * Merx's own back-office APIs (no Wix counterpart): store settings, member settings, staff accounts and the mail
 * outbox. The server validates with its own copies of these shapes; these are what the SDK is typed from.
 */

// ---------- store settings (`/_api/merx/v1/store-settings`) ----------

/** The business's address: ISO 3166-1 alpha-2 country, ISO 3166-2 subdivision (`US-NY`). */
export const businessAddress = z.object({
  addressLine: z.string().trim().min(1).max(200),
  addressLine2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1).max(100),
  subdivision: z
    .string()
    .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'must be an ISO 3166-2 code such as US-NY')
    .optional(),
  postalCode: z.string().trim().max(20).optional(),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as US'),
});
export type BusinessAddress = z.infer<typeof businessAddress>;

/** The catalog a store runs, as @wix/stores' catalogVersioning answers it. */
export const catalogVersion = z.enum(['V1_CATALOG', 'V3_CATALOG']);
export type CatalogVersion = z.infer<typeof catalogVersion>;

export const storeSettings = z.object({
  name: z.string(),
  /** Fixed once the store exists (prices are kept in its minor units). */
  currency: z.string(),
  locale: z.string(),
  /** A path on the store's own origin, e.g. `/media/logo.svg`. */
  logoUrl: z.string().optional(),
  /** How shoppers and carriers reach the business (packing slips, the back office). */
  email: z.string().optional(),
  phone: z.string().optional(),
  address: businessAddress.optional(),
  /** Which catalog the store runs (`GET /stores/v3/provision/version`); both stay readable. */
  catalogVersion: catalogVersion.optional(),
});
export type StoreSettings = z.infer<typeof storeSettings>;
export const storeSettingsResponse = z.object({ store: storeSettings });
export const updateStoreSettingsRequest = z.object({
  store: z
    .object({
      name: z.string().trim().min(1).max(100),
      locale: z.string().regex(/^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2}|-\d{3})?$/, 'must be a locale such as en-US'),
      /** `null` removes the logo. */
      logoUrl: z
        .string()
        .max(500)
        .regex(/^\/(?!\/)[^\s"'<>]*$/, 'must be a path on the store, such as /media/logo.svg')
        .nullable(),
      /** `null` removes each of these. */
      email: z.string().trim().toLowerCase().email('must be an email address').max(254).nullable(),
      phone: z
        .string()
        .trim()
        .max(30)
        .regex(/^\+?[0-9 ().-]{3,}$/, 'must be a phone number such as +1 212 555 0100')
        .nullable(),
      address: businessAddress.strict().nullable(),
      catalogVersion,
    })
    .partial()
    .strict(),
});
export type StoreSettingsPatch = z.input<typeof updateStoreSettingsRequest>['store'];

// ---------- member settings (`/_api/merx/v1/member-settings`) ----------

/** How members join the store. */
export const memberSettings = z.object({
  /** OPEN: new members can sign in at once; OWNER_APPROVAL: staff approve each new member. */
  signUpPolicy: z.enum(['OPEN', 'OWNER_APPROVAL']),
  /** New members confirm their email with a code before they can sign in. */
  requireEmailVerification: z.boolean(),
  /** Ask members for a captcha on register and login (hosted pages and `/v2/register`, `/v2/login`). */
  captchaEnabled: z.boolean(),
  /** Whose captcha: one verify protocol, three widgets (docs/decisions/0036-captcha.md). */
  captchaProvider: z.enum(['recaptcha', 'hcaptcha', 'turnstile']),
  /** The invisible check's public site key ("" when not set). */
  captchaInvisibleSiteKey: z.string(),
  /** The visible challenge's public site key ("" when not set; required while captcha is on). */
  captchaVisibleSiteKey: z.string(),
  /** A secret is stored (sealed) in the settings; the secret itself is never returned. */
  captchaSecretSet: z.boolean(),
  /** The server's environment supplies a secret (used when the settings hold none). */
  captchaSecretFromEnvironment: z.boolean(),
});
export type MemberSettings = z.infer<typeof memberSettings>;
export const memberSettingsResponse = z.object({ settings: memberSettings });
/** What staff may change; `captchaSecret` is write-only (`null` or "" removes the stored one). */
export const updateMemberSettingsRequest = z.object({
  settings: memberSettings
    .omit({ captchaSecretSet: true, captchaSecretFromEnvironment: true })
    .partial()
    .extend({ captchaSecret: z.string().nullable().optional() }),
});
export type MemberSettingsUpdate = z.input<typeof updateMemberSettingsRequest>['settings'];

// ---------- identity providers (`/_api/merx/v1/identity-providers`, docs/decisions/0038-member-sso.md) ----------

/** An OpenID Connect identity provider members may sign in with, as staff read it (the client secret never is). */
export const identityProvider = z.object({
  id: z.string(),
  /** Shown on the sign-in page as "Continue with <name>". */
  name: z.string(),
  /** The issuer URL (its `/.well-known/openid-configuration` is read when saving). */
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  scopes: z.array(z.string()),
  enabled: z.boolean(),
  /** The redirect URI to register at the provider. */
  callbackUrl: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  revision: z.number(),
});
export type IdentityProvider = z.infer<typeof identityProvider>;
const identityProviderFields = {
  name: z.string().trim().min(1).max(100),
  issuer: z.string().trim().min(1).max(500),
  clientId: z.string().trim().min(1).max(500),
  /** Write-only; omitted: kept; null or "": removed (a public client). */
  clientSecret: z.string().max(2000).nullable().optional(),
  /** Defaults to `openid email profile`; must include `openid`. */
  scopes: z.array(z.string().min(1).max(100)).min(1).max(20).optional(),
  enabled: z.boolean().optional(),
};
/** What staff send to add a provider. */
export const identityProviderInput = z.object(identityProviderFields);
export type IdentityProviderInput = z.input<typeof identityProviderInput>;
/** What staff send to change one: every field optional. */
export const identityProviderPatch = identityProviderInput.partial();
export type IdentityProviderPatch = z.input<typeof identityProviderPatch>;

// ---------- staff (`/_api/merx/v1/staff`) ----------

export const staffRoles = ['owner', 'admin', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffErrorCodes = {
  notFound: 'STAFF_NOT_FOUND',
  alreadyExists: 'STAFF_ALREADY_EXISTS',
  /** The store must keep at least one owner. */
  lastOwner: 'LAST_OWNER',
  invitationNotValid: 'INVITATION_NOT_VALID',
} as const;

const permission = staffPermission;

/** A second factor a staff member set up: an authenticator app (TOTP) or emailed codes, on or not yet. */
export const staffFactor = z.object({ type: z.enum(['TOTP', 'EMAIL']), status: z.enum(['ACTIVE', 'INACTIVE']) });
export type StaffFactor = z.infer<typeof staffFactor>;

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  /** `['*']` for owners and admins; a staff account's own list (`orders:read`, `catalog:*`, …). */
  permissions: z.array(z.string()),
  status: z.string(),
  /** First and last name, or the email when the person gave none. */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  factors: z.array(staffFactor),
  lastLoginDate: z.string().nullable(),
  createdDate: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const listStaffResponse = z.object({ staff: z.array(staffMember) });
export const staffMemberResponse = z.object({ staff: staffMember });
/** Nobody invites beyond their own access (only owners invite owners); the link is mailed and answered. */
export const inviteStaffRequest = z.object({
  email: z.email().max(254),
  role: z.enum(staffRoles),
  permissions: z.array(permission).max(50).optional(),
});
export const inviteStaffResponse = z.object({ invitationId: z.string(), url: z.string() });
export const updateStaffRequest = z.object({
  role: z.enum(staffRoles).optional(),
  permissions: z.array(permission).max(50).optional(),
});

// ---------- the signed-in staff member's own account (`/_api/merx/v1/staff/me`) ----------

/** Their own name (the email is the sign-in and stays). */
export const updateOwnStaffRequest = z
  .object({ firstName: z.string().trim().min(1).max(100), lastName: z.string().trim().max(100) })
  .partial()
  .strict();
/** A new password given the current one: the other sign-ins of the account end, the one asking stays. */
export const changeOwnPasswordRequest = z.object({
  currentPassword: z.string().min(1).max(1000),
  newPassword: z.string().max(1000),
});
/** Turning a second factor off asks for the password, so that an unattended sign-in cannot remove it. */
export const removeOwnFactorRequest = z.object({ currentPassword: z.string().min(1).max(1000) });
export const activateOwnTotpRequest = z.object({ code: z.string().max(20) });
export const staffFactorTypes = ['TOTP', 'EMAIL'] as const;
export const staffAccountErrorCodes = {
  /** Enrolling an authenticator app while one is on: remove it first. */
  factorAlreadyActive: 'FACTOR_ALREADY_ACTIVE',
} as const;

export const staffInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  permissions: z.array(z.string()),
  /** The staff account or API key that sent it. */
  invitedBy: z.string(),
  createdDate: z.string(),
  expiresDate: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitation>;
export const listStaffInvitationsResponse = z.object({ invitations: z.array(staffInvitation) });

// ---------- API keys (`/_api/merx/v1/api-keys`) ----------

export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdDate: z.string(),
  revokedDate: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;
export const listApiKeysResponse = z.object({ apiKeys: z.array(apiKey) });
/** Never beyond the maker's own access; `members:sign-on` and `audit:read` only from an owner. */
export const createApiKeyRequest = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(apiKeyScope).min(1).max(50),
});
/** `key` is the secret, answered only here; `warnings` say what the scopes allow that deserves care. */
export const createApiKeyResponse = z.object({ apiKey, key: z.string(), warnings: z.array(z.string()) });

// ---------- audit trail (`/_api/merx/v1/audit-log`) ----------

const auditParty = z.object({ kind: z.string(), id: z.string().nullable(), name: z.string() });
export const auditEntry = z.object({
  id: z.string(),
  createdDate: z.string(),
  /** STAFF, API_KEY or SYSTEM (the command line). */
  actor: auditParty,
  /** `staff.invited`, `staff.updated`, `staff.removed`, `api-key.created`, `member.signed-on`, … */
  action: z.string(),
  target: auditParty,
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const listAuditLogRequest = z.object({
  action: z.string().max(100).optional(),
  actorId: z.string().max(200).optional(),
  targetId: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const listAuditLogResponse = z.object({
  entries: z.array(auditEntry),
  metadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
});

// ---------- mail outbox (`/_api/merx/v1/mail-messages`) ----------

export const mailKinds = [
  'verification-code',
  'recovery-link',
  'activation-link',
  'staff-invitation',
  'factor-code',
  'sign-in-link',
  'order-confirmation',
  'order-canceled',
  'order-shipped',
  'order-payment-reminder',
] as const;
export type MailKind = (typeof mailKinds)[number];
/** `kept`: no SMTP server is configured, the message is only in the outbox. */
export const mailStatuses = ['pending', 'sending', 'sent', 'failed', 'kept'] as const;

export const mailMessage = z.object({
  id: z.string(),
  kind: z.enum(mailKinds),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdDate: z.string(),
  sentDate: z.string().nullable(),
});
export type MailMessage = z.infer<typeof mailMessage>;
export const listMailMessagesRequest = z.object({
  to: z.string().min(1).max(320).optional(),
  kind: z.enum(mailKinds).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  offset: z.number().int().min(0).optional(),
});
export const listMailMessagesResponse = z.object({
  messages: z.array(mailMessage),
  metadata: z.object({ count: z.number().int(), offset: z.number().int() }),
});
export const mailMessageResponse = z.object({ message: mailMessage });
