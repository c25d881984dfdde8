import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

// Frozen once released: never edit a released migration; add a new numbered file instead.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
type AnyDb = Kysely<any>;

/** Delivery regions, shipping options, tax regions and settings, tip settings, additional fees. */
export function migration0005(_dialect: DialectName) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('delivery_regions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('destinations', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('shipping_options')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('estimated_delivery_time', 'text')
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('weight_unit', 'text', (c) => c.notNull())
        .addColumn('rates', 'text', (c) => c.notNull())
        .addColumn('free_shipping_threshold', 'bigint')
        .addColumn('pickup_method', 'text')
        .addColumn('pickup_address', 'text')
        .addColumn('instructions', 'text')
        .addColumn('delivery_time_slots', 'text', (c) => c.notNull())
        .addColumn('extended_fields', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shipping_options_created').on('shipping_options').column('created_date').execute();

      await db.schema
        .createTable('shipping_option_regions')
        .addColumn('shipping_option_id', 'text', (c) =>
          c.notNull().references('shipping_options.id').onDelete('cascade'),
        )
        // No cascade: a region in use cannot be deleted (the service answers DELIVERY_REGION_IN_USE).
        .addColumn('delivery_region_id', 'text', (c) => c.notNull().references('delivery_regions.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('shipping_option_regions_pk', ['shipping_option_id', 'delivery_region_id'])
        .execute();
      await db.schema
        .createIndex('shipping_option_regions_region')
        .on('shipping_option_regions')
        .columns(['delivery_region_id', 'shipping_option_id'])
        .execute();

      await db.schema
        .createTable('tax_regions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('subdivision', 'text', (c) => c.notNull())
        .addColumn('rate_type', 'text', (c) => c.notNull())
        .addColumn('jurisdictions', 'text', (c) => c.notNull())
        .addColumn('shipping_taxable', 'integer', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addUniqueConstraint('tax_regions_place', ['country', 'subdivision'])
        .execute();

      await db.schema
        .createTable('tax_settings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('taxable_address', 'text', (c) => c.notNull())
        .addColumn('tax_included_in_item_prices', 'integer', (c) => c.notNull())
        .addColumn('business_address', 'text')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('tip_settings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('is_default', 'integer', (c) => c.notNull())
        .addColumn('tip_type', 'text', (c) => c.notNull())
        .addColumn('presets', 'text', (c) => c.notNull())
        .addColumn('allow_customer_tip', 'integer', (c) => c.notNull())
        .addColumn('allow_business_tip_at_payment', 'integer', (c) => c.notNull())
        .addColumn('allow_custom_amount', 'integer', (c) => c.notNull())
        .addColumn('allow_edit_distribution', 'integer', (c) => c.notNull())
        .addColumn('staff_distribution_method', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text')
        .addColumn('payment_terminal_id', 'text')
        .addColumn('user_id', 'text')
        .addColumn('app_id', 'text')
        .addColumn('extended_fields', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      // One default per store, even when two create-default calls race.
      await sql`create unique index tip_settings_one_default on tip_settings (is_default) where is_default = 1`.execute(
        db,
      );

      await db.schema
        .createTable('additional_fees')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('fee_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('taxable', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
