import { type EntityQuerySpec, type FieldSpec, invalid } from '@merx/domain';
import { type AliasedRawBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../dialect.js';
import { type AnySelect, columnRef } from './compile.js';

/*
 * Aggregations of the query language (docs/decisions/0026-aggregations.md): VALUE, RANGE, SCALAR,
 * DATE_HISTOGRAM and NESTED over the rows a query's filter (and search) selects, paging ignored. Requests are
 * validated against an allow-list of fields (the names of the entity's query spec) and each aggregation compiles
 * to ONE statement over the same filtered set, on SQLite and PostgreSQL alike. Every wire value is bound.
 */

export const AGGREGATION_TYPES = ['VALUE', 'RANGE', 'SCALAR', 'DATE_HISTOGRAM', 'NESTED'] as const;
export type AggregationType = (typeof AGGREGATION_TYPES)[number];
export const SCALAR_TYPES = ['COUNT_DISTINCT', 'MIN', 'MAX'] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];
export const INTERVALS = ['YEAR', 'MONTH', 'WEEK', 'DAY', 'HOUR', 'MINUTE', 'SECOND'] as const;
export type Interval = (typeof INTERVALS)[number];

/** Most aggregations in one request. */
export const MAX_AGGREGATIONS = 10;
/** Most buckets a VALUE aggregation returns (the package's bound), and its default. */
export const MAX_VALUE_LIMIT = 250;
export const DEFAULT_VALUE_LIMIT = 10;
/** Most buckets of a RANGE aggregation (the package's bound). */
export const MAX_RANGE_BUCKETS = 50;
/** Most buckets a DATE_HISTOGRAM answers (the package's bound); more is a 400 asking for a longer interval. */
export const MAX_HISTOGRAM_BUCKETS = 200;
/** Most rows a NESTED aggregation answers (the package's bound), and most groups it reads before cutting. */
export const MAX_NESTED_RESULTS = 1000;
const MAX_NESTED_GROUPS = 10_000;

/** What one allow-listed field may be aggregated with. */
export interface AggregationField {
  types: readonly Exclude<AggregationType, 'NESTED'>[];
  /** Wire text of a stored value (e.g. `physical` → `PHYSICAL`). */
  display?: (stored: string) => string;
  /**
   * For a relation field whose values form a tree (categories): a member of a value is a member of its
   * ancestors too. `table(idColumn, parentColumn)`, walked at most `depth` levels.
   */
  ancestors?: { table: string; idColumn: string; parentColumn: string; depth: number };
}

export type AggregationFields = Readonly<Record<string, AggregationField>>;

interface ValueOptions {
  sortType: 'COUNT' | 'VALUE';
  sortDirection: 'ASC' | 'DESC';
  limit: number;
  /** The bucket name for rows without a value, or null when they are left out (EXCLUDE, the default). */
  missing: string | null;
}

type Leaf =
  | { type: 'VALUE'; value: ValueOptions }
  | { type: 'RANGE'; buckets: Array<{ from: number | null; to: number | null }> }
  | { type: 'SCALAR'; scalar: ScalarType }
  | { type: 'DATE_HISTOGRAM'; interval: Interval };

