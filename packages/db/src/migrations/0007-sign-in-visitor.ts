import type { Kysely } from 'kysely';

// Frozen: never edit a released migration; add a new numbered file instead.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
type AnyDb = Kysely<any>;

/** The visitor who started a sign-in, so that their cart follows them when they become a member. */
export function migration0007() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('redirect_sessions').addColumn('visitor_id', 'text').execute();
      await db.schema.alterTable('auth_codes').addColumn('visitor_id', 'text').execute();
    },
  };
}
