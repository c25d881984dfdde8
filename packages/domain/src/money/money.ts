import { type FieldViolation, ValidationError } from '../errors.js';

/** Money is an integer count of the currency's minor units (cents for USD, yen for JPY). */

const digitsCache = new Map<string, number>();

/** How many minor-unit digits `currency` has (2 for USD, 0 for JPY, 3 for KWD). */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/**
 * The one refusal for an amount finer than the currency's minor unit (0.001 USD, 10.5 JPY): such an amount is
 * refused on its field, never rounded, so a merchant's typo cannot turn a product free.
 */
export function finerThanCurrency(field: string, currency: string): FieldViolation {
  const digits = currencyDigits(currency);
  return {
    field,
    description:
      digits === 0
        ? `must have no decimal places for ${currency}`
        : `must have at most ${digits} decimal places for ${currency}`,
    violatedRule: 'DECIMAL_MAX_SCALE',
    data: { maxScale: digits },
  };
}

/** A decimal amount from the wire (e.g. 12.5) as exact minor units; undefined when it is finer than the currency. */
export function exactMinor(amount: number, currency: string): number | undefined {
  if (!Number.isFinite(amount)) return undefined;
  // Shift the decimal point in the number's shortest decimal form (19.99 is 1999 cents, not 1998.9999…).
  const [mantissa, exponent] = amount.toExponential().split('e') as [string, string];
  const scaled = Number(`${mantissa}e${Number(exponent) + currencyDigits(currency)}`);
  return Number.isSafeInteger(scaled) ? scaled + 0 : undefined;
}

/** A decimal amount from the wire as minor units; a 400 on `field` when it has more decimals than the currency. */
export function toMinor(amount: number, currency: string, field: string): number {
  const minor = exactMinor(amount, currency);
  if (minor === undefined) throw new ValidationError([finerThanCurrency(field, currency)]);
  return minor;
}

/** Minor units as the decimal number the wire carries. */
export function fromMinor(minor: number, currency: string): number {
  const digits = currencyDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}

/** Rounds a fractional minor-unit amount half away from zero. */
export function roundMinor(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * Splits `total` minor units in proportion to `weights` so that the parts sum exactly to `total`
 * (largest-remainder method; ties go to the earlier part).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (!Number.isInteger(total)) throw new RangeError('total must be an integer number of minor units');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) {
    const parts = weights.map(() => 0);
    parts[0] = total;
    return parts;
  }
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let remainder = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; remainder > 0; k = (k + 1) % order.length, remainder--) parts[(order[k] as { i: number }).i]! += 1;
  return parts;
}

interface Formatter {
  format: Intl.NumberFormat;
  /** Recent results: catalogs repeat the same prices, and Intl formatting is slow. */
  seen: Map<number, string>;
}

const formatters = new Map<string, Formatter>();

/** `1250` USD in `en-US` → `"$12.50"`. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = { format: new Intl.NumberFormat(locale, { style: 'currency', currency }), seen: new Map() };
    formatters.set(key, f);
  }
  let text = f.seen.get(minor);
  if (text === undefined) {
    text = f.format.format(minor / 10 ** currencyDigits(currency));
    if (f.seen.size >= 10_000) f.seen.clear();
    f.seen.set(minor, text);
  }
  return text;
}
