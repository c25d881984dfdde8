import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  expectAppError,
  expectUnchanged,
  expectViolation,
  type Kit,
  startKit,
  unique,
} from '../products/catalog-test-kit.js';

const BASE = '/stores/v3/info-sections';
const BULK = '/stores/v3/bulk/info-sections';
const NO_SUCH_ID = '00000000-0000-7000-8000-000000000000';
const event = (what: string) => `wix.stores.catalog.v3.info_section_${what}`;

let kit: Kit;
let reader: Client;

beforeAll(async () => {
  kit = await startKit();
  reader = await kit.clientWith(['catalog:read']);
});
afterAll(async () => {
  await kit.close();
});

/** Rows of info sections and of the outbox. */
async function rows() {
  const n = kit.rowsIn;
  return { sections: await n('info_sections'), outbox: await n('outbox'), catalog: await kit.counts() };
}

const expectNoWrites = (fn: () => Promise<void>) => expectUnchanged(rows, fn);

const paragraph = (text: string, decorations: unknown[] = []) => ({
  type: 'PARAGRAPH',
  id: 'p1',
  nodes: [{ type: 'TEXT', id: 't1', textData: { text, decorations } }],
});

async function create(input: Record<string, unknown> = {}) {
  const res = await kit.owner.post(BASE, {
    infoSection: { uniqueName: unique('sec-'), title: 'Care', ...input },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.infoSection;
}

describe('info sections v3: one at a time', () => {
  it('creates one from rich content, stores its HTML beside it, and says so in the outbox', async () => {
    const seq = await kit.lastSeq();
    const uniqueName = unique('care-');
    const res = await kit.owner.post(BASE, {
      infoSection: {
        uniqueName: `  ${uniqueName} `,
        title: ' Care ',
        description: { nodes: [paragraph('Wash cold', [{ type: 'BOLD' }])] },
        id: 'ignored',
        revision: '9',
        assignedProductsCount: 5,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body.infoSection;
    expect(s).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      revision: '1',
      createdDate: expect.any(String),
      updatedDate: s.createdDate,
      uniqueName,
      title: 'Care',
      description: { nodes: [expect.objectContaining({ type: 'PARAGRAPH' })] },
      plainDescription: '<p><strong>Wash cold</strong></p>',
    });
    expect(await kit.eventsSince(seq)).toEqual([{ type: event('created'), entityId: s.id, payload: { entity: s } }]);
    const row = await kit.server.merx.db
      .selectFrom('info_sections')
      .selectAll()
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(row.description_html).toBe('<p><strong>Wash cold</strong></p>');
    expect(JSON.parse(row.description)).toEqual(s.description);
  });

  it('reads HTML into rich content when only plainDescription is sent, without what is unsafe', async () => {
    const s = await create({
      plainDescription: '<p>Dry <em>flat</em><script>alert(1)</script><img src=x onerror=alert(1)></p>',
    });
    expect(s.plainDescription.startsWith('<p>Dry <em>flat</em></p>')).toBe(true);
    expect(JSON.stringify(s.description)).toContain('ITALIC');
    expect(JSON.stringify(s)).not.toMatch(/<script|onerror|alert\(/);
    const both = await create({ description: { nodes: [paragraph('Rich wins')] }, plainDescription: '<p>Lost</p>' });
    expect(both.plainDescription).toBe('<p>Rich wins</p>');
    const none = await create();
    expect(none).toMatchObject({ description: { nodes: [] }, plainDescription: '' });
  });

  it('refuses empty, blank, too long and missing fields, writing nothing', async () => {
    await expectNoWrites(async () => {
      for (const uniqueName of ['', '   ', 'x'.repeat(101)]) {
        expectViolation(
          await kit.owner.post(BASE, { infoSection: { uniqueName, title: 'T' } }),
          'infoSection.uniqueName',
        );
      }
      for (const title of ['', '  ', 'x'.repeat(51)]) {
        expectViolation(await kit.owner.post(BASE, { infoSection: { uniqueName: 'u', title } }), 'infoSection.title');
      }
      expectViolation(await kit.owner.post(BASE, { infoSection: { title: 'T' } }), 'infoSection.uniqueName');
      expectViolation(await kit.owner.post(BASE, { infoSection: { uniqueName: 'u' } }), 'infoSection.title');
      expectViolation(await kit.owner.post(BASE, {}), 'infoSection');
      expectViolation(
        await kit.owner.post(BASE, {
          infoSection: { uniqueName: 'u', title: 'T', plainDescription: 'x'.repeat(16_001) },
        }),
        'infoSection.plainDescription',
      );
    });
  });

  it('refuses bad rich content naming the node, and a javascript: link, writing nothing', async () => {
    await expectNoWrites(async () => {
      const badType = await kit.owner.post(BASE, {
        infoSection: { uniqueName: unique('bad-'), title: 'T', description: { nodes: [{ type: 'SCRIPT' }] } },
      });
      expectViolation(badType, 'infoSection.description.nodes[0].type');
      const badDecoration = await kit.owner.post(BASE, {
        infoSection: {
          uniqueName: unique('bad-'),
          title: 'T',
          description: { nodes: [paragraph('x', [{ type: 'BLINK' }])] },
        },
      });
      expectViolation(badDecoration, 'infoSection.description.nodes[0].nodes[0].textData.decorations[0].type');
      const js = await kit.owner.post(BASE, {
        infoSection: {
          uniqueName: unique('bad-'),
          title: 'T',
          description: {
            nodes: [paragraph('click', [{ type: 'LINK', linkData: { link: { url: 'java\tscript:alert(1)' } } }])],
          },
        },
      });
      expect(js.status, JSON.stringify(js.body)).toBe(400);
      const fields = js.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
      expect(fields.join()).toMatch(/^infoSection\.description\.nodes\[0\]\.nodes\[0\]\.textData\.decorations\[0\]/);
      let deep: Record<string, unknown> = { type: 'PARAGRAPH' };
      for (let i = 0; i < 2_000; i++) deep = { type: 'BLOCKQUOTE', nodes: [deep] };
      const tooDeep = await kit.owner.post(BASE, {
        infoSection: { uniqueName: unique('bad-'), title: 'T', description: { nodes: [deep] } },
      });
      expect(tooDeep.status).toBe(400);
    });
  });

  it('refuses a huge body and malformed JSON without a 500 or a write', async () => {
    await expectNoWrites(async () => {
      const huge = await kit.request({
        method: 'POST',
        url: BASE,
        auth: kit.server.apiKey,
        payload: JSON.stringify({
          infoSection: { uniqueName: 'h', title: 'H', plainDescription: 'x'.repeat(20_000_000) },
        }),
      });
      expect([400, 413]).toContain(huge.status);
      const malformed = await kit.request({
        method: 'POST',
        url: BASE,
        auth: kit.server.apiKey,
        payload: '{"infoSection":',
      });
      expect(malformed.status).toBe(400);
      const viaOwner = await kit.owner.post(BASE, {
        infoSection: { uniqueName: 'h', title: 'H', description: { nodes: [paragraph('y'.repeat(100_001))] } },
      });
      expect(viaOwner.status).toBe(400);
    });
  });

  it('refuses a unique name already used, whatever its case, naming the field', async () => {
    const s = await create();
    await expectNoWrites(async () => {
      const res = await kit.owner.post(BASE, {
        infoSection: { uniqueName: s.uniqueName.toUpperCase(), title: 'Other' },
      });
      expectAppError(res, 409, 'INFO_SECTION_ALREADY_EXISTS');
      expect(res.body.details.applicationError.data).toMatchObject({ field: 'infoSection.uniqueName' });
    });
  });

  it('gets one by id for visitors, with the product count when asked', async () => {
    const s = await create({ plainDescription: '<p>Hi</p>' });
    const plain = await kit.visitor.get(`${BASE}/${s.id}`);
    expect(plain.status).toBe(200);
    expect(plain.body.infoSection).toEqual(s);
    const counted = await kit.visitor.get(`${BASE}/${s.id}?fields=ASSIGNED_PRODUCTS_COUNT`);
    expect(counted.body.infoSection).toEqual({ ...s, assignedProductsCount: 0 });
    expectAppError(await kit.visitor.get(`${BASE}/${NO_SUCH_ID}`), 404, 'INFO_SECTION_NOT_FOUND');
    expectViolation(await kit.visitor.get(`${BASE}/${s.id}?fields=PRODUCTS`), 'fields[0]', 'INVALID_ENUM_VALUE');
  });

  it('updates the fields sent with the revision read; a stale revision changes nothing', async () => {
    const s = await create({ plainDescription: '<p>Old</p>' });
    const seq = await kit.lastSeq();
    const res = await kit.owner.patch(`${BASE}/${s.id}`, {
      infoSection: { id: s.id, revision: s.revision, title: 'Washing', plainDescription: '<h2>New</h2>' },
      fields: ['ASSIGNED_PRODUCTS_COUNT'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body.infoSection;
    expect(after).toMatchObject({
      id: s.id,
      revision: '2',
      uniqueName: s.uniqueName,
      title: 'Washing',
      plainDescription: '<h2>New</h2>',
      assignedProductsCount: 0,
    });
    expect(after.description.nodes[0]).toMatchObject({ type: 'HEADING', headingData: { level: 2 } });
    const events = await kit.eventsSince(seq);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: event('updated'),
      entityId: s.id,
      payload: { modifiedFields: { title: 'Washing', plainDescription: '<h2>New</h2>' } },
    });
    expect(Object.keys(events[0]?.payload.modifiedFields as object).sort()).toEqual([
      'description',
      'plainDescription',
      'title',
    ]);
    await expectNoWrites(async () => {
      const stale = await kit.owner.patch(`${BASE}/${s.id}`, { infoSection: { revision: '1', title: 'Late' } });
      expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
      expect(stale.body.details.applicationError.data).toMatchObject({ currentRevision: '2' });
      expectAppError(
        await kit.owner.patch(`${BASE}/${NO_SUCH_ID}`, { infoSection: { revision: '1', title: 'X' } }),
        404,
        'INFO_SECTION_NOT_FOUND',
      );
      expectViolation(
        await kit.owner.patch(`${BASE}/${s.id}`, { infoSection: { title: 'X' } }),
        'infoSection.revision',
      );
      expectViolation(
        await kit.owner.patch(`${BASE}/${s.id}`, { infoSection: { revision: '2', title: '' } }),
        'infoSection.title',
      );
      expectViolation(
        await kit.owner.patch(`${BASE}/${s.id}`, {
          infoSection: { revision: '2', description: { nodes: [{ type: 'NOPE' }] } },
        }),
        'infoSection.description.nodes[0].type',
      );
    });
    const other = await create();
    await expectNoWrites(async () => {
      const taken = await kit.owner.patch(`${BASE}/${s.id}`, {
        infoSection: { revision: '2', uniqueName: other.uniqueName.toUpperCase() },
      });
      expectAppError(taken, 409, 'INFO_SECTION_ALREADY_EXISTS');
      expect(taken.body.details.applicationError.data.field).toBe('infoSection.uniqueName');
    });
    // Its own unique name in another case is a rename, not a conflict.
    const renamed = await kit.owner.patch(`${BASE}/${s.id}`, {
      infoSection: { revision: '2', uniqueName: s.uniqueName.toUpperCase() },
    });
    expect(renamed.body.infoSection).toMatchObject({ uniqueName: s.uniqueName.toUpperCase(), revision: '3' });
  });

  it('deletes one with an event; a second delete is 404', async () => {
    const s = await create();
    const seq = await kit.lastSeq();
    const res = await kit.owner.delete(`${BASE}/${s.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await kit.eventsSince(seq)).toEqual([{ type: event('deleted'), entityId: s.id, payload: { entity: s } }]);
    expectAppError(await kit.owner.delete(`${BASE}/${s.id}`), 404, 'INFO_SECTION_NOT_FOUND');
    expectAppError(await kit.visitor.get(`${BASE}/${s.id}`), 404, 'INFO_SECTION_NOT_FOUND');
  });

  it('gets or creates by unique name (any case) or by id', async () => {
    const uniqueName = unique('goc-');
    const made = await kit.owner.post(`${BASE}/get-or-create`, {
      infoSection: { uniqueName, title: 'Sizes', plainDescription: '<p>S M L</p>' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.infoSection).toMatchObject({ uniqueName, title: 'Sizes', revision: '1' });
    const seq = await kit.lastSeq();
    const again = await kit.owner.post(`${BASE}/get-or-create`, {
      infoSection: { uniqueName: uniqueName.toUpperCase(), title: 'Ignored' },
      fields: ['ASSIGNED_PRODUCTS_COUNT'],
    });
    expect(again.body.infoSection).toEqual({ ...made.body.infoSection, assignedProductsCount: 0 });
    const byId = await kit.owner.post(`${BASE}/get-or-create`, { infoSection: { id: made.body.infoSection.id } });
    expect(byId.body.infoSection).toEqual(made.body.infoSection);
    expect(await kit.eventsSince(seq)).toEqual([]);
    await expectNoWrites(async () => {
      expectViolation(await kit.owner.post(`${BASE}/get-or-create`, { infoSection: {} }), 'infoSection.uniqueName');
      expectViolation(
        await kit.owner.post(`${BASE}/get-or-create`, { infoSection: { uniqueName: unique('nt-') } }),
        'infoSection.title',
      );
      expectAppError(
        await kit.owner.post(`${BASE}/get-or-create`, { infoSection: { id: NO_SUCH_ID } }),
        404,
        'INFO_SECTION_NOT_FOUND',
      );
    });
  });

  it('reads are public and writes need catalog:write', async () => {
    const s = await create();
    expect((await kit.visitor.post(`${BASE}/query`, { query: {} })).status).toBe(200);
    expect((await kit.visitor.post(`${BASE}/count`, {})).status).toBe(200);
    await expectNoWrites(async () => {
      expect((await kit.visitor.post(BASE, { infoSection: { uniqueName: unique('v-'), title: 'V' } })).status).toBe(
        401,
      );
      expect((await reader.post(BASE, { infoSection: { uniqueName: unique('r-'), title: 'R' } })).status).toBe(403);
      expect((await reader.patch(`${BASE}/${s.id}`, { infoSection: { revision: '1', title: 'R' } })).status).toBe(403);
      expect((await reader.delete(`${BASE}/${s.id}`)).status).toBe(403);
      expect((await reader.post(`${BULK}/delete`, { infoSectionIds: [s.id] })).status).toBe(403);
      expect((await reader.post(`${BASE}/get-or-create`, { infoSection: { id: s.id } })).status).toBe(403);
    });
    expect((await reader.get(`${BASE}/${s.id}`)).status).toBe(200);
  });
});

describe('info sections v3: query and count', () => {
  const prefix = unique('q');
  const names = ['a', 'b', 'c', 'd'].map((x) => `${prefix}-${x}`);
  beforeAll(async () => {
    for (const [i, uniqueName] of names.entries()) await create({ uniqueName, title: `Title ${4 - i}` });
  });

  it('pages with cursors past both ends; an exactly filled last page has no next cursor', async () => {
    const query = {
      filter: { uniqueName: { $startsWith: prefix.toUpperCase() } },
      sort: [{ fieldName: 'uniqueName', order: 'DESC' }],
      cursorPaging: { limit: 2 },
    };
    const first = await kit.visitor.post(`${BASE}/query`, { query });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.infoSections.map((s: { uniqueName: string }) => s.uniqueName)).toEqual([names[3], names[2]]);
    expect(first.body.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    expect(first.body.pagingMetadata.cursors.prev ?? null).toBeNull();
    const second = await kit.visitor.post(`${BASE}/query`, {
      query: { cursorPaging: { limit: 2, cursor: first.body.pagingMetadata.cursors.next } },
    });
    expect(second.body.infoSections.map((s: { uniqueName: string }) => s.uniqueName)).toEqual([names[1], names[0]]);
    expect(second.body.pagingMetadata).toMatchObject({ count: 2, hasNext: false, cursors: { next: null } });
    const back = await kit.visitor.post(`${BASE}/query`, {
      query: { cursorPaging: { limit: 2, cursor: second.body.pagingMetadata.cursors.prev } },
    });
    expect(back.body.infoSections.map((s: { uniqueName: string }) => s.uniqueName)).toEqual([names[3], names[2]]);
    expect(back.body.pagingMetadata.cursors.prev ?? null).toBeNull();
  });

  it('answers GET (.r envelope) as POST; filters and sorts on title; counts with a filter', async () => {
    const query = {
      filter: { uniqueName: { $in: names } },
      sort: [{ fieldName: 'title' }],
      cursorPaging: { limit: 10 },
    };
    const viaGet = await kit.visitor.getR(`${BASE}/query`, { query, fields: ['ASSIGNED_PRODUCTS_COUNT'] });
    const viaPost = await kit.visitor.post(`${BASE}/query`, { query, fields: ['ASSIGNED_PRODUCTS_COUNT'] });
    expect(viaGet.status, JSON.stringify(viaGet.body)).toBe(200);
    expect(viaGet.body).toEqual(viaPost.body);
    expect(
      viaGet.body.infoSections.map((s: Record<string, unknown>) => [s.uniqueName, s.assignedProductsCount]),
    ).toEqual([...names].reverse().map((n) => [n, 0]));
    expect(viaGet.body.pagingMetadata).toEqual({ count: 4, cursors: { next: null, prev: null }, hasNext: false });
    const count = await kit.visitor.post(`${BASE}/count`, { filter: { uniqueName: { $startsWith: prefix } } });
    expect(count.body).toEqual({ count: 4 });
    const titled = await kit.visitor.post(`${BASE}/count`, {
      filter: { $and: [{ uniqueName: { $in: names } }, { title: 'Title 1' }] },
    });
    expect(titled.body).toEqual({ count: 1 });
  });

  it('refuses a bad cursor, unknown fields, a bad limit and an unknown requested field', async () => {
    const q = (query: unknown, extra: Record<string, unknown> = {}) =>
      kit.visitor.post(`${BASE}/query`, { query, ...extra });
    expectViolation(await q({ cursorPaging: { cursor: 'not-a-cursor' } }), 'query.cursorPaging.cursor');
    expectViolation(await q({ filter: { name: 'x' } }), 'query.filter.name');
    expectViolation(await q({ sort: [{ fieldName: 'description' }] }), 'query.sort[0].fieldName');
    expectViolation(await q({ cursorPaging: { limit: 101 } }), 'query.cursorPaging.limit');
    expectViolation(await q({}, { fields: ['NOPE'] }), 'fields[0]');
    expectViolation(
      await kit.visitor.post(`${BASE}/count`, { filter: { plainDescription: 'x' } }),
      'filter.plainDescription',
    );
    // A cursor of another table is not accepted here.
    for (const name of [unique('R'), unique('R')]) await kit.owner.post('/stores/v3/ribbons', { ribbon: { name } });
    const ribbons = await kit.visitor.post('/stores/v3/ribbons/query', { query: { cursorPaging: { limit: 1 } } });
    const foreign = ribbons.body.pagingMetadata.cursors.next;
    expect(typeof foreign).toBe('string');
    expectViolation(await q({ cursorPaging: { cursor: foreign } }), 'query.cursorPaging.cursor');
  });
});

describe('info sections v3: bulk', () => {
  it('creates with a result per item; a taken or repeated name fails its item only', async () => {
    const existing = await create();
    const a = unique('ba-');
    const res = await kit.owner.post(`${BULK}/create`, {
      infoSections: [
        { uniqueName: a, title: 'A', plainDescription: '<p>a</p>' },
        { uniqueName: existing.uniqueName, title: 'Taken' },
        { uniqueName: a.toUpperCase(), title: 'Again' },
      ],
      returnEntity: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 2, undetailedFailures: 0 });
    const [ok, taken, again] = res.body.results;
    expect(ok).toMatchObject({
      itemMetadata: { originalIndex: 0, success: true },
      item: { uniqueName: a, title: 'A' },
    });
    expect(ok.itemMetadata.id).toBe(ok.item.id);
    expect(taken.itemMetadata).toMatchObject({
      id: null,
      originalIndex: 1,
      success: false,
      error: { code: 'INFO_SECTION_ALREADY_EXISTS', data: { field: 'infoSections[1].uniqueName' } },
    });
    expect(again.itemMetadata.error.data.field).toBe('infoSections[2].uniqueName');
    const quiet = await kit.owner.post(`${BULK}/create`, { infoSections: [{ uniqueName: unique('bq-'), title: 'Q' }] });
    expect(quiet.body.results[0].item).toBeUndefined();
  });

  it('refuses a bulk request of the wrong shape whole', async () => {
    await expectNoWrites(async () => {
      expectViolation(await kit.owner.post(`${BULK}/create`, { infoSections: [] }), 'infoSections');
      expectViolation(
        await kit.owner.post(`${BULK}/create`, {
          infoSections: [
            { uniqueName: unique('ok-'), title: 'ok' },
            { uniqueName: 'x', title: '' },
          ],
        }),
        'infoSections[1].title',
      );
      const many = Array.from({ length: 101 }, (_, i) => ({ uniqueName: `m${i}`, title: 'M' }));
      expectViolation(await kit.owner.post(`${BULK}/create`, { infoSections: many }), 'infoSections');
      expectViolation(
        await kit.owner.post(`${BULK}/create`, {
          infoSections: [{ uniqueName: unique('bad-'), title: 'T', description: { nodes: [{ type: 'X' }] } }],
        }),
        'infoSections[0].description.nodes[0].type',
      );
      expectViolation(await kit.owner.post(`${BULK}/delete`, { infoSectionIds: ['bad id'] }), 'infoSectionIds[0]');
      expectViolation(
        await kit.owner.post(`${BULK}/update`, {
          infoSections: [{ infoSection: { id: NO_SUCH_ID, revision: '1' }, fieldMask: ['colour'] }],
        }),
        'infoSections[0].fieldMask[0]',
      );
    });
  });

  it('updates with compare-and-set per item and honours the field mask (list or comma text)', async () => {
    const s1 = await create({ title: 'One' });
    const s2 = await create({ title: 'Two' });
    const res = await kit.owner.post(`${BULK}/update`, {
      infoSections: [
        {
          infoSection: { id: s1.id, revision: '1', title: 'One!', plainDescription: '<p>masked out</p>' },
          fieldMask: 'title',
        },
        { infoSection: { id: s2.id, revision: '7', title: 'Stale' } },
        { infoSection: { id: NO_SUCH_ID, revision: '1', title: 'Nobody' } },
        { infoSection: { id: s2.id, revision: '1', uniqueName: s1.uniqueName } },
      ],
      returnEntity: true,
      fields: ['ASSIGNED_PRODUCTS_COUNT'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [ok, stale, missing, taken] = res.body.results;
    expect(ok.item).toMatchObject({
      id: s1.id,
      title: 'One!',
      plainDescription: '',
      revision: '2',
      assignedProductsCount: 0,
    });
    expect(stale.itemMetadata).toMatchObject({ id: s2.id, success: false, error: { code: 'CONCURRENT_MODIFICATION' } });
    expect(missing.itemMetadata).toMatchObject({ id: NO_SUCH_ID, error: { code: 'INFO_SECTION_NOT_FOUND' } });
    expect(taken.itemMetadata.error).toMatchObject({
      code: 'INFO_SECTION_ALREADY_EXISTS',
      data: { field: 'infoSections[3].infoSection.uniqueName' },
    });
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 3, undetailedFailures: 0 });
    expect((await kit.visitor.get(`${BASE}/${s2.id}`)).body.infoSection).toEqual(s2);
  });

  it('gets or creates per item, a missing title failing its item only', async () => {
    const existing = await create();
    const fresh = unique('bg-');
    const res = await kit.owner.post(`${BULK}/get-or-create`, {
      infoSections: [
        { uniqueName: existing.uniqueName.toUpperCase() },
        { uniqueName: fresh, title: 'Fresh' },
        { uniqueName: unique('nt-') },
        { id: existing.id },
        { id: NO_SUCH_ID },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [found, made, noTitle, byId, missing] = res.body.results;
    expect(found.item).toEqual(existing);
    expect(made.item).toMatchObject({ uniqueName: fresh, title: 'Fresh', revision: '1' });
    expect(noTitle.itemMetadata).toMatchObject({ success: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(JSON.stringify(noTitle.itemMetadata.error.data)).toContain('infoSections[2].title');
    expect(byId.item).toEqual(existing);
    expect(missing.itemMetadata).toMatchObject({ id: NO_SUCH_ID, error: { code: 'INFO_SECTION_NOT_FOUND' } });
    expectViolation(
      await kit.owner.post(`${BULK}/get-or-create`, { infoSections: [{}] }),
      'infoSections[0].uniqueName',
    );
  });

  it('deletes per id with an event each', async () => {
    const s = await create();
    const seq = await kit.lastSeq();
    const res = await kit.owner.post(`${BULK}/delete`, { infoSectionIds: [s.id, NO_SUCH_ID] });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { itemMetadata: { id: s.id, originalIndex: 0, success: true } },
      {
        itemMetadata: {
          id: NO_SUCH_ID,
          originalIndex: 1,
          success: false,
          error: expect.objectContaining({ code: 'INFO_SECTION_NOT_FOUND' }),
        },
      },
    ]);
    expect((await kit.eventsSince(seq)).map((e) => e.type)).toEqual([event('deleted')]);
  });
});

describe('info sections v3 beside v1 products (decision 0024)', () => {
  it('a v1 product keeps its inline sections; info section writes leave products untouched', async () => {
    const product = await kit.createProduct({
      additionalInfoSections: [{ title: 'Care', description: '<p>Wash <em>cold</em></p>' }],
    });
    const s = await create({ title: 'Care', plainDescription: '<p>Other</p>' });
    await kit.owner.patch(`${BASE}/${s.id}`, { infoSection: { revision: '1', title: 'Renamed' } });
    await kit.owner.delete(`${BASE}/${s.id}`);
    const read = await kit.visitor.get(`/stores-reader/v1/products/${product.id}`);
    expect(read.body.product.additionalInfoSections).toEqual([
      { title: 'Care', description: '<p>Wash <em>cold</em></p>' },
    ]);
    expect(read.body.product.lastUpdated).toBe(product.lastUpdated);
  });
});
