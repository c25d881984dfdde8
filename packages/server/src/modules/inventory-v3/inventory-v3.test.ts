import { DEFAULT_VARIANT_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, CART, type CartKit, item, startCartKit } from '../cart/cart-test-kit.js';
import { expectAppError, expectViolation, type Res, sizeAndColor, unique } from '../products/catalog-test-kit.js';
import { MERX_LOCATION_ID } from './inventory-v3.service.js';

/*
 * Inventory items v3 and read-only variants v3 over the v1 variants and stock (docs/decisions/0027-inventory-v3.md):
 * every route, good and bad; stock written through v3 read through v1 and the cart and the other way round; the
 * inventory log records v3 writes with their reason and actor.
 */

let kit: CartKit;
beforeAll(async () => {
  kit = await startCartKit();
});
afterAll(async () => {
  await kit.close();
});

const ITEMS = '/stores/v3/inventory-items';
const BULK = '/stores/v3/bulk/inventory-items';
const VARIANTS = '/stores/v3/products';
// biome-ignore lint/suspicious/noExplicitAny: tests read answers freely
type Any = any;
const ok = (res: Res): Any => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const idOf = (productId: string, variantId: string) => `${productId}_${variantId}`;

async function tracked(quantity = 5, extra: Record<string, unknown> = {}) {
  return kit.createProduct({ name: unique('Stock '), stock: { trackInventory: true, quantity }, ...extra });
}
async function v1Quantity(productId: string, variantId = DEFAULT_VARIANT_ID): Promise<number | undefined> {
  const p = ok(await kit.owner.get(`/stores-reader/v1/products/${productId}`)).product;
  return p.variants.find((v: Any) => v.id === variantId).stock.quantity;
}
async function logRows(productId: string) {
  return kit.server.merx.db
    .selectFrom('inventory_changes')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('created_date')
    .execute();
}
/** Stock, log and outbox of a product do not move while `fn` runs. */
async function expectUnchanged(productId: string, fn: () => Promise<void>) {
  const before = {
    p: ok(await kit.owner.get(`/stores-reader/v1/products/${productId}`)).product,
    log: (await logRows(productId)).length,
    seq: await kit.lastSeq(),
  };
  await fn();
  const after = ok(await kit.owner.get(`/stores-reader/v1/products/${productId}`)).product;
  expect(after.variants).toEqual(before.p.variants);
  expect(after.revision ?? null).toEqual(before.p.revision ?? null);
  expect((await logRows(productId)).length).toBe(before.log);
  expect(await kit.lastSeq()).toBe(before.seq);
}

