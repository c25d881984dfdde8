import { z } from 'zod';
import { isoCountryCode } from '../ecom/shipping.js';

/*
 * Where the store ships (`GET /_api/merx/v1/ship-to-countries`, Merx's own, public): the countries its active
 * shipping options reach through their active delivery regions, so a shop offers only those in its delivery address
 * form and cart estimate. A store whose regions list every country gets every country.
 */

/** Only one country's entry (empty list when the store does not ship there); absent: every country shipped to. */
export const shipToCountriesRequest = z.object({ countryCode: isoCountryCode.optional() }).strict();
export type ShipToCountriesRequest = z.infer<typeof shipToCountriesRequest>;

export const shipToCountry = z.object({
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string(),
  /** ISO 3166-2 codes without the country prefix (`NY`) of the parts served; empty: the whole country. */
  subdivisions: z.array(z.string()),
  /** A delivery option (not a pickup) reaches the country or part of it. */
  delivery: z.boolean(),
  /** A pickup option is offered to addresses there (the buyer collects the goods). */
  pickup: z.boolean(),
});
export type ShipToCountry = z.infer<typeof shipToCountry>;

/** By country code; empty when no active option reaches any active region. */
export const shipToCountriesResponse = z.object({ countries: z.array(shipToCountry) });
export type ShipToCountriesResponse = z.infer<typeof shipToCountriesResponse>;
