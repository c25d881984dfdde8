import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** The tables this migration reads and writes, as they are at this point of the history (not today's types). */
interface SchemaAt0026 {
  products: { id: string; data: string };
  product_variants: { product_id: string; choices: string; visible: number };
  product_option_choices: { product_id: string; choice: string };
}

/** "Size: M" (a frozen copy of the products repo's `optionChoiceOf`). */
const choiceOf = (option: string, choice: string) => `${option}: ${choice}`;

/**
 * The option choices each product sells, one row per product and "Option: Choice" of its visible variants
 * (docs/decisions/0029-option-choice-facets.md): the storefront filters and counts its option facets on them for
 * the whole catalog. Filled here from the variants already stored.
 */
export function migration0026() {
  return {
    async up(db: Kysely<SchemaAt0026>): Promise<void> {
      await db.schema
        .createTable('product_option_choices')
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('choice', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_option_choices_pk', ['product_id', 'choice'])
        .execute();
      await db.schema
        .createIndex('product_option_choices_choice')
        .on('product_option_choices')
        .columns(['choice', 'product_id'])
        .execute();
      let after = '';
      for (;;) {
        const products = await db
          .selectFrom('products')
          .select('id')
          .where('id', '>', after)
          .orderBy('id')
          .limit(500)
          .execute();
        if (products.length === 0) break;
        after = products[products.length - 1]?.id ?? after;
        const variants = await db
          .selectFrom('product_variants')
          .select(['product_id', 'choices'])
          .where(
            'product_id',
            'in',
            products.map((p) => p.id),
          )
          .where('visible', '=', 1)
          .execute();
        const rows = new Map<string, { product_id: string; choice: string }>();
        for (const v of variants) {
          for (const [option, choice] of Object.entries(JSON.parse(v.choices) as Record<string, string>)) {
            const value = choiceOf(option, choice);
            rows.set(`${v.product_id}\u0000${value}`, { product_id: v.product_id, choice: value });
          }
        }
        const values = [...rows.values()];
        for (let i = 0; i < values.length; i += 300)
          await db
            .insertInto('product_option_choices')
            .values(values.slice(i, i + 300))
            .execute();
      }
    },
  };
}
