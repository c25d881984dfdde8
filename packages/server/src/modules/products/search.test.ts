import { ALL_PRODUCTS_COLLECTION_ID, type Product } from '@merx/contract';
import { searchableText } from '@merx/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeCatalog } from '../../seed/large-catalog.js';
import { expectViolation, type Kit, startKit, unique } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const QUERY = '/stores-reader/v1/products/query-platformized';
const POST_QUERY = '/stores-reader/v1/products/query';
type Body = { products: Product[]; metadata: { total?: number; count: number; cursors?: { next: string | null } } };

/** Searches with the `.r` GET envelope, as the SDK sends it; `filter` and `sort` go in the query. */
async function search(expression: string, query: Record<string, unknown> = {}) {
  const res = await kit.visitor.getR(QUERY, { query, search: { expression } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Body;
}
const names = (body: Body) => body.products.map((p) => p.name);

describe('product search', () => {
  it('finds words by their stem ("hoodies" finds a Hoodie, "running" a Run), in any case and without accents', async () => {
    const brand = unique('Brand');
    await kit.createProduct({ name: `Harbor Fleece Hoodie ${brand}`, brand });
    await kit.createProduct({ name: `Trail Run Sock ${brand}`, brand });
    await kit.createProduct({ name: `Crème Brûlée Candle ${brand}`, brand });
    await kit.createProduct({ name: `Linen Shirt ${brand}`, brand });
    const only = { filter: { brand } };
    expect(names(await search('hoodies', only))).toEqual([`Harbor Fleece Hoodie ${brand}`]);
    expect(names(await search('HOODIE', only))).toEqual([`Harbor Fleece Hoodie ${brand}`]);
    expect(names(await search('running', only))).toEqual([`Trail Run Sock ${brand}`]);
    expect(names(await search('creme brulee', only))).toEqual([`Crème Brûlée Candle ${brand}`]);
    expect(names(await search('BRÛLÉE', only))).toEqual([`Crème Brûlée Candle ${brand}`]);
    // Every word must match.
    expect(names(await search('linen hoodie', only))).toEqual([]);
  });

  it('matches the last word as a prefix, since the shopper may still be typing it', async () => {
    const brand = unique('Brand');
    await kit.createProduct({ name: `Harbor Fleece Hoodie ${brand}`, brand });
    await kit.createProduct({ name: `Wool Sweater ${brand}`, brand });
    expect(names(await search('hoo', { filter: { brand } }))).toEqual([`Harbor Fleece Hoodie ${brand}`]);
    expect(names(await search('fleece hood', { filter: { brand } }))).toEqual([`Harbor Fleece Hoodie ${brand}`]);
    // Only the last word: "hoo fleece" needs the whole word "hoo".
    expect(names(await search('hoo fleece', { filter: { brand } }))).toEqual([]);
  });

  it('searches the description as text, brand and SKU, and ranks name matches first', async () => {
    const word = unique('w').toLowerCase();
    const inDescription = await kit.createProduct({
      name: unique('Plain '),
      description: `<p>Made with <strong>${word}</strong> thread &amp; care</p>`,
    });
    const inName = await kit.createProduct({ name: `The ${word} Tote` });
    const bySku = await kit.createProduct({ name: unique('Sku '), sku: `SKU-${word}` });
    const found = await search(word);
    expect(found.products[0]?.id).toBe(inName.id);
    expect(found.products.map((p) => p.id).sort()).toEqual([inDescription.id, inName.id, bySku.id].sort());
    expect(found.metadata.total).toBe(3);
    // Markup is not text: the tag names and entities of the description are not searchable words.
    const brand = unique('Brand');
    await kit.createProduct({ name: unique('Tagged '), brand, description: '<p><strong>soft</strong> &amp; warm</p>' });
    expect((await search('strong', { filter: { brand } })).products).toHaveLength(0);
    expect((await search('amp', { filter: { brand } })).products).toHaveLength(0);
    expect((await search('soft warm', { filter: { brand } })).products).toHaveLength(1);
    expect((await search(brand)).products).toHaveLength(1);
  });

  it('keeps the index in step with product changes and deletions', async () => {
    const old = unique('old').toLowerCase();
    const fresh = unique('new').toLowerCase();
    const product = await kit.createProduct({ name: `Lamp ${old}` });
    expect((await search(old)).products.map((p) => p.id)).toEqual([product.id]);
    const patched = await kit.owner.patch(`/stores/v1/products/${product.id}`, { product: { name: `Lamp ${fresh}` } });
    expect(patched.status).toBe(200);
    expect((await search(old)).products).toHaveLength(0);
    expect((await search(fresh)).products.map((p) => p.id)).toEqual([product.id]);
    const described = await kit.owner.patch(`/stores/v1/products/${product.id}`, {
      product: { description: `<p>${old} again</p>` },
    });
    expect(described.status).toBe(200);
    expect((await search(old)).products.map((p) => p.id)).toEqual([product.id]);
    const bulk = await kit.owner.post('/stores/v1/bulk/products/update', {
      ids: [product.id],
      set: { brand: `Maker${fresh}x` },
    });
    expect(bulk.status).toBe(200);
    expect((await search(`maker${fresh}x`)).products.map((p) => p.id)).toEqual([product.id]);
    expect((await kit.owner.delete(`/stores/v1/products/${product.id}`)).status).toBe(200);
    expect((await search(fresh)).products).toHaveLength(0);
  });

  it('combines with filters and a requested sort, and hides hidden products from shoppers', async () => {
    const word = unique('w').toLowerCase();
    const collection = await kit.createCollection();
    const made: Product[] = [];
    for (const [i, price] of [30, 10, 20, 40].entries()) {
      made.push(await kit.createProduct({ name: `${word} item ${i}`, priceData: { price } }));
    }
    await kit.createProduct({ name: `${word} hidden`, visible: false });
    await kit.owner.post(`/stores/v1/collections/${collection.id}/productIds`, {
      productIds: [made[0]!.id, made[1]!.id, made[2]!.id],
    });
    const body = await search(word, {
      filter: { collectionIds: { $hasSome: [collection.id] }, 'priceData.price': { $gte: 15 } },
      sort: [{ fieldName: 'priceData.price', order: 'ASC' }],
    });
    expect(body.products.map((p) => p.id)).toEqual([made[2]!.id, made[0]!.id]);
    expect(body.metadata.total).toBe(2);
    expect((await search(word)).metadata.total).toBe(4);
    const asOwner = await kit.owner.getR(QUERY, { search: { expression: word }, includeHiddenProducts: true });
    expect(asOwner.body.metadata.total).toBe(5);
  });

  it('sorts by featured: the order products were placed in the filtered collection', async () => {
    const collection = await kit.createCollection();
    const [a, b, c] = [await kit.createProduct(), await kit.createProduct(), await kit.createProduct()];
    for (const id of [b.id, c.id, a.id]) {
      await kit.owner.post(`/stores/v1/collections/${collection.id}/productIds`, { productIds: [id] });
    }
    const ids = async (order: 'ASC' | 'DESC') =>
      (
        await kit.visitor.getR(QUERY, {
          query: { filter: { collectionIds: { $hasSome: [collection.id] } }, sort: [{ fieldName: 'featured', order }] },
        })
      ).body.products.map((p: Product) => p.id);
    expect(await ids('ASC')).toEqual([b.id, c.id, a.id]);
    expect(await ids('DESC')).toEqual([a.id, c.id, b.id]);
    // Sort only: it is no filter field.
    const res = await kit.visitor.getR(QUERY, { query: { filter: { featured: 1 } } });
    expect(res.status).toBe(400);
  });

  it('answers the POST query route too, with totalResults', async () => {
    const word = unique('w').toLowerCase();
    for (let i = 0; i < 3; i++) await kit.createProduct({ name: `${word} mug ${i}` });
    const res = await kit.visitor.post(POST_QUERY, { query: { paging: { limit: 2 } }, search: { expression: word } });
    expect(res.status).toBe(200);
    expect(res.body.products).toHaveLength(2);
    expect(res.body.totalResults).toBe(3);
  });

  it('pages a search with cursors: the cursor carries the search', async () => {
    const word = unique('w').toLowerCase();
    for (let i = 0; i < 5; i++) await kit.createProduct({ name: `${word} cup ${i}` });
    const first = await search(word, { cursorPaging: { limit: 2 } });
    const seen = first.products.map((p) => p.id);
    let cursor = first.metadata.cursors?.next ?? null;
    while (cursor) {
      // The next request sends only the cursor, as the SDK does.
      const res = await kit.visitor.getR(QUERY, { query: { cursorPaging: { limit: 2, cursor } } });
      expect(res.status).toBe(200);
      seen.push(...(res.body as Body).products.map((p) => p.id));
      cursor = (res.body as Body).metadata.cursors?.next ?? null;
    }
    expect(new Set(seen).size).toBe(5);
    expect(seen).toHaveLength(5);
  });

  it('turns any input into plain words: query syntax, quotes and punctuation never fail', async () => {
    const word = unique('w').toLowerCase();
    const product = await kit.createProduct({ name: `${word} Lantern` });
    for (const expression of [`"${word}`, `${word}*`, `-${word}`, `(${word}) & !lantern`, `${word}\\`]) {
      const found = await search(expression);
      expect(
        found.products.map((p) => p.id),
        expression,
      ).toContain(product.id);
    }
    // Only punctuation (or nothing) searches nothing: the list is as without a search.
    for (const expression of ['"', '*', '-', ':', '()', '   ', '', '^"*:-']) {
      const res = await kit.visitor.getR(QUERY, { search: { expression }, query: { filter: { id: product.id } } });
      expect(res.status, expression).toBe(200);
      expect(res.body.products.map((p: Product) => p.id)).toEqual([product.id]);
    }
    // Words the engines treat as operators or stop words are plain words here.
    for (const expression of [
      'OR',
      'AND NOT',
      `NEAR(${word} lantern)`,
      `name:${word}`,
      `${word}'s lantern's`,
      'the',
      'a b c d e f g h i j k l m n o p',
    ]) {
      expect((await kit.visitor.getR(QUERY, { search: { expression } })).status, expression).toBe(200);
    }
  });

  it('refuses an expression longer than 200 characters, and a search that is not an object', async () => {
    expectViolation(await kit.visitor.getR(QUERY, { search: { expression: 'a'.repeat(201) } }), 'search.expression');
    expectViolation(await kit.visitor.post(POST_QUERY, { search: 'linen' }), 'search');
    expectViolation(await kit.visitor.post(POST_QUERY, { search: { expression: 5 } }), 'search.expression');
  });
});

describe('product search over a large catalog', () => {
  const SIZE = 1200;
  let all: Array<{ id: string; text: string; price: number; inStock: boolean; collectionIds: string[] }>;

  beforeAll(async () => {
    await seedLargeCatalog(kit.server.merx, { products: SIZE, collections: 6, seed: 7 });
    const rows = await kit.server.merx.db
      .selectFrom('products')
      .select(['id', 'name', 'description', 'brand', 'sku', 'discounted_price', 'in_stock'])
      .where('visible', '=', 1)
      .execute();
    const links = await kit.server.merx.db.selectFrom('collection_products').selectAll().execute();
    all = rows.map((r) => ({
      id: r.id,
      text: `${searchableText(r.name)} ${searchableText(r.description, r.brand, r.sku)}`,
      price: Number(r.discounted_price),
      inStock: r.in_stock === 1,
      collectionIds: links.filter((l) => l.product_id === r.id).map((l) => l.collection_id),
    }));
  }, 120_000);

  it('counts every match and pages through all of them, 12 at a time', async () => {
    const expected = all.filter((p) => /\blinen\b/.test(p.text)).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(24);
    const first = await search('linen', { paging: { limit: 12 } });
    expect(first.metadata.total).toBe(expected.length);
    const seen = first.products.map((p) => p.id);
    for (let offset = 12; offset < expected.length; offset += 12) {
      const page = await search('linen', { paging: { limit: 12, offset } });
      expect(page.metadata.total).toBe(expected.length);
      seen.push(...page.products.map((p) => p.id));
    }
    expect(seen).toHaveLength(expected.length);
    expect(seen.sort()).toEqual(expected.sort());
  });

  it('counts a search within a collection, a price range and stock as the catalog holds it', async () => {
    const collectionId = all.flatMap((p) => p.collectionIds).find((id) => id !== ALL_PRODUCTS_COLLECTION_ID)!;
    const expected = all.filter(
      (p) =>
        /\bcotton\b/.test(p.text) &&
        p.collectionIds.includes(collectionId) &&
        p.price >= 2000 &&
        p.price <= 20000 &&
        p.inStock,
    );
    const body = await search('cotton', {
      filter: {
        collectionIds: { $hasSome: [collectionId] },
        'priceData.discountedPrice': { $gte: 20, $lte: 200 },
        'stock.inStock': true,
      },
      paging: { limit: 100 },
    });
    expect(body.metadata.total).toBe(expected.length);
    expect(body.products.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
  });

  it('sorts by the merchant order (featured) differently from the newest first', async () => {
    const featured = await kit.visitor.getR(QUERY, {
      query: { sort: [{ fieldName: 'featured' }], paging: { limit: 20 } },
    });
    const newest = await kit.visitor.getR(QUERY, {
      query: { sort: [{ fieldName: 'createdDate', order: 'DESC' }], paging: { limit: 20 } },
    });
    expect(featured.status).toBe(200);
    expect(featured.body.metadata.total).toBe(newest.body.metadata.total);
    const ids = (r: { body: Body }) => r.body.products.map((p) => p.id);
    expect(ids(featured)).not.toEqual(ids(newest));
    // All Products' positions: the first product placed in it comes first.
    const positions = await kit.server.merx.db
      .selectFrom('collection_products')
      .select('product_id')
      .where('collection_id', '=', ALL_PRODUCTS_COLLECTION_ID)
      .orderBy('position')
      .limit(200)
      .execute();
    const visible = new Set(all.map((p) => p.id));
    expect(ids(featured)).toEqual(
      positions
        .map((p) => p.product_id)
        .filter((id) => visible.has(id))
        .slice(0, 20),
    );
  });
});
