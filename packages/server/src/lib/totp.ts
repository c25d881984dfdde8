import { Secret, TOTP } from 'otpauth';

/** RFC 6238 codes: SHA-1, 6 digits, 30-second steps (what authenticator apps expect). */
function totpOf(secretBase32: string, issuer = 'Merx', label = 'member'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step a code belongs to (within one step either side), or null when it matches none. */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code.trim())) return null;
  const delta = totpOf(secretBase32).validate({ token: code.trim(), timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 30_000) + delta;
}

/** The current code (tests and the enrolment screen's self-check). */
export function totpCode(secretBase32: string, now: Date): string {
  return totpOf(secretBase32).generate({ timestamp: now.getTime() });
}

export async function totpEnrolment(secretBase32: string, issuer: string, account: string) {
  const otpauthUrl = totpOf(secretBase32, issuer, account).toString();
  // Only enrolment draws a QR code: the package is loaded then, not by every server at start.
  const { default: QRCode } = await import('qrcode');
  return { secret: secretBase32, otpauthUrl, qrCodeSvg: await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 }) };
}
