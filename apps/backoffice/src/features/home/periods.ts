/*
 * The periods Home reports on, in the merchant's local days (the browser's time zone stands for the store's: Merx
 * keeps none), each with the period before it to compare with. Days are `YYYY-MM-DD`; calendar arithmetic is done
 * on UTC dates so that a change to summer time never skips or repeats a day.
 */

export type PeriodKey = '7d' | '30d' | '90d' | 'month' | 'custom';

export const periodChoices: ReadonlyArray<{ value: PeriodKey; label: string }> = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'month', label: 'This month' },
  { value: 'custom', label: 'Custom range' },
];

/** The longest custom range (the abandoned checkouts' figures cover at most 366 days). */
export const MAX_DAYS = 366;

export interface DayRange {
  /** First day, included. */
  start: string;
  /** Last day, included. */
  end: string;
}

export interface Period extends DayRange {
  key: PeriodKey;
  /** "Last 30 days", "1 Mar – 14 Mar 2025". */
  label: string;
  previous: DayRange;
  /** How the comparisons name the period before: "the previous 30 days". */
  previousLabel: string;
}

const DAY = 86_400_000;

/** The time zone the figures are counted in: the browser's. */
export const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const pad = (n: number) => String(n).padStart(2, '0');
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOfUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The local day of an instant. */
export function localDay(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

export function addDays(day: string, n: number): string {
  return dayOfUtc(utcOf(day) + n * DAY);
}

/** Days from `a` to `b`, both included. */
export function daysIn(range: DayRange): number {
  return Math.round((utcOf(range.end) - utcOf(range.start)) / DAY) + 1;
}

/** Every day of the range, in order. */
export function eachDay(range: DayRange): string[] {
  return Array.from({ length: daysIn(range) }, (_, i) => addDays(range.start, i));
}

/** The instant a local day begins (the browser's midnight), as the API takes dates. */
export function startOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toISOString();
}

/** The orders filter of a range of local days. */
export function createdIn(range: DayRange): { createdDate: { $gte: string; $lt: string } } {
  return { createdDate: { $gte: startOf(range.start), $lt: startOf(addDays(range.end, 1)) } };
}

export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && dayOfUtc(utcOf(text)) === text;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayYearFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day for people: "14 Mar 2025" (the year left out when `short`). */
export function formatDay(day: string, short = false): string {
  return (short ? dayFormat : dayYearFormat).format(utcOf(day));
}

export function formatRange(range: DayRange): string {
  return range.start === range.end
    ? formatDay(range.start)
    : `${formatDay(range.start, range.start.slice(0, 4) === range.end.slice(0, 4))} – ${formatDay(range.end)}`;
}

/** What is wrong with a custom range, or undefined when it is fine. */
export function customRangeProblem(range: Partial<DayRange>, today = localDay()): string | undefined {
  if (!range.start || !isDay(range.start)) return 'Choose the first day.';
  if (!range.end || !isDay(range.end)) return 'Choose the last day.';
  if (range.end < range.start) return 'The last day must not be before the first day.';
  if (range.start > today) return 'The range must not start after today.';
  if (daysIn({ start: range.start, end: range.end }) > MAX_DAYS) return `Choose at most ${MAX_DAYS} days.`;
  return undefined;
}

/**
 * The period of `key` as of `today`. Rolling periods end today and are compared with as many days just before;
 * "this month" runs from the 1st to today and is compared with the same days of last month.
 */
export function periodOf(key: PeriodKey, custom: Partial<DayRange>, today = localDay()): Period {
  if (key === 'month') {
    const start = `${today.slice(0, 8)}01`;
    const lastMonthStart = `${addDays(start, -1).slice(0, 8)}01`;
    const lastMonthEnd = addDays(start, -1);
    const sameDay = addDays(lastMonthStart, daysIn({ start, end: today }) - 1);
    return {
      key,
      start,
      end: today,
      label: 'This month',
      previous: { start: lastMonthStart, end: sameDay < lastMonthEnd ? sameDay : lastMonthEnd },
      previousLabel: 'the same days last month',
    };
  }
  if (key === 'custom' && !customRangeProblem(custom, today)) {
    const range = { start: custom.start as string, end: custom.end as string };
    const n = daysIn(range);
    return {
      key,
      ...range,
      label: formatRange(range),
      previous: { start: addDays(range.start, -n), end: addDays(range.start, -1) },
      previousLabel: n === 1 ? 'the day before' : `the ${n} days before`,
    };
  }
  const n = key === '7d' ? 7 : key === '90d' ? 90 : 30;
  const start = addDays(today, -(n - 1));
  return {
    key: key === 'custom' ? '30d' : key,
    start,
    end: today,
    label: `Last ${n} days`,
    previous: { start: addDays(start, -n), end: addDays(start, -1) },
    previousLabel: `the previous ${n} days`,
  };
}

/** A change from the period before, in words that do not need colour: "Up 12% from the previous 30 days". */
export interface Change {
  direction: 'up' | 'down' | 'same';
  text: string;
}

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });

export function changeOf(
  current: number,
  previous: number,
  previousLabel: string,
  noun: string,
  /** The period before after "no sales…": "in the previous 30 days", "yesterday by this time". */
  inPrevious = `in ${previousLabel}`,
): Change {
  if (previous === 0) {
    return current === 0
      ? { direction: 'same', text: `No ${noun} ${inPrevious} either` }
      : { direction: 'up', text: `Up from no ${noun} ${inPrevious}` };
  }
  const ratio = (current - previous) / previous;
  if (Math.abs(ratio) < 0.005) return { direction: 'same', text: `Same as ${previousLabel}` };
  const amount = Math.abs(ratio) < 0.01 ? 'less than 1%' : percent.format(Math.abs(ratio));
  return ratio > 0
    ? { direction: 'up', text: `Up ${amount} from ${previousLabel}` }
    : { direction: 'down', text: `Down ${amount} from ${previousLabel}` };
}
