import { ALL_PRODUCTS_COLLECTION_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, expectViolation, unique } from '../products/catalog-test-kit.js';
import { BASE, BULK, type CategoryKit, item, startCategoryKit, TREE } from './categories-test-kit.js';

let kit: CategoryKit;
beforeAll(async () => {
  kit = await startCategoryKit();
});
afterAll(async () => {
  await kit.close();
});

const get = (id: string, fields: string[] = []) =>
  kit.owner.get(
    `${BASE}/${id}?treeReference.appNamespace=%40wix%2Fstores${fields.map((f) => `&fields=${f}`).join('')}`,
  );

describe('categories: products placed in categories', () => {
  it('places products in the order sent, fails unknown ones one by one, and reports them through v1 in that order', async () => {
    const c = await kit.category();
    const [a, b, d] = [await kit.createProduct(), await kit.createProduct(), await kit.createProduct()];
    const seq = await kit.lastSeq();
    const res = await kit.owner.post(`${BULK}/${c.id}/add-items`, {
      treeReference: TREE,
      items: [item(b.id), item('no-such-product'), item(d.id), item(a.id)],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 3, totalFailures: 1, undetailedFailures: 0 });
    expect(res.body.results[1].itemMetadata).toMatchObject({ success: false, error: { code: 'ITEM_NOT_FOUND' } });
    expect(await kit.items(c.id)).toEqual([b.id, d.id, a.id]);
    expect(await kit.v1Order(c.id)).toEqual([b.id, d.id, a.id]);
    expect((await get(c.id)).body.category.itemCounter).toBe(3);
    const types = (await kit.eventsSince(seq)).map((e) => e.type);
    expect(types.filter((t) => t === 'wix.categories.v1.category_item_added_to_category')).toHaveLength(3);
    expect(types).toContain('wix.stores.catalog.v1.collection_changed');
    // Without the arrangement, the newest placement comes first.
    expect(await kit.items(c.id, false)).toEqual([a.id, d.id, b.id]);

    const removed = await kit.owner.post(`${BULK}/${c.id}/remove-items`, { treeReference: TREE, items: [item(d.id)] });
    expect(removed.body.bulkActionMetadata.totalSuccesses).toBe(1);
    expect(await kit.v1Order(c.id)).toEqual([b.id, a.id]);
  });

  it('arranges items first in the given order, in v3 and in the v1 merchant order', async () => {
    const c = await kit.category();
    const ps = [
      await kit.createProduct(),
      await kit.createProduct(),
      await kit.createProduct(),
      await kit.createProduct(),
    ];
    await kit.owner.post(`${BULK}/${c.id}/add-items`, { treeReference: TREE, items: ps.map((p) => item(p.id)) });
    const [p0, p1, p2, p3] = ps.map((p) => p.id) as [string, string, string, string];
    const set = await kit.owner.post(`${BASE}/${c.id}/set-arranged-items`, {
      treeReference: TREE,
      items: [item(p3), item(p1)],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.items.map((i: { catalogItemId: string }) => i.catalogItemId)).toEqual([p3, p1]);
    expect(await kit.items(c.id)).toEqual([p3, p1, p0, p2]);
    expect(await kit.v1Order(c.id)).toEqual([p3, p1, p0, p2]);
    const got = await kit.visitor.get(`${BASE}/${c.id}/arranged-items`);
    expect(got.body.items.map((i: { catalogItemId: string }) => i.catalogItemId)).toEqual([p3, p1]);
    // Rearranged: the items arranged before and left out go to the end, in their former order.
    await kit.owner.post(`${BASE}/${c.id}/set-arranged-items`, { treeReference: TREE, items: [item(p2)] });
    expect(await kit.items(c.id)).toEqual([p2, p0, p3, p1]);
    expect(await kit.v1Order(c.id)).toEqual([p2, p0, p3, p1]);
    const outsider = (await kit.createProduct()).id;
    await kit.unchanged(async () => {
      const res = await kit.owner.post(`${BASE}/${c.id}/set-arranged-items`, {
        treeReference: TREE,
        items: [item(p0), item(outsider)],
      });
      expectAppError(res, 400, 'ITEM_NOT_IN_CATEGORY');
      expect(res.body.details.applicationError.data.field).toBe('items[1].catalogItemId');
      expectViolation(
        await kit.owner.post(`${BASE}/${c.id}/set-arranged-items`, {
          treeReference: TREE,
          items: [item(p0), item(p0)],
        }),
        'items[1].catalogItemId',
      );
      expectViolation(
        await kit.owner.post(`${BASE}/${c.id}/set-arranged-items`, {
          treeReference: TREE,
          items: Array.from({ length: 101 }, (_, i) => item(`p${i}`)),
        }),
        'items',
      );
    });
  });

  it('lists the direct and all categories of a product, with ancestors, and can set them', async () => {
    const top = await kit.category();
    const mid = await kit.category({}, top.id);
    const leaf = await kit.category({}, mid.id);
    const p = await kit.createProduct();
    const add = await kit.owner.post(`${BULK}/add-item`, {
      treeReference: TREE,
      item: item(p.id),
      categoryIds: [leaf.id, '0190aaaa-0000-7000-8000-000000000002'],
    });
    expect(add.body.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(add.body.results[1].itemMetadata.error.code).toBe('CATEGORY_NOT_FOUND');
    const one = await kit.visitor.post(`${BASE}/list-categories-for-item`, { treeReference: TREE, item: item(p.id) });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.directCategoryIds.sort()).toEqual([ALL_PRODUCTS_COLLECTION_ID, leaf.id].sort());
    expect(one.body.allCategoryIds.sort()).toEqual([ALL_PRODUCTS_COLLECTION_ID, leaf.id, mid.id, top.id].sort());
    const many = await kit.visitor.getR(`${BASE}/list-categories-for-items`, {
      treeReference: TREE,
      items: [item(p.id), item('unknown-product')],
    });
    expect(many.body.categoriesForItems[0].indirectCategoryIds.sort()).toEqual([mid.id, top.id].sort());
    expect(many.body.categoriesForItems[1]).toEqual({
      item: item('unknown-product'),
      directCategoryIds: [],
      indirectCategoryIds: [],
    });
    const set = await kit.owner.post(`${BULK}/set-item-categories`, {
      treeReference: TREE,
      item: item(p.id),
      categoryIds: [top.id],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.addResults.map((r: { itemMetadata: { id: string } }) => r.itemMetadata.id)).toEqual([top.id]);
    expect(set.body.removeResults.map((r: { itemMetadata: { id: string } }) => r.itemMetadata.id)).toEqual([leaf.id]);
    const after = await kit.visitor.post(`${BASE}/list-categories-for-item`, { treeReference: TREE, item: item(p.id) });
    expect(after.body.directCategoryIds.sort()).toEqual([ALL_PRODUCTS_COLLECTION_ID, top.id].sort());
    expectViolation(
      await kit.owner.post(`${BULK}/add-item`, {
        treeReference: TREE,
        item: { catalogItemId: p.id, appId: 'other' },
        categoryIds: [top.id],
      }),
      'item.appId',
    );
    expectViolation(
      await kit.owner.post(`${BULK}/${top.id}/add-items`, {
        treeReference: TREE,
        items: Array.from({ length: 1001 }, (_, i) => item(`p${i}`)),
      }),
      'items',
    );
  });

  it('lists items of subcategories too when asked, and pages them', async () => {
    const top = await kit.category();
    const child = await kit.category({}, top.id);
    const [a, b, d] = [await kit.createProduct(), await kit.createProduct(), await kit.createProduct()];
    await kit.owner.post(`${BULK}/${top.id}/add-items`, { treeReference: TREE, items: [item(a.id)] });
    await kit.owner.post(`${BULK}/${child.id}/add-items`, { treeReference: TREE, items: [item(b.id), item(d.id)] });
    expect(await kit.items(top.id)).toEqual([a.id]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: {
        body: { items: Array<{ catalogItemId: string }>; pagingMetadata: { cursors: { next: string | null } } };
      } = await kit.visitor.getR(`${BASE}/${top.id}/list-items`, {
        treeReference: TREE,
        includeItemsFromSubcategories: true,
        useCategoryArrangement: true,
        cursorPaging: { limit: 1, ...(cursor ? { cursor } : {}) },
      });
      seen.push(...res.body.items.map((i) => i.catalogItemId));
      cursor = res.body.pagingMetadata.cursors.next;
    } while (cursor);
    expect(seen.sort()).toEqual([a.id, b.id, d.id].sort());
  });
});

describe('categories and v1 collections are one grouping', () => {
  it('reads a collection made through v1 as a top-level category, and its products as items', async () => {
    const collection = await kit.createCollection({ description: 'From v1' });
    const [a, b] = [await kit.createProduct(), await kit.createProduct()];
    await kit.owner.post(`/stores/v1/collections/${collection.id}/productIds`, { productIds: [b.id, a.id] });
    const res = await get(collection.id, ['DESCRIPTION', 'RICH_CONTENT_DESCRIPTION']);
    expect(res.status).toBe(200);
    expect(res.body.category).toMatchObject({
      id: collection.id,
      name: collection.name,
      slug: collection.slug,
      visible: true,
      itemCounter: 2,
      description: 'From v1',
      revision: collection.revision,
    });
    expect(res.body.category.parentCategory.id).toBeUndefined();
    expect(res.body.category.richContentDescription.nodes[0].nodes[0].textData.text).toBe('From v1');
    expect(await kit.items(collection.id)).toEqual([b.id, a.id]);
  });

  it('reads a category made through v3 as a collection, with the products placed through v3', async () => {
    const c = await kit.category({ description: 'From v3', image: { url: 'https://images.example/c.png' } });
    const p = await kit.createProduct();
    await kit.owner.post(`${BULK}/${c.id}/add-items`, { treeReference: TREE, items: [item(p.id)] });
    const res = await kit.visitor.get(`/v2/collections/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body.collection).toMatchObject({
      id: c.id,
      name: c.name,
      slug: c.slug,
      description: 'From v3',
      numberOfProducts: 1,
    });
    expect(res.body.collection.media.mainMedia.image.url).toBe('https://images.example/c.png');
    const product = await kit.owner.get(`/stores-reader/v1/products/${p.id}`);
    expect(product.body.product.collectionIds).toContain(c.id);
  });

  it('follows a v1 rename and description change in v3, dropping a rich description that no longer matches', async () => {
    const c = await kit.category({ description: 'Old words' });
    const patched = await kit.owner.patch(`/stores/v1/collections/${c.id}`, {
      collection: { name: unique('V1 name '), description: 'New words' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const res = await get(c.id, ['DESCRIPTION', 'RICH_CONTENT_DESCRIPTION']);
    expect(res.body.category.name).toBe(patched.body.collection.name);
    expect(res.body.category.description).toBe('New words');
    expect(res.body.category.richContentDescription.nodes[0].nodes[0].textData.text).toBe('New words');
    expect(res.body.category.revision).toBe('2');
  });

  it('serves the All Products collection as the all-products category, holding every product', async () => {
    const res = await kit.visitor.get('/stores/v3/all-products-category');
    expect(res.body).toEqual({ categoryId: ALL_PRODUCTS_COLLECTION_ID, treeReference: TREE });
    const p = await kit.createProduct();
    const cat = await kit.visitor.get(`${BASE}/${ALL_PRODUCTS_COLLECTION_ID}`);
    expect(cat.status).toBe(200);
    const asOwner = await get(ALL_PRODUCTS_COLLECTION_ID);
    expect(asOwner.body.category.itemCounter).toBe((await kit.counts()).products);
    const all = await kit.visitor.post(`${BASE}/${ALL_PRODUCTS_COLLECTION_ID}/list-items`, {
      treeReference: TREE,
      cursorPaging: { limit: 100 },
    });
    expect(all.body.items.map((i: { catalogItemId: string }) => i.catalogItemId)).toContain(p.id);
    await kit.unchanged(async () => {
      expectAppError(
        await kit.owner.post(`${BULK}/${ALL_PRODUCTS_COLLECTION_ID}/add-items`, {
          treeReference: TREE,
          items: [item(p.id)],
        }),
        400,
        'ALL_PRODUCTS_CATEGORY_READ_ONLY',
      );
      expectAppError(
        await kit.owner.delete(`${BASE}/${ALL_PRODUCTS_COLLECTION_ID}`),
        400,
        'ALL_PRODUCTS_CATEGORY_READ_ONLY',
      );
      expectAppError(
        await kit.owner.post(`${BASE}/${ALL_PRODUCTS_COLLECTION_ID}/move`, { treeReference: TREE, position: 'LAST' }),
        400,
        'ALL_PRODUCTS_CATEGORY_READ_ONLY',
      );
      expectAppError(
        await kit.owner.patch(`${BASE}/${ALL_PRODUCTS_COLLECTION_ID}`, {
          category: { revision: '1', name: 'x' },
          treeReference: TREE,
        }),
        400,
        'ALL_PRODUCTS_CATEGORY_READ_ONLY',
      );
    });
  });
});
