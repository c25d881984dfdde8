import { STORES_APP_ID } from '@merx/contract';
import { expect } from 'vitest';
import { type Kit, type Res, startKit, unique } from '../products/catalog-test-kit.js';

export const BASE = '/categories/v1/categories';
export const BULK = '/categories/v1/bulk/categories';
export const TREE = { appNamespace: '@wix/stores' };
export const item = (catalogItemId: string) => ({ catalogItemId, appId: STORES_APP_ID });

export interface CategoryKit extends Kit {
  /** Creates a category through v3 (under `parentId` when given) and returns its wire form. */
  category(input?: Record<string, unknown>, parentId?: string): Promise<Res['body']>;
  /** Everything a tree write can change: the collections' tree columns, memberships and the outbox size. */
  snapshot(): Promise<unknown>;
  /** Runs `fn` and asserts that nothing in `snapshot()` changed. */
  unchanged(fn: () => Promise<void>): Promise<void>;
  /** The v1 merchant order of a collection's products (the `featured` sort). */
  v1Order(collectionId: string): Promise<string[]>;
  /** Product ids listed by list-items (first page of 100). */
  items(categoryId: string, arranged?: boolean): Promise<string[]>;
}

export async function startCategoryKit(): Promise<CategoryKit> {
  const kit = await startKit();
  const db = kit.server.merx.db;
  const snapshot = async () => ({
    collections: await db
      .selectFrom('collections')
      .select(['id', 'parent_id', 'sibling_position', 'revision', 'visible', 'slug', 'name', 'description'])
      .orderBy('id')
      .execute(),
    memberships: await db
      .selectFrom('collection_products')
      .select(['collection_id', 'product_id', 'position', 'arranged'])
      .orderBy('collection_id')
      .orderBy('product_id')
      .execute(),
    outbox: (await kit.lastSeq()) as number,
  });
  return {
    ...kit,
    async category(input = {}, parentId) {
      const res = await kit.owner.post(BASE, {
        category: { name: unique('Category '), ...(parentId ? { parentCategory: { id: parentId } } : {}), ...input },
        treeReference: TREE,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.category;
    },
    snapshot,
    async unchanged(fn) {
      const before = await snapshot();
      await fn();
      expect(await snapshot()).toEqual(before);
    },
    async v1Order(collectionId) {
      const res: Res = await kit.owner.getR('/stores-reader/v1/products/query-platformized', {
        query: {
          filter: { collectionIds: { $hasSome: [collectionId] } },
          sort: [{ fieldName: 'featured', order: 'ASC' }],
          paging: { limit: 100 },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.products.map((p: { id: string }) => p.id);
    },
    async items(categoryId, arranged = true) {
      const res = await kit.owner.post(`${BASE}/${categoryId}/list-items`, {
        treeReference: TREE,
        useCategoryArrangement: arranged,
        cursorPaging: { limit: 100 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((i: { catalogItemId: string }) => i.catalogItemId);
    },
  };
}
