import type { DialectName } from '@merx/db';
import { jsonRowArray } from '@merx/db';
import { sql } from 'kysely';
import { type CatalogCache, PRODUCT_COLUMNS, VARIANT_COLUMNS } from './cart.rows.js';

/**
 * Product ids bound as ONE statement parameter (JSON text: `{"<id>": <revision held>}`), for `catalogColumns`: a
 * product's full rows are read only when its revision in the database is not the one given (-1: none held, read
 * them). `cache` gives the revisions the process holds; without it every product is read in full.
 */
export function idListValue(ids: readonly string[], cache?: CatalogCache): string {
  const held: Record<string, number> = {};
  for (const id of ids) held[id] = cache?.newestRevision(id) ?? -1;
  return JSON.stringify(held);
}

/** Whose lines a read also takes the products of: the cart's or the checkout's in the row being read. */
export interface LinesOf {
  table: 'cart_lines' | 'checkout_lines';
  owner: 'cart_id' | 'checkout_id';
  ownerRef: 'carts.id' | 'checkouts.id';
}

/**
 * The catalog columns of a cart or checkout read, as JSON: full product and variant rows of the products `ids`
 * (the parameter made by `idListValue`, or a prepared statement's slot for it) whose revision is not the one held,
 * and the revisions and collection memberships of those products and of the ones on the `lines`. Written as joins
 * from a derived list of ids, never as `in (…)` lists: inside a RETURNING clause (the takes) SQLite builds a
 * temporary table for every IN list each time the statement runs, which made a cart's take ten times as costly as
 * the same joins. Each row is found by its key for each id of the list (`byKey`), whatever the planner makes of the
 * catalog's size.
 */
export function catalogColumns(dialect: DialectName, ids: unknown, lines?: LinesOf) {
  const requested =
    dialect === 'postgres'
      ? sql`select key as pid, cast(value as bigint) as held from jsonb_each_text(cast(${ids} as jsonb))`
      : sql`select key as pid, value as held from json_each(${ids})`;
  const requestedIds = sql`select pid from (${requested}) as r`;
  const everyProduct = lines
    ? sql`select ${sql.ref(`${lines.table}.catalog_item_id`)} as pid from ${sql.table(lines.table)}
        where ${sql.ref(`${lines.table}.${lines.owner}`)} = ${sql.ref(lines.ownerRef)}
        union all ${requestedIds}`
    : requestedIds;
  const columns = (alias: string, names: readonly string[]) => sql.join(names.map((c) => sql.ref(`${alias}.${c}`)));
  /**
   * Joins the rows of `table` (as `alias`) whose `column` is the list's id, and with `held` only those whose revision
   * is not the one held. SQLite: a CROSS JOIN, which SQLite never reorders; left to choose, it scanned every product
   * (parsing the list again for each) when the catalog looked small. PostgreSQL: a LATERAL subquery run once per id (`offset 0`
   * keeps PostgreSQL from pulling it up into a plain join); a plain join is planned from jsonb_each_text's guess of
   * 100 ids and hashed whole tables: 3 ms for one take on a 1,000-product catalog.
   */
  const byKey = (table: string, alias: string, column: string, held = false) => {
    const key = sql.ref(`${alias}.${column}`);
    const stale = held ? sql` and ${sql.ref(`${alias}.revision`)} <> ids.held` : sql``;
    return dialect === 'postgres'
      ? sql`cross join lateral (select * from ${sql.table(table)} as ${sql.id(alias)} where ${key} = ids.pid${stale} offset 0) as ${sql.id(alias)}`
      : sql`cross join ${sql.table(table)} as ${sql.id(alias)} on ${key} = ids.pid${stale}`;
  };
  return {
    products: jsonRowArray(
      dialect,
      sql`select ${columns('p', PRODUCT_COLUMNS)} from (${requested}) as ids ${byKey('products', 'p', 'id', true)}`,
      PRODUCT_COLUMNS,
    ).as('products_json'),
    variants: jsonRowArray(
      dialect,
      sql`select ${columns('v', VARIANT_COLUMNS)} from (${requested}) as ids
        ${byKey('products', 'p', 'id', true)} ${byKey('product_variants', 'v', 'product_id')}`,
      VARIANT_COLUMNS,
    ).as('variants_json'),
    revisions: jsonRowArray(
      dialect,
      sql`select p.id, p.revision from (${everyProduct}) as ids ${byKey('products', 'p', 'id')}`,
      ['id', 'revision'],
    ).as('revisions_json'),
    memberships: jsonRowArray(
      dialect,
      sql`select m.product_id, m.collection_id from (${everyProduct}) as ids
        ${byKey('collection_products', 'm', 'product_id')}`,
      ['product_id', 'collection_id'],
    ).as('memberships_json'),
  };
}
