import {
  ALL_PRODUCTS_COLLECTION_ID,
  CATEGORY_LIMITS,
  categoryEventTypes,
  eventTypes,
  type ItemReference,
  STORES_APP_ID,
  STORES_TREE_NAMESPACE,
} from '@merx/contract';
import { bumpDataVersion, decodeCursor, type Executor, encodeCursor, type UnitOfWork, withTransaction } from '@merx/db';
import { AppError, invalid } from '@merx/domain';
import type { EventIdentity } from '../../events/identity.js';
import { identityOf, type Who } from '../../events/identity.js';
import { createCollectionsRepo } from '../collections/collections.repo.js';
import type { ModuleDeps } from '../module.js';
import { CATALOG_VERSION } from '../products/products.repo.js';
import { categoryErrors as err } from './categories.errors.js';
import { categoriesRepo as tree } from './categories.repo.js';
import type { CategoryService } from './categories.service.js';

const treeReference = { appNamespace: STORES_TREE_NAMESPACE };
const itemOf = (productId: string) => ({ catalogItemId: productId, appId: STORES_APP_ID });

function failureOf(error: unknown) {
  if (error instanceof AppError) return { code: error.code, description: error.message, data: error.data };
  throw error;
}

function metadata<T extends { itemMetadata: { success: boolean } }>(results: T[]) {
  const totalSuccesses = results.filter((r) => r.itemMetadata.success).length;
  return { totalSuccesses, totalFailures: results.length - totalSuccesses, undetailedFailures: 0 };
}

type Change = 'added' | 'removed';

/**
 * Products placed in categories (docs/decisions/0022-categories.md): a category's items are its collection's
 * products, in the collection's order, so v1 and v3 see the same membership and order.
 */
