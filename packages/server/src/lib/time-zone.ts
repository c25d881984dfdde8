import { Lru } from './lru.js';

/*
 * Local days in a named time zone (`Europe/Paris`), daylight saving included, for figures grouped by day. The
 * engines differ in what they know of time zones (SQLite knows none), so the server works out the zone's offsets
 * from Node's time-zone data and hands SQL plain instants and minutes.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Offsets are worked out from here on (a store's orders are younger). */
const EPOCH = Date.UTC(1970, 0, 1);

/** One stretch of time with one UTC offset: from `from` (ms since the epoch; -Infinity for the first) on. */
export interface OffsetSegment {
  from: number;
  /** Minutes east of UTC (120 for UTC+2). */
  offset: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True for a time zone name this server knows (`Europe/Paris`, `UTC`); false for anything else. */
export function isTimeZone(name: string): boolean {
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at instant `ms`, in minutes east. */
export function offsetAt(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(
    parts.year as number,
    (parts.month as number) - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / MINUTE);
}

/** The first minute in (lo, hi] whose offset differs from `lo`'s (the offset changes once between them). */
function transitionBetween(timeZone: string, lo: number, hi: number): number {
  const before = offsetAt(timeZone, lo);
  let a = lo;
  let b = hi;
  while (b - a > MINUTE) {
    const mid = a + Math.floor((b - a) / 2 / MINUTE) * MINUTE;
    if (offsetAt(timeZone, mid) === before) a = mid;
    else b = mid;
  }
  return b;
}

const segmentCache = new Lru<string, OffsetSegment[]>(200);

/**
 * The zone's offsets over [from, to] (ms; either end open when undefined), oldest first: the first segment starts
 * at -Infinity, so any instant falls in exactly one. Worked out by sampling the offset once a day (once a week over
 * spans longer than three years, since 1970 when `from` is open) and finding each change to the minute; cached.
 */
export function offsetSegments(
  timeZone: string,
  range: { from?: number; to?: number },
  now = Date.now(),
): OffsetSegment[] {
  const lo = Math.max(EPOCH, Math.floor((range.from ?? EPOCH) / DAY) * DAY);
  const hi = Math.max(lo, Math.ceil((range.to ?? now + 365 * DAY) / DAY) * DAY);
  const key = `${timeZone}|${lo}|${hi}`;
  const cached = segmentCache.get(key);
  if (cached) return cached;
  const step = hi - lo > 3 * 365 * DAY ? 7 * DAY : DAY;
  const segments: OffsetSegment[] = [{ from: Number.NEGATIVE_INFINITY, offset: offsetAt(timeZone, lo) }];
  let last = offsetAt(timeZone, lo);
  for (let t = lo; t < hi; t += step) {
    const next = offsetAt(timeZone, Math.min(t + step, hi));
    if (next === last) continue;
    const from = transitionBetween(timeZone, t, Math.min(t + step, hi));
    last = offsetAt(timeZone, from);
    segments.push({ from, offset: last });
  }
  segmentCache.set(key, segments);
  return segments;
}

/** The instant (ms) a local day `YYYY-MM-DD` begins in the zone. */
export function startOfLocalDay(timeZone: string, day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // The offset at the guess, then at the corrected instant: right on either side of a change of offset.
  const guess = wall - offsetAt(timeZone, wall) * MINUTE;
  return wall - offsetAt(timeZone, guess) * MINUTE;
}
