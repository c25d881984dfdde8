import { parseQuery, ValidationError } from '@merx/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeCursor } from './cursor.js';
import { runQuery } from './run.js';
import { engineNames, type ItemsEngine, itemSpec, openItemsDb } from './test-items.js';

const SECRET = 'test-cursor-secret';

describe.each(engineNames())('runQuery on %s', (engineName) => {
  let engine: ItemsEngine;
  beforeAll(async () => {
    engine = await openItemsDb(engineName);
  });
  afterAll(async () => {
    await engine?.destroy();
  });
  beforeEach(() => {
    engine.queries.length = 0;
  });

  async function run(wire: unknown, withTotal?: boolean) {
    const query = parseQuery(wire, itemSpec);
    const base = engine.db.selectFrom('items').select(['items.id']);
    const page = await runQuery<{ id: string }>({
      base,
      spec: itemSpec,
      query,
      cursorSecret: SECRET,
      ...(withTotal === undefined ? {} : { withTotal }),
    });
    return { ...page, ids: page.rows.map((r) => r.id) };
  }

  const byPrice = [{ fieldName: 'price', order: 'DESC' }];
  const visibleByPriceDesc = ['i04', 'i01', 'i08', 'i02', 'i10', 'i07', 'i11'];

  it('returns the first offset page with the total, in two statements', async () => {
    const page = await run({ sort: byPrice, paging: { limit: 5 } });
    expect(page.ids).toEqual(['i04', 'i03', 'i09', 'i05', 'i12']);
    expect(page).toMatchObject({ offset: 0, limit: 5, total: 12, nextCursor: null, prevCursor: null });
    expect(engine.queries).toHaveLength(2);
  });

  it('knows the total from a short last page without counting', async () => {
    const page = await run({ sort: byPrice, paging: { limit: 5, offset: 10 } });
    expect(page.ids).toEqual(['i07', 'i11']);
    expect(page.total).toBe(12);
    expect(engine.queries).toHaveLength(1);
  });

  it('still counts when the offset is past the end', async () => {
    const page = await run({ paging: { limit: 5, offset: 40 } });
    expect(page.ids).toEqual([]);
    expect(page.total).toBe(12);
  });

  it('counts only the rows matching the filter', async () => {
    const page = await run({ filter: { visible: true }, sort: byPrice, paging: { limit: 2, offset: 2 } });
    expect(page.ids).toEqual(['i08', 'i02']);
    expect(page.total).toBe(7);
  });

  it('skips the count when no total is wanted', async () => {
    const page = await run({ paging: { limit: 2 } }, false);
    expect(page.total).toBeUndefined();
    expect(engine.queries).toHaveLength(1);
  });

  it('uses the spec default sort when the request has none', async () => {
    const page = await run({ paging: { limit: 4 } });
    expect(page.ids).toEqual(['i04', 'i10', 'i12', 'i08']);
  });

  it('counts with countBase when one is given', async () => {
    const query = parseQuery({ paging: { limit: 1 } }, itemSpec);
    const base = engine.db.selectFrom('items').select('items.id');
    const countBase = engine.db.selectFrom('items').where('items.visible', '=', 1);
    const page = await runQuery({ base, countBase, spec: itemSpec, query, cursorSecret: SECRET });
    expect(page.total).toBe(7);
  });

  it('walks every page forwards with cursors that carry the filter and sort', async () => {
    const first = await run({ filter: { visible: true }, sort: byPrice, cursorPaging: { limit: 3 } });
    expect(first.ids).toEqual(visibleByPriceDesc.slice(0, 3));
    expect(first).toMatchObject({ total: undefined, prevCursor: null });
    expect(engine.queries).toHaveLength(1);

    const second = await run({ cursorPaging: { limit: 3, cursor: first.nextCursor } });
    expect(second.ids).toEqual(visibleByPriceDesc.slice(3, 6));
    expect(second.prevCursor).not.toBeNull();

    const third = await run({ cursorPaging: { limit: 3, cursor: second.nextCursor } });
    expect(third.ids).toEqual(visibleByPriceDesc.slice(6));
    expect(third.nextCursor).toBeNull();

    const back = await run({ cursorPaging: { limit: 3, cursor: third.prevCursor } });
    expect(back.ids).toEqual(second.ids);
  });

  it('gives no next cursor when the last page is exactly full', async () => {
    const page = await run({ filter: { visible: true }, cursorPaging: { limit: 7 } });
    expect(page.ids).toHaveLength(7);
    expect(page.nextCursor).toBeNull();
  });

  it('refuses a tampered cursor', async () => {
    const first = await run({ filter: { visible: true }, cursorPaging: { limit: 3 } });
    const cursor = first.nextCursor!;
    const flipped = cursor.slice(0, 30) + (cursor[30] === 'A' ? 'B' : 'A') + cursor.slice(31);
    await expect(run({ cursorPaging: { cursor: flipped } })).rejects.toThrow(ValidationError);
    await expect(run({ cursorPaging: { cursor: flipped } })).rejects.toMatchObject({
      violations: [{ field: 'query.cursorPaging.cursor', description: 'invalid cursor' }],
    });
  });

  it('refuses a cursor signed for another table or with another secret', async () => {
    const state = { filter: null, sort: [], offset: 3, limit: 3 };
    await expect(run({ cursorPaging: { cursor: encodeCursor(state, SECRET, 'products') } })).rejects.toThrow(
      'invalid cursor',
    );
    await expect(run({ cursorPaging: { cursor: encodeCursor(state, 'other', 'items') } })).rejects.toThrow(
      'invalid cursor',
    );
  });

  it('refuses a validly signed cursor naming a field the spec no longer has', async () => {
    const state = { filter: { kind: 'exists', field: 'gone', value: true } as const, sort: [], offset: 3, limit: 3 };
    await expect(run({ cursorPaging: { cursor: encodeCursor(state, SECRET, 'items') } })).rejects.toThrow(
      'invalid cursor',
    );
  });

  describe('with deferred rows', () => {
    // The page's rows read by id after the page is found, with a per-row subquery (the item's tags).
    const rows = (page: Parameters<NonNullable<Parameters<typeof runQuery>[0]['rows']>>[0]) =>
      engine.db
        .selectFrom(page.as('page'))
        .innerJoin('items', 'items.id', 'page.page_id' as never)
        .select(['items.id', 'items.name'])
        .select(sql<number>`(select count(*) from item_tags where item_tags.item_id = items.id)`.as('tag_count'));

    async function both(wire: unknown) {
      const query = parseQuery(wire, itemSpec);
      const base = engine.db.selectFrom('items').select(['items.id']);
      const plain = await runQuery<{ id: string }>({ base, spec: itemSpec, query, cursorSecret: SECRET });
      engine.queries.length = 0;
      const deferred = await runQuery<{ id: string; name: string | null; tag_count: number | string }>({
        base,
        spec: itemSpec,
        query,
        cursorSecret: SECRET,
        rows,
      });
      return { plain, deferred };
    }

    it.each([
      ['price, nulls included', [{ fieldName: 'price', order: 'DESC' }]],
      ['price ascending', [{ fieldName: 'price', order: 'ASC' }]],
      ['name (nullable, mixed case)', [{ fieldName: 'name', order: 'ASC' }]],
      ['created date then price', [{ fieldName: 'createdDate' }, { fieldName: 'price', order: 'DESC' }]],
      ['the default sort', []],
    ])('gives the same pages as the plain query, sorted by %s', async (_, sort) => {
      for (const offset of [0, 1, 4, 9, 11, 12]) {
        const { plain, deferred } = await both({ sort, paging: { limit: 4, offset } });
        expect(deferred.rows.map((r) => r.id)).toEqual(plain.rows.map((r) => r.id));
        expect(deferred.total).toBe(plain.total);
      }
    });

    it('reads the page and its rows in one statement (then the count), per-row columns included', async () => {
      const { deferred } = await both({ sort: [{ fieldName: 'price', order: 'DESC' }], paging: { limit: 3 } });
      expect(deferred.rows.map((r) => [r.id, r.name, Number(r.tag_count)])).toEqual([
        ['i04', 'dragon_fruit', 0],
        ['i03', 'Cherry 100%', 1],
        ['i09', 'elderberry', 1],
      ]);
      expect(engine.queries).toHaveLength(2);
      expect(engine.queries[0]).toMatch(/page_id/);
    });

    it('keeps a filtered page and its cursors', async () => {
      const first = await both({ filter: { visible: true }, sort: byPrice, cursorPaging: { limit: 3 } });
      expect(first.deferred.rows.map((r) => r.id)).toEqual(visibleByPriceDesc.slice(0, 3));
      const next = await both({ cursorPaging: { limit: 3, cursor: first.deferred.nextCursor } });
      expect(next.deferred.rows.map((r) => r.id)).toEqual(visibleByPriceDesc.slice(3, 6));
    });
  });
});
