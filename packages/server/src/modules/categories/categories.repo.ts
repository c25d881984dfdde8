import type { Executor } from '@merx/db';
import { sql } from 'kysely';

/** One node of the tree as the tree walks need it. */
export interface TreeNode {
  id: string;
  name: string;
  slug: string;
  parent_id: string | null;
  visible: number;
  revision: number;
}

/** Reads and writes of the tree over the collections table (docs/decisions/0022-categories.md). */
export const categoriesRepo = {
  async nodes(ex: Executor, ids: readonly string[]): Promise<Map<string, TreeNode>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .selectFrom('collections')
      .select(['id', 'name', 'slug', 'parent_id', 'visible', 'revision'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  },

  /** Ids of the children of `parentId` (null: the top level), in sibling order. */
  async childIds(ex: Executor, parentId: string | null): Promise<string[]> {
    let q = ex.selectFrom('collections').select('id');
    q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
    // Placed siblings by position, then the unplaced ones (made through v1) by creation.
    const rows = await q
      .orderBy(sql`case when sibling_position is null then 1 else 0 end`)
      .orderBy('sibling_position')
      .orderBy('created_date')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  },

  /** Ancestors of each node, nearest last (the tree is at most five deep, so at most five lookups). */
  async ancestors(ex: Executor, start: readonly TreeNode[]): Promise<Map<string, TreeNode[]>> {
    const known = new Map<string, TreeNode>(start.map((n) => [n.id, n]));
    let wanted = start.map((n) => n.parent_id).filter((id): id is string => id !== null && !known.has(id));
    for (let level = 0; wanted.length > 0 && level < 10; level++) {
      const found = await this.nodes(ex, wanted);
      for (const n of found.values()) known.set(n.id, n);
      wanted = [...found.values()].map((n) => n.parent_id).filter((id): id is string => id !== null && !known.has(id));
    }
    const out = new Map<string, TreeNode[]>();
    for (const node of start) {
      const chain: TreeNode[] = [];
      let cur = node.parent_id ? known.get(node.parent_id) : undefined;
      while (cur && chain.length < 10) {
        chain.unshift(cur);
        cur = cur.parent_id ? known.get(cur.parent_id) : undefined;
      }
      out.set(node.id, chain);
    }
    return out;
  },

  /** The node and everything under it, level by level (`levels[0]` is the node itself). */
  async subtree(ex: Executor, id: string): Promise<string[][]> {
    const levels: string[][] = [[id]];
    for (let i = 0; i < 10; i++) {
      const parents = levels[levels.length - 1] as string[];
      const rows = await ex.selectFrom('collections').select('id').where('parent_id', 'in', parents).execute();
      if (rows.length === 0) break;
      levels.push(rows.map((r) => r.id));
    }
    return levels;
  },

  /** Renumbers the children of a parent 1…n in the order given (only rows whose place changes are written). */
  async placeChildren(ex: Executor, ordered: readonly string[]): Promise<void> {
    if (ordered.length === 0) return;
    const rows = await ex
      .selectFrom('collections')
      .select(['id', 'sibling_position'])
      .where('id', 'in', [...ordered])
      .execute();
    const current = new Map(rows.map((r) => [r.id, r.sibling_position === null ? null : Number(r.sibling_position)]));
    for (const [i, id] of ordered.entries()) {
      if (current.get(id) === i + 1) continue;
      await ex
        .updateTable('collections')
        .set({ sibling_position: i + 1 })
        .where('id', '=', id)
        .execute();
    }
  },

  async count(ex: Executor): Promise<number> {
    const row = await ex
      .selectFrom('collections')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Ids of the existing products among `ids`. */
  async existingProducts(ex: Executor, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await ex
      .selectFrom('products')
      .select('id')
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Set(rows.map((r) => r.id));
  },

  /** Direct categories of each product (visible ones only unless `elevated`). */
  async directCategories(ex: Executor, productIds: readonly string[], elevated: boolean) {
    if (productIds.length === 0) return new Map<string, string[]>();
    let q = ex
      .selectFrom('collection_products')
      .innerJoin('collections', 'collections.id', 'collection_products.collection_id')
      .innerJoin('products', 'products.id', 'collection_products.product_id')
      .select(['collection_products.product_id', 'collection_products.collection_id'])
      .where('collection_products.product_id', 'in', [...new Set(productIds)]);
    if (!elevated) q = q.where('collections.visible', '=', 1).where('products.visible', '=', sql.lit(1));
    const rows = await q.orderBy('collection_products.collection_id').execute();
    const out = new Map<string, string[]>();
    for (const r of rows) out.set(r.product_id, [...(out.get(r.product_id) ?? []), r.collection_id]);
    return out;
  },

  /** A page of the products of the categories, in the merchant's order (or newest placement first). */
  async items(
    ex: Executor,
    categoryIds: readonly string[],
    opts: { elevated: boolean; arranged: boolean; offset: number; limit: number },
  ): Promise<string[]> {
    let q = ex
      .selectFrom('collection_products')
      .innerJoin('products', 'products.id', 'collection_products.product_id')
      .select('collection_products.product_id')
      .select((eb) => eb.fn.min('collection_products.position').as('p'))
      .where('collection_products.collection_id', 'in', [...categoryIds])
      .groupBy('collection_products.product_id');
    if (!opts.elevated) q = q.where('products.visible', '=', sql.lit(1));
    const dir = opts.arranged ? 'asc' : 'desc';
    const rows = await q
      .orderBy('p', dir)
      .orderBy('collection_products.product_id', dir)
      .limit(opts.limit)
      .offset(opts.offset)
      .execute();
    return rows.map((r) => r.product_id);
  },

  async arranged(ex: Executor, categoryId: string): Promise<string[]> {
    const rows = await ex
      .selectFrom('collection_products')
      .select('product_id')
      .where('collection_id', '=', categoryId)
      .where('arranged', '=', 1)
      .orderBy('position')
      .orderBy('product_id')
      .execute();
    return rows.map((r) => r.product_id);
  },

  /**
   * Puts `productIds` (all in the category) first, in that order, marked arranged; products arranged before and
   * left out go to the end in their former order. Writes at most the rows whose place changes.
   */
  async arrange(ex: Executor, categoryId: string, productIds: readonly string[]): Promise<void> {
    const before = await this.arranged(ex, categoryId);
    const keep = new Set(productIds);
    const dropped = before.filter((id) => !keep.has(id));
    const top = await ex
      .selectFrom('collection_products')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('collection_id', '=', categoryId)
      .executeTakeFirst();
    let next = Number(top?.p ?? 0) + 1;
    for (const id of dropped) {
      await ex
        .updateTable('collection_products')
        .set({ arranged: 0, position: next++ })
        .where('collection_id', '=', categoryId)
        .where('product_id', '=', id)
        .execute();
    }
    let rest = ex
      .selectFrom('collection_products')
      .select((eb) => eb.fn.min('position').as('p'))
      .where('collection_id', '=', categoryId)
      .where('arranged', '=', 0);
    if (productIds.length > 0) rest = rest.where('product_id', 'not in', [...productIds]);
    const low = await rest.executeTakeFirst();
    const first = (low?.p === null || low?.p === undefined ? 1 : Number(low.p)) - productIds.length;
    for (const [i, id] of productIds.entries()) {
      await ex
        .updateTable('collection_products')
        .set({ arranged: 1, position: first + i })
        .where('collection_id', '=', categoryId)
        .where('product_id', '=', id)
        .execute();
    }
  },

  /** Which of `productIds` the category holds. */
  async members(ex: Executor, categoryId: string, productIds: readonly string[]): Promise<Set<string>> {
    if (productIds.length === 0) return new Set();
    const rows = await ex
      .selectFrom('collection_products')
      .select('product_id')
      .where('collection_id', '=', categoryId)
      .where('product_id', 'in', [...new Set(productIds)])
      .execute();
    return new Set(rows.map((r) => r.product_id));
  },
};
