import { ALL_PRODUCTS_COLLECTION_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAppError,
  expectNothingWritten,
  expectViolation,
  type Kit,
  startKit,
  unique,
} from '../products/catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const WRITE = '/stores/v1/collections';
const productIds = (id: string) => `${WRITE}/${id}/productIds`;
const collectionIdsOf = async (productId: string): Promise<string[]> =>
  (await kit.owner.get(`/stores-reader/v1/products/${productId}`)).body.product.collectionIds;

describe('POST /stores/v1/collections', () => {
  it('creates a collection with a slug made from its name, de-duplicated', async () => {
    const name = unique('Summer Sale ');
    const base = name.toLowerCase().replaceAll(' ', '-');
    const first = await kit.createCollection({ name, description: 'Hot deals' });
    const second = await kit.createCollection({ name });
    expect(first).toMatchObject({ name, slug: base, visible: true, description: 'Hot deals', numberOfProducts: 0 });
    expect(first.media).toEqual({ items: [] });
    expect(first.lastUpdated).toMatch(/Z$/);
    expect(second.slug).toBe(`${base}-1`);
  });

  it('takes an explicit slug and refuses one already taken with 409', async () => {
    const slug = unique('col-');
    expect((await kit.createCollection({ slug })).slug).toBe(slug);
    await expectNothingWritten(kit, async () => {
      expectAppError(await kit.owner.post(WRITE, { collection: { name: 'Again', slug } }), 409, 'SLUG_ALREADY_EXISTS');
    });
  });

  it('keeps a main image', async () => {
    const c = await kit.createCollection({ media: { mainMedia: { image: { url: 'https://example.com/c.jpg' } } } });
    expect(c.media.mainMedia?.image?.url).toBe('https://example.com/c.jpg');
  });

  it('refuses a missing or too long name and writes nothing', async () => {
    await expectNothingWritten(kit, async () => {
      expectViolation(await kit.owner.post(WRITE, { collection: {} }), 'collection.name', 'REQUIRED_FIELD');
      expectViolation(
        await kit.owner.post(WRITE, { collection: { name: 'x'.repeat(51) } }),
        'collection.name',
        'MAX_LENGTH',
      );
      expectViolation(await kit.owner.post(WRITE, { collection: { name: 'x', slug: 'Bad Slug' } }), 'collection.slug');
    });
  });
});

