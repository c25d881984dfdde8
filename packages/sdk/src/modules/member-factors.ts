import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller } from '../module.js';

const BASE = '/_api/merx/v1/members/me/factors';

type One = { identity: c.Identity };

/** What starting TOTP enrolment gives: the secret, its otpauth URL and a QR code (SVG markup) to scan. */
export type TotpEnrolment = c.TotpEnrolment;

/** The signed-in member's second factors (`/_api/merx/v1/members/me/factors`): TOTP and emailed codes. */
export function memberFactors(transport: Transport) {
  const call = caller(transport, 'memberFactors');
  return {
    /** Starts TOTP enrolment; the factor is on once `activateTotp` gets a current code. */
    enrolTotp: (o?: CallOptions) =>
      call<TotpEnrolment>('enrolTotp', { method: 'POST', path: `${BASE}/totp`, body: {}, args: [], options: o }),
    /** Turns TOTP on with a code from the authenticator app. */
    activateTotp: (code: string, o?: CallOptions) =>
      call<One>('activateTotp', {
        method: 'POST',
        path: `${BASE}/totp/activate`,
        body: { code },
        args: [code],
        options: o,
      }),
    /** Turns emailed sign-in codes on or off. */
    setEmailFactor: (enabled: boolean, o?: CallOptions) =>
      call<One>('setEmailFactor', {
        method: 'POST',
        path: `${BASE}/email`,
        body: { enabled },
        args: [enabled],
        options: o,
      }),
    /** Removes a second factor. */
    removeFactor: (factorType: c.MemberFactorType, o?: CallOptions) =>
      call<One>('removeFactor', {
        method: 'DELETE',
        path: fillPath(`${BASE}/{factorType}`, { factorType }),
        args: [factorType],
        options: o,
      }),
  };
}

export type MemberFactorsModule = ReturnType<typeof memberFactors>;
