import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

// Frozen once released: never edit a released migration; add a new numbered file instead.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
type AnyDb = Kysely<any>;

/** Orders with their transactions, activities and fulfillments; the inventory log; abandoned checkouts. */
export function migration0009(_dialect: DialectName) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('number', 'bigint', (c) => c.notNull().unique())
        .addColumn('checkout_id', 'text', (c) => c.unique())
        .addColumn('cart_id', 'text')
        .addColumn('owner_kind', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('buyer_email', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payment_status', 'text', (c) => c.notNull())
        .addColumn('fulfillment_status', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('subtotal_minor', 'bigint', (c) => c.notNull())
        .addColumn('shipping_minor', 'bigint', (c) => c.notNull())
        .addColumn('tax_minor', 'bigint', (c) => c.notNull())
        .addColumn('discount_minor', 'bigint', (c) => c.notNull())
        .addColumn('total_minor', 'bigint', (c) => c.notNull())
        .addColumn('payment_method', 'text')
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('purchased_date', 'text')
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      for (const [name, columns] of [
        // A buyer's orders, newest first (account pages, members' search).
        ['orders_owner', ['owner_kind', 'owner_id', 'created_date', 'id']],
        // Staff search sorted by date, and the aggregate's date range.
        ['orders_created', ['created_date', 'id']],
        ['orders_updated', ['updated_date', 'id']],
        ['orders_payment_status', ['payment_status', 'created_date']],
        ['orders_fulfillment_status', ['fulfillment_status', 'created_date']],
        ['orders_status', ['status', 'created_date']],
        ['orders_email', ['buyer_email']],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('orders')
          .columns([...columns])
          .execute();
      }

      await db.schema
        .createTable('order_transactions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_transaction_id', 'text')
        .addColumn('payment_id', 'text')
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_transactions_order')
        .on('order_transactions')
        .columns(['order_id', 'created_date'])
        .execute();

      await db.schema
        .createTable('order_activities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('author', 'text')
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_activities_order')
        .on('order_activities')
        .columns(['order_id', 'created_date'])
        .execute();

      await db.schema
        .createTable('order_fulfillments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('line_items', 'text', (c) => c.notNull())
        .addColumn('tracking_info', 'text')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_fulfillments_order')
        .on('order_fulfillments')
        .columns(['order_id', 'created_date'])
        .execute();

      await db.schema
        .createTable('inventory_changes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull())
        .addColumn('delta', 'bigint', (c) => c.notNull())
        .addColumn('quantity_after', 'bigint')
        .addColumn('cause', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('inventory_changes_product')
        .on('inventory_changes')
        .columns(['product_id', 'variant_id', 'created_date'])
        .execute();
      await db.schema.createIndex('inventory_changes_order').on('inventory_changes').column('order_id').execute();

      await db.schema
        .createTable('abandoned_checkouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('checkout_id', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('owner_kind', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('buyer_email', 'text')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('total_minor', 'bigint', (c) => c.notNull())
        .addColumn('checkout_updated_date', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('recovered_date', 'text')
        .addColumn('activities', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('abandoned_checkouts_created')
        .on('abandoned_checkouts')
        .columns(['created_date', 'id'])
        .execute();
    },
  };
}
