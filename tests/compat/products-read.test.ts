import type { products } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompatHarness, sdkError, startCompat } from './wix-client.js';

let h: CompatHarness;
/** A demo product with two options: Size S/M/L/XL and Color Charcoal/Oat/Sage/Navy (XL costs 30, the rest 28). */
let tee: products.Product;

beforeAll(async () => {
  h = await startCompat();
  const page = await h.anon.products.queryProducts().eq('name', 'Everyday Organic Tee').find();
  tee = page.items[0]!;
  expect(tee.productOptions?.map((o) => o.name)).toEqual(['Size', 'Color']);
});

afterAll(async () => {
  await h?.close();
});

/** `lastUpdated` of a collection: the SDK turns it into a Date at run time, but its Collection type omits it. */
const lastUpdatedOf = (collection: object | undefined) =>
  (collection as { lastUpdated?: unknown } | undefined)?.lastUpdated;

const variantOf = (choices: Record<string, string>) =>
  tee.variants!.find((v) => Object.entries(choices).every(([k, c]) => v.choices?.[k] === c))!;

describe('products.getProduct', () => {
  it('GETs the product with the id in the path and returns the whole body { product }', async () => {
    const mark = h.requests.length;
    const body = await h.anon.products.getProduct(tee._id!);
    const [request] = h.since(mark);
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe(`/stores-reader/v1/products/${tee._id}`);
    expect(request?.params.get('id')).toBe(tee._id);
    // createClient's default headers carry an empty Authorization; Merx must read that as "no credentials".
    expect(request?.headers.authorization).toBe('');
    expect(Object.keys(body)).toEqual(['product']);
    const product = body.product!;
    expect(product._id).toBe(tee._id);
    expect(product.name).toBe('Everyday Organic Tee');
    expect(product.lastUpdated).toBeInstanceOf(Date);
    expect(product._createdDate).toBeInstanceOf(Date);
    expect(product.priceData?.price).toBe(28);
    expect(product.priceData?.formatted?.price).toBe('$28.00');
    expect(product.variants).toHaveLength(16);
    expect(product.variants?.every((v) => typeof v._id === 'string')).toBe(true);
    expect(product.productOptions?.[1]?.choices?.map((c) => c.description)).toEqual([
      'Charcoal',
      'Oat',
      'Sage',
      'Navy',
    ]);
    expect(product).not.toHaveProperty('costAndProfitData');
    expect(product.media?.items?.length).toBeGreaterThan(1);
    expect(product.media?.items?.every((m) => typeof m.image?.url === 'string' && typeof m._id === 'string')).toBe(
      true,
    );
  });

  it('with includeMerchantSpecificData through the API-key client: cost and profit are there', async () => {
    const mark = h.requests.length;
    const { product } = await h.admin.products.getProduct(tee._id!, { includeMerchantSpecificData: true });
    const [request] = h.since(mark);
    expect(request?.params.get('includeMerchantSpecificData')).toBe('true');
    expect(request?.headers.authorization).toBe(h.server.apiKey);
    expect(request?.headers['wix-site-id']).toBe('test-site');
    expect(product?.costAndProfitData).toMatchObject({
      itemCost: 9.5,
      formattedItemCost: '$9.50',
      profit: 18.5,
      formattedProfit: '$18.50',
    });
    expect(product?.costAndProfitData?.profitMargin).toBeCloseTo(18.5 / 28, 3);
  });

  it('the API-key client without the flag gets no merchant data', async () => {
    const { product } = await h.admin.products.getProduct(tee._id!);
    expect(product?._id).toBe(tee._id);
    expect(product).not.toHaveProperty('costAndProfitData');
  });

  it('includeMerchantSpecificData is refused for the anonymous client', async () => {
    const error = await sdkError(h.anon.products.getProduct(tee._id!, { includeMerchantSpecificData: true }));
    expect(error.status).toBe(403);
    expect(error.details?.applicationError?.code).toBe('PERMISSION_DENIED');
    expect(error.details?.validationError).toBeUndefined();
  });
});

describe('media URLs', () => {
  // KNOWN INCOMPATIBILITY (packages/server/src/modules/products/products.mapper.ts and media.service.ts, and the
  // collection mapper): image URLs go out relative (`/media/demo/x.svg`). The SDK passes v1 media through as is,
  // and a headless storefront on its own origin puts them in <img src>, where they resolve against the storefront
  // and break. Wix sends absolute URLs; Merx knows its public URL (productPageUrl.base uses it). Remove `.fails`
  // once media URLs are absolute.
  it('product and collection images are absolute URLs a storefront on another origin can load', async () => {
    const { product } = await h.anon.products.getProduct(tee._id!);
    const { collection } = await h.anon.products.getCollectionBySlug('footwear');
    const urls = [
      product?.media?.mainMedia?.image?.url,
      ...(product?.media?.items ?? []).map((m) => m.image?.url),
      collection?.media?.mainMedia?.image?.url,
    ];
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) expect(() => new URL(String(url))).not.toThrow();
  });
});

