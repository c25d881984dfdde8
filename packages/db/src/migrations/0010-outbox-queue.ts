import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** Only the schema builder and raw SQL are used: no table types needed. */
type SchemaDb = Kysely<unknown>;

/**
 * The outbox's pending events move to a queue of their own. Claiming an event used to rewrite its outbox row (the
 * whole payload: a checkout or an order, kilobytes) to set `dispatched_date`; now it deletes a one-column row from
 * `outbox_queue`, and the outbox is only ever appended to (and pruned from its oldest end). A trigger enqueues
 * every appended event, so appending stays one statement. Each append now writes the outbox's own pages and the
 * queue's, nothing else: no claim index, no unique index on the random event id, no AUTOINCREMENT counter. Three
 * indexes nothing reads go too.
 */
export function migration0010(dialect: DialectName) {
  return {
    async up(db: SchemaDb): Promise<void> {
      await db.schema
        .createTable('outbox_queue')
        .addColumn('seq', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.primaryKey())
        .execute();
      await sql`insert into outbox_queue (seq) select seq from outbox where dispatched_date is null`.execute(db);
      if (dialect === 'postgres') {
        await db.schema.dropIndex('outbox_pending').execute();
        await db.schema.alterTable('outbox').dropColumn('dispatched_date').execute();
        await db.schema.alterTable('outbox').dropConstraint('outbox_id_key').execute();
      } else {
        // Rebuilt: without AUTOINCREMENT (each append also wrote sqlite_sequence) and without the unique index on
        // the random event id (a page written per append); `seq` stays the key and the order of events.
        await db.schema
          .createTable('outbox_rebuilt')
          .addColumn('seq', 'integer', (c) => c.primaryKey())
          .addColumn('id', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('entity_id', 'text', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('created_date', 'text', (c) => c.notNull())
          .execute();
        await sql`insert into outbox_rebuilt (seq, id, type, entity_id, payload, created_date)
          select seq, id, type, entity_id, payload, created_date from outbox`.execute(db);
        await db.schema.dropTable('outbox').execute();
        await db.schema.alterTable('outbox_rebuilt').renameTo('outbox').execute();
      }
      // Indexes no query reads, written by every cart change, checkout and order: the lines' product (a cart or
      // checkout is always read by its own id) and the carts' last change (nothing lists carts by date).
      for (const name of ['cart_lines_item', 'checkout_lines_item', 'carts_updated'])
        await db.schema.dropIndex(name).execute();
      if (dialect === 'postgres') {
        await sql`create function outbox_enqueue() returns trigger language plpgsql as $$
          begin
            insert into outbox_queue (seq) values (new.seq);
            return null;
          end
        $$`.execute(db);
        await sql`create trigger outbox_enqueue after insert on outbox
          for each row execute function outbox_enqueue()`.execute(db);
      } else {
        await sql`create trigger outbox_enqueue after insert on outbox
          begin
            insert into outbox_queue (seq) values (new.seq);
          end`.execute(db);
      }
    },
  };
}
