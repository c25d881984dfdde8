import { storeMoney } from '../../../lib/format';
/*
 * What the merchant types ⇄ what the API takes: decimal amounts, percentages ⇄ tax-rate fractions (exact, in
 * text, so 8.875 % is "0.08875" and never 0.08874999), and dates in the browser's time zone.
 */

/** An amount as typed ("12,50", " 3 ") as the API's decimal string; empty → null. */
export function decimalOf(text: string): string | null {
  const t = text.trim().replace(',', '.');
  return t === '' ? null : t;
}

/** Moves the decimal point of a plain decimal `text` by `places` (left when negative); null if not a decimal. */
function shift(text: string, places: number): string | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const whole = m[1] as string;
  const fraction = m[2] ?? '';
  const digits = whole + fraction;
  const point = whole.length + places;
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = point <= 0 ? 1 : point;
  const int = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const frac = padded.slice(at).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** "8.875" (percent, as typed) → "0.08875"; text that is not a number is returned as typed. */
export function fractionOfPercent(percent: string): string {
  const t = percent.trim().replace(',', '.');
  return shift(t, -2) ?? t;
}

/** "0.08875" → "8.875". */
export function percentOfFraction(fraction: string): string {
  return shift(fraction, 2) ?? fraction;
}

/** What is wrong with a percentage as typed for a tax rate (the API keeps 6 decimals of the fraction), if anything. */
export function percentProblem(percent: string): string | undefined {
  const t = percent.trim().replace(',', '.');
  if (t === '') return 'Enter a rate';
  if (!/^\d+(\.\d+)?$/.test(t)) return 'Enter a percentage such as 8.25';
  if (Number(t) > 100) return 'Must be at most 100%';
  if ((t.split('.')[1] ?? '').length > 4) return 'Use at most 4 decimals';
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the browser's time zone. */
export function localInputOf(iso: string | undefined | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant; '' or nonsense → the text itself, for the server to name. */
export function isoOfLocalInput(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : local;
}

/** Decimals of the store currency's minor unit (2 for USD, 0 for JPY). */
const DIGITS = new Intl.NumberFormat('en', { style: 'currency', currency: storeMoney.currency }).resolvedOptions()
  .maximumFractionDigits;

/** An amount as the API answers it ("4.9") as the merchant expects to read it in a field ("4.90"). */
export function moneyInputOf(amount: string | undefined | null): string {
  if (!amount) return '';
  const [whole = '0', fraction = ''] = amount.split('.');
  if (DIGITS === undefined || fraction.length >= DIGITS) return amount;
  return DIGITS === 0 ? whole : `${whole}.${fraction.padEnd(DIGITS, '0')}`;
}
