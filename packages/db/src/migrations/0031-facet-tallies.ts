import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** The tables this migration reads and writes, as they are at this point of the history (not today's types). */
interface SchemaAt0031 {
  products: {
    id: string;
    brand: string | null;
    visible: number;
    actual_min: number | string;
    actual_max: number | string;
  };
  product_option_choices: { product_id: string; choice: string };
  collection_products: { product_id: string; collection_id: string };
  product_facets: { product_id: string; keys: string };
  facet_tallies: { scope: string; facet: string; value: string; n: number };
}

/**
 * Facet counts kept as the catalog changes (docs/decisions/0037-facet-tallies.md). A visible product has a key per
 * scope and value: the scopes are the whole catalog (`''`) and each category it is directly in; the values `all` (so
 * that a scope's tally of it is its size), its brand name (`brand`), each "Option: Choice" it sells (`choice`) and each category it is directly in (`category`).
 * `product_facets` holds each visible product's scopes and values, so that a write can tell what it changed;
 * `facet_tallies` holds how many visible products of a scope have each value, so that a shop's facet counts read a
 * few rows instead of the catalog. Filled here from the catalog already stored (a frozen copy of the products
 * module's `facetKeysOf`).
 */
export function migration0031() {
  return {
    async up(db: Kysely<SchemaAt0031>): Promise<void> {
      await db.schema
        .createTable('product_facets')
        .addColumn('product_id', 'text', (c) => c.primaryKey())
        .addColumn('keys', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('facet_tallies')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('facet', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('facet_tallies_pk', ['scope', 'facet', 'value'])
        .execute();
      const tallies = new Map<string, number>();
      let after = '';
      for (;;) {
        const products = await db
          .selectFrom('products')
          .select(['id', 'brand'])
          .where('id', '>', after)
          .where('visible', '=', 1)
          .orderBy('id')
          .limit(500)
          .execute();
        if (products.length === 0) break;
        after = products[products.length - 1]?.id ?? after;
        const ids = products.map((p) => p.id);
        const choices = await db
          .selectFrom('product_option_choices')
          .select(['product_id', 'choice'])
          .where('product_id', 'in', ids)
          .execute();
        const categories = await db
          .selectFrom('collection_products')
          .select(['product_id', 'collection_id'])
          .where('product_id', 'in', ids)
          .execute();
        type Keys = { s: string[]; v: Array<[string, string]> };
        const keys = new Map<string, Keys>(
          products.map((p) => [
            p.id,
            {
              s: [''],
              v:
                p.brand === null
                  ? [['all', '']]
                  : [
                      ['all', ''],
                      ['brand', p.brand],
                    ],
            },
          ]),
        );
        for (const c of choices) keys.get(c.product_id)?.v.push(['choice', c.choice]);
        for (const c of categories) {
          keys.get(c.product_id)?.v.push(['category', c.collection_id]);
          keys.get(c.product_id)?.s.push(c.collection_id);
        }
        for (const k of keys.values()) {
          k.s.sort();
          k.v.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
        }
        for (const k of keys.values())
          for (const scope of k.s)
            for (const [facet, value] of k.v) {
              const key = `${scope}\u0000${facet}\u0000${value}`;
              tallies.set(key, (tallies.get(key) ?? 0) + 1);
            }
        await db
          .insertInto('product_facets')
          .values([...keys].map(([product_id, k]) => ({ product_id, keys: JSON.stringify(k) })))
          .execute();
      }
      const rows = [...tallies].map(([key, n]) => {
        const [scope = '', facet = '', value = ''] = key.split('\u0000');
        return { scope, facet, value, n };
      });
      for (let i = 0; i < rows.length; i += 200)
        await db
          .insertInto('facet_tallies')
          .values(rows.slice(i, i + 200))
          .execute();
    },
  };
}
