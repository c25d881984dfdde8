/** Locales a merchant is likely to want, offered first (any other the store already has is kept). */
const common = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-NZ',
  'en-IE',
  'en-IN',
  'fr-FR',
  'fr-CA',
  'fr-BE',
  'fr-CH',
  'de-DE',
  'de-AT',
  'de-CH',
  'es-ES',
  'es-MX',
  'es-AR',
  'it-IT',
  'nl-NL',
  'nl-BE',
  'pt-PT',
  'pt-BR',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'hu-HU',
  'ro-RO',
  'el-GR',
  'tr-TR',
  'uk-UA',
  'he-IL',
  'ar-AE',
  'hi-IN',
  'ja-JP',
  'ko-KR',
  'zh-CN',
  'zh-TW',
  'th-TH',
  'id-ID',
  'vi-VN',
];

const names = new Intl.DisplayNames(['en'], { type: 'language' });

/** The locale's name in English (`fr-CA` → `Canadian French (fr-CA)`). */
export function localeName(locale: string): string {
  try {
    return `${names.of(locale) ?? locale} (${locale})`;
  } catch {
    return locale;
  }
}

/** The choices of the locale drop-down, sorted by name, with `current` among them. */
export function localeOptions(current: string | undefined): Array<{ value: string; label: string }> {
  const all = current && !common.includes(current) ? [...common, current] : common;
  return all.map((value) => ({ value, label: localeName(value) })).sort((a, b) => a.label.localeCompare(b.label));
}

/** How an amount and a date look in `locale` (for the hint under the drop-down). */
export function localeSample(locale: string, currency: string): string {
  try {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency }).format(1234.5);
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(2026, 2, 14));
    return `Prices look like ${money}; dates like ${date}.`;
  } catch {
    return '';
  }
}

/** The currency's name (`USD` → `US Dollar`). */
export function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}
