import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizeAndColor } from '../cart/cart-test-kit.js';
import { expectAppError, expectViolation, item, type OrdersKit, startOrdersKit } from '../orders/orders-test-kit.js';
import { manualChanges } from './inventory.log.js';

let kit: OrdersKit;

beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

const QUERY = '/_api/merx/v1/inventory-changes/query';
type Change = {
  variantId: string;
  delta: number;
  quantityAfter?: number;
  cause: string;
  orderId?: string;
  createdDate: string;
};
const changesOf = async (productId: string, extra: Record<string, unknown> = {}) => {
  const res = await kit.owner.post(QUERY, {
    query: { filter: { productId, ...extra }, sort: [{ fieldName: 'createdDate', order: 'ASC' }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.inventoryChanges as Change[];
};
const setStock = (productId: string, stock: Record<string, unknown>) =>
  kit.owner.patch(`/stores/v1/products/${productId}`, { product: { stock } });

/** The changes after the product's creation, checking that its first row is the starting stock `quantity`. */
const changesAfterStart = async (productId: string, quantity: number) => {
  const [start, ...rest] = await changesOf(productId);
  expect([start?.delta, start?.quantityAfter, start?.cause]).toEqual([quantity, quantity, 'MANUAL']);
  return rest;
};

describe('manual stock changes', () => {
  it("logs a new product's starting stock, for tracked variants only", async () => {
    const p = await kit.stocked(10);
    expect((await changesOf(p.id)).map((c) => [c.delta, c.quantityAfter, c.cause, c.orderId])).toEqual([
      [10, 10, 'MANUAL', undefined],
    ]);
    const untracked = await kit.createProduct({ stock: { trackInventory: false, inStock: true } });
    expect(await changesOf(untracked.id)).toEqual([]);
    const withOptions = await kit.createProduct({ ...sizeAndColor(), stock: { trackInventory: true, quantity: 2 } });
    const rows = await changesOf(withOptions.id);
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.map((c) => c.variantId)).size).toBe(rows.length);
    expect(rows.every((c) => c.delta === 2 && c.quantityAfter === 2 && c.cause === 'MANUAL')).toBe(true);
  });

  it('logs a product update with stock as MANUAL: delta and quantity after', async () => {
    const p = await kit.stocked(10);
    expect((await setStock(p.id, { trackInventory: true, quantity: 7 })).status).toBe(200);
    expect((await setStock(p.id, { trackInventory: true, quantity: 12 })).status).toBe(200);
    // No change, nothing logged.
    expect((await setStock(p.id, { trackInventory: true, quantity: 12 })).status).toBe(200);
    expect((await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { name: 'Renamed' } })).status).toBe(200);
    const changes = await changesAfterStart(p.id, 10);
    expect(changes.map((c) => [c.delta, c.quantityAfter, c.cause, c.orderId])).toEqual([
      [-3, 7, 'MANUAL', undefined],
      [5, 12, 'MANUAL', undefined],
    ]);
    expect(changes[0]).toEqual({
      id: expect.any(String),
      productId: p.id,
      variantId: expect.any(String),
      delta: -3,
      quantityAfter: 7,
      cause: 'MANUAL',
      reason: 'PRODUCT_EDITED',
      actor: { kind: 'API_KEY', id: expect.any(String), name: 'Test owner' },
      createdDate: expect.any(String),
    });
  });

  it('logs tracking switched off (the units leave the count) and on again', async () => {
    const p = await kit.stocked(4);
    expect((await setStock(p.id, { trackInventory: false, inStock: true })).status).toBe(200);
    expect((await setStock(p.id, { trackInventory: true, quantity: 9 })).status).toBe(200);
    const changes = await changesAfterStart(p.id, 4);
    expect(changes.map((c) => [c.delta, c.quantityAfter])).toEqual([
      [-4, undefined],
      [9, 9],
    ]);
  });

  it('logs one row per variant for a product with options, and for setStock', async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), stock: { trackInventory: true, quantity: 2 } });
    expect((await setStock(p.id, { trackInventory: true, quantity: 5 })).status).toBe(200);
    const variants = await kit.server.merx.db
      .selectFrom('product_variants')
      .select('id')
      .where('product_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(variants.length).toBeGreaterThan(1);
    // The starting stock of each variant, then the change.
    const all = await changesOf(p.id);
    expect(all).toHaveLength(2 * variants.length);
    const changed = all.slice(variants.length);
    expect(changed.every((c) => c.delta === 3 && c.quantityAfter === 5 && c.cause === 'MANUAL')).toBe(true);

    const one = variants[0]!.id;
    await kit.server.services.variants.setStock(p.id, [{ variantId: one, trackQuantity: true, quantity: 1 }]);
    const forOne = await changesOf(p.id, { variantId: one });
    expect(forOne.map((c) => [c.delta, c.quantityAfter])).toEqual([
      [2, 2],
      [3, 5],
      [-4, 1],
    ]);
  });

  it('writes nothing when the change is refused', async () => {
    const p = await kit.stocked(3);
    expectViolation(await setStock(p.id, { trackInventory: true, quantity: -1 }), 'product.stock.quantity');
    await expect(
      kit.server.services.variants.setStock(p.id, [
        { variantId: '00000000-0000-0000-0000-000000000000', trackQuantity: true, quantity: 1 },
        { variantId: 'missing', trackQuantity: true, quantity: 1 },
      ]),
    ).rejects.toThrow();
    expect(await changesAfterStart(p.id, 3)).toEqual([]);
  });

  it('answers the same as the pure rule', () => {
    const v = (id: string, trackQuantity: boolean, quantity: number | null) => ({ id, trackQuantity, quantity });
    expect(
      manualChanges(
        [v('a', true, 5), v('b', false, null), v('c', true, 2), v('d', true, 1)],
        [v('a', true, 5), v('b', true, 3), v('c', true, 0), v('e', true, 4)],
      ),
    ).toEqual([
      { variantId: 'b', delta: 3, quantityAfter: 3, tracking: true },
      { variantId: 'c', delta: -2, quantityAfter: 0, tracking: false },
      { variantId: 'd', delta: -1, quantityAfter: null, tracking: false },
      { variantId: 'e', delta: 4, quantityAfter: 4, tracking: false },
    ]);
  });
});

