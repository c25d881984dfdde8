import { catalogVersion } from '@merx/contract';
import { z } from 'zod';
import { publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { StoreSettings } from '../settings/settings.service.js';

/**
 * `GET /stores/v3/provision/version` (@wix/stores `catalogVersioning.getCatalogVersion`): which catalog the store runs,
 * as its owner set it in the store settings (`catalogVersion`, V1_CATALOG until changed). Merx keeps one catalog and
 * serves it through both versions; the answer tells a client which one the merchant works in.
 */
export function catalogVersionRoutes(store: () => StoreSettings): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/stores/v3/provision/version',
      summary: 'Which catalog version the store runs',
      tag: 'Catalog v3',
      // Public: storefronts ask before choosing the v1 or the v3 calls.
      access: publicAccess,
      response: z.object({ catalogVersion }),
      handler: async () => ({ catalogVersion: store().catalogVersion ?? 'V1_CATALOG' }),
    }),
  ];
}
