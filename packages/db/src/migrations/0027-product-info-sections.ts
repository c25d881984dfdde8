import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/**
 * Products referencing info-section entities, in order (docs/decisions/0030-product-info-sections.md). The product
 * side cascades; the section side has no foreign key, because deleting a section first lets its products go (the
 * info-sections module removes the rows and rewrites those products' sections in the same transaction).
 */
export function migration0027() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('product_info_sections')
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('info_section_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_info_sections_pk', ['product_id', 'info_section_id'])
        .execute();
      await db.schema
        .createIndex('product_info_sections_section')
        .on('product_info_sections')
        .columns(['info_section_id', 'product_id'])
        .execute();
    },
  };
}
