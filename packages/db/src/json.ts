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
