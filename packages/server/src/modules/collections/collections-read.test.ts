import { ALL_PRODUCTS_COLLECTION_ID, type Collection } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, expectViolation, type Kit, startKit, unique } from '../products/catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const QUERY = '/v2/collections/query';
const names = (res: { body: { collections: Collection[] } }) => res.body.collections.map((c) => c.name);

/** Four collections whose names share a unique prefix, so a $startsWith filter finds just them. */
async function four(): Promise<{ prefix: string; collections: Collection[] }> {
  const prefix = unique('Q');
  const collections: Collection[] = [];
  for (const n of ['c', 'a', 'd', 'b']) collections.push(await kit.createCollection({ name: `${prefix} ${n}` }));
  return { prefix, collections };
}

describe('collections by slug and id', () => {
  it('gets a collection by slug from the v1 and the v2 API', async () => {
    const c = await kit.createCollection({ description: 'By slug' });
    const v1 = await kit.visitor.get(`/stores-reader/v1/collections/slug/${c.slug}`, { slug: c.slug });
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual({ collection: c });
    const v2 = await kit.visitor.get(`/v2/collections/slug/${c.slug}`, { slug: c.slug });
    expect(v2.body).toEqual({ collection: c });
  });

  it('gets a collection with a non-Latin slug by its URL-encoded slug', async () => {
    const c = await kit.createCollection({ name: `日本茶 ${unique('x')}` });
    expect(c.slug.startsWith('日本茶-')).toBe(true);
    const res = await kit.visitor.get(`/v2/collections/slug/${encodeURIComponent(c.slug)}`);
    expect(res.body.collection?.id).toBe(c.id);
  });

  it('gets a collection by id from the v2 API', async () => {
    const c = await kit.createCollection();
    const res = await kit.visitor.get(`/v2/collections/${c.id}`, { id: c.id });
    expect(res.status).toBe(200);
    expect(res.body.collection).toEqual(c);
    const all = await kit.visitor.get(`/v2/collections/${ALL_PRODUCTS_COLLECTION_ID}`);
    expect(all.body.collection.slug).toBe('all-products');
  });

  it('answers 404 COLLECTION_NOT_FOUND for unknown ids and slugs', async () => {
    expectAppError(await kit.visitor.get('/v2/collections/nope'), 404, 'COLLECTION_NOT_FOUND');
    expectAppError(await kit.visitor.get('/v2/collections/slug/nope'), 404, 'COLLECTION_NOT_FOUND');
    expectAppError(await kit.visitor.get('/stores-reader/v1/collections/slug/nope'), 404, 'COLLECTION_NOT_FOUND');
  });

  it('hides hidden collections from shoppers but not from an API key', async () => {
    const c = await kit.createCollection({ visible: false });
    expectAppError(await kit.visitor.get(`/v2/collections/${c.id}`), 404, 'COLLECTION_NOT_FOUND');
    expectAppError(await kit.visitor.get(`/v2/collections/slug/${c.slug}`), 404, 'COLLECTION_NOT_FOUND');
    expect((await kit.owner.get(`/v2/collections/${c.id}`)).body.collection.visible).toBe(false);
    const filter = { name: c.name };
    expect((await kit.visitor.post(QUERY, { query: { filter } })).body.collections).toEqual([]);
    expect((await kit.owner.post(QUERY, { query: { filter } })).body.collections).toHaveLength(1);
  });

  it('never fails in the database on odd slugs', async () => {
    for (const slug of ['%00', '%E2%82%AC', 'UPPER', 'a'.repeat(200)]) {
      const res = await kit.visitor.get(`/v2/collections/slug/${slug}`);
      expect([400, 404]).toContain(res.status);
    }
  });
});

