import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller } from '../module.js';

const PATH = '/_api/merx/v1/member-settings';

/** Whose captcha the store asks for: one verify protocol, three widgets. */
export type CaptchaProvider = c.MemberSettings['captchaProvider'];
/**
 * How members join, as staff read it: the sign-up policy, email verification, and the captcha (provider, the two
 * public site keys of spec section 9, and whether a secret is set; the secret itself is never returned).
 */
export type MemberSettings = c.MemberSettings;
/** What staff may change; `captchaSecret` is write-only (`null` or "" removes the stored one). */
export type MemberSettingsUpdate = c.MemberSettingsUpdate;

type One = { settings: MemberSettings };

/** How members join (sign-up policy, email verification, captcha): elevated only (`members:read`, `members:manage`). */
export function memberSettings(transport: Transport) {
  const call = caller(transport, 'memberSettings');
  return {
    getMemberSettings: (o?: CallOptions) =>
      call<One>('getMemberSettings', { method: 'GET', path: PATH, args: [], options: o, elevated: true }),
    updateMemberSettings: (settings: MemberSettingsUpdate, o?: CallOptions) =>
      call<One>('updateMemberSettings', {
        method: 'PATCH',
        path: PATH,
        body: { settings },
        // The secret never rides on an error's request arguments.
        args: [{ ...settings, ...(settings.captchaSecret ? { captchaSecret: '<redacted>' } : {}) }],
        options: o,
        elevated: true,
      }),
  };
}

export type MemberSettingsModule = ReturnType<typeof memberSettings>;
