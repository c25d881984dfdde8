import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** Only the schema builder is used: no table types needed. */
type SchemaDb = Kysely<unknown>;

/**
 * What an abandoned checkout shows besides its total: the cart it came from, its subtotal and the buyer's contact
 * details (name, phone, company), as they were when it was abandoned. Rows marked before this migration keep them
 * empty (null): nobody priced their subtotal then.
 */
export function migration0011() {
  return {
    async up(db: SchemaDb): Promise<void> {
      await db.schema.alterTable('abandoned_checkouts').addColumn('cart_id', 'text').execute();
      await db.schema.alterTable('abandoned_checkouts').addColumn('subtotal_minor', 'bigint').execute();
      await db.schema.alterTable('abandoned_checkouts').addColumn('contact_details', 'text').execute();
    },
  };
}
