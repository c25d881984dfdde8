import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

// Frozen once released: never edit a released migration; add a new numbered file instead.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
type AnyDb = Kysely<any>;

/** Checkouts (one per purchase in progress, owned by whoever made it) and the lines they hold. */
export function migration0008(_dialect: DialectName) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('checkouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_kind', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('cart_id', 'text')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('channel_type', 'text', (c) => c.notNull())
        .addColumn('buyer_email', 'text')
        .addColumn('buyer_contact_id', 'text')
        .addColumn('billing_info', 'text')
        .addColumn('shipping_destination', 'text')
        .addColumn('shipping_option_code', 'text')
        .addColumn('delivery_time_slot', 'text')
        .addColumn('tip', 'text')
        .addColumn('coupon_code', 'text')
        .addColumn('coupon_id', 'text')
        .addColumn('buyer_note', 'text')
        .addColumn('override_checkout_url', 'text')
        .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('completed_date', 'text')
        .addColumn('order_id', 'text')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      // A buyer's checkouts, newest last.
      await db.schema
        .createIndex('checkouts_owner')
        .on('checkouts')
        .columns(['owner_kind', 'owner_id', 'created_date'])
        .execute();
      // The checkout of a cart (get by cart id answers the newest).
      await db.schema.createIndex('checkouts_cart').on('checkouts').columns(['cart_id', 'created_date']).execute();
      // Checkouts left without an order for a while (abandoned checkouts).
      await db.schema
        .createIndex('checkouts_open')
        .on('checkouts')
        .columns(['completed', 'updated_date', 'id'])
        .execute();

      await db.schema
        .createTable('checkout_lines')
        .addColumn('checkout_id', 'text', (c) => c.notNull().references('checkouts.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
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
        .addColumn('payment_option', 'text', (c) => c.notNull())
        .addColumn('added_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        // Line ids are unique within their checkout: a checkout made from a cart keeps the cart's line ids.
        .addPrimaryKeyConstraint('checkout_lines_pk', ['checkout_id', 'id'])
        // The merge target of add-to-checkout (identical references add up).
        .addUniqueConstraint('checkout_lines_key', ['checkout_id', 'line_key'])
        .execute();
      // Which open checkouts hold a product (stock changes, product deletion).
      await db.schema.createIndex('checkout_lines_item').on('checkout_lines').columns(['catalog_item_id']).execute();
    },
  };
}
