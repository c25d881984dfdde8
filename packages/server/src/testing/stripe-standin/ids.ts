import { randomBytes } from 'node:crypto';
import { badRequest } from './errors.js';
import { type FormObject, str } from './form.js';

/** A JSON object as the stand-in keeps and answers it. */
export type Json = Record<string, unknown>;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe id: its prefix and `length` random letters and digits. */
export const stripeId = (prefix: string, length = 24) =>
  `${prefix}_${[...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;

/** Stripe's timestamps: seconds since the epoch. */
export const now = () => Math.floor(Date.now() / 1000);

/** An integer parameter (amounts in minor units), refused as Stripe refuses it. */
export const amountOf = (form: FormObject, key: string, required: boolean): number | undefined => {
  const text = str(form, key);
  if (text === undefined) {
    if (required) throw badRequest(`Missing required param: ${key}.`, key, 'parameter_missing');
    return undefined;
  }
  if (!/^\d{1,12}$/.test(text)) throw badRequest(`Invalid integer: ${text}`, key);
  return Number(text);
};