describe('inventory items v3: reads', () => {
  it('gets an item by <productId>_<variantId> with the v1 stock', async () => {
    const p = await tracked(4);
    const body = ok(await kit.owner.get(`${ITEMS}/${idOf(p.id, DEFAULT_VARIANT_ID)}`));
    expect(body.inventoryItem).toMatchObject({
      id: idOf(p.id, DEFAULT_VARIANT_ID),
      productId: p.id,
      variantId: DEFAULT_VARIANT_ID,
      locationId: MERX_LOCATION_ID,
      trackQuantity: true,
      quantity: 4,
      inStock: true,
      availabilityStatus: 'IN_STOCK',
      preorderInfo: { enabled: false },
      product: { name: p.name, variantVisible: true },
    });
    expect(typeof body.inventoryItem.revision).toBe('string');
  });

  it('answers 404 for unknown and malformed ids, and needs catalog:read', async () => {
    const p = await tracked();
    expectAppError(await kit.owner.get(`${ITEMS}/${idOf(p.id, 'nope')}`), 404, 'INVENTORY_ITEM_NOT_FOUND');
    expectAppError(await kit.owner.get(`${ITEMS}/no-underscore`), 404, 'INVENTORY_ITEM_NOT_FOUND');
    expectAppError(await kit.owner.get(`${ITEMS}/_`), 404, 'INVENTORY_ITEM_NOT_FOUND');
    const anon = await kit.visitor.get(`${ITEMS}/${idOf(p.id, DEFAULT_VARIANT_ID)}`);
    expect([401, 403]).toContain(anon.status);
  });

  it('queries by productId with cursor paging both ways (GET .r and POST), and counts', async () => {
    const p = await kit.createProduct({
      ...sizeAndColor(),
      name: unique('Six '),
      stock: { trackInventory: true, quantity: 2 },
    });
    const filter = { productId: p.id };
    const first = ok(await kit.owner.getR(`${ITEMS}/query`, { query: { filter, cursorPaging: { limit: 4 } } }));
    expect(first.inventoryItems).toHaveLength(4);
    expect(first.pagingMetadata).toMatchObject({ count: 4, hasNext: true });
    expect(first.pagingMetadata.cursors.prev).toBeUndefined();
    const second = ok(
      await kit.owner.post(`${ITEMS}/query`, {
        query: { cursorPaging: { limit: 4, cursor: first.pagingMetadata.cursors.next } },
      }),
    );
    expect(second.inventoryItems).toHaveLength(2);
    expect(second.pagingMetadata.hasNext).toBe(false);
    expect(second.pagingMetadata.cursors.next).toBeUndefined();
    const ids = [...first.inventoryItems, ...second.inventoryItems].map((i: Any) => i.variantId);
    expect(new Set(ids).size).toBe(6);
    expect(ids.sort()).toEqual(p.variants!.map((v) => v.id).sort());
    const back = ok(
      await kit.owner.post(`${ITEMS}/query`, {
        query: { cursorPaging: { cursor: second.pagingMetadata.cursors.prev } },
      }),
    );
    expect(back.inventoryItems.map((i: Any) => i.id)).toEqual(first.inventoryItems.map((i: Any) => i.id));
    expect(ok(await kit.owner.getR(`${ITEMS}/count`, { filter })).count).toBe(6);
    const desc = ok(
      await kit.owner.post(`${ITEMS}/search`, {
        search: { filter, sort: [{ fieldName: 'variantId', order: 'DESC' }] },
      }),
    );
    expect(desc.inventoryItems.map((i: Any) => i.variantId)).toEqual([...ids].sort().reverse());
  });

  it('filters on trackQuantity, quantity, inStock, id and $in / $or', async () => {
    const a = await tracked(0);
    const b = await tracked(9);
    const c = await kit.createProduct({ name: unique('Untracked '), stock: { trackInventory: false, inStock: false } });
    const mine = { productId: { $in: [a.id, b.id, c.id] } };
    const q = async (filter: unknown) =>
      ok(await kit.owner.post(`${ITEMS}/query`, { query: { filter: { $and: [mine, filter] } } })).inventoryItems.map(
        (i: Any) => i.productId,
      );
    expect(await q({ inStock: true })).toEqual([b.id]);
    expect((await q({ inStock: false })).sort()).toEqual([a.id, c.id].sort());
    expect(await q({ trackQuantity: false })).toEqual([c.id]);
    expect(await q({ quantity: { $gte: 5 } })).toEqual([b.id]);
    expect(await q({ id: idOf(a.id, DEFAULT_VARIANT_ID) })).toEqual([a.id]);
    expect((await q({ $or: [{ productId: a.id }, { productId: c.id }] })).sort()).toEqual([a.id, c.id].sort());
    const untracked = ok(await kit.owner.get(`${ITEMS}/${idOf(c.id, DEFAULT_VARIANT_ID)}`)).inventoryItem;
    expect(untracked).toMatchObject({ trackQuantity: false, inStock: false, availabilityStatus: 'OUT_OF_STOCK' });
    expect(untracked.quantity).toBeUndefined();
  });

  it('refuses bad cursors, unknown filter fields and operators, bad sorts and unknown request fields', async () => {
    expectViolation(
      await kit.owner.post(`${ITEMS}/query`, { query: { cursorPaging: { cursor: 'garbage' } } }),
      'query.cursorPaging.cursor',
    );
    const page = ok(await kit.owner.post(`${ITEMS}/query`, { query: { cursorPaging: { limit: 1 } } }));
    const [json, mac] = String(page.pagingMetadata.cursors.next).split('.');
    const forged = `${Buffer.from(JSON.stringify({ k: 'items', f: null, d: 'asc', o: 0, l: 100000 })).toString('base64url')}.${mac}`;
    expect(json).toBeTruthy();
    expectViolation(
      await kit.owner.post(`${ITEMS}/query`, { query: { cursorPaging: { cursor: forged } } }),
      'query.cursorPaging.cursor',
    );
    // A variants cursor is not an items cursor.
    const vpage = ok(await kit.owner.post(`${VARIANTS}/query-variants`, { query: { cursorPaging: { limit: 1 } } }));
    expectViolation(
      await kit.owner.post(`${ITEMS}/query`, {
        query: { cursorPaging: { cursor: vpage.pagingMetadata.cursors.next } },
      }),
      'query.cursorPaging.cursor',
    );
    expectViolation(
      await kit.owner.post(`${ITEMS}/query`, { query: { filter: { price: 3 } } }),
      'query.filter.price',
      'FIELD_NOT_ALLOWED',
    );
    expectViolation(
      await kit.owner.post(`${ITEMS}/query`, { query: { filter: { quantity: { $regex: 'x' } } } }),
      'query.filter.quantity.$regex',
    );
    expectViolation(
      await kit.owner.post(`${ITEMS}/query`, { query: { filter: { quantity: 'many' } } }),
      'query.filter.quantity',
    );
    expectViolation(
      await kit.owner.post(`${ITEMS}/query`, { query: { sort: [{ fieldName: 'quantity' }] } }),
      'query.sort[0].fieldName',
    );
    expectViolation(
      await kit.owner.post(`${ITEMS}/query`, { query: { cursorPaging: { limit: 101 } } }),
      'query.cursorPaging.limit',
    );
    expect((await kit.owner.post(`${ITEMS}/query`, { query: {}, bogus: 1 })).status).toBe(400);
    expectViolation(
      await kit.owner.post(`${ITEMS}/search`, { search: { search: { expression: 'mug' } } }),
      'search.search.expression',
    );
    expect((await kit.owner.getR(`${ITEMS}/count`, { filter: { nope: 1 } })).status).toBe(400);
    // Fifty lists of 500 ids: more values than one filter may compare (refused before any SQL).
    const big = {
      $or: Array.from({ length: 50 }, () => ({ id: { $in: Array.from({ length: 500 }, (_, i) => `p_${i}`) } })),
    };
    expect((await kit.owner.post(`${ITEMS}/count`, { filter: big })).status).toBe(400);
  });
});

