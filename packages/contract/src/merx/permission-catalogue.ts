/*
 * What staff accounts and API keys may do. A permission is `area:action`; `area:*` holds every action of the
 * area and `*` (owners, admins, keys made for everything) every permission, except the named-only ones below.
 * Plain data (no schemas), so that a browser bundle can show the permissions' words.
 */

/** Every permission Merx checks, with the words the back office shows for it. */
export const permissionCatalogue = {
  'catalog:read': 'See hidden products and collections, and merchant data of products',
  'catalog:write': 'Create, change and delete products, collections, variants, stock and media',
  'carts:read': "Read shoppers' carts",
  'checkouts:read': "Read shoppers' checkouts",
  'checkouts:write': "Change shoppers' checkouts, and put custom lines and prices in carts and checkouts",
  'orders:read': 'Read orders, fulfillments, payments and abandoned checkouts',
  'orders:write': 'Create, change, fulfill, cancel and refund orders, and record payments',
  'discounts:read': 'Read discount rules and coupons',
  'discounts:write': 'Create, change and delete discount rules and coupons',
  'shipping:read': 'Read shipping, pickup, tax and tip settings',
  'shipping:write': 'Change shipping, pickup, tax and tip settings',
  'settings:read': 'Read store, member, checkout and order settings',
  'settings:write': 'Change store, member, checkout and order settings',
  'members:read': 'Read members and their profiles',
  'members:manage': 'Approve, block and delete members, and send them verification and activation mails',
  'staff:read': 'See the staff accounts',
  'staff:manage': 'Invite, change and remove staff accounts (never beyond one’s own permissions)',
  'api-keys:manage': 'Create and revoke API keys (never beyond one’s own permissions)',
  'mail:read': 'Read the mail the store sent or kept, codes and links included',
  'webhooks:read': 'See webhook endpoints and their delivery log',
  'webhooks:manage': 'Add, change, pause and delete webhook endpoints, rotate their secrets and replay deliveries',
  'events:listen': 'Follow the live event stream (each event only with the permission that reads it)',
  'oauth-clients:manage': 'Register and change the apps members sign in to',
  'audit:read': 'Read the audit trail of access changes',
  'members:sign-on': 'Sign in as any member without their password (for single sign-on integrations)',
} as const satisfies Record<string, string>;

export type Permission = keyof typeof permissionCatalogue;
export const permissionNames = Object.keys(permissionCatalogue) as Permission[];

/**
 * Permissions that no wildcard grants: each must be named. `audit:read` belongs to owners (and keys that name
 * it); `members:sign-on` lets a key mint tokens for any member, so only keys that name it have it, and only an
 * owner may make such a key.
 */
export const namedOnlyPermissions = ['audit:read', 'members:sign-on'] as const satisfies readonly Permission[];

/** The areas of the catalogue, for `area:*`. */
export const permissionAreas = [...new Set(permissionNames.map((p) => p.split(':')[0] as string))];
