/**
 * Aggregations of the v3 product search through the real `@wix/stores` `productsV3.searchProducts`: the package
 * sends `search.aggregations` and reads `aggregationData.results` as Merx answers them
 * (docs/decisions/0026-aggregations.md).
 */
import { randomUUID } from 'node:crypto';
import { products, productsV3 } from '@wix/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { compatSuite, decodeR, sdkError } from './wix-client.js';

const h = compatSuite({ modules: { products, productsV3 } });

const word = `agg${randomUUID().replaceAll('-', '').slice(0, 8)}`;
const brandA = `${word}A`;
const brandB = `${word}B`;

beforeAll(async () => {
  // Prices 11..15; brands A, A, B, B, none; the fourth hidden.
  for (let i = 1; i <= 5; i++) {
    await h.admin.products.createProduct({
      name: `${word} item ${i}`,
      productType: 'physical' as never,
      priceData: { price: 10 + i },
      visible: i !== 4,
      ...(i <= 2 ? { brand: brandA } : i <= 4 ? { brand: brandB } : {}),
    });
  }
});

const lastRequest = () => h.requests.at(-1)!;
const mine = { slug: { $startsWith: word } };

describe('productsV3.searchProducts with aggregations', () => {
  it('VALUE, RANGE, SCALAR, DATE_HISTOGRAM and NESTED: sent in `.r`, read back by the package', async () => {
    const res = await h.anon.productsV3.searchProducts({
      filter: mine,
      cursorPaging: { limit: 1 },
      aggregations: [
        { name: 'brands', type: 'VALUE', fieldPath: 'brand.name', value: { sortType: 'VALUE', sortDirection: 'ASC' } },
        {
          name: 'prices',
          type: 'RANGE',
          fieldPath: 'actualPriceRange.minValue.amount',
          range: { buckets: [{ to: 12.5 }, { from: 12.5 }] },
        },
        { name: 'cheapest', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MIN' } },
        { name: 'dearest', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MAX' } },
        { name: 'months', type: 'DATE_HISTOGRAM', fieldPath: 'createdDate', dateHistogram: { interval: 'MONTH' } },
        {
          name: 'byType',
          type: 'NESTED',
          nested: {
            nestedAggregations: [
              { name: 'type', type: 'VALUE', fieldPath: 'productType' },
              { name: 'max', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MAX' } },
            ],
          },
        },
      ] as never,
    });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/stores/v3/products/search', status: 200 });
    const sent = decodeR(lastRequest()) as { search: { aggregations: unknown[] } };
    expect(sent.search.aggregations).toHaveLength(6);
    expect(res.products).toHaveLength(1);
    const results = res.aggregationData?.results ?? [];
    expect(results.map((r) => r.name)).toEqual(['brands', 'prices', 'cheapest', 'dearest', 'months', 'byType']);
    const [brands, prices, cheapest, dearest, months, byType] = results;
    expect(brands).toMatchObject({
      type: 'VALUE',
      fieldPath: 'brand.name',
      values: {
        results: [
          { value: brandA, count: 2 },
          { value: brandB, count: 1 },
        ],
      },
    });
    expect(prices?.ranges?.results).toEqual([
      { to: 12.5, count: 2 },
      { from: 12.5, count: 2 },
    ]);
    expect(cheapest?.scalar).toEqual({ type: 'MIN', value: 11 });
    expect(dearest?.scalar).toEqual({ type: 'MAX', value: 15 });
    const monthly = months?.dateHistogram?.results ?? [];
    expect(monthly.reduce((n, m) => n + (m.count ?? 0), 0)).toBe(4);
    expect(byType?.nested?.results).toEqual([
      { results: { type: { value: { value: 'PHYSICAL', count: 4 } }, max: { scalar: { value: 15 } } } },
    ]);
  });

  it('the staff count hidden products; a search expression narrows the facets', async () => {
    const aggregations = [{ name: 'brands', type: 'VALUE', fieldPath: 'brand.name' }] as never;
    const all = await h.admin.productsV3.searchProducts({ filter: mine, aggregations });
    expect(all.aggregationData?.results?.[0]?.values?.results).toEqual([
      { value: brandA, count: 2 },
      { value: brandB, count: 2 },
    ]);
    const words = await h.anon.productsV3.searchProducts({ search: { expression: `${word} item` }, aggregations });
    expect(words.aggregationData?.results?.[0]?.values?.results).toEqual([
      { value: brandA, count: 2 },
      { value: brandB, count: 1 },
    ]);
  });

  it('a bad aggregation is a 400 naming it', async () => {
    const error = await sdkError(
      h.anon.productsV3.searchProducts({
        filter: mine,
        aggregations: [{ name: 'x', type: 'VALUE', fieldPath: 'description' }] as never,
      }),
    );
    expect(error.details?.validationError?.fieldViolations?.map((v: { field?: string }) => v.field)).toContain(
      'search.aggregations[0].fieldPath',
    );
  });
});
