import { DEFAULT_VARIANT_ID, type Product, type Variant } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, expectViolation, type Kit, sizeAndColor, startKit, unique } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const variantsUrl = (id: string) => `/stores/v1/products/${id}/variants`;
const find = (variants: Variant[], size: string, color: string) =>
  variants.find((v) => v.choices.Size === size && v.choices.Color === color)!;

async function managed(input: object = {}): Promise<Product> {
  return kit.createProduct({ ...sizeAndColor(), manageVariants: true, priceData: { price: 20 }, ...input });
}

describe('PATCH /stores/v1/products/:id/variants', () => {
  it('overrides price, sku, weight and visibility of the variants matching partial choices', async () => {
    const p = await managed();
    const res = await kit.owner.patch(variantsUrl(p.id), {
      id: p.id,
      variants: [
        { choices: { Size: 'L' }, price: 25, weight: 3 },
        { choices: { Size: 'S', Color: 'Red' }, sku: 'S-RED', visible: false },
      ],
    });
    expect(res.status).toBe(200);
    const variants = res.body.variants as Variant[];
    expect(variants).toHaveLength(6);
    expect(find(variants, 'L', 'Red').variant).toMatchObject({ priceData: { price: 25 }, weight: 3 });
    expect(find(variants, 'L', 'Blue').variant.priceData.price).toBe(25);
    expect(find(variants, 'M', 'Red').variant.priceData.price).toBe(20);
    expect(find(variants, 'S', 'Red').variant).toMatchObject({ sku: 'S-RED', visible: false });
    const product = (await kit.owner.get(`/stores-reader/v1/products/${p.id}`)).body.product;
    expect(product.priceRange).toEqual({ minValue: 20, maxValue: 25 });
    expect(product.weightRange).toEqual({ minValue: 0, maxValue: 3 });
  });

  it('overrides the variants named by variantIds', async () => {
    const p = await managed();
    const target = find(p.variants!, 'M', 'Blue');
    const res = await kit.owner.patch(variantsUrl(p.id), {
      variants: [{ variantIds: [target.id], price: 5, cost: 2 }],
    });
    const changed = (res.body.variants as Variant[]).filter((v) => v.variant.priceData.price === 5);
    expect(changed.map((v) => v.id)).toEqual([target.id]);
    expect(changed[0]?.variant.costAndProfitData).toMatchObject({ itemCost: 2, profit: 3 });
  });

  it('refuses changes while manageVariants is false', async () => {
    const p = await kit.createProduct(sizeAndColor());
    const before = await kit.counts();
    expectViolation(await kit.owner.patch(variantsUrl(p.id), { variants: [{ price: 1 }] }), 'variants');
    expect(await kit.counts()).toEqual(before);
  });

  it('refuses a choice that no option has, naming it', async () => {
    const p = await managed();
    const before = await kit.counts();
    const res = await kit.owner.patch(variantsUrl(p.id), { variants: [{ choices: { Size: 'XXL' }, price: 1 }] });
    expectViolation(res, 'variants[0].choices.Size');
    expectViolation(
      await kit.owner.patch(variantsUrl(p.id), { variants: [{ choices: { Material: 'Silk' }, price: 1 }] }),
      'variants[0].choices.Material',
    );
    expectViolation(
      await kit.owner.patch(variantsUrl(p.id), { variants: [{ variantIds: ['nope'], price: 1 }] }),
      'variants[0].variantIds',
    );
    expect(await kit.counts()).toEqual(before);
  });

  it('answers 404 for an unknown product', async () => {
    expectAppError(await kit.owner.patch(variantsUrl('nope'), { variants: [{ price: 1 }] }), 404, 'PRODUCT_NOT_FOUND');
  });
});

