import { bumpDataVersion, type Executor } from '@merx/db';
import { sql } from 'kysely';

/*
 * Facet counts kept as the catalog changes (docs/decisions/0037-facet-tallies.md). A visible product counts once for
 * every pair of a scope and a value: the scopes are the whole catalog (`ALL_SCOPE`) and each category it is directly
 * in; the values are `all` (the scope's size), its brand name, each "Option: Choice" it sells and each category it is
 * directly in. Its scopes
 * and values are kept in `product_facets`, the counts in `facet_tallies`. Every write that can change them (the
 * product row, its variants' choices, its categories, its brand's name) calls `refreshFacetKeys` in its transaction,
 * which writes only what changed and moves the tallies by the difference.
 */

export const ALL_SCOPE = '';
/** `all` (value `''`): every visible product has it, so its tally is the size of the scope. */
export type FacetName = 'all' | 'brand' | 'choice' | 'category';

/** Data version every catalog write bumps (the products repo's CATALOG_VERSION). */
const CATALOG_VERSION = 'catalog';
/** Products read per round (each adds a few bound ids to four statements). */
const CHUNK = 300;
/** Rows per multi-row insert (at most 4 bound values each: under both engines' parameter limits). */
const ROWS = 200;

/** A visible product's scopes and values: it counts once for every pair (`product_facets.keys`). */
interface FacetKeys {
  s: string[];
  v: Array<[FacetName, string]>;
}

const SEP = '\u0000';

function tallyKeys(k: FacetKeys): Set<string> {
  const out = new Set<string>();
  for (const scope of k.s) for (const [facet, value] of k.v) out.add(`${scope}${SEP}${facet}${SEP}${value}`);
  return out;
}

/** The scopes and values each visible one of `ids` has now, from the product, its option choices and categories. */
async function currentKeys(ex: Executor, ids: readonly string[]): Promise<Map<string, FacetKeys>> {
  const [products, choices, categories] = await Promise.all([
    ex.selectFrom('products').select(['id', 'brand']).where('id', 'in', ids).where('visible', '=', 1).execute(),
    ex.selectFrom('product_option_choices').select(['product_id', 'choice']).where('product_id', 'in', ids).execute(),
    ex
      .selectFrom('collection_products')
      .select(['product_id', 'collection_id'])
      .where('product_id', 'in', ids)
      .execute(),
  ]);
  const out = new Map<string, FacetKeys>(
    products.map((p) => [
      p.id,
      {
        s: [ALL_SCOPE],
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
  for (const c of choices) out.get(c.product_id)?.v.push(['choice', c.choice]);
  for (const c of categories) {
    const k = out.get(c.product_id);
    if (!k) continue;
    k.v.push(['category', c.collection_id]);
    k.s.push(c.collection_id);
  }
  for (const k of out.values()) {
    k.s.sort();
    k.v.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
  }
  return out;
}

/**
 * Brings the facet keys of `productIds` (present, changed or deleted) up to date with the catalog, and the tallies
 * with them. Products whose keys did not change write nothing.
 */
export async function refreshFacetKeys(ex: Executor, productIds: readonly string[]): Promise<void> {
  const unique = [...new Set(productIds)];
  for (let i = 0; i < unique.length; i += CHUNK) await refreshChunk(ex, unique.slice(i, i + CHUNK));
}

async function refreshChunk(ex: Executor, ids: readonly string[]): Promise<void> {
  const [now, stored] = await Promise.all([
    currentKeys(ex, ids),
    ex.selectFrom('product_facets').select(['product_id', 'keys']).where('product_id', 'in', ids).execute(),
  ]);
  const before = new Map(stored.map((r) => [r.product_id, r.keys]));
  const deltas = new Map<string, number>();
  const gone: string[] = [];
  const written: Array<{ product_id: string; keys: string }> = [];
  for (const id of ids) {
    const old = before.get(id);
    const fresh = now.get(id);
    const json = fresh ? JSON.stringify(fresh) : undefined;
    if (old === json) continue;
    if (old !== undefined)
      for (const k of tallyKeys(JSON.parse(old) as FacetKeys)) deltas.set(k, (deltas.get(k) ?? 0) - 1);
    if (fresh && json) {
      for (const k of tallyKeys(fresh)) deltas.set(k, (deltas.get(k) ?? 0) + 1);
      written.push({ product_id: id, keys: json });
    }
    if (old !== undefined) gone.push(id);
  }
  if (gone.length === 0 && written.length === 0) return;
  // Tally rows are shared by every writer: taking the catalog version's row first makes writers of tallies take
  // turns (on PostgreSQL), so two of them never hold rows the other waits for.
  await bumpDataVersion(ex, CATALOG_VERSION);
  if (gone.length > 0) await ex.deleteFrom('product_facets').where('product_id', 'in', gone).execute();
  for (let i = 0; i < written.length; i += ROWS)
    await ex
      .insertInto('product_facets')
      .values(written.slice(i, i + ROWS))
      .execute();
  await moveTallies(ex, deltas);
}

/** Adds each delta to its tally, in key order (so that concurrent writers lock rows in the same order). */
async function moveTallies(ex: Executor, deltas: Map<string, number>): Promise<void> {
  const rows = [...deltas]
    .filter(([, d]) => d !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, n]) => {
      const [scope = '', facet = '', value = ''] = key.split(SEP);
      return { scope, facet, value, n };
    });
  for (let i = 0; i < rows.length; i += ROWS)
    await ex
      .insertInto('facet_tallies')
      .values(rows.slice(i, i + ROWS))
      .onConflict((oc) => oc.columns(['scope', 'facet', 'value']).doUpdateSet({ n: sql`facet_tallies.n + excluded.n` }))
      .execute();
}

/**
 * The products directly in `categoryIds`, read before the categories go: once their placements are deleted,
 * `refreshFacetKeys` of these ids takes the categories out of their keys and the tallies.
 */
export async function productsInCategories(ex: Executor, categoryIds: readonly string[]): Promise<string[]> {
  if (categoryIds.length === 0) return [];
  const rows = await ex
    .selectFrom('collection_products')
    .select('product_id')
    .distinct()
    .where('collection_id', 'in', categoryIds)
    .execute();
  return rows.map((r) => r.product_id);
}
