import { describe, expect, it } from 'vitest';
import { MerxClientError } from './errors.js';
import { type PlatformQuery, QueryBuilder, type RawPage } from './query.js';

/** A runner over `total` numbered items, offset or cursor paged, recording each query. */
function numbers(total: number) {
  const all = Array.from({ length: total }, (_, i) => i);
  const queries: PlatformQuery[] = [];
  const offsetRun = async (q: PlatformQuery): Promise<RawPage<number>> => {
    queries.push(q);
    const { limit, offset } = q.paging ?? { limit: 50, offset: 0 };
    return { items: all.slice(offset, offset + limit), total };
  };
  const cursorRun = async (q: PlatformQuery): Promise<RawPage<number>> => {
    queries.push(q);
    const limit = q.cursorPaging?.limit ?? 50;
    const start = Number(q.cursorPaging?.cursor ?? 0);
    const end = start + limit;
    return {
      items: all.slice(start, end),
      cursors: { next: end < total ? String(end) : null, prev: start > 0 ? String(Math.max(0, start - limit)) : null },
    };
  };
  return { queries, offsetRun, cursorRun };
}

describe('query builders', () => {
  it('builds Mongo-like filters, joins two conditions with $and, and pages 50 by default', () => {
    const q = new QueryBuilder<number>(async () => ({ items: [] }), 'offset')
      .eq('id', 'a')
      .in('collectionIds', ['c1'])
      .ge('price', 5)
      .descending('lastUpdated');
    expect(q.build()).toEqual({
      filter: { $and: [{ id: 'a' }, { collectionIds: { $in: ['c1'] } }, { price: { $gte: 5 } }] },
      sort: [{ fieldName: 'lastUpdated', order: 'DESC' }],
      paging: { limit: 50, offset: 0 },
    });
    const base = new QueryBuilder<number>(async () => ({ items: [] }), 'cursor');
    expect(base.isEmpty('ribbon').build()).toEqual({ filter: { ribbon: null }, cursorPaging: { limit: 50 } });
    expect(base.eq('a', 1).or(base.eq('b', 2)).build().filter).toEqual({ $or: [{ a: 1 }, { b: 2 }] });
    expect(base.not(base.startsWith('name', 'x')).build().filter).toEqual({ $not: { name: { $startsWith: 'x' } } });
    expect(base.contains('code', 'ring').or(base.endsWith('name', 'sale')).build().filter).toEqual({
      $or: [{ code: { $contains: 'ring' } }, { name: { $endsWith: 'sale' } }],
    });
  });

  it('walks offset pages forward and back, and fails past either end with the exact messages', async () => {
    const { offsetRun, queries } = numbers(25);
    const first = await new QueryBuilder(offsetRun, 'offset').limit(10).find();
    expect(first).toMatchObject({
      items: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      totalCount: 25,
      totalPages: 3,
      currentPage: 0,
    });
    expect(first.hasPrev()).toBe(false);
    await expect(first.prev()).rejects.toThrow('No previous page to fetch');
    await expect(first.prev()).rejects.toBeInstanceOf(MerxClientError);
    const last = await (await first.next()).next();
    expect(last.items).toEqual([20, 21, 22, 23, 24]);
    expect(last.hasNext()).toBe(false);
    await expect(last.next()).rejects.toThrow('No next page to fetch');
    expect((await last.prev()).items[0]).toBe(10);
    expect(queries.map((q) => q.paging?.offset)).toEqual([0, 10, 20, 10]);
  });

  it('has no next page when the total is not counted', async () => {
    const page = await new QueryBuilder<number>(async () => ({ items: [1], tooManyToCount: true }), 'offset').find();
    expect(page.totalCount).toBeUndefined();
    expect(page.hasNext()).toBe(false);
  });

  it('follows cursors, asking for the next page with the cursor alone', async () => {
    const { cursorRun, queries } = numbers(5);
    const first = await new QueryBuilder(cursorRun, 'cursor').eq('x', 1).ascending('x').limit(2).find();
    expect(first.hasPrev()).toBe(false);
    await expect(first.prev()).rejects.toThrow('No previous page to fetch');
    const second = await first.next();
    const third = await second.next();
    expect(third.items).toEqual([4]);
    await expect(third.next()).rejects.toThrow('No next page to fetch');
    expect(queries[1]).toEqual({ cursorPaging: { limit: 2, cursor: '2' } });
    expect((await third.prev()).items).toEqual([2, 3]);
  });
});
