import { applyFilter, runQuery } from '@merx/db';
import { type EntityQuerySpec, type FilterNode, parseQuery, ValidationError } from '@merx/domain';
import { sql } from 'kysely';
import { selectCollections } from '../collections/collections.repo.js';
import type { ModuleDeps } from '../module.js';
import { type CategoryRow, categoriesOf, type Fields } from './categories.mapper.js';

/** What a category query may filter and sort on. */
export const categoryQuerySpec: EntityQuerySpec = {
  table: 'collections',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
    name: { kind: 'column', column: 'name', type: 'string', sortable: true, notNull: true },
    slug: { kind: 'column', column: 'slug', type: 'string', sortable: true, notNull: true },
    visible: { kind: 'column', column: 'visible', type: 'boolean', notNull: true },
    'parentCategory.id': { kind: 'column', column: 'parent_id', type: 'id' },
    /** Sort only: the stored place among siblings orders like the index (which is that place counted from 0). */
    'parentCategory.index': {
      kind: 'column',
      column: 'sibling_position',
      type: 'number',
      sortable: true,
      operators: [],
    },
    createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
    updatedDate: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
  defaultSort: [{ field: 'createdDate', order: 'ASC' }],
};

/** Query, search and count of the store's categories, cursor paging (docs/decisions/0022-categories.md). */
export function createCategoryQueries(deps: ModuleDeps) {
  /** The base of a list: visible categories only, unless an elevated caller asks for hidden ones too. */
  function listBase(elevated: boolean, withHidden: boolean) {
    const base = selectCollections(deps.db, elevated);
    return elevated && withHidden ? base : base.where('collections.visible', '=', 1);
  }

  /** A `search.expression`: every word must appear in the name (any case). */
  function searchFilter(expression: string | null | undefined): FilterNode | null {
    const words = (expression ?? '').split(/\s+/).filter(Boolean).slice(0, 12);
    if (words.length === 0) return null;
    const nodes: FilterNode[] = words.map((w) => ({ kind: 'text', field: 'name', op: '$contains', value: w }));
    return nodes.length === 1 ? (nodes[0] as FilterNode) : { kind: 'and', nodes };
  }

  async function list(
    rawQuery: Record<string, unknown> | null | undefined,
    opts: { elevated: boolean; withHidden: boolean; fields: Fields; path: string; expression?: string | null },
  ) {
    const q = rawQuery ?? {};
    const query = parseQuery({ ...q, cursorPaging: q.cursorPaging ?? {} }, categoryQuerySpec, { path: opts.path });
    const extra = searchFilter(opts.expression);
    if (extra) query.filter = query.filter ? { kind: 'and', nodes: [query.filter, extra] } : extra;
    const page = await runQuery<CategoryRow>({
      base: listBase(opts.elevated, opts.withHidden),
      spec: categoryQuerySpec,
      query,
      cursorSecret: deps.cursorSecret,
    });
    const categories = await categoriesOf(deps.db, page.rows, opts.fields);
    return {
      categories,
      pagingMetadata: {
        count: categories.length,
        cursors: { next: page.nextCursor, prev: page.prevCursor },
        hasNext: page.nextCursor !== null,
      },
    };
  }

  return {
    query: (
      rawQuery: Record<string, unknown> | null | undefined,
      elevated: boolean,
      withHidden: boolean,
      fields: Fields,
    ) => list(rawQuery, { elevated, withHidden, fields, path: 'query' }),

    search: (
      raw: (Record<string, unknown> & { search?: { expression?: string | null } | null }) | null | undefined,
      elevated: boolean,
      withHidden: boolean,
      fields: Fields,
    ) => {
      const { search, ...rest } = raw ?? {};
      return list(rest, { elevated, withHidden, fields, path: 'search', expression: search?.expression ?? null });
    },

    async count(filter: unknown, expression: string | null | undefined, elevated: boolean, withHidden: boolean) {
      let node: FilterNode | null;
      try {
        node = parseQuery({ filter }, categoryQuerySpec, { path: '' }).filter;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        throw new ValidationError(error.violations.map((v) => ({ ...v, field: v.field.replace(/^\./, '') })));
      }
      const extra = searchFilter(expression);
      if (extra) node = node ? { kind: 'and', nodes: [node, extra] } : extra;
      let base = deps.db.selectFrom('collections');
      if (!(elevated && withHidden)) base = base.where('collections.visible', '=', 1);
      const row = await applyFilter(base, node, categoryQuerySpec)
        .select(sql<number | string>`count(*)`.as('n'))
        .executeTakeFirst();
      return { count: Number(row?.n ?? 0) };
    },
  };
}

export type CategoryQueries = ReturnType<typeof createCategoryQueries>;
