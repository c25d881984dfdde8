import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxApplicationError } from '../errors.js';
import { products } from '../modules/products.js';
import { productsV3 } from '../modules/products-v3.js';
import { type SdkKit, startSdkKit, unique } from './kit.js';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(() => kit?.close());

describe('products v3 reads through @merx/sdk', () => {
  it('reads v1 products through v3: get, by slug, query pages, search and count; hidden ones only for the owner', async () => {
    const admin = kit.admin({ products, productsV3 });
    const shop = kit.shop({ productsV3 });
    const word = unique('sdkv3');
    const made = [];
    for (const i of [1, 2, 3]) {
      const { product } = await admin.products.createProduct({
        name: `${word} ${i}`,
        priceData: { price: i * 2 },
        visible: i !== 3,
      });
      made.push(product);
    }
    const [first, second, hidden] = made;
    const p = await shop.productsV3.getProduct(first!.id, { fields: ['URL', 'CURRENCY'] });
    expect(p).toMatchObject({
      id: first!.id,
      actualPriceRange: { minValue: { amount: '2', formattedAmount: '$2.00' } },
      url: { relativePath: `/product-page/${first!.slug}` },
    });
    expect((await shop.productsV3.getProductBySlug(second!.slug)).product.id).toBe(second!.id);
    const missing = await shop.productsV3.getProduct(hidden!.id).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(MerxApplicationError);
    expect((missing as MerxApplicationError).code).toBe('PRODUCT_NOT_FOUND');
    expect((await admin.productsV3.getProduct(hidden!.id)).visible).toBe(false);

    const page = await shop.productsV3.queryProducts().startsWith('name', word).ascending('name').limit(1).find();
    expect(page.items.map((x) => x.id)).toEqual([first!.id]);
    const next = await page.next();
    expect(next.items.map((x) => x.id)).toEqual([second!.id]);
    expect(next.hasNext()).toBe(false);

    const found = await shop.productsV3.searchProducts({ search: { expression: word } });
    expect(found.products.map((x) => x.id).sort()).toEqual([first!.id, second!.id].sort());
    expect(await shop.productsV3.countProducts({ filter: { name: { $startsWith: word } } })).toEqual({ count: 2 });
    expect(
      await admin.productsV3.countProducts({ filter: { name: { $startsWith: word } }, returnNonVisibleProducts: true }),
    ).toEqual({ count: 3 });
  });
});
