import type { AggregationResult, Executor, ParsedAggregation } from '@merx/db';
import type { FilterNode } from '@merx/domain';
import { sql } from 'kysely';
import { ALL_SCOPE, type FacetName } from '../products/facet-keys.js';

/*
 * Facet counts read from the kept tallies (docs/decisions/0037-facet-tallies.md) instead of counted over the catalog,
 * when a shopper's search selects exactly what a tally counts: the whole visible catalog, or the visible products
 * directly in one category, with no search words. The answer is the one counting would give, in the same order; the
 * lowest and highest price are the first price tally rows in value order.
 */

const DIRECT_CATEGORIES = 'directCategoriesInfo.categories.id';

/** The aggregation fields a tally counts: values whose counts are asked, or prices whose lowest and highest are. */
const TALLIED: Readonly<Record<string, FacetName>> = {
  'brand.name': 'brand',
  optionChoices: 'choice',
  [DIRECT_CATEGORIES]: 'category',
};
const PRICES: Readonly<Record<string, FacetName>> = {
  'actualPriceRange.minValue.amount': 'price_min',
  'actualPriceRange.maxValue.amount': 'price_max',
};

const isVisibleTrue = (n: FilterNode) =>
  n.kind === 'compare' && n.field === 'visible' && n.op === '$eq' && n.value === true;

/**
 * The tally scope a shopper's filter (as stored: categories already widened) stands for: the whole catalog when
 * there is none, a category for "directly in this one category"; null when tallies cannot answer it.
 */
export function tallyScope(filter: FilterNode | null): string | null {
  if (filter === null) return ALL_SCOPE;
  switch (filter.kind) {
    case 'in':
      return filter.field === DIRECT_CATEGORIES &&
        (filter.op === '$hasSome' || filter.op === '$in' || filter.op === '$hasAll') &&
        filter.values.length === 1 &&
        typeof filter.values[0] === 'string'
        ? filter.values[0]
        : null;
    case 'compare':
      if (isVisibleTrue(filter)) return ALL_SCOPE;
      return filter.field === DIRECT_CATEGORIES && filter.op === '$eq' && typeof filter.value === 'string'
        ? filter.value
        : null;
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

/** Whether a tally answers this aggregation exactly (values with a count; rows without a value are not tallied). */
export function tallied(agg: ParsedAggregation): boolean {
  if (Object.hasOwn(PRICES, agg.fieldPath))
    return agg.type === 'SCALAR' && (agg.scalar === 'MIN' || agg.scalar === 'MAX');
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
  const facet = price ?? (TALLIED[agg.fieldPath] as FacetName);
  const rows = ex.selectFrom('facet_tallies').where('scope', '=', scope).where('facet', '=', facet).where('n', '>', 0);
  if (price && agg.type === 'SCALAR') {
    // The lowest (highest) price any visible product of the scope has: the first tally row in value order.
    const row = await rows
      .select('value')
      .orderBy(sql`value`, agg.scalar === 'MAX' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
    return { ...head, scalar: { type: agg.scalar, ...(row ? { value: Number(row.value) / minorPerMajor } : {}) } };
  }
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
