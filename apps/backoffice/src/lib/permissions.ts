import type { Claims } from './session';

/** Permissions no wildcard grants (decision record 0009): owners hold audit:read, staff never members:sign-on. */
const NAMED_ONLY = new Set(['audit:read', 'members:sign-on']);

/**
 * Whether the signed-in staff member holds `permission`, to hide what they may not do. The server's access rules
 * stay the authority: a page it refuses still says so.
 */
export function holds(claims: Claims | undefined, permission: string): boolean {
  if (!claims) return false;
  if (permission === 'audit:read') return claims.role === 'owner';
  if (NAMED_ONLY.has(permission)) return false;
  if (claims.role !== 'staff') return true;
  const area = permission.split(':')[0];
  return claims.permissions.includes(permission) || claims.permissions.includes(`${area}:*`);
}
