import { describe, expect, it } from 'vitest';
import { type FieldViolation, ValidationError } from '../errors.js';
import { type ParseQueryOptions, parseQuery } from './parse.js';
import type { EntityQuerySpec, FilterNode } from './types.js';

const spec: EntityQuerySpec = {
  table: 'products',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', sortable: true },
    name: { kind: 'column', column: 'name', type: 'string', sortable: true },
    slug: { kind: 'column', column: 'slug', type: 'string', operators: ['$eq', '$in'] },
    price: { kind: 'column', column: 'price', type: 'number', sortable: true, scale: 100 },
    visible: { kind: 'column', column: 'visible', type: 'boolean' },
    createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true },
    'priceData.price': { kind: 'column', column: 'price', type: 'number' },
    collectionIds: {
      kind: 'relation',
      table: 'collection_products',
      ownerColumn: 'product_id',
      valueColumn: 'collection_id',
      type: 'id',
    },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
};

function filterOf(filter: unknown): FilterNode | null {
  return parseQuery({ filter }, spec).filter;
}

/** The violations parseQuery throws for `query`. */
function violationsOf(query: unknown, opts?: ParseQueryOptions): FieldViolation[] {
  try {
    parseQuery(query, spec, opts);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).violations;
  }
  throw new Error('expected a ValidationError');
}

function violationOf(query: unknown, opts?: ParseQueryOptions): FieldViolation {
  const violations = violationsOf(query, opts);
  expect(violations).toHaveLength(1);
  return violations[0]!;
}

describe('parseQuery defaults', () => {
  it('reads a missing or empty query as no filter, no sort and the first page of 50', () => {
    const empty = { filter: null, sort: [], paging: { kind: 'offset', limit: 50, offset: 0 } };
    expect(parseQuery(undefined, spec)).toEqual(empty);
    expect(parseQuery({}, spec)).toEqual(empty);
    expect(parseQuery({ filter: {}, sort: [] }, spec)).toEqual(empty);
  });

  it('refuses a query that is not an object', () => {
    expect(violationOf('nope')).toMatchObject({ field: 'query', description: 'must be an object' });
  });
});

