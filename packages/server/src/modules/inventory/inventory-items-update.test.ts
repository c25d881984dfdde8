import { eventTypes } from '@merx/contract';
import { testEngine } from '@merx/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAppError,
  expectUnchanged,
  expectViolation,
  type InventoryKit,
  sizeAndColor,
  startInventoryKit,
  updateUrl,
} from './inventory-items-test-kit.js';

let kit: InventoryKit;
beforeAll(async () => {
  kit = await startInventoryKit();
});
afterAll(async () => {
  await kit.close();
});

const withOptions = (quantity: number) =>
  kit.createProduct({ ...sizeAndColor(), stock: { trackInventory: true, quantity } });

/** Events since `seq` but the catalog v3 twins of product events (checked in products/events.test.ts). */
const v1EventsSince = async (seq: number) =>
  (await kit.eventsSince(seq)).filter((e) => !e.type.startsWith('wix.stores.catalog.v3.product_'));

describe(`PATCH /stores/v2/inventoryItems/product/{productId} (${testEngine()})`, () => {
  it('sets the quantity of the listed variants, keeps the others, and the catalog shows it', async () => {
    const p = await withOptions(4);
    const [a, b] = p.variants!;
    const seq = await kit.lastSeq();
    const res = await kit.owner.patch(updateUrl(p.id), {
      inventoryItem: {
        productId: p.id,
        trackQuantity: true,
        variants: [
          { variantId: a!.id, quantity: 9 },
          { variantId: b!.id, quantity: 0, inStock: false },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const variants = res.body.inventoryItem.variants;
    expect(variants[0]).toEqual({ variantId: a!.id, inStock: true, quantity: 9, availableForPreorder: false });
    expect(variants[1]).toEqual({ variantId: b!.id, inStock: false, quantity: 0, availableForPreorder: false });
    expect(variants.slice(2).every((v: { quantity: number }) => v.quantity === 4)).toBe(true);

    // One catalog: the product read by a shopper has the same stock.
    const product = (await kit.visitor.get(`/stores-reader/v1/products/${p.id}`)).body.product;
    expect(product.stock).toEqual({
      trackInventory: true,
      quantity: 9 + 0 + 4 * 4,
      inStock: true,
      inventoryStatus: 'PARTIALLY_OUT_OF_STOCK',
      availableForPreorder: false,
    });
    expect(product.variants.find((v: { id: string }) => v.id === b!.id).stock).toMatchObject({ inStock: false });

    const events = await v1EventsSince(seq);
    expect(events.map((e) => e.type)).toEqual([eventTypes.inventoryVariantsChanged]);
    expect(events[0]!.payload).toMatchObject({
      inventoryItemId: p.id,
      variants: [
        { id: a!.id, oldValue: { inStock: true, quantity: 4 }, newValue: { inStock: true, quantity: 9 } },
        { id: b!.id, oldValue: { inStock: true, quantity: 4 }, newValue: { inStock: false, quantity: 0 } },
      ],
      updatedDate: expect.any(String),
    });
    const log = (await kit.logOf(p.id)).slice(6);
    expect(log).toEqual([
      { variantId: a!.id, delta: 5, quantityAfter: 9, cause: 'MANUAL' },
      { variantId: b!.id, delta: -4, quantityAfter: 0, cause: 'MANUAL' },
    ]);
  });

  it('switches tracking off for every variant with in-stock states, and on again with quantities', async () => {
    const p = await withOptions(2);
    const [a] = p.variants!;
    let seq = await kit.lastSeq();
    const off = await kit.owner.patch(updateUrl(p.id), {
      inventoryItem: { trackQuantity: false, variants: [{ variantId: a!.id, inStock: false }] },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.inventoryItem.trackQuantity).toBe(false);
    expect(off.body.inventoryItem.variants.map((v: { inStock: boolean }) => v.inStock)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(Object.values(await kit.quantities(p.id)).every((q) => q === null)).toBe(true);
    const events = await v1EventsSince(seq);
    expect(events.map((e) => e.type)).toEqual([eventTypes.inventoryVariantsChanged, eventTypes.inventoryItemChanged]);
    expect(events[1]!.payload).toMatchObject({ trackInventory: false, fieldMask: ['trackInventory'] });
    // The units leave the count: six rows of -2.
    const afterOff = (await kit.logOf(p.id)).slice(6);
    expect(afterOff.map((r) => [r.delta, r.quantityAfter])).toEqual(Array(6).fill([-2, null]));

    seq = await kit.lastSeq();
    const on = await kit.owner.patch(updateUrl(p.id), {
      inventoryItem: { trackQuantity: true, variants: [{ variantId: a!.id, quantity: 7 }] },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.inventoryItem.variants.map((v: { quantity: number }) => v.quantity)).toEqual([7, 0, 0, 0, 0, 0]);
    expect((await v1EventsSince(seq)).map((e) => e.type)).toContain(eventTypes.inventoryItemChanged);
    // Tracking starts again for every variant: 7 units for one, 0 for the others.
    expect((await kit.logOf(p.id)).slice(12).map((r) => [r.delta, r.quantityAfter, r.cause])).toEqual([
      [7, 7, 'MANUAL'],
      ...Array(5).fill([0, 0, 'MANUAL']),
    ]);
  });

  it('takes back an item as getVariants answered it, with one quantity changed', async () => {
    const p = await withOptions(3);
    const item = await kit.itemOf(p.id);
    item.variants[0]!.quantity = 1;
    item.variants[0]!.inStock = true;
    const res = await kit.owner.patch(updateUrl(p.id), { inventoryItem: item });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.inventoryItem.variants.map((v: { quantity: number }) => v.quantity)).toEqual([1, 3, 3, 3, 3, 3]);
  });

  it('changes nothing when nothing changes, and logs nothing', async () => {
    const p = await kit.stocked(5);
    const seq = await kit.lastSeq();
    const res = await kit.owner.patch(updateUrl(p.id), { inventoryItem: { trackQuantity: true } });
    expect(res.status).toBe(200);
    expect(res.body.inventoryItem.variants[0].quantity).toBe(5);
    expect(await v1EventsSince(seq)).toEqual([]);
    expect(await kit.logOf(p.id)).toHaveLength(1);
  });
});

describe(`PATCH /stores/v2/inventoryItems/product/{productId}: refusals write nothing (${testEngine()})`, () => {
  const patch = (productId: string, inventoryItem: unknown) => kit.owner.patch(updateUrl(productId), { inventoryItem });

  it('refuses an item without trackQuantity instead of switching tracking off', async () => {
    const p = await kit.stocked(5);
    await expectUnchanged(kit, p.id, async () => {
      expectViolation(await patch(p.id, { variants: [] }), 'inventoryItem.trackQuantity', 'REQUIRED_FIELD');
      expectViolation(await kit.owner.patch(updateUrl(p.id), {}), 'inventoryItem', 'REQUIRED_FIELD');
    });
  });

  it('refuses by name a stock field that means nothing in the tracking mode asked for', async () => {
    const p = await withOptions(5);
    const v = p.variants![1]!.id;
    await expectUnchanged(kit, p.id, async () => {
      expectViolation(
        await patch(p.id, { trackQuantity: false, variants: [{ variantId: v, quantity: 3 }] }),
        'inventoryItem.variants[0].quantity',
        'FIELD_NOT_ALLOWED',
      );
      expectViolation(
        await patch(p.id, { trackQuantity: true, variants: [{ variantId: v, inStock: false }] }),
        'inventoryItem.variants[0].inStock',
        'FIELD_NOT_ALLOWED',
      );
      expectViolation(
        await patch(p.id, { trackQuantity: true, variants: [{ variantId: v, quantity: 0, inStock: true }] }),
        'inventoryItem.variants[0].inStock',
        'FIELD_NOT_ALLOWED',
      );
      expectViolation(
        await patch(p.id, { trackQuantity: true, preorderInfo: { enabled: true, limit: 100_001 } }),
        'inventoryItem.preorderInfo.limit',
      );
    });
  });

  it('refuses bad quantities, repeated variants and another product in the body', async () => {
    const p = await withOptions(5);
    const v = p.variants![0]!.id;
    await expectUnchanged(kit, p.id, async () => {
      const one = (quantity: unknown) => patch(p.id, { trackQuantity: true, variants: [{ variantId: v, quantity }] });
      expectViolation(await one(-1), 'inventoryItem.variants[0].quantity', 'MIN');
      expectViolation(await one(100_000_000), 'inventoryItem.variants[0].quantity', 'MAX');
      expectViolation(await one(1.5), 'inventoryItem.variants[0].quantity');
      expectViolation(await one('3'), 'inventoryItem.variants[0].quantity');
      expectViolation(
        await patch(p.id, { trackQuantity: true, variants: [{ variantId: v }, { variantId: v, quantity: 1 }] }),
        'inventoryItem.variants[1].variantId',
      );
      expectViolation(
        await patch(p.id, { trackQuantity: true, variants: [{ quantity: 1 }] }),
        'inventoryItem.variants[0].variantId',
        'REQUIRED_FIELD',
      );
      expectViolation(await patch(p.id, { trackQuantity: true, productId: 'other' }), 'inventoryItem.productId');
      expectViolation(await patch(p.id, { trackQuantity: true, id: 'other' }), 'inventoryItem.id');
    });
  });

  it('answers 404 for an unknown product or variant', async () => {
    const p = await withOptions(5);
    await expectUnchanged(kit, p.id, async () => {
      expectAppError(await patch('no-such-product', { trackQuantity: true }), 404, 'PRODUCT_NOT_FOUND');
      const res = await patch(p.id, {
        trackQuantity: true,
        variants: [
          { variantId: p.variants![0]!.id, quantity: 1 },
          { variantId: 'no-such-variant', quantity: 1 },
        ],
      });
      expectAppError(res, 404, 'VARIANT_NOT_FOUND');
      expect(res.body.details.applicationError.data.field).toBe('inventoryItem.variants[1].variantId');
    });
  });
});
