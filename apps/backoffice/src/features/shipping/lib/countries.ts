import { countryName } from '../../../lib/countries';

export { countryName, countryOptions } from '../../../lib/countries';

/** "United States", "Canada (ON, QC)". */
export function destinationText(d: { countryCode: string; subdivisions: readonly string[] }): string {
  return d.subdivisions.length
    ? `${countryName(d.countryCode)} (${d.subdivisions.join(', ')})`
    : countryName(d.countryCode);
}

/** Subdivision codes as typed ("ca, ny; tx") → `['CA', 'NY', 'TX']`. */
export function subdivisionsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}
