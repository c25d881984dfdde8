import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kit, startKit, unique } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const times = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

describe('concurrent catalog writes', () => {
  it('gives products created at once with the same name distinct slugs', async () => {
    const name = unique('Race ');
    const results = await times(6, () =>
      kit.owner.post('/stores/v1/products', { product: { name, priceData: { price: 1 } } }),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const slugs = results.map((r) => r.body.product.slug);
    expect(new Set(slugs).size).toBe(6);
    const numericIds = results.map((r) => r.body.product.numericId);
    expect(new Set(numericIds).size).toBe(6);
  });

  it('lets one of several creates with the same explicit slug win and answers 409 to the others', async () => {
    const slug = unique('same-');
    const results = await times(4, () =>
      kit.owner.post('/stores/v1/products', { product: { name: 'Same', slug, priceData: { price: 1 } } }),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.details.applicationError.code).toBe('SLUG_ALREADY_EXISTS');
    }
  });

  it('gives collections created at once with the same name distinct slugs', async () => {
    const name = unique('Race ');
    const results = await times(4, () => kit.owner.post('/stores/v1/collections', { collection: { name } }));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.collection.slug)).size).toBe(4);
  });

  it('lets one of two products renamed at once to the same slug win and answers 409 to the other', async () => {
    const [a, b] = [await kit.createProduct(), await kit.createProduct()];
    const slug = unique('taken-');
    const results = await Promise.all(
      [a, b].map((p) => kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { slug } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('lets one of several collections with the same explicit slug win and answers 409 to the others', async () => {
    const slug = unique('col-');
    const results = await times(3, () => kit.owner.post('/stores/v1/collections', { collection: { name: 'C', slug } }));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('adds the same product to a collection from several requests at once', async () => {
    const c = await kit.createCollection();
    const p = await kit.createProduct();
    const results = await times(4, () =>
      kit.owner.post(`/stores/v1/collections/${c.id}/productIds`, { productIds: [p.id] }),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await kit.owner.get(`/v2/collections/${c.id}`)).body.collection.numberOfProducts).toBe(1);
  });

  it('never loses an update: concurrent changes either apply or are refused cleanly', async () => {
    const p = await kit.createProduct({ stock: { trackInventory: true, quantity: 0 } });
    const results = await times(5, (i) =>
      kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { name: `Name ${i}` } }),
    );
    for (const r of results) expect([200, 400, 409]).toContain(r.status);
    const winners = results.filter((r) => r.status === 200).map((r) => r.body.product.name);
    expect(winners.length).toBeGreaterThan(0);
    const final = (await kit.owner.get(`/stores-reader/v1/products/${p.id}`)).body.product.name;
    expect(winners).toContain(final);
  });
});