describe('GET and POST /v2/collections/query', () => {
  it('answers the same page to GET with .r and to POST, with paging metadata', async () => {
    const { prefix } = await four();
    const body = {
      query: {
        filter: { name: { $startsWith: prefix } },
        sort: [{ fieldName: 'name', order: 'ASC' }],
        paging: { limit: 3 },
      },
    };
    const viaGet = await kit.visitor.getR(QUERY, body);
    const viaPost = await kit.visitor.post(QUERY, body);
    expect(viaGet.status).toBe(200);
    expect(viaGet.body).toEqual(viaPost.body);
    expect(names(viaGet)).toEqual([`${prefix} a`, `${prefix} b`, `${prefix} c`]);
    expect(viaGet.body.metadata).toEqual({ count: 3, offset: 0, total: 4, tooManyToCount: false });
  });

  it('sorts descending and pages by offset', async () => {
    const { prefix } = await four();
    const res = await kit.visitor.post(QUERY, {
      query: {
        filter: { name: { $startsWith: prefix } },
        sort: [{ fieldName: 'name', order: 'DESC' }],
        paging: { limit: 2, offset: 2 },
      },
    });
    expect(names(res)).toEqual([`${prefix} b`, `${prefix} a`]);
    expect(res.body.metadata).toEqual({ count: 2, offset: 2, total: 4, tooManyToCount: false });
  });

  it('filters by id with $in and by slug', async () => {
    const { collections } = await four();
    const ids = [collections[0]!.id, collections[2]!.id];
    const res = await kit.visitor.getR(QUERY, { query: { filter: { id: { $in: ids } } } });
    expect(res.body.collections.map((c: Collection) => c.id).sort()).toEqual([...ids].sort());
    const bySlug = await kit.visitor.post(QUERY, { query: { filter: { slug: collections[1]!.slug } } });
    expect(bySlug.body.collections.map((c: Collection) => c.id)).toEqual([collections[1]!.id]);
  });

  it('pages with cursors', async () => {
    const { prefix } = await four();
    const first = await kit.visitor.post(QUERY, {
      query: { filter: { name: { $startsWith: prefix } }, sort: [{ fieldName: 'name' }], cursorPaging: { limit: 3 } },
    });
    const second = await kit.visitor.post(QUERY, {
      query: { cursorPaging: { limit: 3, cursor: first.body.metadata.cursors.next } },
    });
    expect([...names(first), ...names(second)]).toEqual(['a', 'b', 'c', 'd'].map((n) => `${prefix} ${n}`));
    expect(second.body.metadata.cursors?.next ?? null).toBeNull();
  });

  it('answers every collection with default paging for an empty query', async () => {
    const res = await kit.visitor.getR(QUERY, {});
    expect(res.status).toBe(200);
    expect(res.body.metadata.offset).toBe(0);
    expect(res.body.collections.length).toBeLessThanOrEqual(50);
  });

  it('refuses unknown fields and operators, limits over 100 and bad cursors', async () => {
    expectViolation(await kit.visitor.post(QUERY, { query: { filter: { colour: 'x' } } }), 'query.filter.colour');
    expectViolation(
      await kit.visitor.post(QUERY, { query: { filter: { name: { $near: 'x' } } } }),
      'query.filter.name.$near',
    );
    expectViolation(await kit.visitor.getR(QUERY, { query: { paging: { limit: 101 } } }), 'query.paging.limit');
    expectViolation(
      await kit.visitor.post(QUERY, { query: { cursorPaging: { cursor: 'forged' } } }),
      'query.cursorPaging.cursor',
    );
    expectViolation(await kit.visitor.post(QUERY, { query: { filter: { name: 'a\u0000' } } }), 'query.filter.name');
  });
});

