import { type EntityQuerySpec, type FilterNode, parseQuery, type Scalar, type SortField } from '@merx/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFilter, applySort, likePattern } from './compile.js';
import { engineNames, ITEMS, type Item, type ItemsEngine, itemSpec, openItemsDb } from './test-items.js';

const ALL = ITEMS.map((i) => i.id);
const except = (...ids: string[]) => ALL.filter((id) => !ids.includes(id));

/** Wire filters and the ids each must return, exactly. */
const FILTER_CASES: Array<[string, unknown, string[]]> = [
  ['equality on id', { id: 'i03' }, ['i03']],
  ['the SDK name _id', { _id: 'i03' }, ['i03']],
  ['equality is case-sensitive', { name: 'Apple' }, ['i01']],
  ['null means is-null', { name: null }, ['i05']],
  ['$ne null means not null', { name: { $ne: null } }, except('i05')],
  ['$ne keeps rows where the field is null', { name: { $ne: 'Apple' } }, except('i01')],
  ['money equality in major units', { price: 1.5 }, ['i01', 'i06', 'i08']],
  ['money with cents', { price: 20.5 }, ['i03']],
  ['$gt', { price: { $gt: 1.5 } }, ['i03', 'i05', 'i09', 'i12']],
  ['$gte and $lt together', { price: { $gte: 1.5, $lt: 5 } }, ['i01', 'i06', 'i08', 'i12']],
  ['$lte', { price: { $lte: 0 } }, ['i07', 'i11']],
  ['$in', { price: { $in: [0.99, 3] } }, ['i02', 'i10', 'i12']],
  ['$nin keeps nulls', { price: { $nin: [1.5] } }, except('i01', 'i06', 'i08')],
  ['$in [] matches nothing', { price: { $in: [] } }, []],
  ['$nin [] matches everything', { price: { $nin: [] } }, ALL],
  [
    'a fraction against an integer column',
    { priceCents: { $gt: 149.5 } },
    ['i01', 'i03', 'i05', 'i06', 'i08', 'i09', 'i12'],
  ],
  ['a number beyond 32 bits', { priceCents: { $lt: 3_000_000_000 } }, except('i04')],
  ['a fraction in a list', { priceCents: { $in: [150, 0.5] } }, ['i01', 'i06', 'i08']],
  ['$exists false', { price: { $exists: false } }, ['i04']],
  ['$exists true', { price: { $exists: true } }, except('i04')],
  ['boolean true', { visible: true }, ['i01', 'i02', 'i04', 'i07', 'i08', 'i10', 'i11']],
  ['boolean false', { visible: false }, ['i03', 'i05', 'i09', 'i12']],
  ['boolean $ne true keeps nulls', { visible: { $ne: true } }, ['i03', 'i05', 'i06', 'i09', 'i12']],
  ['boolean null', { visible: null }, ['i06']],
  ['boolean $in', { visible: { $in: [false] } }, ['i03', 'i05', 'i09', 'i12']],
  ['date from a bare day', { createdDate: { $gte: '2026-05-01' } }, ['i08', 'i09', 'i10', 'i12']],
  ['date with milliseconds', { createdDate: { $lt: '2026-01-15T12:30:00Z' } }, ['i01', 'i11']],
  ['date with an offset', { createdDate: { $gt: '2026-01-15T14:30:00+02:00' } }, except('i01', 'i04', 'i05', 'i11')],
  ['the SDK name _createdDate', { _createdDate: '2026-02-01T00:00:00.000Z' }, ['i02', 'i07']],
  ['date null', { createdDate: null }, ['i04']],
  ['$startsWith ignores case', { name: { $startsWith: 'apple' } }, ['i01', 'i06', 'i11']],
  ['$endsWith ignores case', { name: { $endsWith: 'PIE' } }, ['i06']],
  ['$contains ignores case', { name: { $contains: 'RR' } }, ['i03', 'i09']],
  ['% is matched literally', { name: { $contains: '%' } }, ['i03']],
  ['_ is matched literally', { name: { $contains: '_' } }, ['i04', 'i10']],
  ['_ is not a wildcard', { name: { $contains: 'e_r' } }, []],
  ['backslash is matched literally', { name: { $contains: '\\' } }, ['i07']],
  ['relation $hasSome', { tags: { $hasSome: ['red'] } }, ['i01', 'i03', 'i05', 'i11']],
  ['relation $hasSome of two', { tags: { $hasSome: ['red', 'yellow'] } }, ['i01', 'i02', 'i03', 'i05', 'i11']],
  ['relation $hasAll', { tags: { $hasAll: ['red', 'fruit'] } }, ['i01', 'i05']],
  ['relation $hasAll with a repeated value', { tags: { $hasAll: ['red', 'red'] } }, ['i01', 'i03', 'i05', 'i11']],
  ['relation $in', { tags: { $in: ['purple'] } }, ['i09', 'i10', 'i12']],
  ['relation equality', { tags: 'grey' }, ['i07']],
  ['relation $ne', { tags: { $ne: 'fruit' } }, ['i03', 'i04', 'i06', 'i07', 'i09', 'i11', 'i12']],
  ['relation $nin', { tags: { $nin: ['red', 'fruit'] } }, ['i04', 'i06', 'i07', 'i09', 'i12']],
  ['relation $exists false', { tags: { $exists: false } }, ['i04', 'i06']],
  ['relation null', { tags: null }, ['i04', 'i06']],
  ['relation not null', { tags: { $ne: null } }, except('i04', 'i06')],
  ['$or', { $or: [{ price: 0 }, { name: 'Grape' }] }, ['i07', 'i12']],
  ['$and', { $and: [{ visible: true }, { tags: { $hasSome: ['red'] } }] }, ['i01', 'i11']],
  ['top-level keys are ANDed', { visible: false, price: { $gt: 4 } }, ['i03', 'i05', 'i09']],
  ['$not counts a NULL comparison as false', { $not: { price: { $gt: 1.5 } } }, except('i03', 'i05', 'i09', 'i12')],
  ['$not of a text operator keeps null names', { $not: { name: { $startsWith: 'a' } } }, except('i01', 'i06', 'i11')],
  ['$or [] matches nothing', { $or: [] }, []],
  ['$and [] matches everything', { $and: [] }, ALL],
];

