import { bootNow } from './boot';

const { currency, locale } = bootNow();
const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
const number = new Intl.NumberFormat(locale);
const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** An amount in the store's currency: a decimal string or number as the API gives it. */
export function formatMoney(amount: string | number | undefined | null): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return n === undefined || n === null || Number.isNaN(n) ? '—' : money.format(n);
}

export function formatNumber(n: number | undefined | null): string {
  return n === undefined || n === null ? '—' : number.format(n);
}

export function formatDate(iso: string | Date | undefined | null): string {
  if (!iso) return '—';
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(d.getTime()) ? '—' : date.format(d);
}

export function formatDateTime(iso: string | Date | undefined | null): string {
  if (!iso) return '—';
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(d.getTime()) ? '—' : dateTime.format(d);
}

/** The store's currency code and locale, for money inputs. */
export const storeMoney = { currency, locale };
