import { errorCodes, namedOnlyPermissions } from '@merx/contract';
import { AppError } from '@merx/domain';

export type StaffRole = 'owner' | 'admin' | 'staff';

/** Who is calling: resolved from `Authorization` once per request, before anything else. */
export type Caller =
  | { kind: 'none' }
  /** An anonymous shopper holding a visitor token (anonymous grant). */
  | { kind: 'visitor'; visitorId: string; clientId: string }
  /** A signed-in member; `tokenId` is the refresh token the access token was issued under. */
  | { kind: 'member'; memberId: string; clientId: string; tokenId: string }
  /** A signed-in staff account of the back office. */
  | {
      kind: 'staff';
      staffId: string;
      role: StaffRole;
      permissions: readonly string[];
      clientId: string;
      tokenId: string;
    }
  | { kind: 'apiKey'; keyId: string; scopes: readonly string[] };

/**
 * What a route lets in; every route declares one (a test walks the route table):
 * - `public`: anyone, with or without a token;
 * - `identified`: a visitor, member, staff account or API key (carts and checkouts of the caller's own);
 * - `member`: a signed-in member only;
 * - `staff`: a signed-in staff account, whatever its permissions (its own account in the back office);
 * - `elevated`: an API key holding `scope`, or staff whose role grants it;
 * - `own-or-elevated`: a visitor or member (the handler gives them their own records only), or staff and API keys
 *   holding `scope` (every record);
 * - `self-or-elevated`: a signed-in member or staff account (the handler lets it act on its own identity only),
 *   or an API key holding `scope` (staff holding it may act on others too).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'identified' }
  | { kind: 'member' }
  | { kind: 'staff' }
  | { kind: 'elevated'; scope: string }
  | { kind: 'own-or-elevated'; scope: string }
  | { kind: 'self-or-elevated'; scope: string };

export const publicAccess: Access = { kind: 'public' };
export const identifiedAccess: Access = { kind: 'identified' };
export const memberAccess: Access = { kind: 'member' };
export const staffAccess: Access = { kind: 'staff' };
/** Shorthand for a route that needs an elevated caller holding `scope` (or `*`). */
export function elevated(scope: string): Access {
  return { kind: 'elevated', scope };
}

/** Shorthand for a route shoppers call about their own records and staff or keys holding `scope` about any. */
export function ownOrElevated(scope: string): Access {
  return { kind: 'own-or-elevated', scope };
}

/** Shorthand for a route a signed-in identity calls about itself, or a caller holding `scope` about anyone. */
export function selfOrElevated(scope: string): Access {
  return { kind: 'self-or-elevated', scope };
}

/**
 * True when the caller is the merchant's side (an API key or a staff account), not a shopper. What it may do is never
 * decided by this alone: routes declare their rule, handlers ask `hasScope`.
 */
export function isElevated(caller: Caller): boolean {
  return caller.kind === 'apiKey' || caller.kind === 'staff';
}

/** Scopes a staff role grants: owners and admins everything, staff what they were given. */
export function scopesOf(caller: Caller): readonly string[] {
  if (caller.kind === 'apiKey') return caller.scopes;
  if (caller.kind === 'staff') return caller.role === 'staff' ? caller.permissions : ['*'];
  return [];
}

const isNamedOnly = (scope: string) => (namedOnlyPermissions as readonly string[]).includes(scope);

/** True when `held` grants `scope` by name or through a wildcard (`*`, `area:*`). */
function grants(held: readonly string[], scope: string): boolean {
  return held.includes(scope) || held.includes('*') || held.includes(`${scope.split(':')[0]}:*`);
}

/**
 * Whether the caller holds `scope` (a permission, or an `area:*` wildcard). Named-only permissions come with no
 * wildcard: `audit:read` is an owner's (or a key's that names it), `members:sign-on` only a key's that names it.
 */
export function hasScope(caller: Caller, scope: string): boolean {
  if (caller.kind === 'apiKey')
    return isNamedOnly(scope) ? caller.scopes.includes(scope) : grants(caller.scopes, scope);
  if (caller.kind !== 'staff') return false;
  if (scope === 'audit:read') return caller.role === 'owner';
  return !isNamedOnly(scope) && grants(scopesOf(caller), scope);
}

/**
 * Whether the caller may give `permission` to a staff account or an API key: only what it holds itself; `*` only
 * when it holds everything; the named-only permissions only an owner (or a key holding them) may give.
 */
export function mayGrant(caller: Caller, permission: string): boolean {
  if (isNamedOnly(permission)) {
    return (
      (caller.kind === 'staff' && caller.role === 'owner') || (caller.kind === 'apiKey' && hasScope(caller, permission))
    );
  }
  if (permission === '*') return scopesOf(caller).includes('*');
  return hasScope(caller, permission);
}

/** A caller signed in as the wrong kind: 401 without any sign-in (none, a visitor), 403 for another kind. */
function refusedSignIn(caller: Caller, message: string): AppError {
  const anonymous = caller.kind === 'none' || caller.kind === 'visitor';
  return anonymous
    ? new AppError('UNAUTHENTICATED', errorCodes.unauthenticated, message)
    : new AppError('PERMISSION_DENIED', errorCodes.permissionDenied, message);
}

/** Throws unless `caller` satisfies `access`. */
export function assertAccess(caller: Caller, access: Access): void {
  switch (access.kind) {
    case 'public':
      return;
    case 'identified':
      if (caller.kind === 'none') {
        throw new AppError(
          'UNAUTHENTICATED',
          errorCodes.unauthenticated,
          'This call needs a visitor or member token in the Authorization header',
        );
      }
      return;
    case 'member':
      if (caller.kind !== 'member') throw refusedSignIn(caller, 'This call needs a signed-in member');
      return;
    case 'staff':
      if (caller.kind !== 'staff') throw refusedSignIn(caller, 'This call needs a staff sign-in');
      return;
    case 'own-or-elevated':
      if (caller.kind === 'visitor' || caller.kind === 'member') return;
      assertAccess(caller, { kind: 'elevated', scope: access.scope });
      return;
    case 'self-or-elevated':
      if (caller.kind === 'member' || caller.kind === 'staff') return;
      assertAccess(caller, { kind: 'elevated', scope: access.scope });
      return;
    case 'elevated':
      if (caller.kind === 'none' || caller.kind === 'visitor') {
        throw new AppError(
          'UNAUTHENTICATED',
          errorCodes.unauthenticated,
          'This call needs an API key or a staff sign-in in the Authorization header',
        );
      }
      if (!hasScope(caller, access.scope)) {
        throw new AppError(
          'PERMISSION_DENIED',
          errorCodes.permissionDenied,
          `This call needs the "${access.scope}" permission`,
        );
      }
  }
}

/** Resolves the credentials of one request. Implementations look keys and tokens up. */
export interface CallerResolver {
  resolve(authorization: string | undefined): Promise<Caller>;
}
