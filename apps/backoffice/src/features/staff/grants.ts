import { namedOnlyPermissions, permissionAreas, permissionCatalogue } from '@merx/contract/permissions';
import type { StaffMember, StaffRole } from '@merx/sdk';
import { holds } from '../../lib/permissions';

/*
 * Who may give whom which access (decision 0009), mirrored to show only what the signed-in person may do. The
 * server's staff rules stay the authority: anything shown by mistake is still refused there.
 */

type Person = Pick<StaffMember, 'id' | 'role' | 'permissions'>;

const claimsOf = (me: Person) => ({ staffId: me.id, role: me.role, permissions: me.permissions });
const namedOnly = new Set<string>(namedOnlyPermissions);

/** Whether `me` may give `permission` (a permission of the catalogue or an `area:*`) to a staff account. */
export function mayGive(me: Person, permission: string): boolean {
  return !namedOnly.has(permission) && holds(claimsOf(me), permission);
}

/** The roles `me` may give: owners any, admins (who hold everything) admin and staff, staff only staff. */
export function rolesOffered(me: Person): StaffRole[] {
  if (me.role === 'owner') return ['owner', 'admin', 'staff'];
  if (me.role === 'admin') return ['admin', 'staff'];
  return ['staff'];
}

/** Whether an account with `role` and `permissions` holds anything `me` does not. */
function holdsMoreThan(me: Person, role: StaffRole, permissions: readonly string[]): boolean {
  if (role === 'owner') return me.role !== 'owner';
  if (role === 'admin') return me.role === 'staff';
  return permissions.some((p) => !mayGive(me, p));
}

/**
 * Why `me` may not change (or remove) `target`, in words for the page; undefined when they may. `owners` counts the
 * store's owners (the last one stays).
 */
export function lockedBecause(
  me: Person,
  target: StaffMember,
  owners: number,
  change: 'change' | 'remove',
): string | undefined {
  if (target.id === me.id) {
    return 'This is you. Nobody changes their own role or permissions; your name, password and two-step sign-in are under Your account.';
  }
  if (!holds(claimsOf(me), 'staff:manage')) return 'Changing staff accounts needs the “staff:manage” permission.';
  if (target.role === 'owner' && me.role !== 'owner') return `Only an owner can ${change} an owner.`;
  if (target.role === 'owner' && owners <= 1) {
    return 'This is the store’s only owner. Make someone else an owner first: a store always keeps one.';
  }
  if (holdsMoreThan(me, target.role, target.permissions)) {
    return `This account holds access you do not, so you cannot ${change} it.`;
  }
  return undefined;
}

/** The catalogue's areas with their words, for the permission picker and for reading a list of permissions. */
const areaWords: Record<string, string> = {
  catalog: 'Catalog',
  carts: 'Carts',
  checkouts: 'Checkouts',
  orders: 'Orders',
  discounts: 'Discounts',
  shipping: 'Shipping, tax and tips',
  settings: 'Settings',
  members: 'Members',
  staff: 'Staff',
  'api-keys': 'API keys',
  mail: 'Mail',
  'oauth-clients': 'Sign-in apps',
  audit: 'Audit log',
};

export const areaName = (area: string) => areaWords[area] ?? area.charAt(0).toUpperCase() + area.slice(1);

/** Each area with the permissions a staff account may hold (named-only ones are never a staff member’s). */
export const staffAreas = permissionAreas
  .map((area) => ({
    area,
    name: areaName(area),
    permissions: (Object.entries(permissionCatalogue) as Array<[string, string]>).filter(
      ([p]) => p.startsWith(`${area}:`) && !namedOnly.has(p),
    ),
  }))
  .filter((a) => a.permissions.length > 0);

/** A permission in words: the catalogue's sentence, or “All of Orders” for `orders:*`. */
export function permissionWords(permission: string): string {
  if (permission === '*') return 'Everything';
  if (permission.endsWith(':*')) return `All of ${areaName(permission.slice(0, -2))}`;
  return (permissionCatalogue as Record<string, string>)[permission] ?? permission;
}

/** A short summary of what an account may do, for a table cell. */
export function accessSummary(member: Pick<StaffMember, 'role' | 'permissions'>): string {
  if (member.role !== 'staff') return 'Everything';
  if (member.permissions.length === 0) return 'Nothing yet';
  return member.permissions.map((p) => (p.endsWith(':*') ? `All of ${areaName(p.slice(0, -2))}` : p)).join(', ');
}

export const roleWords: Record<StaffRole, string> = { owner: 'Owner', admin: 'Admin', staff: 'Staff' };
export const roleHelp: Record<StaffRole, string> = {
  owner: 'Everything, including making and removing owners and reading the audit log.',
  admin: 'Everything except what only owners do (owners, the audit log).',
  staff: 'Only the permissions you choose below.',
};
