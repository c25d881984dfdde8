import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** The tables this migration reads and writes, as they are at this point of the history (not today's types). */
interface SchemaAt0020 {
  products: {
    id: string;
    name: string;
    description: string;
    brand: string | null;
    sku: string | null;
    search_name: string;
    search_text: string;
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Lower case, accents removed, HTML tags dropped and entities decoded (a frozen copy of @merx/db's search text). */
function searchable(...parts: Array<string | null>): string {
  const text = parts
    .filter((p): p is string => Boolean(p))
    .join(' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? whole;
      const n = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ' ';
    });
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const BATCH = 500;

/**
 * Full-text search over products (docs/decisions/0014-product-search.md). Two columns the products repo writes
 * with every product: `search_name` (the name) and `search_text` (description as plain text, brand, SKU), both
 * folded (lower case, no accents), filled here for the products already there. Indexed by:
 * - SQLite: the FTS5 table `product_search(name, body)` with the porter stemmer, rowid = `products.numeric_id`,
 *   kept in step by triggers on every insert, update of those columns and delete;
 * - PostgreSQL: the generated column `search_vector` (english stemmer, the name weighted A) with a GIN index.
 */
export function migration0020(dialect: DialectName) {
  return {
    async up(db: Kysely<SchemaAt0020>): Promise<void> {
      for (const column of ['search_name', 'search_text']) {
        await db.schema
          .alterTable('products')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
      let after = '';
      for (;;) {
        const rows = await db
          .selectFrom('products')
          .select(['id', 'name', 'description', 'brand', 'sku'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        for (const row of rows) {
          await db
            .updateTable('products')
            .set({ search_name: searchable(row.name), search_text: searchable(row.description, row.brand, row.sku) })
            .where('id', '=', row.id)
            .execute();
        }
        if (rows.length < BATCH) break;
        after = rows.at(-1)?.id ?? after;
      }
      if (dialect === 'postgres') {
        await sql`alter table products add column search_vector tsvector generated always as (
          setweight(to_tsvector('english'::regconfig, search_name), 'A') ||
          setweight(to_tsvector('english'::regconfig, search_text), 'B')
        ) stored`.execute(db);
        await sql`create index products_search on products using gin (search_vector)`.execute(db);
        return;
      }
      await sql`create virtual table product_search using fts5(
        name, body, tokenize = 'porter unicode61 remove_diacritics 2'
      )`.execute(db);
      await sql`insert into product_search (rowid, name, body)
        select numeric_id, search_name, search_text from products`.execute(db);
      await sql`create trigger product_search_insert after insert on products begin
        insert into product_search (rowid, name, body) values (new.numeric_id, new.search_name, new.search_text);
      end`.execute(db);
      await sql`create trigger product_search_update after update of numeric_id, search_name, search_text on products
        when old.numeric_id is not new.numeric_id or old.search_name is not new.search_name
          or old.search_text is not new.search_text
      begin
        delete from product_search where rowid = old.numeric_id;
        insert into product_search (rowid, name, body) values (new.numeric_id, new.search_name, new.search_text);
      end`.execute(db);
      await sql`create trigger product_search_delete after delete on products begin
        delete from product_search where rowid = old.numeric_id;
      end`.execute(db);
    },
  };
}
