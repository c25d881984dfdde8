import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/**
 * Customizations of catalog v3 (options and modifiers) as stand-alone entities (docs/decisions/0025-customizations.md).
 * `name_key` is the customization type and the name trimmed and lower-cased (`PRODUCT_OPTION:color`), unique, so a
 * name is used once per type whatever its case. `settings` holds the choices or the free-text settings as JSON text.
 * The v1 product's inline options and custom text fields stay where they are: no data moves.
 */
export function migration0025() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('customizations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('customization_type', 'text', (c) => c.notNull())
        .addColumn('render_type', 'text', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('customizations_name').on('customizations').column('name').execute();
      await db.schema
        .createIndex('customizations_created')
        .on('customizations')
        .columns(['created_date', 'id'])
        .execute();
    },
  };
}
