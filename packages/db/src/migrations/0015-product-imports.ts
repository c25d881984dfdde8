import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** Only the schema builder is used: no table types needed. */
type SchemaDb = Kysely<unknown>;

/**
 * Product CSV imports (docs/product-csv.md). A file is kept in the database in text parts (an upload), so that any
 * process sharing the database can run its job; the job is claimed with a conditional update and holds a lease that
 * it renews while it works, so a job whose process died is taken up again once its lease has run out. Problems are
 * rows of their own (the first 1,000 of a job), written with the progress they belong to.
 */
export function migration0015() {
  return {
    async up(db: SchemaDb): Promise<void> {
      await db.schema
        .createTable('product_import_uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('file_name', 'text')
        .addColumn('parts', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('last_part_bytes', 'integer', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('product_import_uploads_created')
        .on('product_import_uploads')
        .column('created_date')
        .execute();
      await db.schema
        .createTable('product_import_parts')
        .addColumn('upload_id', 'text', (c) => c.notNull().references('product_import_uploads.id').onDelete('cascade'))
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_import_parts_pk', ['upload_id', 'idx'])
        .execute();
      await db.schema
        .createTable('product_imports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('upload_id', 'text')
        .addColumn('file_name', 'text')
        .addColumn('file_bytes', 'integer', (c) => c.notNull())
        .addColumn('rows_total', 'integer', (c) => c.notNull())
        .addColumn('rows_done', 'integer', (c) => c.notNull())
        .addColumn('products_total', 'integer', (c) => c.notNull())
        .addColumn('products_created', 'integer', (c) => c.notNull())
        .addColumn('products_updated', 'integer', (c) => c.notNull())
        .addColumn('products_failed', 'integer', (c) => c.notNull())
        .addColumn('error_count', 'integer', (c) => c.notNull())
        .addColumn('columns_not_imported', 'text', (c) => c.notNull())
        .addColumn('scattered_handles', 'text', (c) => c.notNull())
        .addColumn('failure', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('started_date', 'text')
        .addColumn('finished_date', 'text')
        .execute();
      await db.schema
        .createIndex('product_imports_status')
        .on('product_imports')
        .columns(['status', 'created_date'])
        .execute();
      await db.schema
        .createIndex('product_imports_created')
        .on('product_imports')
        .columns(['created_date', 'id'])
        .execute();
      await db.schema
        .createTable('product_import_errors')
        .addColumn('import_id', 'text', (c) => c.notNull().references('product_imports.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('row', 'integer', (c) => c.notNull())
        .addColumn('column_name', 'text', (c) => c.notNull())
        .addColumn('handle', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('severity', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_import_errors_pk', ['import_id', 'seq'])
        .execute();
    },
  };
}
