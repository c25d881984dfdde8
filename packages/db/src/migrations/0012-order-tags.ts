import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** The tables this migration reads and writes, as they are at this point of the history (not today's types). */
interface SchemaAt0012 {
  orders: { id: string; data: string };
  order_tags: { order_id: string; tag_id: string };
  order_private_tags: { order_id: string; tag_id: string };
}

/**
 * Orders can be searched by their tags (`tags.tags.tagIds`, `tags.privateTags.tagIds` with $hasSome / $hasAll):
 * one row per order and tag id, public and private tags apart, kept beside the order's own JSON (which stays what
 * the order answers). The tags already assigned are copied over.
 */
export function migration0012() {
  return {
    async up(db: Kysely<SchemaAt0012>): Promise<void> {
      for (const table of ['order_tags', 'order_private_tags'] as const) {
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
      for (const row of tagged) {
        const tags = (JSON.parse(row.data) as { tags?: { tags?: string[]; privateTags?: string[] } }).tags;
        for (const [table, ids] of [
          ['order_tags', tags?.tags],
          ['order_private_tags', tags?.privateTags],
        ] as const) {
          const rows = [...new Set(ids ?? [])].map((tag_id) => ({ order_id: row.id, tag_id }));
          if (rows.length > 0) await db.insertInto(table).values(rows).execute();
        }
      }
    },
  };
}