describe('parseQuery filters', () => {
  it('reads {field: value} as equality', () => {
    expect(filterOf({ name: 'Shirt' })).toEqual({ kind: 'compare', field: 'name', op: '$eq', value: 'Shirt' });
  });

  it('reads {field: null} as is-null and {$ne: null} as not-null', () => {
    expect(filterOf({ name: null })).toEqual({ kind: 'compare', field: 'name', op: '$eq', value: null });
    expect(filterOf({ name: { $ne: null } })).toEqual({ kind: 'compare', field: 'name', op: '$ne', value: null });
  });

  it.each([
    ['$eq', 5],
    ['$ne', 5],
    ['$gt', 5],
    ['$gte', 5],
    ['$lt', 5],
    ['$lte', 5.5],
  ])('reads the comparison %s', (op, value) => {
    expect(filterOf({ price: { [op]: value } })).toEqual({ kind: 'compare', field: 'price', op, value });
  });

  it.each(['$in', '$nin'])('reads the list operator %s on a column', (op) => {
    expect(filterOf({ price: { [op]: [1, 2] } })).toEqual({ kind: 'in', field: 'price', op, values: [1, 2] });
  });

  it.each(['$hasSome', '$hasAll', '$in', '$nin'])('reads the list operator %s on a relation', (op) => {
    expect(filterOf({ collectionIds: { [op]: ['a'] } })).toEqual({
      kind: 'in',
      field: 'collectionIds',
      op,
      values: ['a'],
    });
  });

  it.each(['$startsWith', '$endsWith', '$contains'])('reads the text operator %s', (op) => {
    expect(filterOf({ name: { [op]: 'Sh' } })).toEqual({ kind: 'text', field: 'name', op, value: 'Sh' });
  });

  it('reads $exists on columns and relations', () => {
    expect(filterOf({ name: { $exists: false } })).toEqual({ kind: 'exists', field: 'name', value: false });
    expect(filterOf({ collectionIds: { $exists: true } })).toEqual({
      kind: 'exists',
      field: 'collectionIds',
      value: true,
    });
  });

  it('reads equality and null on a relation', () => {
    expect(filterOf({ collectionIds: 'c1' })).toEqual({
      kind: 'compare',
      field: 'collectionIds',
      op: '$eq',
      value: 'c1',
    });
    expect(filterOf({ collectionIds: null })).toEqual({
      kind: 'compare',
      field: 'collectionIds',
      op: '$eq',
      value: null,
    });
  });

  it('ANDs several operators on one field and several top-level fields', () => {
    expect(filterOf({ price: { $gte: 1, $lt: 9 }, visible: true })).toEqual({
      kind: 'and',
      nodes: [
        {
          kind: 'and',
          nodes: [
            { kind: 'compare', field: 'price', op: '$gte', value: 1 },
            { kind: 'compare', field: 'price', op: '$lt', value: 9 },
          ],
        },
        { kind: 'compare', field: 'visible', op: '$eq', value: true },
      ],
    });
  });

  it('reads $and, $or and $not, nested', () => {
    expect(filterOf({ $or: [{ name: 'a' }, { $and: [{ visible: false }, { $not: { price: 1 } }] }] })).toEqual({
      kind: 'or',
      nodes: [
        { kind: 'compare', field: 'name', op: '$eq', value: 'a' },
        {
          kind: 'and',
          nodes: [
            { kind: 'compare', field: 'visible', op: '$eq', value: false },
            { kind: 'not', node: { kind: 'compare', field: 'price', op: '$eq', value: 1 } },
          ],
        },
      ],
    });
  });

  it('accepts the SDK names _id, _createdDate and _updatedDate for the system fields', () => {
    expect(filterOf({ _id: 'p1' })).toEqual({ kind: 'compare', field: 'id', op: '$eq', value: 'p1' });
    expect(filterOf({ _createdDate: { $gt: '2026-01-01T00:00:00.000Z' } })).toEqual({
      kind: 'compare',
      field: 'createdDate',
      op: '$gt',
      value: '2026-01-01T00:00:00.000Z',
    });
    expect(parseQuery({ sort: [{ fieldName: '_createdDate' }] }, spec).sort).toEqual([
      { field: 'createdDate', order: 'ASC' },
    ]);
  });

  it('accepts dotted field names from the allow-list', () => {
    expect(filterOf({ 'priceData.price': { $gt: 10 } })).toEqual({
      kind: 'compare',
      field: 'priceData.price',
      op: '$gt',
      value: 10,
    });
  });

  it.each([
    ['2026-11-21', '2026-11-21T00:00:00.000Z'],
    ['2026-11-21T06:33:00Z', '2026-11-21T06:33:00.000Z'],
    ['2026-11-21T06:33', '2026-11-21T06:33:00.000Z'],
    ['2026-11-21 06:33:00', '2026-11-21T06:33:00.000Z'],
    ['2026-11-21T08:33:00.5+02:00', '2026-11-21T06:33:00.500Z'],
    ['Sat, 21 Nov 2026 06:33:00 GMT', '2026-11-21T06:33:00.000Z'],
  ])('normalises the date %s to stored ISO text', (input, stored) => {
    expect(filterOf({ createdDate: { $lt: input } })).toMatchObject({ value: stored });
  });

  it('accepts extended-JSON {$date} values', () => {
    expect(filterOf({ createdDate: { $date: '2026-11-21' } })).toMatchObject({
      op: '$eq',
      value: '2026-11-21T00:00:00.000Z',
    });
  });

  it('parses filter and sort sent as JSON strings (stores v1)', () => {
    const query = parseQuery(
      { filter: '{"name":{"$startsWith":"Sh"}}', sort: '[{"fieldName":"price","order":"DESC"}]' },
      spec,
      { filterAsString: true },
    );
    expect(query.filter).toEqual({ kind: 'text', field: 'name', op: '$startsWith', value: 'Sh' });
    expect(query.sort).toEqual([{ field: 'price', order: 'DESC' }]);
    expect(parseQuery({ filter: '', sort: '' }, spec)).toMatchObject({ filter: null, sort: [] });
  });
});

