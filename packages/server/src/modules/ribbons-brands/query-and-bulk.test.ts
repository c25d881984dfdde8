import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, expectViolation, unique } from '../products/catalog-test-kit.js';
import { ENTITIES, type Entity, expectNoWrites, type NamedKit, startNamedKit } from './ribbons-brands-test-kit.js';

let kit: NamedKit;
beforeAll(async () => {
  kit = await startNamedKit();
});
afterAll(async () => {
  await kit.close();
});

const NO_SUCH_ID = '00000000-0000-7000-8000-000000000000';

/** Every page of a cursor query, following `next` (and checking `prev` leads back). */
async function allPages(e: Entity, query: Record<string, unknown>) {
  const pages: string[][] = [];
  let res = await kit.visitor.post(`${e.base}/query`, { query });
  for (;;) {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const meta = res.body.pagingMetadata;
    pages.push(res.body[e.many].map((x: { name: string }) => x.name));
    expect(meta.count).toBe(res.body[e.many].length);
    expect(meta.hasNext).toBe(Boolean(meta.cursors.next));
    if (!meta.cursors.next) return { pages, last: res.body };
    res = await kit.visitor.post(`${e.base}/query`, {
      query: { cursorPaging: { limit: 2, cursor: meta.cursors.next } },
    });
  }
}

describe.each(ENTITIES)('$many v3: query and count', (e) => {
  const prefix = unique('Q');
  const names = ['a', 'b', 'c', 'd'].map((x) => `${prefix} ${x}`);
  beforeAll(async () => {
    for (const name of names) await kit.create(e, name);
  });

  it('pages with cursors; a page that fills its limit at the end has no next cursor', async () => {
    const { pages, last } = await allPages(e, {
      filter: { name: { $startsWith: prefix.toUpperCase() } },
      sort: [{ fieldName: 'name', order: 'DESC' }],
      cursorPaging: { limit: 2 },
    });
    expect(pages).toEqual([
      [names[3], names[2]],
      [names[1], names[0]],
    ]);
    // Back from the last page to the first.
    const back = await kit.visitor.post(`${e.base}/query`, {
      query: { cursorPaging: { limit: 2, cursor: last.pagingMetadata.cursors.prev } },
    });
    expect(back.body[e.many].map((x: { name: string }) => x.name)).toEqual([names[3], names[2]]);
    expect(back.body.pagingMetadata.cursors.prev ?? null).toBeNull();
  });

  it('answers the same on GET (.r envelope) as on POST, with the product counts when asked', async () => {
    const query = { filter: { name: { $in: names } }, cursorPaging: { limit: 10 } };
    const viaGet = await kit.visitor.getR(`${e.base}/query`, { query, fields: [e.countRequest] });
    const viaPost = await kit.visitor.post(`${e.base}/query`, { query, fields: [e.countRequest] });
    expect(viaGet.status, JSON.stringify(viaGet.body)).toBe(200);
    expect(viaGet.body).toEqual(viaPost.body);
    expect(viaGet.body[e.many].map((x: Record<string, unknown>) => [x.name, x[e.countField]])).toEqual(
      names.map((n) => [n, 0]),
    );
    expect(viaGet.body.pagingMetadata).toEqual({ count: 4, cursors: { next: null, prev: null }, hasNext: false });
  });

  it('refuses a bad cursor, an unknown filter or sort field, a bad limit and an unknown requested field', async () => {
    expectViolation(
      await kit.visitor.post(`${e.base}/query`, { query: { cursorPaging: { cursor: 'not-a-cursor' } } }),
      'query.cursorPaging.cursor',
    );
    expectViolation(
      await kit.visitor.post(`${e.base}/query`, { query: { filter: { slug: 'x' } } }),
      'query.filter.slug',
    );
    expectViolation(
      await kit.visitor.post(`${e.base}/query`, { query: { sort: [{ fieldName: 'revision' }] } }),
      'query.sort[0].fieldName',
    );
    expectViolation(
      await kit.visitor.post(`${e.base}/query`, { query: { cursorPaging: { limit: 101 } } }),
      'query.cursorPaging.limit',
    );
    expectViolation(await kit.visitor.post(`${e.base}/query`, { fields: ['NAME'] }), 'fields[0]');
  });

  it('counts on POST and GET, with a filter or without', async () => {
    const filtered = await kit.visitor.post(`${e.base}/count`, { filter: { name: { $startsWith: prefix } } });
    expect(filtered.body).toEqual({ count: 4 });
    const viaGet = await kit.visitor.getR(`${e.base}/count`, { filter: { name: names[0] } });
    expect(viaGet.body).toEqual({ count: 1 });
    const all = await kit.visitor.post(`${e.base}/count`, {});
    expect(all.body.count).toBe((await kit.rows())[e.many]);
    expectViolation(await kit.visitor.post(`${e.base}/count`, { filter: { nope: 1 } }), 'filter.nope');
  });
});

