import type { products } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompatHarness, decodeR, startCompat } from './wix-client.js';

type Product = products.Product;
type Builder = products.ProductsQueryBuilder;

/**
 * Builder methods the runtime (@wix/sdk-runtime queryBuilder) has but this version's `ProductsQueryBuilder` type does
 * not declare. A JavaScript storefront can call them, so Merx has to answer what they send.
 */
interface RuntimeOnlyMethods {
  between(field: string, from: unknown, to: unknown): Builder;
  or(other: Builder): Builder;
  not(other: Builder): Builder;
  isEmpty(field: string): Builder;
  isNotEmpty(field: string): Builder;
}
const untyped = (builder: Builder) => builder as Builder & RuntimeOnlyMethods;

let h: CompatHarness;
/** The whole demo catalog as the anonymous client sees it (one page of 100). */
let all: Product[];

const ids = (items: Product[]) => items.map((p) => p._id);
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

beforeAll(async () => {
  h = await startCompat();
  const page = await h.anon.products.queryProducts().limit(100).find();
  all = page.items;
});

afterAll(async () => {
  await h?.close();
});

describe('products.queryProducts() builder', () => {
  it('sends a GET with the .r envelope and reads items and totals from the answer', async () => {
    const mark = h.requests.length;
    const page = await h.anon.products.queryProducts().limit(5).find();
    const [request] = h.since(mark);
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/stores-reader/v1/products/query-platformized');
    expect(decodeR(request!)).toEqual({ query: { filter: {}, paging: { limit: 5, offset: 0 } } });
    expect(request?.status).toBe(200);
    expect(page.items).toHaveLength(5);
    expect(page.totalCount).toBe(53);
    expect(all).toHaveLength(53);
  });

  it('renames id to _id and turns lastUpdated and createdDate into Dates, at every depth', async () => {
    for (const p of all) {
      expect(typeof p._id).toBe('string');
      expect(p).not.toHaveProperty('id');
      expect(p.lastUpdated).toBeInstanceOf(Date);
      expect(p._createdDate).toBeInstanceOf(Date);
      expect(Number.isNaN(p.lastUpdated!.getTime())).toBe(false);
      expect(p.variants?.length).toBeGreaterThan(0);
      for (const v of p.variants ?? []) {
        expect(typeof v._id).toBe('string');
        expect(v).not.toHaveProperty('id');
      }
    }
    expect(new Set(ids(all)).size).toBe(53);
  });

  it(".eq('_id', …) is sent as filter.id and finds exactly that product", async () => {
    const target = all[17]!;
    const mark = h.requests.length;
    const page = await h.anon.products.queryProducts().eq('_id', target._id).find();
    expect(decodeR(h.since(mark)[0]!)).toMatchObject({ query: { filter: { id: target._id } } });
    expect(ids(page.items)).toEqual([target._id]);
    expect(page.items[0]?.name).toBe(target.name);
    expect(page.totalCount).toBe(1);
    expect(page.hasNext()).toBe(false);
  });

  it(".gt('priceData.price', …) keeps only dearer products", async () => {
    const page = await h.anon.products.queryProducts().gt('priceData.price', 100).limit(100).find();
    const expected = all.filter((p) => p.priceData!.price! > 100);
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.length).toBeLessThan(all.length);
    expect(page.totalCount).toBe(expected.length);
    expect(new Set(ids(page.items))).toEqual(new Set(ids(expected)));
  });

  it(".startsWith('name', …) matches name prefixes", async () => {
    const mark = h.requests.length;
    const page = await h.anon.products.queryProducts().startsWith('name', 'Merino').find();
    expect(decodeR(h.since(mark)[0]!)).toMatchObject({ query: { filter: { name: { $startsWith: 'Merino' } } } });
    const expected = all.filter((p) => p.name!.startsWith('Merino'));
    expect(expected).toHaveLength(2);
    expect(new Set(ids(page.items))).toEqual(new Set(ids(expected)));
  });

  it(".hasSome('collectionIds', [...]) matches products in any of the collections", async () => {
    const cols = await h.anon.collections.queryCollections().limit(50).find();
    const footwear = cols.items.find((c) => c.slug === 'footwear')!;
    const sale = cols.items.find((c) => c.slug === 'sale')!;
    const wanted = [footwear._id!, sale._id!];
    const page = await h.anon.products.queryProducts().hasSome('collectionIds', wanted).limit(100).find();
    const expected = all.filter((p) => p.collectionIds!.some((c) => wanted.includes(c)));
    expect(expected.length).toBe(page.totalCount);
    expect(expected.length).toBeGreaterThan(footwear.numberOfProducts!);
    expect(new Set(ids(page.items))).toEqual(new Set(ids(expected)));
  });

  it(".in('_id', [...]) finds exactly the listed products", async () => {
    const wanted = [all[3]!._id!, all[30]!._id!, all[52]!._id!];
    const page = await h.anon.products.queryProducts().in('_id', wanted).find();
    expect(new Set(ids(page.items))).toEqual(new Set(wanted));
    expect(page.totalCount).toBe(3);
  });

  it('two chained conditions are combined with $and', async () => {
    const mark = h.requests.length;
    const page = await h.anon.products
      .queryProducts()
      .gt('priceData.price', 50)
      .startsWith('name', 'S')
      .limit(100)
      .find();
    expect(decodeR(h.since(mark)[0]!)).toMatchObject({
      query: { filter: { $and: [{ 'priceData.price': { $gt: 50 } }, { name: { $startsWith: 'S' } }] } },
    });
    const expected = all.filter((p) => p.priceData!.price! > 50 && p.name!.startsWith('S'));
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(ids(page.items))).toEqual(new Set(ids(expected)));
  });

  it(".ascending('name') sorts by name", async () => {
    const mark = h.requests.length;
    const page = await h.anon.products.queryProducts().ascending('name').limit(100).find();
    expect(decodeR(h.since(mark)[0]!)).toMatchObject({ query: { sort: [{ fieldName: 'name', order: 'ASC' }] } });
    expect(page.items).toHaveLength(53);
    // Names without punctuation sort the same under every collation.
    const plain = page.items.map((p) => p.name!).filter((n) => /^[A-Za-z0-9 ]+$/.test(n));
    expect(plain.length).toBeGreaterThan(20);
    expect(plain).toEqual([...plain].sort((a, b) => byName(a.toLowerCase(), b.toLowerCase())));
  });

  it(".descending('price') sorts by price, dearest first", async () => {
    const page = await h.anon.products.queryProducts().descending('price').limit(100).find();
    const prices = page.items.map((p) => p.priceData!.price!);
    expect(prices).toHaveLength(53);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(prices[0]).toBeGreaterThan(prices[52]!);
  });

  it('.limit(n).skip(k) returns the k-th slice of the same order', async () => {
    const full = await h.anon.products.queryProducts().descending('price').ascending('name').limit(100).find();
    const mark = h.requests.length;
    const page = await h.anon.products.queryProducts().descending('price').ascending('name').limit(7).skip(10).find();
    expect(decodeR(h.since(mark)[0]!)).toMatchObject({ query: { paging: { limit: 7, offset: 10 } } });
    expect(ids(page.items)).toEqual(ids(full.items.slice(10, 17)));
    expect(page.totalCount).toBe(53);
    expect(page.currentPage).toBe(1);
    expect(page.hasNext()).toBe(true);
    expect(page.hasPrev()).toBe(true);
  });

  it('pages through everything with hasNext()/next() and back with prev()', async () => {
    const first = await h.anon.products.queryProducts().ascending('name').limit(10).find();
    expect(first.totalCount).toBe(53);
    expect(first.totalPages).toBe(6);
    expect(first.hasNext()).toBe(true);
    expect(first.hasPrev()).toBe(false);

    const seen: string[] = [];
    const sizes: number[] = [];
    let page = first;
    for (;;) {
      seen.push(...ids(page.items).map(String));
      sizes.push(page.items.length);
      if (!page.hasNext()) break;
      page = await page.next();
    }
    expect(sizes).toEqual([10, 10, 10, 10, 10, 3]);
    expect(seen).toHaveLength(53);
    expect(new Set(seen)).toEqual(new Set(ids(all)));
    expect(page.currentPage).toBe(5);

    const back = await page.prev();
    expect(back.currentPage).toBe(4);
    expect(ids(back.items)).toEqual(seen.slice(40, 50));
    const second = await first.next();
    expect(ids((await second.prev()).items)).toEqual(ids(first.items));
  });

  it('the typed overload queryProducts({ filter, paging }) returns the renamed raw body', async () => {
    const target = all[5]!;
    const body = await h.anon.products.queryProducts({ filter: { _id: target._id }, paging: { limit: 5 } });
    expect(body.products?.map((p) => p._id)).toEqual([target._id]);
    expect(body.metadata?.total).toBe(1);
    expect(body.products?.[0]?.lastUpdated).toBeInstanceOf(Date);
  });
});