describe('inventory items v3: update', () => {
  it('sets the quantity through the v1 path: v1 reads it, the cart sees it, the log says who and why', async () => {
    const p = await tracked(5);
    const id = idOf(p.id, DEFAULT_VARIANT_ID);
    const v = await kit.newVisitor();
    await addToCart(v, item(p.id, 3));
    const before = ok(await kit.owner.get(`${ITEMS}/${id}`)).inventoryItem;
    const res = ok(
      await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { id, quantity: 1, revision: before.revision } }),
    );
    expect(res.inventoryItem).toMatchObject({ quantity: 1, inStock: true });
    expect(Number(res.inventoryItem.revision)).toBeGreaterThan(Number(before.revision));
    expect(await v1Quantity(p.id)).toBe(1);
    expect((await v.get(CART)).body.cart.lineItems[0].availability).toMatchObject({ quantityAvailable: 1 });
    const log = await logRows(p.id);
    expect(log.at(-1)).toMatchObject({ delta: -4, quantity_after: 1, reason: 'STOCK_SET', actor_kind: 'API_KEY' });
  });

  it('refuses a stale revision (409-style conflict) and writes nothing', async () => {
    const p = await tracked(5);
    const id = idOf(p.id, DEFAULT_VARIANT_ID);
    await expectUnchanged(p.id, async () => {
      const res = await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { quantity: 2, revision: '0' } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.details.applicationError.code).toBe('CONCURRENT_MODIFICATION');
    });
  });

  it('switches tracking off and on, and sets inStock of an untracked item', async () => {
    const p = await tracked(3);
    const id = idOf(p.id, DEFAULT_VARIANT_ID);
    ok(await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { trackQuantity: false, inStock: false } }));
    let v1 = ok(await kit.owner.get(`/stores-reader/v1/products/${p.id}`)).product;
    expect(v1.stock).toMatchObject({ trackInventory: false, inStock: false });
    ok(await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { trackQuantity: true, quantity: 7 } }));
    v1 = ok(await kit.owner.get(`/stores-reader/v1/products/${p.id}`)).product;
    expect(v1.stock).toMatchObject({ trackInventory: true, quantity: 7, inStock: true });
  });

  it('refuses bad updates and writes nothing', async () => {
    const p = await tracked(3);
    const id = idOf(p.id, DEFAULT_VARIANT_ID);
    await expectUnchanged(p.id, async () => {
      expectViolation(
        await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { quantity: -1 } }),
        'inventoryItem.quantity',
      );
      expectViolation(
        await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { quantity: 1.5 } }),
        'inventoryItem.quantity',
      );
      expectViolation(
        await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { preorderInfo: { enabled: true, limit: -5 } } }),
        'inventoryItem.preorderInfo.limit',
      );
      expectViolation(
        await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { inStock: false } }),
        'inventoryItem.inStock',
      );
      expectViolation(
        await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { trackQuantity: false, quantity: 3 } }),
        'inventoryItem.quantity',
      );
      expectViolation(
        await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { id: 'other_x' } }),
        'inventoryItem.id',
      );
      expectViolation(
        await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { variantId: 'other' } }),
        'inventoryItem.variantId',
      );
      expect((await kit.owner.patch(`${ITEMS}/${id}`, { inventoryItem: { quantity: 1, colour: 'red' } })).status).toBe(
        400,
      );
      const huge = await kit.owner.patch(`${ITEMS}/${id}`, {
        inventoryItem: { quantity: 1, product: { name: 'x'.repeat(3_000_000) } },
      });
      expect(huge.status).toBeGreaterThanOrEqual(400);
      expect(huge.status).toBeLessThan(500);
      expect(
        (await kit.visitor.patch(`${ITEMS}/${id}`, { inventoryItem: { quantity: 1 } })).status,
      ).toBeGreaterThanOrEqual(401);
      expect((await kit.stranger.patch(`${ITEMS}/${id}`, { inventoryItem: { quantity: 1 } })).status).toBe(403);
    });
    expectAppError(
      await kit.owner.patch(`${ITEMS}/${idOf(p.id, 'nope')}`, { inventoryItem: { quantity: 1 } }),
      404,
      'INVENTORY_ITEM_NOT_FOUND',
    );
  });

  it('bulk update answers per item, in order', async () => {
    const a = await tracked(1);
    const b = await tracked(1);
    const body = ok(
      await kit.owner.post(`${BULK}/update`, {
        inventoryItems: [
          { inventoryItem: { id: idOf(a.id, DEFAULT_VARIANT_ID), quantity: 11 } },
          { inventoryItem: { id: idOf(b.id, 'nope'), quantity: 1 } },
          { inventoryItem: { id: idOf(b.id, DEFAULT_VARIANT_ID), quantity: 12, revision: '0' } },
          { inventoryItem: { quantity: 1 } },
        ],
        returnEntity: true,
      }),
    );
    expect(body.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 3, undetailedFailures: 0 });
    expect(body.results[0]).toMatchObject({
      itemMetadata: { originalIndex: 0, success: true },
      item: { quantity: 11 },
    });
    expect(body.results[1].itemMetadata.error.code).toBe('INVENTORY_ITEM_NOT_FOUND');
    expect(body.results[2].itemMetadata.error.code).toBe('CONCURRENT_MODIFICATION');
    expect(body.results[3].itemMetadata.error.code).toBe('VALIDATION_ERROR');
    expect(await v1Quantity(a.id)).toBe(11);
    expect(await v1Quantity(b.id)).toBe(1);
  });
});

