import { MerxClientError } from './errors.js';
import type { CallOptions } from './http.js';

/** Default page size of every query builder (spec section 9). */
export const DEFAULT_PAGE_SIZE = 50;

export type Filter = Record<string, unknown>;
export interface SortEntry {
  fieldName: string;
  order: 'ASC' | 'DESC';
}

/** The contract's query object (WIRE.md 0.10). */
export interface PlatformQuery {
  filter?: Filter;
  sort?: SortEntry[];
  paging?: { limit: number; offset: number };
  cursorPaging?: { limit: number; cursor?: string };
}

/** One page as the server answered it, reduced to what paging needs. */
export interface RawPage<T> {
  items: T[];
  /** Offset paging: the total matching (absent when too many to count). */
  total?: number | undefined;
  tooManyToCount?: boolean | undefined;
  /** Cursor paging. */
  cursors?: { next?: string | null | undefined; prev?: string | null | undefined } | undefined;
}

/** How a module runs a query: the contract's query in, one page out. */
export type QueryRunner<T> = (query: PlatformQuery, options?: CallOptions) => Promise<RawPage<T>>;

/** A page of results with its way to the neighbouring pages. */
export interface QueryResult<T> {
  items: T[];
  length: number;
  pageSize: number;
  /** Offset paging: all matching items (undefined when too many to count, or with cursor paging). */
  totalCount: number | undefined;
  totalPages: number | undefined;
  /** Offset paging: this page's number, from 0. */
  currentPage: number | undefined;
  cursors: { next: string | undefined; prev: string | undefined };
  /** The query that gave this page. */
  query: PlatformQuery;
  hasNext(): boolean;
  hasPrev(): boolean;
  /** The next page; fails with "No next page to fetch" past the last one. */
  next(): Promise<QueryResult<T>>;
  /** The previous page; fails with "No previous page to fetch" before the first one. */
  prev(): Promise<QueryResult<T>>;
}

type Paging = 'offset' | 'cursor';

interface State {
  filters: Filter[];
  sort: SortEntry[];
  limit: number;
  offset: number;
}

/**
 * A query builder: filter helpers, sort and paging, immutable (each call returns a new builder). Field names are
 * the wire's (`id`, `createdDate`, …); two conditions are joined with `$and`.
 */
export class QueryBuilder<T> {
  readonly #run: QueryRunner<T>;
  readonly #paging: Paging;
  readonly #state: State;

  constructor(run: QueryRunner<T>, paging: Paging, state?: State) {
    this.#run = run;
    this.#paging = paging;
    this.#state = state ?? { filters: [], sort: [], limit: DEFAULT_PAGE_SIZE, offset: 0 };
  }

  #with(change: Partial<State>): QueryBuilder<T> {
    return new QueryBuilder(this.#run, this.#paging, { ...this.#state, ...change });
  }

