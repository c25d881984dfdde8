import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DialectName } from '../dialect.js';
import { ftsMatchQuery, MAX_SEARCH_TERMS, productSearch, searchableText, searchTerms, tsQueryText } from './search.js';

/** A Kysely that only compiles, for one engine. */
function compilerFor(dialect: DialectName) {
  // biome-ignore lint/suspicious/noExplicitAny: compiles queries over any table.
  return new Kysely<any>({
    dialect: {
      createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (dialect === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
      createQueryCompiler: () => (dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}

describe('searchTerms', () => {
  it('keeps letters and digits only, folded: query syntax of either engine is never passed on', () => {
    expect(searchTerms('Hoodies')).toEqual(['hoodies']);
    expect(searchTerms('  Crème   BRÛLÉE ')).toEqual(['creme', 'brulee']);
    expect(searchTerms('"linen*')).toEqual(['linen']);
    expect(searchTerms('NEAR(linen shirt, 2)')).toEqual(['near', 'linen', 'shirt', '2']);
    expect(searchTerms('-wool name:shirt')).toEqual(['wool', 'name', 'shirt']);
    expect(searchTerms("a & b | !c <-> d:* 'e'")).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(searchTerms('SKU-0042')).toEqual(['sku', '0042']);
    expect(searchTerms('"*-:()^')).toEqual([]);
    expect(searchTerms('')).toEqual([]);
  });

  it('searches at most 12 words and no word longer than 48 characters', () => {
    expect(searchTerms(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_SEARCH_TERMS);
    expect(searchTerms('x'.repeat(100))[0]).toHaveLength(48);
  });
});

describe('searchableText', () => {
  it('reads an HTML description as its text: tags dropped, entities decoded, folded', () => {
    expect(
      searchableText('<p>Soft <strong>Fleece</strong> &amp; Café&nbsp;au&#32;lait &#x41;</p>', 'Brand', null),
    ).toBe('soft fleece & cafe au lait a brand');
  });
});

describe('engine queries', () => {
  it('quotes each word for FTS5 and makes only the last a prefix', () => {
    expect(ftsMatchQuery(['linen', 'shirt'])).toBe('"linen" "shirt"*');
    expect(tsQueryText(['linen', 'shirt'])).toBe('linen & shirt:*');
  });

  it.each(['sqlite', 'postgres'] as const)('binds the words as one parameter on %s, joined to products', (dialect) => {
    const db = compilerFor(dialect);
    const plan = productSearch(dialect, searchTerms('Linen "shirts'));
    const page = plan
      .page(db.selectFrom('products').select('products.id'))
      .orderBy(plan.rank.expr, plan.rank.direction)
      .compile();
    const count = plan.count(db.selectFrom('products').select((eb) => eb.fn.countAll().as('n'))).compile();
    if (dialect === 'sqlite') {
      expect(page.sql).toContain('product_search match ?');
      expect(page.sql).toContain('"product_search_hits"."hit_key" = "products"."numeric_id"');
      expect(page.sql).toContain('order by "product_search_hits"."hit_rank" asc');
      expect(page.parameters).toEqual(['"linen" "shirts"*']);
      expect(count.sql).toContain(
        'products.numeric_id in (select rowid from product_search where product_search match ?)',
      );
      expect(count.parameters).toEqual(['"linen" "shirts"*']);
    } else {
      expect(page.sql).toContain(`products.search_vector @@ to_tsquery('english', $1)`);
      expect(page.sql).toContain(`order by ts_rank(products.search_vector, to_tsquery('english', $2)) desc`);
      expect(page.parameters).toEqual(['linen & shirts:*', 'linen & shirts:*']);
      expect(count.parameters).toEqual(['linen & shirts:*']);
    }
    expect(page.sql).not.toContain('linen');
  });

  it('refuses to plan a search without words (the caller lists without one)', () => {
    expect(() => productSearch('sqlite', [])).toThrow();
  });
});