describe('inventory items v3: increment and decrement', () => {
  it('decrements by item id and by variant id, per item, never below zero, logged as STOCK_ADJUSTED', async () => {
    const shirt = await kit.createProduct({
      ...sizeAndColor(),
      name: unique('Shirt '),
      stock: { trackInventory: true, quantity: 2 },
    });
    const [v0, v1v] = shirt.variants!;
    const body = ok(
      await kit.owner.post(`${BULK}/decrement`, {
        decrementData: [
          { inventoryItemId: idOf(shirt.id, v0!.id), decrementBy: 1 },
          { inventoryItemId: idOf(shirt.id, v1v!.id), decrementBy: 3 },
          { inventoryItemId: 'missing_item', decrementBy: 1 },
        ],
        returnEntity: true,
      }),
    );
    expect(body.results.map((r: Any) => r.itemMetadata.success)).toEqual([true, false, false]);
    expect(body.results[0].item.quantity).toBe(1);
    expect(body.results[1].itemMetadata.error.code).toBe('INSUFFICIENT_INVENTORY');
    expect(body.results[1].itemMetadata.error.description).toMatch(/^decrementData\[1\]/);
    expect(body.results[2].itemMetadata.error.code).toBe('INVENTORY_ITEM_NOT_FOUND');
    expect(await v1Quantity(shirt.id, v0!.id)).toBe(1);
    expect(await v1Quantity(shirt.id, v1v!.id)).toBe(2);
    const byVariant = ok(
      await kit.owner.post(`${BULK}/decrement-by-variant-and-location`, {
        decrementData: [{ variantId: v1v!.id, locationId: MERX_LOCATION_ID, decrementBy: 2 }],
      }),
    );
    expect(byVariant.results[0].itemMetadata).toMatchObject({ success: true, id: idOf(shirt.id, v1v!.id) });
    expect(byVariant.results[0].item).toBeUndefined();
    expect(await v1Quantity(shirt.id, v1v!.id)).toBe(0);
    const log = await logRows(shirt.id);
    expect(
      log
        .filter((r) => r.reason === 'STOCK_ADJUSTED')
        .map((r) => r.delta)
        .sort((x, y) => x - y),
    ).toEqual([-2, -1]);
    expect(log.every((r) => r.actor_kind === 'API_KEY')).toBe(true);
  });

  it('increments by item id and by variant id; v1 writes read through v3', async () => {
    const p = await tracked(1);
    const id = idOf(p.id, DEFAULT_VARIANT_ID);
    ok(await kit.owner.post(`${BULK}/increment`, { incrementData: [{ inventoryItemId: id, incrementBy: 4 }] }));
    expect(await v1Quantity(p.id)).toBe(5);
    // v1 → v3
    ok(
      await kit.owner.post('/stores/v2/inventoryItems/decrement', {
        decrementData: [{ productId: p.id, variantId: DEFAULT_VARIANT_ID, decrementBy: 2 }],
      }),
    );
    expect(ok(await kit.owner.get(`${ITEMS}/${id}`)).inventoryItem.quantity).toBe(3);
    // The default variant id is shared by simple products: by variant, it is ambiguous.
    await tracked(1);
    const amb = ok(
      await kit.owner.post(`${BULK}/increment-by-variant-and-location`, {
        incrementData: [{ variantId: DEFAULT_VARIANT_ID, incrementBy: 1 }],
      }),
    );
    expect(amb.results[0].itemMetadata.error.code).toBe('AMBIGUOUS_VARIANT_ID');
    const shirt = await kit.createProduct({
      ...sizeAndColor(),
      name: unique('Shirt '),
      stock: { trackInventory: true, quantity: 0 },
    });
    const vid = shirt.variants![2]!.id;
    const inc = ok(
      await kit.owner.post(`${BULK}/increment-by-variant-and-location`, {
        incrementData: [
          { variantId: vid, incrementBy: 6 },
          { variantId: vid, locationId: 'elsewhere', incrementBy: 1 },
          { variantId: 'no-such-variant', incrementBy: 1 },
        ],
      }),
    );
    expect(inc.results.map((r: Any) => r.itemMetadata.error?.code ?? 'OK')).toEqual([
      'OK',
      'LOCATION_NOT_FOUND',
      'VARIANT_NOT_FOUND',
    ]);
    expect(await v1Quantity(shirt.id, vid)).toBe(6);
  });

  it('refuses untracked items, zero and negative units, preorder requests without preorder room and anonymous callers; writes nothing', async () => {
    const c = await kit.createProduct({ name: unique('Untracked '), stock: { trackInventory: false, inStock: true } });
    const p = await tracked(2);
    const id = idOf(p.id, DEFAULT_VARIANT_ID);
    await expectUnchanged(p.id, async () => {
      const res = ok(
        await kit.owner.post(`${BULK}/decrement`, {
          decrementData: [{ inventoryItemId: idOf(c.id, DEFAULT_VARIANT_ID), decrementBy: 1 }],
        }),
      );
      expect(res.results[0].itemMetadata.error.code).toBe('INVENTORY_NOT_TRACKED');
      expectViolation(
        await kit.owner.post(`${BULK}/decrement`, { decrementData: [{ inventoryItemId: id, decrementBy: 0 }] }),
        'decrementData[0].decrementBy',
      );
      expectViolation(
        await kit.owner.post(`${BULK}/increment`, { incrementData: [{ inventoryItemId: id, incrementBy: -3 }] }),
        'incrementData[0].incrementBy',
      );
      expectViolation(await kit.owner.post(`${BULK}/decrement`, { decrementData: [] }), 'decrementData');
      const pre = ok(
        await kit.owner.post(`${BULK}/decrement`, {
          decrementData: [{ inventoryItemId: id, decrementBy: 3, preorderRequest: true }],
        }),
      );
      // A preorder request goes below zero only into preorder room, and this item has none.
      expect(pre.results[0].itemMetadata.error.code).toBe('INSUFFICIENT_INVENTORY');
      const many = Array.from({ length: 301 }, () => ({ inventoryItemId: id, decrementBy: 1 }));
      expect((await kit.owner.post(`${BULK}/decrement`, { decrementData: many })).status).toBe(400);
      expect(
        (await kit.visitor.post(`${BULK}/decrement`, { decrementData: [{ inventoryItemId: id, decrementBy: 1 }] }))
          .status,
      ).toBeGreaterThanOrEqual(401);
    });
  });
});

