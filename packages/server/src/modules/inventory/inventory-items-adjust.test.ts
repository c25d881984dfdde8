import { DEFAULT_VARIANT_ID, eventTypes, MAX_STOCK_QUANTITY } from '@merx/contract';
import { testEngine } from '@merx/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DECREMENT,
  expectAppError,
  expectUnchanged,
  expectViolation,
  INCREMENT,
  type InventoryKit,
  sizeAndColor,
  startInventoryKit,
} from './inventory-items-test-kit.js';

let kit: InventoryKit;
beforeAll(async () => {
  kit = await startInventoryKit();
});
afterAll(async () => {
  await kit.close();
});

const V = DEFAULT_VARIANT_ID;
const inc = (...incrementData: unknown[]) => kit.owner.post(INCREMENT, { incrementData });
const dec = (...decrementData: unknown[]) => kit.owner.post(DECREMENT, { decrementData });
const stockOf = async (productId: string) => (await kit.quantities(productId))[V];

describe(`increment and decrement (${testEngine()})`, () => {
  it('adds and takes units by productId or inventoryId; the catalog, the log and the events follow', async () => {
    const a = await kit.stocked(5);
    const b = await kit.createProduct({ ...sizeAndColor(), stock: { trackInventory: true, quantity: 1 } });
    const bv = b.variants![2]!.id;
    const seq = await kit.lastSeq();
    const up = await inc(
      { productId: a.id, variantId: V, incrementBy: 3 },
      { inventoryId: b.id, variantId: bv, incrementBy: 4 },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toEqual({});
    expect(await stockOf(a.id)).toBe(8);
    expect((await kit.quantities(b.id))[bv]).toBe(5);

    const down = await dec({ productId: a.id, variantId: V, decrementBy: 8, preorderRequest: false });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(await stockOf(a.id)).toBe(0);
    // A shopper's read of the product shows it sold out at once (its cached answer moved on with the revision).
    const product = (await kit.visitor.get(`/stores-reader/v1/products/${a.id}`)).body.product;
    expect(product.stock).toEqual({
      trackInventory: true,
      quantity: 0,
      inStock: false,
      inventoryStatus: 'OUT_OF_STOCK',
      availableForPreorder: false,
    });

    const events = await kit.eventsSince(seq);
    expect(events.map((e) => [e.type, e.entityId])).toEqual([
      [eventTypes.inventoryVariantsChanged, a.id],
      [eventTypes.inventoryVariantsChanged, b.id],
      [eventTypes.inventoryVariantsChanged, a.id],
    ]);
    expect(events[2]!.payload).toMatchObject({
      inventoryItemId: a.id,
      variants: [{ id: V, oldValue: { quantity: 8, inStock: true }, newValue: { quantity: 0, inStock: false } }],
    });
    expect((await kit.logOf(a.id)).slice(1)).toEqual([
      { variantId: V, delta: 3, quantityAfter: 8, cause: 'MANUAL' },
      { variantId: V, delta: -8, quantityAfter: 0, cause: 'MANUAL' },
    ]);
    expect((await kit.logOf(b.id)).slice(6)).toEqual([{ variantId: bv, delta: 4, quantityAfter: 5, cause: 'MANUAL' }]);
  });

  it('adds up lines of the same variant, and both ids when they agree', async () => {
    const p = await kit.stocked(10);
    const res = await dec(
      { productId: p.id, variantId: V, decrementBy: 2 },
      { productId: p.id, inventoryId: p.id, variantId: V, decrementBy: 3 },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stockOf(p.id)).toBe(5);
    expect((await kit.logOf(p.id)).slice(1)).toEqual([{ variantId: V, delta: -5, quantityAfter: 5, cause: 'MANUAL' }]);
  });
});

describe(`refusals are whole: nothing is changed (${testEngine()})`, () => {
  it('refuses a decrement below the stock, naming the line, and leaves the other lines alone', async () => {
    const plenty = await kit.stocked(10);
    const few = await kit.stocked(2);
    await expectUnchanged(kit, plenty.id, async () => {
      await expectUnchanged(kit, few.id, async () => {
        const res = await dec(
          { productId: plenty.id, variantId: V, decrementBy: 4 },
          { productId: few.id, variantId: V, decrementBy: 3 },
        );
        expectAppError(res, 400, 'INSUFFICIENT_INVENTORY');
        expect(res.body.details.applicationError.data).toMatchObject({
          field: 'decrementData[1]',
          productId: few.id,
          variantId: V,
          requested: 3,
          available: 2,
        });
        expect(res.body.message).toContain('decrementData[1]');
        // Two lines that fit alone but not together.
        const both = await dec(
          { productId: few.id, variantId: V, decrementBy: 2 },
          { productId: few.id, variantId: V, decrementBy: 1 },
        );
        expectAppError(both, 400, 'INSUFFICIENT_INVENTORY');
      });
    });
  });

  it('refuses unknown products, items and variants, and untracked variants, by line', async () => {
    const p = await kit.stocked(3);
    const untracked = await kit.createProduct({ stock: { trackInventory: false, inStock: true } });
    const ok = { productId: p.id, variantId: V, incrementBy: 1 };
    await expectUnchanged(kit, p.id, async () => {
      const field = (res: { body: { details: { applicationError: { data: { field: string } } } } }) =>
        res.body.details.applicationError.data.field;
      let res = await inc(ok, { productId: 'no-such-product', variantId: V, incrementBy: 1 });
      expectAppError(res, 404, 'PRODUCT_NOT_FOUND');
      expect(field(res)).toBe('incrementData[1].productId');
      res = await dec(
        { productId: p.id, variantId: V, decrementBy: 1 },
        { inventoryId: 'nope', variantId: V, decrementBy: 1 },
      );
      expectAppError(res, 404, 'INVENTORY_ITEM_NOT_FOUND');
      expect(field(res)).toBe('decrementData[1].inventoryId');
      res = await inc(ok, { productId: p.id, variantId: 'no-such-variant', incrementBy: 1 });
      expectAppError(res, 404, 'VARIANT_NOT_FOUND');
      expect(field(res)).toBe('incrementData[1].variantId');
      res = await inc(ok, { productId: untracked.id, variantId: V, incrementBy: 1 });
      expectAppError(res, 400, 'INVENTORY_NOT_TRACKED');
      expect(field(res)).toBe('incrementData[1].variantId');
      expectAppError(
        await dec({ productId: untracked.id, variantId: V, decrementBy: 1 }),
        400,
        'INVENTORY_NOT_TRACKED',
      );
    });
  });

  it('refuses zero, negative, fractional and huge amounts, and lines without an item', async () => {
    const p = await kit.stocked(3);
    await expectUnchanged(kit, p.id, async () => {
      const line = (amount: unknown) => ({ productId: p.id, variantId: V, incrementBy: amount });
      expectViolation(await inc(line(0)), 'incrementData[0].incrementBy', 'MIN');
      expectViolation(await inc(line(-2)), 'incrementData[0].incrementBy', 'MIN');
      expectViolation(await inc(line(1.5)), 'incrementData[0].incrementBy');
      expectViolation(await inc(line(1e12)), 'incrementData[0].incrementBy', 'MAX');
      expectViolation(await inc(line(undefined)), 'incrementData[0].incrementBy', 'REQUIRED_FIELD');
      expectViolation(
        await dec({ productId: p.id, variantId: V, decrementBy: 0 }),
        'decrementData[0].decrementBy',
        'MIN',
      );
      expectViolation(
        await dec({ productId: p.id, variantId: V, decrementBy: -1 }),
        'decrementData[0].decrementBy',
        'MIN',
      );
      expectViolation(await inc({ variantId: V, incrementBy: 1 }), 'incrementData[0].productId', 'REQUIRED_FIELD');
      expectViolation(await inc({ productId: p.id, incrementBy: 1 }), 'incrementData[0].variantId', 'REQUIRED_FIELD');
      expectViolation(
        await inc({ productId: p.id, inventoryId: 'other', variantId: V, incrementBy: 1 }),
        'incrementData[0].inventoryId',
        'ONE_OF_ALIGNMENT',
      );
      expectViolation(await kit.owner.post(INCREMENT, { incrementData: [] }), 'incrementData', 'MIN_SIZE');
      expectViolation(await kit.owner.post(DECREMENT, {}), 'decrementData', 'REQUIRED_FIELD');
      const many = Array.from({ length: 301 }, () => line(1));
      expectViolation(await kit.owner.post(INCREMENT, { incrementData: many }), 'incrementData', 'MAX_SIZE');
    });
  });

  it(`refuses an increment past ${MAX_STOCK_QUANTITY} units`, async () => {
    const p = await kit.stocked(MAX_STOCK_QUANTITY - 5);
    await expectUnchanged(kit, p.id, async () => {
      const res = await inc({ productId: p.id, variantId: V, incrementBy: 6 });
      expectAppError(res, 400, 'INVENTORY_QUANTITY_TOO_LARGE');
      expect(res.body.details.applicationError.data).toMatchObject({
        field: 'incrementData[0]',
        current: MAX_STOCK_QUANTITY - 5,
      });
    });
    expect((await inc({ productId: p.id, variantId: V, incrementBy: 5 })).status).toBe(200);
    expect(await stockOf(p.id)).toBe(MAX_STOCK_QUANTITY);
  });
});
