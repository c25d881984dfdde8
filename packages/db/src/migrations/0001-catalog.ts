import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

// Frozen: never edit a released migration; add a new numbered file instead.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
type AnyDb = Kysely<any>;

/** Settings, counters, API keys, the event outbox and the v1 catalog. */
export function migration0001(dialect: DialectName) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sequences')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('last_used_date', 'text')
        .addColumn('revoked_date', 'text')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('seq', dialect === 'postgres' ? sql`bigserial` : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('dispatched_date', 'text')
        .execute();
      await db.schema.createIndex('outbox_pending').on('outbox').columns(['dispatched_date', 'seq']).execute();

      await db.schema
        .createTable('products')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('numeric_id', 'bigint', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('visible', 'integer', (c) => c.notNull())
        .addColumn('product_type', 'text', (c) => c.notNull())
        .addColumn('sku', 'text')
        .addColumn('brand', 'text')
        .addColumn('ribbon', 'text')
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('discount_type', 'text', (c) => c.notNull())
        .addColumn('discount_value', 'double precision', (c) => c.notNull())
        .addColumn('discounted_price', 'bigint', (c) => c.notNull())
        .addColumn('cost', 'bigint')
        .addColumn('weight', 'double precision')
        .addColumn('price_min', 'bigint', (c) => c.notNull())
        .addColumn('price_max', 'bigint', (c) => c.notNull())
        .addColumn('cost_min', 'bigint')
        .addColumn('cost_max', 'bigint')
        .addColumn('weight_min', 'double precision', (c) => c.notNull())
        .addColumn('weight_max', 'double precision', (c) => c.notNull())
        .addColumn('track_inventory', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'bigint')
        .addColumn('in_stock', 'integer', (c) => c.notNull())
        .addColumn('inventory_status', 'text', (c) => c.notNull())
        .addColumn('manage_variants', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      for (const [name, columns] of [
        ['products_name', ['name']],
        ['products_price', ['discounted_price']],
        ['products_list_price', ['price']],
        ['products_sku', ['sku']],
        ['products_created', ['created_date']],
        ['products_updated', ['updated_date']],
        ['products_type', ['product_type']],
        ['products_visible_created', ['visible', 'created_date']],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('products')
          .columns([...columns])
          .execute();
      }
      await sql`create index products_name_lower on products (lower(name))`.execute(db);

      await db.schema
        .createTable('product_variants')
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('choices', 'text', (c) => c.notNull())
        .addColumn('price', 'bigint')
        .addColumn('cost', 'bigint')
        .addColumn('weight', 'double precision')
        .addColumn('sku', 'text')
        .addColumn('visible', 'integer', (c) => c.notNull())
        .addColumn('track_quantity', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'bigint')
        .addColumn('in_stock', 'integer', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_variants_pk', ['product_id', 'id'])
        .execute();
      await db.schema.createIndex('product_variants_sku').on('product_variants').column('sku').execute();

      await db.schema
        .createTable('collections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('visible', 'integer', (c) => c.notNull())
        .addColumn('media', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('collections_name').on('collections').column('name').execute();

      await db.schema
        .createTable('collection_products')
        .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('collection_products_pk', ['collection_id', 'product_id'])
        .execute();
      await db.schema
        .createIndex('collection_products_product')
        .on('collection_products')
        .columns(['product_id', 'collection_id'])
        .execute();
    },
  };
}