describe('collections by slug and id', () => {
  it('products.getCollectionBySlug returns the whole body { collection }', async () => {
    const mark = h.requests.length;
    const body = await h.anon.products.getCollectionBySlug('footwear');
    const [request] = h.since(mark);
    expect(request?.path).toBe('/stores-reader/v1/collections/slug/footwear');
    expect(request?.params.get('slug')).toBe('footwear');
    expect(Object.keys(body)).toEqual(['collection']);
    expect(body.collection).toMatchObject({ name: 'Footwear', slug: 'footwear', numberOfProducts: 5, visible: true });
    expect(typeof body.collection?._id).toBe('string');
    expect(body.collection).not.toHaveProperty('id');
    expect(lastUpdatedOf(body.collection)).toBeInstanceOf(Date);
  });

  it('collections.getCollectionBySlug (v2) returns { collection }; getCollection(id) returns the collection', async () => {
    const mark = h.requests.length;
    const bySlug = await h.anon.collections.getCollectionBySlug('home-living');
    const collection = bySlug.collection!;
    expect(collection.name).toBe('Home & Living');
    expect(lastUpdatedOf(collection)).toBeInstanceOf(Date);
    const byId = await h.anon.collections.getCollection(collection._id!);
    const sent = h.since(mark);
    expect(sent.map((r) => r.path)).toEqual(['/v2/collections/slug/home-living', `/v2/collections/${collection._id}`]);
    expect(byId._id).toBe(collection._id);
    expect(byId.name).toBe('Home & Living');
    expect(byId.numberOfProducts).toBe(collection.numberOfProducts);
    expect(lastUpdatedOf(byId)).toBeInstanceOf(Date);
    const inIt = await h.anon.products.queryProducts().hasSome('collectionIds', [collection._id!]).find();
    expect(inIt.totalCount).toBe(collection.numberOfProducts);
  });

  it('an unknown slug or id is a COLLECTION_NOT_FOUND application error', async () => {
    const bySlug = await sdkError(h.anon.products.getCollectionBySlug('no-such-collection'));
    expect(bySlug.status).toBe(404);
    expect(bySlug.details?.applicationError?.code).toBe('COLLECTION_NOT_FOUND');
    const v2 = await sdkError(h.anon.collections.getCollectionBySlug('no-such-collection'));
    expect(v2.details?.applicationError?.code).toBe('COLLECTION_NOT_FOUND');
    const byId = await sdkError(h.anon.collections.getCollection('00000000-0000-4000-8000-000000000000'));
    expect(byId.details?.applicationError?.code).toBe('COLLECTION_NOT_FOUND');
  });
});