export type ParsedAggregationItem = Leaf & { name: string; fieldPath: string };
export type ParsedAggregation =
  | ParsedAggregationItem
  | { type: 'NESTED'; name: string; fieldPath: string; items: ParsedAggregationItem[] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const present = (v: unknown) => v !== undefined && v !== null;

/**
 * Validates aggregation requests against `fields` (names of `spec` allowed for aggregation and the types each
 * allows). Violations name the element, e.g. `search.aggregations[2].fieldPath`.
 */
export function parseAggregations(
  raw: unknown,
  spec: EntityQuerySpec,
  fields: AggregationFields,
  path = 'aggregations',
): ParsedAggregation[] {
  if (!present(raw)) return [];
  if (!Array.isArray(raw)) throw invalid(path, 'must be a list of aggregations');
  if (raw.length > MAX_AGGREGATIONS)
    throw invalid(path, `at most ${MAX_AGGREGATIONS} aggregations per request`, 'MAX_SIZE');
  const names = new Set<string>();
  return raw.map((item, i) => {
    const at = `${path}[${i}]`;
    if (!isObj(item)) throw invalid(at, 'must be an aggregation object');
    const type = item['type'];
    const parsed: ParsedAggregation =
      type === 'NESTED' ? parseNested(item, spec, fields, at) : parseItem(item, spec, fields, at, false);
    if (names.has(parsed.name)) throw invalid(`${at}.name`, `"${parsed.name}" names two aggregations`);
    names.add(parsed.name);
    return parsed;
  });
}

function parseNested(item: Obj, spec: EntityQuerySpec, fields: AggregationFields, at: string): ParsedAggregation {
  const nested = item['nested'];
  const list = isObj(nested) ? nested['nestedAggregations'] : undefined;
  if (!Array.isArray(list) || list.length < 2 || list.length > 3)
    throw invalid(
      `${at}.nested.nestedAggregations`,
      'a NESTED aggregation needs 2 or 3 nested aggregations',
      'MIN_SIZE',
    );
  const items = list.map((inner, j) => {
    const innerAt = `${at}.nested.nestedAggregations[${j}]`;
    if (!isObj(inner)) throw invalid(innerAt, 'must be an aggregation object');
    const parsed = parseItem(inner, spec, fields, innerAt, true);
    const last = j === list.length - 1;
    if (!last && parsed.type !== 'VALUE' && parsed.type !== 'DATE_HISTOGRAM')
      throw invalid(`${innerAt}.type`, 'only the last nested aggregation may be RANGE or SCALAR');
    return parsed;
  });
  const seen = new Set<string>();
  for (const [j, inner] of items.entries()) {
    if (seen.has(inner.name))
      throw invalid(`${at}.nested.nestedAggregations[${j}].name`, `"${inner.name}" names two nested aggregations`);
    seen.add(inner.name);
  }
  const name = nameOf(item, at, `nested_${items.map((i) => i.fieldPath).join('_')}`);
  return { type: 'NESTED', name, fieldPath: typeof item['fieldPath'] === 'string' ? item['fieldPath'] : '', items };
}

function nameOf(item: Obj, at: string, fallback: string): string {
  const name = item['name'];
  if (!present(name) || name === '') return fallback;
  if (typeof name !== 'string' || name.length > 100)
    throw invalid(`${at}.name`, 'must be text of at most 100 characters');
  return name;
}

function parseItem(
  item: Obj,
  spec: EntityQuerySpec,
  fields: AggregationFields,
  at: string,
  nested: boolean,
): ParsedAggregationItem {
  const type = item['type'];
  const allowedTypes = nested ? ['VALUE', 'RANGE', 'SCALAR', 'DATE_HISTOGRAM'] : AGGREGATION_TYPES;
  if (typeof type !== 'string' || !(allowedTypes as readonly string[]).includes(type))
    throw invalid(`${at}.type`, `must be one of ${allowedTypes.join(', ')}`, 'INVALID_ENUM_VALUE');
  const fieldPath = item['fieldPath'];
  if (typeof fieldPath !== 'string' || fieldPath === '')
    throw invalid(`${at}.fieldPath`, 'is required', 'REQUIRED_FIELD');
  const field = Object.hasOwn(fields, fieldPath) ? fields[fieldPath] : undefined;
  const stored = Object.hasOwn(spec.fields, fieldPath) ? spec.fields[fieldPath] : undefined;
  if (!field || !stored)
    throw invalid(`${at}.fieldPath`, `"${fieldPath}" cannot be aggregated`, 'FIELD_NOT_ALLOWED', {
      allowed: Object.keys(fields),
    });
  const leafType = type as Leaf['type'];
  if (!field.types.includes(leafType))
    throw invalid(`${at}.type`, `"${fieldPath}" allows ${field.types.join(', ')} aggregations`, 'FIELD_NOT_ALLOWED');
  if (nested && stored.kind === 'relation')
    throw invalid(`${at}.fieldPath`, `"${fieldPath}" cannot be nested (a product has many)`, 'FIELD_NOT_ALLOWED');
  const name = nameOf(item, at, fieldPath);
  const base = { name, fieldPath };
  switch (leafType) {
    case 'VALUE':
      return { ...base, type: 'VALUE', value: parseValue(item['value'], `${at}.value`, stored) };
    case 'RANGE': {
      const range = item['range'];
      const buckets = isObj(range) ? range['buckets'] : undefined;
      if (!Array.isArray(buckets) || buckets.length === 0)
        throw invalid(`${at}.range.buckets`, 'a RANGE aggregation needs buckets', 'REQUIRED_FIELD');
      if (buckets.length > MAX_RANGE_BUCKETS)
        throw invalid(`${at}.range.buckets`, `at most ${MAX_RANGE_BUCKETS} buckets`, 'MAX_SIZE');
      return {
        ...base,
        type: 'RANGE',
        buckets: buckets.map((b, k) => {
          const bAt = `${at}.range.buckets[${k}]`;
          if (!isObj(b)) throw invalid(bAt, 'must be a {from, to} object');
          const from = boundOf(b['from'], `${bAt}.from`);
          const to = boundOf(b['to'], `${bAt}.to`);
          if (from === null && to === null) throw invalid(bAt, 'needs from, to or both', 'REQUIRED_FIELD');
          if (from !== null && to !== null && from > to) throw invalid(`${bAt}.to`, 'must not be below from');
          return { from, to };
        }),
      };
    }
    case 'SCALAR': {
      const scalar = item['scalar'];
      const t = isObj(scalar) ? scalar['type'] : undefined;
      if (typeof t !== 'string' || !(SCALAR_TYPES as readonly string[]).includes(t))
        throw invalid(`${at}.scalar.type`, `must be one of ${SCALAR_TYPES.join(', ')}`, 'INVALID_ENUM_VALUE');
      if (t !== 'COUNT_DISTINCT' && stored.type !== 'number')
        throw invalid(`${at}.scalar.type`, `${t} needs a number field; "${fieldPath}" is not`, 'FIELD_NOT_ALLOWED');
      return { ...base, type: 'SCALAR', scalar: t as ScalarType };
    }
    case 'DATE_HISTOGRAM': {
      const h = item['dateHistogram'];
      const interval = isObj(h) ? h['interval'] : undefined;
      if (typeof interval !== 'string' || !(INTERVALS as readonly string[]).includes(interval))
        throw invalid(`${at}.dateHistogram.interval`, `must be one of ${INTERVALS.join(', ')}`, 'INVALID_ENUM_VALUE');
      if (stored.type !== 'date' || stored.kind !== 'column')
        throw invalid(`${at}.fieldPath`, `"${fieldPath}" is not a date`, 'FIELD_NOT_ALLOWED');
      return { ...base, type: 'DATE_HISTOGRAM', interval: interval as Interval };
    }
  }
}

function boundOf(v: unknown, at: string): number | null {
  if (!present(v)) return null;
  // The package sends floats as numbers; a numeric string is accepted too.
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > 1e15) throw invalid(at, 'must be a finite number');
  return n;
}