describe('parseQuery filter violations', () => {
  it('refuses a field outside the allow-list', () => {
    expect(violationOf({ filter: { foo: 1 } })).toEqual({
      field: 'query.filter.foo',
      description: 'unknown field "foo"',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
  });

  it('refuses inherited property names as fields', () => {
    expect(violationOf({ filter: { constructor: 1 } })).toMatchObject({ violatedRule: 'FIELD_NOT_ALLOWED' });
  });

  it('gives the path of a nested unknown field', () => {
    expect(violationOf({ filter: { $or: [{ name: 'a' }, { $not: { bar: 1 } }] } })).toMatchObject({
      field: 'query.filter.$or[1].$not.bar',
      description: 'unknown field "bar"',
    });
  });

  it('refuses an unknown operator, naming it', () => {
    expect(violationOf({ filter: { price: { $between: [1, 2] } } })).toMatchObject({
      field: 'query.filter.price.$between',
      description: 'unknown operator "$between"',
    });
    expect(violationOf({ filter: { $nor: [] } })).toMatchObject({ description: 'unknown operator "$nor"' });
  });

  it.each([
    ['$startsWith on a number', { price: { $startsWith: '1' } }, 'query.filter.price.$startsWith'],
    ['$hasSome on a column', { name: { $hasSome: ['a'] } }, 'query.filter.name.$hasSome'],
    ['$gt on a boolean', { visible: { $gt: true } }, 'query.filter.visible.$gt'],
    ['$gt on a relation', { collectionIds: { $gt: 'a' } }, 'query.filter.collectionIds.$gt'],
    ['$contains on a relation', { collectionIds: { $contains: 'a' } }, 'query.filter.collectionIds.$contains'],
    ['an operator the spec leaves out', { slug: { $startsWith: 'a' } }, 'query.filter.slug.$startsWith'],
  ])('refuses an operator that does not fit the field: %s', (_name, filter, field) => {
    const violation = violationOf({ filter });
    expect(violation.field).toBe(field);
    expect(violation.description).toMatch(/^operator "\$\w+" is not allowed on field "\w+"$/);
  });

  it.each([
    ['a string for a number', { price: '5' }, 'query.filter.price', 'must be a number'],
    ['NaN for a number', { price: { $gt: Number.NaN } }, 'query.filter.price.$gt', 'must be a number'],
    ['a number for a string', { name: { $eq: 5 } }, 'query.filter.name.$eq', 'must be a string'],
    ['a string for a boolean', { visible: 'true' }, 'query.filter.visible', 'must be a boolean'],
    [
      'a non-date string',
      { createdDate: { $gt: 'yesterday' } },
      'query.filter.createdDate.$gt',
      'must be an ISO-8601 date',
    ],
    ['a number for a date', { createdDate: 1 }, 'query.filter.createdDate', 'must be an ISO-8601 date'],
    ['null for $gt', { price: { $gt: null } }, 'query.filter.price.$gt', 'must be a number'],
    ['an array for equality', { collectionIds: ['a', 'b'] }, 'query.filter.collectionIds', 'must be a string'],
    ['a scalar for $in', { price: { $in: 1 } }, 'query.filter.price.$in', 'must be an array'],
    [
      'a bad element in $hasAll',
      { collectionIds: { $hasAll: ['a', 2] } },
      'query.filter.collectionIds.$hasAll[1]',
      'must be a string',
    ],
    ['a number for $contains', { name: { $contains: 1 } }, 'query.filter.name.$contains', 'must be a string'],
    ['a string for $exists', { name: { $exists: 'yes' } }, 'query.filter.name.$exists', 'must be a boolean'],
    [
      'an object without operators',
      { name: { first: 'a' } },
      'query.filter.name',
      'must be a value or an object of operators',
    ],
    ['an empty operator object', { name: {} }, 'query.filter.name', 'must be a value or an object of operators'],
    ['$and that is not an array', { $and: { name: 'a' } }, 'query.filter.$and', 'must be an array'],
    ['$or with a non-object', { $or: ['a'] }, 'query.filter.$or[0]', 'must be an object'],
    ['$not that is not an object', { $not: [] }, 'query.filter.$not', 'must be an object'],
  ])('refuses a value of the wrong type: %s', (_name, filter, field, description) => {
    expect(violationOf({ filter })).toMatchObject({ field, description });
  });

  it('refuses more than 1000 values in a list', () => {
    const values = Array.from({ length: 1001 }, (_, i) => i);
    expect(violationOf({ filter: { price: { $in: values } } })).toMatchObject({
      field: 'query.filter.price.$in',
      violatedRule: 'MAX_SIZE',
    });
    expect(filterOf({ price: { $in: values.slice(1) } })).toMatchObject({ kind: 'in' });
  });

  it('refuses a filter carrying more than 5000 values in all, however they are spread', () => {
    const list = (n: number) => ({ id: { $in: Array.from({ length: n }, (_, i) => `id-${i}`) } });
    expect(filterOf({ $or: [list(1000), list(1000), list(1000), list(1000), list(1000)] })).toMatchObject({
      kind: 'or',
    });
    for (const filter of [
      { $or: [list(1000), list(1000), list(1000), list(1000), list(1000), { name: 'x' }] },
      { $or: Array.from({ length: 1000 }, () => ({ $and: Array.from({ length: 6 }, () => ({ price: 1 })) })) },
    ]) {
      expect(violationOf({ filter })).toMatchObject({ field: 'query.filter', violatedRule: 'MAX_SIZE' });
    }
  });

  it('refuses nesting deeper than 10 levels', () => {
    const nest = (levels: number): Record<string, unknown> =>
      levels === 0 ? { name: 'a' } : { $and: [nest(levels - 1)] };
    expect(filterOf(nest(10))).not.toBeNull();
    expect(violationOf({ filter: nest(11) })).toMatchObject({ violatedRule: 'MAX' });
  });

  it('refuses bad JSON and non-object filters', () => {
    expect(violationOf({ filter: '{"name":' })).toEqual({
      field: 'query.filter',
      description: 'must be valid JSON',
      violatedRule: 'FORMAT',
    });
    expect(violationOf({ filter: [] })).toMatchObject({ field: 'query.filter', description: 'must be an object' });
    expect(violationOf({ filter: '[1]' })).toMatchObject({ field: 'query.filter', description: 'must be an object' });
  });
});

describe('parseQuery sort', () => {
  it('defaults the order to ASC and accepts lower case', () => {
    expect(parseQuery({ sort: [{ fieldName: 'name' }, { fieldName: 'price', order: 'desc' }] }, spec).sort).toEqual([
      { field: 'name', order: 'ASC' },
      { field: 'price', order: 'DESC' },
    ]);
  });

  it('drops a repeated field', () => {
    const sort = [{ fieldName: 'name' }, { fieldName: 'name', order: 'DESC' }];
    expect(parseQuery({ sort }, spec).sort).toEqual([{ field: 'name', order: 'ASC' }]);
  });

  it('refuses unknown and unsortable fields and bad orders', () => {
    const sort = [{ fieldName: 'foo' }, { fieldName: 'visible' }, { fieldName: 'collectionIds' }, { order: 'ASC' }];
    expect(violationsOf({ sort: [...sort, { fieldName: 'name', order: 'UP' }] })).toEqual([
      { field: 'query.sort[0].fieldName', description: 'unknown field "foo"', violatedRule: 'FIELD_NOT_ALLOWED' },
      {
        field: 'query.sort[1].fieldName',
        description: 'field "visible" is not sortable',
        violatedRule: 'FIELD_NOT_ALLOWED',
      },
      {
        field: 'query.sort[2].fieldName',
        description: 'field "collectionIds" is not sortable',
        violatedRule: 'FIELD_NOT_ALLOWED',
      },
      { field: 'query.sort[3].fieldName', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
      { field: 'query.sort[4].order', description: 'must be one of ASC, DESC', violatedRule: 'INVALID_ENUM_VALUE' },
    ]);
  });

  it('refuses more than 5 sort fields', () => {
    const sort = ['id', 'name', 'price', 'createdDate', 'id', 'name'].map((fieldName) => ({ fieldName }));
    expect(violationOf({ sort })).toMatchObject({ field: 'query.sort', violatedRule: 'MAX_SIZE' });
  });

  it('refuses a sort that is not an array', () => {
    expect(violationOf({ sort: { fieldName: 'name' } })).toMatchObject({ field: 'query.sort' });
    expect(violationOf({ sort: '[' })).toMatchObject({ field: 'query.sort', violatedRule: 'FORMAT' });
  });
});

describe('parseQuery paging', () => {
  it('reads offset paging', () => {
    expect(parseQuery({ paging: { limit: 10, offset: 20 } }, spec).paging).toEqual({
      kind: 'offset',
      limit: 10,
      offset: 20,
    });
  });

  it('reads cursor paging, with and without a cursor', () => {
    expect(parseQuery({ cursorPaging: { limit: 10 } }, spec).paging).toEqual({
      kind: 'cursor',
      limit: 10,
      cursor: null,
    });
    expect(parseQuery({ cursorPaging: { cursor: 'abc' } }, spec).paging).toEqual({
      kind: 'cursor',
      limit: 50,
      cursor: 'abc',
    });
    expect(parseQuery({ cursorPaging: { cursor: '' } }, spec).paging).toMatchObject({ cursor: null });
  });

  it('treats limit 0 as the default and accepts digit strings from plain GET parameters', () => {
    expect(parseQuery({ paging: { limit: 0 } }, spec).paging).toMatchObject({ limit: 50 });
    expect(parseQuery({ paging: { limit: '20', offset: '40' } }, spec).paging).toEqual({
      kind: 'offset',
      limit: 20,
      offset: 40,
    });
  });

  it('uses the route defaults', () => {
    const opts = { defaultLimit: 10, maxLimit: 20 };
    expect(parseQuery({}, spec, opts).paging).toMatchObject({ limit: 10 });
    expect(violationOf({ paging: { limit: 21 } }, opts)).toMatchObject({ data: { max: 20 } });
  });

  it('refuses limits out of range and bad offsets', () => {
    expect(violationsOf({ paging: { limit: 101, offset: -1 } })).toEqual([
      { field: 'query.paging.limit', description: 'must be at most 100', violatedRule: 'MAX', data: { max: 100 } },
      { field: 'query.paging.offset', description: 'must be at least 0', violatedRule: 'MIN', data: { min: 0 } },
    ]);
    expect(violationOf({ cursorPaging: { limit: -5 } })).toMatchObject({
      field: 'query.cursorPaging.limit',
      violatedRule: 'MIN',
    });
    expect(violationOf({ paging: { limit: 2.5 } })).toMatchObject({ description: 'must be an integer' });
    expect(violationOf({ paging: { offset: 'x' } })).toMatchObject({ field: 'query.paging.offset' });
    expect(violationOf({ paging: 5 })).toMatchObject({ field: 'query.paging', description: 'must be an object' });
    expect(violationOf({ cursorPaging: { cursor: 5 } })).toMatchObject({ field: 'query.cursorPaging.cursor' });
  });

  it('refuses paging and cursorPaging together', () => {
    expect(violationOf({ paging: { limit: 1 }, cursorPaging: { limit: 1 } })).toMatchObject({
      field: 'query.paging',
      violatedRule: 'ONE_OF_ALIGNMENT',
    });
  });
});

describe('parseQuery violations', () => {
  it('collects every violation, sorted by field, into one error', () => {
    const violations = violationsOf({
      sort: [{ fieldName: 'nope' }],
      paging: { limit: 1000 },
      filter: { zeta: 1, alpha: 2, price: { $gt: 'x' } },
    });
    expect(violations.map((v) => v.field)).toEqual([
      'query.filter.alpha',
      'query.filter.price.$gt',
      'query.filter.zeta',
      'query.paging.limit',
      'query.sort[0].fieldName',
    ]);
  });

  it('prefixes fields with the given path', () => {
    expect(violationOf({ filter: { foo: 1 } }, { path: 'options.query' })).toMatchObject({
      field: 'options.query.filter.foo',
    });
  });

  it('puts the first violation in the error message', () => {
    expect(() => parseQuery({ filter: { foo: 1 } }, spec)).toThrow('query.filter.foo unknown field "foo"');
  });
});
