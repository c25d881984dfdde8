import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * Orders can be searched by their tags (`tags.tags.tagIds`, `tags.privateTags.tagIds` with $hasSome / $hasAll):
 * one row per order and tag id, public and private tags apart, kept beside the order's own JSON (which stays what
 * the order answers). The tags already assigned are copied over.
 */
export function migration0012() {
  return {
    async up(db: AnyDb): Promise<void> {
      for (const table of ['order_tags', 'order_private_tags']) {
        await db.schema
          .createTable(table)
          .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
          .addColumn('tag_id', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pkey`, ['order_id', 'tag_id'])
          .execute();
        await db.schema.createIndex(`${table}_tag`).on(table).columns(['tag_id']).execute();
      }
      const tagged = await db
        .selectFrom('orders')
        .select(['id', 'data'])
        .where('data', 'like', '%"privateTags"%')
        .execute();
      for (const row of tagged as Array<{ id: string; data: string }>) {
        const tags = (JSON.parse(row.data) as { tags?: { tags?: string[]; privateTags?: string[] } }).tags;
        const rows = (ids: string[] | undefined) =>
          [...new Set(ids ?? [])].map((tag_id) => ({ order_id: row.id, tag_id }));
        if (rows(tags?.tags).length > 0) await db.insertInto('order_tags').values(rows(tags?.tags)).execute();
        if (rows(tags?.privateTags).length > 0)
          await db.insertInto('order_private_tags').values(rows(tags?.privateTags)).execute();
      }
    },
  };
}
