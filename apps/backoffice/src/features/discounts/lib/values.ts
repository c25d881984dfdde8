import { storeMoney } from '../../../lib/format';
/*
 * Small conversions between what the merchant types and what the API takes: decimal amounts, dates in the
 * browser's time zone, and random coupon codes.
 */

/** An amount as typed ("12,50", " 3 ") as the API's decimal string ("12.50", "3"); empty → null. */
export function decimalOf(text: string): string | null {
  const t = text.trim().replace(',', '.');
  return t === '' ? null : t;
}

/** A whole number as typed; empty → null; anything else is sent as typed so the server names the problem. */
export function wholeOf(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the browser's time zone; nothing → ''. */
export function localInputOf(iso: string | undefined | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the browser's time zone) as an ISO instant; '' → null. */
export function isoOfLocalInput(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Letters and digits that cannot be mistaken for one another when read aloud or printed (no O/0, I/1). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random coupon code, e.g. `K7QM2XTP`. */
export function randomCouponCode(length = 8): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 is a multiple of 32, so every letter is as likely as any other.
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
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
