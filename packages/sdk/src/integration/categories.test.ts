import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxApplicationError, MerxClientError } from '../errors.js';
import { categories } from '../modules/categories.js';
import { collections } from '../modules/collections.js';
import { products } from '../modules/products.js';
import { type SdkKit, startSdkKit, unique } from './kit.js';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(() => kit?.close());

describe('categories through @merx/sdk', () => {
  it('builds a tree, places and arranges products, pages them, and refuses a cyclic move', async () => {
    const admin = kit.admin({ categories, products });
    const top = await admin.categories.createCategory({ name: unique('Sdk top ') });
    const child = await admin.categories.createCategory({ name: unique('Sdk child '), parentCategory: { id: top.id } });
    const crumbs = await admin.categories.getCategory(child.id, { fields: ['BREADCRUMBS_INFO'] });
    expect(crumbs.breadcrumbsInfo?.breadcrumbs.map((b) => b.categoryId)).toEqual([top.id]);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(
        (await admin.products.createProduct({ name: unique(`Sdk p${n} `), priceData: { price: 5 } })).product.id,
      );
    }
    const added = await admin.categories.addProducts(child.id, ids);
    expect(added.bulkActionMetadata.totalSuccesses).toBe(3);
    await admin.categories.arrangeProducts(child.id, [ids[2] as string]);
    const first = await admin.categories.listProducts(child.id, { limit: 2 });
    expect(first.items.map((i) => i.catalogItemId)).toEqual([ids[2], ids[0]]);
    const second = await admin.categories.listProducts(child.id, {
      limit: 2,
      cursor: first.pagingMetadata.cursors.next ?? '',
    });
    expect(second.items.map((i) => i.catalogItemId)).toEqual([ids[1]]);
    expect((await admin.categories.categoriesOfProduct(ids[0] as string)).allCategoryIds).toContain(top.id);
    const cyclic = await admin.categories
      .moveCategory(top.id, { parentCategoryId: child.id, position: 'LAST' })
      .catch((e: unknown) => e);
    expect(cyclic).toBeInstanceOf(MerxApplicationError);
    expect((cyclic as MerxApplicationError).code).toBe('TREE_CYCLE_DETECTED');
    const page = await admin.categories.queryCategories().eq('parentCategory.id', top.id).find();
    expect(page.items.map((c) => c.id)).toEqual([child.id]);
  });

  it('reads the same grouping as a collection, and refuses writes from a shop before sending them', async () => {
    const admin = kit.admin({ categories });
    const made = await admin.categories.createCategory({ name: unique('Sdk both ') });
    const shop = kit.shop({ categories, collections });
    expect((await shop.collections.getCollection(made.id)).collection.name).toBe(made.name);
    expect((await shop.categories.getAllProductsCategory()).categoryId).toBeTruthy();
    const refused = await shop.categories.createCategory({ name: 'Nope' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MerxClientError);
  });
});
