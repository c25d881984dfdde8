import { type EntityQuerySpec, type FilterNode, invalid, type ParsedQuery } from '@merx/domain';
import { type SelectQueryBuilder, sql } from 'kysely';
import { applyFilter, orderByTerms, type SortTerm, sortTerms } from './compile.js';
import { type CursorState, decodeCursor, encodeCursor } from './cursor.js';
import type { SearchPlan } from './search.js';

// biome-ignore lint/suspicious/noExplicitAny: runs over any table's query, whatever its row types.
type AnySelect = SelectQueryBuilder<any, any, any>;

export interface RunQueryOptions {
  /**
   * FROM `spec.table` (plus joins), the base WHERE and the selected columns; a function when they depend on the
   * request's filter and sort (read from its cursor, for cursor paging).
   */
  base: AnySelect | ((state: CursorState) => AnySelect);
  /** The same FROM/WHERE for `count(*)`; needed when `base` has joins that repeat rows. Defaults to `base`. */
  countBase?: AnySelect;
  spec: EntityQuerySpec;
  query: ParsedQuery;
  /** Key that signs cursors. */
  cursorSecret: string;
  /** Count the matching rows for offset paging (default true). Cursor paging never counts. */
  withTotal?: boolean;
  /**
   * Remembers totals while the data they count is unchanged: `version(row)` reads a data version selected with
   * the page (e.g. a counter every write to the table bumps); totals are kept by version and count statement.
   */
  totals?: { version(row: unknown): string | number | null | undefined; cache: TotalsCache };
  /**
   * Full-text search: `terms` of this request (a cursor carries its own) and the plan that narrows the page and
   * the count to matches. A search without a requested sort is ordered by relevance.
   */
  search?: { terms: string[] | null; plan(terms: string[]): SearchPlan };
  /**
   * Deferred rows, for tables whose rows are wide or carry per-row subqueries: the page is found first as ids and
   * sort keys alone, then `rows` reads its rows by id, selecting from `page` (columns `page_id`, and the sort keys
   * `page_s0`, `page_s1`, …) joined to the table. Without it both engines carry every row an OFFSET skips through
   * the sort whole and compute its select list. The rows come back ordered by the page's sort keys.
   */
  rows?: (page: AnySelect) => AnySelect;
}

/** Where counted totals are kept (an LRU map in the caller's process). */
export interface TotalsCache {
  get(key: string): number | undefined;
  set(key: string, total: number): void;
}

