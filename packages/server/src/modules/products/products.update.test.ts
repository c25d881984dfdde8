import { DEFAULT_VARIANT_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, type Kit, sizeAndColor, startKit, unique } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const productUrl = (id: string) => `/stores/v1/products/${id}`;
const readerUrl = (id: string) => `/stores-reader/v1/products/${id}`;

describe('PATCH /stores/v1/products/:id', () => {
  it('changes only the fields it is given', async () => {
    const p = await kit.createProduct({ brand: 'Keep', sku: 'KEEP-1', weight: 2, priceData: { price: 30 } });
    const res = await kit.owner.patch(productUrl(p.id), { product: { id: p.id, name: 'Renamed', ribbon: 'Sale' } });
    expect(res.status).toBe(200);
    expect(res.body.product).toMatchObject({
      id: p.id,
      name: 'Renamed',
      ribbon: 'Sale',
      brand: 'Keep',
      sku: 'KEEP-1',
      weight: 2,
      slug: p.slug,
      createdDate: p.createdDate,
    });
    expect(res.body.product.priceData.price).toBe(30);
    expect(res.body.product.lastUpdated >= p.lastUpdated).toBe(true);
    const read = await kit.visitor.get(readerUrl(p.id));
    expect(read.body.product.name).toBe('Renamed');
  });

  it('recomputes the discounted price when the price or discount changes', async () => {
    const p = await kit.createProduct({ priceData: { price: 50 }, discount: { type: 'PERCENT', value: 10 } });
    const priced = await kit.owner.patch(productUrl(p.id), { product: { priceData: { price: 100 } } });
    expect(priced.body.product.priceData).toMatchObject({ price: 100, discountedPrice: 90 });
    const discounted = await kit.owner.patch(productUrl(p.id), {
      product: { discount: { type: 'AMOUNT', value: 30 } },
    });
    expect(discounted.body.product.priceData).toMatchObject({ price: 100, discountedPrice: 70 });
  });

  it('refuses a new price below an AMOUNT discount already on the product', async () => {
    const p = await kit.createProduct({ priceData: { price: 50 }, discount: { type: 'AMOUNT', value: 20 } });
    const before = await kit.counts();
    const res = await kit.owner.patch(productUrl(p.id), { product: { priceData: { price: 10 } } });
    expect(res.status).toBe(400);
    expect(res.body.details.validationError.fieldViolations[0].field).toMatch(/^product\./);
    expect(await kit.counts()).toEqual(before);
  });

  it('keeps variant ids and overrides when a choice is added to an option', async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), manageVariants: true });
    const redSmall = p.variants?.find((v) => v.choices.Size === 'S' && v.choices.Color === 'Red');
    const patched = await kit.owner.patch(`${productUrl(p.id)}/variants`, {
      variants: [{ variantIds: [redSmall!.id], price: 99, sku: 'RED-S' }],
    });
    expect(patched.status).toBe(200);
    const options = sizeAndColor().productOptions!;
    options[0]!.choices.push({ description: 'XL' });
    const res = await kit.owner.patch(productUrl(p.id), { product: { productOptions: options } });
    expect(res.status).toBe(200);
    const variants = res.body.product.variants as Array<{ id: string; choices: Record<string, string> }>;
    expect(variants).toHaveLength(8);
    const oldIds = new Set(p.variants?.map((v) => v.id));
    expect(variants.filter((v) => oldIds.has(v.id))).toHaveLength(6);
    const same = res.body.product.variants.find((v: { id: string }) => v.id === redSmall!.id);
    expect(same.choices).toEqual({ Size: 'S', Color: 'Red' });
    expect(same.variant.priceData.price).toBe(99);
    expect(same.variant.sku).toBe('RED-S');
    expect(variants.filter((v) => v.choices.Size === 'XL').every((v) => !oldIds.has(v.id))).toBe(true);
  });

  it('drops the variants of a removed choice and keeps the others', async () => {
    const p = await kit.createProduct(sizeAndColor());
    const options = sizeAndColor().productOptions!;
    options[0]!.choices = options[0]!.choices.filter((c) => c.description !== 'L');
    const res = await kit.owner.patch(productUrl(p.id), { product: { productOptions: options } });
    const kept = p.variants?.filter((v) => v.choices.Size !== 'L').map((v) => v.id);
    expect(res.body.product.variants.map((v: { id: string }) => v.id).sort()).toEqual(kept?.sort());
  });

  it('goes from one all-zero variant to an option matrix and back', async () => {
    const p = await kit.createProduct();
    const withOptions = await kit.owner.patch(productUrl(p.id), { product: sizeAndColor() });
    expect(withOptions.body.product.variants).toHaveLength(6);
    const without = await kit.owner.patch(productUrl(p.id), { product: { productOptions: [] } });
    expect(without.body.product.variants.map((v: { id: string }) => v.id)).toEqual([DEFAULT_VARIANT_ID]);
  });

  it('changes stock tracking and quantity', async () => {
    const p = await kit.createProduct();
    const res = await kit.owner.patch(productUrl(p.id), { product: { stock: { trackInventory: true, quantity: 4 } } });
    expect(res.body.product.stock).toEqual({
      trackInventory: true,
      quantity: 4,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
      availableForPreorder: false,
    });
    const zero = await kit.owner.patch(productUrl(p.id), { product: { stock: { quantity: 0 } } });
    expect(zero.body.product.stock).toMatchObject({ quantity: 0, inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
  });

  it('changes the slug, and refuses one that another product has', async () => {
    const a = await kit.createProduct();
    const b = await kit.createProduct();
    const slug = unique('moved-');
    const moved = await kit.owner.patch(productUrl(a.id), { product: { slug } });
    expect(moved.body.product.slug).toBe(slug);
    expect(moved.body.product.productPageUrl.path).toBe(`/product-page/${slug}`);
    const same = await kit.owner.patch(productUrl(a.id), { product: { slug } });
    expect(same.status).toBe(200);
    expectAppError(await kit.owner.patch(productUrl(b.id), { product: { slug } }), 409, 'SLUG_ALREADY_EXISTS');
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown product', async () => {
    const res = await kit.owner.patch(productUrl('nope'), { product: { name: 'x' } });
    expectAppError(res, 404, 'PRODUCT_NOT_FOUND');
  });
});

