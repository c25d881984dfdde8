import type { ShipToCountry } from '@merx/contract';
import type { ConfigurationService, ShippingConfiguration } from './configuration.js';

interface Reach {
  /** Null once some option serves the whole country. */
  subdivisions: Set<string> | null;
  delivery: boolean;
  pickup: boolean;
}

/**
 * The countries the active options reach through their active regions, by code: a country is whole when any entry
 * for it names no subdivision, else the union of the subdivisions named. Pure, so the rule is testable without a
 * database; pickup options count (the server lets a buyer there collect), and say so in `pickup`.
 */
export function shipToCountriesOf(config: ShippingConfiguration): ShipToCountry[] {
  const reach = new Map<string, Reach>();
  for (const option of config.options) {
    for (const destination of option.regions.flatMap((r) => r.destinations)) {
      const code = destination.countryCode.toUpperCase();
      const entry = reach.get(code) ?? { subdivisions: new Set<string>(), delivery: false, pickup: false };
      if (destination.subdivisions.length === 0) entry.subdivisions = null;
      else for (const s of destination.subdivisions) entry.subdivisions?.add(s.toUpperCase());
      if (option.pickup) entry.pickup = true;
      else entry.delivery = true;
      reach.set(code, entry);
    }
  }
  return [...reach.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([countryCode, r]) => ({
      countryCode,
      subdivisions: r.subdivisions ? [...r.subdivisions].sort() : [],
      delivery: r.delivery,
      pickup: r.pickup,
    }));
}

/** Where the store ships, from the configuration the totals keep per process (one primary-key read a call). */
export function createShipToService(deps: { totalsConfiguration: ConfigurationService['totalsConfiguration'] }) {
  return {
    /** Every country shipped to, or only `countryCode`'s entry (none when it is not shipped to). */
    async countries(countryCode?: string): Promise<ShipToCountry[]> {
      const { shipping } = await deps.totalsConfiguration();
      const all = shipToCountriesOf(shipping);
      return countryCode ? all.filter((c) => c.countryCode === countryCode) : all;
    },
  };
}

export type ShipToService = ReturnType<typeof createShipToService>;
