import { DEFAULT_VARIANT_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxApplicationError, MerxClientError, MerxValidationError } from '../errors.js';
import { collections } from '../modules/collections.js';
import { products } from '../modules/products.js';
import { type SdkKit, startSdkKit, unique } from './kit.js';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(() => kit?.close());

describe('products (catalog v1) against a real server', () => {
  it('writes products with an API key and reads them as a visitor', async () => {
    const admin = kit.admin({ products });
    const { product } = await admin.products.createProduct({
      name: unique('Hat '),
      priceData: { price: 12.5 },
      manageVariants: true,
      productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] }],
    });
    expect(product.price.price).toBe(12.5);
    const { product: updated } = await admin.products.updateProduct(product.id, { description: '<p>Warm</p>' });
    expect(updated.description).toBe('<p>Warm</p>');
    const { variants } = await admin.products.updateProductVariants(product.id, [
      { choices: { Size: 'M' }, price: 15 },
    ]);
    expect(variants.find((v) => v.choices.Size === 'M')?.variant.priceData.price).toBe(15);

    const shop = kit.shop({ products });
    const read = await shop.products.getProduct(product.id);
    expect(read.product.name).toBe(product.name);
    const availability = await shop.products.getProductOptionsAvailability(product.id, { Size: 'M' });
    expect(availability.selectedVariant?.price.price).toBe(15);
    const queried = await shop.products.queryProductVariants(product.id, { choices: { Size: 'S' } });
    expect(queried.variants).toHaveLength(1);
    const storeVariants = await shop.products.queryStoreVariants({ filter: { productId: product.id } });
    expect(storeVariants.variants.length).toBeGreaterThan(0);
    const one = await shop.products.getStoreVariant(`${product.id}-${storeVariants.variants[0]?.variantId}`);
    expect(one.variant.productId).toBe(product.id);

    await admin.products.resetAllProductVariantData(product.id);
    await admin.products.addProductMedia(product.id, [{ url: 'https://images.example/hat.png' }]);
    await admin.products.deleteProductOptions(product.id);
    await admin.products.removeRibbon(product.id);
    await admin.products.removeBrand(product.id);
    await admin.products.deleteProduct(product.id);
    await expect(shop.products.getProduct(product.id)).rejects.toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      status: 404,
    });
  });

  it('pages through a query with next() and prev(), and fails past either end', async () => {
    const admin = kit.admin({ products });
    const brand = unique('brand');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await admin.products.createProduct({ name: `${brand} ${i}`, brand, priceData: { price: i + 1 } })).product.id,
      );
    }
    const shop = kit.shop({ products });
    const first = await shop.products.queryProducts().in('id', ids).ascending('price').limit(2).find();
    expect(first.totalCount).toBe(5);
    expect(first.items.map((p) => p.priceData.price)).toEqual([1, 2]);
    await expect(first.prev()).rejects.toThrow('No previous page to fetch');
    const last = await (await first.next()).next();
    expect(last.items.map((p) => p.priceData.price)).toEqual([5]);
    await expect(last.next()).rejects.toThrow('No next page to fetch');
    expect((await last.prev()).items.map((p) => p.priceData.price)).toEqual([3, 4]);
  });

  it('sends a query longer than 4000 characters as a POST, which the server answers the same', async () => {
    const admin = kit.admin({ products });
    const { product } = await admin.products.createProduct({ name: unique('Long '), priceData: { price: 3 } });
    const sent: string[] = [];
    const { createClient } = await import('../client.js');
    const { OAuthStrategy } = await import('../auth/oauth.js');
    const shop = createClient({
      baseUrl: kit.baseUrl,
      auth: OAuthStrategy({ clientId: kit.clientId }),
      modules: { products },
      fetch: (input, init) => {
        sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      },
    });
    const many = [
      product.id,
      ...Array.from({ length: 150 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    ];
    const page = await shop.products.queryProducts().in('id', many).find();
    expect(page.items.map((p) => p.id)).toEqual([product.id]);
    expect(sent.at(-1)).toBe('POST /stores-reader/v1/products/query-platformized');
    await shop.products.queryProducts().in('id', [product.id]).find();
    expect(sent.at(-1)).toBe('GET /stores-reader/v1/products/query-platformized');
  });

  it('maps the server’s validation envelope to INVALID_ARGUMENT sorted by field, with the call’s arguments', async () => {
    const admin = kit.admin({ products });
    const bad = { name: '', priceData: { price: -1 } };
    const error = await admin.products.createProduct(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerxValidationError);
    const v = error as MerxValidationError;
    expect(v.code).toBe('INVALID_ARGUMENT');
    expect(v.violations.map((x) => x.field)).toEqual(['product.name', 'product.priceData.price']);
    expect(v.message).toMatch(/^INVALID_ARGUMENT: "product\.name" .+, "product\.priceData\.price" /);
    expect(v.request).toEqual({ method: 'POST', path: '/stores/v1/products', args: [bad] });
    expect(v.requestId).toBeTruthy();
  });

  it('refuses catalog writes from a storefront client before any request', async () => {
    const shop = kit.shop({ products });
    await expect(shop.products.createProduct({ name: 'x' })).rejects.toBeInstanceOf(MerxClientError);
    await expect(shop.products.deleteCollection('c')).rejects.toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });
  });

  it('runs the bulk updates', async () => {
    const admin = kit.admin({ products });
    const { product } = await admin.products.createProduct({ name: unique('Bulk '), priceData: { price: 10 } });
    const set = await admin.products.bulkUpdateProductsProperty([product.id], { price: 20 }, { returnEntity: true });
    expect(set.bulkActionMetadata.totalSuccesses).toBe(1);
    const adjusted = await admin.products.bulkAdjustProductProperty({ price: { amount: 5 } }, [product.id], {
      returnEntity: true,
    });
    expect(adjusted.results[0]?.item?.priceData.price).toBe(25);
  });
});

