import { type Kysely, sql } from 'kysely';

// Frozen: never edit a released migration; add a new numbered file instead.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
type AnyDb = Kysely<any>;

/** Sort/filter columns of the storefront's product lists. */
const listColumns = ['price', 'discounted_price', 'name', 'created_date', 'updated_date'] as const;

/**
 * Indexes for what shoppers list: visible products by price, name and date. Partial (`visible = 1`) so that
 * a page walks one index in order and stops, and `count(*)` of a filtered list is answered from the index.
 * The low-selectivity (visible, created_date) index misled the SQLite planner into sorting whole tables.
 */
export function migration0002() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.dropIndex('products_visible_created').execute();
      for (const column of listColumns) {
        await sql`create index ${sql.id(`products_visible_${column}`)} on products (${sql.id(column)}, id) where visible = 1`.execute(
          db,
        );
      }
    },
  };
}
