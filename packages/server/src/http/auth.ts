import { errorCodes } from '@merx/contract';
import { AppError } from '@merx/domain';

/** Who is calling. Visitor, member and staff callers join this union with the identity module. */
export type Caller = { kind: 'none' } | { kind: 'apiKey'; keyId: string; scopes: readonly string[] };

/** What a route lets in; every route declares one. */
export type Access = { kind: 'public' } | { kind: 'elevated'; scope: string };

export const publicAccess: Access = { kind: 'public' };
/** Shorthand for a route that needs an elevated caller holding `scope` (or `*`). */
export function elevated(scope: string): Access {
  return { kind: 'elevated', scope };
}

/** True when the caller may use merchant-only features (API keys now; staff later). */
export function isElevated(caller: Caller): boolean {
  return caller.kind === 'apiKey';
}

function hasScope(caller: Caller, scope: string): boolean {
  if (caller.kind !== 'apiKey') return false;
  const area = scope.split(':')[0];
  return caller.scopes.includes('*') || caller.scopes.includes(scope) || caller.scopes.includes(`${area}:*`);
}

/** Throws unless `caller` satisfies `access`. */
export function assertAccess(caller: Caller, access: Access): void {
  if (access.kind === 'public') return;
  if (caller.kind === 'none') {
    throw new AppError(
      'UNAUTHENTICATED',
      errorCodes.unauthenticated,
      'This call needs an API key in the Authorization header',
    );
  }
  if (!hasScope(caller, access.scope)) {
    throw new AppError('PERMISSION_DENIED', errorCodes.permissionDenied, `This call needs the "${access.scope}" scope`);
  }
}

/** Resolves the credentials of one request. Implementations look keys and tokens up. */
export interface CallerResolver {
  resolve(authorization: string | undefined): Promise<Caller>;
}
