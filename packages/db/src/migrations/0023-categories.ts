import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** The columns this migration reads and writes, as they are at this point of the history (not today's types). */
interface SchemaAt0023 {
  collections: {
    id: string;
    created_date: string;
    parent_id: string | null;
    sibling_position: number | null;
  };
}

/**
 * Categories of catalog v3 as the collections they are (docs/decisions/0022-categories.md): a collection gains a
 * parent (null: top level), its place among its siblings, a rich-text description and SEO data; a product's
 * membership gains `arranged` (placed by the merchant's arrangement). Existing collections stay top-level, in the
 * order they were created; existing memberships keep their positions and are not arranged.
 */
export function migration0023() {
  return {
    async up(db: Kysely<SchemaAt0023>): Promise<void> {
      const alter = () => db.schema.alterTable('collections');
      await alter().addColumn('parent_id', 'text').execute();
      await alter().addColumn('sibling_position', 'bigint').execute();
      await alter().addColumn('rich_description', 'text').execute();
      await alter().addColumn('seo_data', 'text').execute();
      await db.schema
        .alterTable('collection_products')
        .addColumn('arranged', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('collections_parent')
        .on('collections')
        .columns(['parent_id', 'sibling_position'])
        .execute();
      const rows = await db.selectFrom('collections').select('id').orderBy('created_date').orderBy('id').execute();
      for (const [i, row] of rows.entries()) {
        await db
          .updateTable('collections')
          .set({ sibling_position: i + 1 })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