describe('collections (v1 writes, v2 reads) against a real server', () => {
  it('creates, fills, reads, queries and deletes a collection', async () => {
    const admin = kit.admin({ products });
    const slug = unique('col');
    const { collection } = await admin.products.createCollection({ name: unique('Collection '), slug });
    const { product } = await admin.products.createProduct({ name: unique('Member '), priceData: { price: 1 } });
    await admin.products.addProductsToCollection(collection.id, [product.id]);
    await admin.products.updateCollection(collection.id, { description: 'All hats' });

    const shop = kit.shop({ products, collections });
    expect((await shop.collections.getCollection(collection.id)).collection.numberOfProducts).toBe(1);
    expect((await shop.collections.getCollectionBySlug(slug)).collection.id).toBe(collection.id);
    expect((await shop.products.getCollectionBySlug(slug)).collection.description).toBe('All hats');
    const page = await shop.collections.queryCollections().eq('slug', slug).find();
    expect(page.items.map((c) => c.id)).toEqual([collection.id]);
    const inIt = await shop.products.queryProducts().hasSome('collectionIds', [collection.id]).find();
    expect(inIt.items.map((p) => p.id)).toEqual([product.id]);

    await admin.products.removeProductsFromCollection(collection.id, [product.id]);
    await admin.products.deleteCollection(collection.id);
    const gone = await shop.collections.getCollection(collection.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(MerxApplicationError);
    expect(gone).toMatchObject({ code: 'COLLECTION_NOT_FOUND', status: 404 });
  });

  it('reads a product without options through its all-zero variant', async () => {
    const admin = kit.admin({ products });
    const { product } = await admin.products.createProduct({ name: unique('Plain '), priceData: { price: 2 } });
    expect(product.variants?.[0]?.id ?? DEFAULT_VARIANT_ID).toBe(DEFAULT_VARIANT_ID);
  });
});
