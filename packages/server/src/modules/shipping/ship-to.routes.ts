import * as c from '@merx/contract';
import { publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { ShipToService } from './ship-to.service.js';

/**
 * Shops may keep the answer a minute: a changed configuration shows in the address forms within that time, and
 * checkout and create-order always price against the current one.
 */
const CACHE = 'public, max-age=60';

/** The countries the store ships to, for shop address forms: anyone may ask. */
export function shipToRoutes(shipTo: ShipToService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/ship-to-countries',
      summary: 'The countries (and parts of them) the active shipping options reach',
      tag: 'Shipping options',
      access: publicAccess,
      input: c.shipToCountriesRequest,
      response: c.shipToCountriesResponse,
      handler: async ({ input, reply }) => {
        const countries = await shipTo.countries(input.countryCode);
        reply.header('cache-control', CACHE);
        return { countries };
      },
    }),
  ];
}