/** The ids a filter selects; both membership modes (page: EXISTS, count: IN) must select the same rows. */
async function filteredIds(engine: ItemsEngine, filter: FilterNode | null): Promise<string[]> {
  const base = engine.db.selectFrom('items').select('items.id');
  const rows = await applyFilter(base, filter, itemSpec).orderBy('items.id').execute();
  const viaIn = await applyFilter(base, filter, itemSpec, 'in').orderBy('items.id').execute();
  expect(viaIn.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  return rows.map((r) => r.id);
}

async function sortedIds(engine: ItemsEngine, sort: SortField[]): Promise<string[]> {
  const rows = await applySort(engine.db.selectFrom('items').select('items.id'), sort, itemSpec).execute();
  return rows.map((r) => r.id);
}

describe.each(engineNames())('query compiled for %s', (engineName) => {
  let engine: ItemsEngine;
  beforeAll(async () => {
    engine = await openItemsDb(engineName);
  });
  afterAll(async () => {
    await engine?.destroy();
  });

  it.each(FILTER_CASES)('returns exactly the matching rows: %s', async (_name, wire, expected) => {
    const { filter } = parseQuery({ filter: wire }, itemSpec);
    expect(await filteredIds(engine, filter)).toEqual(expected);
  });

  it('binds values as parameters, never as SQL text', () => {
    const { filter } = parseQuery({ filter: { name: "x' or 1=1 --", tags: { $in: ["y'"] } } }, itemSpec);
    const compiled = applyFilter(engine.db.selectFrom('items').select('id'), filter, itemSpec).compile();
    expect(compiled.sql).not.toContain("x'");
    expect(compiled.parameters).toEqual(["x' or 1=1 --", "y'"]);
  });

  it('qualifies columns with the table, so a join with the same column names stays unambiguous', async () => {
    const { filter } = parseQuery({ filter: { id: { $in: ['i01', 'i02'] } } }, itemSpec);
    const base = engine.db
      .selectFrom('items')
      .innerJoin('items as other', 'other.name', 'items.name')
      .select('items.id');
    const rows = await applySort(applyFilter(base, filter, itemSpec), [], itemSpec).execute();
    expect(rows.map((r) => r.id)).toEqual(['i01', 'i02']);
  });

  it('filters and sorts on a joined table column and a relation owned through ownerRef', async () => {
    const tagSpec: EntityQuerySpec = {
      table: 'item_tags',
      fields: {
        itemId: { kind: 'column', column: 'item_id', type: 'id', sortable: true, notNull: true },
        tag: { kind: 'column', column: 'tag', type: 'string', sortable: true, notNull: true },
        itemName: { kind: 'column', column: 'items.name', type: 'string', sortable: true },
        siblingTags: {
          kind: 'relation',
          table: 'item_tags',
          ownerColumn: 'item_id',
          valueColumn: 'tag',
          type: 'string',
          ownerRef: 'item_tags.item_id',
        },
      },
      tieBreaker: [
        { field: 'itemId', order: 'ASC' },
        { field: 'tag', order: 'ASC' },
      ],
    };
    const query = parseQuery(
      {
        filter: { itemName: { $startsWith: 'APPLE' }, siblingTags: { $hasSome: ['fruit'] } },
        sort: [{ fieldName: 'itemName', order: 'DESC' }],
      },
      tagSpec,
    );
    const base = engine.db
      .selectFrom('item_tags')
      .innerJoin('items', 'items.id', 'item_tags.item_id')
      .select(['item_tags.item_id', 'item_tags.tag']);
    const rows = await applySort(applyFilter(base, query.filter, tagSpec), query.sort, tagSpec).execute();
    expect(rows).toEqual([
      { item_id: 'i01', tag: 'fruit' },
      { item_id: 'i01', tag: 'red' },
    ]);
  });

  it('sorts by price with NULLs last and equal prices in id order', async () => {
    const asc = ['i11', 'i07', 'i02', 'i10', 'i01', 'i06', 'i08', 'i12', 'i05', 'i09', 'i03', 'i04'];
    expect(await sortedIds(engine, [{ field: 'price', order: 'ASC' }])).toEqual(asc);
  });

  it('sorts descending with NULLs first and ties still in ascending id order', async () => {
    const desc = ['i04', 'i03', 'i09', 'i05', 'i12', 'i01', 'i06', 'i08', 'i02', 'i10', 'i07', 'i11'];
    expect(await sortedIds(engine, [{ field: 'price', order: 'DESC' }])).toEqual(desc);
  });

  it('sorts text by code point and dates as their ISO text', async () => {
    const byName = ['i01', 'i06', 'i03', 'i08', 'i10', 'i12', 'i11', 'i07', 'i02', 'i04', 'i09', 'i05'];
    expect(await sortedIds(engine, [{ field: 'name', order: 'ASC' }])).toEqual(byName);
    const byDate = ['i04', 'i10', 'i12', 'i08', 'i09', 'i06', 'i03', 'i02', 'i07', 'i05', 'i01', 'i11'];
    expect(await sortedIds(engine, [{ field: 'createdDate', order: 'DESC' }])).toEqual(byDate);
  });

  it('does not repeat a tie-breaker field the request already sorts on', async () => {
    const sql = applySort(
      engine.db.selectFrom('items').select('id'),
      [{ field: 'id', order: 'DESC' }],
      itemSpec,
    ).compile().sql;
    expect(sql.match(/"id"/g)).toHaveLength(2);
    expect(await sortedIds(engine, [{ field: 'id', order: 'DESC' }])).toEqual([...ALL].reverse());
  });

  it('returns the same rows as a plain in-memory evaluation, for random filters and sorts', async () => {
    await fc.assert(
      fc.asyncProperty(filterArb, sortArb, async (filter, sort) => {
        expect(await filteredIds(engine, filter)).toEqual(ITEMS.filter((i) => evaluate(filter, i)).map((i) => i.id));
        expect(await sortedIds(engine, sort)).toEqual(sortInMemory(sort));
      }),
      { numRuns: 300 },
    );
  });
});

describe('LIKE patterns', () => {
  it('escapes %, _ and the escape character itself', () => {
    expect(likePattern('$contains', '50%_\\')).toBe('%50\\%\\_\\\\%');
    expect(likePattern('$startsWith', 'a')).toBe('a%');
    expect(likePattern('$endsWith', 'a')).toBe('%a');
  });
});

// ---- A straightforward in-memory meaning of FilterNode, to check the SQL against. ----

function fieldValue(item: Item, field: string): Scalar | null {
  if (field === 'createdDate') return item.createdDate;
  if (field === 'price' || field === 'priceCents') return item.price;
  return item[field as 'id' | 'name' | 'visible'];
}

/** Wire values as stored: money in cents. */
function stored(field: string, value: Scalar): Scalar {
  return field === 'price' && typeof value === 'number' ? Math.round(value * 100) : value;
}

function evaluate(node: FilterNode | null, item: Item): boolean {
  if (!node) return true;
  switch (node.kind) {
    case 'and':
      return node.nodes.every((n) => evaluate(n, item));
    case 'or':
      return node.nodes.some((n) => evaluate(n, item));
    case 'not':
      return !evaluate(node.node, item);
    default:
      return node.field === 'tags' ? evaluateTags(node, item.tags) : evaluateColumn(node, item);
  }
}

type LeafNode = Exclude<FilterNode, { kind: 'and' | 'or' | 'not' }>;

function evaluateColumn(node: LeafNode, item: Item): boolean {
  const v = fieldValue(item, node.field);
  switch (node.kind) {
    case 'exists':
      return (v !== null) === node.value;
    case 'text': {
      if (typeof v !== 'string') return false;
      const [hay, needle] = [v.toLowerCase(), node.value.toLowerCase()];
      if (node.op === '$startsWith') return hay.startsWith(needle);
      return node.op === '$endsWith' ? hay.endsWith(needle) : hay.includes(needle);
    }
    case 'in': {
      const values = node.values.map((x) => stored(node.field, x));
      return node.op === '$nin' ? v === null || !values.includes(v) : v !== null && values.includes(v);
    }
    case 'compare': {
      if (node.value === null) return node.op === '$eq' ? v === null : node.op === '$ne' ? v !== null : false;
      const x = stored(node.field, node.value);
      if (node.op === '$ne') return v === null || v !== x;
      if (v === null) return false;
      const cmp = v < x ? -1 : v > x ? 1 : 0;
      return { $eq: cmp === 0, $gt: cmp > 0, $gte: cmp >= 0, $lt: cmp < 0, $lte: cmp <= 0 }[node.op];
    }
  }
}

function evaluateTags(node: LeafNode, tags: string[]): boolean {
  const has = (x: Scalar) => tags.includes(x as string);
  switch (node.kind) {
    case 'exists':
      return tags.length > 0 === node.value;
    case 'compare':
      if (node.value === null) return node.op === '$eq' ? tags.length === 0 : tags.length > 0;
      return node.op === '$eq' ? has(node.value) : !has(node.value);
    case 'in':
      if (node.op === '$hasAll') return node.values.every(has);
      return node.op === '$nin' ? !node.values.some(has) : node.values.some(has);
    case 'text':
      throw new Error('not used on tags');
  }
}

function sortInMemory(sort: SortField[]): string[] {
  const keys = [...sort, ...(sort.some((s) => s.field === 'id') ? [] : [{ field: 'id', order: 'ASC' } as const])];
  return [...ITEMS]
    .sort((a, b) => {
      for (const { field, order } of keys) {
        const [x, y] = [fieldValue(a, field), fieldValue(b, field)];
        if (x === y) continue;
        // NULLs count as the largest value.
        const cmp = x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
        return order === 'ASC' ? cmp : -cmp;
      }
      return 0;
    })
    .map((i) => i.id);
}

// ---- Random filters over the fields of itemSpec, with values that hit the data. ----

const nameValue = fc.constantFrom('Apple', 'apple', 'a', 'e', 'RR', '%', '_', 'e_r', '\\', 'Fig 50', 'zzz', 'pie');
const priceValue = fc.constantFrom(-0.1, 0, 0.99, 1.5, 3, 5, 19.99, 20.5, 100, 1.234);
const dateValue = fc.constantFrom(
  '2025-12-31T23:59:59.999Z',
  '2026-01-15T12:30:00.000Z',
  '2026-02-01T00:00:00.000Z',
  '2026-05-01T00:00:00.000Z',
  '2027-01-01T00:00:00.000Z',
);
const tagValue = fc.constantFrom('red', 'fruit', 'yellow', 'purple', 'grey', 'blue');
const idValue = fc.constantFrom('i01', 'i04', 'i07', 'i12', 'x');

const compareOp = fc.constantFrom('$eq', '$ne', '$gt', '$gte', '$lt', '$lte') as fc.Arbitrary<
  '$eq' | '$ne' | '$gt' | '$gte' | '$lt' | '$lte'
>;
const eqOp = fc.constantFrom('$eq', '$ne') as fc.Arbitrary<'$eq' | '$ne'>;
const listOp = fc.constantFrom('$in', '$nin') as fc.Arbitrary<'$in' | '$nin'>;

function orderedLeaves(field: string, value: fc.Arbitrary<Scalar>): fc.Arbitrary<FilterNode>[] {
  return [
    fc.record({ kind: fc.constant('compare' as const), field: fc.constant(field), op: compareOp, value }),
    fc.record({ kind: fc.constant('compare' as const), field: fc.constant(field), op: eqOp, value: fc.constant(null) }),
    fc.record({
      kind: fc.constant('in' as const),
      field: fc.constant(field),
      op: listOp,
      values: fc.array(value, { maxLength: 3 }),
    }),
    fc.record({ kind: fc.constant('exists' as const), field: fc.constant(field), value: fc.boolean() }),
  ];
}

const textLeaf = fc.record({
  kind: fc.constant('text' as const),
  field: fc.constant('name'),
  op: fc.constantFrom('$startsWith', '$endsWith', '$contains') as fc.Arbitrary<
    '$startsWith' | '$endsWith' | '$contains'
  >,
  value: nameValue,
});

const tagLeaf: fc.Arbitrary<FilterNode> = fc.oneof(
  fc.record({
    kind: fc.constant('compare' as const),
    field: fc.constant('tags'),
    op: eqOp,
    value: fc.option(tagValue),
  }),
  fc.record({
    kind: fc.constant('in' as const),
    field: fc.constant('tags'),
    op: fc.constantFrom('$in', '$nin', '$hasSome', '$hasAll') as fc.Arbitrary<'$in' | '$nin' | '$hasSome' | '$hasAll'>,
    values: fc.array(tagValue, { maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('exists' as const), field: fc.constant('tags'), value: fc.boolean() }),
);

const leaf: fc.Arbitrary<FilterNode> = fc.oneof(
  ...orderedLeaves('name', nameValue),
  ...orderedLeaves('price', priceValue),
  ...orderedLeaves('priceCents', fc.constantFrom(-10, 0, 99, 149.5, 150, 2050, 3e9)),
  ...orderedLeaves('createdDate', dateValue),
  ...orderedLeaves('id', idValue),
  fc.record({ kind: fc.constant('compare' as const), field: fc.constant('visible'), op: eqOp, value: fc.boolean() }),
  ...orderedLeaves('visible', fc.boolean()).slice(1),
  textLeaf,
  tagLeaf,
);

const filterArb: fc.Arbitrary<FilterNode | null> = fc.option(
  fc.letrec<{ node: FilterNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.record({ kind: fc.constant('and' as const), nodes: fc.array(tie('node'), { maxLength: 3 }) }),
      fc.record({ kind: fc.constant('or' as const), nodes: fc.array(tie('node'), { maxLength: 3 }) }),
      fc.record({ kind: fc.constant('not' as const), node: tie('node') }),
    ),
  })).node,
  { freq: 10 },
);

const sortArb: fc.Arbitrary<SortField[]> = fc.uniqueArray(
  fc.record({
    field: fc.constantFrom('name', 'price', 'visible', 'createdDate', 'id'),
    order: fc.constantFrom('ASC', 'DESC') as fc.Arbitrary<'ASC' | 'DESC'>,
  }),
  { maxLength: 3, selector: (s) => s.field },
);
