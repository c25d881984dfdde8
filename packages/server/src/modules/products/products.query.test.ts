import { ALL_PRODUCTS_COLLECTION_ID, type Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { expectViolation, type Kit, startKit, unique } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const QUERY = '/stores-reader/v1/products/query-platformized';
const names = (res: { body: { products: Product[] } }) => res.body.products.map((p) => p.name);

/** Five products of one brand (so filters can scope to them), priced 10..50, named Alpha..Echo. */
async function fiveProducts(): Promise<{ brand: string; products: Product[] }> {
  const brand = unique('Brand');
  const products: Product[] = [];
  for (const [i, name] of ['Charlie', 'Alpha', 'Echo', 'Bravo', 'Delta'].entries()) {
    products.push(await kit.createProduct({ name: `${name} ${brand}`, brand, priceData: { price: (i + 1) * 10 } }));
  }
  return { brand, products };
}

describe('query-platformized', () => {
  it('answers the same page to GET with the .r envelope and to POST with the same body', async () => {
    const { brand } = await fiveProducts();
    const body = { query: { filter: { brand }, sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 3 } } };
    const viaGet = await kit.visitor.getR(QUERY, body);
    const viaPost = await kit.visitor.post(QUERY, body);
    expect(viaGet.status).toBe(200);
    expect(viaGet.body).toEqual(viaPost.body);
    expect(names(viaGet).map((n) => n.split(' ')[0])).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(viaGet.body.metadata).toEqual({ count: 3, offset: 0, total: 5, tooManyToCount: false });
  });

  it('filters with $eq, $in, $gt on priceData.price and $startsWith on name', async () => {
    const { brand, products } = await fiveProducts();
    const query = async (filter: object) =>
      kit.visitor.post(QUERY, { query: { filter: { brand, ...filter }, sort: [{ fieldName: 'name' }] } });
    const byId = await query({ id: { $in: [products[0]!.id, products[1]!.id] } });
    expect(byId.body.products.map((p: Product) => p.id).sort()).toEqual([products[0]!.id, products[1]!.id].sort());
    const expensive = await query({ 'priceData.price': { $gt: 30 } });
    expect(names(expensive).map((n) => n.split(' ')[0])).toEqual(['Bravo', 'Delta']);
    expect(expensive.body.metadata.total).toBe(2);
    const starts = await query({ name: { $startsWith: 'ec' } });
    expect(names(starts)).toEqual([`Echo ${brand}`]);
    const eq = await query({ name: `Alpha ${brand}` });
    expect(eq.body.products).toHaveLength(1);
    const between = await query({ $and: [{ price: { $gte: 20 } }, { price: { $lte: 30 } }] });
    expect(between.body.metadata.total).toBe(2);
    const none = await query({ 'priceData.price': { $gt: 1000 } });
    expect(none.body).toEqual({ products: [], metadata: { count: 0, offset: 0, total: 0, tooManyToCount: false } });
  });

  it('filters by collectionIds with $hasSome and $hasAll', async () => {
    const brand = unique('Brand');
    const [a, b] = [await kit.createCollection(), await kit.createCollection()];
    const inA = await kit.createProduct({ brand });
    const inB = await kit.createProduct({ brand });
    const inBoth = await kit.createProduct({ brand });
    await kit.owner.post(`/stores/v1/collections/${a.id}/productIds`, { productIds: [inA.id, inBoth.id] });
    await kit.owner.post(`/stores/v1/collections/${b.id}/productIds`, { productIds: [inB.id, inBoth.id] });
    const ids = async (filter: object) =>
      (await kit.visitor.post(QUERY, { query: { filter: { brand, ...filter } } })).body.products
        .map((p: Product) => p.id)
        .sort();
    expect(await ids({ collectionIds: { $hasSome: [a.id] } })).toEqual([inA.id, inBoth.id].sort());
    expect(await ids({ collectionIds: { $hasSome: [a.id, b.id] } })).toEqual([inA.id, inB.id, inBoth.id].sort());
    expect(await ids({ collectionIds: { $hasAll: [a.id, b.id] } })).toEqual([inBoth.id]);
    expect(await ids({ collectionIds: { $hasAll: [ALL_PRODUCTS_COLLECTION_ID, b.id] } })).toEqual(
      [inB.id, inBoth.id].sort(),
    );
  });

  it('sorts ASC and DESC on name, price, numericId and lastUpdated, and on several fields', async () => {
    const { brand } = await fiveProducts();
    const sorted = async (sort: object[]) =>
      names(await kit.visitor.post(QUERY, { query: { filter: { brand }, sort } })).map((n) => n.split(' ')[0]);
    expect(await sorted([{ fieldName: 'name', order: 'DESC' }])).toEqual([
      'Echo',
      'Delta',
      'Charlie',
      'Bravo',
      'Alpha',
    ]);
    expect(await sorted([{ fieldName: 'priceData.price', order: 'ASC' }])).toEqual([
      'Charlie',
      'Alpha',
      'Echo',
      'Bravo',
      'Delta',
    ]);
    expect(await sorted([{ fieldName: 'price', order: 'DESC' }])).toEqual([
      'Delta',
      'Bravo',
      'Echo',
      'Alpha',
      'Charlie',
    ]);
    expect(await sorted([{ fieldName: 'numericId', order: 'DESC' }])).toEqual([
      'Delta',
      'Bravo',
      'Echo',
      'Alpha',
      'Charlie',
    ]);
    expect(await sorted([{ fieldName: 'lastUpdated', order: 'ASC' }, { fieldName: 'numericId' }])).toEqual([
      'Charlie',
      'Alpha',
      'Echo',
      'Bravo',
      'Delta',
    ]);
    const twoKeys = await kit.visitor.post(QUERY, {
      query: {
        filter: { brand },
        sort: [
          { fieldName: 'stock.inStock', order: 'DESC' },
          { fieldName: 'name', order: 'ASC' },
        ],
      },
    });
    expect(names(twoKeys)[0]).toBe(`Alpha ${brand}`);
  });

  it('pages by offset with count, offset and total', async () => {
    const { brand } = await fiveProducts();
    const page = (offset: number) =>
      kit.visitor.post(QUERY, {
        query: { filter: { brand }, sort: [{ fieldName: 'name' }], paging: { limit: 2, offset } },
      });
    const second = await page(2);
    expect(names(second).map((n) => n.split(' ')[0])).toEqual(['Charlie', 'Delta']);
    expect(second.body.metadata).toEqual({ count: 2, offset: 2, total: 5, tooManyToCount: false });
    const last = await page(4);
    expect(last.body.metadata).toEqual({ count: 1, offset: 4, total: 5, tooManyToCount: false });
    const past = await page(10);
    expect(past.body.metadata).toEqual({ count: 0, offset: 10, total: 5, tooManyToCount: false });
  });

  it('returns 50 products by default, up to 100 on request, and refuses 101', async () => {
    const brand = unique('Many');
    for (let i = 0; i < 55; i++) await kit.createProduct({ brand, name: `Many ${i}` });
    const byDefault = await kit.visitor.getR(QUERY, { query: { filter: { brand } } });
    expect(byDefault.body.metadata).toEqual({ count: 50, offset: 0, total: 55, tooManyToCount: false });
    const hundred = await kit.visitor.post(QUERY, { query: { filter: { brand }, paging: { limit: 100 } } });
    expect(hundred.body.metadata.count).toBe(55);
    expectViolation(await kit.visitor.post(QUERY, { query: { paging: { limit: 101 } } }), 'query.paging.limit', 'MAX');
  });

  it('pages with cursors that carry the filter and sort', async () => {
    const { brand } = await fiveProducts();
    const first = await kit.visitor.getR(QUERY, {
      query: { filter: { brand }, sort: [{ fieldName: 'name', order: 'DESC' }], cursorPaging: { limit: 2 } },
    });
    const seen = names(first);
    let cursor: string | null | undefined = first.body.metadata.cursors?.next;
    expect(first.body.metadata.cursors.prev ?? null).toBeNull();
    while (cursor) {
      const next = await kit.visitor.getR(QUERY, { query: { cursorPaging: { limit: 2, cursor } } });
      expect(next.status).toBe(200);
      seen.push(...names(next));
      cursor = next.body.metadata.cursors?.next;
    }
    expect(seen.map((n) => n.split(' ')[0])).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
  });

  it('answers the long-query POST fallback with 120 ids', async () => {
    const { products } = await fiveProducts();
    const ids = [...products.map((p) => p.id), ...Array.from({ length: 115 }, (_, i) => `missing-${i}`)];
    const res = await kit.visitor.post(QUERY, {
      query: { filter: { id: { $in: ids } }, paging: { limit: 10, offset: 0 } },
    });
    expect(res.body.metadata.total).toBe(5);
  });

  it('reads plain GET parameters when there is no .r envelope', async () => {
    await fiveProducts();
    const res = await kit.visitor.get(QUERY, { 'query.paging.limit': 2, 'query.paging.offset': 1 });
    expect(res.status).toBe(200);
    expect(res.body.metadata).toMatchObject({ count: 2, offset: 1 });
  });

  it('includes cost and profit in a page only for an API key that asks', async () => {
    const brand = unique('Cost');
    await kit.createProduct({ brand, priceData: { price: 10 }, costAndProfitData: { itemCost: 4 } });
    const body = { query: { filter: { brand } }, includeMerchantSpecificData: true };
    const owner = await kit.owner.post(QUERY, body);
    expect(owner.body.products[0].costAndProfitData).toMatchObject({ itemCost: 4, profit: 6 });
    const plain = await kit.owner.post(QUERY, { query: { filter: { brand } } });
    expect(plain.body.products[0]).not.toHaveProperty('costAndProfitData');
  });

  it('accepts the _id alias the SDK may leave in filters', async () => {
    const p = await kit.createProduct();
    const res = await kit.visitor.post(QUERY, { query: { filter: { _id: p.id } } });
    expect(res.body.products.map((x: Product) => x.id)).toEqual([p.id]);
  });
});