  #where(condition: Filter): QueryBuilder<T> {
    return this.#with({ filters: [...this.#state.filters, condition] });
  }

  eq(field: string, value: unknown): QueryBuilder<T> {
    return this.#where({ [field]: value });
  }
  ne(field: string, value: unknown): QueryBuilder<T> {
    return this.#where({ [field]: { $ne: value } });
  }
  gt(field: string, value: unknown): QueryBuilder<T> {
    return this.#where({ [field]: { $gt: value } });
  }
  ge(field: string, value: unknown): QueryBuilder<T> {
    return this.#where({ [field]: { $gte: value } });
  }
  lt(field: string, value: unknown): QueryBuilder<T> {
    return this.#where({ [field]: { $lt: value } });
  }
  le(field: string, value: unknown): QueryBuilder<T> {
    return this.#where({ [field]: { $lte: value } });
  }
  in(field: string, values: readonly unknown[]): QueryBuilder<T> {
    return this.#where({ [field]: { $in: values } });
  }
  nin(field: string, values: readonly unknown[]): QueryBuilder<T> {
    return this.#where({ [field]: { $nin: values } });
  }
  hasSome(field: string, values: readonly unknown[]): QueryBuilder<T> {
    return this.#where({ [field]: { $hasSome: values } });
  }
  hasAll(field: string, values: readonly unknown[]): QueryBuilder<T> {
    return this.#where({ [field]: { $hasAll: values } });
  }
  startsWith(field: string, prefix: string): QueryBuilder<T> {
    return this.#where({ [field]: { $startsWith: prefix } });
  }
  endsWith(field: string, suffix: string): QueryBuilder<T> {
    return this.#where({ [field]: { $endsWith: suffix } });
  }
  /** Text fields holding `text` anywhere, whatever its case (the server ignores case for text operators). */
  contains(field: string, text: string): QueryBuilder<T> {
    return this.#where({ [field]: { $contains: text } });
  }
  exists(field: string, present = true): QueryBuilder<T> {
    return this.#where({ [field]: { $exists: present } });
  }
  isEmpty(field: string): QueryBuilder<T> {
    return this.#where({ [field]: null });
  }
  isNotEmpty(field: string): QueryBuilder<T> {
    return this.#where({ [field]: { $ne: null } });
  }
  /** Items matching this builder's conditions or the other's. */
  or(other: QueryBuilder<T>): QueryBuilder<T> {
    return this.#with({ filters: [{ $or: [this.filter, other.filter] }] });
  }
  /** Items matching this builder's conditions and the other's. */
  and(other: QueryBuilder<T>): QueryBuilder<T> {
    return this.#with({ filters: [...this.#state.filters, ...other.#state.filters] });
  }
  /** Items not matching the other builder's conditions. */
  not(other: QueryBuilder<T>): QueryBuilder<T> {
    return this.#where({ $not: other.filter });
  }
  ascending(...fields: string[]): QueryBuilder<T> {
    return this.#with({
      sort: [...this.#state.sort, ...fields.map((fieldName) => ({ fieldName, order: 'ASC' as const }))],
    });
  }
  descending(...fields: string[]): QueryBuilder<T> {
    return this.#with({
      sort: [...this.#state.sort, ...fields.map((fieldName) => ({ fieldName, order: 'DESC' as const }))],
    });
  }
  /** Page size (default 50). */
  limit(n: number): QueryBuilder<T> {
    return this.#with({ limit: n });
  }
  /** Offset paging: skip the first `n` items. */
  skip(n: number): QueryBuilder<T> {
    return this.#with({ offset: n });
  }

  /** The filter as sent: one condition alone, several joined with `$and`. */
  get filter(): Filter {
    const { filters } = this.#state;
    if (filters.length === 0) return {};
    if (filters.length === 1) return filters[0] as Filter;
    return { $and: filters };
  }

  /** The contract's query this builder sends for its first page. */
  build(): PlatformQuery {
    const { sort, limit, offset } = this.#state;
    return {
      filter: this.filter,
      ...(sort.length ? { sort } : {}),
      ...(this.#paging === 'offset' ? { paging: { limit, offset } } : { cursorPaging: { limit } }),
    };
  }

  /** Runs the query: its first page (or the one `skip` points at). */
  find(options?: CallOptions): Promise<QueryResult<T>> {
    return runPage(this.#run, this.#paging, this.build(), options);
  }
}

async function runPage<T>(
  run: QueryRunner<T>,
  paging: Paging,
  query: PlatformQuery,
  options?: CallOptions,
): Promise<QueryResult<T>> {
  const page = await run(query, options);
  const limit = query.paging?.limit ?? query.cursorPaging?.limit ?? DEFAULT_PAGE_SIZE;
  const offset = query.paging?.offset ?? 0;
  const counted = paging === 'offset' && !page.tooManyToCount && page.total !== undefined;
  const totalPages = counted && limit > 0 ? Math.ceil((page.total as number) / limit) : undefined;
  const currentPage = paging === 'offset' && limit > 0 ? Math.floor(offset / limit) : undefined;
  const cursors = { next: page.cursors?.next || undefined, prev: page.cursors?.prev || undefined };
  const hasNext = (): boolean =>
    paging === 'cursor'
      ? Boolean(cursors.next)
      : currentPage !== undefined && totalPages !== undefined && currentPage < totalPages - 1;
  const hasPrev = (): boolean =>
    paging === 'cursor' ? Boolean(cursors.prev) : Boolean(currentPage && currentPage > 0);
  // A cursor carries the filter and sort, so the neighbouring page is asked for with the cursor alone.
  const neighbour = (cursor: string | undefined, delta: number): PlatformQuery =>
    paging === 'cursor'
      ? { cursorPaging: { limit, ...(cursor ? { cursor } : {}) } }
      : { ...query, paging: { limit, offset: Math.max(0, offset + delta * limit) } };
  return {
    items: page.items,
    length: page.items.length,
    pageSize: limit,
    totalCount: counted ? page.total : undefined,
    totalPages,
    currentPage,
    cursors,
    query,
    hasNext,
    hasPrev,
    async next() {
      if (!hasNext()) throw new MerxClientError('NO_NEXT_PAGE', 'No next page to fetch');
      return runPage(run, paging, neighbour(cursors.next, 1), options);
    },
    async prev() {
      if (!hasPrev()) throw new MerxClientError('NO_PREVIOUS_PAGE', 'No previous page to fetch');
      return runPage(run, paging, neighbour(cursors.prev, -1), options);
    },
  };
}
