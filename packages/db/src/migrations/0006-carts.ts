import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

// Frozen once released: never edit a released migration; add a new numbered file instead.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
type AnyDb = Kysely<any>;

/** Current carts (one per owner) and their lines (one per catalog reference, or per custom line). */
export function migration0006(_dialect: DialectName) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('carts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_kind', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('coupon_code', 'text')
        .addColumn('coupon_id', 'text')
        .addColumn('buyer_note', 'text')
        .addColumn('contact_info', 'text')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        // The owner lookup of every current-cart call, and the conflict target that creates the cart once.
        .addUniqueConstraint('carts_owner', ['owner_kind', 'owner_id'])
        .execute();
      // For sweeping carts nobody touched for a long time.
      await db.schema.createIndex('carts_updated').on('carts').columns(['updated_date', 'id']).execute();

      await db.schema
        .createTable('cart_lines')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
        .addColumn('line_key', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('catalog_app_id', 'text')
        .addColumn('catalog_item_id', 'text')
        .addColumn('variant_id', 'text')
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('custom_data', 'text')
        .addColumn('catalog_override_fields', 'text')
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .addColumn('added_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        // Lines of a cart by key: the merge target of add-to-cart, and (by its prefix) every read of a cart's lines.
        .addUniqueConstraint('cart_lines_key', ['cart_id', 'line_key'])
        .execute();
      // Which carts hold a product (a product's deletion or a stock change can find them).
      await db.schema.createIndex('cart_lines_item').on('cart_lines').columns(['catalog_item_id']).execute();
    },
  };
}
