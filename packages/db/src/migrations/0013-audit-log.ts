import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** Only the schema builder is used: no table types needed. */
type SchemaDb = Kysely<unknown>;

/**
 * The audit trail of access changes: who (a staff account, an API key or the command line) did what (invited,
 * changed or removed staff, made or revoked a key, signed a member on) to whom, when and from where. Rows are only
 * ever added; owners read them.
 */
export function migration0013() {
  return {
    async up(db: SchemaDb): Promise<void> {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('actor_kind', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text')
        .addColumn('target_name', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_date', 'id']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'created_date']).execute();
    },
  };
}
