import { bootNow } from './boot';

const boot = bootNow();
const formatters = new Map<string, Intl.NumberFormat>();

/** The store's currency and locale (from the page's boot data; US dollars in en-US without it). */
export const storeMoney = { currency: boot?.currency ?? 'USD', locale: boot?.locale ?? 'en-US' };

/** An amount in the store's currency and locale, e.g. `$1,249.00` or `1.249,00 €`. */
export function formatMoney(amount: number | string, currency = storeMoney.currency): string {
  const key = `${storeMoney.locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(storeMoney.locale, { style: 'currency', currency });
    formatters.set(key, f);
  }
  return f.format(typeof amount === 'string' ? Number(amount) : amount);
}

/** A date in the store's locale, e.g. `21 Nov 2026`. */
export function formatDate(iso: string, withTime = false): string {
  return new Intl.DateTimeFormat(storeMoney.locale, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(new Date(iso));
}

/** A time range of a delivery slot, e.g. `Tue 24 Nov, 09:00–12:00`. */
export function formatSlot(from: string, to: string): string {
  const day = new Intl.DateTimeFormat(storeMoney.locale, { weekday: 'short', day: 'numeric', month: 'short' });
  const time = new Intl.DateTimeFormat(storeMoney.locale, { hour: '2-digit', minute: '2-digit' });
  return `${day.format(new Date(from))}, ${time.format(new Date(from))}–${time.format(new Date(to))}`;
}
