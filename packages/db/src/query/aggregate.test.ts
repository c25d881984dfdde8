import { parseQuery, ValidationError } from '@merx/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AggregationFields, parseAggregations, runAggregations } from './aggregate.js';
import { applyFilter } from './compile.js';
import { engineNames, type ItemsEngine, itemSpec, openItemsDb } from './test-items.js';

const fields: AggregationFields = {
  name: { types: ['VALUE'] },
  price: { types: ['VALUE', 'RANGE', 'SCALAR'] },
  visible: { types: ['VALUE'] },
  createdDate: { types: ['DATE_HISTOGRAM', 'VALUE'] },
  tags: { types: ['VALUE', 'SCALAR'], display: (t) => t.toUpperCase() },
};

function violations(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.violations.map((v) => v.field);
    throw error;
  }
  throw new Error('no violation');
}

describe('parseAggregations', () => {
  const parse = (raw: unknown) => parseAggregations(raw, itemSpec, fields, 'search.aggregations');
  it('applies the defaults', () => {
    expect(parse([{ type: 'VALUE', fieldPath: 'name' }])).toEqual([
      {
        type: 'VALUE',
        name: 'name',
        fieldPath: 'name',
        value: { sortType: 'COUNT', sortDirection: 'DESC', limit: 10, missing: null },
      },
    ]);
    expect(parse(undefined)).toEqual([]);
  });
  it('names the element and field of every bad request', () => {
    expect(violations(() => parse([{ type: 'VALUE', fieldPath: 'id' }]))).toEqual(['search.aggregations[0].fieldPath']);
    expect(violations(() => parse([{ type: 'VALUE', fieldPath: 'nope' }]))).toEqual([
      'search.aggregations[0].fieldPath',
    ]);
    expect(violations(() => parse([{ type: 'SUM', fieldPath: 'price' }]))).toEqual(['search.aggregations[0].type']);
    expect(violations(() => parse([{ type: 'RANGE', fieldPath: 'name', range: { buckets: [{ from: 1 }] } }]))).toEqual([
      'search.aggregations[0].type',
    ]);
    expect(violations(() => parse([{}, {}].map(() => ({ type: 'VALUE', fieldPath: 'name' }))))).toEqual([
      'search.aggregations[1].name',
    ]);
    expect(
      violations(() =>
        parse(Array.from({ length: 11 }, (_, i) => ({ type: 'VALUE', fieldPath: 'name', name: `n${i}` }))),
      ),
    ).toEqual(['search.aggregations']);
    expect(violations(() => parse([{ type: 'VALUE', fieldPath: 'name', value: { limit: 251 } }]))).toEqual([
      'search.aggregations[0].value.limit',
    ]);
    expect(violations(() => parse([{ type: 'VALUE', fieldPath: 'name', value: { sortType: 'X' } }]))).toEqual([
      'search.aggregations[0].value.sortType',
    ]);
    const buckets = Array.from({ length: 51 }, (_, i) => ({ from: i }));
    expect(violations(() => parse([{ type: 'RANGE', fieldPath: 'price', range: { buckets } }]))).toEqual([
      'search.aggregations[0].range.buckets',
    ]);
    expect(violations(() => parse([{ type: 'RANGE', fieldPath: 'price', range: { buckets: [{}] } }]))).toEqual([
      'search.aggregations[0].range.buckets[0]',
    ]);
    expect(violations(() => parse([{ type: 'SCALAR', fieldPath: 'price', scalar: { type: 'SUM' } }]))).toEqual([
      'search.aggregations[0].scalar.type',
    ]);
    expect(
      violations(() =>
        parse([{ type: 'DATE_HISTOGRAM', fieldPath: 'createdDate', dateHistogram: { interval: 'DECADE' } }]),
      ),
    ).toEqual(['search.aggregations[0].dateHistogram.interval']);
    expect(
      violations(() =>
        parse([{ type: 'NESTED', nested: { nestedAggregations: [{ type: 'VALUE', fieldPath: 'name' }] } }]),
      ),
    ).toEqual(['search.aggregations[0].nested.nestedAggregations']);
    expect(
      violations(() =>
        parse([
          {
            type: 'NESTED',
            nested: {
              nestedAggregations: [
                { type: 'VALUE', fieldPath: 'tags' },
                { type: 'VALUE', fieldPath: 'name' },
              ],
            },
          },
        ]),
      ),
    ).toEqual(['search.aggregations[0].nested.nestedAggregations[0].fieldPath']);
    expect(
      violations(() =>
        parse([
          {
            type: 'NESTED',
            nested: {
              nestedAggregations: [
                { type: 'SCALAR', fieldPath: 'price', scalar: { type: 'MIN' } },
                { type: 'VALUE', fieldPath: 'name' },
              ],
            },
          },
        ]),
      ),
    ).toEqual(['search.aggregations[0].nested.nestedAggregations[0].type']);
    expect(violations(() => parse('x'))).toEqual(['search.aggregations']);
    expect(violations(() => parse([null]))).toEqual(['search.aggregations[0]']);
  });
});