describe('POST /_api/merx/v1/inventory-changes/query', () => {
  it('filters by cause, order, product and date; pages by offset and cursor', async () => {
    const p = await kit.stocked(10);
    const v = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(v, [item(p.id, 2)]);
    const { orderId } = (await kit.placeOrder(v, checkoutId)).body;
    expect((await setStock(p.id, { trackInventory: true, quantity: 20 })).status).toBe(200);

    const all = await changesOf(p.id);
    expect(all.map((c) => [c.cause, c.delta, c.quantityAfter, c.orderId])).toEqual([
      ['MANUAL', 10, 10, undefined],
      ['ORDER', -2, 8, orderId],
      ['MANUAL', 12, 20, undefined],
    ]);
    expect((await changesOf(p.id, { cause: 'MANUAL' })).map((c) => c.delta)).toEqual([10, 12]);
    expect((await changesOf(p.id, { orderId })).map((c) => c.delta)).toEqual([-2]);
    expect((await changesOf(p.id, { cause: { $in: ['ORDER', 'REVERT_INVENTORY_CHANGE'] } })).length).toBe(1);
    const manualAt = all[2]!.createdDate;
    expect((await changesOf(p.id, { createdDate: { $gte: manualAt } })).map((c) => c.delta)).toContain(12);
    expect((await changesOf(p.id, { createdDate: { $lt: manualAt } })).map((c) => c.delta)).not.toContain(12);

    // Newest first by default; offset paging answers the total.
    const page = await kit.owner.post(QUERY, { query: { filter: { productId: p.id }, paging: { limit: 1 } } });
    expect(page.body.inventoryChanges.map((c: Change) => c.cause)).toHaveLength(1);
    expect(page.body.metadata).toEqual({ count: 1, offset: 0, total: 3 });
    const cursor = await kit.owner.post(QUERY, {
      query: {
        filter: { productId: p.id },
        sort: [{ fieldName: 'createdDate', order: 'ASC' }],
        cursorPaging: { limit: 1 },
      },
    });
    expect(cursor.body.inventoryChanges.map((c: Change) => [c.cause, c.delta])).toEqual([['MANUAL', 10]]);
    const next = await kit.owner.post(QUERY, {
      query: { cursorPaging: { limit: 1, cursor: cursor.body.metadata.cursors.next } },
    });
    expect(next.body.inventoryChanges.map((c: Change) => [c.cause, c.delta])).toEqual([['ORDER', -2]]);
  });

  it('refuses bad filters and callers without catalog:read', async () => {
    expectViolation(await kit.owner.post(QUERY, { query: { filter: { quantity: 1 } } }), 'query.filter.quantity');
    expectViolation(
      await kit.owner.post(QUERY, { query: { sort: [{ fieldName: 'delta' }] } }),
      'query.sort[0].fieldName',
    );
    expectViolation(
      await kit.owner.post(QUERY, { query: { filter: { cause: { $startsWith: 'M' } } } }),
      'query.filter.cause.$startsWith',
    );
    expectViolation(
      await kit.owner.post(QUERY, { query: { cursorPaging: { cursor: 'forged' } } }),
      'query.cursorPaging.cursor',
    );
    expectAppError(await kit.visitor.post(QUERY, {}), 401, 'UNAUTHENTICATED');
    expectAppError(await (await kit.newMember()).post(QUERY, {}), 403, 'PERMISSION_DENIED');
    expectAppError(await kit.orderReader.post(QUERY, {}), 403, 'PERMISSION_DENIED');
    // An API key with catalog:read only.
    expect((await kit.stranger.post(QUERY, {})).status).toBe(200);
  });
});
