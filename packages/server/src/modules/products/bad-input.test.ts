import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAppError,
  expectNothingWritten,
  expectViolation,
  type Kit,
  sizeAndColor,
  startKit,
} from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const CREATE = '/stores/v1/products';

/** Posts a product made of valid defaults plus `fields`, expecting a violation on `field` and no write. */
async function refusesProduct(fields: Record<string, unknown>, field: string, rule?: string): Promise<void> {
  await expectNothingWritten(kit, async () => {
    const res = await kit.owner.post(CREATE, { product: { name: 'Bad', priceData: { price: 10 }, ...fields } });
    expectViolation(res, field, rule);
  });
}

describe('product bodies that are refused with 400 and write nothing', () => {
  it('refuses malformed JSON', async () => {
    await expectNothingWritten(kit, async () => {
      const res = await kit.request({ method: 'POST', url: CREATE, auth: kit.server.apiKey, payload: '{"product":' });
      expectViolation(res, 'body', 'FORMAT');
    });
  });

  it('refuses a body that is not an object', async () => {
    await expectNothingWritten(kit, async () => {
      const res = await kit.request({ method: 'POST', url: CREATE, auth: kit.server.apiKey, payload: '[1,2]' });
      expect(res.status).toBe(400);
      expect(res.body.details.validationError.fieldViolations[0].field).toBeTruthy();
    });
  });

  it('refuses a body that is not JSON with 415', async () => {
    await expectNothingWritten(kit, async () => {
      const res = await kit.request({
        method: 'POST',
        url: CREATE,
        auth: kit.server.apiKey,
        payload: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectAppError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  it('refuses a prototype-polluting body', async () => {
    const payload = '{"product":{"name":"x","priceData":{"price":1}},"__proto__":{"admin":true}}';
    await expectNothingWritten(kit, async () => {
      expectViolation(await kit.request({ method: 'POST', url: CREATE, auth: kit.server.apiKey, payload }), 'body');
    });
  });

  it('refuses a missing name or price', async () => {
    await expectNothingWritten(kit, async () => {
      expectViolation(
        await kit.owner.post(CREATE, { product: { priceData: { price: 1 } } }),
        'product.name',
        'REQUIRED_FIELD',
      );
      expectViolation(await kit.owner.post(CREATE, { product: { name: 'No price' } }), 'product.priceData.price');
      expectViolation(await kit.owner.post(CREATE, {}), 'product', 'REQUIRED_FIELD');
    });
  });

  it('refuses wrong types', async () => {
    await refusesProduct({ name: 5 }, 'product.name');
    await refusesProduct({ priceData: { price: '10' } }, 'product.priceData.price');
    await refusesProduct({ visible: 'yes' }, 'product.visible');
    await refusesProduct({ productOptions: { name: 'Size' } }, 'product.productOptions');
    await refusesProduct({ stock: { quantity: 1.5, trackInventory: true } }, 'product.stock.quantity');
  });

  it('refuses unknown enum values', async () => {
    await refusesProduct({ productType: 'food' }, 'product.productType', 'INVALID_ENUM_VALUE');
    await refusesProduct(
      { productOptions: [{ name: 'Size', optionType: 'radio', choices: [{ description: 'S' }] }] },
      'product.productOptions[0].optionType',
      'INVALID_ENUM_VALUE',
    );
    await refusesProduct({ discount: { type: 'HALF', value: 1 } }, 'product.discount.type', 'INVALID_ENUM_VALUE');
  });

  it('refuses negative and non-finite prices and weights', async () => {
    await refusesProduct({ priceData: { price: -1 } }, 'product.priceData.price', 'MIN');
    await refusesProduct({ priceData: { price: 'NaN' } }, 'product.priceData.price');
    await refusesProduct({ priceData: { price: 'Infinity' } }, 'product.priceData.price');
    await refusesProduct({ priceData: { price: '-Infinity' } }, 'product.priceData.price');
    await refusesProduct({ priceData: { price: 1e300 } }, 'product.priceData.price', 'MAX');
    await refusesProduct({ weight: -0.5 }, 'product.weight', 'MIN');
    await refusesProduct({ weight: 'Infinity' }, 'product.weight');
    await refusesProduct({ costAndProfitData: { itemCost: -3 } }, 'product.costAndProfitData.itemCost', 'MIN');
  });

  it('refuses duplicate option names and duplicate choices', async () => {
    await refusesProduct(
      {
        productOptions: [
          { name: 'Size', choices: [{ description: 'S' }] },
          { name: 'size', choices: [{ description: 'M' }] },
        ],
      },
      'product.productOptions[1].name',
    );
    await refusesProduct(
      { productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'S' }] }] },
      'product.productOptions[0].choices[1].description',
    );
    await refusesProduct(
      { productOptions: [{ name: 'Color', optionType: 'color', choices: [{ value: 'red', description: 'Red' }] }] },
      'product.productOptions[0].choices[0].value',
      'FORMAT',
    );
    await refusesProduct({ productOptions: [{ name: 'Size', choices: [] }] }, 'product.productOptions[0].choices');
  });

  it('refuses an option matrix of more than 1000 variants', async () => {
    const choices = Array.from({ length: 11 }, (_, i) => ({ description: `c${i}` }));
    const options = ['A', 'B', 'C'].map((name) => ({ name, choices }));
    await refusesProduct({ productOptions: options }, 'product.productOptions', 'MAX_SIZE');
  });

  it('refuses discounts over 100 percent or over the price', async () => {
    await refusesProduct({ discount: { type: 'PERCENT', value: 101 } }, 'product.discount.value', 'MAX');
    await refusesProduct(
      { priceData: { price: 10 }, discount: { type: 'AMOUNT', value: 10.01 } },
      'product.discount.value',
    );
    await refusesProduct({ discount: { type: 'AMOUNT', value: -1 } }, 'product.discount.value', 'MIN');
  });

  it('refuses a slug that is not lower-case words', async () => {
    await refusesProduct({ slug: 'Not A Slug' }, 'product.slug');
  });

  it('refuses a body over 1 MB', async () => {
    const payload = JSON.stringify({
      product: { name: 'Big', priceData: { price: 1 }, description: 'x'.repeat(1_100_000) },
    });
    await expectNothingWritten(kit, async () => {
      expectViolation(await kit.request({ method: 'POST', url: CREATE, auth: kit.server.apiKey, payload }), 'body');
    });
  });

  it('refuses an update with a bad field and leaves the product as it was', async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), priceData: { price: 20 } });
    await expectNothingWritten(kit, async () => {
      const url = `/stores/v1/products/${p.id}`;
      expectViolation(await kit.owner.patch(url, { product: { priceData: { price: -5 } } }), 'product.priceData.price');
      expectViolation(
        await kit.owner.patch(url, { product: { discount: { type: 'PERCENT', value: 120 } } }),
        'product.discount.value',
      );
      const dup = {
        productOptions: [
          { name: 'A', choices: [{ description: 'x' }] },
          { name: 'A', choices: [{ description: 'y' }] },
        ],
      };
      expectViolation(await kit.owner.patch(url, { product: dup }), 'product.productOptions[1].name');
    });
    const after = (await kit.owner.get(`/stores-reader/v1/products/${p.id}`, { includeMerchantSpecificData: true }))
      .body.product;
    expect(after).toEqual({ ...p, costRange: after.costRange });
  });

  it('refuses text with a NUL character instead of failing in the database', async () => {
    await expectNothingWritten(kit, async () => {
      const res = await kit.owner.post(CREATE, { product: { name: 'a\u0000b', priceData: { price: 1 } } });
      expectViolation(res, 'product.name');
    });
  });
});

