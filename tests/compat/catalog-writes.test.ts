import type { products } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompatHarness, sdkError, startCompat } from './wix-client.js';

let h: CompatHarness;

beforeAll(async () => {
  h = await startCompat();
});

afterAll(async () => {
  await h?.close();
});

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** The product as a visitor sees it now. */
async function read(id: string): Promise<products.Product> {
  const { product } = await h.anon.products.getProduct(id);
  return product!;
}

function lastRequest() {
  const request = h.requests.at(-1);
  if (!request) throw new Error('no request recorded');
  return request;
}

describe('catalog writes through the API-key client', () => {
  let productId: string;
  let collectionId: string;

  it('createProduct with options generates the variant matrix', async () => {
    const { product } = await h.admin.products.createProduct({
      name: 'Compat Test Shirt',
      productType: 'physical',
      priceData: { price: 20 },
      costAndProfitData: { itemCost: 8 },
      description: '<p>Made for the <strong>compatibility</strong> suite.</p>',
      sku: 'COMPAT-SHIRT',
      weight: 0.3,
      brand: 'Compat',
      ribbon: 'New',
      discount: { type: 'PERCENT', value: 10 },
      manageVariants: true,
      productOptions: [
        {
          name: 'Size',
          optionType: 'drop_down',
          choices: [
            { value: 'S', description: 'S' },
            { value: 'L', description: 'L' },
          ],
        },
        {
          name: 'Color',
          optionType: 'color',
          choices: [
            { value: '#cc0000', description: 'Red' },
            { value: '#0000cc', description: 'Blue' },
          ],
        },
      ],
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v1/products', status: 200 });
    expect(product?._id).toEqual(expect.any(String));
    productId = product!._id!;
    expect(product).toMatchObject({
      name: 'Compat Test Shirt',
      slug: 'compat-test-shirt',
      productType: 'physical',
      brand: 'Compat',
      ribbon: 'New',
      manageVariants: true,
    });
    expect(product?.priceData).toMatchObject({ price: 20, discountedPrice: 18 });
    expect(product?.priceData?.formatted).toMatchObject({ price: '$20.00', discountedPrice: '$18.00' });
    expect(product?.discount).toMatchObject({ type: 'PERCENT', value: 10 });
    expect(product?.lastUpdated).toBeInstanceOf(Date);
    expect(product?.variants).toHaveLength(4);
    expect(product?.variants?.map((v) => `${v.choices?.Size}/${v.choices?.Color}`).sort()).toEqual([
      'L/Blue',
      'L/Red',
      'S/Blue',
      'S/Red',
    ]);
    // A visitor can read it back.
    expect((await read(productId)).name).toBe('Compat Test Shirt');
  });

  it('updateProduct patches fields and returns { product }', async () => {
    const { product } = await h.admin.products.updateProduct(productId, {
      name: 'Compat Test Shirt II',
      priceData: { price: 25 },
    });
    const request = lastRequest();
    expect(request).toMatchObject({ method: 'PATCH', path: `/stores/v1/products/${productId}` });
    expect(request.body).toMatchObject({ product: { id: productId, name: 'Compat Test Shirt II' } });
    expect(product?._id).toBe(productId);
    expect(product?.name).toBe('Compat Test Shirt II');
    expect(product?.priceData?.price).toBe(25);
    expect(product?.brand).toBe('Compat');
    const again = await read(productId);
    expect(again.priceData?.price).toBe(25);
    expect(again.variants?.every((v) => v.variant?.priceData?.price === 25)).toBe(true);
  });

  it('updateProductVariants overrides the variants that match the choices', async () => {
    const { variants } = await h.admin.products.updateProductVariants(productId, [
      { choices: { Size: 'L' }, price: 31, sku: 'COMPAT-L', weight: 0.5 },
    ]);
    expect(lastRequest()).toMatchObject({ method: 'PATCH', path: `/stores/v1/products/${productId}/variants` });
    expect(variants?.length).toBeGreaterThan(0);
    expect(variants?.every((v) => typeof v._id === 'string')).toBe(true);
    const large = (await read(productId)).variants!.filter((v) => v.choices?.Size === 'L');
    expect(large).toHaveLength(2);
    for (const v of large) {
      expect(v.variant?.priceData?.price).toBe(31);
      expect(v.variant?.sku).toBe('COMPAT-L');
      expect(v.variant?.weight).toBe(0.5);
    }
    const small = (await read(productId)).variants!.filter((v) => v.choices?.Size === 'S');
    expect(small.every((v) => v.variant?.priceData?.price === 25)).toBe(true);
  });

  it('resetAllProductVariantData puts every variant back to the product values', async () => {
    const answer = await h.admin.products.resetAllProductVariantData(productId);
    expect(answer).toBeUndefined();
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/stores/v1/products/${productId}/variants/resetToDefault`,
      status: 200,
    });
    const variants = (await read(productId)).variants!;
    expect(variants.map((v) => v.variant?.priceData?.price)).toEqual([25, 25, 25, 25]);
    expect(variants.some((v) => v.variant?.sku === 'COMPAT-L')).toBe(false);
  });

  it('addProductMedia by url, then addProductMediaToChoices / removeProductMediaFromChoices', async () => {
    await h.admin.products.addProductMedia(productId, [
      { url: 'https://images.example.com/shirt-front.jpg' },
      { url: 'https://images.example.com/shirt-red.jpg', choice: { option: 'Color', choice: 'Red' } },
    ]);
    expect(lastRequest().body).toEqual({
      id: productId,
      media: [
        { url: 'https://images.example.com/shirt-front.jpg' },
        { url: 'https://images.example.com/shirt-red.jpg', choice: { option: 'Color', choice: 'Red' } },
      ],
    });
    let product = await read(productId);
    const items = product.media?.items ?? [];
    expect(items.map((m) => m.image?.url)).toEqual([
      'https://images.example.com/shirt-front.jpg',
      'https://images.example.com/shirt-red.jpg',
    ]);
    expect(product.media?.mainMedia?.image?.url).toBe('https://images.example.com/shirt-front.jpg');
    const [front, red] = items.map((m) => m._id!);
    const choice = (name: string) =>
      product.productOptions?.find((o) => o.name === 'Color')?.choices?.find((c) => c.description === name);
    expect(choice('Red')?.media?.items?.map((m) => m._id)).toEqual([red]);

    await h.admin.products.addProductMediaToChoices(productId, [
      { option: 'Color', choice: 'Blue', mediaIds: [front!] },
    ]);
    expect(lastRequest()).toMatchObject({ method: 'PATCH', path: `/stores/v1/products/${productId}/choices/media` });
    product = await read(productId);
    expect(choice('Blue')?.media?.items?.map((m) => m._id)).toEqual([front]);
    const blue = await h.anon.products.getProductOptionsAvailability(productId, { Color: 'Blue', Size: 'S' });
    expect(blue.media?.items?.map((m) => m._id)).toContain(front);

    await h.admin.products.removeProductMediaFromChoices(productId, [
      { option: 'Color', choice: 'Red', mediaIds: [red!] },
    ]);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/stores/v1/products/${productId}/choices/media/delete`,
    });
    product = await read(productId);
    expect(choice('Red')?.media?.items ?? []).toEqual([]);
    expect(choice('Blue')?.media?.items?.map((m) => m._id)).toEqual([front]);
  });

  it('removeProductMedia removes media items (and their choice links)', async () => {
    const before = await read(productId);
    const [front, red] = (before.media?.items ?? []).map((m) => m._id!);
    await h.admin.products.removeProductMedia(productId, [front!]);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/stores/v1/products/${productId}/media/delete` });
    const after = await read(productId);
    expect(after.media?.items?.map((m) => m._id)).toEqual([red]);
    const blue = after.productOptions?.find((o) => o.name === 'Color')?.choices?.find((c) => c.description === 'Blue');
    expect(blue?.media?.items ?? []).toEqual([]);
  });

  it('removeBrand and removeRibbon', async () => {
    await h.admin.products.removeBrand(productId);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/stores/v1/products/${productId}/remove-brand` });
    await h.admin.products.removeRibbon(productId);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/stores/v1/products/${productId}/remove-ribbon` });
    const product = await read(productId);
    expect(product.brand ?? null).toBeNull();
    expect(product.ribbon ?? null).toBeNull();
    expect(product.ribbons ?? []).toEqual([]);
    expect(product.name).toBe('Compat Test Shirt II');
  });

  it('createCollection, updateCollection', async () => {
    const { collection } = await h.admin.products.createCollection({
      name: 'Compat Picks',
      description: 'Chosen by the compatibility suite',
      visible: true,
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v1/collections' });
    expect(collection).toMatchObject({ name: 'Compat Picks', slug: 'compat-picks', numberOfProducts: 0 });
    collectionId = collection!._id!;
    expect(collectionId).toEqual(expect.any(String));

    const updated = await h.admin.products.updateCollection(collectionId, { name: 'Compat Favourites' });
    expect(lastRequest()).toMatchObject({ method: 'PATCH', path: `/stores/v1/collections/${collectionId}` });
    expect(lastRequest().body).toMatchObject({ collection: { id: collectionId, name: 'Compat Favourites' } });
    expect(updated.collection?._id).toBe(collectionId);
    expect(updated.collection?.name).toBe('Compat Favourites');
    expect((await h.anon.collections.getCollection(collectionId)).name).toBe('Compat Favourites');
  });

  it('addProductsToCollection / removeProductsFromCollection', async () => {
    const others = await h.anon.products.queryProducts().startsWith('name', 'Trail').find();
    expect(others.items.length).toBeGreaterThan(1);
    const members = [productId, ...others.items.map((p) => p._id!)];

    await h.admin.products.addProductsToCollection(collectionId, members);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/stores/v1/collections/${collectionId}/productIds` });
    expect(lastRequest().body).toEqual({ id: collectionId, productIds: members });
    expect((await h.anon.collections.getCollection(collectionId)).numberOfProducts).toBe(members.length);
    const inIt = await h.anon.products.queryProducts().hasSome('collectionIds', [collectionId]).find();
    expect(new Set(inIt.items.map((p) => p._id))).toEqual(new Set(members));
    expect((await read(productId)).collectionIds).toContain(collectionId);

    await h.admin.products.removeProductsFromCollection(collectionId, [productId]);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/stores/v1/collections/${collectionId}/productIds/delete`,
    });
    expect((await h.anon.collections.getCollection(collectionId)).numberOfProducts).toBe(members.length - 1);
    expect((await read(productId)).collectionIds).not.toContain(collectionId);
  });

  it('deleteCollection', async () => {
    const answer = await h.admin.products.deleteCollection(collectionId);
    expect(answer).toBeUndefined();
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/stores/v1/collections/${collectionId}` });
    expect(lastRequest().params.get('id')).toBe(collectionId);
    const gone = await sdkError(h.anon.collections.getCollection(collectionId));
    expect(gone.details?.applicationError?.code).toBe('COLLECTION_NOT_FOUND');
  });

  it('bulkUpdateProductsProperty sets one property on many products, failing items do not stop the rest', async () => {
    const second = await h.admin.products.createProduct({
      name: 'Compat Test Mug',
      priceData: { price: 12 },
      costAndProfitData: { itemCost: 3 },
    });
    const ids = [productId, second.product!._id!, NO_SUCH_ID];
    const answer = await h.admin.products.bulkUpdateProductsProperty(ids, { price: 40 });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v1/bulk/products/update' });
    expect(lastRequest().body).toEqual({ ids, set: { price: 40 } });
    expect(answer.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    expect(answer.results).toHaveLength(3);
    const meta = answer.results!.map((r) => r.itemMetadata!);
    expect(meta.map((m) => m._id)).toEqual(ids);
    expect(meta.map((m) => m.originalIndex)).toEqual([0, 1, 2]);
    expect(meta.map((m) => m.success)).toEqual([true, true, false]);
    expect(meta[2]?.error?.code).toBe('PRODUCT_NOT_FOUND');
    expect((await read(productId)).priceData?.price).toBe(40);
    expect((await read(second.product!._id!)).priceData?.price).toBe(40);

    await h.admin.products.bulkUpdateProductsProperty([productId, second.product!._id!], { ribbon: 'Sale' });
    expect((await read(second.product!._id!)).ribbon).toBe('Sale');
  });

  it('bulkAdjustProductProperty adjusts by amount and by percentage', async () => {
    const byAmount = await h.admin.products.bulkAdjustProductProperty({ price: { amount: -5 } }, [productId]);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v1/bulk/products/adjust-properties' });
    expect(lastRequest().body).toEqual({ adjust: { price: { amount: -5 } }, ids: [productId] });
    expect(byAmount.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 0 });
    expect((await read(productId)).priceData?.price).toBe(35);

    const byRate = await h.admin.products.bulkAdjustProductProperty({ price: { percentage: { rate: 20 } } }, [
      productId,
    ]);
    expect(byRate.results?.[0]?.itemMetadata).toMatchObject({ _id: productId, success: true });
    expect((await read(productId)).priceData?.price).toBe(42);
  });

  it('deleteProductOptions leaves the product with the single default variant', async () => {
    const answer = await h.admin.products.deleteProductOptions(productId);
    expect(answer).toBeUndefined();
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/stores/v1/products/${productId}/options` });
    const product = await read(productId);
    expect(product.productOptions ?? []).toEqual([]);
    expect(product.variants?.map((v) => v._id)).toEqual(['00000000-0000-0000-0000-000000000000']);
    expect(product.variants?.[0]?.choices ?? {}).toEqual({});
  });

  it('deleteProduct', async () => {
    const answer = await h.admin.products.deleteProduct(productId);
    expect(answer).toBeUndefined();
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/stores/v1/products/${productId}`, status: 200 });
    const gone = await sdkError(h.anon.products.getProduct(productId));
    expect(gone.status).toBe(404);
    expect(gone.details?.applicationError?.code).toBe('PRODUCT_NOT_FOUND');
    const query = await h.anon.products.queryProducts().eq('_id', productId).find();
    expect(query.items).toEqual([]);
  });
});

