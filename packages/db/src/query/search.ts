import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../dialect.js';
import type { AnySelect } from './compile.js';

/*
 * Full-text search over products (docs/decisions/0014-product-search.md). The shopper's words are reduced to plain
 * tokens here (letters and digits, lower case, accents removed), so nothing a shopper types reaches either engine's
 * query syntax: every token is bound as a parameter inside a query made only of tokens and operators we write.
 * Every word must match (stemmed: "hoodies" finds "Hoodie"); the last word also matches as a prefix, since it may
 * still be being typed. SQLite: the FTS5 table `product_search` (porter stemmer, rowid = products.numeric_id),
 * kept by triggers. PostgreSQL: the generated column `products.search_vector` (english stemmer) with a GIN index.
 */

/** Longest search expression accepted (characters). */
export const MAX_SEARCH_LENGTH = 200;
/** Words of an expression that are searched; the rest are ignored. */
export const MAX_SEARCH_TERMS = 12;
/** Longest word searched; a longer one is cut (no real word is longer). */
const MAX_TERM_LENGTH = 48;

/** Lower case, accents removed (é → e, ü → u): how indexed text and search words are compared. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a search expression: letters and digits only, folded, at most MAX_SEARCH_TERMS of them. */
export function searchTerms(expression: string): string[] {
  const words = foldText(expression.slice(0, MAX_SEARCH_LENGTH))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map((w) => w.slice(0, MAX_TERM_LENGTH));
  return words.slice(0, MAX_SEARCH_TERMS);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text a shopper reads in an HTML description: tags dropped, entities decoded, folded for the index. */
export function searchableText(...parts: Array<string | null | undefined>): string {
  const text = parts
    .filter((p): p is string => Boolean(p))
    .join(' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? whole;
      const n = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ' ';
    });
  return foldText(text).replace(/\s+/g, ' ').trim();
}

/** FTS5 query: each token a quoted string (tokens hold no quotes), all required, the last also as a prefix. */
export function ftsMatchQuery(terms: readonly string[]): string {
  return terms.map((t, i) => (i === terms.length - 1 ? `"${t}"*` : `"${t}"`)).join(' ');
}

/** PostgreSQL tsquery text: `a & b & c:*` (tokens hold only letters and digits, so no tsquery syntax). */
export function tsQueryText(terms: readonly string[]): string {
  return terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ');
}

/** How one search narrows and orders a products query; see `productSearch`. */
export interface SearchPlan {
  /** Narrows the page query to matches and makes `rank` available. */
  page<QB extends AnySelect>(qb: QB): QB;
  /** Narrows a count query to matches. */
  count<QB extends AnySelect>(qb: QB): QB;
  /** Relevance, best first when ordered by `direction`. */
  rank: { expr: RawBuilder<unknown>; direction: 'asc' | 'desc' };
}

/** Name matches weigh more than description matches (SQLite bm25 column weights). */
const NAME_WEIGHT = 5;

/** The search of `terms` over products on `dialect` (terms from `searchTerms`, at least one). */
export function productSearch(dialect: DialectName, terms: readonly string[]): SearchPlan {
  if (terms.length === 0) throw new Error('productSearch needs at least one term');
  if (dialect === 'sqlite') {
    const match = ftsMatchQuery(terms);
    const matches: RawBuilder<SqlBool> = sql<SqlBool>`products.numeric_id in (select rowid from product_search where product_search match ${match})`;
    const hits = sql`(select rowid as hit_key, bm25(product_search, ${sql.lit(NAME_WEIGHT)}, 1.0) as hit_rank from product_search where product_search match ${match})`;
    return {
      page: <QB extends AnySelect>(qb: QB) =>
        qb.innerJoin(hits.as('product_search_hits'), 'product_search_hits.hit_key', 'products.numeric_id') as QB,
      count: <QB extends AnySelect>(qb: QB) => qb.where(matches) as QB,
      rank: { expr: sql.ref('product_search_hits.hit_rank'), direction: 'asc' },
    };
  }
  const query = sql`to_tsquery('english', ${tsQueryText(terms)})`;
  const matches = sql<SqlBool>`products.search_vector @@ ${query}`;
  return {
    page: <QB extends AnySelect>(qb: QB) => qb.where(matches) as QB,
    count: <QB extends AnySelect>(qb: QB) => qb.where(matches) as QB,
    rank: { expr: sql`ts_rank(products.search_vector, ${query})`, direction: 'desc' },
  };
}
