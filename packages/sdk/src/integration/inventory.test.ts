/**
 * The `inventory` module against a real server: what the back office uses to read and set each variant's stock.
 */
import { DEFAULT_VARIANT_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxApplicationError, MerxClientError, MerxValidationError } from '../errors.js';
import { inventory } from '../modules/inventory.js';
import { products } from '../modules/products.js';
import { type SdkKit, startSdkKit, unique } from './kit.js';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(() => kit?.close());

const V = DEFAULT_VARIANT_ID;

describe('inventory', () => {
  it('reads, sets, adds and takes stock per variant', async () => {
    const admin = kit.admin({ inventory, products });
    const { product } = await admin.products.createProduct({
      name: unique('Stocked '),
      priceData: { price: 12 },
      stock: { trackInventory: true, quantity: 2 },
      productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'L' }] }],
    });
    const [s, l] = product.variants!;

    const { inventoryItem } = await admin.inventory.getInventoryVariants(product.id);
    expect(inventoryItem.variants.map((v) => [v.variantId, v.quantity])).toEqual([
      [s!.id, 2],
      [l!.id, 2],
    ]);
    const updated = await admin.inventory.updateInventoryVariants(product.id, {
      trackQuantity: true,
      variants: [{ variantId: l!.id, quantity: 6 }],
    });
    expect(updated.inventoryItem.variants.map((v) => v.quantity)).toEqual([2, 6]);

    await admin.inventory.incrementInventory([{ productId: product.id, variantId: s!.id, incrementBy: 1 }]);
    await admin.inventory.decrementInventory([{ inventoryId: product.id, variantId: l!.id, decrementBy: 6 }]);
    const page = await admin.inventory.queryInventory().eq('productId', product.id).find();
    expect(page.totalCount).toBe(1);
    expect(page.items[0]!.variants.map((v) => [v.quantity, v.inStock])).toEqual([
      [3, true],
      [0, false],
    ]);
    const soldOut = await admin.inventory.queryInventory().eq('variants.inStock', false).eq('id', product.id).find();
    expect(soldOut.items.map((i) => i.id)).toEqual([product.id]);
  });

  it('throws typed errors: a refused decrement, a refused field, and a shopper client before any request', async () => {
    const admin = kit.admin({ inventory, products });
    const { product } = await admin.products.createProduct({
      name: unique('Few '),
      priceData: { price: 3 },
      stock: { trackInventory: true, quantity: 1 },
    });
    const refused = await admin.inventory
      .decrementInventory([{ productId: product.id, variantId: V, decrementBy: 2 }])
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MerxApplicationError);
    expect((refused as MerxApplicationError).code).toBe('INSUFFICIENT_INVENTORY');
    const invalid = await admin.inventory
      .updateInventoryVariants(product.id, { trackQuantity: false, variants: [{ variantId: V, quantity: 3 }] })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(MerxValidationError);
    expect((invalid as MerxValidationError).violations.map((v) => v.field)).toEqual([
      'inventoryItem.variants[0].quantity',
    ]);
    const shop = kit.shop({ inventory });
    await expect(shop.inventory.getInventoryVariants(product.id)).rejects.toBeInstanceOf(MerxClientError);
  });
});
