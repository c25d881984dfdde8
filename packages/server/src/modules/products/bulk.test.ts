import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation, type Kit, startKit } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const UPDATE = '/stores/v1/bulk/products/update';
const ADJUST = '/stores/v1/bulk/products/adjust-properties';
const read = async (id: string): Promise<Product> =>
  (await kit.owner.get(`/stores-reader/v1/products/${id}`, { includeMerchantSpecificData: true })).body.product;

async function two(input: object = {}): Promise<[Product, Product]> {
  return [await kit.createProduct(input), await kit.createProduct(input)];
}

describe('POST /stores/v1/bulk/products/update', () => {
  it('sets the price of every product and reports each item', async () => {
    const [a, b] = await two({ priceData: { price: 10 } });
    const res = await kit.owner.post(UPDATE, { ids: [a.id, b.id], set: { price: 12.5 } });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { itemMetadata: { id: a.id, originalIndex: 0, success: true } },
      { itemMetadata: { id: b.id, originalIndex: 1, success: true } },
    ]);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 0, undetailedFailures: 0 });
    expect((await read(a.id)).priceData).toMatchObject({ price: 12.5, formatted: { price: '$12.50' } });
    expect((await read(b.id)).priceData.price).toBe(12.5);
  });

  it('sets cost, weight, ribbon and brand', async () => {
    const [a] = await two({ priceData: { price: 10 } });
    for (const set of [{ cost: 4 }, { weight: 2.5 }, { ribbon: 'Hot' }, { brand: 'Bulkco' }]) {
      const res = await kit.owner.post(UPDATE, { ids: [a.id], set });
      expect(res.body.bulkActionMetadata.totalSuccesses).toBe(1);
    }
    const after = await read(a.id);
    expect(after.costAndProfitData?.itemCost).toBe(4);
    expect(after).toMatchObject({ weight: 2.5, ribbon: 'Hot', brand: 'Bulkco' });
  });

  it('fails only the item whose id does not exist', async () => {
    const [a, b] = await two();
    const res = await kit.owner.post(UPDATE, { ids: [a.id, 'missing', b.id], set: { brand: 'Only' } });
    expect(res.status).toBe(200);
    expect(res.body.results[1].itemMetadata).toMatchObject({
      id: 'missing',
      originalIndex: 1,
      success: false,
      error: { code: 'PRODUCT_NOT_FOUND' },
    });
    expect(res.body.results[2].itemMetadata).toMatchObject({ id: b.id, originalIndex: 2, success: true });
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    expect((await read(b.id)).brand).toBe('Only');
  });

  it('fails the item whose new price is below its AMOUNT discount', async () => {
    const a = await kit.createProduct({ priceData: { price: 50 }, discount: { type: 'AMOUNT', value: 20 } });
    const b = await kit.createProduct({ priceData: { price: 50 } });
    const res = await kit.owner.post(UPDATE, { ids: [a.id, b.id], set: { price: 10 } });
    expect(res.body.results[0].itemMetadata.success).toBe(false);
    expect(res.body.results[1].itemMetadata.success).toBe(true);
    expect((await read(a.id)).priceData.price).toBe(50);
  });

  it('returns the changed products when returnEntity is true', async () => {
    const [a] = await two();
    const res = await kit.owner.post(UPDATE, { ids: [a.id], set: { ribbon: 'Back' }, returnEntity: true });
    expect(res.body.results[0].item).toMatchObject({ id: a.id, ribbon: 'Back' });
  });

  it('refuses a set with no field or with two fields', async () => {
    const [a] = await two();
    expectViolation(await kit.owner.post(UPDATE, { ids: [a.id], set: {} }), 'set');
    expectViolation(await kit.owner.post(UPDATE, { ids: [a.id], set: { price: 1, cost: 1 } }), 'set');
    expectViolation(await kit.owner.post(UPDATE, { ids: [a.id], set: { price: -1 } }), 'set.price', 'MIN');
    expectViolation(await kit.owner.post(UPDATE, { ids: [], set: { price: 1 } }), 'ids');
  });
});

describe('POST /stores/v1/bulk/products/adjust-properties', () => {
  it('adjusts price by rate and by amount', async () => {
    const [a, b] = await two({ priceData: { price: 20 } });
    const up = await kit.owner.post(ADJUST, { ids: [a.id, b.id], adjust: { price: { rate: 10 } } });
    expect(up.body.bulkActionMetadata.totalSuccesses).toBe(2);
    expect((await read(a.id)).priceData.price).toBe(22);
    await kit.owner.post(ADJUST, { ids: [a.id], adjust: { price: { amount: -2.5 } } });
    expect((await read(a.id)).priceData.price).toBe(19.5);
    await kit.owner.post(ADJUST, { ids: [b.id], adjust: { price: { percentage: { rate: -50 } } } });
    expect((await read(b.id)).priceData.price).toBe(11);
  });

  it('adjusts cost and weight', async () => {
    const a = await kit.createProduct({ priceData: { price: 20 }, costAndProfitData: { itemCost: 8 }, weight: 2 });
    await kit.owner.post(ADJUST, { ids: [a.id], adjust: { cost: { amount: 2 } } });
    await kit.owner.post(ADJUST, { ids: [a.id], adjust: { weight: { rate: 50 } } });
    const after = await read(a.id);
    expect(after.costAndProfitData?.itemCost).toBe(10);
    expect(after.weight).toBe(3);
  });

  it('fails the items an adjustment would make negative, and no others', async () => {
    const cheap = await kit.createProduct({ priceData: { price: 1 } });
    const dear = await kit.createProduct({ priceData: { price: 10 } });
    const res = await kit.owner.post(ADJUST, { ids: [cheap.id, dear.id, 'gone'], adjust: { price: { amount: -5 } } });
    expect(res.body.results.map((r: { itemMetadata: { success: boolean } }) => r.itemMetadata.success)).toEqual([
      false,
      true,
      false,
    ]);
    expect(res.body.results[0].itemMetadata.error.code).toBeTruthy();
    expect(res.body.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 2 });
    expect((await read(cheap.id)).priceData.price).toBe(1);
    expect((await read(dear.id)).priceData.price).toBe(5);
  });

  it('fails the items an adjustment would push past the largest price or weight', async () => {
    const a = await kit.createProduct({ priceData: { price: 900_000_000 }, weight: 900_000 });
    const up = await kit.owner.post(ADJUST, { ids: [a.id], adjust: { price: { rate: 200 } } });
    expect(up.body.results[0].itemMetadata).toMatchObject({ success: false, error: { code: 'VALUE_OUT_OF_RANGE' } });
    const heavy = await kit.owner.post(ADJUST, { ids: [a.id], adjust: { weight: { amount: 200_000 } } });
    expect(heavy.body.results[0].itemMetadata.success).toBe(false);
    const after = await read(a.id);
    expect(after.priceData.price).toBe(900_000_000);
    expect(after.weight).toBe(900_000);
  });

  it('returns the adjusted products when returnEntity is true', async () => {
    const [a] = await two({ priceData: { price: 10 } });
    const res = await kit.owner.post(ADJUST, { ids: [a.id], adjust: { price: { amount: 1 } }, returnEntity: true });
    expect(res.body.results[0].item.priceData.price).toBe(11);
  });

  it('refuses an adjustment with both rate and amount', async () => {
    const [a] = await two();
    const res = await kit.owner.post(ADJUST, { ids: [a.id], adjust: { price: { rate: 1, amount: 1 } } });
    expectViolation(res, 'adjust.price');
  });
});
