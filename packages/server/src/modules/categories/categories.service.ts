import {
  ALL_PRODUCTS_COLLECTION_ID,
  CATEGORY_LIMITS,
  type Category,
  type CategoryCreateInput,
  type CategoryUpdateInput,
  categoryEventTypes,
  errorCodes,
  eventTypes,
  STORES_TREE_NAMESPACE,
} from '@merx/contract';
import { bumpDataVersion, type Executor, type UnitOfWork, withTransaction } from '@merx/db';
import { AppError } from '@merx/domain';
import type { EventIdentity } from '../../events/identity.js';
import { identityOf, type Who } from '../../events/identity.js';
import { newId } from '../../lib/ids.js';
import { selectCollections } from '../collections/collections.repo.js';
import type { ModuleDeps } from '../module.js';
import { productsInCategories, refreshFacetKeys } from '../products/facet-keys.js';
import { CATALOG_VERSION } from '../products/products.repo.js';
import { chooseSlug } from '../products/slugs.js';
import { categoryErrors as err } from './categories.errors.js';
import { type CategoryRow, categoriesOf, type Fields, plainTextOf } from './categories.mapper.js';
import { categoriesRepo as tree } from './categories.repo.js';

type Uow = UnitOfWork;

/** The image kept as the collection's one media item (as v1 keeps it). */
function mediaOfImage(image: CategoryCreateInput['image']): string {
  if (!image) return '[]';
  const { url, width, height, altText } = image;
  return JSON.stringify([
    { id: newId(), mediaType: 'image', url, width: width ?? 0, height: height ?? 0, title: altText ?? '' },
  ]);
}

/** Plain and rich description from what was sent: either one alone gives the other. */
function descriptions(input: Pick<CategoryCreateInput, 'description' | 'richContentDescription'>) {
  const rich = input.richContentDescription ?? null;
  const description = input.description ?? (rich ? plainTextOf(rich as { nodes?: unknown[] }) : null);
  return { description: description || null, rich_description: rich ? JSON.stringify(rich) : null };
}

/**
 * Categories of the store's tree over the collections (docs/decisions/0022-categories.md): create, read, update
 * with compare-and-set on the revision, delete with the subtree, move, visibility, query, search and count. Every
 * write is one transaction with its events (the category's and the v1 collection's).
 */