export function createCategoryItems(deps: ModuleDeps, categories: CategoryService) {
  const collections = createCollectionsRepo();

  /** Events of a membership change: the category's per item, the v1 collection's and the products'. */
  async function changed(
    uow: UnitOfWork,
    categoryId: string,
    productIds: string[],
    how: Change,
    identity: EventIdentity,
  ) {
    if (productIds.length === 0) return;
    await collections.touch(uow.trx, [categoryId], deps.clock.now().toISOString());
    const type = how === 'added' ? categoryEventTypes.itemAdded : categoryEventTypes.itemRemoved;
    const key = how === 'added' ? 'addedItem' : 'removedItem';
    await deps.outbox.append(uow, [
      ...productIds.map((productId) => ({
        type,
        entityId: categoryId,
        payload: { categoryId, [key]: itemOf(productId), treeReference },
        identity,
      })),
      {
        type: eventTypes.collectionChanged,
        entityId: categoryId,
        payload: { collection_Id: categoryId, changedFields: ['productIds'], originatedFromVersion: 'V3_CATALOG' },
        identity,
      },
      ...productIds.map((productId) => ({
        type: eventTypes.productChanged,
        entityId: productId,
        payload: { productId, changedFields: ['collectionIds'] },
        identity,
      })),
    ]);
  }

  /** Adds or removes products of one category; the products that do not exist fail one by one. */
  async function apply(
    uow: UnitOfWork,
    categoryId: string,
    productIds: readonly string[],
    how: Change,
    identity: EventIdentity,
  ) {
    const exist = await tree.existingProducts(uow.trx, productIds);
    const ok = productIds.filter((id) => exist.has(id));
    const done =
      how === 'added'
        ? await collections.addProducts(uow.trx, categoryId, ok)
        : await collections.removeProducts(uow.trx, categoryId, ok);
    await changed(uow, categoryId, done, how, identity);
    return exist;
  }

  /** One category's items added or removed, a result per item. */
  async function itemsOfCategory(categoryId: string, items: readonly ItemReference[], how: Change, who?: Who) {
    if (categoryId === ALL_PRODUCTS_COLLECTION_ID) throw err.allProducts('categoryId');
    return withTransaction(deps.db, async (uow) => {
      await categories.load(uow.trx, categoryId, true, 'categoryId');
      const exist = await apply(
        uow,
        categoryId,
        items.map((i) => i.catalogItemId),
        how,
        identityOf(who),
      );
      const results = items.map((item, originalIndex) => {
        const found = exist.has(item.catalogItemId);
        return {
          itemMetadata: {
            item,
            originalIndex,
            success: found,
            ...(found ? {} : { error: failureOf(err.itemMissing(item.catalogItemId)) }),
          },
        };
      });
      return { results, bulkActionMetadata: metadata(results) };
    });
  }

  /** One item added to or removed from several categories, a result per category. */
  async function itemInCategories(
    uow: UnitOfWork,
    item: ItemReference,
    categoryIds: readonly string[],
    how: Change,
    identity: EventIdentity,
  ) {
    const results = [];
    const exists = (await tree.existingProducts(uow.trx, [item.catalogItemId])).size > 0;
    for (const [originalIndex, id] of categoryIds.entries()) {
      try {
        if (id === ALL_PRODUCTS_COLLECTION_ID) throw err.allProducts(`categoryIds[${originalIndex}]`);
        await categories.load(uow.trx, id, true, `categoryIds[${originalIndex}]`);
        if (!exists) throw err.itemMissing(item.catalogItemId);
        await apply(uow, id, [item.catalogItemId], how, identity);
        results.push({ itemMetadata: { id, originalIndex, success: true } });
      } catch (error) {
        results.push({ itemMetadata: { id, originalIndex, success: false, error: failureOf(error) } });
      }
    }
    return results;
  }

  /** Ids of the categories above the given ones (not themselves). */
  async function ancestorIds(ex: Executor, ids: readonly string[]): Promise<string[]> {
    const nodes = [...(await tree.nodes(ex, ids)).values()];
    const chains = await tree.ancestors(ex, nodes);
    const own = new Set(ids);
    return [...new Set([...chains.values()].flat().map((n) => n.id))].filter((id) => !own.has(id));
  }

  async function categoriesForItems(items: readonly ItemReference[], elevated: boolean) {
    const direct = await tree.directCategories(
      deps.db,
      items.map((i) => i.catalogItemId),
      elevated,
    );
    const out = [];
    for (const item of items) {
      const ids = direct.get(item.catalogItemId) ?? [];
      out.push({ item, directCategoryIds: ids, indirectCategoryIds: await ancestorIds(deps.db, ids) });
    }
    return out;
  }

  return {
    addItems: (categoryId: string, items: readonly ItemReference[], who?: Who) =>
      itemsOfCategory(categoryId, items, 'added', who),
    removeItems: (categoryId: string, items: readonly ItemReference[], who?: Who) =>
      itemsOfCategory(categoryId, items, 'removed', who),

    async itemToCategories(item: ItemReference, categoryIds: readonly string[], how: Change, who?: Who) {
      const identity = identityOf(who);
      const results = await withTransaction(deps.db, (uow) => itemInCategories(uow, item, categoryIds, how, identity));
      return { results, bulkActionMetadata: metadata(results) };
    },

    /** Makes the item's categories exactly `categoryIds` (All Products stays, whatever is sent). */
    async setItemCategories(item: ItemReference, categoryIds: readonly string[], who?: Who) {
      const identity = identityOf(who);
      return withTransaction(deps.db, async (uow) => {
        if ((await tree.existingProducts(uow.trx, [item.catalogItemId])).size === 0)
          throw err.itemMissing(item.catalogItemId);
        const wanted = [...new Set(categoryIds)].filter((id) => id !== ALL_PRODUCTS_COLLECTION_ID);
        const now = (await tree.directCategories(uow.trx, [item.catalogItemId], true)).get(item.catalogItemId) ?? [];
        const current = now.filter((id) => id !== ALL_PRODUCTS_COLLECTION_ID);
        const toAdd = wanted.filter((id) => !current.includes(id));
        const toRemove = current.filter((id) => !wanted.includes(id));
        const addResults = await itemInCategories(uow, item, toAdd, 'added', identity);
        const removeResults = await itemInCategories(uow, item, toRemove, 'removed', identity);
        return { addResults, removeResults, bulkActionMetadata: metadata([...addResults, ...removeResults]) };
      });
    },

    async listItems(
      categoryId: string,
      opts: {
        cursor?: string | null | undefined;
        limit?: number | null | undefined;
        arranged: boolean;
        withSubcategories: boolean;
        elevated: boolean;
      },
    ) {
      await categories.load(deps.db, categoryId, opts.elevated, 'categoryId');
      const scope = `category-items:${categoryId}:${opts.arranged ? 1 : 0}${opts.withSubcategories ? 1 : 0}`;
      const limit = opts.limit ?? 50;
      const offset = opts.cursor
        ? decodeCursor(opts.cursor, deps.cursorSecret, 'cursorPaging.cursor', scope).offset
        : 0;
      if (offset < 0) throw invalid('cursorPaging.cursor', 'invalid cursor');
      let ids = [categoryId];
      if (opts.withSubcategories) {
        ids = (await tree.subtree(deps.db, categoryId)).flat();
        if (!opts.elevated) {
          const nodes = await tree.nodes(deps.db, ids);
          ids = ids.filter((id) => nodes.get(id)?.visible === 1);
        }
      }
      const rows = await tree.items(deps.db, ids, {
        elevated: opts.elevated,
        arranged: opts.arranged,
        offset,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const cursorAt = (at: number) =>
        encodeCursor({ filter: null, sort: [], offset: at, limit }, deps.cursorSecret, scope);
      const next = rows.length > limit ? cursorAt(offset + limit) : null;
      const prev = offset > 0 ? cursorAt(Math.max(0, offset - limit)) : null;
      return {
        items: page.map(itemOf),
        pagingMetadata: { count: page.length, cursors: { next, prev }, hasNext: next !== null },
      };
    },

    async categoriesForItem(item: ItemReference, elevated: boolean) {
      const [one] = await categoriesForItems([item], elevated);
      const direct = one?.directCategoryIds ?? [];
      return { directCategoryIds: direct, allCategoryIds: [...direct, ...(one?.indirectCategoryIds ?? [])] };
    },

    async categoriesForItems(items: readonly ItemReference[], elevated: boolean) {
      return { categoriesForItems: await categoriesForItems(items, elevated) };
    },

    /** Puts the items (all already in the category) first, in this order. */
    async setArranged(categoryId: string, items: readonly ItemReference[], who?: Who) {
      const identity = identityOf(who);
      const ids = items.map((i) => i.catalogItemId);
      const seen = new Set<string>();
      const twice = ids.findIndex((id) => seen.size === seen.add(id).size);
      if (twice >= 0) throw invalid(`items[${twice}].catalogItemId`, 'is listed twice');
      return withTransaction(deps.db, async (uow) => {
        await categories.load(uow.trx, categoryId, true, 'categoryId');
        const members = await tree.members(uow.trx, categoryId, ids);
        const missing = ids.findIndex((id) => !members.has(id));
        if (missing >= 0) throw err.itemNotInCategory(ids[missing] as string, `items[${missing}].catalogItemId`);
        await tree.arrange(uow.trx, categoryId, ids);
        // The v1 merchant order (the `featured` sort) reads these positions; cached v1 answers must go.
        await bumpDataVersion(uow.trx, CATALOG_VERSION);
        await collections.touch(uow.trx, [categoryId], deps.clock.now().toISOString());
        await deps.outbox.append(uow, [
          {
            type: categoryEventTypes.itemsArranged,
            entityId: categoryId,
            payload: { categoryId, treeReference },
            identity,
          },
          {
            type: eventTypes.collectionChanged,
            entityId: categoryId,
            payload: { collection_Id: categoryId, changedFields: ['productIds'], originatedFromVersion: 'V3_CATALOG' },
            identity,
          },
        ]);
        return { items: (await tree.arranged(uow.trx, categoryId)).map(itemOf) };
      });
    },

    async getArranged(categoryId: string, elevated: boolean) {
      await categories.load(deps.db, categoryId, elevated, 'categoryId');
      return { items: (await tree.arranged(deps.db, categoryId)).slice(0, CATEGORY_LIMITS.maxArranged).map(itemOf) };
    },
  };
}

export type CategoryItems = ReturnType<typeof createCategoryItems>;
