import type { DialectName } from '@merx/db';
import { jsonRowArray } from '@merx/db';
import { sql } from 'kysely';
import { PRODUCT_COLUMNS, VARIANT_COLUMNS } from './cart.rows.js';

/** Product ids (each once) bound as ONE statement parameter: JSON text on SQLite, a text array on PostgreSQL. */
export function idListValue(dialect: DialectName, ids: readonly string[]): unknown {
  const unique = [...new Set(ids)];
  return dialect === 'postgres' ? unique : JSON.stringify(unique);
}

/** Whose lines a read also takes the products of: the cart's or the checkout's in the row being read. */
export interface LinesOf {
  table: 'cart_lines' | 'checkout_lines';
  owner: 'cart_id' | 'checkout_id';
  ownerRef: 'carts.id' | 'checkouts.id';
}

/**
 * The catalog columns of a cart or checkout read, as JSON: full product and variant rows of the products `ids`
 * (the parameter made by `idListValue`, or a prepared statement's slot for it), and the revisions and collection
 * memberships of those products and of the ones on the `lines`. Written as joins from a derived list of ids, never
 * as `in (…)` lists: inside a RETURNING clause (the takes) SQLite builds a temporary table for every IN list each
 * time the statement runs, which made a cart's take ten times as costly as the same joins.
 */
export function catalogColumns(dialect: DialectName, ids: unknown, lines?: LinesOf) {
  const requested =
    dialect === 'postgres'
      ? sql`select unnest(cast(${ids} as text[])) as pid`
      : sql`select value as pid from json_each(${ids})`;
  const everyProduct = lines
    ? sql`select ${sql.ref(`${lines.table}.catalog_item_id`)} as pid from ${sql.table(lines.table)}
        where ${sql.ref(`${lines.table}.${lines.owner}`)} = ${sql.ref(lines.ownerRef)}
        union all ${requested}`
    : requested;
  const columns = (alias: string, names: readonly string[]) => sql.join(names.map((c) => sql.ref(`${alias}.${c}`)));
  return {
    products: jsonRowArray(
      dialect,
      sql`select ${columns('p', PRODUCT_COLUMNS)} from (${requested}) as ids join products as p on p.id = ids.pid`,
      PRODUCT_COLUMNS,
    ).as('products_json'),
    variants: jsonRowArray(
      dialect,
      sql`select ${columns('v', VARIANT_COLUMNS)} from (${requested}) as ids
        join product_variants as v on v.product_id = ids.pid`,
      VARIANT_COLUMNS,
    ).as('variants_json'),
    revisions: jsonRowArray(
      dialect,
      sql`select p.id, p.revision from (${everyProduct}) as ids join products as p on p.id = ids.pid`,
      ['id', 'revision'],
    ).as('revisions_json'),
    memberships: jsonRowArray(
      dialect,
      sql`select m.product_id, m.collection_id from (${everyProduct}) as ids
        join collection_products as m on m.product_id = ids.pid`,
      ['product_id', 'collection_id'],
    ).as('memberships_json'),
  };
}