export function createCategoryService(deps: ModuleDeps) {
  async function load(ex: Executor, id: string, elevated: boolean, field?: string): Promise<CategoryRow> {
    const row = await selectCollections(ex, elevated).where('collections.id', '=', id).executeTakeFirst();
    if (!row || (!elevated && row.visible !== 1)) throw err.missing(id, field);
    return row;
  }

  async function wire(ex: Executor, row: CategoryRow, fields: Fields): Promise<Category> {
    return (await categoriesOf(ex, [row], fields))[0] as Category;
  }

  /** Levels from the top down to `id` included (a top-level category is at depth 1). */
  async function depthOf(ex: Executor, id: string): Promise<number> {
    const node = (await tree.nodes(ex, [id])).get(id);
    if (!node) return 0;
    return ((await tree.ancestors(ex, [node])).get(id)?.length ?? 0) + 1;
  }

  /** Checks that `parentId` can hold `subtreeHeight` more levels; returns whether the parent is visible. */
  async function checkParent(ex: Executor, parentId: string, subtreeHeight: number, field: string) {
    if (parentId === ALL_PRODUCTS_COLLECTION_ID) throw err.allProducts(field);
    const parent = (await tree.nodes(ex, [parentId])).get(parentId);
    if (!parent) throw err.parentMissing(parentId, field);
    const depth = (await depthOf(ex, parentId)) + subtreeHeight;
    if (depth > CATEGORY_LIMITS.maxDepth) throw err.tooDeep(depth, CATEGORY_LIMITS.maxDepth, field);
    return parent.visible === 1;
  }

  async function slugFor(
    ex: Executor,
    wanted: string | null | undefined,
    name: string,
    field: string,
    selfId?: string,
  ) {
    try {
      return await chooseSlug(ex, 'collection', { wanted, name, selfId });
    } catch (error) {
      if (error instanceof AppError && error.code === errorCodes.slugAlreadyExists)
        throw err.duplicateSlug(String(wanted), field);
      throw error;
    }
  }

  async function emit(
    uow: Uow,
    id: string,
    what: 'created' | 'updated' | 'deleted',
    identity: EventIdentity,
    extra: object = {},
  ) {
    const v1 = {
      created: eventTypes.collectionCreated,
      updated: eventTypes.collectionChanged,
      deleted: eventTypes.collectionDeleted,
    };
    await deps.outbox.append(uow, [
      { type: categoryEventTypes[what], entityId: id, payload: { categoryId: id, ...extra }, identity },
      {
        type: v1[what],
        entityId: id,
        payload: { collection_Id: id, originatedFromVersion: 'V3_CATALOG', ...extra },
        identity,
      },
    ]);
  }

  /** Hides `id` and everything under it; returns the ids whose flag changed. */
  async function hideSubtree(ex: Executor, id: string, now: string): Promise<string[]> {
    const ids = (await tree.subtree(ex, id)).flat();
    const shown = await ex
      .selectFrom('collections')
      .select('id')
      .where('id', 'in', ids)
      .where('visible', '=', 1)
      .execute();
    const changed = shown.map((r) => r.id);
    if (changed.length > 0) {
      await ex
        .updateTable('collections')
        .set((eb) => ({ visible: 0, updated_date: now, revision: eb('revision', '+', 1) }))
        .where('id', 'in', changed)
        .execute();
    }
    return changed;
  }

  /**
   * Places `id` under `parentId` (null: top level) at `position`, as `identity` (whom the event names); returns the
   * parent's children in order.
   */
  async function place(
    uow: Uow,
    id: string,
    parentId: string | null,
    position: 'FIRST' | 'LAST' | 'AFTER',
    afterId: string | null,
    field: string,
    identity: EventIdentity,
    bump = true,
  ): Promise<string[]> {
    const ex = uow.trx;
    const now = deps.clock.now().toISOString();
    if (parentId !== null) {
      if (parentId === id) throw err.cycle(id, parentId, field);
      const levels = await tree.subtree(ex, id);
      if (levels.flat().includes(parentId)) throw err.cycle(id, parentId, field);
      const parentVisible = await checkParent(ex, parentId, levels.length, field);
      if (!parentVisible) await hideSubtree(ex, id, now);
    }
    const siblings = (await tree.childIds(ex, parentId)).filter((s) => s !== id);
    let at = position === 'FIRST' ? 0 : siblings.length;
    if (position === 'AFTER') {
      if (!afterId) throw err.missingAfter();
      const i = siblings.indexOf(afterId);
      if (i < 0) throw err.afterNotInParent(afterId);
      at = i + 1;
    }
    const ordered = [...siblings.slice(0, at), id, ...siblings.slice(at)];
    // An update that moves has bumped the revision already; a move on its own bumps it here.
    await ex
      .updateTable('collections')
      .set((eb) => ({ parent_id: parentId, updated_date: now, ...(bump ? { revision: eb('revision', '+', 1) } : {}) }))
      .where('id', '=', id)
      .execute();
    await tree.placeChildren(ex, ordered);
    await deps.outbox.append(uow, {
      type: categoryEventTypes.moved,
      entityId: id,
      payload: {
        categoryId: id,
        parentCategory: { id: parentId, index: ordered.indexOf(id) },
        treeReference: { appNamespace: STORES_TREE_NAMESPACE },
      },
      identity,
    });
    return ordered;
  }

  async function create(input: CategoryCreateInput, fields: Fields, who?: Who): Promise<Category> {
    return withTransaction(deps.db, async (uow) => {
      const ex = uow.trx;
      if ((await tree.count(ex)) >= CATEGORY_LIMITS.maxCategories) throw err.tooMany(CATEGORY_LIMITS.maxCategories);
      const parentId = input.parentCategory?.id ?? null;
      const field = 'category.parentCategory.id';
      if (parentId !== null) {
        const parentVisible = await checkParent(ex, parentId, 1, field);
        if (!parentVisible && input.visible !== false) throw err.parentHidden(parentId, field);
      }
      const id = newId();
      const now = deps.clock.now().toISOString();
      const slug = await slugFor(ex, input.slug, input.name, 'category.slug');
      const siblings = await tree.childIds(ex, parentId);
      await ex
        .insertInto('collections')
        .values({
          id,
          slug,
          name: input.name,
          ...descriptions(input),
          visible: input.visible === false ? 0 : 1,
          media: mediaOfImage(input.image),
          created_date: now,
          updated_date: now,
          revision: 1,
          parent_id: parentId,
          seo_data: input.seoData ? JSON.stringify(input.seoData) : null,
        })
        .execute();
      await tree.placeChildren(ex, [...siblings, id]);
      await emit(uow, id, 'created', identityOf(who), { name: input.name, slug, visible: input.visible !== false });
      return wire(ex, await load(ex, id, true), fields);
    });
  }

  async function update(
    id: string,
    patch: CategoryUpdateInput,
    fields: Fields,
    at = 'category',
    who?: Who,
  ): Promise<Category> {
    if (id === ALL_PRODUCTS_COLLECTION_ID) throw err.allProducts();
    return withTransaction(deps.db, async (uow) => {
      const ex = uow.trx;
      const before = await load(ex, id, true);
      if (Number(patch.revision) !== before.revision) throw err.stale(id, before.revision);
      const changed: string[] = [];
      const set: Record<string, unknown> = { updated_date: deps.clock.now().toISOString() };
      if (patch.name !== undefined && patch.name !== before.name) {
        set.name = patch.name;
        changed.push('name');
      }
      if (patch.slug != null && patch.slug !== before.slug) {
        set.slug = await slugFor(ex, patch.slug, before.name, `${at}.slug`, id);
        changed.push('slug');
      }
      if (patch.description !== undefined || patch.richContentDescription !== undefined) {
        Object.assign(set, descriptions(patch));
        changed.push('description');
      }
      if (patch.image !== undefined) {
        set.media = mediaOfImage(patch.image);
        changed.push('image');
      }
      if (patch.seoData !== undefined) {
        set.seo_data = patch.seoData ? JSON.stringify(patch.seoData) : null;
        changed.push('seoData');
      }
      const res = await ex
        .updateTable('collections')
        .set({ ...set, revision: before.revision + 1 })
        .where('id', '=', id)
        .where('revision', '=', before.revision)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw err.stale(id, before.revision);
      const parentId = patch.parentCategory === undefined ? before.parent_id : (patch.parentCategory?.id ?? null);
      if (parentId !== before.parent_id) {
        await place(uow, id, parentId, 'LAST', null, `${at}.parentCategory.id`, identityOf(who), false);
        changed.push('parentCategory');
      }
      await emit(uow, id, 'updated', identityOf(who), { changedFields: changed });
      return wire(ex, await load(ex, id, true), fields);
    });
  }

  async function setVisibility(id: string, visible: boolean, revision: string | null, fields: Fields, who?: Who) {
    if (id === ALL_PRODUCTS_COLLECTION_ID) throw err.allProducts('categoryId');
    return withTransaction(deps.db, async (uow) => {
      const ex = uow.trx;
      const before = await load(ex, id, true);
      if (revision !== null && Number(revision) !== before.revision) throw err.stale(id, before.revision);
      const now = deps.clock.now().toISOString();
      let changed: string[] = [];
      if (visible && before.visible !== 1) {
        const parent = before.parent_id ? (await tree.nodes(ex, [before.parent_id])).get(before.parent_id) : undefined;
        if (parent && parent.visible !== 1) throw err.parentHidden(parent.id, 'visible');
        await ex
          .updateTable('collections')
          .set({ visible: 1, updated_date: now, revision: before.revision + 1 })
          .where('id', '=', id)
          .execute();
        changed = [id];
      } else if (!visible) {
        changed = await hideSubtree(ex, id, now);
      }
      for (const c of changed) await emit(uow, c, 'updated', identityOf(who), { changedFields: ['visible'] });
      return wire(ex, await load(ex, id, true), fields);
    });
  }

  async function remove(id: string, who?: Who): Promise<void> {
    if (id === ALL_PRODUCTS_COLLECTION_ID) throw err.allProducts('categoryId');
    await withTransaction(deps.db, async (uow) => {
      const ex = uow.trx;
      await load(ex, id, true);
      const ids = (await tree.subtree(ex, id)).flat().reverse();
      const placed = await productsInCategories(ex, ids);
      await ex.deleteFrom('collection_products').where('collection_id', 'in', ids).execute();
      await ex.deleteFrom('collections').where('id', 'in', ids).execute();
      await refreshFacetKeys(ex, placed);
      await bumpDataVersion(ex, CATALOG_VERSION);
      for (const c of ids) await emit(uow, c, 'deleted', identityOf(who));
    });
  }

  async function move(
    id: string,
    input: {
      parentCategoryId?: string | null;
      position: 'FIRST' | 'LAST' | 'AFTER';
      moveAfterCategoryId?: string | null;
    },
    who?: Who,
  ) {
    if (id === ALL_PRODUCTS_COLLECTION_ID) throw err.allProducts('categoryId');
    return withTransaction(deps.db, async (uow) => {
      await load(uow.trx, id, true);
      const parentId = input.parentCategoryId || null;
      const ordered = await place(
        uow,
        id,
        parentId,
        input.position,
        input.moveAfterCategoryId ?? null,
        'parentCategoryId',
        identityOf(who),
      );
      return { parentCategoryId: parentId, categoriesAfterMove: ordered.slice(0, 100) };
    });
  }

  /** Runs each write on its own; an application error fails that item only. */
  async function bulk(work: ReadonlyArray<{ id: string; run: () => Promise<Category> }>, returnEntity: boolean) {
    const results = [];
    for (const [originalIndex, { id, run }] of work.entries()) {
      try {
        const category = await run();
        results.push({ itemMetadata: { id, originalIndex, success: true }, ...(returnEntity ? { category } : {}) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const failure = { code: error.code, description: error.message, data: error.data };
        results.push({ itemMetadata: { id, originalIndex, success: false, error: failure } });
      }
    }
    const totalSuccesses = results.filter((r) => r.itemMetadata.success).length;
    return {
      results,
      bulkActionMetadata: { totalSuccesses, totalFailures: results.length - totalSuccesses, undetailedFailures: 0 },
    };
  }

  return {
    load,
    bulk,
    create,
    update,
    remove,
    move,
    setVisibility,

    async get(id: string, elevated: boolean, fields: Fields) {
      return wire(deps.db, await load(deps.db, id, elevated), fields);
    },

    async getBySlug(slug: string, elevated: boolean, fields: Fields) {
      const row = await selectCollections(deps.db, elevated).where('collections.slug', '=', slug).executeTakeFirst();
      if (!row || (!elevated && row.visible !== 1)) throw err.missing(slug, 'slug');
      return wire(deps.db, row, fields);
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
