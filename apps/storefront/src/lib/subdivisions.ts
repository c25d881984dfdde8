/*
 * States, provinces and territories of the countries whose addresses need one, by ISO 3166-2 code (without the
 * country prefix, as the contract's `subdivision` and the store's tax and delivery regions carry it). Addresses of
 * these countries choose from the list; elsewhere the field takes a code as typed. A buyer may type the name or the
 * code ("New York", "new york", "NY", "US-NY"): `subdivisionCode` turns either into the code.
 */

type Names = Readonly<Record<string, string>>;

const US: Names = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  UM: 'United States Minor Outlying Islands',
  VI: 'U.S. Virgin Islands',
};

const CA: Names = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

const AU: Names = {
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
};

const MX: Names = {
  AGU: 'Aguascalientes',
  BCN: 'Baja California',
  BCS: 'Baja California Sur',
  CAM: 'Campeche',
  CHP: 'Chiapas',
  CHH: 'Chihuahua',
  CMX: 'Ciudad de México',
  COA: 'Coahuila',
  COL: 'Colima',
  DUR: 'Durango',
  GUA: 'Guanajuato',
  GRO: 'Guerrero',
  HID: 'Hidalgo',
  JAL: 'Jalisco',
  MEX: 'Estado de México',
  MIC: 'Michoacán',
  MOR: 'Morelos',
  NAY: 'Nayarit',
  NLE: 'Nuevo León',
  OAX: 'Oaxaca',
  PUE: 'Puebla',
  QUE: 'Querétaro',
  ROO: 'Quintana Roo',
  SLP: 'San Luis Potosí',
  SIN: 'Sinaloa',
  SON: 'Sonora',
  TAB: 'Tabasco',
  TAM: 'Tamaulipas',
  TLA: 'Tlaxcala',
  VER: 'Veracruz',
  YUC: 'Yucatán',
  ZAC: 'Zacatecas',
};

const BY_COUNTRY: Readonly<Record<string, Names>> = { US, CA, AU, MX };

/** Other names people type for a subdivision (lower case, without accents or punctuation). */
const ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: { 'washington dc': 'DC', 'washington d c': 'DC', 'us virgin islands': 'VI', 'virgin islands': 'VI' },
  CA: { newfoundland: 'NL', labrador: 'NL', pei: 'PE', yukon: 'YT', 'yukon territory': 'YT' },
  MX: { cdmx: 'CMX', 'mexico city': 'CMX', 'distrito federal': 'CMX', mexico: 'MEX' },
};

/** Lower case, accents and punctuation dropped, spaces collapsed: "Québec" and "quebec" compare equal. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The country's subdivisions as `[code, name]` sorted by name; empty for a country without a list. */
export function subdivisionsOf(country: string): Array<[string, string]> {
  const names = BY_COUNTRY[country.toUpperCase()];
  if (!names) return [];
  return Object.entries(names).sort((a, b) => a[1].localeCompare(b[1]));
}

/** True when addresses of the country choose their subdivision from a list. */
export function hasSubdivisionList(country: string): boolean {
  return BY_COUNTRY[country.toUpperCase()] !== undefined;
}

/** The subdivision's name ("NY" or "US-NY" in the US → "New York"); the code itself when unknown. */
export function subdivisionName(country: string, code: string): string {
  const bare = bareCode(code);
  return BY_COUNTRY[country.toUpperCase()]?.[bare] ?? bare;
}

/** The code without a country prefix, upper case ("us-ny" → "NY"). */
function bareCode(text: string): string {
  const code = text.trim().toUpperCase();
  return /^[A-Z]{2}-/.test(code) ? code.slice(3) : code;
}

/** A code as the contract takes it: 1–3 letters or digits, with an optional country prefix. */
const CODE = /^([A-Z]{2}-)?[A-Z0-9]{1,3}$/;

/**
 * The ISO 3166-2 code (without prefix) for what a buyer typed: a code or a name of the country's list ("new york",
 * "NY", "US-NY" → "NY"); for a country without a list, the text when it is a code. `''` for empty text, `undefined`
 * when nothing matches (the form says so rather than sending a name where a code is expected).
 */
export function subdivisionCode(country: string, typed: string): string | undefined {
  const text = typed.trim();
  if (!text) return '';
  const names = BY_COUNTRY[country.toUpperCase()];
  if (!names) return CODE.test(text.toUpperCase()) ? bareCode(text) : undefined;
  const prefix = `${country.toUpperCase()}-`;
  const code = text.toUpperCase().startsWith(prefix) ? text.toUpperCase().slice(prefix.length) : text.toUpperCase();
  if (names[code]) return code;
  const folded = fold(text);
  const byName = Object.entries(names).find(([, name]) => fold(name) === folded)?.[0];
  return byName ?? ALIASES[country.toUpperCase()]?.[folded];
}
