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

describe('products v3 writes through @merx/sdk', () => {
  const mug = (name: string) => ({
    name,
    productType: 'PHYSICAL' as const,
    options: [
      {
        name: 'Size',
        choicesSettings: { choices: [{ name: 'S' }, { name: 'M' }] },
      },
    ],
    variantsInfo: {
      variants: [
        {
          choices: [{ optionChoiceNames: { optionName: 'Size', choiceName: 'S' } }],
          price: { actualPrice: { amount: '4' } },
        },
        {
          choices: [{ optionChoiceNames: { optionName: 'Size', choiceName: 'M' } }],
          price: { actualPrice: { amount: '5' } },
        },
      ],
    },
  });

  it('creates, updates with the revision, adjusts by filter, counts facets, bulk-deletes', async () => {
    const admin = kit.admin({ productsV3 });
    const shop = kit.shop({ productsV3 });
    const word = unique('sdkw');
    const created = await admin.productsV3.createProduct(mug(`${word} one`));
    expect(created.actualPriceRange.minValue.amount).toBe('4');
    const renamed = await admin.productsV3.updateProduct(created.id, {
      revision: created.revision,
      name: `${word} uno`,
    });
    expect(renamed).toMatchObject({ name: `${word} uno`, revision: '2' });
    const stale = await admin.productsV3
      .updateProduct(created.id, { revision: '1', name: 'stale' })
      .catch((e: unknown) => e);
    expect((stale as MerxApplicationError).code).toBe('CONCURRENT_MODIFICATION');

    const stocked = await admin.productsV3.createProductWithInventory(mug(`${word} two`), { returnEntity: true });
    expect(stocked.inventoryResults.results).toHaveLength(2);

    const filter = { name: { $startsWith: word } };
    const { jobId } = await admin.productsV3.bulkAdjustProductVariantsByFilter({
      filter,
      actualPrice: { amount: '1' },
    });
    expect(typeof jobId).toBe('string');
    const found = await shop.productsV3.searchProducts({
      filter,
      aggregations: [{ name: 'sizes', type: 'VALUE', fieldPath: 'optionChoices', value: { sortType: 'VALUE' } }],
    });
    expect(found.products.map((p) => p.actualPriceRange.minValue.amount)).toEqual(['5', '5']);
    expect(found.aggregationData?.results[0]?.values?.results).toEqual([
      { value: 'Size: M', count: 2 },
      { value: 'Size: S', count: 2 },
    ]);

    const refused = await shop.productsV3.createProduct(mug(`${word} visitor`)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);

    const deleted = await admin.productsV3.bulkDeleteProducts([created.id, stocked.product!.id]);
    expect(deleted.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 0, undetailedFailures: 0 });
  });
});