describe('DELETE /stores/v1/products/:id', () => {
  it('deletes the product, its variants and memberships; then it is not found', async () => {
    const c = await kit.createCollection();
    const p = await kit.createProduct(sizeAndColor());
    await kit.owner.post(`/stores/v1/collections/${c.id}/productIds`, { productIds: [p.id] });
    const before = await kit.counts();
    const res = await kit.owner.delete(`${productUrl(p.id)}?id=${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const after = await kit.counts();
    expect(after.products).toBe(before.products - 1);
    expect(after.variants).toBe(before.variants - 6);
    expect(after.memberships).toBe(before.memberships - 2);
    expectAppError(await kit.visitor.get(readerUrl(p.id)), 404, 'PRODUCT_NOT_FOUND');
    expectAppError(await kit.owner.delete(productUrl(p.id)), 404, 'PRODUCT_NOT_FOUND');
    const col = await kit.visitor.get(`/v2/collections/${c.id}`);
    expect(col.body.collection.numberOfProducts).toBe(0);
  });
});

describe('hidden products', () => {
  it('are invisible to public callers and visible with an API key', async () => {
    const brand = unique('Hidden');
    const hidden = await kit.createProduct({ visible: false, brand });
    await kit.createProduct({ brand });
    expect(hidden.visible).toBe(false);
    expectAppError(await kit.visitor.get(readerUrl(hidden.id)), 404, 'PRODUCT_NOT_FOUND');
    const asOwner = await kit.owner.get(readerUrl(hidden.id));
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.product.visible).toBe(false);
    const query = { query: { filter: { brand } } };
    const publicList = await kit.visitor.post('/stores-reader/v1/products/query-platformized', query);
    expect(publicList.body.products).toHaveLength(1);
    expect(publicList.body.metadata.total).toBe(1);
    const ownerList = await kit.owner.post('/stores-reader/v1/products/query-platformized', query);
    expect(ownerList.body.products).toHaveLength(2);
    expect(ownerList.body.metadata.total).toBe(2);
  });

  it('can be made visible again', async () => {
    const p = await kit.createProduct({ visible: false });
    await kit.owner.patch(productUrl(p.id), { product: { visible: true } });
    expect((await kit.visitor.get(readerUrl(p.id))).status).toBe(200);
  });
});
