import { errorCodes } from '@merx/contract';
import { AppError } from '@merx/domain';
import { type Caller, mayGrant, type StaffRole } from '../../http/auth.js';

/*
 * Who may give whom which access. Nobody grants a role or permission they do not hold; nobody changes their own
 * role or permissions; only an owner makes, changes or removes owners; nobody changes or removes an account that
 * holds more than they do. (The last owner staying is checked in the transaction of the change.)
 */

/**
 * The store's own machine (the command line): it acts as an owner, the way to add an owner when none can sign in.
 * Invitations it sends name `system` as their inviter.
 */
export const machineOwner: Caller = {
  kind: 'staff',
  staffId: 'system',
  role: 'owner',
  permissions: ['*'],
  clientId: '',
  tokenId: '',
};

/** A role with the permissions that come with it (`['*']` for owners and admins). */
export interface Grant {
  role: StaffRole;
  permissions: readonly string[];
}

const denied = (message: string, data: Record<string, unknown> = {}) =>
  new AppError('PERMISSION_DENIED', errorCodes.permissionDenied, message, data);

const isOwner = (caller: Caller) => caller.kind === 'staff' && caller.role === 'owner';

/** The permissions of `grant` the caller does not hold (an owner's role only an owner holds). */
export function beyondCaller(caller: Caller, grant: Grant): string[] {
  if (grant.role === 'owner') return isOwner(caller) ? [] : ['owner'];
  if (grant.role === 'admin') return mayGrant(caller, '*') ? [] : ['*'];
  return grant.permissions.filter((p) => !mayGrant(caller, p));
}

/** Throws unless the caller may give `grant` to someone (an invitation, a new role). */
export function assertMayGrant(caller: Caller, grant: Grant): void {
  const missing = beyondCaller(caller, grant);
  if (missing.length === 0) return;
  if (grant.role === 'owner') throw denied('Only an owner can make another owner', { role: grant.role });
  if (grant.role === 'admin') throw denied('Only an owner or an admin can make an admin', { role: grant.role });
  throw denied(`You cannot give permissions you do not hold: ${missing.join(', ')}`, { permissions: missing });
}

/** Throws unless the caller may change or remove the account `targetId` that holds `current`. */
export function assertMayChange(caller: Caller, targetId: string, current: Grant, change: 'change' | 'remove'): void {
  if (change === 'change' && caller.kind === 'staff' && caller.staffId === targetId) {
    throw denied('You cannot change your own role or permissions');
  }
  if (current.role === 'owner' && !isOwner(caller)) throw denied(`Only an owner can ${change} an owner`);
  if (beyondCaller(caller, current).length > 0) {
    throw denied(`You cannot ${change} an account that holds permissions you do not`, { staffId: targetId });
  }
}
