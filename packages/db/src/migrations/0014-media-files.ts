import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** Only the schema builder is used: no table types needed. */
type SchemaDb = Kysely<unknown>;

/**
 * The media library: one row per uploaded image, with what was found in its bytes (format, size in pixels) and
 * the storage keys of the stored image and its variants (JSON). The files themselves live in the media storage.
 */
export function migration0014() {
  return {
    async up(db: SchemaDb): Promise<void> {
      await db.schema
        .createTable('media_files')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('variants', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('media_files_created').on('media_files').columns(['created_date', 'id']).execute();
    },
  };
}
