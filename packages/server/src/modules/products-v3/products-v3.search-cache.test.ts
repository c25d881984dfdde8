import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Kit, type Res, startKit, unique } from '../products/catalog-test-kit.js';

/*
 * Whole v3 search answers are kept while the catalog data version is unchanged (products-v3.service.ts
 * `searchAnswers`): a repeated search costs one statement, and no write, from this process or another one on the
 * same database, leaves an older answer in use.
 */

let kit: Kit;
const ok = (res: Res) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
// biome-ignore lint/suspicious/noExplicitAny: tests read answers freely
type Any = any;

const word = unique('kv');
let categoryId: string;
let firstId: string;

/** A second server on the same database: another process as far as the first one's memory goes. */
async function fromAnotherServer(method: 'PATCH' | 'POST', url: string, body: unknown) {
  const other = await buildApp({ config: kit.server.config, merx: kit.server.merx, logger: false });
  try {
    const res = await other.app.inject({
      method,
      url,
      headers: { authorization: kit.server.apiKey, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(200);
  } finally {
    await other.app.close();
  }
}

const searchBody = () => ({
  search: {
    search: { expression: word },
    sort: [{ fieldName: 'name', order: 'ASC' }],
    cursorPaging: { limit: 10 },
    aggregations: [
      { name: 'brands', type: 'VALUE', fieldPath: 'brand.name' },
      { name: 'low', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MIN' } },
    ],
  },
});
const search = async (client = kit.visitor): Promise<Any> =>
  ok(await client.post('/stores/v3/products/search', searchBody()));
const low = (answer: Any) => answer.aggregationData.results.find((r: Any) => r.name === 'low').scalar.value;

beforeAll(async () => {
  kit = await startKit();
  categoryId = (await kit.createCollection({ name: unique('Kettles ') })).id;
  for (const [i, price] of [12, 20].entries()) {
    const p = await kit.createProduct({
      name: `${word} kettle ${i}`,
      priceData: { price },
      brand: 'Steam',
      stock: { trackInventory: true, quantity: 5 },
    });
    if (i === 0) firstId = p.id;
  }
});
afterAll(async () => {
  await kit.close();
});

describe('kept v3 search answers', () => {
  it('answers a repeated search with one statement, the same bytes', async () => {
    const first = await search();
    expect(first.products.map((p: Any) => p.name)).toEqual([`${word} kettle 0`, `${word} kettle 1`]);
    const statements = await kit.statementsOf(() => search());
    expect(statements).toBe(1);
    expect(await search()).toEqual(first);
  });

  it("shows another process's price, stock, brand and category changes at once", async () => {
    await search();
    await fromAnotherServer('PATCH', `/stores/v1/products/${firstId}`, { product: { priceData: { price: 7 } } });
    const priced = await search();
    expect(low(priced)).toBe(7);
    expect(priced.products[0].actualPriceRange.minValue.amount).toBe('7');

    await fromAnotherServer('PATCH', `/stores/v1/products/${firstId}`, { product: { brand: 'Boil' } });
    const branded = await search();
    const brands = branded.aggregationData.results.find((r: Any) => r.name === 'brands').values.results;
    expect(brands.map((b: Any) => b.value).sort()).toEqual(['Boil', 'Steam']);

    await fromAnotherServer('POST', `/stores/v1/collections/${categoryId}/productIds`, { productIds: [firstId] });
    const placed = ok(
      await kit.visitor.post('/stores/v3/products/search', {
        search: { filter: { 'directCategoriesInfo.categories.id': { $hasSome: [categoryId] } } },
      }),
    );
    expect(placed.products.map((p: Any) => p.id)).toEqual([firstId]);

    expect((await search()).products[0].inventory.availabilityStatus).toBe('IN_STOCK');
    await fromAnotherServer('PATCH', `/stores/v1/products/${firstId}`, { product: { stock: { quantity: 0 } } });
    expect((await search()).products[0].inventory.availabilityStatus).toBe('OUT_OF_STOCK');
  });

  it('shows a product hidden since to visitors no more, and still to the merchant', async () => {
    const before = await search();
    expect(before.products).toHaveLength(2);
    ok(await kit.owner.patch(`/stores/v1/products/${firstId}`, { product: { visible: false } }));
    expect((await search()).products.map((p: Any) => p.name)).toEqual([`${word} kettle 1`]);
    expect((await search(kit.owner)).products).toHaveLength(2);
  });

  it('refuses the same bad search every time, keeping nothing', async () => {
    const bad = { search: { cursorPaging: { limit: 10, cursor: 'not-a-cursor' } } };
    for (let i = 0; i < 2; i++) {
      const res = await kit.visitor.post('/stores/v3/products/search', bad);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('search.cursorPaging.cursor');
    }
  });
});
