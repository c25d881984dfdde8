import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation, type Kit, type Res, startKit, unique } from '../products/catalog-test-kit.js';

/*
 * Aggregations of the v3 product search (docs/decisions/0026-aggregations.md): facets over the searched set, on
 * the engine the suite runs on, compared with the products the same search returns.
 */

let kit: Kit;
const base = '/stores/v3/products';
const ok = (res: Res) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
// biome-ignore lint/suspicious/noExplicitAny: tests read answers freely
type Any = any;

let parentId: string;
let childId: string;
const brand1 = unique('B1 ');
const brand2 = unique('B2 ');
const ribbon = unique('R').slice(0, 12);
const word = unique('zq');
let made: Product[];

beforeAll(async () => {
  kit = await startKit();
  parentId = (await kit.createCollection({ name: unique('Clothing ') })).id;
  childId = (await kit.createCollection({ name: unique('Shirts ') })).id;
  await kit.server.merx.db.updateTable('collections').set({ parent_id: parentId }).where('id', '=', childId).execute();
  const specs = [
    { price: 10, brand: brand1, ribbon, in: childId },
    { price: 20, brand: brand1, in: parentId },
    { price: 30, brand: brand2, ribbon, in: childId },
    { price: 40, brand: brand2, in: childId, visible: false },
    { price: 5, in: childId, productType: 'digital' },
  ];
  made = [];
  for (const [i, s] of specs.entries()) {
    const p = await kit.createProduct({
      name: `${word} item ${i}`,
      priceData: { price: s.price },
      ...(s.brand ? { brand: s.brand } : {}),
      ...(s.ribbon ? { ribbon: s.ribbon } : {}),
      ...(s.visible === false ? { visible: false } : {}),
      ...(s.productType ? { productType: s.productType } : {}),
    } as Any);
    ok(await kit.owner.post(`/stores/v1/collections/${s.in}/productIds`, { productIds: [p.id] }));
    made.push(p);
  }
});
afterAll(async () => {
  await kit.close();
});

const inTree = () => ({ 'allCategoriesInfo.categories.id': { $hasSome: [parentId] } });
const search = (body: Record<string, unknown>, client = kit.visitor) =>
  client.post(`${base}/search`, { search: { filter: inTree(), ...body } });
const byName = (res: Any) => Object.fromEntries(res.aggregationData.results.map((r: Any) => [r.name, r]));
const counts = (r: Any) => Object.fromEntries(r.values.results.map((v: Any) => [v.value, v.count]));

