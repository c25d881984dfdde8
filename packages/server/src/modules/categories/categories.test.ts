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

describe('categories: create, read, update, delete', () => {
  it('creates a category with a slug, image, description and SEO data, and reads it back by id and slug', async () => {
    const seq = await kit.lastSeq();
    const name = unique('Shoes ');
    const created = await kit.category({
      name,
      slug: unique('shoes-').toLowerCase(),
      image: { url: 'https://images.example/shoes.png', width: 10, height: 20 },
      description: 'Good shoes\nfor walking',
      seoData: { tags: [{ type: 'title', children: 'Shoes' }] },
    });
    expect(created).toMatchObject({ name, revision: '1', visible: true, itemCounter: 0, treeReference: TREE });
    expect(created.image).toEqual({ url: 'https://images.example/shoes.png', width: 10, height: 20 });
    expect(created.description).toBeUndefined();
    expect(created.parentCategory).toEqual({ index: expect.any(Number) });

    const full = await get(created.id, ['DESCRIPTION', 'RICH_CONTENT_DESCRIPTION', 'BREADCRUMBS_INFO']);
    expect(full.status).toBe(200);
    expect(full.body.category.description).toBe('Good shoes\nfor walking');
    expect(full.body.category.richContentDescription.nodes).toHaveLength(2);
    expect(full.body.category.breadcrumbsInfo).toEqual({ breadcrumbs: [] });
    expect(full.body.category.seoData).toEqual({ tags: [{ type: 'title', children: 'Shoes' }] });

    const bySlug = await kit.visitor.get(`${BASE}/slug/${created.slug}?treeReference.appNamespace=%40wix%2Fstores`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.category.id).toBe(created.id);

    const events = await kit.eventsSince(seq);
    expect(events.map((e) => e.type)).toEqual([
      'wix.categories.v1.category_created',
      'wix.stores.catalog.v1.collection_created',
    ]);
  });

  it('takes a rich-content description and gives its plain text as the description', async () => {
    const rich = {
      nodes: [
        {
          type: 'PARAGRAPH',
          id: 'a',
          nodes: [
            { type: 'TEXT', id: 'b', nodes: [], textData: { text: 'Soft wool', decorations: [{ type: 'BOLD' }] } },
          ],
          paragraphData: {},
        },
      ],
    };
    const c = await kit.category({ richContentDescription: rich });
    const res = await get(c.id, ['DESCRIPTION', 'RICH_CONTENT_DESCRIPTION']);
    expect(res.body.category.description).toBe('Soft wool');
    expect(res.body.category.richContentDescription.nodes[0].nodes[0].textData.decorations).toEqual([{ type: 'BOLD' }]);
  });

  it('refuses rich content with an unknown node type, naming the field, and writes nothing', async () => {
    await kit.unchanged(async () => {
      const res = await kit.owner.post(BASE, {
        category: { name: 'X', richContentDescription: { nodes: [{ type: 'SCRIPT', id: 'x', nodes: [] }] } },
        treeReference: TREE,
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.details.validationError)).toContain('category.richContentDescription');
    });
  });

  it('updates with the current revision and refuses a stale one, writing nothing', async () => {
    const c = await kit.category();
    const name = unique('Renamed ');
    const ok = await kit.owner.patch(`${BASE}/${c.id}`, {
      category: { id: c.id, revision: c.revision, name, description: 'now described' },
      treeReference: TREE,
      fields: ['DESCRIPTION'],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.category).toMatchObject({ name, revision: '2', description: 'now described' });
    await kit.unchanged(async () => {
      const stale = await kit.owner.patch(`${BASE}/${c.id}`, {
        category: { id: c.id, revision: c.revision, name: 'Stale' },
        treeReference: TREE,
      });
      expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
      expect(stale.body.details.applicationError.data.currentRevision).toBe('2');
    });
  });

  it('refuses a slug another category (or collection) has, on create and on update', async () => {
    const a = await kit.category();
    const b = await kit.category();
    await kit.unchanged(async () => {
      const dup = await kit.owner.post(BASE, { category: { name: 'Dup', slug: a.slug }, treeReference: TREE });
      expectAppError(dup, 409, 'DUPLICATE_SLUG');
      expect(dup.body.details.applicationError.data.field).toBe('category.slug');
      const upd = await kit.owner.patch(`${BASE}/${b.id}`, {
        category: { id: b.id, revision: b.revision, slug: a.slug },
        treeReference: TREE,
      });
      expectAppError(upd, 409, 'DUPLICATE_SLUG');
    });
  });

  it('validates names, slugs, images, the tree reference and sizes', async () => {
    await kit.unchanged(async () => {
      const post = (category: Record<string, unknown>, tree: unknown = TREE) =>
        kit.owner.post(BASE, { category, treeReference: tree });
      expectViolation(await post({ name: '' }), 'category.name');
      expectViolation(await post({ name: 'x'.repeat(81) }), 'category.name');
      expectViolation(await post({ name: 'ok', slug: 'Not A Slug' }), 'category.slug');
      expectViolation(await post({ name: 'ok', image: { url: 'javascript:alert(1)' } }), 'category.image.url');
      expectViolation(await post({ name: 'ok', description: 'x'.repeat(6001) }), 'category.description');
      expectViolation(await post({ name: 'ok' }, { appNamespace: '@wix/blog' }), 'treeReference.appNamespace');
      expectViolation(await post({ name: 'ok' }, { ...TREE, treeKey: 'other' }), 'treeReference.treeKey');
      const huge = await kit.request({
        method: 'POST',
        url: BASE,
        payload: JSON.stringify({ category: { name: 'x', description: 'y'.repeat(2_000_000) }, treeReference: TREE }),
        auth: kit.server.apiKey,
      });
      // Past the 1 MiB body limit: refused before it is parsed, in the contract's envelope.
      expect([400, 413]).toContain(huge.status);
      expect(typeof huge.body.message).toBe('string');
    });
  });

  it('answers 404 CATEGORY_NOT_FOUND for unknown ids, on every route that names one', async () => {
    const id = '0190aaaa-0000-7000-8000-000000000000';
    await kit.unchanged(async () => {
      expectAppError(await get(id), 404, 'CATEGORY_NOT_FOUND');
      expectAppError(
        await kit.visitor.get(`${BASE}/slug/nope-${unique()}?treeReference.appNamespace=%40wix%2Fstores`),
        404,
        'CATEGORY_NOT_FOUND',
      );
      expectAppError(
        await kit.owner.patch(`${BASE}/${id}`, { category: { id, revision: '1', name: 'x' }, treeReference: TREE }),
        404,
        'CATEGORY_NOT_FOUND',
      );
      expectAppError(
        await kit.owner.delete(`${BASE}/${id}?treeReference.appNamespace=%40wix%2Fstores`),
        404,
        'CATEGORY_NOT_FOUND',
      );
      expectAppError(
        await kit.owner.post(`${BASE}/${id}/move`, { treeReference: TREE, position: 'LAST' }),
        404,
        'CATEGORY_NOT_FOUND',
      );
      expectAppError(
        await kit.owner.post(`${BASE}/${id}/list-items`, { treeReference: TREE }),
        404,
        'CATEGORY_NOT_FOUND',
      );
      expectAppError(
        await kit.owner.post(`${BULK}/${id}/add-items`, { treeReference: TREE, items: [item('p')] }),
        404,
        'CATEGORY_NOT_FOUND',
      );
      expectAppError(
        await kit.owner.post(`${BASE}/${id}/set-arranged-items`, { treeReference: TREE, items: [] }),
        404,
        'CATEGORY_NOT_FOUND',
      );
      expectAppError(await kit.owner.get(`${BASE}/${id}/arranged-items`), 404, 'CATEGORY_NOT_FOUND');
    });
  });

  it('deletes a category with its subcategories, and their products stay in the store', async () => {
    const top = await kit.category();
    const child = await kit.category({}, top.id);
    const grandchild = await kit.category({}, child.id);
    const p = await kit.createProduct();
    await kit.owner.post(`${BULK}/${grandchild.id}/add-items`, { treeReference: TREE, items: [item(p.id)] });
    const seq = await kit.lastSeq();
    const res = await kit.owner.delete(`${BASE}/${top.id}?treeReference.appNamespace=%40wix%2Fstores`);
    expect(res.status).toBe(200);
    for (const c of [top, child, grandchild]) expectAppError(await get(c.id), 404, 'CATEGORY_NOT_FOUND');
    expect((await kit.owner.get(`/stores-reader/v1/products/${p.id}`)).status).toBe(200);
    const deleted = (await kit.eventsSince(seq)).filter((e) => e.type === 'wix.categories.v1.category_deleted');
    expect(deleted.map((e) => e.entityId).sort()).toEqual([top.id, child.id, grandchild.id].sort());
  });

  it('keeps writes for elevated callers and hidden categories from visitors', async () => {
    const res = await kit.visitor.post(BASE, { category: { name: 'x' }, treeReference: TREE });
    expect([401, 403]).toContain(res.status);
    const hidden = await kit.category({ visible: false });
    expectAppError(await kit.visitor.get(`${BASE}/${hidden.id}`), 404, 'CATEGORY_NOT_FOUND');
    expect((await get(hidden.id)).status).toBe(200);
    const q = await kit.visitor.post(`${BASE}/query`, {
      treeReference: TREE,
      returnNonVisibleCategories: true,
      query: { filter: { id: hidden.id } },
    });
    expect(q.body.categories).toEqual([]);
    const asOwner = await kit.owner.post(`${BASE}/query`, {
      treeReference: TREE,
      returnNonVisibleCategories: true,
      query: { filter: { id: hidden.id } },
    });
    expect(asOwner.body.categories.map((c: { id: string }) => c.id)).toEqual([hidden.id]);
  });
});

describe('categories: the tree', () => {
  it('gives breadcrumbs from the top down and each category its place among its siblings', async () => {
    const top = await kit.category();
    const a = await kit.category({}, top.id);
    const b = await kit.category({}, top.id);
    const leaf = await kit.category({}, b.id);
    const res = await get(leaf.id, ['BREADCRUMBS_INFO']);
    expect(res.body.category.breadcrumbsInfo.breadcrumbs).toEqual([
      { categoryId: top.id, categoryName: top.name, categorySlug: top.slug },
      { categoryId: b.id, categoryName: b.name, categorySlug: b.slug },
    ]);
    expect(res.body.category.parentCategory).toEqual({ id: b.id, index: 0 });
    expect((await get(a.id)).body.category.parentCategory).toEqual({ id: top.id, index: 0 });
    expect((await get(b.id)).body.category.parentCategory).toEqual({ id: top.id, index: 1 });
  });

  it('moves a category FIRST, LAST and AFTER a sibling, and to the top level', async () => {
    const top = await kit.category();
    const [a, b, c] = [await kit.category({}, top.id), await kit.category({}, top.id), await kit.category({}, top.id)];
    const move = (id: string, body: Record<string, unknown>) =>
      kit.owner.post(`${BASE}/${id}/move`, { treeReference: TREE, parentCategoryId: top.id, ...body });
    let res = await move(c.id, { position: 'FIRST' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ parentCategoryId: top.id, categoriesAfterMove: [c.id, a.id, b.id] });
    res = await move(c.id, { position: 'AFTER', moveAfterCategoryId: a.id });
    expect(res.body.categoriesAfterMove).toEqual([a.id, c.id, b.id]);
    res = await move(a.id, { position: 'LAST' });
    expect(res.body.categoriesAfterMove).toEqual([c.id, b.id, a.id]);
    expect((await get(b.id)).body.category.parentCategory).toEqual({ id: top.id, index: 1 });
    res = await kit.owner.post(`${BASE}/${b.id}/move`, { treeReference: TREE, position: 'FIRST' });
    expect(res.body.parentCategoryId).toBeNull();
    expect(res.body.categoriesAfterMove[0]).toBe(b.id);
    expect((await get(b.id)).body.category.parentCategory).toEqual({ index: 0 });
  });

  it('moves a category through update (parentCategory.id) with one new revision', async () => {
    const a = await kit.category();
    const b = await kit.category();
    const res = await kit.owner.patch(`${BASE}/${b.id}`, {
      category: { id: b.id, revision: b.revision, parentCategory: { id: a.id } },
      treeReference: TREE,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.category).toMatchObject({ revision: '2', parentCategory: { id: a.id, index: 0 } });
  });

  it('refuses a move under the category itself or one of its own subcategories, naming the field', async () => {
    const top = await kit.category();
    const child = await kit.category({}, top.id);
    const grandchild = await kit.category({}, child.id);
    await kit.unchanged(async () => {
      for (const target of [top.id, child.id, grandchild.id]) {
        const res = await kit.owner.post(`${BASE}/${top.id}/move`, {
          treeReference: TREE,
          parentCategoryId: target,
          position: 'LAST',
        });
        expectAppError(res, 400, 'TREE_CYCLE_DETECTED');
        expect(res.body.details.applicationError.data.field).toBe('parentCategoryId');
      }
      const viaUpdate = await kit.owner.patch(`${BASE}/${top.id}`, {
        category: { id: top.id, revision: top.revision, parentCategory: { id: grandchild.id } },
        treeReference: TREE,
      });
      expectAppError(viaUpdate, 400, 'TREE_CYCLE_DETECTED');
      expect(viaUpdate.body.details.applicationError.data.field).toBe('category.parentCategory.id');
    });
  });

  it('keeps the tree at most five levels deep, on create and on move', async () => {
    const chain = [await kit.category()];
    for (let i = 1; i < 5; i++) chain.push(await kit.category({}, chain[i - 1]?.id));
    const fifth = chain[4] as { id: string };
    await kit.unchanged(async () => {
      const res = await kit.owner.post(BASE, {
        category: { name: 'Sixth', parentCategory: { id: fifth.id } },
        treeReference: TREE,
      });
      expectAppError(res, 400, 'CATEGORY_DEPTH_LIMIT_EXCEEDED');
      expect(res.body.details.applicationError.data.field).toBe('category.parentCategory.id');
    });
    // A two-level subtree under the fourth level would reach six.
    const other = await kit.category();
    await kit.category({}, other.id);
    await kit.unchanged(async () => {
      const res = await kit.owner.post(`${BASE}/${other.id}/move`, {
        treeReference: TREE,
        parentCategoryId: chain[3]?.id,
        position: 'LAST',
      });
      expectAppError(res, 400, 'CATEGORY_DEPTH_LIMIT_EXCEEDED');
      expect(res.body.details.applicationError.data).toMatchObject({
        depth: 6,
        maxDepth: 5,
        field: 'parentCategoryId',
      });
    });
    const ok = await kit.owner.post(`${BASE}/${other.id}/move`, {
      treeReference: TREE,
      parentCategoryId: chain[2]?.id,
      position: 'LAST',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses moves to unknown parents, AFTER without or with a foreign sibling, and bad positions', async () => {
    const a = await kit.category();
    const b = await kit.category();
    const child = await kit.category({}, b.id);
    await kit.unchanged(async () => {
      const move = (body: Record<string, unknown>) =>
        kit.owner.post(`${BASE}/${a.id}/move`, { treeReference: TREE, ...body });
      expectAppError(
        await move({ parentCategoryId: '0190aaaa-0000-7000-8000-000000000001', position: 'LAST' }),
        404,
        'PARENT_CATEGORY_NOT_IN_TREE',
      );
      expectAppError(await move({ parentCategoryId: b.id, position: 'AFTER' }), 400, 'MISSING_AFTER_CATEGORY');
      expectAppError(
        await move({ position: 'AFTER', moveAfterCategoryId: child.id }),
        400,
        'AFTER_CATEGORY_NOT_IN_PARENT',
      );
      expectViolation(await move({ position: 'MIDDLE' }), 'position');
      expectViolation(await move({}), 'position');
      expectAppError(
        await move({ parentCategoryId: ALL_PRODUCTS_COLLECTION_ID, position: 'LAST' }),
        400,
        'ALL_PRODUCTS_CATEGORY_READ_ONLY',
      );
    });
  });

  it('hides a subtree with its parent, and will not show a category under a hidden one', async () => {
    const top = await kit.category();
    const child = await kit.category({}, top.id);
    const hide = await kit.owner.patch(`${BASE}/visibility`, {
      categoryId: top.id,
      visible: false,
      revision: top.revision,
      treeReference: TREE,
    });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    expect(hide.body.category.visible).toBe(false);
    const hiddenChild = (await get(child.id)).body.category;
    expect(hiddenChild.visible).toBe(false);
    expectAppError(await kit.visitor.get(`${BASE}/${child.id}`), 404, 'CATEGORY_NOT_FOUND');
    await kit.unchanged(async () => {
      const show = await kit.owner.patch(`${BASE}/visibility`, {
        categoryId: child.id,
        visible: true,
        revision: hiddenChild.revision,
        treeReference: TREE,
      });
      expectAppError(show, 400, 'PARENT_CATEGORY_HIDDEN');
      const stale = await kit.owner.patch(`${BASE}/visibility`, {
        categoryId: top.id,
        visible: true,
        revision: top.revision,
        treeReference: TREE,
      });
      expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
      const under = await kit.owner.post(BASE, {
        category: { name: 'x', parentCategory: { id: top.id } },
        treeReference: TREE,
      });
      expectAppError(under, 400, 'PARENT_CATEGORY_HIDDEN');
    });
    const shown = await kit.owner.post(`${BULK}/show`, {
      categoryIds: [top.id, child.id],
      treeReference: TREE,
      returnEntity: true,
    });
    expect(shown.status).toBe(200);
    expect(shown.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 0, undetailedFailures: 0 });
    expect(shown.body.results.map((r: { category: { visible: boolean } }) => r.category.visible)).toEqual([true, true]);
  });

  it('hides a subtree moved under a hidden parent, and tells subscribers where it went', async () => {
    const hidden = await kit.category({ visible: false });
    const moving = await kit.category();
    const under = await kit.category({}, moving.id);
    const seq = await kit.lastSeq();
    const res = await kit.owner.post(`${BASE}/${moving.id}/move`, {
      treeReference: TREE,
      parentCategoryId: hidden.id,
      position: 'LAST',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await get(moving.id)).body.category.visible).toBe(false);
    expect((await get(under.id)).body.category.visible).toBe(false);
    const moved = (await kit.eventsSince(seq)).find((e) => e.type === 'wix.categories.v1.category_category_moved');
    expect(moved?.payload).toMatchObject({ categoryId: moving.id, parentCategory: { id: hidden.id, index: 0 } });
    const visibleOnly = await kit.owner.post(`${BASE}/query`, {
      treeReference: TREE,
      query: { filter: { id: { $in: [moving.id, hidden.id] } } },
    });
    expect(visibleOnly.body.categories).toEqual([]);
  });

  it('shares the revision with v1: a v1 write makes the v3 revision stale', async () => {
    const c = await kit.category();
    const v1 = await kit.owner.patch(`/stores/v1/collections/${c.id}`, { collection: { name: unique('V1 ') } });
    expect(v1.body.collection.revision).toBe('2');
    await kit.unchanged(async () => {
      const res = await kit.owner.patch(`${BASE}/${c.id}`, {
        category: { id: c.id, revision: '1', name: 'late' },
        treeReference: TREE,
      });
      expectAppError(res, 400, 'CONCURRENT_MODIFICATION');
    });
  });

  it('updates several categories with a result each', async () => {
    const a = await kit.category();
    const b = await kit.category();
    const res = await kit.owner.post(`${BULK}/update`, {
      categories: [
        { category: { id: a.id, revision: a.revision, name: 'Bulk A' } },
        { category: { id: b.id, revision: '99', name: 'Bulk B' } },
      ],
      treeReference: TREE,
      returnEntity: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      itemMetadata: { id: a.id, success: true },
      category: { name: 'Bulk A' },
    });
    expect(res.body.results[1].itemMetadata).toMatchObject({
      id: b.id,
      success: false,
      error: { code: 'CONCURRENT_MODIFICATION' },
    });
    expectViolation(await kit.owner.post(`${BULK}/update`, { categories: [], treeReference: TREE }), 'categories');
  });
});

describe('categories: query, search and count', () => {
  it('pages with cursors past both ends, filtered by parent', async () => {
    const top = await kit.category();
    const kids = [];
    for (let i = 0; i < 5; i++) kids.push((await kit.category({}, top.id)).id);
    const query = { filter: { 'parentCategory.id': top.id }, cursorPaging: { limit: 2 } };
    const seen: string[] = [];
    let res = await kit.visitor.post(`${BASE}/query`, { treeReference: TREE, query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pagingMetadata.cursors.prev).toBeNull();
    seen.push(...res.body.categories.map((c: { id: string }) => c.id));
    const pages = [res.body];
    while (res.body.pagingMetadata.hasNext) {
      res = await kit.visitor.getR(`${BASE}/query`, {
        treeReference: TREE,
        query: { cursorPaging: { limit: 2, cursor: res.body.pagingMetadata.cursors.next } },
      });
      expect(res.status).toBe(200);
      pages.push(res.body);
      seen.push(...res.body.categories.map((c: { id: string }) => c.id));
    }
    expect(seen).toEqual(kids);
    expect(res.body.pagingMetadata.cursors.next).toBeNull();
    const back = await kit.visitor.post(`${BASE}/query`, {
      treeReference: TREE,
      query: { cursorPaging: { limit: 2, cursor: res.body.pagingMetadata.cursors.prev } },
    });
    expect(back.body.categories.map((c: { id: string }) => c.id)).toEqual(kids.slice(2, 4));
    const count = await kit.visitor.post(`${BASE}/count`, {
      treeReference: TREE,
      filter: { 'parentCategory.id': top.id },
    });
    expect(count.body).toEqual({ count: 5 });
  });

  it('refuses bad cursors, unknown filter fields and a cursor of another list', async () => {
    expectViolation(
      await kit.visitor.post(`${BASE}/query`, { treeReference: TREE, query: { cursorPaging: { cursor: 'garbage' } } }),
      'query.cursorPaging.cursor',
    );
    expectViolation(
      await kit.visitor.post(`${BASE}/query`, { treeReference: TREE, query: { filter: { secret: 1 } } }),
      'query.filter.secret',
    );
    expectViolation(
      await kit.visitor.post(`${BASE}/count`, { treeReference: TREE, filter: { nope: 1 } }),
      'filter.nope',
    );
    const c = await kit.category();
    const other = await kit.category();
    const [p1, p2] = [await kit.createProduct(), await kit.createProduct()];
    await kit.owner.post(`${BULK}/${c.id}/add-items`, { treeReference: TREE, items: [item(p1.id), item(p2.id)] });
    const first = await kit.owner.post(`${BASE}/${c.id}/list-items`, {
      treeReference: TREE,
      cursorPaging: { limit: 1 },
    });
    const cursor = first.body.pagingMetadata.cursors.next;
    expect(cursor).toBeTruthy();
    expectViolation(
      await kit.owner.post(`${BASE}/${other.id}/list-items`, { treeReference: TREE, cursorPaging: { cursor } }),
      'cursorPaging.cursor',
    );
    expectViolation(
      await kit.owner.post(`${BASE}/${c.id}/list-items`, { treeReference: TREE, cursorPaging: { cursor: 'x!y' } }),
      'cursorPaging.cursor',
    );
    expectViolation(
      await kit.owner.post(`${BASE}/${c.id}/list-items`, { treeReference: TREE, cursorPaging: { limit: 101 } }),
      'cursorPaging.limit',
    );
  });

  it('searches names by their words, in any case', async () => {
    const word = unique('Zebra');
    const c = await kit.category({ name: `Striped ${word} Things` });
    const res = await kit.visitor.post(`${BASE}/search`, {
      treeReference: TREE,
      search: { search: { expression: `things ${word.toLowerCase()}` }, cursorPaging: { limit: 10 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.categories.map((x: { id: string }) => x.id)).toEqual([c.id]);
    const count = await kit.visitor.post(`${BASE}/count`, { treeReference: TREE, search: { expression: word } });
    expect(count.body.count).toBe(1);
  });

  it('lists the one tree', async () => {
    const res = await kit.visitor.get(`${BASE}/list-trees`);
    expect(res.body).toEqual({ trees: [{ appNamespace: '@wix/stores' }] });
  });
});

describe('categories: the size of the tree', () => {
  it('refuses a category past 10,000 in the store, writing nothing', async () => {
    const own = await startCategoryKit();
    try {
      const db = own.server.merx.db;
      const existing = (await own.counts()).collections;
      const now = new Date().toISOString();
      const rows = Array.from({ length: 10_000 - existing }, (_, i) => ({
        id: `bulk-${i}`,
        slug: `bulk-${i}`,
        name: `Bulk ${i}`,
        description: null,
        visible: 1,
        media: '[]',
        created_date: now,
        updated_date: now,
        revision: 1,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('collections')
          .values(rows.slice(i, i + 500))
          .execute();
      await own.unchanged(async () => {
        const res = await own.owner.post(BASE, { category: { name: 'One too many' }, treeReference: TREE });
        expectAppError(res, 400, 'CATEGORIES_LIMIT_PER_TREE_EXCEEDED');
      });
      await db.deleteFrom('collections').where('id', '=', 'bulk-0').execute();
      expect((await own.owner.post(BASE, { category: { name: 'Fits' }, treeReference: TREE })).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
