import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/**
 * Events out (docs/decisions/0035-webhooks.md): who made each event (`outbox.actor`), webhook endpoints with the
 * event types they receive, one delivery per endpoint and event (its state, next attempt and lease), and every
 * attempt of a delivery. Pending deliveries are found through partial indexes that hold only them, so the tables can
 * keep a month of history without slowing the queue.
 */
export function migration0030(dialect: DialectName) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // JSON of the event identity (spec section 6); null for the store's own work (UNKNOWN).
      await db.schema.alterTable('outbox').addColumn('actor', 'text').execute();

      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        // Sealed with the store's sealer (lib/secrets.ts): the secret must be read back to sign.
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('previous_secret', 'text')
        .addColumn('previous_secret_expires_date', 'text')
        .addColumn('failing_since', 'text')
        .addColumn('disabled_reason', 'text')
        .addColumn('disabled_date', 'text')
        // JSON of the maker's identity.
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .execute();

      // The event types an endpoint receives, `*` for all: the fan-out joins events to endpoints through it.
      await db.schema
        .createTable('webhook_endpoint_types')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('endpoint_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_endpoint_types_pk', ['type', 'endpoint_id'])
        .execute();
      await db.schema
        .createIndex('webhook_endpoint_types_endpoint')
        .on('webhook_endpoint_types')
        .column('endpoint_id')
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('endpoint_id', 'text', (c) => c.notNull())
        .addColumn('event_seq', big, (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        // Failed attempts since it was last scheduled (a replay starts the retry schedule over).
        .addColumn('run_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_date', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_attempt_date', 'text')
        .addColumn('last_status_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_deliveries_pk', ['endpoint_id', 'event_seq'])
        .execute();
      // The queue: pending deliveries by when they are due, and each (endpoint, entity) chain's head.
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['next_attempt_date', 'event_seq'])
        .where(sql.ref('status'), '=', 'PENDING')
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_chain')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'entity_id', 'event_seq'])
        .where(sql.ref('status'), '=', 'PENDING')
        .execute();
      // Pruning by age.
      await db.schema.createIndex('webhook_deliveries_seq').on('webhook_deliveries').column('event_seq').execute();

      await db.schema
        .createTable('webhook_attempts')
        .addColumn('endpoint_id', 'text', (c) => c.notNull())
        .addColumn('event_seq', big, (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('attempted_date', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('response_excerpt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_attempts_pk', ['endpoint_id', 'event_seq', 'attempt'])
        .execute();
      await db.schema.createIndex('webhook_attempts_seq').on('webhook_attempts').column('event_seq').execute();
    },
  };
}