describe('v3 search aggregations', () => {
  it('counts the searched set for every facet type, paging ignored', async () => {
    const res = ok(
      await search({
        cursorPaging: { limit: 1 },
        aggregations: [
          { name: 'brands', type: 'VALUE', fieldPath: 'brand.name' },
          { name: 'brandIds', type: 'VALUE', fieldPath: 'brand.id', value: { missingValues: 'INCLUDE' } },
          { name: 'ribbons', type: 'VALUE', fieldPath: 'ribbon.id' },
          { name: 'categories', type: 'VALUE', fieldPath: 'allCategoriesInfo.categories.id' },
          { name: 'direct', type: 'VALUE', fieldPath: 'directCategoriesInfo.categories.id' },
          { name: 'types', type: 'VALUE', fieldPath: 'productType' },
          { name: 'stock', type: 'VALUE', fieldPath: 'inventory.availabilityStatus' },
          {
            name: 'prices',
            type: 'RANGE',
            fieldPath: 'actualPriceRange.minValue.amount',
            range: { buckets: [{ to: 15 }, { from: 15, to: 35 }, { from: 35 }] },
          },
          { name: 'min', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MIN' } },
          { name: 'max', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MAX' } },
          { name: 'nBrands', type: 'SCALAR', fieldPath: 'brand.id', scalar: { type: 'COUNT_DISTINCT' } },
          { name: 'years', type: 'DATE_HISTOGRAM', fieldPath: 'createdDate', dateHistogram: { interval: 'YEAR' } },
        ].slice(0, 10),
      }),
    );
    expect(res.products).toHaveLength(1);
    const r = byName(res);
    expect(Object.keys(r)).toHaveLength(10);
    expect(r.brands).toEqual({
      name: 'brands',
      type: 'VALUE',
      fieldPath: 'brand.name',
      values: {
        results: [
          { value: brand1, count: 2 },
          { value: brand2, count: 1 },
        ],
      },
    });
    expect(Object.values(counts(r.brandIds)).sort()).toEqual([1, 1, 2]);
    expect(counts(r.brandIds)['N/A']).toBe(1);
    expect(r.ribbons.values.results).toEqual([{ value: expect.any(String), count: 2 }]);
    // Every product is in the store's "All products" category too.
    expect(counts(r.categories)).toEqual({ [parentId]: 4, [childId]: 3, '00000000-000000-000000-000000000001': 4 });
    expect(counts(r.direct)).toMatchObject({ [parentId]: 1, [childId]: 3 });
    expect(counts(r.types)).toEqual({ PHYSICAL: 3, DIGITAL: 1 });
    expect(Object.values(counts(r.stock)).reduce((a: number, b) => a + Number(b), 0)).toBe(4);
    expect(r.prices.ranges.results).toEqual([
      { to: 15, count: 2 },
      { from: 15, to: 35, count: 2 },
      { from: 35, count: 0 },
    ]);
    expect(r.min.scalar).toEqual({ type: 'MIN', value: 5 });
    expect(r.max.scalar).toEqual({ type: 'MAX', value: 30 });
  });

  it('agrees with the products the same search returns, and narrows with the filter and the words', async () => {
    const aggregations = [
      { name: 'brands', type: 'VALUE', fieldPath: 'brand.name' },
      { name: 'years', type: 'DATE_HISTOGRAM', fieldPath: 'createdDate', dateHistogram: { interval: 'DAY' } },
      { name: 'nBrands', type: 'SCALAR', fieldPath: 'brand.id', scalar: { type: 'COUNT_DISTINCT' } },
    ];
    const all = ok(await search({ aggregations }));
    const days = byName(all).years.dateHistogram.results;
    expect(days.reduce((a: number, d: Any) => a + d.count, 0)).toBe(all.products.length);
    expect(days[0].value).toMatch(/^\d{4}-\d\d-\d\dT00:00:00\.000Z$/);
    expect(byName(all).nBrands.scalar).toEqual({ type: 'COUNT_DISTINCT', value: 2 });

    const narrowed = ok(
      await kit.visitor.post(`${base}/search`, {
        search: { filter: { ...inTree(), 'brand.name': brand2 }, aggregations },
      }),
    );
    expect(narrowed.products.map((p: Any) => p.id)).toEqual([made[2]!.id]);
    expect(byName(narrowed).brands.values.results).toEqual([{ value: brand2, count: 1 }]);

    const words = ok(await search({ search: { expression: `${word} item` }, aggregations }));
    expect(counts(byName(words).brands)).toEqual({ [brand1]: 2, [brand2]: 1 });
    const none = ok(await search({ search: { expression: 'nosuchwordanywhere' }, aggregations }));
    expect(byName(none).brands.values.results).toEqual([]);
    expect(byName(none).nBrands.scalar).toEqual({ type: 'COUNT_DISTINCT', value: 0 });
  });

  it('counts hidden products for the staff, who may also facet on `visible`', async () => {
    const aggregations = [
      { name: 'brands', type: 'VALUE', fieldPath: 'brand.name' },
      { name: 'visible', type: 'VALUE', fieldPath: 'visible', value: { sortType: 'VALUE' } },
    ];
    const res = ok(await search({ aggregations }, kit.owner));
    expect(counts(byName(res).brands)).toEqual({ [brand1]: 2, [brand2]: 2 });
    expect(byName(res).visible.values.results).toEqual([
      { value: 'false', count: 1 },
      { value: 'true', count: 4 },
    ]);
    expectViolation(await search({ aggregations }), 'search.aggregations[1].fieldPath', 'FIELD_NOT_ALLOWED');
  });

  it('answers NESTED in the flattened form, and GET with the `.r` envelope', async () => {
    const aggregations = [
      {
        name: 'nested',
        type: 'NESTED',
        nested: {
          nestedAggregations: [
            { name: 'type', type: 'VALUE', fieldPath: 'productType' },
            { name: 'brand', type: 'VALUE', fieldPath: 'brand.name', value: { missingValues: 'INCLUDE' } },
          ],
        },
      },
    ];
    const res = ok(await kit.visitor.getR(`${base}/search`, { search: { filter: inTree(), aggregations } }));
    expect(res.aggregationData.results[0].nested.results).toEqual([
      { results: { type: { value: { value: 'PHYSICAL', count: 3 } }, brand: { value: { value: brand1, count: 2 } } } },
      { results: { type: { value: { value: 'PHYSICAL', count: 3 } }, brand: { value: { value: brand2, count: 1 } } } },
      { results: { type: { value: { value: 'DIGITAL', count: 1 } }, brand: { value: { value: 'N/A', count: 1 } } } },
    ]);
  });

  it('a next page with aggregations counts the set its cursor pages', async () => {
    const aggregations = [{ name: 'brands', type: 'VALUE', fieldPath: 'brand.name' }];
    const first = ok(
      await kit.visitor.post(`${base}/search`, {
        search: { filter: { ...inTree(), 'brand.name': brand1 }, cursorPaging: { limit: 1 } },
      }),
    );
    const next = ok(
      await kit.visitor.post(`${base}/search`, {
        search: { cursorPaging: { limit: 1, cursor: first.pagingMetadata.cursors.next }, aggregations },
      }),
    );
    expect(next.products).toHaveLength(1);
    expect(counts(byName(next).brands)).toEqual({ [brand1]: 2 });
  });

  it('leaves the answer without aggregationData when none are asked for', async () => {
    const res = ok(await search({}));
    expect(res.aggregationData).toBeUndefined();
  });

  it('refuses bad aggregations with a 400 naming the field, never a 500', async () => {
    const bad = async (aggregation: unknown, field: string) =>
      expectViolation(await search({ aggregations: [aggregation] }), field);
    await bad({ type: 'VALUE', fieldPath: 'name' }, 'search.aggregations[0].fieldPath');
    await bad({ type: 'VALUE', fieldPath: 'nope' }, 'search.aggregations[0].fieldPath');
    await bad({ type: 'MEDIAN', fieldPath: 'brand.id' }, 'search.aggregations[0].type');
    await bad(
      { type: 'RANGE', fieldPath: 'brand.id', range: { buckets: [{ from: 1 }] } },
      'search.aggregations[0].type',
    );
    await bad(
      { type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'SUM' } },
      'search.aggregations[0].scalar.type',
    );
    await bad(
      { type: 'RANGE', fieldPath: 'actualPriceRange.minValue.amount', range: { buckets: Array(51).fill({ from: 1 }) } },
      'search.aggregations[0].range.buckets',
    );
    await bad(
      { type: 'RANGE', fieldPath: 'actualPriceRange.minValue.amount', range: { buckets: [{ from: 'x' }] } },
      'search.aggregations[0].range.buckets[0].from',
    );
    await bad({ type: 'VALUE', fieldPath: 'brand.id', value: { limit: 0 } }, 'search.aggregations[0].value.limit');
    await bad({ type: 'VALUE', fieldPath: 'brand.id', value: { limit: 251 } }, 'search.aggregations[0].value.limit');
    await bad({ type: 'DATE_HISTOGRAM', fieldPath: 'createdDate' }, 'search.aggregations[0].dateHistogram.interval');
    await bad(
      {
        type: 'NESTED',
        nested: {
          nestedAggregations: [
            { type: 'VALUE', fieldPath: 'allCategoriesInfo.categories.id' },
            { type: 'VALUE', fieldPath: 'brand.id' },
          ],
        },
      },
      'search.aggregations[0].nested.nestedAggregations[0].fieldPath',
    );
    await bad(
      { type: 'NESTED', nested: { nestedAggregations: [] } },
      'search.aggregations[0].nested.nestedAggregations',
    );
    await bad('VALUE', 'search.aggregations[0]');
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `a${i}`, type: 'VALUE', fieldPath: 'brand.id' }));
    expectViolation(await search({ aggregations: eleven }), 'search.aggregations');
    const twice = [
      { name: 'x', type: 'VALUE', fieldPath: 'brand.id' },
      { name: 'x', type: 'VALUE', fieldPath: 'ribbon.id' },
    ];
    expectViolation(await search({ aggregations: twice }), 'search.aggregations[1].name');
  });
});