describe('ids that do not exist', () => {
  it('answer 404 with an application error code on every product route', async () => {
    const id = 'does-not-exist';
    expectAppError(await kit.visitor.get(`/stores-reader/v1/products/${id}`), 404, 'PRODUCT_NOT_FOUND');
    expectAppError(await kit.owner.delete(`/stores/v1/products/${id}`), 404, 'PRODUCT_NOT_FOUND');
    expectAppError(await kit.owner.post(`/stores/v1/products/${id}/variants/resetToDefault`), 404, 'PRODUCT_NOT_FOUND');
    expectAppError(await kit.visitor.get(`/stores-reader/v1/variants/${id}`), 404, 'VARIANT_NOT_FOUND');
  });

  it('answer 404 ROUTE_NOT_FOUND for unknown paths', async () => {
    expectAppError(await kit.visitor.get('/stores-reader/v1/nothing-here'), 404, 'ROUTE_NOT_FOUND');
  });

  it('never fail in the database on odd path ids', async () => {
    for (const id of ['%00', '%E2%82%AC', 'a'.repeat(200), '..%2F..%2Fetc']) {
      const res = await kit.visitor.get(`/stores-reader/v1/products/${id}`);
      expect([400, 404]).toContain(res.status);
    }
  });
});

describe('credentials', () => {
  it('answer 401 to writes without an API key or with a wrong one', async () => {
    await expectNothingWritten(kit, async () => {
      const body = { product: { name: 'Nope', priceData: { price: 1 } } };
      expectAppError(await kit.visitor.post(CREATE, body), 401, 'UNAUTHENTICATED');
      const wrong = await kit.request({ method: 'POST', url: CREATE, body, auth: 'merx_sk_nope' });
      expectAppError(wrong, 401, 'UNAUTHENTICATED');
      expectAppError(await kit.visitor.delete('/stores/v1/products/x'), 401, 'UNAUTHENTICATED');
      expectAppError(
        await kit.visitor.post('/stores/v1/collections', { collection: { name: 'x' } }),
        401,
        'UNAUTHENTICATED',
      );
      expectAppError(
        await kit.visitor.post('/stores/v1/bulk/products/update', { ids: ['x'], set: { price: 1 } }),
        401,
        'UNAUTHENTICATED',
      );
    });
  });

  it('answer 401 to reads with a wrong API key', async () => {
    const res = await kit.request({ method: 'GET', url: '/stores-reader/v1/products/x', auth: 'merx_sk_nope' });
    expectAppError(res, 401, 'UNAUTHENTICATED');
  });
});
