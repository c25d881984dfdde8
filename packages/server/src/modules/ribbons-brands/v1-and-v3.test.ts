import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../products/catalog-test-kit.js';
import { ENTITIES, type NamedKit, startNamedKit } from './ribbons-brands-test-kit.js';

let kit: NamedKit;
beforeAll(async () => {
  kit = await startNamedKit();
});
afterAll(async () => {
  await kit.close();
});

describe.each(ENTITIES)('the v1 $one string and the v3 $one are one thing', (e) => {
  /** The v3 entity named `name`, with its product count. */
  async function byName(name: string) {
    const res = await kit.visitor.post(`${e.base}/query`, {
      query: { filter: { name } },
      fields: [e.countRequest],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body[e.many][0];
  }
  const v1 = async (id: string) => (await kit.visitor.get(`/stores-reader/v1/products/${id}`)).body.product;

  it('makes a v1 name an entity, counts its products, and reads it back in its own spelling', async () => {
    const name = unique('Sale ').slice(0, e.maxName);
    const first = await kit.createProduct({ [e.one]: name });
    expect(first[e.one]).toBe(name);
    const entity = await byName(name);
    expect(entity).toMatchObject({ name, revision: '1', [e.countField]: 1 });
    // The same name in another case is the same entity: the product shows the entity's spelling at once.
    const second = await kit.createProduct({ [e.one]: name.toUpperCase() });
    expect(second[e.one]).toBe(name);
    expect((await v1(second.id))[e.one]).toBe(name);
    expect(await byName(name)).toMatchObject({ id: entity.id, [e.countField]: 2 });
    // A v1 update to another name moves the product.
    const other = unique('Other ').slice(0, e.maxName);
    const moved = await kit.owner.patch(`/stores/v1/products/${second.id}`, { product: { [e.one]: other } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await byName(name)).toMatchObject({ [e.countField]: 1 });
    expect(await byName(other)).toMatchObject({ [e.countField]: 1 });
    // ... and the v1 remove call takes it off.
    expect((await kit.owner.post(`/stores/v1/products/${first.id}/remove-${e.one}`, { id: first.id })).status).toBe(
      200,
    );
    expect((await v1(first.id))[e.one]).toBeUndefined();
    expect(await byName(name)).toMatchObject({ [e.countField]: 0 });
  });

  it('shows a v3 rename in v1 reads, lists, filters (and, for brands, search) at once', async () => {
    const made = await kit.create(e, unique('Before ').slice(0, e.maxName));
    const product = await kit.createProduct({ [e.one]: made.name });
    // Warm the caches of the product's wire form and of the list first.
    expect((await v1(product.id))[e.one]).toBe(made.name);
    const warm = await kit.visitor.post('/stores-reader/v1/products/query-platformized', {
      query: { filter: { id: product.id } },
    });
    expect(warm.body.products[0][e.one]).toBe(made.name);
    const name = unique('After ').slice(0, e.maxName);
    const renamed = await kit.owner.patch(`${e.base}/${made.id}`, { [e.one]: { revision: '1', name } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const read = await v1(product.id);
    expect(read[e.one]).toBe(name);
    const listed = await kit.visitor.post('/stores-reader/v1/products/query-platformized', {
      query: { filter: { [e.one]: name } },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.products.map((p: { id: string; [k: string]: unknown }) => [p.id, p[e.one]])).toEqual([
      [product.id, name],
    ]);
    if (e.one === 'brand') {
      const found = await kit.visitor.post('/stores-reader/v1/products/query', {
        search: { expression: name.split(' ')[1] },
      });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(found.body.products.map((p: { id: string }) => p.id)).toContain(product.id);
    }
    expect(await byName(name)).toMatchObject({ id: made.id, [e.countField]: 1 });
  });

  it('takes a deleted entity off every product that had it', async () => {
    const made = await kit.create(e, unique('Doomed ').slice(0, e.maxName));
    const a = await kit.createProduct({ [e.one]: made.name });
    const b = await kit.createProduct({ [e.one]: made.name.toLowerCase() });
    expect((await v1(a.id))[e.one]).toBe(made.name);
    expect((await kit.owner.delete(`${e.base}/${made.id}`)).status).toBe(200);
    expect((await v1(a.id))[e.one]).toBeUndefined();
    expect((await v1(b.id))[e.one]).toBeUndefined();
    // Writing the name again through v1 makes a new entity.
    const c = await kit.createProduct({ [e.one]: made.name });
    const again = await byName(made.name);
    expect(again.id).not.toBe(made.id);
    expect(again[e.countField]).toBe(1);
    expect(c[e.one]).toBe(made.name);
  });

  it('sets the name on many products through the v1 bulk update', async () => {
    const name = unique('Bulk ').slice(0, e.maxName);
    const a = await kit.createProduct();
    const b = await kit.createProduct();
    const res = await kit.owner.post('/stores/v1/bulk/products/update', {
      ids: [a.id, b.id],
      set: { [e.one]: name },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await byName(name)).toMatchObject({ [e.countField]: 2 });
  });

  it('makes one entity when writers race for the same new name', async () => {
    const name = unique('Race ').slice(0, e.maxName);
    const made = await Promise.all(
      [0, 1, 2, 3].map((i) => kit.createProduct({ [e.one]: i % 2 ? name : name.toLowerCase() })),
    );
    expect(new Set(made.map((p) => p[e.one]))).toEqual(new Set([made[0]?.[e.one]]));
    // Whichever writer came first named it.
    expect([name, name.toLowerCase()]).toContain(made[0]?.[e.one]);
    expect(await byName(String(made[0]?.[e.one]))).toMatchObject({ [e.countField]: 4 });
    const other = unique('Race v3 ').slice(0, e.maxName);
    const answers = await Promise.all([0, 1, 2, 3].map(() => kit.owner.post(e.base, { [e.one]: { name: other } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const count = await kit.visitor.post(`${e.base}/count`, { filter: { name: other } });
    expect(count.body).toEqual({ count: 1 });
  });
});
