import { z } from 'zod';
import { namedOnlyPermissions, permissionAreas, permissionCatalogue } from './permission-catalogue.js';

export * from './permission-catalogue.js';

/*
 * What staff accounts and API keys may do. A permission is `area:action`; `area:*` holds every action of the
 * area and `*` (owners, admins, keys made for everything) every permission, except the named-only ones below.
 */

const isNamedOnly = (p: string) => (namedOnlyPermissions as readonly string[]).includes(p);
const isAreaWildcard = (p: string) => p.endsWith(':*') && permissionAreas.includes(p.slice(0, -2));

/** A permission a staff account may hold: one of the catalogue (not a named-only one) or an area's `area:*`. */
export const staffPermission = z
  .string()
  .max(100)
  .refine(
    (p) => (p in permissionCatalogue && !isNamedOnly(p)) || isAreaWildcard(p),
    'must be a permission of the catalogue or an area:* wildcard (owner-only and key-only permissions excluded)',
  );

/** A scope an API key may hold: any permission of the catalogue, an area's `area:*`, or `*`. */
export const apiKeyScope = z
  .string()
  .max(100)
  .refine(
    (p) => p in permissionCatalogue || isAreaWildcard(p) || p === '*',
    'must be a permission of the catalogue, an area:* wildcard or *',
  );