describe('/stores-reader/v1/products/query', () => {
  it('takes filter and sort as JSON strings and answers products, metadata and totalResults', async () => {
    const { brand } = await fiveProducts();
    const res = await kit.visitor.post('/stores-reader/v1/products/query', {
      query: {
        filter: JSON.stringify({ brand }),
        sort: JSON.stringify([{ fieldName: 'name', order: 'DESC' }]),
        paging: { limit: 2, offset: 1 },
      },
    });
    expect(res.status).toBe(200);
    expect(names(res).map((n) => n.split(' ')[0])).toEqual(['Delta', 'Charlie']);
    expect(res.body.metadata).toEqual({ items: 2, offset: 1 });
    expect(res.body.totalResults).toBe(5);
    expect(res.body.products[0]).not.toHaveProperty('variants');
  });

  it('takes the filter from the issue example and includes variants on request', async () => {
    const name = unique('Exact ');
    await kit.createProduct({ name });
    const res = await kit.visitor.post('/stores-reader/v1/products/query', {
      query: { filter: JSON.stringify({ name }), sort: '[{"fieldName":"name"}]' },
      includeVariants: true,
    });
    expect(res.status).toBe(200);
    expect(names(res)).toEqual([name]);
    expect(res.body.products[0].variants).toHaveLength(1);
    expect(res.body.totalResults).toBe(1);
  });

  it('shows hidden products only to an API key asking for them', async () => {
    const brand = unique('Hid');
    await kit.createProduct({ brand, visible: false });
    const body = { query: { filter: JSON.stringify({ brand }) }, includeHiddenProducts: true };
    const owner = await kit.owner.post('/stores-reader/v1/products/query', body);
    expect(owner.body.totalResults).toBe(1);
    const visitor = await kit.visitor.post('/stores-reader/v1/products/query', body);
    expect(visitor.status).toBe(403);
  });

  it('refuses a filter string that is not JSON', async () => {
    const res = await kit.visitor.post('/stores-reader/v1/products/query', { query: { filter: '{name:' } });
    expectViolation(res, 'query.filter', 'FORMAT');
  });
});

