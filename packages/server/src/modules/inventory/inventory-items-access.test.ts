import { DEFAULT_VARIANT_ID } from '@merx/contract';
import { testEngine } from '@merx/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  DECREMENT,
  expectAppError,
  getVariantsUrl,
  INCREMENT,
  type InventoryKit,
  QUERY,
  startInventoryKit,
  updateUrl,
} from './inventory-items-test-kit.js';

/*
 * Reads need `catalog:read`, writes `catalog:write` (staff and API keys). Visitors and members reach none of it, as
 * on the real service (an app's permission): a storefront reads stock on the product and variant routes, which hide
 * what the catalog hides from shoppers.
 */

let kit: InventoryKit;
beforeAll(async () => {
  kit = await startInventoryKit();
});
afterAll(async () => {
  await kit.close();
});

const V = DEFAULT_VARIANT_ID;

describe(`who may read and change inventory (${testEngine()})`, () => {
  it('lets callers holding catalog:read read, and only those holding catalog:write change', async () => {
    const p = await kit.createProduct({ visible: false, stock: { trackInventory: true, quantity: 10 } });
    const read = (c: Client) => Promise.all([c.post(QUERY, {}), c.post(getVariantsUrl(p.id), {})]);
    // One after the other: an update racing an increment may be refused with CONCURRENT_MODIFICATION.
    const write = async (c: Client) => [
      await c.patch(updateUrl(p.id), { inventoryItem: { trackQuantity: true } }),
      await c.post(INCREMENT, { incrementData: [{ productId: p.id, variantId: V, incrementBy: 1 }] }),
      await c.post(DECREMENT, { decrementData: [{ productId: p.id, variantId: V, decrementBy: 1 }] }),
    ];
    const expectAll = (answers: Array<{ status: number }>, status: number, code?: string) => {
      for (const res of answers) {
        if (code) expectAppError(res as never, status, code);
        else expect(res.status, JSON.stringify(res)).toBe(status);
      }
    };

    const visitor = await kit.newVisitor();
    const member = await kit.newMember();
    for (const anonymous of [kit.visitor, visitor]) {
      expectAll(await read(anonymous), 401, 'UNAUTHENTICATED');
      expectAll(await write(anonymous), 401, 'UNAUTHENTICATED');
    }
    for (const refused of [member, kit.orderReader]) {
      expectAll(await read(refused), 403, 'PERMISSION_DENIED');
      expectAll(await write(refused), 403, 'PERMISSION_DENIED');
    }
    for (const reader of [kit.stranger, kit.catalogReaderStaff]) {
      expectAll(await read(reader), 200);
      expectAll(await write(reader), 403, 'PERMISSION_DENIED');
    }
    expectAll(await read(kit.catalogWriterStaff), 403, 'PERMISSION_DENIED');
    expectAll(await write(kit.catalogWriterStaff), 200);
    expectAll(await write(kit.owner), 200);
    expect((await kit.quantities(p.id))[V]).toBe(10);
  });
});
