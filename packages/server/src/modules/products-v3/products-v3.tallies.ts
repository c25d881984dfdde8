import type { AggregationResult, Executor, ParsedAggregation } from '@merx/db';
import type { FilterNode } from '@merx/domain';
import { sql } from 'kysely';
import { ALL_SCOPE, type FacetName } from '../products/facet-keys.js';

/*
 * Facet counts read from the kept tallies (docs/decisions/0037-facet-tallies.md) instead of counted over the catalog,
 * when a shopper's search selects exactly what a tally counts: the whole visible catalog, or the visible products
 * directly in one category, with no search words. The answer is the one counting would give, in the same order.
 */

const DIRECT_CATEGORIES = 'directCategoriesInfo.categories.id';

/** The aggregation fields a tally counts: values whose counts are asked, or prices whose lowest and highest are. */
const TALLIED: Readonly<Record<string, FacetName>> = {
  'brand.name': 'brand',
  optionChoices: 'choice',
  [DIRECT_CATEGORIES]: 'category',
};
/** Price fields whose lowest and highest in a category are found through the category's size (see `priceBound`). */
const PRICES: Readonly<Record<string, 'actual_min' | 'actual_max'>> = {
  'actualPriceRange.minValue.amount': 'actual_min',
  'actualPriceRange.maxValue.amount': 'actual_max',
};
/** A category holding at least 1/LARGE of the visible catalog is walked in price order (see `priceBound`). */
const LARGE = 100;

const isVisibleTrue = (n: FilterNode) =>
  n.kind === 'compare' && n.field === 'visible' && n.op === '$eq' && n.value === true;

/**
 * The tally scope a shopper's filter (as stored: categories already widened) stands for: the whole catalog when
 * there is none, a category for "directly in this one category"; null when tallies cannot answer it.
 */
export function tallyScope(filter: FilterNode | null): string | null {
  if (filter === null) return ALL_SCOPE;
  // A category id is never the whole catalog's scope (""): such a filter is counted (it selects nothing).
  const category = (id: unknown) => (typeof id === 'string' && id !== ALL_SCOPE ? id : null);
  switch (filter.kind) {
    case 'in':
      return filter.field === DIRECT_CATEGORIES &&
        (filter.op === '$hasSome' || filter.op === '$in' || filter.op === '$hasAll') &&
        filter.values.length === 1
        ? category(filter.values[0])
        : null;
    case 'compare':
      if (isVisibleTrue(filter)) return ALL_SCOPE;
      return filter.field === DIRECT_CATEGORIES && filter.op === '$eq' ? category(filter.value) : null;
    case 'and': {
      // Shoppers see visible products only: `visible: true` beside a scope changes nothing.
      const rest = filter.nodes.filter((n) => !isVisibleTrue(n));
      if (rest.length === 0) return ALL_SCOPE;
      return rest.length === 1 && rest[0] ? tallyScope(rest[0]) : null;
    }
    default:
      return null;
  }
}

/**
 * Whether tallies answer this aggregation exactly in `scope` (values with a count: rows without a value are not
 * tallied). A category's lowest and highest price are answered here too; the whole catalog's are two index entries.
 */
export function tallied(agg: ParsedAggregation, scope: string): boolean {
  if (Object.hasOwn(PRICES, agg.fieldPath))
    return scope !== ALL_SCOPE && agg.type === 'SCALAR' && (agg.scalar === 'MIN' || agg.scalar === 'MAX');
  if (!Object.hasOwn(TALLIED, agg.fieldPath)) return false;
  if (agg.type === 'VALUE') return agg.value.missing === null;
  return agg.type === 'SCALAR' && agg.scalar === 'COUNT_DISTINCT';
}

/** Answers a `tallied` aggregation from the tallies of `scope`, as counting would (same order, limit and shape). */
export async function tallyAggregation(
  ex: Executor,
  scope: string,
  agg: ParsedAggregation,
  minorPerMajor: number,
): Promise<AggregationResult> {
  const head = { name: agg.name, type: agg.type, fieldPath: agg.fieldPath };
  const price = PRICES[agg.fieldPath];
  if (price && agg.type === 'SCALAR') {
    const bound = await priceBound(ex, scope, price, agg.scalar === 'MAX' ? 'desc' : 'asc');
    return { ...head, scalar: { type: agg.scalar, ...(bound === null ? {} : { value: bound / minorPerMajor }) } };
  }
  const facet = TALLIED[agg.fieldPath] as FacetName;
  const rows = ex.selectFrom('facet_tallies').where('scope', '=', scope).where('facet', '=', facet).where('n', '>', 0);
  if (agg.type === 'SCALAR') {
    const row = await rows.select((eb) => eb.fn.countAll().as('c')).executeTakeFirst();
    return { ...head, scalar: { type: agg.scalar, value: Number(row?.c ?? 0) } };
  }
  if (agg.type !== 'VALUE') throw new Error(`${agg.type} is not tallied`);
  const { value } = agg;
  const dir = value.sortDirection === 'DESC' ? 'desc' : 'asc';
  const ordered =
    value.sortType === 'COUNT' ? rows.orderBy('n', dir).orderBy(sql`value`, 'asc') : rows.orderBy(sql`value`, dir);
  const found = await ordered.select(['value', 'n']).limit(value.limit).execute();
  return { ...head, values: { results: found.map((r) => ({ value: r.value, count: Number(r.n) })) } };
}

/**
 * The lowest (`asc`) or highest (`desc`) price of the visible products directly in a category, in minor units (null:
 * none). The tallies give the category's size: a large one is found by walking the visible catalog's price index until
 * one of its products (about catalog / size entries, at most LARGE on average), a small one by reading its own
 * products (at most 1/LARGE of the catalog). Counting the category's products, as a plain MIN does, walks it whole.
 */
async function priceBound(
  ex: Executor,
  category: string,
  column: 'actual_min' | 'actual_max',
  direction: 'asc' | 'desc',
): Promise<number | null> {
  const sizes = await ex
    .selectFrom('facet_tallies')
    .select(['scope', 'n'])
    .where('scope', 'in', [category, ALL_SCOPE])
    .where('facet', '=', 'all')
    .where('value', '=', '')
    .execute();
  const size = Number(sizes.find((r) => r.scope === category)?.n ?? 0);
  if (size <= 0) return null;
  const total = Number(sizes.find((r) => r.scope === ALL_SCOPE)?.n ?? 0);
  const col = sql.ref(`products.${column}`);
  // `visible = 1` as a literal: the price indexes are partial over the visible catalog.
  const row =
    size * LARGE >= total
      ? await ex
          .selectFrom('products')
          .select(col.as('bound'))
          .where('products.visible', '=', sql.lit(1))
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('collection_products as cp')
                .select(sql.lit(1).as('one'))
                .whereRef('cp.product_id', '=', 'products.id')
                .where('cp.collection_id', '=', category),
            ),
          )
          .orderBy(col, direction)
          .limit(1)
          .executeTakeFirst()
      : await ex
          .selectFrom('collection_products as cp')
          .innerJoin('products', 'products.id', 'cp.product_id')
          .select(col.as('bound'))
          .where('cp.collection_id', '=', category)
          .where('products.visible', '=', sql.lit(1))
          .orderBy(col, direction)
          .limit(1)
          .executeTakeFirst();
  return row ? Number(row.bound) : null;
}