function parseValue(raw: unknown, at: string, field: FieldSpec): ValueOptions {
  const v = present(raw) ? raw : {};
  if (!isObj(v)) throw invalid(at, 'must be an object');
  const sortType = v['sortType'] ?? 'COUNT';
  if (sortType !== 'COUNT' && sortType !== 'VALUE')
    throw invalid(`${at}.sortType`, 'must be one of COUNT, VALUE', 'INVALID_ENUM_VALUE');
  const sortDirection = v['sortDirection'] ?? (sortType === 'COUNT' ? 'DESC' : 'ASC');
  if (sortDirection !== 'ASC' && sortDirection !== 'DESC')
    throw invalid(`${at}.sortDirection`, 'must be one of ASC, DESC', 'INVALID_ENUM_VALUE');
  const limit = v['limit'] ?? DEFAULT_VALUE_LIMIT;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_VALUE_LIMIT)
    throw invalid(`${at}.limit`, `must be a whole number from 1 to ${MAX_VALUE_LIMIT}`, 'MAX');
  const missingValues = v['missingValues'] ?? 'EXCLUDE';
  if (missingValues !== 'EXCLUDE' && missingValues !== 'INCLUDE')
    throw invalid(`${at}.missingValues`, 'must be one of EXCLUDE, INCLUDE', 'INVALID_ENUM_VALUE');
  const options = v['includeOptions'];
  const bucket = isObj(options) ? options['addToBucket'] : undefined;
  if (present(bucket) && (typeof bucket !== 'string' || bucket.length > 20))
    throw invalid(`${at}.includeOptions.addToBucket`, 'must be text of at most 20 characters', 'MAX_LENGTH');
  const fallback = field.type === 'number' ? '0' : field.type === 'boolean' ? 'false' : 'N/A';
  return {
    sortType,
    sortDirection,
    limit,
    missing: missingValues === 'INCLUDE' ? ((bucket as string | undefined) ?? fallback) : null,
  };
}

