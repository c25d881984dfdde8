import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type In, type Out } from '../module.js';

const PATH = '/_api/merx/v1/member-settings';

export type MemberSettings = c.MemberSettings;
type One = Out<typeof c.memberSettingsResponse>;

/** How members join (sign-up policy, email verification, captcha): elevated only (`members:read`, `members:manage`). */
export function memberSettings(transport: Transport) {
  const call = caller(transport, 'memberSettings');
  return {
    getMemberSettings: (o?: CallOptions) =>
      call<One>('getMemberSettings', { method: 'GET', path: PATH, args: [], options: o, elevated: true }),
    updateMemberSettings: (settings: In<typeof c.updateMemberSettingsRequest>['settings'], o?: CallOptions) =>
      call<One>('updateMemberSettings', {
        method: 'PATCH',
        path: PATH,
        body: { settings },
        args: [settings],
        options: o,
        elevated: true,
      }),
  };
}

export type MemberSettingsModule = ReturnType<typeof memberSettings>;
