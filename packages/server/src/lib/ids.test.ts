import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from './ids.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Unix time in milliseconds an id carries. */
const timeOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('newId', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is a UUID version 7 carrying the time it was made', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(id).toMatch(UUID_V7);
    expect(timeOf(id)).toBeGreaterThanOrEqual(before);
    expect(timeOf(id)).toBeLessThanOrEqual(after + 1);
  });

  it('sorts in the order the ids were made, and never repeats, also many in one millisecond', () => {
    const ids = Array.from({ length: 50_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(ids.filter((id) => !UUID_V7.test(id))).toEqual([]);
  });

  it('keeps its order when the clock stands still for more ids than one millisecond holds, or steps back', () => {
    const frozen = Date.now() + 10_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(frozen);
    const still = Array.from({ length: 10_000 }, () => newId());
    clock.mockReturnValue(frozen - 5_000);
    const back = Array.from({ length: 100 }, () => newId());
    const ids = [...still, ...back];
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    // More than 4,096 ids in the frozen millisecond: the time part moved on rather than repeat or wrap.
    expect(timeOf(ids.at(-1) as string)).toBeGreaterThan(frozen);
  });

  it('draws its random part from the CSPRNG: ids made in the same millisecond differ beyond the counter', () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 20_000);
    const [a, b] = [newId(), newId()];
    const tail = (id: string) => id.replaceAll('-', '').slice(16);
    expect(tail(a)).not.toBe(tail(b));
  });

  it('never reuses random bytes: the tails of many ids, across refills of its entropy, all differ', () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 30_000);
    const tails = Array.from({ length: 2_000 }, () => newId().replaceAll('-', '').slice(16));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
