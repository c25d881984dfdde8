import type { Product, ProductOption } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, expectViolation, type Kit, sizeAndColor, startKit } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const url = (id: string) => `/stores-reader/v1/products/${id}/productOptionsAvailability`;
const choice = (options: ProductOption[], option: string, description: string) =>
  options.find((o) => o.name === option)!.choices.find((c) => c.description === description)!;

/** Size × Color, tracked, with S/Red and M/Blue sold out; variants managed, L/Red costs 30. */
async function partlySoldOut(): Promise<Product> {
  const p = await kit.createProduct({
    ...sizeAndColor(),
    manageVariants: true,
    priceData: { price: 20 },
    stock: { trackInventory: true, quantity: 5 },
  });
  const idOf = (size: string, color: string) =>
    p.variants!.find((v) => v.choices.Size === size && v.choices.Color === color)!.id;
  await kit.server.services.variants.setStock(p.id, [
    { variantId: idOf('S', 'Red'), trackQuantity: true, quantity: 0 },
    { variantId: idOf('M', 'Blue'), trackQuantity: true, quantity: 0 },
  ]);
  await kit.owner.patch(`/stores/v1/products/${p.id}/variants`, {
    variants: [{ choices: { Size: 'L', Color: 'Red' }, price: 30, sku: 'L-RED' }],
  });
  return p;
}

describe('POST /stores-reader/v1/products/:id/productOptionsAvailability', () => {
  it('selects the variant of a full selection and says it can be bought', async () => {
    const p = await partlySoldOut();
    const res = await kit.visitor.post(url(p.id), { id: p.id, options: { Size: 'L', Color: 'Red' } });
    expect(res.status).toBe(200);
    expect(res.body.availableForPurchase).toBe(true);
    expect(res.body.selectedVariant).toMatchObject({
      price: { price: 30, discountedPrice: 30, formatted: { price: '$30.00' } },
      sku: 'L-RED',
      quantity: 5,
      inStock: true,
      visible: true,
    });
  });

  it('selects a sold-out variant but does not offer it for purchase', async () => {
    const p = await partlySoldOut();
    const res = await kit.visitor.post(url(p.id), { options: { Size: 'S', Color: 'Red' } });
    expect(res.body.selectedVariant).toMatchObject({ inStock: false, quantity: 0 });
    expect(res.body.availableForPurchase).toBe(false);
  });

  it("marks each choice's stock by the other options' selections when the selection is partial", async () => {
    const p = await partlySoldOut();
    const red = await kit.visitor.post(url(p.id), { options: { Color: 'Red' } });
    expect(red.status).toBe(200);
    expect(red.body).not.toHaveProperty('selectedVariant');
    expect(red.body.availableForPurchase).toBe(false);
    const options = red.body.productOptions as ProductOption[];
    expect(choice(options, 'Size', 'S').inStock).toBe(false);
    expect(choice(options, 'Size', 'M').inStock).toBe(true);
    expect(choice(options, 'Size', 'L').inStock).toBe(true);
    // Colours are judged without the colour selection itself: both still have sizes in stock.
    expect(choice(options, 'Color', 'Red').inStock).toBe(true);
    expect(choice(options, 'Color', 'Blue').inStock).toBe(true);
    const small = await kit.visitor.post(url(p.id), { options: { Size: 'S' } });
    expect(choice(small.body.productOptions, 'Color', 'Red').inStock).toBe(false);
    expect(choice(small.body.productOptions, 'Color', 'Blue').inStock).toBe(true);
  });

  it('answers every choice in stock for an empty selection', async () => {
    const p = await partlySoldOut();
    const res = await kit.visitor.post(url(p.id), {});
    expect(res.status).toBe(200);
    for (const c of (res.body.productOptions as ProductOption[]).flatMap((o) => o.choices))
      expect(c.inStock).toBe(true);
  });

  it('selects the single variant of a product without options', async () => {
    const p = await kit.createProduct({ priceData: { price: 7 } });
    const res = await kit.visitor.post(url(p.id), { options: {} });
    expect(res.body.selectedVariant.price.price).toBe(7);
    expect(res.body.availableForPurchase).toBe(true);
  });

  it('shows the media of the chosen choice', async () => {
    const p = await kit.createProduct(sizeAndColor());
    await kit.owner.post(`/stores/v1/products/${p.id}/media`, {
      media: [
        { url: 'https://example.com/main.jpg' },
        { url: 'https://example.com/red.jpg', choice: { option: 'Color', choice: 'Red' } },
      ],
    });
    const red = await kit.visitor.post(url(p.id), { options: { Color: 'Red' } });
    expect(red.body.media.items.map((m: { image: { url: string } }) => m.image.url)).toEqual([
      'https://example.com/red.jpg',
    ]);
    const none = await kit.visitor.post(url(p.id), { options: { Size: 'S' } });
    expect(none.body.media.items).toHaveLength(2);
  });

  it('refuses an unknown option or choice, naming options.<name>', async () => {
    const p = await partlySoldOut();
    expectViolation(await kit.visitor.post(url(p.id), { options: { Material: 'Silk' } }), 'options.Material');
    expectViolation(await kit.visitor.post(url(p.id), { options: { Size: 'XXL' } }), 'options.Size');
  });

  it('refuses choices that are not strings', async () => {
    const p = await partlySoldOut();
    expectViolation(await kit.visitor.post(url(p.id), { options: { Size: 3 } }), 'options.Size');
  });

  it('answers 404 for unknown and hidden products', async () => {
    expectAppError(await kit.visitor.post(url('nope'), {}), 404, 'PRODUCT_NOT_FOUND');
    const hidden = await kit.createProduct({ visible: false });
    expectAppError(await kit.visitor.post(url(hidden.id), {}), 404, 'PRODUCT_NOT_FOUND');
  });
});