describe('the other operators and fields the builder types allow', () => {
  const expectSame = (items: Product[], expected: Product[]) => {
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(ids(items))).toEqual(new Set(ids(expected)));
  };

  it('.eq / .ne on productType', async () => {
    const digital = await h.anon.products.queryProducts().eq('productType', 'digital').limit(100).find();
    expectSame(
      digital.items,
      all.filter((p) => p.productType === 'digital'),
    );
    const physical = await h.anon.products.queryProducts().ne('productType', 'digital').limit(100).find();
    expectSame(
      physical.items,
      all.filter((p) => p.productType !== 'digital'),
    );
    expect(Number(digital.totalCount) + Number(physical.totalCount)).toBe(53);
  });

  it('.ge / .le / .lt on numericId and .between on price', async () => {
    const num = (p: Product) => Number(p.numericId);
    const window = await h.anon.products.queryProducts().ge('numericId', 10).le('numericId', 20).limit(100).find();
    expectSame(
      window.items,
      all.filter((p) => num(p) >= 10 && num(p) <= 20),
    );
    const below = await h.anon.products.queryProducts().lt('numericId', 5).limit(100).find();
    expectSame(
      below.items,
      all.filter((p) => num(p) < 5),
    );
    const between = await untyped(h.anon.products.queryProducts()).between('priceData.price', 20, 30).limit(100).find();
    expectSame(
      between.items,
      all.filter((p) => p.priceData!.price! >= 20 && p.priceData!.price! < 30),
    );
  });

  it('Date values on lastUpdated and _createdDate are sent as ISO strings and compared as instants', async () => {
    const sorted = [...all].sort((a, b) => a._createdDate!.getTime() - b._createdDate!.getTime());
    const pivot = sorted[20]!._createdDate!;
    const mark = h.requests.length;
    const newer = await h.anon.products.queryProducts().ge('_createdDate', pivot).limit(100).find();
    expect(decodeR(h.since(mark)[0]!)).toMatchObject({
      query: { filter: { createdDate: { $gte: pivot.toISOString() } } },
    });
    expectSame(
      newer.items,
      all.filter((p) => p._createdDate!.getTime() >= pivot.getTime()),
    );
    const future = new Date(Date.now() + 86_400_000);
    const none = await h.anon.products.queryProducts().gt('lastUpdated', future).find();
    expect(none.items).toEqual([]);
    expect(none.totalCount).toBe(0);
    expect(none.hasNext()).toBe(false);
  });

  it('.in on name and .startsWith on sku', async () => {
    const names = [all[1]!.name!, all[40]!.name!];
    const byName = await h.anon.products.queryProducts().in('name', names).find();
    expect(byName.items.map((p) => p.name).sort()).toEqual([...names].sort());
    const skus = await h.anon.products.queryProducts().startsWith('sku', 'WM-TEE').limit(100).find();
    expectSame(
      skus.items,
      all.filter((p) => p.sku?.startsWith('WM-TEE')),
    );
  });

  it('.startsWith with non-ASCII text survives the base64url envelope', async () => {
    const quoted = await h.anon.products.queryProducts().startsWith('name', '\u201c').limit(100).find();
    expectSame(
      quoted.items,
      all.filter((p) => p.name!.startsWith('\u201c')),
    );
  });

  it('.hasAll on collectionIds', async () => {
    const withTwo = all.find((p) => p.collectionIds!.length >= 3)!;
    const wanted = withTwo.collectionIds!.slice(1, 3);
    const page = await h.anon.products.queryProducts().hasAll('collectionIds', wanted).limit(100).find();
    expectSame(
      page.items,
      all.filter((p) => wanted.every((c) => p.collectionIds!.includes(c))),
    );
  });

  it('.or() and .not() combine builders', async () => {
    const q = () => h.anon.products.queryProducts();
    const either = await untyped(q().startsWith('name', 'Merino'))
      .or(q().startsWith('name', 'Trail'))
      .limit(100)
      .find();
    expectSame(
      either.items,
      all.filter((p) => /^(Merino|Trail)/.test(p.name!)),
    );
    const notDigital = await untyped(q()).not(q().eq('productType', 'digital')).limit(100).find();
    expectSame(
      notDigital.items,
      all.filter((p) => p.productType !== 'digital'),
    );
  });

  it('.isEmpty / .isNotEmpty / .exists', async () => {
    const withSku = await untyped(h.anon.products.queryProducts()).isNotEmpty('sku').limit(100).find();
    expectSame(
      withSku.items,
      all.filter((p) => Boolean(p.sku)),
    );
    const withoutSku = await untyped(h.anon.products.queryProducts()).isEmpty('sku').limit(100).find();
    expect(Number(withoutSku.totalCount) + Number(withSku.totalCount)).toBe(53);
    const exists = await h.anon.products.queryProducts().exists('sku', true).limit(100).find();
    expect(exists.totalCount).toBe(withSku.totalCount);
  });

  it('sorts by _id, numericId, sku and lastUpdated', async () => {
    const q = () => h.anon.products.queryProducts().limit(100);
    const mark = h.requests.length;
    const byId = await q().ascending('_id').find();
    expect(decodeR(h.since(mark)[0]!)).toMatchObject({ query: { sort: [{ fieldName: 'id', order: 'ASC' }] } });
    const idList = ids(byId.items).map(String);
    expect(idList).toEqual([...idList].sort());
    const numeric = (await q().descending('numericId').find()).items.map((p) => Number(p.numericId));
    expect(numeric).toEqual([...numeric].sort((a, b) => b - a));
    const updated = (await q().descending('lastUpdated').find()).items.map((p) => p.lastUpdated!.getTime());
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    const skus = (await q().startsWith('sku', 'WM-').ascending('sku').find()).items.map((p) => p.sku!);
    expect(skus.length).toBeGreaterThan(5);
    expect(skus).toEqual([...skus].sort());
  });

  it('skipping past the end gives an empty last page', async () => {
    const page = await h.anon.products.queryProducts().limit(10).skip(60).find();
    expect(page.items).toEqual([]);
    expect(page.totalCount).toBe(53);
    expect(page.hasNext()).toBe(false);
  });
});