describe('SQL statements per request', () => {
  it('reads one product in at most 2 statements', async () => {
    const p = await kit.createProduct({ productOptions: [{ name: 'Size', choices: [{ description: 'S' }] }] });
    let status = 0;
    const statements = await kit.statementsOf(async () => {
      status = (await kit.visitor.get(`/stores-reader/v1/products/${p.id}`)).status;
    });
    expect(status).toBe(200);
    expect(statements).toBeLessThanOrEqual(2);
  });

  it('reads a page of products with variants and collections in at most 3 statements', async () => {
    const brand = unique('Count');
    const c = await kit.createCollection();
    for (let i = 0; i < 25; i++) {
      const p = await kit.createProduct({
        brand,
        productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] }],
      });
      if (i % 2 === 0) await kit.owner.post(`/stores/v1/collections/${c.id}/productIds`, { productIds: [p.id] });
    }
    let body: { products: unknown[]; metadata: { total: number } } = { products: [], metadata: { total: 0 } };
    const platformized = await kit.statementsOf(async () => {
      body = (await kit.visitor.getR(QUERY, { query: { filter: { brand }, paging: { limit: 20 } } })).body;
    });
    expect(body.products).toHaveLength(20);
    expect(body.metadata.total).toBe(25);
    expect(platformized).toBeLessThanOrEqual(3);
    const v1 = await kit.statementsOf(() =>
      kit.visitor.post('/stores-reader/v1/products/query', { query: { filter: JSON.stringify({ brand }) } }),
    );
    expect(v1).toBeLessThanOrEqual(3);
  });
});