describe.each(ENTITIES)('$many v3: bulk calls', (e) => {
  it('creates many with a result each; a taken name fails its item only', async () => {
    const taken = await kit.create(e, unique('Taken '));
    const fresh = unique('Fresh ');
    const res = await kit.owner.post(`${e.bulk}/create`, {
      [e.many]: [{ name: fresh }, { name: taken.name.toUpperCase() }, { name: `${fresh} two` }, { name: fresh }],
      returnEntity: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { results, bulkActionMetadata } = res.body;
    expect(bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 2, undetailedFailures: 0 });
    expect(results.map((r: { itemMetadata: { success: boolean } }) => r.itemMetadata.success)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(results[0].item).toMatchObject({ name: fresh, revision: '1', id: results[0].itemMetadata.id });
    expect(results[1].itemMetadata).toMatchObject({ id: null, originalIndex: 1, error: { code: e.exists } });
    expect(results[1].itemMetadata.error.data).toMatchObject({ field: `${e.many}[1].name` });
    const lean = await kit.owner.post(`${e.bulk}/create`, { [e.many]: [{ name: unique('Lean ') }] });
    expect(lean.body.results[0].item).toBeUndefined();
    expect(lean.body.results[0].itemMetadata).toMatchObject({ success: true, id: expect.any(String) });
  });

  it('refuses a bulk create with a bad name, or none, or too many, writing nothing', async () => {
    await expectNoWrites(kit, async () => {
      expectViolation(
        await kit.owner.post(`${e.bulk}/create`, { [e.many]: [{ name: unique('Ok ') }, { name: ' ' }] }),
        `${e.many}[1].name`,
      );
      expectViolation(await kit.owner.post(`${e.bulk}/create`, { [e.many]: [] }), e.many);
      const many = Array.from({ length: 101 }, (_, i) => ({ name: `n${i}` }));
      expectViolation(await kit.owner.post(`${e.bulk}/create`, { [e.many]: many }), e.many);
    });
  });

  it('renames many; a stale revision or an unknown id fails its item only, a field mask without name keeps it', async () => {
    const a = await kit.create(e, unique('Ua '));
    const b = await kit.create(e, unique('Ub '));
    const c = await kit.create(e, unique('Uc '));
    const newA = unique('Na ');
    const res = await kit.owner.post(`${e.bulk}/update`, {
      [e.many]: [
        { [e.one]: { id: a.id, revision: '1', name: newA } },
        { [e.one]: { id: b.id, revision: '7', name: unique('Nb ') } },
        { [e.one]: { id: NO_SUCH_ID, revision: '1', name: unique('Nx ') } },
        { [e.one]: { id: c.id, revision: '1', name: unique('Nc ') }, fieldMask: ['revision'] },
      ],
      returnEntity: true,
      fields: [e.countRequest],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [ra, rb, rx, rc] = res.body.results;
    expect(ra.item).toMatchObject({ id: a.id, name: newA, revision: '2', [e.countField]: 0 });
    expect(rb.itemMetadata).toMatchObject({ id: b.id, success: false, error: { code: 'CONCURRENT_MODIFICATION' } });
    expect(rx.itemMetadata).toMatchObject({ id: NO_SUCH_ID, success: false, error: { code: e.notFound } });
    expect(rc.item).toMatchObject({ id: c.id, name: c.name, revision: '2' });
    expect((await kit.visitor.get(`${e.base}/${b.id}`)).body[e.one]).toEqual(b);
    expectViolation(
      await kit.owner.post(`${e.bulk}/update`, { [e.many]: [{ [e.one]: { revision: '1', name: 'x' } }] }),
      `${e.many}[0].${e.one}.id`,
    );
  });

  it('gets or creates many by name: one entity per name whatever its case', async () => {
    const old = await kit.create(e, unique('Old '));
    const fresh = unique('Brand new ');
    const res = await kit.owner.post(`${e.bulk}/get-or-create`, {
      [`${e.one}Names`]: [old.name.toLowerCase(), fresh, fresh.toUpperCase()],
      fields: [e.countRequest],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.results.map((r: { item: { id: string } }) => r.item.id);
    expect(ids[0]).toBe(old.id);
    expect(ids[2]).toBe(ids[1]);
    expect(res.body.results[1].item).toMatchObject({ name: fresh, [e.countField]: 0 });
    expect(res.body.bulkActionMetadata.totalSuccesses).toBe(3);
    await expectNoWrites(kit, async () => {
      expectViolation(
        await kit.owner.post(`${e.bulk}/get-or-create`, { [`${e.one}Names`]: ['ok', 'x'.repeat(e.maxName + 1)] }),
        `${e.one}Names[1]`,
      );
    });
  });

  it('deletes many with a result per id', async () => {
    const a = await kit.create(e, unique('Da '));
    const res = await kit.owner.post(`${e.bulk}/delete`, { [`${e.one}Ids`]: [a.id, NO_SUCH_ID, a.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: { itemMetadata: unknown }) => r.itemMetadata)).toEqual([
      { id: a.id, originalIndex: 0, success: true },
      expect.objectContaining({
        id: NO_SUCH_ID,
        originalIndex: 1,
        success: false,
        error: expect.objectContaining({ code: e.notFound }),
      }),
      expect.objectContaining({ id: a.id, originalIndex: 2, success: false }),
    ]);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 2, undetailedFailures: 0 });
    await expectNoWrites(kit, async () => {
      expectViolation(await kit.owner.post(`${e.bulk}/delete`, { [`${e.one}Ids`]: ['bad id!'] }), `${e.one}Ids[0]`);
      expectAppError(
        await kit.visitor.post(`${e.bulk}/delete`, { [`${e.one}Ids`]: [NO_SUCH_ID] }),
        401,
        'UNAUTHENTICATED',
      );
    });
  });
});
