import { DEFAULT_VARIANT_ID, type InventoryItem } from '@merx/contract';
import { testEngine } from '@merx/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAppError,
  expectViolation,
  getVariantsUrl,
  type InventoryKit,
  QUERY,
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

const idsOf = (res: { body: { inventoryItems: InventoryItem[] } }) => res.body.inventoryItems.map((i) => i.id);

describe(`POST /stores-reader/v2/inventoryItems/{inventoryId}/getVariants (${testEngine()})`, () => {
  it("answers the product's variants with their stock, under the product's id", async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), stock: { trackInventory: true, quantity: 3 } });
    const res = await kit.owner.post(getVariantsUrl(p.id), { inventoryId: p.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const item = res.body.inventoryItem as InventoryItem;
    expect(item).toEqual({
      id: p.id,
      externalId: p.id,
      productId: p.id,
      trackQuantity: true,
      variants: expect.any(Array),
      lastUpdated: p.lastUpdated,
      numericId: p.numericId,
      preorderInfo: { enabled: false },
    });
    expect(item.variants.map((v) => v.variantId)).toEqual(p.variants!.map((v) => v.id));
    expect(item.variants.every((v) => v.quantity === 3 && v.inStock && v.availableForPreorder === false)).toBe(true);
  });

  it('shows no quantity for variants that do not count their units', async () => {
    const p = await kit.createProduct({ stock: { trackInventory: false, inStock: false } });
    expect((await kit.itemOf(p.id)).variants).toEqual([
      { variantId: DEFAULT_VARIANT_ID, inStock: false, availableForPreorder: false },
    ]);
  });

  it('answers only the variants asked for, and hidden products too', async () => {
    const p = await kit.createProduct({
      ...sizeAndColor(),
      visible: false,
      stock: { trackInventory: true, quantity: 1 },
    });
    const [first, , third] = p.variants!;
    const res = await kit.owner.post(getVariantsUrl(p.id), { variantIds: [third!.id, first!.id, 'no-such-variant'] });
    expect(res.status).toBe(200);
    expect(res.body.inventoryItem.variants.map((v: { variantId: string }) => v.variantId)).toEqual([
      first!.id,
      third!.id,
    ]);
  });

  it('refuses another item named in the body and answers 404 for an unknown item', async () => {
    const p = await kit.stocked(1);
    expectViolation(await kit.owner.post(getVariantsUrl(p.id), { productId: 'other' }), 'productId', 'VALIDATION');
    expectViolation(await kit.owner.post(getVariantsUrl(p.id), { externalId: 'other' }), 'externalId');
    expectViolation(await kit.owner.post(getVariantsUrl(p.id), { variantIds: 'x' }), 'variantIds');
    expectAppError(await kit.owner.post(getVariantsUrl('no-such-item'), {}), 404, 'INVENTORY_ITEM_NOT_FOUND');
  });
});

describe(`POST /stores-reader/v2/inventoryItems/query (${testEngine()})`, () => {
  it('filters by id, trackQuantity, variants.inStock, variants.variantId and lastUpdated; sorts and pages', async () => {
    const tracked = await kit.stocked(5);
    const empty = await kit.stocked(0);
    const untracked = await kit.createProduct({ stock: { trackInventory: false, inStock: true } });
    const hidden = await kit.createProduct({ visible: false, stock: { trackInventory: true, quantity: 2 } });
    const mine = { productId: { $in: [tracked.id, empty.id, untracked.id, hidden.id] } };
    const query = async (filter: object, extra: object = {}) => {
      const res = await kit.owner.post(QUERY, { query: { filter: { $and: [mine, filter] }, ...extra } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res;
    };
    // Oldest first by default (numericId), hidden products included for a caller holding catalog:read.
    expect(idsOf(await query({}))).toEqual([tracked.id, empty.id, untracked.id, hidden.id]);
    expect(idsOf(await query({ trackQuantity: false }))).toEqual([untracked.id]);
    expect(idsOf(await query({ 'variants.inStock': true }))).toEqual([tracked.id, untracked.id, hidden.id]);
    expect(idsOf(await query({ 'variants.inStock': { $ne: true } }))).toEqual([empty.id]);
    expect(idsOf(await query({ 'variants.variantId': DEFAULT_VARIANT_ID }))).toHaveLength(4);
    expect(idsOf(await query({ id: { $nin: [tracked.id] }, externalId: { $ne: empty.id } }))).toEqual([
      untracked.id,
      hidden.id,
    ]);
    expect(idsOf(await query({ lastUpdated: { $gte: hidden.lastUpdated } }))).toContain(hidden.id);
    expect(idsOf(await query({ lastUpdated: { $lt: tracked.lastUpdated } }))).toEqual([]);

    const page = await query(
      {},
      { sort: [{ fieldName: 'numericId', order: 'DESC' }], paging: { limit: 3, offset: 1 } },
    );
    expect(idsOf(page)).toEqual([untracked.id, empty.id, tracked.id]);
    expect(page.body.metadata).toEqual({ items: 3, offset: 1 });
    expect(page.body.totalResults).toBe(4);
  });

  it('takes filter and sort as JSON text, as the real module types them', async () => {
    const a = await kit.stocked(1);
    const b = await kit.stocked(2);
    const res = await kit.owner.post(QUERY, {
      query: {
        filter: JSON.stringify({ productId: { $in: [a.id, b.id] } }),
        sort: JSON.stringify([{ fieldName: 'numericId', order: 'DESC' }]),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(idsOf(res)).toEqual([b.id, a.id]);
    expect(res.body.inventoryItems[0].variants[0]).toMatchObject({ quantity: 2, inStock: true });
  });

  it('refuses fields, operators and paging it does not offer, by name', async () => {
    expectViolation(await kit.owner.post(QUERY, { query: { filter: { name: 'x' } } }), 'query.filter.name');
    expectViolation(
      await kit.owner.post(QUERY, { query: { filter: { trackQuantity: { $gt: true } } } }),
      'query.filter.trackQuantity.$gt',
    );
    expectViolation(
      await kit.owner.post(QUERY, { query: { sort: [{ fieldName: 'trackQuantity' }] } }),
      'query.sort[0].fieldName',
    );
    expectViolation(await kit.owner.post(QUERY, { query: { filter: '{not json' } }), 'query.filter', 'FORMAT');
    expectViolation(await kit.owner.post(QUERY, { query: { paging: { limit: 101 } } }), 'query.paging.limit', 'MAX');
    expectViolation(
      await kit.owner.post(QUERY, { query: { cursorPaging: { limit: 5 } } }),
      'query.cursorPaging',
      'FIELD_NOT_ALLOWED',
    );
  });
});
