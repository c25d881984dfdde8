import { z } from 'zod';

/*
 * Merx's own back-office APIs (no Wix counterpart): store settings, member settings, staff accounts and the mail
 * outbox. The server validates with its own copies of these shapes; these are what the SDK is typed from.
 */

// ---------- store settings (`/_api/merx/v1/store-settings`) ----------

export const storeSettings = z.object({
  name: z.string(),
  /** Fixed once the store exists (prices are kept in its minor units). */
  currency: z.string(),
  locale: z.string(),
  /** A path on the store's own origin, e.g. `/media/logo.svg`. */
  logoUrl: z.string().optional(),
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
  /** Ask for a captcha token on register and login. */
  captchaEnabled: z.boolean(),
});
export type MemberSettings = z.infer<typeof memberSettings>;
export const memberSettingsResponse = z.object({ settings: memberSettings });
export const updateMemberSettingsRequest = z.object({ settings: memberSettings.partial() });

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

const permission = z.string().regex(/^[a-z-]+:[a-z-*]+$/, 'must look like area:action');

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  /** `['*']` for owners and admins; a staff account's own list (`orders:read`, `catalog:*`, …). */
  permissions: z.array(z.string()),
  status: z.string(),
  name: z.string(),
  lastLoginDate: z.string().nullable(),
  createdDate: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const listStaffResponse = z.object({ staff: z.array(staffMember) });
export const staffMemberResponse = z.object({ staff: staffMember });
/** Only owners invite owners; the link is mailed and answered. */
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

// ---------- mail outbox (`/_api/merx/v1/mail-messages`) ----------

export const mailKinds = [
  'verification-code',
  'recovery-link',
  'activation-link',
  'staff-invitation',
  'factor-code',
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
