import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation, type Kit, startKit, unique } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const QUERY = '/stores-reader/v1/products/query-platformized';

describe('product queries that are refused with 400', () => {
  it('refuses an unknown filter field, naming it', async () => {
    const res = await kit.visitor.post(QUERY, { query: { filter: { colour: 'red' } } });
    expectViolation(res, 'query.filter.colour', 'FIELD_NOT_ALLOWED');
    expectViolation(
      await kit.visitor.getR(QUERY, { query: { filter: { 'data.secret': 1 } } }),
      'query.filter.data.secret',
    );
  });

  it('refuses an unknown operator, naming it', async () => {
    expectViolation(
      await kit.visitor.post(QUERY, { query: { filter: { name: { $regex: '.*' } } } }),
      'query.filter.name.$regex',
    );
    expectViolation(await kit.visitor.post(QUERY, { query: { filter: { $where: 'x' } } }), 'query.filter.$where');
    expectViolation(
      await kit.visitor.post(QUERY, { query: { filter: { collectionIds: { $startsWith: 'a' } } } }),
      'query.filter.collectionIds.$startsWith',
    );
  });

  it('refuses values of the wrong type', async () => {
    expectViolation(
      await kit.visitor.post(QUERY, { query: { filter: { 'priceData.price': { $gt: 'ten' } } } }),
      'query.filter.priceData.price.$gt',
    );
    expectViolation(await kit.visitor.post(QUERY, { query: { filter: { visible: 'yes' } } }), 'query.filter.visible');
    expectViolation(await kit.visitor.post(QUERY, { query: { filter: { id: { $in: 'x' } } } }), 'query.filter.id.$in');
    expectViolation(
      await kit.visitor.post(QUERY, { query: { filter: { lastUpdated: { $gt: 'yesterday' } } } }),
      'query.filter.lastUpdated.$gt',
    );
  });

  it('refuses an unknown or unsortable sort field and a bad order', async () => {
    expectViolation(
      await kit.visitor.post(QUERY, { query: { sort: [{ fieldName: 'colour' }] } }),
      'query.sort[0].fieldName',
    );
    expectViolation(
      await kit.visitor.post(QUERY, { query: { sort: [{ fieldName: 'collectionIds' }] } }),
      'query.sort[0].fieldName',
    );
    expectViolation(
      await kit.visitor.post(QUERY, { query: { sort: [{ fieldName: 'name', order: 'UP' }] } }),
      'query.sort[0].order',
    );
    expectViolation(
      await kit.visitor.post(QUERY, { query: { sort: JSON.stringify([{ fieldName: 'name', order: 'UP' }]) } }),
      'query.sort[0].order',
    );
  });

  it('refuses a limit over 100 and a negative offset', async () => {
    expectViolation(await kit.visitor.getR(QUERY, { query: { paging: { limit: 101 } } }), 'query.paging.limit', 'MAX');
    expectViolation(await kit.visitor.post(QUERY, { query: { paging: { offset: -1 } } }), 'query.paging.offset', 'MIN');
    expectViolation(
      await kit.visitor.post(QUERY, { query: { cursorPaging: { limit: 500 } } }),
      'query.cursorPaging.limit',
    );
  });

  it('refuses a tampered cursor and a cursor from another list', async () => {
    const brand = unique('Cur');
    for (let i = 0; i < 3; i++) await kit.createProduct({ brand });
    const first = await kit.visitor.post(QUERY, { query: { filter: { brand }, cursorPaging: { limit: 1 } } });
    const cursor: string = first.body.metadata.cursors.next;
    expect(cursor).toBeTruthy();
    const flipped = `${cursor.slice(0, -2)}${cursor.endsWith('A') ? 'B' : 'A'}${cursor.slice(-1)}`;
    for (const bad of [flipped, `${cursor}x`, 'not-a-cursor', 'A'.repeat(40)]) {
      const res = await kit.visitor.post(QUERY, { query: { cursorPaging: { limit: 1, cursor: bad } } });
      expectViolation(res, 'query.cursorPaging.cursor');
    }
    const variants = await kit.visitor.post('/stores-reader/v1/variants/query', {
      query: { cursorPaging: { limit: 1, cursor } },
    });
    expectViolation(variants, 'query.cursorPaging.cursor');
  });

  it('refuses paging and cursorPaging together', async () => {
    const res = await kit.visitor.post(QUERY, { query: { paging: { limit: 1 }, cursorPaging: { limit: 1 } } });
    expectViolation(res, 'query.paging');
  });

  it('refuses a .r envelope that is not base64url JSON of an object', async () => {
    expectViolation(await kit.request({ method: 'GET', url: `${QUERY}?.r=%%%` }), '.r');
    const notObject = Buffer.from('[1]').toString('base64url');
    expectViolation(await kit.request({ method: 'GET', url: `${QUERY}?.r=${notObject}` }), '.r');
  });

  it('refuses a filter value with a NUL character instead of failing in the database', async () => {
    expectViolation(await kit.visitor.post(QUERY, { query: { filter: { name: 'a\u0000' } } }), 'query.filter.name');
    expectViolation(
      await kit.visitor.getR(QUERY, { query: { filter: { name: { $in: ['\u0000'] } } } }),
      'query.filter.name.$in[0]',
    );
  });

  it('refuses includeMerchantSpecificData from a public caller with 403', async () => {
    const res = await kit.visitor.post(QUERY, { includeMerchantSpecificData: true });
    expect(res.status).toBe(403);
    expect(res.body.details.applicationError.code).toBe('PERMISSION_DENIED');
  });
});