describe('PATCH and DELETE /stores/v1/collections/:id', () => {
  it('changes only the fields it is given', async () => {
    const c = await kit.createCollection({ description: 'Keep me' });
    const slug = unique('renamed-');
    const res = await kit.owner.patch(`${WRITE}/${c.id}`, {
      collection: { id: c.id, name: 'Renamed', slug, visible: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.collection).toMatchObject({
      id: c.id,
      name: 'Renamed',
      slug,
      visible: false,
      description: 'Keep me',
    });
  });

  it('refuses a slug another collection has', async () => {
    const a = await kit.createCollection();
    const b = await kit.createCollection();
    expectAppError(
      await kit.owner.patch(`${WRITE}/${b.id}`, { collection: { slug: a.slug } }),
      409,
      'SLUG_ALREADY_EXISTS',
    );
  });

  it('deletes a collection; its products stay but leave it', async () => {
    const c = await kit.createCollection();
    const p = await kit.createProduct();
    await kit.owner.post(productIds(c.id), { productIds: [p.id] });
    const res = await kit.owner.delete(`${WRITE}/${c.id}?id=${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expectAppError(await kit.visitor.get(`/v2/collections/${c.id}`), 404, 'COLLECTION_NOT_FOUND');
    expect(await collectionIdsOf(p.id)).toEqual([ALL_PRODUCTS_COLLECTION_ID]);
    expectAppError(await kit.owner.delete(`${WRITE}/${c.id}`), 404, 'COLLECTION_NOT_FOUND');
  });

  it('answers 404 COLLECTION_NOT_FOUND for unknown ids', async () => {
    expectAppError(await kit.owner.patch(`${WRITE}/nope`, { collection: { name: 'x' } }), 404, 'COLLECTION_NOT_FOUND');
    expectAppError(await kit.owner.post(productIds('nope'), { productIds: ['x'] }), 404, 'COLLECTION_NOT_FOUND');
    expectAppError(
      await kit.owner.post(`${productIds('nope')}/delete`, { productIds: ['x'] }),
      404,
      'COLLECTION_NOT_FOUND',
    );
  });

  it('never changes or deletes the All Products collection', async () => {
    const p = await kit.createProduct();
    await expectNothingWritten(kit, async () => {
      const url = `${WRITE}/${ALL_PRODUCTS_COLLECTION_ID}`;
      expectAppError(
        await kit.owner.patch(url, { collection: { name: 'Mine' } }),
        400,
        'ALL_PRODUCTS_COLLECTION_READ_ONLY',
      );
      expectAppError(await kit.owner.delete(url), 400, 'ALL_PRODUCTS_COLLECTION_READ_ONLY');
      const remove = await kit.owner.post(`${productIds(ALL_PRODUCTS_COLLECTION_ID)}/delete`, { productIds: [p.id] });
      expectAppError(remove, 400, 'ALL_PRODUCTS_COLLECTION_READ_ONLY');
      const add = await kit.owner.post(productIds(ALL_PRODUCTS_COLLECTION_ID), { productIds: [p.id] });
      expectAppError(add, 400, 'ALL_PRODUCTS_COLLECTION_READ_ONLY');
    });
    expect(await collectionIdsOf(p.id)).toEqual([ALL_PRODUCTS_COLLECTION_ID]);
  });
});

describe('collection products', () => {
  it('adds and removes products, counting them in numberOfProducts', async () => {
    const c = await kit.createCollection();
    const [a, b] = [await kit.createProduct(), await kit.createProduct()];
    const added = await kit.owner.post(productIds(c.id), { id: c.id, productIds: [a.id, b.id] });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({});
    expect((await kit.visitor.get(`/v2/collections/${c.id}`)).body.collection.numberOfProducts).toBe(2);
    expect((await collectionIdsOf(a.id)).sort()).toEqual([ALL_PRODUCTS_COLLECTION_ID, c.id].sort());
    await kit.owner.post(productIds(c.id), { productIds: [a.id] });
    expect((await kit.visitor.get(`/v2/collections/${c.id}`)).body.collection.numberOfProducts).toBe(2);
    const removed = await kit.owner.post(`${productIds(c.id)}/delete`, { productIds: [a.id] });
    expect(removed.status).toBe(200);
    expect((await kit.visitor.get(`/v2/collections/${c.id}`)).body.collection.numberOfProducts).toBe(1);
    expect(await collectionIdsOf(a.id)).toEqual([ALL_PRODUCTS_COLLECTION_ID]);
  });

  it('counts hidden products only for an API key', async () => {
    const c = await kit.createCollection();
    const hidden = await kit.createProduct({ visible: false });
    const shown = await kit.createProduct();
    await kit.owner.post(productIds(c.id), { productIds: [hidden.id, shown.id] });
    expect((await kit.visitor.get(`/v2/collections/${c.id}`)).body.collection.numberOfProducts).toBe(1);
    expect((await kit.owner.get(`/v2/collections/${c.id}`)).body.collection.numberOfProducts).toBe(2);
  });

  it('refuses unknown product ids, naming productIds[i], and adds none of the others', async () => {
    const c = await kit.createCollection();
    const p = await kit.createProduct();
    await expectNothingWritten(kit, async () => {
      const res = await kit.owner.post(productIds(c.id), { productIds: [p.id, 'missing-one', 'missing-two'] });
      expectViolation(res, 'productIds[1]');
      expectViolation(res, 'productIds[2]');
      expectViolation(await kit.owner.post(productIds(c.id), { productIds: [] }), 'productIds');
      expectViolation(await kit.owner.post(productIds(c.id), { productIds: ['bad id!'] }), 'productIds[0]');
    });
  });

  it('refuses to remove unknown product ids, naming productIds[i]', async () => {
    const c = await kit.createCollection();
    const p = await kit.createProduct();
    await kit.owner.post(productIds(c.id), { productIds: [p.id] });
    await expectNothingWritten(kit, async () => {
      expectViolation(
        await kit.owner.post(`${productIds(c.id)}/delete`, { productIds: [p.id, 'missing'] }),
        'productIds[1]',
      );
    });
    expect((await kit.owner.get(`/v2/collections/${c.id}`)).body.collection.numberOfProducts).toBe(1);
  });

  it('keeps every product in All Products', async () => {
    const before = (await kit.owner.get(`/v2/collections/${ALL_PRODUCTS_COLLECTION_ID}`)).body.collection;
    await kit.createProduct();
    const after = (await kit.owner.get(`/v2/collections/${ALL_PRODUCTS_COLLECTION_ID}`)).body.collection;
    expect(after.numberOfProducts).toBe(before.numberOfProducts + 1);
    expect(after).toMatchObject({ name: 'All Products', slug: 'all-products' });
  });
});
