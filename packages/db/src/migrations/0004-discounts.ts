import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

// Frozen once released: never edit a released migration; add a new numbered file instead.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * Discount rules (the contract's `ecom_discount-rules`) and coupons (Merx's merchant API). Columns for what the
 * queries filter and sort on; the trigger tree, discount values and tags as JSON text; money in minor units.
 */
export function migration0004(_dialect: DialectName) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('discount_rules')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('trigger', 'text')
        .addColumn('discounts', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('usage_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      for (const column of ['name', 'created_date', 'updated_date', 'start_date', 'end_date']) {
        await db.schema.createIndex(`discount_rules_${column}`).on('discount_rules').columns([column, 'id']).execute();
      }
      // The totals read the live rules on every cart estimate: active ones, by their time window.
      await db.schema
        .createIndex('discount_rules_active_window')
        .on('discount_rules')
        .columns(['active', 'start_date', 'end_date'])
        .execute();

      await db.schema
        .createTable('discount_rule_tags')
        .addColumn('rule_id', 'text', (c) => c.notNull().references('discount_rules.id').onDelete('cascade'))
        .addColumn('tag_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('discount_rule_tags_pk', ['rule_id', 'tag_id'])
        .execute();
      await db.schema.createIndex('discount_rule_tags_tag').on('discount_rule_tags').columns(['tag_id']).execute();

      await db.schema
        .createTable('coupons')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('code_key', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('discount_type', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('discount', 'text', (c) => c.notNull())
        .addColumn('minimum_subtotal', 'bigint')
        .addColumn('usage_limit', 'bigint')
        .addColumn('usage_limit_per_customer', 'bigint')
        .addColumn('usage_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('start_date', 'text')
        .addColumn('expiration_date', 'text')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      for (const column of ['name', 'created_date', 'updated_date', 'start_date', 'expiration_date']) {
        await db.schema.createIndex(`coupons_${column}`).on('coupons').columns([column, 'id']).execute();
      }

      await db.schema
        .createTable('coupon_uses')
        .addColumn('coupon_id', 'text', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
        .addColumn('customer_key', 'text', (c) => c.notNull())
        .addColumn('uses', 'bigint', (c) => c.notNull())
        .addColumn('last_used_date', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('coupon_uses_pk', ['coupon_id', 'customer_key'])
        .execute();
    },
  };
}
