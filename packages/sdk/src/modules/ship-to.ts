import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type In, type Out } from '../module.js';

export type ShipToCountry = c.ShipToCountry;

/** Where the store ships (`GET /_api/merx/v1/ship-to-countries`): public, no token needed. */
export function shipTo(transport: Transport) {
  const call = caller(transport, 'shipTo');
  return {
    /**
     * The countries the store's active shipping options reach, each with the subdivisions served (none: all of it)
     * and whether delivery or pickup reaches it; `{ countryCode }` asks about one country only.
     */
    listShipToCountries: (request: In<typeof c.shipToCountriesRequest> = {}, o?: CallOptions) =>
      call<Out<typeof c.shipToCountriesResponse>>('listShipToCountries', {
        method: 'GET',
        path: '/_api/merx/v1/ship-to-countries',
        ...(request.countryCode ? { params: { countryCode: request.countryCode } } : {}),
        args: [request],
        options: o,
      }),
  };
}

export type ShipToModule = ReturnType<typeof shipTo>;
