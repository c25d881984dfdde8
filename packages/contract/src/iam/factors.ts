import { z } from 'zod';

/** What starting TOTP enrolment gives (`POST /_api/merx/v1/members/me/factors/totp`): the secret to scan. */
export const totpEnrolment = z.object({
  factorId: z.string(),
  /** Base32, as authenticator apps take it. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** A QR code of `otpauthUrl`, as SVG markup. */
  qrCodeSvg: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
/** The second factors a member turns on and off themself. */
export const memberFactorTypes = ['TOTP', 'EMAIL'] as const;
export type MemberFactorType = (typeof memberFactorTypes)[number];
