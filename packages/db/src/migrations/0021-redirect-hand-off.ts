import type { Kysely } from 'kysely';

// Frozen: never edit a released migration; add a new numbered file instead.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * The checkout hand-off of redirect sessions: who created the session (a visitor, a member, or an elevated caller
 * acting for the checkout's owner), the hash of the one-time key in its URL, and when a browser took it.
 */
export function migration0021() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('redirect_sessions').addColumn('subject_kind', 'text').execute();
      await db.schema.alterTable('redirect_sessions').addColumn('subject_id', 'text').execute();
      await db.schema.alterTable('redirect_sessions').addColumn('hand_off_hash', 'text').execute();
      await db.schema.alterTable('redirect_sessions').addColumn('claimed_date', 'text').execute();
    },
  };
}
