import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** The tables this migration reads and writes, as they are at this point of the history (not today's types). */
interface NamedTableAt0022 {
  id: string;
  name: string;
  name_key: string;
  created_date: string;
  updated_date: string;
  revision: number;
}
interface SchemaAt0022 {
  products: {
    id: string;
    ribbon: string | null;
    brand: string | null;
    ribbon_id: string | null;
    brand_id: string | null;
    created_date: string;
  };
  ribbons: NamedTableAt0022;
  brands: NamedTableAt0022;
}

/** The uniqueness key of a name (a frozen copy of the ribbons-brands module's `nameKey`). */
const keyOf = (name: string) => name.trim().toLowerCase();

/**
 * Ribbons and brands as entities (docs/decisions/0020-ribbons-and-brands.md): tables `ribbons` and `brands` (name
 * unique whatever its case, through `name_key`), and `products.ribbon_id` / `products.brand_id` pointing at them.
 * The v1 strings already on products become entities here: one per name (the first spelling met, in product
 * order, names the entity), and every product with that name points at it and shows the entity's spelling.
 */
export function migration0022() {
  return {
    async up(db: Kysely<SchemaAt0022>): Promise<void> {
      for (const [table, column] of [
        ['ribbons', 'ribbon'],
        ['brands', 'brand'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('name_key', 'text', (c) => c.notNull().unique())
          .addColumn('created_date', 'text', (c) => c.notNull())
          .addColumn('updated_date', 'text', (c) => c.notNull())
          .addColumn('revision', 'integer', (c) => c.notNull())
          .execute();
        await db.schema.createIndex(`${table}_name`).on(table).column('name').execute();
        await db.schema.createIndex(`${table}_created`).on(table).columns(['created_date', 'id']).execute();
        await db.schema.alterTable('products').addColumn(`${column}_id`, 'text').execute();
        await db.schema.createIndex(`products_${column}_id`).on('products').column(`${column}_id`).execute();
        await moveStrings(db, table, column);
      }
    },
  };
}

async function moveStrings(db: Kysely<SchemaAt0022>, table: 'ribbons' | 'brands', column: 'ribbon' | 'brand') {
  const rows = await db
    .selectFrom('products')
    .select([`products.${column} as value`])
    .select((eb) => eb.fn.min('products.created_date').as('first'))
    .where(`products.${column}`, 'is not', null)
    .groupBy(`products.${column}`)
    .orderBy('first')
    .orderBy('value')
    .execute();
  const entities = new Map<string, { id: string; name: string }>();
  for (const row of rows) {
    const value = row.value as string;
    const key = keyOf(value);
    if (key === '') {
      await db
        .updateTable('products')
        .set({ [column]: null })
        .where(column, '=', value)
        .execute();
      continue;
    }
    let entity = entities.get(key);
    if (!entity) {
      entity = { id: randomUUID(), name: value.trim() };
      entities.set(key, entity);
      const at = String(row.first);
      await db
        .insertInto(table)
        .values({ id: entity.id, name: entity.name, name_key: key, created_date: at, updated_date: at, revision: 1 })
        .execute();
    }
    await db
      .updateTable('products')
      .set({ [column]: entity.name, [`${column}_id`]: entity.id })
      .where(column, '=', value)
      .execute();
  }
}
