import { createClient } from '@wix/sdk';
import { collections, products } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousStrategy, type CompatHarness, rewritingFetch, sdkError, startCompat } from './wix-client.js';

let h: CompatHarness;
let productId: string;

beforeAll(async () => {
  h = await startCompat();
  productId = (await h.anon.products.queryProducts().eq('name', 'Everyday Organic Tee').find()).items[0]!._id!;
});

afterAll(async () => {
  await h?.close();
});

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('validation errors as the SDK shows them (WIRE.md 1.2)', () => {
  it('createProduct with a negative price: details.validationError.fieldViolations, field under the argument', async () => {
    const before = (await h.anon.products.queryProducts().find()).totalCount;
    const error = await sdkError(
      h.admin.products.createProduct({ name: 'Bad', priceData: { price: -1 }, costAndProfitData: { itemCost: 1 } }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.details?.applicationError).toBeUndefined();
    expect(error.details?.validationError?.fieldViolations).toEqual([
      expect.objectContaining({ field: 'product.priceData.price', violatedRule: 'MIN' }),
    ]);
    // The SDK's message is a pretty-printed JSON document.
    const message = JSON.parse(error.message) as { message: string };
    expect(message.message).toMatch(/^INVALID_ARGUMENT: "product\.priceData\.price" /);
    expect((await h.anon.products.queryProducts().find()).totalCount).toBe(before);
  });

  it('several violations come sorted by field', async () => {
    const error = await sdkError(
      h.admin.products.createProduct({
        name: '',
        priceData: { price: -1 },
        weight: -2,
        costAndProfitData: { itemCost: 1 },
      }),
    );
    const fields = error.details?.validationError?.fieldViolations.map((v) => v.field) ?? [];
    expect(fields).toEqual(['product.name', 'product.priceData.price', 'product.weight']);
  });

  it('a non-finite price travels as "NaN" and is refused on the field', async () => {
    const mark = h.requests.length;
    const error = await sdkError(
      h.admin.products.createProduct({
        name: 'Not a number',
        priceData: { price: Number.NaN },
        costAndProfitData: { itemCost: 1 },
      }),
    );
    expect(h.since(mark)[0]?.body).toMatchObject({ product: { priceData: { price: 'NaN' } } });
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations.map((v) => v.field)).toEqual(['product.priceData.price']);
  });

  it('the SDK re-prefixes fields with the argument they came from (options.paging.limit)', async () => {
    const error = await sdkError(h.anon.products.queryProductVariants(productId, { paging: { limit: 1000 } }));
    expect(error.details?.validationError?.fieldViolations).toEqual([
      expect.objectContaining({ field: 'options.paging.limit' }),
    ]);
    expect(error.response?.data).toMatchObject({
      details: { validationError: { fieldViolations: [expect.objectContaining({ field: 'paging.limit' })] } },
    });
  });

  it('updateProductVariants with a choice the product does not have names the field', async () => {
    const error = await sdkError(
      h.admin.products.updateProductVariants(productId, [{ choices: { Fabric: 'Silk' }, price: 10 }]),
    );
    expect(error.status).toBe(400);
    const fields = error.details?.validationError?.fieldViolations.map((v) => v.field) ?? [];
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.every((f) => f.startsWith('variants[0].choices'))).toBe(true);
  });

  it('an unknown filter field in the query builder is a validation error naming it', async () => {
    const error = await sdkError(
      h.anon.products
        .queryProducts()
        .eq('noSuchField' as 'name', 'x')
        .find(),
    );
    expect(error.status).toBe(400);
    const [violation] = error.details?.validationError?.fieldViolations ?? [];
    // The server says `query.filter.noSuchField`; the builder's error transform (an SDK quirk) has no argument
    // names and turns `query` into "undefined".
    expect(violation?.field).toMatch(/\.filter\.noSuchField$/);
    expect(error.response?.data).toMatchObject({
      details: {
        validationError: { fieldViolations: [expect.objectContaining({ field: 'query.filter.noSuchField' })] },
      },
    });
  });

  it('a page size over the maximum is refused, not silently clamped', async () => {
    const error = await sdkError(h.anon.products.queryProducts().limit(101).find());
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations[0]?.field).toMatch(/\.paging\.limit$/);
  });
});

describe('application errors as the SDK shows them', () => {
  it('a missing product: PRODUCT_NOT_FOUND with a string code, data and the request id', async () => {
    const error = await sdkError(h.anon.products.getProduct(NO_SUCH_ID));
    const response = h.requests.at(-1)!;
    expect(response.status).toBe(404);
    expect(error.status).toBe(404);
    expect(error.details?.applicationError).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      description: expect.any(String),
    });
    expect(error.details?.applicationError?.data).toEqual(expect.any(Object));
    expect(error.details?.validationError).toBeUndefined();
    expect(response.responseRequestId).toMatch(UUID);
    expect(error.requestId).toBe(response.responseRequestId);
    expect(error.details?.requestId).toBe(response.responseRequestId);
    const message = JSON.parse(error.message) as { message: string; details: { applicationError: { code: string } } };
    expect(message.details.applicationError.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('writes on a missing product are PRODUCT_NOT_FOUND too', async () => {
    const calls: Array<() => Promise<unknown>> = [
      () => h.admin.products.updateProduct(NO_SUCH_ID, { name: 'Ghost' }),
      () => h.admin.products.deleteProduct(NO_SUCH_ID),
      () => h.admin.products.resetAllProductVariantData(NO_SUCH_ID),
      () => h.admin.products.removeBrand(NO_SUCH_ID),
      () => h.admin.products.deleteProductOptions(NO_SUCH_ID),
    ];
    for (const call of calls) {
      const error = await sdkError(call());
      expect(error.status).toBe(404);
      expect(error.details?.applicationError?.code).toBe('PRODUCT_NOT_FOUND');
    }
  });

  it('an API key that does not exist is refused with 401, even on a public read', async () => {
    const client = createClient({
      modules: { products },
      auth: { getAuthHeaders: async () => ({ headers: { Authorization: 'merx_sk_not-a-real-key' } }) },
      fetch: rewritingFetch(h.server.baseUrl, fetch, h.requests),
    });
    const error = await sdkError(client.products.getProduct(productId));
    expect(error.status).toBe(401);
    expect(error.details?.applicationError?.code).toBe('UNAUTHENTICATED');
  });

  it('success is always 200 with a JSON body, even for calls that return nothing', async () => {
    const { collection } = await h.admin.products.createCollection({ name: 'Short Lived' });
    const mark = h.requests.length;
    await h.admin.products.deleteCollection(collection!._id!);
    expect(h.since(mark).map((r) => r.status)).toEqual([200]);
  });
});

describe('origins (WIRE.md 0.1)', () => {
  it('a client that uses the edge origin (as OAuthStrategy does) reaches the same routes', async () => {
    const log: typeof h.requests = [];
    const edge = createClient({
      modules: { products, collections },
      auth: { ...anonymousStrategy(), shouldUseCDN: true },
      fetch: rewritingFetch(h.server.baseUrl, fetch, log),
    });
    const { product } = await edge.products.getProduct(productId);
    const page = await edge.collections.queryCollections().limit(2).find();
    expect(log.map((r) => new URL(r.sdkUrl).host)).toEqual(['edge.wixapis.com', 'edge.wixapis.com']);
    expect(product?._id).toBe(productId);
    expect(page.totalCount).toBe(9);
  });
});
