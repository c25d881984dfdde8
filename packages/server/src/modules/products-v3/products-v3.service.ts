import {
  type countProductsV3Request,
  errorCodes,
  type ProductV3RequestedField,
  type queryProductsV3Request,
  type RichContent,
  type searchProductsV3Request,
} from '@merx/contract';
import {
  type AggregationResult,
  applyFilter,
  dataVersionReader,
  decodeCursor,
  type ParsedAggregation,
  parseAggregations,
  productSearch,
  runAggregations,
  runQuery,
  searchTerms,
} from '@merx/db';
import {
  AppError,
  currencyDigits,
  type EntityQuerySpec,
  notFound,
  type ParsedQuery,
  parseQuery,
  ValidationError,
} from '@merx/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { type Caller, hasScope } from '../../http/auth.js';
import { Lru } from '../../lib/lru.js';
import { htmlToRich } from '../../lib/rich-text/index.js';
import { AnswerCache } from '../../lib/versioned-cache.js';
import { sectionsOfProducts } from '../info-sections/product-links.js';
import type { ModuleDeps } from '../module.js';
import {
  CATALOG_VERSION,
  createProductsRepo,
  type ProductRow,
  productHeadQuery,
  productPageRows,
  selectProductWithVariants,
  toProductRecord,
  variantsFromJson,
} from '../products/products.repo.js';
import type { ProductRecord, VariantRecord } from '../products/products.types.js';
import { aggregationFieldsV3 } from './products-v3.aggregations.js';
import { type CategoryNode, type ProductLinks, productV3Of } from './products-v3.mapper.js';
import { productV3QuerySpec, storedFilter } from './products-v3.query.js';
import { tallied, tallyAggregation, tallyScope } from './products-v3.tallies.js';

type Fields = readonly ProductV3RequestedField[] | undefined;
type LinkedRow = ProductRow & { ribbon_id: string | null; brand_id: string | null };

/** Largest page of a v3 query or search (the package documents 100). */
export const MAX_V3_LIMIT = 100;

/** Bytes of whole search answers kept (see `searchAnswer`). */
const SEARCH_ANSWERS_BYTES = 8 * 1024 * 1024;

/** Descriptions converted to rich content, by product id and revision: bounded, so huge ones cannot pile up. */
const RICH_CACHE_SIZE = 500;

/** A filter at the top of the request (count): violations name `filter.…`. */
function parseTopLevel(filter: unknown, spec: EntityQuerySpec) {
  try {
    return parseQuery({ filter }, spec, { path: '' });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(error.violations.map((v) => ({ ...v, field: v.field.replace(/^\./, '') })));
  }
}

/** What a caller may see: hidden products and merchant data need `catalog:read` (staff or an API key). */
function viewOf(caller: Caller) {
  return { elevated: hasScope(caller, 'catalog:read') };
}