describe('POST /stores/v1/products/:id/variants/resetToDefault', () => {
  it('drops every override and keeps variant ids and stock', async () => {
    const p = await managed({ stock: { trackInventory: true, quantity: 2 } });
    await kit.owner.patch(variantsUrl(p.id), { variants: [{ price: 99, sku: 'X', visible: false }] });
    const res = await kit.owner.post(`${variantsUrl(p.id)}/resetToDefault`, { id: p.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const product = (await kit.owner.get(`/stores-reader/v1/products/${p.id}`)).body.product as Product;
    expect(product.variants?.map((v) => v.id)).toEqual(p.variants?.map((v) => v.id));
    for (const v of product.variants ?? []) {
      expect(v.variant.priceData.price).toBe(20);
      expect(v.variant.visible).toBe(true);
      expect(v.variant).not.toHaveProperty('sku');
      expect(v.stock).toEqual({ trackQuantity: true, quantity: 2, inStock: true, availableForPreorder: false });
    }
  });
});

describe('POST /stores-reader/v1/products/:id/variants/query', () => {
  it('filters by choices and variant ids and pages', async () => {
    const p = await managed();
    const url = `/stores-reader/v1/products/${p.id}/variants/query`;
    const red = await kit.visitor.post(url, { id: p.id, choices: { Color: 'Red' } });
    expect(red.status).toBe(200);
    expect(red.body.variants.map((v: Variant) => v.choices.Color)).toEqual(['Red', 'Red', 'Red']);
    expect(red.body.totalResults).toBe(3);
    const page = await kit.visitor.post(url, { paging: { limit: 4, offset: 4 } });
    expect(page.body.metadata).toEqual({ items: 2, offset: 4 });
    expect(page.body.totalResults).toBe(6);
    const ids = [p.variants![0]!.id, p.variants![5]!.id];
    const byIds = await kit.visitor.post(url, { variantIds: ids });
    expect(byIds.body.variants.map((v: Variant) => v.id)).toEqual(ids);
  });

  it('hides invisible variants from shoppers but not from the owner', async () => {
    const p = await managed();
    await kit.owner.patch(variantsUrl(p.id), { variants: [{ choices: { Size: 'S' }, visible: false }] });
    const url = `/stores-reader/v1/products/${p.id}/variants/query`;
    expect((await kit.visitor.post(url, {})).body.totalResults).toBe(4);
    expect((await kit.owner.post(url, {})).body.totalResults).toBe(6);
  });

  it('answers 404 for an unknown product', async () => {
    expectAppError(
      await kit.visitor.post('/stores-reader/v1/products/nope/variants/query', {}),
      404,
      'PRODUCT_NOT_FOUND',
    );
  });
});

describe('store-wide variants', () => {
  it('queries variants across products by productId, stock.inStock and collectionIds', async () => {
    const c = await kit.createCollection();
    const a = await managed({ stock: { trackInventory: true, quantity: 1 } });
    const b = await kit.createProduct({ name: unique('Plain ') });
    await kit.owner.post(`/stores/v1/collections/${c.id}/productIds`, { productIds: [b.id] });
    await kit.server.services.variants.setStock(a.id, [
      { variantId: find(a.variants!, 'S', 'Red').id, trackQuantity: true, quantity: 0 },
    ]);
    const url = '/stores-reader/v1/variants/query';
    const ofA = await kit.visitor.post(url, { query: { filter: JSON.stringify({ productId: a.id }) } });
    expect(ofA.status).toBe(200);
    expect(ofA.body.variants).toHaveLength(6);
    expect(ofA.body.totalResults).toBe(6);
    expect(ofA.body.variants[0]).toMatchObject({ productId: a.id, productName: a.name, managedVariant: true });
    expect(ofA.body.variants[0].id).toBe(`${a.id}-${ofA.body.variants[0].variantId}`);
    const soldOut = await kit.visitor.post(url, {
      query: { filter: JSON.stringify({ productId: a.id, 'stock.inStock': false }) },
    });
    expect(soldOut.body.variants.map((v: { choices: object }) => v.choices)).toEqual([{ Size: 'S', Color: 'Red' }]);
    const inCollection = await kit.visitor.post(url, { query: { filter: { collectionIds: { $hasSome: [c.id] } } } });
    expect(inCollection.body.variants).toHaveLength(1);
    expect(inCollection.body.variants[0]).toMatchObject({ id: `${b.id}-${DEFAULT_VARIANT_ID}`, variantName: b.name });
    const paged = await kit.visitor.post(url, {
      query: { filter: { productId: a.id }, sort: [{ fieldName: 'variantId' }], paging: { limit: 4, offset: 4 } },
    });
    expect(paged.body.metadata).toMatchObject({ count: 2, offset: 4, total: 6 });
  });

  it('reads a page of store variants of many products in at most 3 statements', async () => {
    const c = await kit.createCollection();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        (
          await kit.createProduct({
            productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] }],
          })
        ).id,
      );
    await kit.owner.post(`/stores/v1/collections/${c.id}/productIds`, { productIds: ids });
    let variants: Array<{ productId: string }> = [];
    const statements = await kit.statementsOf(async () => {
      const res = await kit.visitor.post('/stores-reader/v1/variants/query', {
        query: { filter: { collectionIds: { $hasSome: [c.id] } }, paging: { limit: 20 } },
      });
      expect(res.body.metadata.total).toBe(24);
      variants = res.body.variants;
    });
    expect(variants).toHaveLength(20);
    expect(new Set(variants.map((v) => v.productId)).size).toBe(10);
    expect(statements).toBeLessThanOrEqual(3);
  });

  it('refuses an unknown filter field in the variants query', async () => {
    const res = await kit.visitor.post('/stores-reader/v1/variants/query', { query: { filter: { color: 'red' } } });
    expectViolation(res, 'query.filter.color', 'FIELD_NOT_ALLOWED');
  });

  it('gets one variant by <productId>-<variantId>', async () => {
    const p = await managed();
    const v = find(p.variants!, 'M', 'Blue');
    const res = await kit.visitor.get(`/stores-reader/v1/variants/${p.id}-${v.id}`, { id: `${p.id}-${v.id}` });
    expect(res.status).toBe(200);
    expect(res.body.variant).toMatchObject({
      id: `${p.id}-${v.id}`,
      productId: p.id,
      variantId: v.id,
      choices: { Size: 'M', Color: 'Blue' },
      variantName: 'M | Blue',
    });
    const plain = await kit.createProduct();
    const zero = await kit.visitor.get(`/stores-reader/v1/variants/${plain.id}-${DEFAULT_VARIANT_ID}`);
    expect(zero.body.variant.variantId).toBe(DEFAULT_VARIANT_ID);
  });

  it('hides the variants of hidden products from shoppers', async () => {
    const p = await kit.createProduct({ visible: false });
    const id = `${p.id}-${DEFAULT_VARIANT_ID}`;
    expectAppError(await kit.visitor.get(`/stores-reader/v1/variants/${id}`), 404, 'VARIANT_NOT_FOUND');
    expect((await kit.owner.get(`/stores-reader/v1/variants/${id}`)).status).toBe(200);
    const filter = { query: { filter: { productId: p.id } } };
    expect((await kit.visitor.post('/stores-reader/v1/variants/query', filter)).body.variants).toEqual([]);
    expect((await kit.owner.post('/stores-reader/v1/variants/query', filter)).body.variants).toHaveLength(1);
  });

  it('answers 404 VARIANT_NOT_FOUND for unknown or malformed ids', async () => {
    const p = await managed();
    for (const id of [`${p.id}-${'1'.repeat(8)}-0000-0000-0000-000000000000`, 'nope', `nope-${DEFAULT_VARIANT_ID}`]) {
      expectAppError(await kit.visitor.get(`/stores-reader/v1/variants/${id}`), 404, 'VARIANT_NOT_FOUND');
    }
  });
});