/* ------------------------------------------------------------------------------------------------------------ */

/** Wire shapes of `aggregationData.results[]` (as @wix/* packages read them). */
export type AggregationResult = Record<string, unknown> & { name: string; type: AggregationType; fieldPath: string };

export interface RunAggregationsOptions {
  // biome-ignore lint/suspicious/noExplicitAny: runs over any database's tables
  db: Kysely<any>;
  dialect: DialectName;
  /**
   * FROM `spec.table` (plus joins) with the request's WHERE (filter, search, visibility) already applied, and
   * no select, sort or paging: the rows the aggregations count.
   */
  base: AnySelect;
  spec: EntityQuerySpec;
  fields: AggregationFields;
  aggregations: readonly ParsedAggregation[];
  /** Prefix of violations found while running (too many buckets), e.g. `search.aggregations`. */
  path?: string;
}

/** Runs each aggregation as one statement over `base`; results in request order. */
export async function runAggregations(opts: RunAggregationsOptions): Promise<AggregationResult[]> {
  const out: AggregationResult[] = [];
  for (const [i, agg] of opts.aggregations.entries()) {
    const at = `${opts.path ?? 'aggregations'}[${i}]`;
    out.push(agg.type === 'NESTED' ? await runNested(opts, agg, at) : await runLeaf(opts, agg, at));
  }
  return out;
}

type Row = Record<string, unknown>;

function columnOf(spec: EntityQuerySpec, fieldPath: string) {
  const f = spec.fields[fieldPath]!;
  return f;
}

/** The stored value as wire text. */
function display(opts: RunAggregationsOptions, fieldPath: string, v: unknown, missing: string | null): string {
  if (v === null || v === undefined) return missing ?? '';
  const field = columnOf(opts.spec, fieldPath);
  const fmt = opts.fields[fieldPath]?.display;
  let text: string;
  if (field.type === 'boolean') text = Number(v) === 1 || v === true ? 'true' : 'false';
  else if (field.type === 'number') text = String(numberOf(field, v));
  else text = String(v);
  return fmt ? fmt(text) : text;
}

function numberOf(field: FieldSpec, v: unknown): number {
  const n = Number(v);
  return field.kind === 'column' && field.scale ? n / field.scale : n;
}

/** A wire number as stored (money in minor units), bound. */
function bindNumber(field: FieldSpec, value: number): RawBuilder<unknown> {
  const scaled = field.kind === 'column' && field.scale ? Math.round(value * field.scale) : value;
  return Number.isInteger(scaled) && Math.abs(scaled) <= 2_147_483_647
    ? sql`${scaled}`
    : sql`cast(${scaled} as double precision)`;
}