/** Catalog v3 product reads over the v1 catalog (docs/decisions/0023-products-v3-read.md). */
export function createProductsV3Service(deps: ModuleDeps) {
  const repo = createProductsRepo(deps.dialect);
  const pageRows = productPageRows(deps.db, deps.dialect);
  const rich = new Lru<string, RichContent>(RICH_CACHE_SIZE);
  const minorPerMajor = () => 10 ** currencyDigits(deps.store().currency);
  const spec = () => productV3QuerySpec(minorPerMajor());

  function richOf(html: string, key: string): RichContent {
    let doc = rich.get(key);
    if (doc === undefined) {
      doc = htmlToRich(html);
      rich.set(key, doc);
    }
    return doc;
  }

  /** The categories the given ones descend from, with the given ones: at most one statement per tree level. */
  async function categoriesOf(ids: Iterable<string>): Promise<Map<string, CategoryNode>> {
    const out = new Map<string, CategoryNode>();
    let frontier = [...new Set(ids)];
    for (let depth = 0; depth < 8 && frontier.length > 0; depth++) {
      const rows = await deps.db
        .selectFrom('collections')
        .select(['id', 'name', 'slug', 'parent_id'])
        .where('id', 'in', frontier)
        .execute();
      for (const r of rows) out.set(r.id, { id: r.id, name: r.name, slug: r.slug, parentId: r.parent_id ?? null });
      frontier = rows.map((r) => r.parent_id).filter((p): p is string => p !== null && p !== undefined && !out.has(p));
    }
    return out;
  }

  async function render(
    items: Array<{ p: ProductRecord; variants: VariantRecord[]; links: ProductLinks }>,
    fields: Fields,
    caller: Caller,
  ): Promise<Record<string, unknown>[]> {
    const set = new Set(fields ?? []);
    const { currency, locale } = deps.store();
    const needTree = set.has('ALL_CATEGORIES_INFO') || set.has('BREADCRUMBS_INFO');
    const categories = needTree ? await categoriesOf(items.flatMap((i) => i.p.collectionIds)) : new Map();
    // MERCHANT_DATA from a caller without catalog:read: the answer without it, as the package documents.
    const merchant = set.has('MERCHANT_DATA') && viewOf(caller).elevated;
    const ctx = { currency, locale, publicUrl: deps.publicUrl, fields: set, merchant, categories, richOf };
    // Referenced info-section entities, one statement for the page, only when asked for.
    const sections = set.has('INFO_SECTION')
      ? await sectionsOfProducts(
          deps.db,
          items.map((i) => i.p.id),
        )
      : undefined;
    return items.map((i) => productV3Of(i.p, i.variants, { ...i.links, infoSections: sections?.get(i.p.id) }, ctx));
  }

  const linksOf = (row: LinkedRow): ProductLinks => ({ ribbonId: row.ribbon_id, brandId: row.brand_id });

  async function getBy(column: 'id' | 'slug', value: string, fields: Fields, caller: Caller) {
    const row = await selectProductWithVariants(deps.db, deps.dialect)
      .select(['products.ribbon_id', 'products.brand_id'])
      .where(`products.${column}`, '=', value)
      .executeTakeFirst();
    if (!row || (row.visible !== 1 && !viewOf(caller).elevated))
      throw notFound(
        errorCodes.productNotFound,
        'Product not found',
        column === 'id' ? { productId: value } : { slug: value },
      );
    const [product] = await render(
      [{ p: toProductRecord(row), variants: variantsFromJson(row.variants_json), links: linksOf(row) }],
      fields,
      caller,
    );
    return { product: product as Record<string, unknown>, row };
  }

  /**
   * Wire JSON of products read by id, by (id, revision, collections, requested fields, merchant view, currency,
   * locale), as v1 does (products.service.ts): every write to a product, its variants, ribbon or brand bumps its
   * revision, and the key is read from the row, so an entry is never stale. Answers with the category tree
   * (ALL_CATEGORIES_INFO, BREADCRUMBS_INFO) are not kept: a category rename does not touch the product.
   */
  const jsonCache = new Lru<string, string>(2000);
  const productHead = productHeadQuery(deps.db, deps.dialect);

  async function getJson(id: string, fields: Fields, caller: Caller): Promise<string> {
    const set = new Set(fields ?? []);
    const cacheable = !set.has('ALL_CATEGORIES_INFO') && !set.has('BREADCRUMBS_INFO');
    const { elevated } = viewOf(caller);
    const { currency, locale } = deps.store();
    const view = `${[...set].sort().join(',')}|${set.has('MERCHANT_DATA') && elevated ? 1 : 0}|${currency}|${locale}`;
    const keyOf = (r: { id: string; revision: number; collection_ids: string }) =>
      `${r.id}|${r.revision}|${r.collection_ids}|${view}`;
    if (cacheable) {
      // Warm: one narrow statement decides that the kept answer is right.
      const head = await productHead(id);
      if (!head || (head.visible !== 1 && !elevated))
        throw notFound(errorCodes.productNotFound, 'Product not found', { productId: id });
      const hit = jsonCache.get(keyOf(head));
      if (hit !== undefined) return hit;
    }
    const { product, row } = await getBy('id', id, fields, caller);
    const json = JSON.stringify(product);
    if (cacheable) jsonCache.set(keyOf(row), json);
    return json;
  }

  /** Parses a v3 query object: cursor paging always (the package pages by cursor), 100 at most. */
  function parseV3(raw: unknown, path: string): ParsedQuery {
    const parsed = parseQuery(raw ?? {}, spec(), { path, defaultLimit: MAX_V3_LIMIT, maxLimit: MAX_V3_LIMIT });
    if (parsed.paging.kind === 'offset')
      return { ...parsed, paging: { kind: 'cursor', limit: parsed.paging.limit, cursor: null } };
    return parsed;
  }

  async function page(query: ParsedQuery, fields: Fields, caller: Caller, expression: string | null | undefined) {
    const { elevated } = viewOf(caller);
    const filter = await storedFilter(deps.db, query.filter);
    const base = () => {
      const qb = deps.db.selectFrom('products');
      return elevated ? qb : qb.where('products.visible', '=', sql.lit(1));
    };
    const terms = expression ? searchTerms(expression) : [];
    const result = await runQuery<LinkedRow>({
      base,
      spec: spec(),
      query: { ...query, filter },
      cursorSecret: deps.cursorSecret,
      search: { terms: terms.length > 0 ? terms : null, plan: (t) => productSearch(deps.dialect, t) },
      rows: (ids) => pageRows(ids).select(['products.ribbon_id', 'products.brand_id']),
    });
    const variants = await repo.variantsOf(
      deps.db,
      result.rows.map((r) => r.id),
    );
    const products = await render(
      result.rows.map((row) => ({
        p: toProductRecord(row),
        variants: variants.get(row.id) ?? [],
        links: linksOf(row),
      })),
      fields,
      caller,
    );
    return {
      products,
      pagingMetadata: {
        count: products.length,
        cursors: {
          ...(result.nextCursor ? { next: result.nextCursor } : {}),
          ...(result.prevCursor ? { prev: result.prevCursor } : {}),
        },
        hasNext: result.nextCursor !== null,
      },
    };
  }

  /**
   * Aggregations over the products the search selects (its filter, words and visibility; paging ignored): one
   * statement each (docs/decisions/0026-aggregations.md).
   */
  async function aggregate(
    query: ParsedQuery,
    expression: string | null | undefined,
    aggregations: ParsedAggregation[],
    caller: Caller,
  ): Promise<AggregationResult[]> {
    const s = spec();
    // A next page's request holds only its cursor: the set is the one the cursor pages (checked by `page` first).
    const paged =
      query.paging.kind === 'cursor' && query.paging.cursor !== null
        ? decodeCursor(query.paging.cursor, deps.cursorSecret, 'search.cursorPaging.cursor', s.table)
        : null;
    const filter = await storedFilter(deps.db, paged ? paged.filter : query.filter);
    const terms = paged ? (paged.search ?? []) : expression ? searchTerms(expression) : [];
    const { elevated } = viewOf(caller);
    // A shopper's facets over the whole catalog or one category are kept counts (decision 0037).
    const scope = !elevated && terms.length === 0 ? tallyScope(filter) : null;
    const counted = scope === null ? aggregations : aggregations.filter((a) => !tallied(a, scope));
    let qb = deps.db.selectFrom('products');
    if (!elevated) qb = qb.where('products.visible', '=', sql.lit(1));
    if (terms.length > 0) qb = productSearch(deps.dialect, terms).count(qb);
    const results =
      counted.length === 0
        ? []
        : await runAggregations({
            db: deps.db,
            dialect: deps.dialect,
            base: applyFilter(qb, filter, s, 'in'),
            spec: s,
            fields: aggregationFieldsV3(elevated),
            aggregations: counted,
            path: 'search.aggregations',
          }).catch((error: unknown) => {
            // Violations name the aggregation's place in the request, not in the counted ones.
            if (!(error instanceof ValidationError) || counted === aggregations) throw error;
            throw new ValidationError(
              error.violations.map((v) => ({
                ...v,
                field: v.field.replace(
                  /^search\.aggregations\[(\d+)\]/,
                  (_m, i: string) =>
                    `search.aggregations[${aggregations.indexOf(counted[Number(i)] as ParsedAggregation)}]`,
                ),
              })),
            );
          });
    if (scope === null) return results;
    const out: AggregationResult[] = [];
    let next = 0;
    for (const agg of aggregations)
      out.push(
        tallied(agg, scope)
          ? await tallyAggregation(deps.db, scope, agg, minorPerMajor())
          : (results[next++] as AggregationResult),
      );
    return out;
  }

  /**
   * Whole search answers (page and aggregations), kept while the catalog data version is unchanged: every write to
   * a product, its stock, variants, categories, ribbons, brands or info sections bumps it in its transaction. A
   * shop's category pages and facet panels repeat the same searches; a repeated one costs one primary-key read, and
   * identical searches arriving together are computed once.
   */
  const searchAnswers = new AnswerCache(dataVersionReader(deps.db, CATALOG_VERSION), SEARCH_ANSWERS_BYTES);

  async function search(input: z.infer<typeof searchProductsV3Request>, caller: Caller) {
    const { search: details, aggregations: rawAggregations, timeZone: _t, ...query } = input.search ?? {};
    const parsed = parseV3(query, 'search');
    const fields = aggregationFieldsV3(viewOf(caller).elevated);
    const aggregations = parseAggregations(rawAggregations, spec(), fields, 'search.aggregations');
    // The shared runner names a bad cursor `query.cursorPaging.cursor`; here it is sent as `search.…`.
    const result = await page(parsed, input.fields, caller, details?.expression).catch((error: unknown) => {
      if (!(error instanceof ValidationError)) throw error;
      throw new ValidationError(
        error.violations.map((v) => ({
          ...v,
          field: v.field.replace(/^query\.cursorPaging\./, 'search.cursorPaging.'),
        })),
      );
    });
    if (aggregations.length === 0) return result;
    const results = await aggregate(parsed, details?.expression, aggregations, caller);
    return { ...result, aggregationData: { results } };
  }

  /** The products a top-level filter (violations name `filter.…`) and search words select. */
  async function matching(rawFilter: unknown, expression: string | null | undefined, includeHidden: boolean) {
    const s = spec();
    const { filter: parsed } = parseTopLevel(rawFilter, s);
    const filter = await storedFilter(deps.db, parsed);
    let qb = deps.db.selectFrom('products');
    if (!includeHidden) qb = qb.where('products.visible', '=', sql.lit(1));
    const terms = expression ? searchTerms(expression) : [];
    if (terms.length > 0) qb = productSearch(deps.dialect, terms).count(qb);
    return applyFilter(qb, filter, s, 'in');
  }

  return {
    /** One product as JSON text: one statement when its answer is kept for the row's revision, two otherwise. */
    getJson,
    getBySlug: async (slug: string, fields: Fields, caller: Caller) =>
      (await getBy('slug', slug, fields, caller)).product,

    query(input: z.infer<typeof queryProductsV3Request>, caller: Caller) {
      return page(parseV3(input.query, 'query'), input.fields, caller, null);
    },

    search,

    /**
     * A search's answer as JSON text, kept by the request, the caller's view (visitor or merchant), the store's
     * currency and locale, while the catalog is unchanged (`searchAnswers`).
     */
    searchAnswer(input: z.infer<typeof searchProductsV3Request>, caller: Caller): Promise<string | Buffer> {
      const { currency, locale } = deps.store();
      const key = `${viewOf(caller).elevated ? 1 : 0}|${currency}|${locale}|${JSON.stringify(input)}`;
      return searchAnswers.read(key, async () => JSON.stringify(await search(input, caller)));
    },

    /** Products matching a filter (and search words); hidden ones only when asked for, by a caller who may. */
    async count(input: z.infer<typeof countProductsV3Request>, caller: Caller): Promise<{ count: number }> {
      if (input.returnNonVisibleProducts && !viewOf(caller).elevated) {
        throw new AppError(
          'PERMISSION_DENIED',
          errorCodes.permissionDenied,
          'returnNonVisibleProducts needs an API key or a staff sign-in with the "catalog:read" permission',
        );
      }
      const qb = await matching(input.filter, input.search?.expression, input.returnNonVisibleProducts ?? false);
      const row = await qb.select(sql<number | string>`count(*)`.as('count')).executeTakeFirst();
      return { count: Number(row?.count ?? 0) };
    },

    /** Ids of every product (hidden ones too) a top-level filter and search words select: the by-filter bulk calls. */
    async matchingIds(filter: unknown, expression: string | null | undefined): Promise<string[]> {
      const qb = await matching(filter, expression, true);
      const rows = await qb.select('products.id').orderBy('products.id').execute();
      return rows.map((r) => r.id);
    },
  };
}

export type ProductsV3Service = ReturnType<typeof createProductsV3Service>;
