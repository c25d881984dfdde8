import { describe, expect, it } from 'vitest';
import { isTimeZone, offsetAt, offsetSegments, startOfLocalDay } from './time-zone.js';

const ms = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();

describe('time zones', () => {
  it('knows IANA names and nothing else', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('gives the offset in minutes east of UTC, with summer time and half hours', () => {
    expect(offsetAt('Europe/Paris', ms('2021-01-15T12:00:00Z'))).toBe(60);
    expect(offsetAt('Europe/Paris', ms('2021-07-15T12:00:00Z'))).toBe(120);
    expect(offsetAt('America/New_York', ms('2021-07-15T12:00:00Z'))).toBe(-240);
    expect(offsetAt('Asia/Kolkata', ms('2021-07-15T12:00:00Z'))).toBe(330);
    expect(offsetAt('America/St_Johns', ms('2021-01-15T12:00:00Z'))).toBe(-210);
  });

  it('finds each change of offset to the minute within a range, the first segment open-ended', () => {
    const year = offsetSegments('Europe/Paris', { from: ms('2021-01-01T00:00:00Z'), to: ms('2022-01-01T00:00:00Z') });
    expect(year.map((s) => [Number.isFinite(s.from) ? iso(s.from) : '-', s.offset])).toEqual([
      ['-', 60],
      ['2021-03-28T01:00:00.000Z', 120],
      ['2021-10-31T01:00:00.000Z', 60],
    ]);
    // Lord Howe Island moves by half an hour.
    const howe = offsetSegments('Australia/Lord_Howe', {
      from: ms('2021-01-01T00:00:00Z'),
      to: ms('2021-12-31T00:00:00Z'),
    });
    expect(howe.map((s) => s.offset)).toEqual([660, 630, 660]);
    expect(offsetSegments('Asia/Kolkata', {})).toEqual([{ from: Number.NEGATIVE_INFINITY, offset: 330 }]);
    // Open at both ends: every change since 1970, oldest first.
    const all = offsetSegments('Europe/Paris', {});
    expect(all.length).toBeGreaterThan(80);
    expect(all.slice(1).every((s, i) => s.from > (all[i] as { from: number }).from)).toBe(true);
  });

  it('starts a local day at its midnight, on days when the clocks change too', () => {
    expect(iso(startOfLocalDay('Europe/Paris', '2021-03-28'))).toBe('2021-03-27T23:00:00.000Z');
    expect(iso(startOfLocalDay('Europe/Paris', '2021-03-29'))).toBe('2021-03-28T22:00:00.000Z');
    expect(iso(startOfLocalDay('America/New_York', '2021-11-07'))).toBe('2021-11-07T04:00:00.000Z');
    expect(iso(startOfLocalDay('America/New_York', '2021-11-08'))).toBe('2021-11-08T05:00:00.000Z');
    expect(iso(startOfLocalDay('UTC', '2021-06-01'))).toBe('2021-06-01T00:00:00.000Z');
  });
});
