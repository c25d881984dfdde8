/**
 * Inventory items v3 and read-only variants v3 through the real `@wix/stores` `inventoryItemsV3` and
 * `readOnlyVariantsV3` modules, over products and stock written through v1 (`products`): the same variant ids and
 * stock both ways, cursor paging past both ends, per-item bulk results, refusals as the SDK reports them
 * (docs/decisions/0027-inventory-v3.md).
 */
import { randomUUID } from 'node:crypto';
import { inventoryItemsV3, products, productsV3, readOnlyVariantsV3 } from '@wix/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { compatSuite, decodeR, sdkError } from './wix-client.js';

const h = compatSuite({ modules: { products, productsV3, inventoryItemsV3, readOnlyVariantsV3 } });

const word = `inv${randomUUID().replaceAll('-', '').slice(0, 8)}`;
let shirt: { id: string; variantIds: string[] };
let mug: { id: string; variantIds: string[] };

beforeAll(async () => {
  const a = await h.admin.products.createProduct({
    name: `${word} shirt`,
    productType: 'physical' as never,
    priceData: { price: 20 },
    manageVariants: false,
    stock: { trackInventory: true, quantity: 3 },
    productOptions: [
      {
        name: 'Size',
        optionType: 'drop_down' as never,
        choices: [{ description: 'S' }, { description: 'M' }, { description: 'L' }],
      },
    ],
  });
  shirt = { id: a.product!._id!, variantIds: (a.product!.variants ?? []).map((v) => v._id!) };
  const b = await h.admin.products.createProduct({
    name: `${word} mug`,
    productType: 'physical' as never,
    priceData: { price: 8 },
    stock: { trackInventory: true, quantity: 1 },
  });
  mug = { id: b.product!._id!, variantIds: (b.product!.variants ?? []).map((v) => v._id!) };
});

const itemId = (productId: string, variantId: string) => `${productId}_${variantId}`;

