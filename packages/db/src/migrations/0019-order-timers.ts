import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** The tables this migration reads and writes, as they are at this point of the history (not today's types). */
interface SchemaAt0019 {
  orders: { id: string; status: string; created_date: string };
}

/**
 * Order timers (docs/decisions/0013-unpaid-orders.md). `orders` gains `payment_reminder_date`, set when the one
 * payment reminder of an unpaid order was written (the claim that keeps it to one mail across processes), and
 * `pay_token_hash`, the SHA-256 of the pay link's token mailed with it (the token itself is never stored). The sweep
 * looks for INITIALIZED orders by age: an index on (status, created_date) keeps that a range read.
 */
export function migration0019() {
  return {
    async up(db: Kysely<SchemaAt0019>): Promise<void> {
      await db.schema.alterTable('orders').addColumn('payment_reminder_date', 'text').execute();
      await db.schema.alterTable('orders').addColumn('pay_token_hash', 'text').execute();
      await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_date']).execute();
    },
  };
}