/** The bucket start of a stored ISO-8601 UTC timestamp, as ISO text, on either engine. */
function truncateDate(dialect: DialectName, col: RawBuilder<unknown>, interval: Interval): RawBuilder<unknown> {
  switch (interval) {
    case 'YEAR':
      return sql`substr(${col}, 1, 4) || '-01-01T00:00:00.000Z'`;
    case 'MONTH':
      return sql`substr(${col}, 1, 7) || '-01T00:00:00.000Z'`;
    case 'DAY':
      return sql`substr(${col}, 1, 10) || 'T00:00:00.000Z'`;
    case 'HOUR':
      return sql`substr(${col}, 1, 13) || ':00:00.000Z'`;
    case 'MINUTE':
      return sql`substr(${col}, 1, 16) || ':00.000Z'`;
    case 'SECOND':
      return sql`substr(${col}, 1, 19) || '.000Z'`;
    case 'WEEK':
      // ISO weeks start on Monday.
      return dialect === 'postgres'
        ? sql`to_char(date_trunc('week', cast(substr(${col}, 1, 10) as date)), 'YYYY-MM-DD') || 'T00:00:00.000Z'`
        : sql`date(substr(${col}, 1, 10), 'weekday 0', '-6 days') || 'T00:00:00.000Z'`;
  }
}

/** The case expression naming the first RANGE bucket a value falls into (null: none). */
function rangeBucket(
  field: FieldSpec,
  col: RawBuilder<unknown>,
  buckets: Array<{ from: number | null; to: number | null }>,
) {
  const whens = buckets.map((b, k) => {
    const parts: RawBuilder<unknown>[] = [];
    if (b.from !== null) parts.push(sql`${col} >= ${bindNumber(field, b.from)}`);
    if (b.to !== null) parts.push(sql`${col} < ${bindNumber(field, b.to)}`);
    return sql`when ${sql.join(parts, sql` and `)} then ${sql.lit(k)}`;
  });
  return sql`case ${sql.join(whens, sql` `)} end`;
}

function scalarExpr(type: ScalarType, col: RawBuilder<unknown>): RawBuilder<unknown> {
  if (type === 'COUNT_DISTINCT') return sql`count(distinct ${col})`;
  return type === 'MIN' ? sql`min(${col})` : sql`max(${col})`;
}

function base(opts: RunAggregationsOptions): AnySelect {
  return opts.base.clearSelect().clearOrderBy().clearLimit().clearOffset();
}

async function runLeaf(
  opts: RunAggregationsOptions,
  agg: ParsedAggregationItem,
  at: string,
): Promise<AggregationResult> {
  const field = columnOf(opts.spec, agg.fieldPath);
  const head = { name: agg.name, type: agg.type, fieldPath: agg.fieldPath };
  if (field.kind === 'relation') return runRelation(opts, agg, field, head);
  const col = columnRef(opts.spec, field.column);
  switch (agg.type) {
    case 'VALUE': {
      const { value } = agg;
      let qb = base(opts)
        .select([sql`${col}`.as('agg_v'), sql`count(*)`.as('agg_c')])
        .groupBy(col);
      if (value.missing === null) qb = qb.where(sql<SqlBool>`${col} is not null`);
      const rows = await orderValues(qb, value, col).execute();
      return {
        ...head,
        values: {
          results: (rows as Row[]).map((r) => ({
            value: display(opts, agg.fieldPath, r['agg_v'], value.missing),
            count: Number(r['agg_c']),
          })),
        },
      };
    }
    case 'RANGE': {
      const bucket = rangeBucket(field, col, agg.buckets);
      const rows = (await base(opts)
        .select([bucket.as('agg_b'), sql`count(*)`.as('agg_c')])
        .groupBy(sql`agg_b`)
        .execute()) as Row[];
      const counts = new Map(
        rows.filter((r) => r['agg_b'] !== null).map((r) => [Number(r['agg_b']), Number(r['agg_c'])]),
      );
      return {
        ...head,
        ranges: {
          results: agg.buckets.map((b, k) => ({
            ...(b.from !== null ? { from: b.from } : {}),
            ...(b.to !== null ? { to: b.to } : {}),
            count: counts.get(k) ?? 0,
          })),
        },
      };
    }
    case 'SCALAR': {
      const row = (await base(opts).select(scalarExpr(agg.scalar, col).as('s')).executeTakeFirst()) as Row | undefined;
      const raw = row?.['s'];
      const value =
        raw === null || raw === undefined
          ? undefined
          : agg.scalar === 'COUNT_DISTINCT'
            ? Number(raw)
            : numberOf(field, raw);
      return { ...head, scalar: { type: agg.scalar, ...(value === undefined ? {} : { value }) } };
    }
    case 'DATE_HISTOGRAM': {
      const bucket = truncateDate(opts.dialect, col, agg.interval);
      const rows = (await base(opts)
        .select([bucket.as('agg_v'), sql`count(*)`.as('agg_c')])
        .where(sql<SqlBool>`${col} is not null`)
        .groupBy(sql`agg_v`)
        .orderBy(sql`agg_v`, 'asc')
        .limit(MAX_HISTOGRAM_BUCKETS + 1)
        .execute()) as Row[];
      if (rows.length > MAX_HISTOGRAM_BUCKETS)
        throw invalid(
          `${at}.dateHistogram.interval`,
          `gives more than ${MAX_HISTOGRAM_BUCKETS} buckets; choose a longer interval or a narrower filter`,
          'MAX_SIZE',
        );
      return {
        ...head,
        dateHistogram: { results: rows.map((r) => ({ value: String(r['agg_v']), count: Number(r['agg_c']) })) },
      };
    }
  }
}

