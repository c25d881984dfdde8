import type { EventIdentity } from '@merx/contract';
import type { Caller } from '../http/auth.js';

/**
 * Who made a change, as the contract's event metadata names it (spec section 6: ANONYMOUS_VISITOR, MEMBER, WIX_USER
 * for staff, APP for API keys); UNKNOWN for the store's own work (seeding, housekeeping).
 */
export type { EventIdentity };

export const unknownIdentity: EventIdentity = Object.freeze({ identityType: 'UNKNOWN' });

/**
 * Who made a change, as a service method takes it (a trailing optional parameter): the request's caller, or an
 * identity already known (a product import names who started it); absent for the store's own work.
 */
export type Who = Caller | EventIdentity;

/** The identity a change's events name: UNKNOWN when no one is given. */
export function identityOf(who: Who | undefined): EventIdentity {
  if (who === undefined) return unknownIdentity;
  if ('identityType' in who) return who;
  const caller = who;
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

/** The identity of an actor as the inventory log records one (`STAFF`, `API_KEY`, a shopper, or the store itself). */
export function identityOfActor(actor: { kind: string; id?: string | undefined }): EventIdentity {
  if (actor.id === undefined) return { identityType: 'UNKNOWN' };
  switch (actor.kind) {
    case 'STAFF':
      return { identityType: 'WIX_USER', wixUserId: actor.id };
    case 'API_KEY':
      return { identityType: 'APP', appId: actor.id };
    case 'MEMBER':
      return { identityType: 'MEMBER', memberId: actor.id };
    case 'VISITOR':
      return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: actor.id };
    default:
      return { identityType: 'UNKNOWN' };
  }
}