describe('inventoryItemsV3 over the v1 stock', () => {
  it('getInventoryItem: the v1 variant stock under the id <productId>_<variantId>', async () => {
    const item = await h.admin.inventoryItemsV3.getInventoryItem(itemId(shirt.id, shirt.variantIds[0]!));
    expect(item).toMatchObject({
      _id: itemId(shirt.id, shirt.variantIds[0]!),
      productId: shirt.id,
      variantId: shirt.variantIds[0],
      trackQuantity: true,
      quantity: 3,
      availabilityStatus: 'IN_STOCK',
    });
    expect(item._updatedDate).toBeInstanceOf(Date);
    const err = await sdkError(h.admin.inventoryItemsV3.getInventoryItem(itemId(shirt.id, 'nope')));
    expect(err.details?.applicationError?.code).toBe('INVENTORY_ITEM_NOT_FOUND');
    expect(
      (await sdkError(h.anon.inventoryItemsV3.getInventoryItem(itemId(shirt.id, shirt.variantIds[0]!)))).details,
    ).toBeTruthy();
  });

  it('queryInventoryItems().find(): cursor pages past both ends, as GET .r', async () => {
    const mark = h.requests.length;
    const first = await h.admin.inventoryItemsV3.queryInventoryItems().eq('productId', shirt.id).limit(2).find();
    expect(h.requests[mark]!.method).toBe('GET');
    expect(decodeR(h.requests[mark]!)).toMatchObject({ query: { filter: { productId: shirt.id } } });
    expect(first.items).toHaveLength(2);
    expect(first.hasNext()).toBe(true);
    expect(first.hasPrev()).toBe(false);
    const second = await first.next();
    expect(second.items).toHaveLength(1);
    expect(second.hasNext()).toBe(false);
    const back = await second.prev();
    expect(back.items.map((i) => i._id)).toEqual(first.items.map((i) => i._id));
    const all = [...first.items, ...second.items].map((i) => i.variantId).sort();
    expect(all).toEqual([...shirt.variantIds].sort());
  });

  it('searchInventoryItems: GET .r, and the long-query POST fallback with a long filter', async () => {
    let mark = h.requests.length;
    const page = await h.admin.inventoryItemsV3.searchInventoryItems({
      filter: { productId: shirt.id },
      cursorPaging: { limit: 2 },
    });
    expect(h.requests[mark]!.method).toBe('GET');
    expect(page.inventoryItems).toHaveLength(2);
    expect(page.pagingMetadata?.cursors?.next).toBeTruthy();
    mark = h.requests.length;
    const many = Array.from({ length: 200 }, (_, i) => `${randomUUID()}_${i}`);
    const long = await h.admin.inventoryItemsV3.searchInventoryItems({
      filter: { $or: [{ id: { $in: many } }, { productId: mug.id }] },
    });
    expect(h.requests.slice(mark).some((r) => r.method === 'POST')).toBe(true);
    expect(long.inventoryItems.map((i) => i.productId)).toEqual([mug.id]);
    const bad = await sdkError(
      h.admin.inventoryItemsV3.searchInventoryItems({ cursorPaging: { cursor: 'not-a-cursor' } }),
    );
    expect(bad.details?.validationError?.fieldViolations?.[0]?.field).toBe('search.cursorPaging.cursor');
  });

  it('updateInventoryItem with revision; v1 reads it; a stale revision is refused', async () => {
    const id = itemId(mug.id, mug.variantIds[0]!);
    const before = await h.admin.inventoryItemsV3.getInventoryItem(id);
    const after = await h.admin.inventoryItemsV3.updateInventoryItem(id, { revision: before.revision!, quantity: 9 });
    expect(after.quantity).toBe(9);
    const v1 = await h.admin.products.getProduct(mug.id);
    expect(v1.product?.stock?.quantity).toBe(9);
    const stale = await sdkError(
      h.admin.inventoryItemsV3.updateInventoryItem(id, { revision: before.revision!, quantity: 1 }),
    );
    expect(stale.details?.applicationError?.code).toBe('CONCURRENT_MODIFICATION');
    expect((await h.admin.products.getProduct(mug.id)).product?.stock?.quantity).toBe(9);
    const neg = await sdkError(
      h.admin.inventoryItemsV3.updateInventoryItem(id, { revision: after.revision!, quantity: -2 }),
    );
    expect(neg.details?.validationError?.fieldViolations?.map((v) => v.field)).toContain('inventoryItem.quantity');
  });

  it('preorder per variant: updateInventoryItem sets it; PREORDER with the units owed; products v3 says so', async () => {
    const b = await h.admin.products.createProduct({
      name: `${word} kettle`,
      productType: 'physical' as never,
      priceData: { price: 40 },
      stock: { trackInventory: true, quantity: 0 },
    });
    const productId = b.product!._id!;
    const id = itemId(productId, b.product!.variants![0]!._id!);
    const before = await h.admin.inventoryItemsV3.getInventoryItem(id);
    expect(before.availabilityStatus).toBe('OUT_OF_STOCK');
    const on = await h.admin.inventoryItemsV3.updateInventoryItem(id, {
      revision: before.revision!,
      preorderInfo: { enabled: true, message: 'Back in May', limit: 6 },
    });
    expect(on.availabilityStatus).toBe('PREORDER');
    expect(on.preorderInfo).toEqual({ enabled: true, message: 'Back in May', limit: 6, counter: 0, quantity: 6 });
    const dec = await h.admin.inventoryItemsV3.bulkDecrementInventoryItems(
      [{ inventoryItemId: id, decrementBy: 2, preorderRequest: true }],
      { returnEntity: true },
    );
    expect(dec.results[0]!.item).toMatchObject({ quantity: -2, preorderInfo: { counter: 2, quantity: 4 } });
    const v3 = await h.anon.productsV3.getProduct(productId);
    expect(v3.inventory).toMatchObject({ preorderStatus: 'ENABLED', preorderAvailability: 'ALL_VARIANTS' });
    expect(v3.variantsInfo?.variants?.[0]?.inventoryStatus).toEqual({ inStock: false, preorderEnabled: true });
    const bad = await sdkError(
      h.admin.inventoryItemsV3.updateInventoryItem(id, {
        revision: dec.results[0]!.item!.revision!,
        preorderInfo: { limit: 200_000 },
      }),
    );
    expect(bad.details?.validationError?.fieldViolations?.map((v) => v.field)).toContain(
      'inventoryItem.preorderInfo.limit',
    );
  });

  it('bulk decrement and increment answer per item; never below zero; products v3 sees the stock', async () => {
    const [s0, s1] = shirt.variantIds;
    const dec = await h.admin.inventoryItemsV3.bulkDecrementInventoryItems(
      [
        { inventoryItemId: itemId(shirt.id, s0!), decrementBy: 3 },
        { inventoryItemId: itemId(shirt.id, s1!), decrementBy: 4 },
      ],
      { returnEntity: true },
    );
    expect(dec.results.map((r) => r.itemMetadata?.success)).toEqual([true, false]);
    expect(dec.results[0]!.item?.quantity).toBe(0);
    expect(dec.results[1]!.itemMetadata?.error?.code).toBe('INSUFFICIENT_INVENTORY');
    expect(dec.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    const v3 = await h.anon.productsV3.getProduct(shirt.id);
    const inStock = Object.fromEntries(
      (v3.variantsInfo?.variants ?? []).map((v) => [v._id, v.inventoryStatus?.inStock]),
    );
    expect(inStock[s0!]).toBe(false);
    expect(inStock[s1!]).toBe(true);
    const inc = await h.admin.inventoryItemsV3.bulkIncrementInventoryItems([
      { inventoryItemId: itemId(shirt.id, s0!), incrementBy: 2 },
    ]);
    expect(inc.results[0]!.itemMetadata?.success).toBe(true);
    const byVariant = await h.admin.inventoryItemsV3.bulkDecrementInventoryItemsByVariantAndLocation([
      { variantId: s0!, decrementBy: 1 },
    ]);
    expect(byVariant.results[0]!.itemMetadata?.success).toBe(true);
    expect((await h.admin.inventoryItemsV3.getInventoryItem(itemId(shirt.id, s0!))).quantity).toBe(1);
  });

  it('bulkUpdateInventoryItems: per-item results in order', async () => {
    const id = itemId(shirt.id, shirt.variantIds[2]!);
    const cur = await h.admin.inventoryItemsV3.getInventoryItem(id);
    const res = await h.admin.inventoryItemsV3.bulkUpdateInventoryItems(
      [
        { inventoryItem: { _id: id, revision: cur.revision!, quantity: 5 } },
        { inventoryItem: { _id: itemId(shirt.id, 'nope'), revision: '1', quantity: 5 } },
      ],
      { returnEntity: true },
    );
    expect(res.results.map((r) => r.itemMetadata?.success)).toEqual([true, false]);
    expect(res.results[0]!.item?.quantity).toBe(5);
  });
});

describe('readOnlyVariantsV3', () => {
  it('queryVariants().find(): the variants of products v3 with productData, cursor pages past both ends', async () => {
    const first = await h.anon.readOnlyVariantsV3.queryVariants().eq('productData.productId', shirt.id).limit(2).find();
    expect(first.items).toHaveLength(2);
    expect(first.hasPrev()).toBe(false);
    const second = await first.next();
    expect(second.items).toHaveLength(1);
    expect(second.hasNext()).toBe(false);
    const back = await second.prev();
    expect(back.items.map((v) => v._id)).toEqual(first.items.map((v) => v._id));
    const v3 = await h.anon.productsV3.getProduct(shirt.id);
    for (const v of [...first.items, ...second.items]) {
      expect(v._id).toBe(itemId(shirt.id, v.variantId!));
      const same = v3.variantsInfo!.variants!.find((x) => x._id === v.variantId)!;
      expect(v.optionChoices).toEqual(same.choices);
      expect(v.productData).toMatchObject({ productId: shirt.id, name: `${word} shirt` });
    }
  });

  it('searchVariants with a bad filter field is a validation error', async () => {
    const err = await sdkError(h.anon.readOnlyVariantsV3.searchVariants({ filter: { cost: 1 } } as never));
    expect(err.details?.validationError?.fieldViolations?.[0]?.field).toBe('search.filter.cost');
  });
});
