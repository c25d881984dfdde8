import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/**
 * What a buyer pays for a product's cheapest and dearest variant, as columns the database keeps itself
 * (docs/decisions/0034-v3-search-speed.md): `price_min`/`price_max` less the product's v1 discount (PERCENT or
 * AMOUNT, rounded half away from zero, never below 0), the catalog v3 `actualPriceRange`. Generated from the row,
 * so no write path can leave them stale: VIRTUAL on SQLite (computed when read, stored in the indexes), STORED on
 * PostgreSQL. Indexed over the visible catalog, so that a price range's MIN and MAX read two index entries and price
 * filters and sorts read the index; brand counts get an index of their own.
 */
export function migration0029(dialect: DialectName) {
  const paid = (col: 'price_min' | 'price_max') => {
    const c = sql.ref(col);
    if (dialect === 'postgres') {
      const pct = sql`round(cast(${c} as numeric) * cast(discount_value as numeric) / 100)`;
      return sql`cast(case discount_type when 'PERCENT' then greatest(0, ${c} - ${pct}) when 'AMOUNT' then greatest(0, ${c} - cast(discount_value as numeric)) else ${c} end as double precision)`;
    }
    const pct = sql`round(${c} * discount_value / 100.0)`;
    return sql`case discount_type when 'PERCENT' then max(0, ${c} - ${pct}) when 'AMOUNT' then max(0, ${c} - discount_value) else ${c} end`;
  };
  const kind = dialect === 'postgres' ? sql.raw('stored') : sql.raw('virtual');
  const type = dialect === 'postgres' ? sql.raw('double precision') : sql.raw('integer');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [column, source] of [
        ['actual_min', 'price_min'],
        ['actual_max', 'price_max'],
      ] as const) {
        await sql`alter table products add column ${sql.ref(column)} ${type} generated always as (${paid(source)}) ${kind}`.execute(
          db,
        );
      }
      // Partial, as the list indexes of 0002: a visible-first index would mislead the SQLite planner into using it
      // for every shopper's list.
      for (const column of ['actual_min', 'actual_max', 'brand']) {
        await sql`create index ${sql.id(`products_visible_${column}`)} on products (${sql.ref(column)}, id) where visible = 1`.execute(
          db,
        );
      }
    },
  };
}
