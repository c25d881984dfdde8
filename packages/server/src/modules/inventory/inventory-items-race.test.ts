import { DEFAULT_VARIANT_ID } from '@merx/contract';
import { testEngine } from '@merx/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DECREMENT,
  INCREMENT,
  type InventoryKit,
  type Res,
  startInventoryKit,
  updateUrl,
} from './inventory-items-test-kit.js';

/*
 * Stock changed by hand while others change it too: decrements race each other, increments and absolute updates.
 * Every change is one conditional UPDATE in a transaction, so the stock never goes below zero, every answer is a
 * success or a clear refusal (never a 500), and the inventory log adds up to the stock that is left.
 */

let kit: InventoryKit;
beforeAll(async () => {
  kit = await startInventoryKit();
});
afterAll(async () => {
  await kit.close();
});

const V = DEFAULT_VARIANT_ID;
const line = (productId: string, by: number) => ({ productId, variantId: V, decrementBy: by });

/** The log holds every change since the product's starting stock: its deltas add up to the stock left. */
async function expectLogAddsUp(productId: string): Promise<number> {
  const left = (await kit.quantities(productId))[V] as number;
  const log = await kit.logOf(productId);
  expect(left).toBeGreaterThanOrEqual(0);
  expect(log.every((r) => (r.quantityAfter ?? 0) >= 0)).toBe(true);
  expect(log.reduce((sum, r) => sum + r.delta, 0)).toBe(left);
  return left;
}

const codeOf = (r: Res) => r.body?.details?.applicationError?.code;

describe(`racing stock changes by hand (${testEngine()})`, () => {
  it('200 simultaneous decrements of one unit for 50 units: exactly 50 pass, the rest are refused', async () => {
    const p = await kit.stocked(50);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => kit.owner.post(DECREMENT, { decrementData: [line(p.id, 1)] })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(50);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(codeOf(r)).toBe('INSUFFICIENT_INVENTORY');
    }
    expect(await expectLogAddsUp(p.id)).toBe(0);
    expect((await kit.logOf(p.id)).filter((r) => r.delta === -1)).toHaveLength(50);
  }, 120_000);

  it('decrements of 3 racing increments never take the stock below zero', async () => {
    const p = await kit.stocked(10);
    const requests = [
      ...Array.from({ length: 60 }, () => kit.owner.post(DECREMENT, { decrementData: [line(p.id, 3)] })),
      ...Array.from({ length: 20 }, () =>
        kit.owner.post(INCREMENT, { incrementData: [{ productId: p.id, variantId: V, incrementBy: 2 }] }),
      ),
    ];
    const results = await Promise.all(requests);
    const decrements = results.slice(0, 60);
    const increments = results.slice(60);
    expect(increments.every((r) => r.status === 200)).toBe(true);
    for (const r of decrements.filter((r) => r.status !== 200)) expect(codeOf(r)).toBe('INSUFFICIENT_INVENTORY');
    const taken = decrements.filter((r) => r.status === 200).length * 3;
    const left = await expectLogAddsUp(p.id);
    expect(left).toBe(10 + 20 * 2 - taken);
    // The starting 10 units alone let the first three decrements through, whatever the order.
    expect(taken).toBeGreaterThanOrEqual(9);
  }, 120_000);

  it('absolute updates racing decrements: each answers or is refused cleanly, and the log keeps up', async () => {
    const p = await kit.stocked(30);
    const requests = Array.from({ length: 40 }, (_, i) =>
      i % 8 === 0
        ? kit.owner.patch(updateUrl(p.id), {
            inventoryItem: { trackQuantity: true, variants: [{ variantId: V, quantity: 20 }] },
          })
        : kit.owner.post(DECREMENT, { decrementData: [line(p.id, 2)] }),
    );
    const results = await Promise.all(requests);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(['INSUFFICIENT_INVENTORY', 'CONCURRENT_MODIFICATION']).toContain(codeOf(r));
    }
    await expectLogAddsUp(p.id);
  }, 120_000);
});
