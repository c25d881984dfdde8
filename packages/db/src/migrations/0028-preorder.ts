import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/**
 * Preorder per variant (docs/decisions/0032-preorder.md): whether a variant sells once its units are gone, how many
 * units beyond stock (a tracked variant's quantity may then go down to minus the limit) and the buyers' message.
 */
export function migration0028() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('product_variants')
        .addColumn('preorder_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('product_variants')
        .addColumn('preorder_limit', 'integer', (c) => c.notNull().defaultTo(100_000))
        .execute();
      await db.schema.alterTable('product_variants').addColumn('preorder_message', 'text').execute();
    },
  };
}
