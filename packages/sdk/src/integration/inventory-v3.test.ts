import { DEFAULT_VARIANT_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxApplicationError } from '../errors.js';
import { inventoryItemsV3 } from '../modules/inventory-items-v3.js';
import { products } from '../modules/products.js';
import { readOnlyVariants } from '../modules/read-only-variants.js';
import { type SdkKit, startSdkKit, stockedProduct } from './kit.js';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(() => kit?.close());

describe('inventory items v3 and read-only variants through @merx/sdk', () => {
  it('reads, updates with the revision, decrements and increments one stock with v1', async () => {
    const admin = kit.admin({ inventoryItemsV3, products });
    const productId = await stockedProduct(kit, 'Inv ', 4);
    const id = `${productId}_${DEFAULT_VARIANT_ID}`;
    const item = await admin.inventoryItemsV3.getInventoryItem(id);
    expect(item).toMatchObject({ productId, quantity: 4, trackQuantity: true });
    const updated = await admin.inventoryItemsV3.updateInventoryItem(id, { revision: item.revision, quantity: 6 });
    expect(updated.quantity).toBe(6);
    const stale = await admin.inventoryItemsV3
      .updateInventoryItem(id, { revision: item.revision, quantity: 1 })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(MerxApplicationError);
    expect((stale as MerxApplicationError).code).toBe('CONCURRENT_MODIFICATION');
    const dec = await admin.inventoryItemsV3.bulkDecrementInventoryItems([{ inventoryItemId: id, decrementBy: 7 }]);
    expect(dec.results[0]?.itemMetadata.error?.code).toBe('INSUFFICIENT_INVENTORY');
    await admin.inventoryItemsV3.bulkIncrementInventoryItems([{ inventoryItemId: id, incrementBy: 1 }]);
    expect((await admin.products.getProduct(productId)).product.stock?.quantity).toBe(7);
    const page = await admin.inventoryItemsV3.queryInventoryItems().eq('productId', productId).find();
    expect(page.items.map((i) => i.id)).toEqual([id]);
    expect(await admin.inventoryItemsV3.countInventoryItems({ productId })).toBe(1);
  });

  it('queries variants as a storefront, by product, with cursor paging', async () => {
    const productId = await stockedProduct(kit, 'Var ', 2);
    const shop = kit.shop({ readOnlyVariants });
    const page = await shop.readOnlyVariants.queryVariants().eq('productData.productId', productId).limit(1).find();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ variantId: DEFAULT_VARIANT_ID, productData: { productId } });
    expect(page.hasNext()).toBe(false);
  });
});