describe('long-query fallback (WIRE.md 0.6)', () => {
  it(".in('_id', <120 ids>) is sent as a POST to the same path and answered the same way", async () => {
    const real = ids(all).map(String);
    const fake = Array.from(
      { length: 120 - real.length },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const wanted = [...real, ...fake];
    const mark = h.requests.length;
    const page = await h.anon.products.queryProducts().in('_id', wanted).limit(100).find();
    const sent = h.since(mark);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.path).toBe('/stores-reader/v1/products/query-platformized');
    expect([...sent[0]!.params.keys()]).toEqual([]);
    expect(sent[0]?.headers['content-type']).toBe('application/json');
    expect(sent[0]?.body).toEqual({ query: { filter: { id: { $in: wanted } }, paging: { limit: 100, offset: 0 } } });
    expect(sent[0]?.status).toBe(200);
    expect(page.totalCount).toBe(53);
    expect(new Set(ids(page.items))).toEqual(new Set(real));
    // SDK quirk, not a server matter: the fallback request carries no response transform, so on this path the
    // timestamps stay ISO strings instead of becoming Dates. The ids are still renamed.
    const item = page.items.find((p) => p._id === all[0]!._id)!;
    expect(item).not.toHaveProperty('id');
    expect(String(item.lastUpdated)).toBe(all[0]!.lastUpdated!.toISOString());
  });

  it('the same long query pages with next() (still POST)', async () => {
    const wanted = [...ids(all).map(String)];
    while (wanted.length < 150) wanted.push(`ffffffff-0000-4000-8000-${String(wanted.length).padStart(12, '0')}`);
    const mark = h.requests.length;
    const first = await h.anon.products.queryProducts().in('_id', wanted).ascending('name').limit(30).find();
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(h.since(mark).map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(first.items).toHaveLength(30);
    expect(second.items).toHaveLength(23);
    expect(new Set([...ids(first.items), ...ids(second.items)])).toEqual(new Set(ids(all)));
  });
});

describe('collections.queryCollections() builder', () => {
  it('reads collections and offset paging metadata from /v2/collections/query', async () => {
    const mark = h.requests.length;
    const first = await h.anon.collections.queryCollections().ascending('name').limit(4).find();
    const [request] = h.since(mark);
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/v2/collections/query');
    expect(decodeR(request!)).toEqual({
      query: { filter: {}, sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 4, offset: 0 } },
    });
    expect(first.totalCount).toBe(9);
    expect(first.items).toHaveLength(4);
    expect(first.hasNext()).toBe(true);

    const names: string[] = [];
    let page = first;
    for (;;) {
      names.push(...page.items.map((c) => c.name!));
      if (!page.hasNext()) break;
      page = await page.next();
    }
    expect(names).toHaveLength(9);
    expect(names).toContain('All Products');
    expect(names).toEqual([...names].sort(byName));
    expect(page.currentPage).toBe(2);
    expect((await page.prev()).items.map((c) => c.name)).toEqual(names.slice(4, 8));
  });

  it('filters with eq and renames ids', async () => {
    const page = await h.anon.collections.queryCollections().eq('name', 'Footwear').find();
    expect(page.items).toHaveLength(1);
    const footwear = page.items[0]!;
    expect(footwear.slug).toBe('footwear');
    expect(typeof footwear._id).toBe('string');
    expect(footwear).not.toHaveProperty('id');
    expect(footwear.numberOfProducts).toBe(all.filter((p) => p.collectionIds!.includes(footwear._id!)).length);
  });
});