export interface QueryPage<Row> {
  rows: Row[];
  offset: number;
  limit: number;
  /** Rows matching the filter, for offset paging; undefined for cursor paging or `withTotal: false`. */
  total: number | undefined;
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * Runs a parsed query: filter, sort (request, else the spec default, then the tie-breaker) and one page.
 * At most two statements: the page, and `count(*)` for offset paging when the page cannot tell the total.
 */
export async function runQuery<Row>(opts: RunQueryOptions): Promise<QueryPage<Row>> {
  const { spec, query } = opts;
  const state = resolveState(query, spec, opts.cursorSecret, opts.search?.terms ?? null);
  const cursorPaging = query.paging.kind === 'cursor';
  const plan = state.search && state.search.length > 0 ? opts.search?.plan(state.search) : undefined;
  // Cursor paging reads one row more than it returns to learn whether a next page exists.
  const fetchLimit = cursorPaging ? state.limit + 1 : state.limit;
  let base = applyFilter(baseOf(opts.base, state), state.filter, spec);
  if (plan) base = plan.page(base);
  // Without a requested sort: by relevance when searching, else the spec's default; then the tie-breaker.
  const ranked = state.sort.length === 0 && plan;
  const terms: SortTerm[] = [
    ...(ranked ? [{ expr: plan.rank.expr, direction: plan.rank.direction, notNull: true }] : []),
    ...sortTerms(state.sort.length > 0 || ranked ? state.sort : (spec.defaultSort ?? []), spec),
  ];
  const page = opts.rows
    ? deferredPage(base, terms, spec, opts.rows, fetchLimit, state.offset)
    : orderByTerms(base, terms).limit(fetchLimit).offset(state.offset);
  const fetched = (await page.execute()) as Row[];
  const rows = fetched.slice(0, state.limit);
  const result = { rows, offset: state.offset, limit: state.limit };

  if (!cursorPaging) {
    const total = opts.withTotal === false ? undefined : await countTotal(opts, state, plan, rows.length, rows[0]);
    return { ...result, total, nextCursor: null, prevCursor: null };
  }
  const scope = spec.table;
  const nextCursor =
    fetched.length > state.limit
      ? encodeCursor({ ...state, offset: state.offset + state.limit }, opts.cursorSecret, scope)
      : null;
  const prevCursor =
    state.offset > 0
      ? encodeCursor({ ...state, offset: Math.max(0, state.offset - state.limit) }, opts.cursorSecret, scope)
      : null;
  return { ...result, total: undefined, nextCursor, prevCursor };
}

/** A page found as ids and sort keys, its rows read by `rows` and ordered by those keys (RunQueryOptions.rows). */
function deferredPage(
  base: AnySelect,
  terms: readonly SortTerm[],
  spec: EntityQuerySpec,
  rows: (page: AnySelect) => AnySelect,
  limit: number,
  offset: number,
): AnySelect {
  const ids = orderByTerms(
    base
      .clearSelect()
      .select(sql.ref(`${spec.table}.id`).as('page_id'))
      .select(terms.map((t, i) => t.expr.as(`page_s${i}`))),
    terms,
  )
    .limit(limit)
    .offset(offset);
  return orderByTerms(
    rows(ids),
    terms.map((t, i) => ({ ...t, expr: sql.ref(`page.page_s${i}`) })),
  );
}

function baseOf(base: RunQueryOptions['base'], state: CursorState): AnySelect {
  return typeof base === 'function' ? base(state) : base;
}

/** Filter, sort, search and position of this request: from the request itself, or from its cursor. */
function resolveState(query: ParsedQuery, spec: EntityQuerySpec, secret: string, search: string[] | null): CursorState {
  const { paging } = query;
  if (paging.kind === 'offset') {
    return { filter: query.filter, sort: query.sort, offset: paging.offset, limit: paging.limit, search };
  }
  if (paging.cursor === null) return { filter: query.filter, sort: query.sort, offset: 0, limit: paging.limit, search };
  const path = 'query.cursorPaging.cursor';
  const decoded = decodeCursor(paging.cursor, secret, path, spec.table);
  // A cursor signed before the spec changed may name fields that no longer exist.
  const fields = [...decoded.sort.map((s) => s.field), ...filterFields(decoded.filter)];
  if (fields.some((f) => !Object.hasOwn(spec.fields, f))) throw invalid(path, 'invalid cursor');
  // The request's limit wins: the SDK repeats it on every page.
  return { ...decoded, limit: paging.limit };
}

function filterFields(node: FilterNode | null): string[] {
  if (!node) return [];
  if (node.kind === 'and' || node.kind === 'or') return node.nodes.flatMap(filterFields);
  if (node.kind === 'not') return filterFields(node.node);
  return [node.field];
}

async function countTotal(
  opts: RunQueryOptions,
  state: CursorState,
  plan: SearchPlan | undefined,
  pageRows: number,
  firstRow: unknown,
): Promise<number> {
  // A short page that is not past the end already tells the total.
  if (pageRows < state.limit && (pageRows > 0 || state.offset === 0)) return state.offset + pageRows;
  let base = baseOf(opts.countBase ?? opts.base, state)
    .clearSelect()
    .clearOrderBy()
    .clearLimit()
    .clearOffset();
  if (plan) base = plan.count(base);
  // Membership as `id IN (members)`: a count reads only the members of a collection, not every product.
  const statement = applyFilter(base, state.filter, opts.spec, 'in').select(sql<number | string>`count(*)`.as('count'));
  const version = pageRows > 0 && opts.totals ? opts.totals.version(firstRow) : undefined;
  let key: string | undefined;
  if (version !== undefined && version !== null && opts.totals) {
    const compiled = statement.compile();
    key = `${version}|${compiled.sql}|${JSON.stringify(compiled.parameters)}`;
    const known = opts.totals.cache.get(key);
    if (known !== undefined) return known;
  }
  const row = await statement.executeTakeFirst();
  // PostgreSQL returns count(*) (int8) as a string unless a type parser says otherwise.
  const total = Number(row?.count ?? 0);
  if (key !== undefined) opts.totals?.cache.set(key, total);
  return total;
}
