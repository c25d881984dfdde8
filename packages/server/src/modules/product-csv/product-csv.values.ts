import { currencyDigits } from '@merx/domain';

/*
 * Cell values both ways: what a cell may hold for each kind of column, and how the export writes Merx's values. A
 * parse returns the value or the message that goes on the file's line and column.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = (message: string): Parsed<never> => ({ ok: false, message });

const MAX_PRICE = 999_999_999;
const MAX_QUANTITY = 99_999_999;
const MAX_GRAMS = 999_999_000;

/** A price in the store's currency: digits with a point (`12.50`), never a comma, a sign or more decimals than it has. */
export function parseMoney(text: string, currency: string): Parsed<number> {
  const digits = currencyDigits(currency);
  if (text.startsWith('-')) return bad(`"${text}" must not be negative`);
  if (/^\d+,\d+$/.test(text)) return bad(`"${text}" must use a point for decimals, as in 12.50`);
  if (!/^\d+(\.\d+)?$/.test(text)) return bad(`"${text}" is not a price: write it as digits with a point, e.g. 12.50`);
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  if (fraction.replace(/0+$/, '').length > digits)
    return bad(`"${text}" has more decimals than ${currency} has (${digits})`);
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
  if (Number(whole) > MAX_PRICE) return bad(`"${text}" is more than ${MAX_PRICE.toLocaleString('en')}`);
  return ok(minor);
}

/** TRUE or FALSE in any case; blank is undefined (the column's default). */
export function parseBoolean(text: string): Parsed<boolean | undefined> {
  if (text === '') return ok(undefined);
  const word = text.toLowerCase();
  if (word === 'true') return ok(true);
  if (word === 'false') return ok(false);
  return bad(`"${text}" must be TRUE or FALSE`);
}

/** A whole number of units in stock; a negative count (Shopify allows overselling) is read as 0 with a warning. */
export function parseQuantity(text: string): Parsed<{ quantity: number; negative: boolean }> {
  if (!/^-?\d+$/.test(text)) return bad(`"${text}" must be a whole number`);
  const n = Number(text);
  if (n > MAX_QUANTITY) return bad(`"${text}" is more than ${MAX_QUANTITY.toLocaleString('en')}`);
  return ok({ quantity: Math.max(0, n), negative: n < 0 });
}

/** Grams (Shopify's Variant Grams) as Merx's kilograms, with the decimal point moved exactly. */
export function parseGrams(text: string): Parsed<number> {
  if (text.startsWith('-')) return bad(`"${text}" must not be negative`);
  if (!/^\d+(\.\d+)?$/.test(text)) return bad(`"${text}" must be a number of grams, e.g. 250 or 250.5`);
  const grams = Number(text);
  if (grams > MAX_GRAMS) return bad(`"${text}" is more than ${MAX_GRAMS.toLocaleString('en')} grams`);
  return ok(Number(`${text}e-3`));
}

/** Image Position: a whole number from 1. */
export function parsePosition(text: string): Parsed<number> {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 10_000)
    return bad(`"${text}" must be a whole number from 1`);
  return ok(Number(text));
}

/** Why `text` is not a URL Merx would fetch (http or https, absolute), or undefined when it is one. */
export function urlProblem(text: string): string | undefined {
  if (text.length > 2000) return 'is longer than 2,000 characters';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text.slice(0, 100)}" is not a URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${text.slice(0, 100)}" is not an http(s) URL`;
  return undefined;
}

/** Kilograms as grams for the export, without exponent notation. */
export function gramsText(kg: number): string {
  const [mantissa, exponent] = kg.toExponential().split('e') as [string, string];
  const grams = Number(`${mantissa}e${Number(exponent) + 3}`);
  if (grams < 0.001) return '0';
  return String(Number(grams.toFixed(3)));
}

/** Minor units as the decimal text of the currency (`1250` → `12.50`). */
export function moneyText(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * Cells that a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return) get a `'` in
 * front; so do cells that already start with quotes before such a character, so that the import can take exactly
 * one quote off and give back the text as it was.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
export function guardCell(text: string): string {
  return FORMULA.test(text) ? `'${text}` : text;
}

/** The inverse of `guardCell`: a cell of an exported file gives back the text Merx had. */
export function unguardCell(text: string): string {
  return /^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
