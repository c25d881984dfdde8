import { type AuthStrategy, createClient, type ShipToCountry, shipTo } from '@merx/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { countries } from './countries';
import { subdivisionName } from './subdivisions';

/** A public read: no token, so the first page needs no token round trip. */
const noToken: AuthStrategy = { getAuthHeaders: async () => ({ headers: {} }) };
const client = createClient({ baseUrl: location.origin, auth: noToken, modules: { shipTo } });

/**
 * Where the store ships, kept five minutes (the server lets it be kept one more): the address forms offer these
 * countries; checkout always prices against the current configuration and says when nothing reaches an address.
 */
export const shipToQuery = () =>
  queryOptions({
    queryKey: ['ship-to-countries'] as const,
    queryFn: async () => (await client.shipTo.listShipToCountries()).countries,
    staleTime: 5 * 60_000,
  });

/**
 * The countries shipped to, as `[code, name]` for a select. Every country while unknown, or when the store ships
 * nowhere yet: the form stays usable and the delivery step says that nothing reaches the address.
 */
export function useShipToCountries(): {
  options: Array<[string, string]>;
  reach: ShipToCountry[] | undefined;
  isPending: boolean;
} {
  const { data, isPending } = useQuery(shipToQuery());
  const options = data && data.length > 0 ? countries(data.map((c) => c.countryCode)) : countries();
  return { options, reach: data, isPending };
}

/**
 * Why no delivery reaches an address, in words, from where the store ships: another country, a part of the country
 * the store does not serve, or (undefined) neither, when the store's rates leave this order out.
 */
export function unreachedReason(
  reach: readonly ShipToCountry[] | undefined,
  address: { country?: string; subdivision?: string },
  countryName: (code: string) => string,
): string | undefined {
  if (!reach || !address.country) return undefined;
  const country = reach.find((c) => c.countryCode === address.country);
  const name = countryName(address.country);
  if (!country?.delivery) return `We do not deliver to ${name}.`;
  if (country.subdivisions.length === 0) return undefined;
  const served = country.subdivisions.map((s) => subdivisionName(address.country ?? '', s));
  const list = served.length > 1 ? `${served.slice(0, -1).join(', ')} and ${served.at(-1)}` : served[0];
  return `In ${name} we deliver only to ${list}.`;
}
