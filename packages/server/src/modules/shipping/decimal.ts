import { currencyDigits, finerThanCurrency, ValidationError } from '@merx/domain';

/*
 * Exact conversions between the wire's decimal strings and the integers Merx stores: minor units of money,
 * parts per million of tax rates, basis points of tip percentages. No floating-point arithmetic on the way in.
 */

/** `"12.5"` with `scale` 2 → 1250; undefined when the text has more significant decimals than `scale`. */
export function decimalToScaled(text: string, scale: number): number | undefined {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) return undefined;
  return Number(m[1]) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
}

/** 1250 with `scale` 2 → `"12.5"`; the shortest exact form (`"22"` for 2200), as the ecom wire writes amounts. */
export function scaledToDecimal(value: number, scale: number): string {
  // Cents, the common case, without padding and a regular expression: every amount of every answer comes here.
  if (scale === 2 && Number.isSafeInteger(value)) {
    const abs = Math.abs(value);
    const cents = abs % 100;
    const whole = (abs - cents) / 100;
    const text =
      cents === 0
        ? `${whole}`
        : cents % 10 === 0
          ? `${whole}.${cents / 10}`
          : `${whole}.${cents < 10 ? '0' : ''}${cents}`;
    return value < 0 ? `-${text}` : text;
  }
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A wire amount in the store currency as minor units; a 400 on `field` when it is finer than the currency. */
export function toMinorUnits(text: string, currency: string, field: string): number {
  const minor = decimalToScaled(text, currencyDigits(currency));
  if (minor === undefined) throw new ValidationError([finerThanCurrency(field, currency)]);
  return minor;
}

/** Minor units of the store currency as the wire's decimal string. */
export function fromMinorUnits(minor: number, currency: string): string {
  return scaledToDecimal(minor, currencyDigits(currency));
}

/** A JSON number (a tip preset) as a scaled integer; undefined when it has more than `scale` decimals. */
export function numberToScaled(value: number, scale: number): number | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  // The shortest decimal form of the number, so 0.29 is 29 hundredths and not 28.999….
  const text = value.toFixed(20).replace(/\.?0+$/, '');
  const shortest = String(value).includes('e') ? text : String(value);
  return decimalToScaled(shortest, scale);
}
