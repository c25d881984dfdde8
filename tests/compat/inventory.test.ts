/**
 * Stock through the public `@wix/stores` `inventory` module (WIRE.md Appendix B `stores_inventory`), as a merchant's
 * script would drive it: an `ApiKeyStrategy` client whose `https://www.wixapis.com` calls go to a local Merx server.
 * Each SDK function is called against the real server; the catalog it changes is read back with `products`.
 */
import { DEFAULT_VARIANT_ID } from '@merx/contract';
import { startTestServer, type TestServer } from '@merx/server/testing';
import { ApiKeyStrategy, createClient } from '@wix/sdk';
import { inventory, products } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest, rewritingFetch, sdkError } from './wix-client.js';

let server: TestServer;
let realFetch: typeof fetch;
const requests: RecordedRequest[] = [];
let admin: ReturnType<typeof makeClient>;

function makeClient(fetchFn: typeof fetch, apiKey: string) {
  return createClient({
    modules: { inventory, products },
    auth: ApiKeyStrategy({ apiKey, siteId: 'test-site' }),
    fetch: fetchFn,
  });
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  realFetch = globalThis.fetch;
  const wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  globalThis.fetch = wrapped;
  admin = makeClient(wrapped, server.apiKey);
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

const lastRequest = () => requests.at(-1)!;
const V = DEFAULT_VARIANT_ID;

async function stocked(name: string, quantity: number, options = false): Promise<products.Product> {
  const { product } = await admin.products.createProduct({
    name,
    priceData: { price: 10 },
    stock: { trackInventory: true, quantity },
    ...(options
      ? {
          productOptions: [
            {
              name: 'Size',
              choices: [
                { value: 'S', description: 'S' },
                { value: 'L', description: 'L' },
              ],
            },
          ],
        }
      : {}),
  });
  return product!;
}

const stockOf = async (id: string) => (await admin.products.getProduct(id)).product!.stock;

describe('the inventory module of @wix/stores against Merx', () => {
  it('getInventoryVariants posts to the reader and returns the item with renamed keys and a Date', async () => {
    const p = await stocked('Compat Stock Mug', 4, true);
    const body = await admin.inventory.getInventoryVariants(p._id!, { variantIds: [p.variants![1]!._id!] });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/stores-reader/v2/inventoryItems/${p._id}/getVariants`,
      body: { inventoryId: p._id, variantIds: [p.variants![1]!._id] },
      status: 200,
    });
    const item = body.inventoryItem!;
    expect(item._id).toBe(p._id);
    expect(item.productId).toBe(p._id);
    expect(item.trackQuantity).toBe(true);
    expect(item.lastUpdated).toBeInstanceOf(Date);
    expect(item.numericId).toBe(p.numericId);
    expect(item.preorderInfo).toEqual({ enabled: false });
    expect(item.variants).toEqual([
      { variantId: p.variants![1]!._id, inStock: true, quantity: 4, availableForPreorder: false },
    ]);
  });

  it('queryInventory sends the query (filter and sort as JSON text) and reads items, metadata and totalResults', async () => {
    const a = await stocked('Compat Stock A', 1);
    const b = await stocked('Compat Stock B', 0);
    const body = await admin.inventory.queryInventory({
      query: {
        filter: JSON.stringify({ productId: { $in: [a._id, b._id] } }),
        sort: JSON.stringify([{ fieldName: 'numericId', order: 'DESC' }]),
        paging: { limit: 1, offset: 0 },
      },
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/stores-reader/v2/inventoryItems/query',
      status: 200,
    });
    expect(body.inventoryItems.map((i) => i._id)).toEqual([b._id]);
    expect(body.inventoryItems[0]!.lastUpdated).toBeInstanceOf(Date);
    expect(body.inventoryItems[0]!.variants).toEqual([
      { variantId: V, inStock: false, quantity: 0, availableForPreorder: false },
    ]);
    expect(body.metadata).toEqual({ items: 1, offset: 0 });
    expect(body.totalResults).toBe(2);
    const inStock = await admin.inventory.queryInventory({
      query: { filter: JSON.stringify({ productId: { $in: [a._id, b._id] }, 'variants.inStock': true }) },
    });
    expect(inStock.inventoryItems.map((i) => i._id)).toEqual([a._id]);
  });

  it('updateInventoryVariants patches the product item; the product reads the new stock', async () => {
    const p = await stocked('Compat Stock Tee', 2, true);
    const [s, l] = p.variants!;
    const result = await admin.inventory.updateInventoryVariants(p._id!, {
      trackQuantity: true,
      variants: [{ variantId: s!._id!, quantity: 7 }],
    });
    expect(result).toBeUndefined();
    expect(lastRequest()).toMatchObject({
      method: 'PATCH',
      path: `/stores/v2/inventoryItems/product/${p._id}`,
      body: {
        inventoryItem: { trackQuantity: true, variants: [{ variantId: s!._id, quantity: 7 }], productId: p._id },
      },
      status: 200,
    });
    expect(await stockOf(p._id!)).toMatchObject({ trackInventory: true, quantity: 9, inventoryStatus: 'IN_STOCK' });

    await admin.inventory.updateInventoryVariants(p._id!, {
      trackQuantity: false,
      variants: [{ variantId: l!._id!, inStock: false }],
    });
    expect(await stockOf(p._id!)).toMatchObject({ trackInventory: false, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' });
  });

  it('incrementInventory and decrementInventory change tracked units and resolve with nothing', async () => {
    const p = await stocked('Compat Stock Cap', 5);
    expect(
      await admin.inventory.incrementInventory([{ productId: p._id!, variantId: V, incrementBy: 3 }]),
    ).toBeUndefined();
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/stores/v2/inventoryItems/increment',
      body: { incrementData: [{ productId: p._id, variantId: V, incrementBy: 3 }] },
      status: 200,
    });
    expect(
      await admin.inventory.decrementInventory([{ inventoryId: p._id!, variantId: V, decrementBy: 8 }]),
    ).toBeUndefined();
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v2/inventoryItems/decrement', status: 200 });
    expect(await stockOf(p._id!)).toMatchObject({ quantity: 0, inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
  });

  it('a decrement below the stock throws the SDK error with the code and the line, and takes nothing', async () => {
    const p = await stocked('Compat Stock Bag', 2);
    const error = await sdkError(
      admin.inventory.decrementInventory([
        { productId: p._id!, variantId: V, decrementBy: 1 },
        { productId: p._id!, variantId: V, decrementBy: 2 },
      ]),
    );
    expect(error.status).toBe(400);
    expect(error.details?.applicationError).toMatchObject({
      code: 'INSUFFICIENT_INVENTORY',
      data: { field: 'decrementData[0]', requested: 3, available: 2 },
    });
    expect((await stockOf(p._id!))?.quantity).toBe(2);
  });

  it('preorder: updateInventoryVariants sets it, getInventoryVariants reads it, a preorder decrement goes below zero', async () => {
    const p = await stocked('Compat Preorder Lamp', 1);
    await admin.inventory.updateInventoryVariants(p._id!, {
      trackQuantity: true,
      preorderInfo: { enabled: true, message: 'Ships in spring', limit: 10 },
    });
    expect(lastRequest().body).toMatchObject({
      inventoryItem: { preorderInfo: { enabled: true, message: 'Ships in spring', limit: 10 } },
    });
    await admin.inventory.decrementInventory([
      { productId: p._id!, variantId: V, decrementBy: 4, preorderRequest: true },
    ]);
    const { inventoryItem } = await admin.inventory.getInventoryVariants(p._id!, {});
    expect(inventoryItem?.preorderInfo).toEqual({ enabled: true, message: 'Ships in spring', limit: 10 });
    expect(inventoryItem?.variants).toEqual([
      { variantId: V, inStock: false, quantity: -3, availableForPreorder: true },
    ]);
    // Without preorderRequest a decrement never goes below what is on hand.
    const error = await sdkError(
      admin.inventory.decrementInventory([{ productId: p._id!, variantId: V, decrementBy: 1 }]),
    );
    expect(error.details?.applicationError?.code).toBe('INSUFFICIENT_INVENTORY');
    expect(await stockOf(p._id!)).toMatchObject({ quantity: 0, inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
  });

  it('bad input comes back as field violations the SDK names after its arguments', async () => {
    const p = await stocked('Compat Stock Pin', 2);
    const zero = await sdkError(
      admin.inventory.incrementInventory([{ productId: p._id!, variantId: V, incrementBy: 0 }]),
    );
    expect(zero.status).toBe(400);
    expect(zero.details?.validationError?.fieldViolations).toEqual([
      expect.objectContaining({ field: 'incrementData[0].incrementBy', violatedRule: 'MIN' }),
    ]);
    const untracked = await sdkError(admin.inventory.updateInventoryVariants(p._id!, { variants: [] }));
    expect(untracked.details?.validationError?.fieldViolations).toEqual([
      expect.objectContaining({ field: 'inventoryItem.trackQuantity', violatedRule: 'REQUIRED_FIELD' }),
    ]);
    const missing = await sdkError(admin.inventory.getInventoryVariants('no-such-item'));
    expect(missing.status).toBe(404);
    expect(missing.details?.applicationError?.code).toBe('INVENTORY_ITEM_NOT_FOUND');
    expect((await stockOf(p._id!))?.quantity).toBe(2);
  });
});