describe.each(engineNames())('runAggregations on %s', (engineName) => {
  let engine: ItemsEngine;
  beforeAll(async () => {
    engine = await openItemsDb(engineName);
  });
  afterAll(async () => {
    await engine?.destroy();
  });
  beforeEach(() => {
    engine.queries.length = 0;
  });

  async function run(raw: unknown[], filter?: unknown) {
    const aggregations = parseAggregations(raw, itemSpec, fields);
    const query = parseQuery({ filter }, itemSpec);
    const base = applyFilter(engine.db.selectFrom('items'), query.filter, itemSpec, 'in');
    return runAggregations({ db: engine.db, dialect: engine.name, base, spec: itemSpec, fields, aggregations });
  }

  it('VALUE: counts per value, by count then value, limited; missing values excluded or bucketed', async () => {
    const [byCount, byValue, missing] = await run([
      { type: 'VALUE', fieldPath: 'price', name: 'a', value: { limit: 3 } },
      { type: 'VALUE', fieldPath: 'price', name: 'b', value: { sortType: 'VALUE', sortDirection: 'DESC', limit: 2 } },
      {
        type: 'VALUE',
        fieldPath: 'price',
        name: 'c',
        value: { missingValues: 'INCLUDE', includeOptions: { addToBucket: 'none' }, sortType: 'VALUE', limit: 250 },
      },
    ]);
    expect(byCount).toEqual({
      name: 'a',
      type: 'VALUE',
      fieldPath: 'price',
      values: {
        results: [
          { value: '1.5', count: 3 },
          { value: '0.99', count: 2 },
          { value: '-0.1', count: 1 },
        ],
      },
    });
    expect(byValue!['values']).toEqual({
      results: [
        { value: '20.5', count: 1 },
        { value: '19.99', count: 1 },
      ],
    });
    const values = (missing!['values'] as { results: Array<{ value: string }> }).results;
    expect(values.map((v) => v.value)).toEqual(['-0.1', '0', '0.99', '1.5', '3', '5', '19.99', '20.5', 'none']);
    expect(engine.queries).toHaveLength(3);
  });

  it('VALUE on booleans, with the default bucket name, and ascending counts', async () => {
    const [r] = await run([
      { type: 'VALUE', fieldPath: 'visible', value: { missingValues: 'INCLUDE', sortDirection: 'ASC' } },
    ]);
    expect(r!['values']).toEqual({
      results: [
        { value: 'false', count: 1 },
        { value: 'false', count: 4 },
        { value: 'true', count: 7 },
      ],
    });
  });

  it('counts only the filtered rows', async () => {
    const [r] = await run([{ type: 'VALUE', fieldPath: 'visible' }], { price: { $gte: 5 } });
    expect(r!['values']).toEqual({ results: [{ value: 'false', count: 3 }] });
  });

  it('VALUE over a relation: members per value, with owners without any as the missing bucket', async () => {
    const [top, all] = await run([
      { type: 'VALUE', fieldPath: 'tags', value: { limit: 2 } },
      {
        type: 'VALUE',
        fieldPath: 'tags',
        name: 'all',
        value: { sortType: 'VALUE', limit: 250, missingValues: 'INCLUDE' },
      },
    ]);
    expect(top!['values']).toEqual({
      results: [
        { value: 'FRUIT', count: 5 },
        { value: 'RED', count: 4 },
      ],
    });
    const values = (all!['values'] as { results: Array<{ value: string; count: number }> }).results;
    expect(values.map((v) => v.value)).toEqual(['BROWN', 'FRUIT', 'GREEN', 'GREY', 'PURPLE', 'RED', 'YELLOW', 'N/A']);
    expect(values.at(-1)?.count).toBe(2);
    expect(engine.queries).toHaveLength(2);
  });

  it('RANGE: rows in the first bucket they fall into; SCALAR min, max, distinct', async () => {
    const results = await run([
      {
        type: 'RANGE',
        fieldPath: 'price',
        range: { buckets: [{ to: 1 }, { from: 1, to: 5 }, { from: 5 }, { from: 0 }] },
      },
      { type: 'SCALAR', fieldPath: 'price', name: 'min', scalar: { type: 'MIN' } },
      { type: 'SCALAR', fieldPath: 'price', name: 'max', scalar: { type: 'MAX' } },
      { type: 'SCALAR', fieldPath: 'price', name: 'distinct', scalar: { type: 'COUNT_DISTINCT' } },
      { type: 'SCALAR', fieldPath: 'tags', name: 'tags', scalar: { type: 'COUNT_DISTINCT' } },
    ]);
    expect(results[0]!['ranges']).toEqual({
      results: [
        { to: 1, count: 4 },
        { from: 1, to: 5, count: 4 },
        { from: 5, count: 3 },
        { from: 0, count: 0 },
      ],
    });
    expect(results.slice(1).map((r) => r['scalar'])).toEqual([
      { type: 'MIN', value: -0.1 },
      { type: 'MAX', value: 20.5 },
      { type: 'COUNT_DISTINCT', value: 8 },
      { type: 'COUNT_DISTINCT', value: 7 },
    ]);
  });

  it('SCALAR over an empty set has no value', async () => {
    const [r] = await run([{ type: 'SCALAR', fieldPath: 'price', scalar: { type: 'MAX' } }], { price: { $gt: 1000 } });
    expect(r!['scalar']).toEqual({ type: 'MAX' });
  });

  it('DATE_HISTOGRAM by year, month, week, day and hour (UTC)', async () => {
    const h = (interval: string) => ({
      type: 'DATE_HISTOGRAM',
      fieldPath: 'createdDate',
      name: interval,
      dateHistogram: { interval },
    });
    const [year, month, week, hour] = await run([h('YEAR'), h('MONTH'), h('WEEK'), h('HOUR')]);
    expect(year!['dateHistogram']).toEqual({
      results: [
        { value: '2025-01-01T00:00:00.000Z', count: 1 },
        { value: '2026-01-01T00:00:00.000Z', count: 10 },
      ],
    });
    const months = (month!['dateHistogram'] as { results: Array<{ value: string; count: number }> }).results;
    expect(months.slice(0, 3)).toEqual([
      { value: '2025-12-01T00:00:00.000Z', count: 1 },
      { value: '2026-01-01T00:00:00.000Z', count: 2 },
      { value: '2026-02-01T00:00:00.000Z', count: 2 },
    ]);
    // 2026-01-01 is a Thursday: its ISO week starts Monday 2025-12-29, with 2025-12-31.
    const weeks = (week!['dateHistogram'] as { results: Array<{ value: string; count: number }> }).results;
    expect(weeks[0]).toEqual({ value: '2025-12-29T00:00:00.000Z', count: 2 });
    expect(weeks.find((w) => w.value.startsWith('2026-01-12'))).toEqual({
      value: '2026-01-12T00:00:00.000Z',
      count: 1,
    });
    const hours = (hour!['dateHistogram'] as { results: Array<{ value: string }> }).results.map((r) => r.value);
    expect(hours).toContain('2026-01-15T12:00:00.000Z');
  });

  it('NESTED: VALUE inside VALUE, and SCALAR and RANGE inside each bucket, limits per parent', async () => {
    const [vv, vs, vr] = await run([
      {
        type: 'NESTED',
        name: 'vv',
        nested: {
          nestedAggregations: [
            { type: 'VALUE', fieldPath: 'visible', name: 'vis', value: { sortType: 'VALUE' } },
            { type: 'VALUE', fieldPath: 'price', name: 'p', value: { limit: 1 } },
          ],
        },
      },
      {
        type: 'NESTED',
        name: 'vs',
        nested: {
          nestedAggregations: [
            { type: 'VALUE', fieldPath: 'visible', name: 'vis' },
            { type: 'SCALAR', fieldPath: 'price', name: 'max', scalar: { type: 'MAX' } },
          ],
        },
      },
      {
        type: 'NESTED',
        name: 'vr',
        nested: {
          nestedAggregations: [
            { type: 'VALUE', fieldPath: 'visible', name: 'vis' },
            { type: 'RANGE', fieldPath: 'price', name: 'r', range: { buckets: [{ to: 1 }, { from: 1 }] } },
          ],
        },
      },
    ]);
    expect(vv).toEqual({
      name: 'vv',
      type: 'NESTED',
      fieldPath: '',
      nested: {
        results: [
          { results: { vis: { value: { value: 'false', count: 4 } }, p: { value: { value: '3', count: 1 } } } },
          { results: { vis: { value: { value: 'true', count: 7 } }, p: { value: { value: '0.99', count: 2 } } } },
        ],
      },
    });
    expect(vs!['nested']).toEqual({
      results: [
        { results: { vis: { value: { value: 'true', count: 7 } }, max: { scalar: { value: 1.5 } } } },
        { results: { vis: { value: { value: 'false', count: 4 } }, max: { scalar: { value: 20.5 } } } },
      ],
    });
    expect(vr!['nested']).toEqual({
      results: [
        { results: { vis: { value: { value: 'true', count: 7 } }, r: { range: { to: 1, count: 4 } } } },
        { results: { vis: { value: { value: 'true', count: 7 } }, r: { range: { from: 1, count: 2 } } } },
        { results: { vis: { value: { value: 'false', count: 4 } }, r: { range: { from: 1, count: 4 } } } },
      ],
    });
    expect(engine.queries).toHaveLength(3);
  });

  it('SECOND buckets: one per distinct second, rows without a date left out', async () => {
    const [r] = await run([
      { type: 'DATE_HISTOGRAM', fieldPath: 'createdDate', dateHistogram: { interval: 'SECOND' } },
    ]);
    expect((r!['dateHistogram'] as { results: unknown[] }).results).toHaveLength(8);
  });
});
