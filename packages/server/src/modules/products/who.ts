import { type EventIdentity, identityOf, unknownIdentity } from '../../events/identity.js';
import type { Caller } from '../../http/auth.js';

/**
 * Who made a catalog change, as a service method takes it (a trailing optional parameter): the request's caller, or
 * an identity already known (the starter of a product import). Absent for the store's own work (the demo seed).
 */
export type Who = Caller | EventIdentity;

/** The identity the change's events name: UNKNOWN when no one is given. */
export function identityOfWho(who: Who | undefined): EventIdentity {
  return identityOf(who ?? unknownIdentity);
}
