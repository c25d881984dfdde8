/**
 * The catalog calls the back office's product and collection pages make, against a real server: pages of a list
 * asked for by cursor (the cursor kept in the page's URL), a stale edit refused by its revision, media reordered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxApplicationError } from '../errors.js';
import { collections } from '../modules/collections.js';
import { products } from '../modules/products.js';
import { type SdkKit, startSdkKit, unique } from './kit.js';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(() => kit?.close());

describe('the catalog calls of the back office', () => {
  it('pages a list by cursor alone, hidden products included, and back', async () => {
    const admin = kit.admin({ products });
    const brand = unique('brand');
    for (let i = 0; i < 5; i++) {
      await admin.products.createProduct({
        name: `${brand} ${i}`,
        brand,
        visible: i !== 2,
        priceData: { price: 10 + i },
      });
    }
    const query = { filter: { brand }, sort: [{ fieldName: 'name', order: 'ASC' as const }] };
    const first = await admin.products.queryProductsPage({ ...query, cursorPaging: { limit: 2 } });
    expect(first.products.map((p) => p.name)).toEqual([`${brand} 0`, `${brand} 1`]);
    const next = first.metadata.cursors?.next as string;
    expect(next).toBeTruthy();
    const second = await admin.products.queryProductsPage({ cursorPaging: { limit: 2, cursor: next } });
    expect(second.products.map((p) => p.name)).toEqual([`${brand} 2`, `${brand} 3`]);
    expect(second.products[0]?.visible).toBe(false);
    expect(second.metadata.offset).toBe(2);
    const back = await admin.products.queryProductsPage({
      cursorPaging: { limit: 2, cursor: second.metadata.cursors?.prev as string },
    });
    expect(back.products.map((p) => p.name)).toEqual([`${brand} 0`, `${brand} 1`]);
    const shop = kit.shop({ products });
    const shown = await shop.products.queryProductsPage({ filter: { brand }, paging: { limit: 10, offset: 0 } });
    expect(shown.products).toHaveLength(4);
    expect(shown.metadata.total).toBe(4);
  });

  it('refuses an update made against an older revision and writes nothing', async () => {
    const admin = kit.admin({ products });
    const { product } = await admin.products.createProduct({ name: unique('Lamp '), priceData: { price: 40 } });
    const { product: changed } = await admin.products.updateProduct(product.id, {
      priceData: { price: 45 },
      revision: product.revision,
    });
    expect(changed.revision).toBe('2');
    const stale = admin.products.updateProduct(product.id, { name: 'Stale', revision: product.revision });
    await expect(stale).rejects.toBeInstanceOf(MerxApplicationError);
    await expect(stale).rejects.toMatchObject({ code: 'CONCURRENT_MODIFICATION', status: 400 });
    const read = await admin.products.getProduct(product.id);
    expect(read.product).toMatchObject({ name: product.name, revision: '2' });
  });

  it('puts media in a new order', async () => {
    const admin = kit.admin({ products });
    const { product } = await admin.products.createProduct({ name: unique('Vase '), priceData: { price: 20 } });
    await admin.products.addProductMedia(product.id, [
      { url: 'https://images.example/one.png' },
      { url: 'https://images.example/two.png' },
    ]);
    const ids = (await admin.products.getProduct(product.id)).product.media.items.map((m) => m.id);
    await admin.products.reorderProductMedia(product.id, [...ids].reverse());
    const read = await admin.products.getProduct(product.id);
    expect(read.product.media.items.map((m) => m.id)).toEqual([...ids].reverse());
    expect(read.product.media.mainMedia?.id).toBe(ids[1]);
  });

  it('pages collections by query object and refuses a stale collection edit', async () => {
    const admin = kit.admin({ products, collections });
    const name = unique('Shelf ');
    const { collection } = await admin.products.createCollection({ name });
    const page = await admin.collections.queryCollectionsPage({ filter: { name }, paging: { limit: 5, offset: 0 } });
    expect(page.collections.map((c) => c.id)).toEqual([collection.id]);
    await admin.products.updateCollection(collection.id, { description: 'Wood', revision: collection.revision });
    await expect(
      admin.products.updateCollection(collection.id, { name: 'Late', revision: collection.revision }),
    ).rejects.toMatchObject({ code: 'CONCURRENT_MODIFICATION' });
  });
});
