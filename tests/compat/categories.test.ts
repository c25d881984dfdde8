/**
 * Categories through the real `@wix/categories` module (and `@wix/stores` v1 collections and products v3's
 * all-products category for the same grouping), as a merchant's script and a storefront drive them: the calls of
 * the module, cursor paging past both ends, moves and their refusals, and the v1 ↔ v3 round trip
 * (docs/decisions/0022-categories.md).
 */
import { ALL_PRODUCTS_COLLECTION_ID, STORES_APP_ID } from '@merx/contract';
import { categories } from '@wix/categories';
import { collections, products, productsV3 } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { compatSuite, sdkError } from './wix-client.js';

const h = compatSuite({ modules: { categories, collections, products, productsV3 } });

const TREE = { appNamespace: '@wix/stores' };
const lastRequest = () => h.requests.at(-1)!;
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const item = (catalogItemId: string) => ({ catalogItemId, appId: STORES_APP_ID });

async function product(name: string): Promise<string> {
  const made = await h.admin.products.createProduct({ name, productType: 'physical', priceData: { price: 5 } });
  return made.product!._id!;
}

describe('categories through @wix/categories', () => {
  let top: categories.Category;
  let child: categories.Category;

  it('createCategory, getCategory with requested fields, getCategoryBySlug, updateCategory with the revision', async () => {
    top = await h.admin.categories.createCategory(
      { name: 'Compat Clothes', description: 'Things to wear', image: 'https://images.example/clothes.png' },
      { treeReference: TREE },
    );
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/categories/v1/categories', status: 200 });
    expect(top).toMatchObject({ name: 'Compat Clothes', revision: '1', visible: true, itemCounter: 0 });
    expect(top.image).toBe('https://images.example/clothes.png');
    expect(top._createdDate).toBeInstanceOf(Date);
    child = await h.admin.categories.createCategory(
      { name: 'Compat Shirts', parentCategory: { _id: top._id! } },
      { treeReference: TREE },
    );
    const read = await h.anon.categories.getCategory(child._id!, TREE, {
      fields: ['BREADCRUMBS_INFO', 'DESCRIPTION', 'RICH_CONTENT_DESCRIPTION'],
    });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/categories/v1/categories/${child._id}`, status: 200 });
    expect(read.breadcrumbsInfo?.breadcrumbs).toEqual([
      { categoryId: top._id, categoryName: 'Compat Clothes', categorySlug: top.slug },
    ]);
    expect(read.parentCategory).toEqual({ _id: top._id, index: 0 });
    const bySlug = await h.anon.categories.getCategoryBySlug(top.slug!, TREE, { fields: ['DESCRIPTION'] });
    expect(bySlug.category).toMatchObject({ _id: top._id, description: 'Things to wear' });
    const renamed = await h.admin.categories.updateCategory(
      top._id!,
      { revision: top.revision!, name: 'Compat Apparel' },
      { treeReference: TREE },
    );
    expect(lastRequest()).toMatchObject({ method: 'PATCH', path: `/categories/v1/categories/${top._id}` });
    expect(renamed).toMatchObject({ name: 'Compat Apparel', revision: '2' });
    top = renamed;
  });

  it('refuses a stale revision, a taken slug, an unknown id and a cyclic move with the codes the SDK passes on', async () => {
    const stale = await sdkError(
      h.admin.categories.updateCategory(top._id!, { revision: '1', name: 'Late' }, { treeReference: TREE }),
    );
    expect(stale.details?.applicationError?.code).toBe('CONCURRENT_MODIFICATION');
    const dup = await sdkError(
      h.admin.categories.createCategory({ name: 'Dup', slug: top.slug! }, { treeReference: TREE }),
    );
    expect(dup.details?.applicationError?.code).toBe('DUPLICATE_SLUG');
    const missing = await sdkError(h.anon.categories.getCategory(NO_SUCH_ID, TREE));
    expect(missing.details?.applicationError?.code).toBe('CATEGORY_NOT_FOUND');
    const cycle = await sdkError(
      h.admin.categories.moveCategory(top._id!, TREE, { parentCategoryId: child._id!, position: 'LAST' }),
    );
    expect(cycle.details?.applicationError?.code).toBe('TREE_CYCLE_DETECTED');
    expect(cycle.details?.applicationError?.data).toMatchObject({ field: 'parentCategoryId' });
    const visitorWrite = await sdkError(h.anon.categories.createCategory({ name: 'x' }, { treeReference: TREE }));
    expect([401, 403]).toContain(visitorWrite.response?.status ?? visitorWrite.status);
  });

  it('moveCategory FIRST and AFTER, and the order reads back as parentCategory.index', async () => {
    const second = await h.admin.categories.createCategory(
      { name: 'Compat Trousers', parentCategory: { _id: top._id! } },
      { treeReference: TREE },
    );
    const first = await h.admin.categories.moveCategory(second._id!, TREE, {
      parentCategoryId: top._id!,
      position: 'FIRST',
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/categories/v1/categories/${second._id}/move` });
    expect(first.categoriesAfterMove).toEqual([second._id, child._id]);
    const after = await h.admin.categories.moveCategory(second._id!, TREE, {
      parentCategoryId: top._id!,
      position: 'AFTER',
      moveAfterCategoryId: child._id!,
    });
    expect(after.categoriesAfterMove).toEqual([child._id, second._id]);
    expect((await h.anon.categories.getCategory(second._id!, TREE)).parentCategory?.index).toBe(1);
  });

  it('queryCategories pages with cursors past both ends; countCategories and searchCategories agree', async () => {
    for (let i = 0; i < 4; i++) {
      await h.admin.categories.createCategory(
        { name: `Compat Page ${i}`, parentCategory: { _id: child._id! } },
        { treeReference: TREE },
      );
    }
    const query = () =>
      h.anon.categories.queryCategories({ treeReference: TREE }).eq('parentCategory.id', child._id).limit(3);
    const page1 = await query().find();
    expect(page1.items.map((c) => c.name)).toEqual(['Compat Page 0', 'Compat Page 1', 'Compat Page 2']);
    expect(page1.hasPrev()).toBe(false);
    expect(page1.hasNext()).toBe(true);
    const page2 = await page1.next();
    expect(page2.items.map((c) => c.name)).toEqual(['Compat Page 3']);
    expect(page2.hasNext()).toBe(false);
    const back = await page2.prev();
    expect(back.items.map((c) => c.name)).toEqual(['Compat Page 0', 'Compat Page 1', 'Compat Page 2']);
    const sorted = await h.anon.categories
      .queryCategories({ treeReference: TREE })
      .eq('parentCategory.id', child._id)
      .descending('name')
      .find();
    expect(sorted.items[0]?.name).toBe('Compat Page 3');
    const { count } = await h.anon.categories.countCategories({
      treeReference: TREE,
      filter: { 'parentCategory.id': child._id },
    });
    expect(count).toBe(4);
    const found = await h.anon.categories.searchCategories(
      { search: { expression: 'page 2' }, filter: { 'parentCategory.id': child._id } },
      { treeReference: TREE },
    );
    expect(found.categories?.map((c) => c.name)).toEqual(['Compat Page 2']);
  });

  it('places products in a category, lists them with cursors, arranges them, and lists the categories of a product', async () => {
    const ids = [await product('Compat Tee A'), await product('Compat Tee B'), await product('Compat Tee C')];
    const added = await h.admin.categories.bulkAddItemsToCategory(child._id!, ids.map(item), { treeReference: TREE });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/categories/v1/bulk/categories/${child._id}/add-items`,
    });
    expect(added.bulkActionMetadata).toMatchObject({ totalSuccesses: 3, totalFailures: 0 });
    const seen: string[] = [];
    let page = await h.anon.categories.listItemsInCategory(child._id!, TREE, {
      useCategoryArrangement: true,
      cursorPaging: { limit: 2 },
    });
    seen.push(...page.items.map((i) => i.catalogItemId));
    expect(page.pagingMetadata?.cursors?.prev ?? null).toBeNull();
    while (page.pagingMetadata?.cursors?.next) {
      page = await h.anon.categories.listItemsInCategory(child._id!, TREE, {
        useCategoryArrangement: true,
        cursorPaging: { limit: 2, cursor: page.pagingMetadata.cursors.next },
      });
      seen.push(...page.items.map((i) => i.catalogItemId));
    }
    expect(seen).toEqual(ids);
    expect(page.pagingMetadata?.cursors?.prev).toBeTruthy();
    const back = await h.anon.categories.listItemsInCategory(child._id!, TREE, {
      useCategoryArrangement: true,
      cursorPaging: { limit: 2, cursor: page.pagingMetadata!.cursors!.prev! },
    });
    expect(back.items.map((i) => i.catalogItemId)).toEqual(ids.slice(0, 2));

    const arranged = await h.admin.categories.setArrangedItems(child._id!, TREE, { items: [item(ids[2]!)] });
    expect(arranged.items.map((i) => i.catalogItemId)).toEqual([ids[2]]);
    expect((await h.anon.categories.getArrangedItems(child._id!, TREE)).items.map((i) => i.catalogItemId)).toEqual([
      ids[2],
    ]);
    // The v1 merchant order of the same collection.
    const v1 = await h.anon.products
      .queryProducts()
      .hasSome('collectionIds', [child._id!])
      .ascending('featured' as 'name')
      .find();
    expect(v1.items.map((p) => p._id)).toEqual([ids[2], ids[0], ids[1]]);

    const forItem = await h.anon.categories.listCategoriesForItem(item(ids[0]!), { treeReference: TREE });
    expect(forItem.directCategoryIds.sort()).toEqual([ALL_PRODUCTS_COLLECTION_ID, child._id].sort());
    expect(forItem.allCategoryIds.sort()).toEqual([ALL_PRODUCTS_COLLECTION_ID, child._id, top._id].sort());
    const forItems = await h.anon.categories.listCategoriesForItems([item(ids[0]!), item(ids[1]!)], {
      treeReference: TREE,
    });
    // The package sends this call as a GET whose query string cannot carry a list of objects, so the items are
    // left out of the request (its POST fallback is only for long URLs): the answer is rightly empty. The POST
    // form, which carries them, is tested in the server's categories tests.
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/categories/v1/categories/list-categories-for-items' });
    expect([...lastRequest().params.keys()]).toEqual(['treeReference.appNamespace']);
    expect(forItems.categoriesForItems).toEqual([]);

    const removed = await h.admin.categories.bulkRemoveItemsFromCategory(child._id!, [item(ids[1]!)], {
      treeReference: TREE,
    });
    expect(removed.bulkActionMetadata?.totalSuccesses).toBe(1);
    const toMany = await h.admin.categories.bulkAddItemToCategories(item(ids[1]!), {
      categoryIds: [top._id!, NO_SUCH_ID],
      treeReference: TREE,
    });
    expect(toMany.results.map((r) => r.itemMetadata?.success)).toEqual([true, false]);
    const fromMany = await h.admin.categories.bulkRemoveItemFromCategories(item(ids[1]!), {
      categoryIds: [top._id!],
      treeReference: TREE,
    });
    expect(fromMany.bulkActionMetadata?.totalSuccesses).toBe(1);
    const set = await h.admin.categories.bulkSetItemCategories(item(ids[1]!), {
      categoryIds: [child._id!],
      treeReference: TREE,
    });
    expect(set.removeResults).toEqual([]);
    expect(set.addResults?.map((r) => r.itemMetadata?._id)).toEqual([child._id]);
  });

  it('updateCategoryVisibility hides the subtree; bulkShowCategories shows it; bulkUpdateCategories reports each', async () => {
    const current = await h.admin.categories.getCategory(top._id!, TREE);
    const hidden = await h.admin.categories.updateCategoryVisibility(top._id!, {
      visible: false,
      revision: current.revision!,
      treeReference: TREE,
    });
    expect(hidden.category?.visible).toBe(false);
    const gone = await sdkError(h.anon.categories.getCategory(child._id!, TREE));
    expect(gone.details?.applicationError?.code).toBe('CATEGORY_NOT_FOUND');
    const shown = await h.admin.categories.bulkShowCategories([top._id!, child._id!], {
      treeReference: TREE,
      returnEntity: true,
    });
    expect(shown.bulkActionMetadata.totalSuccesses).toBe(2);
    const fresh = await h.admin.categories.getCategory(child._id!, TREE);
    const bulk = await h.admin.categories.bulkUpdateCategories(
      [{ category: { _id: child._id!, revision: fresh.revision!, name: 'Compat Tops' } }],
      { treeReference: TREE, returnEntity: true },
    );
    expect(bulk.results[0]?.category?.name).toBe('Compat Tops');
    const trees = await h.anon.categories.listTrees();
    expect(trees.trees).toEqual([{ appNamespace: '@wix/stores' }]);
  });

  it('a category is a v1 collection and a v1 collection is a category', async () => {
    const asCollection = await h.anon.collections.getCollection(child._id!);
    expect(asCollection).toMatchObject({ _id: child._id, name: 'Compat Tops', slug: child.slug });
    const made = await h.admin.products.createCollection({ name: 'Compat V1 Collection' });
    const asCategory = await h.anon.categories.getCategory(made.collection!._id!, TREE);
    expect(asCategory).toMatchObject({ _id: made.collection!._id, name: 'Compat V1 Collection', itemCounter: 0 });
    const { categoryId, treeReference } = await h.anon.productsV3.getAllProductsCategory();
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/stores/v3/all-products-category', status: 200 });
    expect(categoryId).toBe(ALL_PRODUCTS_COLLECTION_ID);
    expect(treeReference?.appNamespace).toBe('@wix/stores');
    const all = await h.anon.categories.getCategory(categoryId!, TREE);
    expect(all.itemCounter).toBeGreaterThanOrEqual(3);
  });

  it('deleteCategory removes the category with its subcategories', async () => {
    await h.admin.categories.deleteCategory(top._id!, TREE);
    expect(lastRequest()).toMatchObject({
      method: 'DELETE',
      path: `/categories/v1/categories/${top._id}`,
      status: 200,
    });
    for (const id of [top._id!, child._id!]) {
      const gone = await sdkError(h.admin.categories.getCategory(id, TREE));
      expect(gone.details?.applicationError?.code).toBe('CATEGORY_NOT_FOUND');
    }
  });
});
