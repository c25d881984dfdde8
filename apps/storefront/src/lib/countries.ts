import { storeMoney } from './format';

/** Countries offered in address forms (ISO 3166-1 alpha-2), named in the store's language. */
const CODES = [
  'US',
  'CA',
  'GB',
  'IE',
  'AU',
  'NZ',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'AT',
  'CH',
  'SE',
  'NO',
  'DK',
  'FI',
  'PT',
  'PL',
  'CZ',
  'JP',
  'SG',
  'IL',
  'MX',
  'BR',
];

let names: Intl.DisplayNames | undefined;

/** `[code, name]` pairs sorted by name. */
export function countries(): Array<[string, string]> {
  names ??= new Intl.DisplayNames([storeMoney.locale], { type: 'region' });
  const n = names;
  return CODES.map((c): [string, string] => [c, n.of(c) ?? c]).sort((a, b) => a[1].localeCompare(b[1]));
}