function orderValues(qb: AnySelect, value: ValueOptions, v: RawBuilder<unknown>, c = sql`count(*)`): AnySelect {
  const dir = value.sortDirection === 'DESC' ? 'desc' : 'asc';
  // Rows without a value (INCLUDE) sort after the rest in VALUE order; ties in COUNT order go by value.
  const nullsLast = sql`case when ${v} is null then 1 else 0 end`;
  return value.sortType === 'COUNT'
    ? qb.orderBy(c, dir).orderBy(nullsLast).orderBy(v, 'asc').limit(value.limit)
    : qb.orderBy(nullsLast).orderBy(v, dir).limit(value.limit);
}

/** VALUE or SCALAR COUNT_DISTINCT over a many-valued field: one statement over the join table. */
async function runRelation(
  opts: RunAggregationsOptions,
  agg: ParsedAggregationItem,
  field: Extract<FieldSpec, { kind: 'relation' }>,
  head: { name: string; type: AggregationType; fieldPath: string },
): Promise<AggregationResult> {
  const ownerRef = field.ownerRef ?? `${opts.spec.table}.${idColumnOf(opts.spec)}`;
  const owners = base(opts).select(sql.ref(ownerRef).as('owner_id'));
  const rel = sql.table(field.table);
  const owner = sql.ref(`rel.${field.ownerColumn}`);
  const valueCol = sql.ref(`rel.${field.valueColumn}`);
  const tree = opts.fields[agg.fieldPath]?.ancestors;
  // Members as (owner, value) rows; with a tree, each membership also counts for every ancestor.
  const members = tree
    ? sql`with recursive agg_members(owner_id, value_id, depth) as (
        select ${owner}, ${valueCol}, 0 from ${rel} as rel where ${owner} in (${owners})
        union all
        select m.owner_id, ${sql.ref(`t.${tree.parentColumn}`)}, m.depth + 1 from agg_members as m
          inner join ${sql.table(tree.table)} as t on ${sql.ref(`t.${tree.idColumn}`)} = m.value_id
          where ${sql.ref(`t.${tree.parentColumn}`)} is not null and m.depth < ${sql.lit(tree.depth)})`
    : sql`with agg_members(owner_id, value_id) as (select ${owner}, ${valueCol} from ${rel} as rel where ${owner} in (${owners}))`;
  if (agg.type === 'SCALAR') {
    const { rows } = await sql<Row>`${members} select count(distinct value_id) as s from agg_members`.execute(opts.db);
    return { ...head, scalar: { type: agg.scalar, value: Number(rows[0]?.['s'] ?? 0) } };
  }
  if (agg.type !== 'VALUE') throw new Error(`${agg.type} on a relation field is refused by parseAggregations`);
  const { value } = agg;
  const dir = sql.raw(value.sortDirection === 'DESC' ? 'desc' : 'asc');
  const order = value.sortType === 'COUNT' ? sql`order by agg_c ${dir}, agg_v asc` : sql`order by agg_v ${dir}`;
  const top = sql`select value_id as agg_v, count(distinct owner_id) as agg_c from agg_members group by value_id ${order} limit ${sql.lit(value.limit)}`;
  // INCLUDE: owners with no value at all are one more bucket, counted in the same statement.
  const none = sql`select null as agg_v, count(*) as agg_c from (${owners}) as o
    where not exists (select 1 from ${rel} as rel where ${owner} = o.owner_id)`;
  const statement =
    value.missing === null
      ? sql<Row>`${members} ${top}`
      : sql<Row>`${members} select * from (${top}) as agg_top union all ${none}`;
  const { rows } = await statement.execute(opts.db);
  let results = rows
    .filter((r) => r['agg_v'] !== null || Number(r['agg_c']) > 0)
    .map((r) => ({
      value: r['agg_v'] === null ? (value.missing ?? '') : display(opts, agg.fieldPath, r['agg_v'], null),
      count: Number(r['agg_c']),
      missing: r['agg_v'] === null,
    }));
  if (value.missing !== null) {
    const sign = value.sortDirection === 'DESC' ? -1 : 1;
    results.sort((a, b) =>
      a.missing !== b.missing && (value.sortType === 'VALUE' || a.count === b.count)
        ? a.missing
          ? 1
          : -1
        : value.sortType === 'COUNT'
          ? sign * (a.count - b.count)
          : 0,
    );
    results = results.slice(0, value.limit);
  }
  return { ...head, values: { results: results.map(({ value: v, count }) => ({ value: v, count })) } };
}