describe('writes without credentials', () => {
  it('createProduct from the anonymous client is refused with 401 and writes nothing', async () => {
    const before = (await h.anon.products.queryProducts().find()).totalCount;
    const error = await sdkError(
      h.anon.products.createProduct({ name: 'Sneaky', priceData: { price: 1 }, costAndProfitData: { itemCost: 0 } }),
    );
    expect(error.status).toBe(401);
    expect(error.details?.applicationError?.code).toBe('UNAUTHENTICATED');
    expect((await h.anon.products.queryProducts().find()).totalCount).toBe(before);
  });

  it('credentials are checked before the body: an invalid write from the anonymous client is 401, not 400', async () => {
    const error = await sdkError(
      h.anon.products.createProduct({ name: '', priceData: { price: -1 }, costAndProfitData: { itemCost: 1 } }),
    );
    expect(error.status).toBe(401);
    expect(error.details?.validationError).toBeUndefined();
    expect(error.details?.applicationError?.code).toBe('UNAUTHENTICATED');
  });

  it('every other write from the anonymous client is refused with 401', async () => {
    const some = (await h.anon.products.queryProducts().limit(2).find()).items;
    const id = some[0]!._id!;
    const attempts: Array<() => Promise<unknown>> = [
      () => h.anon.products.updateProduct(id, { name: 'Hijacked' }),
      () => h.anon.products.deleteProduct(id),
      () => h.anon.products.updateProductVariants(id, [{ choices: {}, price: 1 }]),
      () => h.anon.products.resetAllProductVariantData(id),
      () => h.anon.products.addProductMedia(id, [{ url: 'https://images.example.com/x.jpg' }]),
      () => h.anon.products.removeProductMedia(id, []),
      () => h.anon.products.deleteProductOptions(id),
      () => h.anon.products.removeBrand(id),
      () => h.anon.products.removeRibbon(id),
      () => h.anon.products.createCollection({ name: 'Nope' }),
      () => h.anon.products.addProductsToCollection('00000000-000000-000000-000000000001', [id]),
      () => h.anon.products.bulkUpdateProductsProperty([id], { price: 1 }),
      () => h.anon.products.bulkAdjustProductProperty({ price: { amount: 1 } }, [id]),
    ];
    for (const attempt of attempts) {
      const error = await sdkError(attempt());
      expect(error.status).toBe(401);
      expect(error.details?.applicationError?.code).toBe('UNAUTHENTICATED');
    }
    expect((await read(id)).name).toBe(some[0]!.name);
  });
});
