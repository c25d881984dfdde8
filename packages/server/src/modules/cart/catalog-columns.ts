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
 * the same joins. On SQLite the joins are CROSS JOINs, which SQLite never reorders: the list drives and each product
 * is found by its key. Left to choose, SQLite's planner put the products table outside (a scan of every product,
 * and the list parsed again for each one) whenever the catalog was small enough to look cheap.
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
  const join = dialect === 'postgres' ? sql`join` : sql`cross join`;
  return {
    products: jsonRowArray(
      dialect,
      sql`select ${columns('p', PRODUCT_COLUMNS)} from (${requested}) as ids
        ${join} products as p on p.id = ids.pid and p.revision <> ids.held`,
      PRODUCT_COLUMNS,
    ).as('products_json'),
    variants: jsonRowArray(
      dialect,
      sql`select ${columns('v', VARIANT_COLUMNS)} from (${requested}) as ids
        ${join} products as p on p.id = ids.pid and p.revision <> ids.held
        ${join} product_variants as v on v.product_id = ids.pid`,
      VARIANT_COLUMNS,
    ).as('variants_json'),
    revisions: jsonRowArray(
      dialect,
      sql`select p.id, p.revision from (${everyProduct}) as ids ${join} products as p on p.id = ids.pid`,
      ['id', 'revision'],
    ).as('revisions_json'),
    memberships: jsonRowArray(
      dialect,
      sql`select m.product_id, m.collection_id from (${everyProduct}) as ids
        ${join} collection_products as m on m.product_id = ids.pid`,
      ['product_id', 'collection_id'],
    ).as('memberships_json'),
  };
}