describe('answers kept while the catalog is unchanged', () => {
  const pageOf = (brand: string) => ({ query: { filter: { brand }, sort: [{ fieldName: 'name', order: 'ASC' }] } });

  it('answers a repeated page with one statement and the same body', async () => {
    const { brand } = await fiveProducts();
    const first = await kit.visitor.getR(QUERY, pageOf(brand));
    let again = first;
    const statements = await kit.statementsOf(async () => {
      again = await kit.visitor.getR(QUERY, pageOf(brand));
    });
    expect(statements).toBe(1);
    expect(again.body).toEqual(first.body);
  });

  it('never answers a page from before a write, and a stale page costs at most one statement more', async () => {
    const { brand, products } = await fiveProducts();
    await kit.visitor.getR(QUERY, pageOf(brand));
    const alpha = products[1] as Product;
    await kit.owner.patch(`/stores/v1/products/${alpha.id}`, { product: { name: `Aardvark ${brand}` } });
    let res = await kit.visitor.getR(QUERY, pageOf(brand));
    const statements = await kit.statementsOf(async () => {
      await kit.owner.patch(`/stores/v1/products/${alpha.id}`, { product: { name: `Aaron ${brand}` } });
    });
    expect(statements).toBeGreaterThan(0);
    const stale = await kit.statementsOf(async () => {
      res = await kit.visitor.getR(QUERY, pageOf(brand));
    });
    expect(names(res)[0]).toBe(`Aaron ${brand}`);
    expect(stale).toBeLessThanOrEqual(4);
  });

  it('sees a write made by another server on the same database', async () => {
    const { brand, products } = await fiveProducts();
    const before = await kit.visitor.getR(QUERY, pageOf(brand));
    expect(before.body.metadata.total).toBe(5);
    const other = await buildApp({ config: kit.server.config, merx: kit.server.merx, logger: false });
    try {
      await other.services.products.update((products[0] as Product).id, { visible: false });
    } finally {
      await other.app.close();
    }
    const after = await kit.visitor.getR(QUERY, pageOf(brand));
    expect(after.body.metadata.total).toBe(4);
    expect(names(after)).not.toContain((products[0] as Product).name);
  });

  it('keeps the views of different callers apart', async () => {
    const { brand, products } = await fiveProducts();
    await kit.owner.patch(`/stores/v1/products/${(products[0] as Product).id}`, { product: { visible: false } });
    const visitor = await kit.visitor.getR(QUERY, pageOf(brand));
    const owner = await kit.owner.getR(QUERY, pageOf(brand));
    const visitorAgain = await kit.visitor.getR(QUERY, pageOf(brand));
    expect(visitor.body.metadata.total).toBe(4);
    expect(owner.body.metadata.total).toBe(5);
    expect(visitorAgain.body).toEqual(visitor.body);
  });
});