describe('the v2 read API at /stores-reader/v2/collections (older @wix/stores releases)', () => {
  const LEGACY = '/stores-reader/v2/collections';

  it('answers by slug and by id exactly as the v2 API does', async () => {
    const c = await kit.createCollection({ description: 'Legacy' });
    const bySlug = await kit.visitor.get(`${LEGACY}/slug/${c.slug}`, { slug: c.slug });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual((await kit.visitor.get(`/v2/collections/slug/${c.slug}`)).body);
    expect(bySlug.body).toEqual({ collection: c });
    const byId = await kit.visitor.get(`${LEGACY}/${c.id}`, { id: c.id });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ collection: c });
    const all = await kit.visitor.get(`${LEGACY}/${ALL_PRODUCTS_COLLECTION_ID}`);
    expect(all.body.collection.slug).toBe('all-products');
  });

  it('answers the query as GET with .r and as POST {query:{filter,sort,paging}}, the same page as v2', async () => {
    const { prefix } = await four();
    const body = {
      query: {
        filter: { name: { $startsWith: prefix } },
        sort: [{ fieldName: 'name', order: 'DESC' }],
        paging: { limit: 2, offset: 1 },
      },
    };
    const viaPost = await kit.visitor.post(`${LEGACY}/query`, body);
    expect(viaPost.status).toBe(200);
    expect(names(viaPost)).toEqual([`${prefix} c`, `${prefix} b`]);
    expect(viaPost.body.metadata).toEqual({ count: 2, offset: 1, total: 4, tooManyToCount: false });
    expect((await kit.visitor.getR(`${LEGACY}/query`, body)).body).toEqual(viaPost.body);
    expect((await kit.visitor.post(QUERY, body)).body).toEqual(viaPost.body);
  });

  it('keeps the access of v2: hidden collections for an API key only', async () => {
    const c = await kit.createCollection({ visible: false });
    expect((await kit.visitor.get(`${LEGACY}/${c.id}`)).status).toBe(404);
    expect((await kit.visitor.get(`${LEGACY}/slug/${c.slug}`)).status).toBe(404);
    expect((await kit.owner.get(`${LEGACY}/slug/${c.slug}`)).body.collection.id).toBe(c.id);
    const filter = { name: c.name };
    expect((await kit.visitor.post(`${LEGACY}/query`, { query: { filter } })).body.collections).toEqual([]);
    expect((await kit.owner.post(`${LEGACY}/query`, { query: { filter } })).body.collections).toHaveLength(1);
    const routes = kit.server.routeTable.filter((r) => r.url.startsWith(LEGACY));
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        `GET ${LEGACY}/query`,
        `POST ${LEGACY}/query`,
        `GET ${LEGACY}/slug/:slug`,
        `GET ${LEGACY}/:id`,
      ]),
    );
    for (const r of routes) expect(r.access).toEqual({ kind: 'public' });
  });

  it('answers a missing collection with 404 and no applicationError, with a request id', async () => {
    for (const path of [`${LEGACY}/slug/nope`, `${LEGACY}/nope`, `${LEGACY}/slug`]) {
      const res = await kit.visitor.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ message: 'Collection not found', details: {} });
      expect(res.headers['x-wix-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('leaves the current paths answering COLLECTION_NOT_FOUND', async () => {
    for (const path of [
      '/v2/collections/slug/nope',
      '/v2/collections/nope',
      '/stores-reader/v1/collections/slug/nope',
    ]) {
      const res = await kit.visitor.get(path);
      expectAppError(res, 404, 'COLLECTION_NOT_FOUND');
    }
  });

  it('refuses bad input as v2 does: validation errors, not a bare not-found', async () => {
    expectViolation(
      await kit.visitor.post(`${LEGACY}/query`, { query: { filter: { colour: 'x' } } }),
      'query.filter.colour',
    );
    expectViolation(
      await kit.visitor.getR(`${LEGACY}/query`, { query: { paging: { limit: 101 } } }),
      'query.paging.limit',
    );
    expectViolation(
      await kit.visitor.post(`${LEGACY}/query`, { query: { paging: { limit: 'ten' } } }),
      'query.paging.limit',
    );
    expectViolation(await kit.visitor.get(`${LEGACY}/slug/${'a'.repeat(201)}`), 'slug');
    const wrongMethod = await kit.request({ method: 'DELETE', url: `${LEGACY}/nope` });
    expectAppError(wrongMethod, 404, 'ROUTE_NOT_FOUND');
  });
});
