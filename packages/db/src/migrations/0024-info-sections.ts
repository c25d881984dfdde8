import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/**
 * Info sections of catalog v3 as stand-alone entities (docs/decisions/0024-info-sections.md): `name` is the unique
 * name (unique whatever its case through `name_key`), `description` the rich-content document as JSON text and
 * `description_html` its HTML rendering. The v1 product's inline `additionalInfoSections` stay where they are: no
 * data moves.
 */
export function migration0024() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('info_sections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('description_html', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('info_sections_name').on('info_sections').column('name').execute();
      await db.schema.createIndex('info_sections_title').on('info_sections').column('title').execute();
      await db.schema
        .createIndex('info_sections_created')
        .on('info_sections')
        .columns(['created_date', 'id'])
        .execute();
    },
  };
}
