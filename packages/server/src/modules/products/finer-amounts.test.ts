import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNothingWritten,
  expectViolation,
  type Kit,
  type Res,
  sizeAndColor,
  startKit,
} from './catalog-test-kit.js';

/*
 * Amounts finer than the store currency's minor unit (0.001 USD, 10.5 JPY) are refused on their field and never
 * rounded: a typo must not turn a product free (issue 18, item 5).
 */

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const CREATE = '/stores/v1/products';
const read = async (id: string): Promise<Product> =>
  (await kit.owner.get(`/stores-reader/v1/products/${id}`)).body.product;

/** The one violation of a refused amount, with the currency's rule in its words. */
function expectFinerThan(res: Res, field: string, description: string): void {
  expectViolation(res, field, 'DECIMAL_MAX_SCALE');
  const violation = res.body.details.validationError.fieldViolations.find((v: { field: string }) => v.field === field);
  expect(violation.description).toBe(description);
}

describe('creating a product with an amount finer than a cent', () => {
  it('refuses a price of 0.001 on product.priceData.price and creates nothing', async () => {
    await expectNothingWritten(kit, async () => {
      const res = await kit.owner.post(CREATE, { product: { name: 'Almost free', priceData: { price: 0.001 } } });
      expectFinerThan(res, 'product.priceData.price', 'must have at most 2 decimal places for USD');
    });
  });

  it('names the field the amount came in: legacy price, item cost, discount amount', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ price: { price: 10.005 } }, 'product.price.price'],
      [{ priceData: { price: 10 }, costAndProfitData: { itemCost: 1.999 } }, 'product.costAndProfitData.itemCost'],
      [{ priceData: { price: 10 }, discount: { type: 'AMOUNT', value: 0.125 } }, 'product.discount.value'],
    ];
    for (const [fields, field] of cases) {
      await expectNothingWritten(kit, async () => {
        const res = await kit.owner.post(CREATE, { product: { name: 'Finer', ...fields } });
        expectFinerThan(res, field, 'must have at most 2 decimal places for USD');
      });
    }
  });

  it('keeps 0.01, 10.5 and a percent discount with decimals exactly as given', async () => {
    const cent = await kit.createProduct({ priceData: { price: 0.01 } });
    expect(cent.priceData?.price).toBe(0.01);
    const p = await kit.createProduct({
      priceData: { price: 10.5 },
      costAndProfitData: { itemCost: 2.25 },
      discount: { type: 'PERCENT', value: 12.5 },
    });
    const stored = await read(p.id);
    expect(stored.priceData).toMatchObject({ price: 10.5, formatted: { price: '$10.50' } });
    expect(p.costAndProfitData?.itemCost).toBe(2.25);
    expect(stored.discount).toEqual({ type: 'PERCENT', value: 12.5 });
  });
});

describe('changing amounts of an existing product', () => {
  it('refuses a price of 0.001 in an update and leaves the product as it was', async () => {
    const p = await kit.createProduct({ priceData: { price: 10 } });
    const before = await read(p.id);
    const res = await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { priceData: { price: 0.001 } } });
    expectFinerThan(res, 'product.priceData.price', 'must have at most 2 decimal places for USD');
    const cost = await kit.owner.patch(`/stores/v1/products/${p.id}`, {
      product: { costAndProfitData: { itemCost: 3.333 } },
    });
    expectFinerThan(cost, 'product.costAndProfitData.itemCost', 'must have at most 2 decimal places for USD');
    expect(await read(p.id)).toEqual(before);
    const ok = await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { priceData: { price: 0.01 } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.product.priceData.price).toBe(0.01);
  });

  it("refuses a variant price or cost finer than a cent on that variant's field, changing no variant", async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), manageVariants: true, priceData: { price: 20 } });
    const url = `/stores/v1/products/${p.id}/variants`;
    const variants = async () => (await kit.owner.post(`/stores-reader/v1/products/${p.id}/variants/query`, {})).body;
    const before = await variants();
    const res = await kit.owner.patch(url, {
      variants: [
        { choices: { Size: 'S' }, price: 25 },
        { choices: { Size: 'L' }, price: 5.555 },
      ],
    });
    expectFinerThan(res, 'variants[1].price', 'must have at most 2 decimal places for USD');
    expectViolation(
      await kit.owner.patch(url, { variants: [{ choices: { Size: 'M' }, cost: 0.001 }] }),
      'variants[0].cost',
    );
    expect(await variants()).toEqual(before);
    const ok = await kit.owner.patch(url, { variants: [{ choices: { Size: 'L' }, price: 10.5 }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('refuses a bulk price, cost or adjustment amount finer than a cent before touching any product', async () => {
    const a = await kit.createProduct({ priceData: { price: 10 } });
    const b = await kit.createProduct({ priceData: { price: 20 } });
    const ids = [a.id, b.id];
    const before = [await read(a.id), await read(b.id)];
    const refusals: Array<[string, unknown, string]> = [
      ['/stores/v1/bulk/products/update', { ids, set: { price: 1.001 } }, 'set.price'],
      ['/stores/v1/bulk/products/update', { ids, set: { cost: 0.001 } }, 'set.cost'],
      [
        '/stores/v1/bulk/products/adjust-properties',
        { ids, adjust: { price: { amount: -0.005 } } },
        'adjust.price.amount',
      ],
      [
        '/stores/v1/bulk/products/adjust-properties',
        { ids, adjust: { cost: { amount: 0.125 } } },
        'adjust.cost.amount',
      ],
    ];
    for (const [url, body, field] of refusals) {
      expectFinerThan(await kit.owner.post(url, body), field, 'must have at most 2 decimal places for USD');
    }
    expect([await read(a.id), await read(b.id)]).toEqual(before);
    const adjusted = await kit.owner.post('/stores/v1/bulk/products/adjust-properties', {
      ids,
      adjust: { price: { amount: 0.5 } },
    });
    expect(adjusted.body.bulkActionMetadata.totalSuccesses).toBe(2);
    expect((await read(a.id)).priceData?.price).toBe(10.5);
  });
});

describe('a store in a currency without minor units', () => {
  it('refuses 10.5 JPY and keeps 1200 JPY', async () => {
    await kit.server.services.settings.updateStore({ currency: 'JPY' });
    try {
      await expectNothingWritten(kit, async () => {
        const res = await kit.owner.post(CREATE, { product: { name: 'Yen', priceData: { price: 10.5 } } });
        expectFinerThan(res, 'product.priceData.price', 'must have no decimal places for JPY');
      });
      const p = await kit.createProduct({ priceData: { price: 1200 } });
      expect((await read(p.id)).priceData).toMatchObject({ price: 1200, currency: 'JPY' });
    } finally {
      await kit.server.services.settings.updateStore({ currency: 'USD' });
    }
  });
});
