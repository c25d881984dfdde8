import type { Caller } from '../http/auth.js';

/**
 * Who made a change, as the contract's event metadata names it (spec section 6: ANONYMOUS_VISITOR, MEMBER, WIX_USER
 * for staff, APP for API keys); UNKNOWN for the store's own work (seeding, housekeeping).
 */
export type EventIdentity =
  | { identityType: 'ANONYMOUS_VISITOR'; anonymousVisitorId: string }
  | { identityType: 'MEMBER'; memberId: string }
  | { identityType: 'WIX_USER'; wixUserId: string }
  | { identityType: 'APP'; appId: string }
  | { identityType: 'UNKNOWN' };

export function identityOf(caller: Caller): EventIdentity {
  switch (caller.kind) {
    case 'visitor':
      return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: caller.visitorId };
    case 'member':
      return { identityType: 'MEMBER', memberId: caller.memberId };
    case 'staff':
      return { identityType: 'WIX_USER', wixUserId: caller.staffId };
    case 'apiKey':
      return { identityType: 'APP', appId: caller.keyId };
    default:
      return { identityType: 'UNKNOWN' };
  }
}