function idColumnOf(spec: EntityQuerySpec): string {
  const id = spec.fields['id'];
  return id?.kind === 'column' ? id.column : 'id';
}

interface Level {
  item: ParsedAggregationItem;
  key: string;
}

/**
 * NESTED: one GROUP BY over every level's key (VALUE: the value; DATE_HISTOGRAM: the bucket start; RANGE: the
 * bucket index), or for a last SCALAR its metric per group; each level's sort and limit then apply within its
 * parent bucket. The answer is the package's flattened form: one row per innermost bucket, keyed by level name.
 */
async function runNested(
  opts: RunAggregationsOptions,
  agg: Extract<ParsedAggregation, { type: 'NESTED' }>,
  at: string,
): Promise<AggregationResult> {
  const levels: Level[] = agg.items.map((item, i) => ({ item, key: `agg_k${i}` }));
  const last = levels[levels.length - 1]!;
  const scalarLast = last.item.type === 'SCALAR';
  const keyLevels = scalarLast ? levels.slice(0, -1) : levels;
  const selects: AliasedRawBuilder<unknown, string>[] = [];
  const groups: RawBuilder<unknown>[] = [];
  for (const { item, key } of keyLevels) {
    const field = columnOf(opts.spec, item.fieldPath) as Extract<FieldSpec, { kind: 'column' }>;
    const col = columnRef(opts.spec, field.column);
    const expr =
      item.type === 'DATE_HISTOGRAM'
        ? truncateDate(opts.dialect, col, item.interval)
        : item.type === 'RANGE'
          ? rangeBucket(field, col, item.buckets)
          : col;
    selects.push(expr.as(key));
    // By alias: PostgreSQL cannot match a SELECT and a GROUP BY expression holding different parameters.
    groups.push(sql.ref(key));
  }
  selects.push(sql`count(*)`.as('agg_c'));
  if (scalarLast && last.item.type === 'SCALAR') {
    const field = columnOf(opts.spec, last.item.fieldPath) as Extract<FieldSpec, { kind: 'column' }>;
    selects.push(scalarExpr(last.item.scalar, columnRef(opts.spec, field.column)).as('agg_s'));
  }
  let qb = base(opts).select(selects);
  if (groups.length > 0) qb = qb.groupBy(groups);
  const rows = (await qb.limit(MAX_NESTED_GROUPS + 1).execute()) as Row[];
  if (rows.length > MAX_NESTED_GROUPS)
    throw invalid(`${at}.nested`, `has more than ${MAX_NESTED_GROUPS} groups; narrow the filter`, 'MAX_SIZE');

  const out: Array<{ results: Record<string, unknown> }> = [];
  const walk = (depth: number, group: Row[], prefix: Record<string, unknown>) => {
    if (out.length >= MAX_NESTED_RESULTS) return;
    const level = levels[depth]!;
    const { item } = level;
    if (item.type === 'SCALAR') {
      const raw = group[0]?.['agg_s'];
      const field = columnOf(opts.spec, item.fieldPath);
      const value =
        raw === null || raw === undefined
          ? undefined
          : item.scalar === 'COUNT_DISTINCT'
            ? Number(raw)
            : numberOf(field, raw);
      out.push({ results: { ...prefix, [item.name]: { scalar: value === undefined ? {} : { value } } } });
      return;
    }
    const buckets = new Map<string, { key: unknown; rows: Row[]; count: number }>();
    const numeric = item.type === 'RANGE' || columnOf(opts.spec, item.fieldPath).type === 'number';
    for (const r of group) {
      // PostgreSQL returns bigint as text: number keys compare as numbers.
      const k = numeric && r[level.key] !== null && r[level.key] !== undefined ? Number(r[level.key]) : r[level.key];
      const id = k === null || k === undefined ? '\u0000null' : String(k);
      let b = buckets.get(id);
      if (!b) {
        b = { key: k ?? null, rows: [], count: 0 };
        buckets.set(id, b);
      }
      b.rows.push(r);
      b.count += Number(r['agg_c']);
    }
    let list = [...buckets.values()];
    if (item.type === 'RANGE') {
      list = list.filter((b) => b.key !== null).sort((a, b) => Number(a.key) - Number(b.key));
    } else if (item.type === 'DATE_HISTOGRAM') {
      list = list.filter((b) => b.key !== null).sort((a, b) => String(a.key).localeCompare(String(b.key)));
    } else {
      const v = item.value;
      if (v.missing === null) list = list.filter((b) => b.key !== null);
      const sign = v.sortDirection === 'DESC' ? -1 : 1;
      const byValue = (a: (typeof list)[0], b: (typeof list)[0]) => {
        if (a.key === null || b.key === null) return a.key === null ? (b.key === null ? 0 : 1) : -1;
        const x = a.key as string | number;
        const y = b.key as string | number;
        return x < y ? -1 : x > y ? 1 : 0;
      };
      list.sort((a, b) =>
        v.sortType === 'COUNT'
          ? sign * (a.count - b.count) || byValue(a, b)
          : byValue(a, b) === 0
            ? 0
            : a.key === null || b.key === null
              ? byValue(a, b)
              : sign * byValue(a, b),
      );
      list = list.slice(0, v.limit);
    }
    for (const b of list) {
      let entry: Record<string, unknown>;
      if (item.type === 'RANGE') {
        const bucket = item.buckets[Number(b.key)]!;
        entry = {
          range: {
            ...(bucket.from !== null ? { from: bucket.from } : {}),
            ...(bucket.to !== null ? { to: bucket.to } : {}),
            count: b.count,
          },
        };
      } else if (item.type === 'DATE_HISTOGRAM') {
        entry = { dateHistogram: { value: String(b.key), count: b.count } };
      } else {
        const missing = item.type === 'VALUE' ? item.value.missing : null;
        entry = { value: { value: display(opts, item.fieldPath, b.key, missing), count: b.count } };
      }
      const next = { ...prefix, [item.name]: entry };
      if (depth === levels.length - 1) out.push({ results: next });
      else walk(depth + 1, b.rows, next);
    }
  };
  walk(0, rows, {});
  return { name: agg.name, type: 'NESTED', fieldPath: agg.fieldPath, nested: { results: out } };
}
