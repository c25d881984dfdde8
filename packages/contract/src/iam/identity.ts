import { z } from 'zod';

/** Application error codes of the sign-in flow (string codes, as the contract's clients compare them). */
export const iamErrorCodes = {
  invalidPassword: '-19976',
  emailAlreadyExists: '-19995',
  resetPassword: '-19973',
  missingCaptchaToken: '-19971',
  invalidCaptchaToken: '-19970',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  memberBlocked: 'MEMBER_BLOCKED',
  invalidStateToken: 'INVALID_STATE_TOKEN',
  invalidCode: 'INVALID_VERIFICATION_CODE',
  invalidRecoveryToken: 'INVALID_RECOVERY_TOKEN',
  identityNotFound: 'IDENTITY_NOT_FOUND',
  factorNotFound: 'FACTOR_NOT_FOUND',
  invalidSessionToken: 'INVALID_SESSION_TOKEN',
  /** Staff asked a member's status to change in a way it cannot from where it is (approve a blocked member…). */
  memberStatusTransitionNotAllowed: 'MEMBER_STATUS_TRANSITION_NOT_ALLOWED',
} as const;

export const identityStatuses = ['PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE'] as const;
export const emailTags = ['UNTAGGED', 'MAIN', 'HOME', 'WORK'] as const;
export const phoneTags = ['UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX'] as const;
export const addressTags = ['UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING'] as const;
export const privacyStatuses = ['UNDEFINED', 'PUBLIC', 'PRIVATE'] as const;
export const factorTypes = ['PASSWORD', 'SMS', 'CALL', 'EMAIL', 'TOTP', 'PUSH'] as const;

const text = (max: number) => z.string().max(max);

const streetAddress = z.object({ name: text(200).optional(), number: text(50).optional(), apt: text(50).optional() });

export const addressSchema = z.object({
  country: text(2).nullish(),
  subdivision: text(10).nullish(),
  city: text(200).nullish(),
  postalCode: text(50).nullish(),
  addressLine: text(500).nullish(),
  addressLine1: text(500).nullish(),
  addressLine2: text(500).nullish(),
  formattedAddress: text(1000).nullish(),
  streetAddress: streetAddress.nullish(),
  geocode: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).nullish(),
});

const customValue = z.object({
  strValue: text(2000).optional(),
  numValue: z.number().finite().optional(),
  dateValue: z.iso.datetime({ offset: true }).optional(),
  boolValue: z.boolean().optional(),
});

export const identityProfileSchema = z.object({
  firstName: text(100).nullish(),
  lastName: text(100).nullish(),
  nickname: text(100).nullish(),
  picture: text(2000).nullish(),
  language: text(20).nullish(),
  company: text(200).nullish(),
  position: text(200).nullish(),
  birthdate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
    .nullish(),
  privacyStatus: z.enum(privacyStatuses).optional(),
  labels: z.array(text(100)).max(50).optional(),
  secondaryEmails: z
    .array(z.object({ email: z.email().max(254), tag: z.enum(emailTags).optional() }))
    .max(20)
    .optional(),
  phonesV2: z
    .array(z.object({ countryCode: text(5).nullish(), phone: text(30), tag: z.enum(phoneTags).optional() }))
    .max(20)
    .optional(),
  addresses: z
    .array(z.object({ address: addressSchema, tag: z.enum(addressTags).optional() }))
    .max(20)
    .optional(),
  customFields: z
    .array(z.object({ name: text(100), value: customValue }))
    .max(100)
    .optional(),
  subscription: z.boolean().nullish(),
});

export type IdentityProfile = z.infer<typeof identityProfileSchema>;

const loginId = z.object({ email: z.string().max(254) });
const captchaTokens = z
  .array(z.object({ Recaptcha: z.string().max(4000).optional(), InvisibleRecaptcha: z.string().max(4000).optional() }))
  .max(5)
  .optional();

export const registerRequest = z.object({
  loginId,
  password: z.string().max(1000),
  profile: identityProfileSchema.optional(),
  captchaTokens,
  clientMetaData: z.record(z.string(), z.unknown()).optional(),
});
export const loginRequest = z.object({
  loginId,
  password: z.string().max(1000),
  captchaTokens,
  clientMetaData: z.record(z.string(), z.unknown()).optional(),
});
export const changePasswordRequest = z.object({ newPassword: z.string().max(1000) });
export const signOnRequest = z.object({
  loginId,
  profile: identityProfileSchema.optional(),
  verifyEmail: z.boolean().optional(),
  mergeExistingContact: z.boolean().optional(),
});
export const logoutQuery = z.object({
  postLogoutRedirectUri: z.string().max(2000).optional(),
  clientId: z.string().max(200).optional(),
});
export const validateEmailRequest = z.object({ email: z.string().max(1000) });
export const sendRecoveryEmailRequest = z.object({
  email: z.string().max(1000),
  language: z.string().max(20).optional(),
  redirect: z.object({ url: z.string().max(2000).optional(), clientId: z.string().max(200).optional() }).optional(),
});
export const activationEmailRequest = z.object({
  identityId: z.string().max(200),
  emailOptions: z
    .object({
      redirect: z.object({ url: z.string().max(2000).optional(), clientId: z.string().max(200).optional() }).optional(),
    })
    .passthrough()
    .optional(),
});
export const recoverRequest = z.object({ recoveryToken: z.string().max(500), password: z.string().max(1000) });
export const verificationStartRequest = z.object({
  identityId: z.string().max(200),
  target: z.enum(['EMAIL']).optional(),
});
export const verifyDuringAuthRequest = z.object({ code: z.string().max(20), stateToken: z.string().max(500) });
export const resendDuringAuthRequest = z.object({ stateToken: z.string().max(500) });
export const factorVerifyRequest = z.object({
  stateToken: z.string().max(500),
  rememberThisDevice: z.boolean().optional(),
  emailData: z.object({ code: z.string().max(20) }).optional(),
  totpData: z.object({ code: z.string().max(20) }).optional(),
  smsData: z.object({ code: z.string().max(20) }).optional(),
  callData: z.object({ code: z.string().max(20) }).optional(),
  pushData: z.object({}).passthrough().optional(),
});

/** The identity as the contract sends it. */
export const identitySchema = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  identityProfile: z.record(z.string(), z.unknown()),
  email: z.object({ address: z.string(), isVerified: z.boolean() }),
  status: z.object({ name: z.enum(identityStatuses), reasons: z.array(z.string()) }),
  factors: z.array(z.object({ factorId: z.string(), type: z.string(), status: z.string() })),
  metadata: z.object({ tags: z.array(z.string()) }),
  /** Merx: when the identity last signed in (absent until it has). */
  lastLoginDate: z.string().optional(),
});
export type Identity = z.infer<typeof identitySchema>;

export const stateResponse = z.object({
  state: z.enum(['SUCCESS', 'REQUIRE_OWNER_APPROVAL', 'REQUIRE_EMAIL_VERIFICATION', 'STATUS_CHECK', 'REQUIRE_MFA']),
  sessionToken: z.string().optional(),
  stateToken: z.string().optional(),
  identity: identitySchema.optional(),
  additionalData: z.record(z.string(), z.unknown()).optional(),
});
export type StateResponse = z.infer<typeof stateResponse>;
