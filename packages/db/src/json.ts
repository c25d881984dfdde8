import { type Expression, type RawBuilder, sql } from 'kysely';
import type { DialectName } from './dialect.js';

/**
 * A correlated subquery's single text column aggregated into a JSON array string, e.g. a product's
 * collection ids in the same statement as the product. The subquery must name its column `v`.
 * Returns `'[]'` when there are no rows.
 */
export function jsonTextArray(dialect: DialectName, subquery: Expression<unknown>): RawBuilder<string> {
  if (dialect === 'postgres') {
    return sql<string>`(select coalesce(json_agg(agg.v)::text, '[]') from (${subquery}) as agg)`;
  }
  return sql<string>`(select coalesce(json_group_array(agg.v), '[]') from (${subquery}) as agg)`;
}

/**
 * A correlated subquery's rows aggregated into a JSON array of objects with the given columns, e.g. a product's
 * variants in the same statement as the product. Returns `'[]'` when there are no rows. Row order inside the
 * array is not guaranteed: sort after parsing.
 */
export function jsonRowArray(
  dialect: DialectName,
  subquery: Expression<unknown>,
  columns: readonly string[],
): RawBuilder<string> {
  const pairs = sql.join(columns.map((c) => sql`${sql.lit(c)}, agg.${sql.ref(c)}`));
  if (dialect === 'postgres') {
    return sql<string>`(select coalesce(json_agg(json_build_object(${pairs}))::text, '[]') from (${subquery}) as agg)`;
  }
  return sql<string>`(select coalesce(json_group_array(json_object(${pairs})), '[]') from (${subquery}) as agg)`;
}