describe('products.getProductOptionsAvailability', () => {
  it('a full selection gives the selected variant and availableForPurchase', async () => {
    const mark = h.requests.length;
    const answer = await h.anon.products.getProductOptionsAvailability(tee._id!, { Size: 'M', Color: 'Oat' });
    const [request] = h.since(mark);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/stores-reader/v1/products/${tee._id}/productOptionsAvailability`);
    expect(request?.body).toEqual({ id: tee._id, options: { Size: 'M', Color: 'Oat' } });
    expect(answer.availableForPurchase).toBe(true);
    expect(answer.selectedVariant).toMatchObject({ inStock: true, visible: true, sku: 'WM-TEE-ORG-M-OAT' });
    expect(answer.selectedVariant?.price?.price).toBe(28);
    expect(answer.productOptions?.map((o) => o.name)).toEqual(['Size', 'Color']);
    // The media of the chosen colour.
    expect(answer.media?.mainMedia?.title).toBe('everyday-organic-tee-oat');
  });

  it('an out-of-stock combination is selected but not available for purchase', async () => {
    const answer = await h.anon.products.getProductOptionsAvailability(tee._id!, { Size: 'XL', Color: 'Sage' });
    expect(answer.selectedVariant?.inStock).toBe(false);
    expect(answer.selectedVariant?.price?.price).toBe(30);
    expect(answer.availableForPurchase).toBe(false);
  });

  it('a partial selection selects no variant and flags the remaining choices', async () => {
    const answer = await h.anon.products.getProductOptionsAvailability(tee._id!, { Size: 'XL' });
    expect(answer.selectedVariant ?? null).toBeNull();
    expect(answer.availableForPurchase).toBe(false);
    const colors = answer.productOptions?.find((o) => o.name === 'Color')?.choices ?? [];
    expect(Object.fromEntries(colors.map((c) => [c.description, c.inStock]))).toEqual({
      Charcoal: true,
      Oat: true,
      Sage: false,
      Navy: true,
    });
  });

  it('an unknown product is PRODUCT_NOT_FOUND', async () => {
    const error = await sdkError(
      h.anon.products.getProductOptionsAvailability('00000000-0000-4000-8000-000000000000', { Size: 'M' }),
    );
    expect(error.details?.applicationError?.code).toBe('PRODUCT_NOT_FOUND');
  });
});

describe('variants', () => {
  it('products.queryProductVariants by choices, with paging', async () => {
    const mark = h.requests.length;
    const all = await h.anon.products.queryProductVariants(tee._id!, { choices: { Size: 'M' } });
    expect(h.since(mark)[0]?.body).toEqual({ id: tee._id, choices: { Size: 'M' } });
    const allVariants = all.variants ?? [];
    expect(all.totalResults).toBe(4);
    expect(allVariants.map((v) => v.choices?.Size)).toEqual(['M', 'M', 'M', 'M']);
    expect(allVariants.every((v) => typeof v._id === 'string')).toBe(true);

    const page = await h.anon.products.queryProductVariants(tee._id!, {
      choices: { Size: 'M' },
      paging: { limit: 2, offset: 1 },
    });
    expect(page.totalResults).toBe(4);
    expect(page.metadata).toMatchObject({ items: 2, offset: 1 });
    expect(page.variants?.map((v) => v._id)).toEqual(allVariants.slice(1, 3).map((v) => v._id));
  });

  it('products.queryProductVariants by variant ids', async () => {
    const wanted = [variantOf({ Size: 'S', Color: 'Navy' })._id!, variantOf({ Size: 'XL', Color: 'Oat' })._id!];
    const answer = await h.anon.products.queryProductVariants(tee._id!, { variantIds: wanted });
    const variants = answer.variants ?? [];
    expect(new Set(variants.map((v) => v._id))).toEqual(new Set(wanted));
    expect(variants.find((v) => v.choices?.Size === 'XL')?.variant?.priceData?.price).toBe(30);
    expect(variants.find((v) => v.choices?.Size === 'S')?.stock?.inStock).toBe(false);
  });

  it('products.queryStoreVariants with an object filter and with the filter as a JSON string', async () => {
    const object = await h.anon.products.queryStoreVariants({ filter: { productId: tee._id }, paging: { limit: 5 } });
    const firstFive = object.variants ?? [];
    expect(firstFive).toHaveLength(5);
    expect(firstFive.every((v) => v.productId === tee._id && v.productName === 'Everyday Organic Tee')).toBe(true);
    expect(firstFive.every((v) => v._id === `${tee._id}-${v.variantId}`)).toBe(true);
    expect(object.metadata?.total).toBe(16);

    // WIRE.md 6.1: the v1 API types this filter as a JSON string; the SDK passes whatever it is given.
    const asString = JSON.stringify({ productId: tee._id }) as unknown as Record<string, unknown>;
    const mark = h.requests.length;
    const string = await h.anon.products.queryStoreVariants({ filter: asString, paging: { limit: 5 } });
    expect(h.since(mark)[0]?.body).toEqual({ query: { filter: asString, paging: { limit: 5 } } });
    expect(string.variants?.map((v) => v._id)).toEqual(firstFive.map((v) => v._id));

    const rest = await h.anon.products.queryStoreVariants({
      filter: { productId: tee._id },
      paging: { limit: 100, offset: 5 },
    });
    expect(rest.variants).toHaveLength(11);
    const allIds = new Set([...firstFive, ...(rest.variants ?? [])].map((v) => v.variantId));
    expect(allIds).toEqual(new Set(tee.variants!.map((v) => v._id)));
  });

  it('products.getStoreVariant("<productId>-<variantId>")', async () => {
    const navyS = variantOf({ Size: 'S', Color: 'Navy' });
    const id = `${tee._id}-${navyS._id}`;
    const mark = h.requests.length;
    const { variant } = await h.anon.products.getStoreVariant(id);
    expect(h.since(mark)[0]?.path).toBe(`/stores-reader/v1/variants/${id}`);
    expect(variant).toMatchObject({
      _id: id,
      productId: tee._id,
      variantId: navyS._id,
      productName: 'Everyday Organic Tee',
      managedVariant: true,
      sku: 'WM-TEE-ORG-S-NAV',
      choices: { Size: 'S', Color: 'Navy' },
      stock: { inStock: false },
    });
    expect(variant?.collectionIds).toEqual(tee.collectionIds);
    const missing = await sdkError(h.anon.products.getStoreVariant(`${tee._id}-00000000-0000-4000-8000-000000000000`));
    expect(missing.status).toBe(404);
    expect(typeof missing.details?.applicationError?.code).toBe('string');
  });

  // KNOWN INCOMPATIBILITY (packages/server/src/modules/products/products.mapper.ts, storeVariantOf): Merx sends
  // `variant.media.image` as a bare URL string. On the wire it is an Image object `{id?, url, width, height}`; the
  // SDK's image transform reads `.id` / `.url` of it, so a string comes out as `undefined` and the storefront sees
  // `media: {}`. Remove `.fails` once the mapper sends an object.
  it('store variants carry the image of their colour choice', async () => {
    const { variant } = await h.anon.products.getStoreVariant(
      `${tee._id}-${variantOf({ Size: 'S', Color: 'Navy' })._id}`,
    );
    expect(variant?.media?.image).toEqual(expect.stringContaining('everyday-organic-tee-navy'));
  });
});
