import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/**
 * A delivery keeps its latest attempt whole (docs/decisions/0035-webhooks.md, "The attempt log"): with the duration
 * and the answer's excerpt beside the status code, error and time it already had, a first attempt that succeeds
 * writes no row of its own to `webhook_attempts`. Rows written before this migration keep their attempts there.
 */
export function migration0033() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('webhook_deliveries').addColumn('last_duration_ms', 'integer').execute();
      await db.schema.alterTable('webhook_deliveries').addColumn('last_response_excerpt', 'text').execute();
    },
  };
}