describe('read-only variants v3', () => {
  it('queries variants with the ids and choices of products v3, plus productData', async () => {
    const p = await kit.createProduct({
      ...sizeAndColor(),
      name: unique('Tee '),
      stock: { trackInventory: true, quantity: 1 },
    });
    const v3 = ok(await kit.visitor.get(`/stores/v3/products/${p.id}`)).product;
    const page = ok(
      await kit.visitor.post(`${VARIANTS}/query-variants`, { query: { filter: { 'productData.productId': p.id } } }),
    );
    expect(page.variants).toHaveLength(6);
    for (const v of page.variants) {
      const same = v3.variantsInfo.variants.find((x: Any) => x.id === v.variantId);
      expect(same).toBeTruthy();
      expect(v.id).toBe(idOf(p.id, v.variantId));
      expect(v.optionChoices).toEqual(same.choices);
      expect(v.price).toEqual(same.price);
      expect(v.inventoryStatus).toEqual({ inStock: true, preorderEnabled: false });
      expect(v.productData).toMatchObject({ productId: p.id, name: p.name, slug: p.slug, visible: true });
    }
  });

  it('pages by cursor both ways, filters on visible, sku and inStock, hides hidden products from visitors', async () => {
    const p = await kit.createProduct({
      ...sizeAndColor(),
      name: unique('Cap '),
      stock: { trackInventory: true, quantity: 1 },
    });
    const filter = { 'productData.productId': p.id };
    const a = ok(
      await kit.visitor.post(`${VARIANTS}/search-variants`, { search: { filter, cursorPaging: { limit: 5 } } }),
    );
    expect(a.pagingMetadata).toMatchObject({ count: 5, hasNext: true });
    const b = ok(
      await kit.visitor.post(`${VARIANTS}/search-variants`, {
        search: { cursorPaging: { limit: 5, cursor: a.pagingMetadata.cursors.next } },
      }),
    );
    expect(b.variants).toHaveLength(1);
    expect(b.pagingMetadata.hasNext).toBe(false);
    const back = ok(
      await kit.visitor.post(`${VARIANTS}/query-variants`, {
        query: { cursorPaging: { cursor: b.pagingMetadata.cursors.prev } },
      }),
    );
    expect(back.variants.map((v: Any) => v.id)).toEqual(a.variants.map((v: Any) => v.id));
    const first = p.variants![0]!;
    ok(
      await kit.owner.post(`${BULK}/decrement`, {
        decrementData: [{ inventoryItemId: idOf(p.id, first.id), decrementBy: 1 }],
      }),
    );
    const out = ok(
      await kit.visitor.post(`${VARIANTS}/query-variants`, {
        query: { filter: { ...filter, 'inventoryStatus.inStock': false } },
      }),
    );
    expect(out.variants.map((v: Any) => v.variantId)).toEqual([first.id]);
    ok(await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { visible: false } }));
    expect(ok(await kit.visitor.post(`${VARIANTS}/query-variants`, { query: { filter } })).variants).toHaveLength(0);
    expect(ok(await kit.owner.post(`${VARIANTS}/query-variants`, { query: { filter } })).variants).toHaveLength(6);
    expect(
      ok(
        await kit.owner.post(`${VARIANTS}/query-variants`, {
          query: { filter: { ...filter, 'productData.visible': false, visible: true } },
        }),
      ).variants,
    ).toHaveLength(6);
  });

  it('refuses bad filters, cursors and fields', async () => {
    expectViolation(
      await kit.visitor.post(`${VARIANTS}/query-variants`, { query: { filter: { cost: 1 } } }),
      'query.filter.cost',
    );
    expectViolation(
      await kit.visitor.post(`${VARIANTS}/query-variants`, { query: { cursorPaging: { cursor: 'x.y' } } }),
      'query.cursorPaging.cursor',
    );
    expectViolation(
      await kit.visitor.post(`${VARIANTS}/search-variants`, { search: { filter: { visible: 'yes' } } }),
      'search.filter.visible',
    );
    expect((await kit.visitor.post(`${VARIANTS}/query-variants`, { query: {}, extra: true })).status).toBe(400);
  });
});
