import { type Kysely, sql } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/**
 * Stripe payments (docs/decisions/0039-stripe.md): the PaymentIntents made for orders, the Stripe events processed
 * (each once), members' Stripe customers and saved cards, and one row per Stripe object in an order's transactions,
 * so that the browser's sync and Stripe's webhook reporting the same payment record it once.
 */
export function migration0034() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('stripe_payment_intents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('capture_manual', 'integer', (c) => c.notNull())
        // The member who asked to keep the card (null: not kept).
        .addColumn('save_for_member_id', 'text')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('stripe_payment_intents_order')
        .on('stripe_payment_intents')
        .columns(['order_id', 'created_date'])
        .execute();

      await db.schema
        .createTable('stripe_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_date', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payment_customers')
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_customers_pk', ['member_id', 'provider'])
        .execute();

      await db.schema
        .createTable('saved_payment_methods')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('payment_method_id', 'text', (c) => c.notNull())
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('exp_month', 'integer', (c) => c.notNull())
        .addColumn('exp_year', 'integer', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('saved_payment_methods_member')
        .on('saved_payment_methods')
        .column('member_id')
        .execute();
      await db.schema
        .createIndex('saved_payment_methods_method')
        .unique()
        .on('saved_payment_methods')
        .columns(['provider', 'payment_method_id'])
        .execute();

      // A Stripe payment (pi_…), refund (re_…) or declined charge (ch_…) is recorded once, whoever reports it.
      await db.schema
        .createIndex('order_transactions_stripe_object')
        .unique()
        .on('order_transactions')
        .column('provider_transaction_id')
        .where(sql.ref('provider'), '=', 'stripe')
        .execute();
    },
  };
}
