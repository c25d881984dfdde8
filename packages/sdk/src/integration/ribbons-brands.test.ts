import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxApplicationError, MerxClientError } from '../errors.js';
import { brands } from '../modules/brands.js';
import { products } from '../modules/products.js';
import { ribbons } from '../modules/ribbons.js';
import { type SdkKit, startSdkKit, unique } from './kit.js';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(() => kit?.close());

describe('ribbons and brands through @merx/sdk', () => {
  it('creates, renames with the revision, counts products, pages, and deletes a ribbon', async () => {
    const admin = kit.admin({ ribbons, products });
    const name = unique('Sdk ');
    const made = await admin.ribbons.createRibbon(name);
    expect(made).toMatchObject({ name, revision: '1' });
    await admin.products.createProduct({ name: unique('Ribboned '), priceData: { price: 5 }, ribbon: name });
    expect(await admin.ribbons.getRibbon(made.id, { fields: ['ASSIGNED_PRODUCT_COUNT'] })).toMatchObject({
      assignedProductCount: 1,
    });
    const renamed = await admin.ribbons.updateRibbon(made.id, { revision: made.revision, name: `${name} 2` });
    expect(renamed.revision).toBe('2');
    const stale = await admin.ribbons.updateRibbon(made.id, { revision: '1', name: 'x' }).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(MerxApplicationError);
    expect((stale as MerxApplicationError).code).toBe('CONCURRENT_MODIFICATION');
    for (const n of [1, 2, 3]) await admin.ribbons.createRibbon(`${name} p${n}`);
    const first = await admin.ribbons.queryRibbons().startsWith('name', `${name} p`).ascending('name').limit(2).find();
    expect(first.items.map((r) => r.name)).toEqual([`${name} p1`, `${name} p2`]);
    const second = await first.next();
    expect(second.items.map((r) => r.name)).toEqual([`${name} p3`]);
    expect(second.hasNext()).toBe(false);
    expect(await admin.ribbons.countRibbons({ name: { $startsWith: name } })).toEqual({ count: 4 });
    const bulk = await admin.ribbons.bulkDeleteRibbons([made.id]);
    expect(bulk.bulkActionMetadata.totalSuccesses).toBe(1);
  });

  it('reads brands without a token and refuses writes before sending them', async () => {
    const admin = kit.admin({ brands });
    const got = await admin.brands.getOrCreateBrand(unique('Maker '));
    const shop = kit.shop({ brands });
    expect(await shop.brands.getBrand(got.id)).toEqual(got);
    const refused = await shop.brands.createBrand('Nope').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MerxClientError);
    const bulk = await admin.brands.bulkGetOrCreateBrands([got.name.toUpperCase()], {
      fields: ['ASSIGNED_PRODUCTS_COUNT'],
    });
    expect(bulk.results[0]?.item).toMatchObject({ id: got.id, assignedProductsCount: 0 });
  });
});
