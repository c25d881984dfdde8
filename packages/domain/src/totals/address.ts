import type { TotalsAddress } from './types.js';

/** Country code normalised for comparison (`us ` → `US`). */
export function countryCode(country: string): string {
  return country.trim().toUpperCase();
}

/** Subdivision code without its country prefix, upper case (`US-NY` and `ny` → `NY`). */
export function subdivisionCode(subdivision: string): string {
  const code = subdivision.trim().toUpperCase();
  const dash = code.indexOf('-');
  return dash >= 0 ? code.slice(dash + 1) : code;
}

/** The address's subdivision code, if it has one. */
export function addressSubdivision(address: TotalsAddress): string | undefined {
  return address.subdivision ? subdivisionCode(address.subdivision) : undefined;
}
