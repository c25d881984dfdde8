import { ALL_PRODUCTS_COLLECTION_ID, DEFAULT_VARIANT_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, type Kit, sizeAndColor, startKit, unique } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('POST /stores/v1/products', () => {
  it('generates a slug from the name and de-duplicates it with -1, -2', async () => {
    const name = unique('Linen Shirt ');
    const base = name.toLowerCase().replaceAll(' ', '-');
    const first = await kit.createProduct({ name });
    const second = await kit.createProduct({ name });
    const third = await kit.createProduct({ name });
    expect(first.slug).toBe(base);
    expect(second.slug).toBe(`${base}-1`);
    expect(third.slug).toBe(`${base}-2`);
  });

  it('drops accents from slugs, keeps non-Latin letters and falls back to "product"', async () => {
    const tag = unique('x');
    expect((await kit.createProduct({ name: `Café Crème ${tag}` })).slug).toBe(`cafe-creme-${tag}`);
    expect((await kit.createProduct({ name: `日本茶 ${tag}` })).slug).toBe(`日本茶-${tag}`);
    expect((await kit.createProduct({ name: '🙂 !!' })).slug).toMatch(/^product(-\d+)?$/);
  });

  it('refuses an explicit slug another product has with 409 SLUG_ALREADY_EXISTS', async () => {
    const slug = unique('slug-');
    await kit.createProduct({ slug });
    const before = await kit.counts();
    const res = await kit.owner.post('/stores/v1/products', {
      product: { name: 'Other', slug, priceData: { price: 1 } },
    });
    expectAppError(res, 409, 'SLUG_ALREADY_EXISTS');
    expect(await kit.counts()).toEqual(before);
  });

  it('removes scripts and event handlers from the description but keeps formatting', async () => {
    const p = await kit.createProduct({
      description:
        '<p onclick="steal()">Soft <strong>linen</strong> <em>shirt</em></p><script>alert(1)</script>' +
        '<ul><li>one</li></ul><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)">',
    });
    expect(p.description).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(p.description).toContain('<strong>linen</strong>');
    expect(p.description).toContain('<em>shirt</em>');
    expect(p.description).toContain('<ul><li>one</li></ul>');
    expect(p.description).toContain('<p>Soft');
  });

  it('keeps productType, sku, weight, brand and ribbon', async () => {
    const p = await kit.createProduct({
      productType: 'digital',
      sku: 'SKU-1',
      weight: 1.25,
      brand: 'Acme',
      ribbon: 'New',
    });
    expect(p).toMatchObject({ productType: 'digital', sku: 'SKU-1', weight: 1.25, brand: 'Acme', ribbon: 'New' });
    expect(p.ribbons).toEqual([{ text: 'New' }]);
    expect(p.weightRange).toEqual({ minValue: 1.25, maxValue: 1.25 });
    const defaults = await kit.createProduct();
    expect(defaults.productType).toBe('physical');
    expect(defaults.visible).toBe(true);
    expect(defaults).not.toHaveProperty('brand');
    expect(defaults.ribbons).toEqual([]);
  });

  it('computes discountedPrice and formatted strings for an AMOUNT discount', async () => {
    const p = await kit.createProduct({ priceData: { price: 25 }, discount: { type: 'AMOUNT', value: 5.5 } });
    expect(p.priceData).toMatchObject({
      currency: 'USD',
      price: 25,
      discountedPrice: 19.5,
      formatted: { price: '$25.00', discountedPrice: '$19.50' },
    });
    expect(p.price).toEqual(p.priceData);
    expect(p.discount).toEqual({ type: 'AMOUNT', value: 5.5 });
    expect(p.priceRange).toEqual({ minValue: 25, maxValue: 25 });
  });

  it('computes discountedPrice for a PERCENT discount', async () => {
    const p = await kit.createProduct({ priceData: { price: 80 }, discount: { type: 'PERCENT', value: 25 } });
    expect(p.priceData.discountedPrice).toBe(60);
    expect(p.priceData.formatted.discountedPrice).toBe('$60.00');
    expect(p.variants?.[0]?.variant.priceData.discountedPrice).toBe(60);
  });

  it('shows the price per unit from pricePerUnitData', async () => {
    const p = await kit.createProduct({
      priceData: { price: 10 },
      pricePerUnitData: { totalQuantity: 250, totalMeasurementUnit: 'G', baseQuantity: 100, baseMeasurementUnit: 'G' },
    });
    expect(p.pricePerUnitData).toEqual({
      totalQuantity: 250,
      totalMeasurementUnit: 'G',
      baseQuantity: 100,
      baseMeasurementUnit: 'G',
    });
    expect(p.priceData.pricePerUnit).toBe(4);
    expect(p.priceData.formatted.pricePerUnit).toBe('$4.00');
  });

  it('shows cost and profit only to an API key that asks for merchant data', async () => {
    const created = await kit.createProduct({ priceData: { price: 40 }, costAndProfitData: { itemCost: 15 } });
    const url = `/stores-reader/v1/products/${created.id}`;
    const merchant = await kit.owner.get(url, { includeMerchantSpecificData: true });
    expect(merchant.status).toBe(200);
    expect(merchant.body.product.costAndProfitData).toMatchObject({
      itemCost: 15,
      formattedItemCost: '$15.00',
      profit: 25,
      formattedProfit: '$25.00',
      profitMargin: 0.625,
    });
    expect(merchant.body.product.costRange).toEqual({ minValue: 15, maxValue: 15 });
    const ownerPlain = await kit.owner.get(url);
    expect(ownerPlain.body.product).not.toHaveProperty('costAndProfitData');
    expect(ownerPlain.body.product).not.toHaveProperty('costRange');
    const visitor = await kit.visitor.get(url);
    expect(visitor.body.product).not.toHaveProperty('costAndProfitData');
    expectAppError(await kit.visitor.get(url, { includeMerchantSpecificData: true }), 403, 'PERMISSION_DENIED');
  });

  it('shows merchant data and hidden products only to staff and keys holding catalog:read', async () => {
    const hidden = await kit.createProduct({ visible: false, costAndProfitData: { itemCost: 3 } });
    const key = async (scopes: string[]) => (await kit.server.services.apiKeys.create({ name: 'k', scopes })).key;
    const [reader, ordersOnly] = [await key(['catalog:read']), await key(['orders:*', 'members:*'])];
    const url = `/stores-reader/v1/products/${hidden.id}`;
    const get = (auth: string, merchant: boolean) =>
      kit.request({ method: 'GET', url: `${url}${merchant ? '?includeMerchantSpecificData=true' : ''}`, auth });
    expect((await get(reader, true)).body.product.costAndProfitData.itemCost).toBe(3);
    expectAppError(await get(ordersOnly, true), 403, 'PERMISSION_DENIED');
    expectAppError(await get(ordersOnly, false), 404, 'PRODUCT_NOT_FOUND');
    const collection = await kit.createCollection({ visible: false });
    const byId = (auth: string) => kit.request({ method: 'GET', url: `/v2/collections/${collection.id}`, auth });
    expect((await byId(reader)).status).toBe(200);
    expect((await byId(ordersOnly)).status).toBe(404);
  });

  it('reports stock: untracked in stock, tracked quantities, and out of stock', async () => {
    const untracked = await kit.createProduct();
    expect(untracked.stock).toEqual({
      trackInventory: false,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
      availableForPreorder: false,
    });
    const tracked = await kit.createProduct({ stock: { trackInventory: true, quantity: 7 } });
    expect(tracked.stock).toEqual({
      trackInventory: true,
      quantity: 7,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
      availableForPreorder: false,
    });
    const empty = await kit.createProduct({ stock: { trackInventory: true, quantity: 0 } });
    expect(empty.stock).toMatchObject({ quantity: 0, inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
    const soldOut = await kit.createProduct({ stock: { inStock: false } });
    expect(soldOut.stock).toMatchObject({ trackInventory: false, inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
  });

  it('reports PARTIALLY_OUT_OF_STOCK when some variants are sold out', async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), stock: { trackInventory: true, quantity: 3 } });
    const [first] = p.variants ?? [];
    const { services } = kit.server;
    await services.variants.setStock(p.id, [{ variantId: first!.id, trackQuantity: true, quantity: 0 }]);
    const res = await kit.visitor.get(`/stores-reader/v1/products/${p.id}`);
    expect(res.body.product.stock).toEqual({
      trackInventory: true,
      quantity: 15,
      inStock: true,
      inventoryStatus: 'PARTIALLY_OUT_OF_STOCK',
      availableForPreorder: false,
    });
    const small = res.body.product.productOptions[0].choices.find(
      (c: { description: string }) => c.description === 'S',
    );
    expect(small.inStock).toBe(true);
  });

  it('generates one variant per combination of drop_down and color choices', async () => {
    const p = await kit.createProduct(sizeAndColor());
    expect(p.productOptions.map((o) => [o.name, o.optionType])).toEqual([
      ['Size', 'drop_down'],
      ['Color', 'color'],
    ]);
    expect(p.productOptions[1]?.choices.map((c) => [c.value, c.description])).toEqual([
      ['#ff0000', 'Red'],
      ['#0000ff', 'Blue'],
    ]);
    expect(p.variants).toHaveLength(6);
    expect(p.variants?.map((v) => v.choices)).toContainEqual({ Size: 'M', Color: 'Blue' });
    expect(new Set(p.variants?.map((v) => v.id)).size).toBe(6);
    expect(p.variants?.some((v) => v.id === DEFAULT_VARIANT_ID)).toBe(false);
    for (const c of p.productOptions.flatMap((o) => o.choices))
      expect(c).toMatchObject({ inStock: true, visible: true });
  });

  it('gives a product without options one variant with the all-zero id', async () => {
    const p = await kit.createProduct({ sku: 'ZERO' });
    expect(p.productOptions).toEqual([]);
    expect(p.variants).toHaveLength(1);
    expect(p.variants?.[0]).toMatchObject({
      id: DEFAULT_VARIANT_ID,
      choices: {},
      variant: { sku: 'ZERO', visible: true },
      stock: { trackQuantity: false, inStock: true },
    });
  });

  it('returns manageVariants, numericId, ISO dates and the All Products collection', async () => {
    const a = await kit.createProduct({ manageVariants: true });
    const b = await kit.createProduct();
    expect(a.manageVariants).toBe(true);
    expect(b.manageVariants).toBe(false);
    expect(a.numericId).toMatch(/^\d+$/);
    expect(Number(b.numericId)).toBeGreaterThan(Number(a.numericId));
    expect(a.createdDate).toMatch(ISO);
    expect(a.lastUpdated).toMatch(ISO);
    expect(a.collectionIds).toEqual([ALL_PRODUCTS_COLLECTION_ID]);
    expect(a.productPageUrl.path).toBe(`/product-page/${a.slug}`);
    expect(a).not.toHaveProperty('_id');
  });

  it('answers the same product from a merchant GET as from create', async () => {
    const created = await kit.createProduct({ ...sizeAndColor(), brand: 'Same', ribbon: 'Sale' });
    const res = await kit.owner.get(`/stores-reader/v1/products/${created.id}`, {
      id: created.id,
      includeMerchantSpecificData: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.product).toEqual(created);
  });

  it('accepts the price under price.price as the SDK may send it', async () => {
    const p = await kit.createProduct({ priceData: undefined, price: { price: 12.34 } });
    expect(p.priceData.price).toBe(12.34);
    expect(p.priceData.formatted.price).toBe('$12.34');
  });
});
