/**
 * What the back office's product and collection editors rely on: a change sent with the revision it was made against
 * is refused, writing nothing, when someone else changed the record meanwhile; and media put in a new order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, expectViolation, type Kit, sizeAndColor, startKit, unique } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const productUrl = (id: string) => `/stores/v1/products/${id}`;
const readerUrl = (id: string) => `/stores-reader/v1/products/${id}`;
const orderUrl = (id: string) => `/_api/merx/v1/products/${id}/media/order`;

describe('a product change made against a revision', () => {
  it('applies at the current revision and answers the next one', async () => {
    const p = await kit.createProduct();
    expect(p.revision).toBe('1');
    const res = await kit.owner.patch(productUrl(p.id), { product: { name: 'Current', revision: p.revision } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.product).toMatchObject({ name: 'Current', revision: '2' });
    const read = await kit.owner.get(readerUrl(p.id));
    expect(read.body.product.revision).toBe('2');
  });

  it('is refused when the product changed since, and writes nothing', async () => {
    const p = await kit.createProduct({ name: 'Original' });
    const other = await kit.owner.patch(productUrl(p.id), { product: { ribbon: 'New', revision: p.revision } });
    expect(other.status).toBe(200);
    const seq = await kit.lastSeq();
    const before = await kit.counts();
    const stale = await kit.owner.patch(productUrl(p.id), {
      product: { name: 'Stale edit', priceData: { price: 99 }, revision: p.revision },
    });
    expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
    expect(stale.body.details.applicationError.data).toMatchObject({ productId: p.id, currentRevision: '2' });
    expect(await kit.counts()).toEqual(before);
    expect(await kit.eventsSince(seq)).toEqual([]);
    const read = (await kit.owner.get(readerUrl(p.id))).body.product;
    expect(read).toMatchObject({ name: 'Original', ribbon: 'New', revision: '2' });
    expect(read.priceData.price).toBe(10);
  });

  it('takes the revision as a number too, and refuses one that is not a revision', async () => {
    const p = await kit.createProduct();
    const asNumber = await kit.owner.patch(productUrl(p.id), { product: { name: 'Numbered', revision: 1 } });
    expect(asNumber.status).toBe(200);
    const bad = await kit.owner.patch(productUrl(p.id), { product: { name: 'Bad', revision: 'latest' } });
    expectViolation(bad, 'product.revision');
  });

  it('bumps the revision on every change of the product, its variants or its media', async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), manageVariants: true });
    await kit.owner.patch(`${productUrl(p.id)}/variants`, { variants: [{ choices: { Size: 'S' }, price: 12 }] });
    await kit.owner.post(`${productUrl(p.id)}/media`, { media: [{ url: 'https://images.example/a.png' }] });
    const read = (await kit.owner.get(readerUrl(p.id))).body.product;
    expect(read.revision).toBe('3');
    const stale = await kit.owner.patch(productUrl(p.id), { product: { name: 'Late', revision: '2' } });
    expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
  });
});

describe('a collection change made against a revision', () => {
  it('applies at the current revision and is refused at an older one', async () => {
    const c = await kit.createCollection({ name: 'Summer' });
    expect(c.revision).toBe('1');
    const ok = await kit.owner.patch(`/stores/v1/collections/${c.id}`, {
      collection: { description: 'Light things', revision: '1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.collection.revision).toBe('2');
    const stale = await kit.owner.patch(`/stores/v1/collections/${c.id}`, {
      collection: { name: 'Winter', revision: '1' },
    });
    expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
    const read = await kit.owner.get(`/v2/collections/${c.id}`);
    expect(read.body.collection).toMatchObject({ name: 'Summer', description: 'Light things', revision: '2' });
  });

  it('keeps its revision when products join or leave it', async () => {
    const c = await kit.createCollection();
    const p = await kit.createProduct();
    await kit.owner.post(`/stores/v1/collections/${c.id}/productIds`, { productIds: [p.id] });
    const read = await kit.owner.get(`/v2/collections/${c.id}`);
    expect(read.body.collection).toMatchObject({ numberOfProducts: 1, revision: '1' });
  });
});

describe('POST /_api/merx/v1/products/:id/media/order', () => {
  async function productWithMedia() {
    const p = await kit.createProduct(sizeAndColor());
    const add = await kit.owner.post(`${productUrl(p.id)}/media`, {
      media: ['a', 'b', 'c'].map((n) => ({ url: `https://images.example/${n}.png` })),
    });
    expect(add.status).toBe(200);
    const read = (await kit.owner.get(readerUrl(p.id))).body.product;
    return { id: p.id as string, ids: read.media.items.map((m: { id: string }) => m.id) as string[] };
  }

  it('puts the media in the order given, the first as the main media, keeping choice media', async () => {
    const { id, ids } = await productWithMedia();
    const [a, b, c] = ids as [string, string, string];
    await kit.owner.patch(`${productUrl(id)}/choices/media`, {
      media: [{ option: 'Color', choice: 'Red', mediaIds: [b] }],
    });
    const res = await kit.owner.post(orderUrl(id), { mediaIds: [c, a, b] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({});
    const read = (await kit.visitor.get(readerUrl(id))).body.product;
    expect(read.media.items.map((m: { id: string }) => m.id)).toEqual([c, a, b]);
    expect(read.media.mainMedia.id).toBe(c);
    const red = read.productOptions[1].choices.find((x: { description: string }) => x.description === 'Red');
    expect(red.media.items.map((m: { id: string }) => m.id)).toEqual([b]);
  });

  it('refuses a list that misses, repeats or invents a media item, naming it, and changes nothing', async () => {
    const { id, ids } = await productWithMedia();
    const [a, b, c] = ids as [string, string, string];
    const before = (await kit.owner.get(readerUrl(id))).body.product;
    expectViolation(await kit.owner.post(orderUrl(id), { mediaIds: [a, b] }), 'mediaIds');
    expectViolation(await kit.owner.post(orderUrl(id), { mediaIds: [a, b, b, c] }), 'mediaIds[2]');
    expectViolation(await kit.owner.post(orderUrl(id), { mediaIds: [a, b, c, 'nope'] }), 'mediaIds[3]');
    expectViolation(await kit.owner.post(orderUrl(id), { mediaIds: [] }), 'mediaIds');
    const after = (await kit.owner.get(readerUrl(id))).body.product;
    expect(after.revision).toBe(before.revision);
    expect(after.media).toEqual(before.media);
  });

  it('answers 404 for an unknown product and refuses callers without catalog:write', async () => {
    expectAppError(
      await kit.owner.post(orderUrl('00000000-0000-7000-8000-000000000000'), { mediaIds: ['x'] }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    const { id, ids } = await productWithMedia();
    const res = await kit.visitor.post(orderUrl(id), { mediaIds: ids.reverse() });
    expect(res.status).toBe(401);
  });
});

describe('the back office list: the whole catalog a page at a time, by cursor', () => {
  const QUERY = '/stores-reader/v1/products/query-platformized';

  it('reads a page, hidden products included, in at most 3 statements at any depth and counts nothing', async () => {
    const brand = unique('Deep');
    for (let i = 0; i < 12; i++) await kit.createProduct({ brand, visible: i % 3 !== 0, priceData: { price: 5 + i } });
    const query = {
      filter: { brand },
      sort: [{ fieldName: 'lastUpdated', order: 'DESC' }],
      cursorPaging: { limit: 4 },
    };
    let res = await kit.owner.getR(QUERY, { query, includeHiddenProducts: true });
    const seen: string[] = res.body.products.map((p: { id: string }) => p.id);
    expect(res.body.metadata.total).toBeUndefined();
    for (let page = 2; page <= 3; page++) {
      const cursor = res.body.metadata.cursors.next as string;
      const statements = await kit.statementsOf(async () => {
        res = await kit.owner.getR(QUERY, {
          query: { cursorPaging: { limit: 4, cursor } },
          includeHiddenProducts: true,
        });
      });
      expect(res.status).toBe(200);
      // The caller's API key, the page and its variants: no count with cursor paging, whatever the depth.
      expect(statements).toBeLessThanOrEqual(3);
      seen.push(...res.body.products.map((p: { id: string }) => p.id));
    }
    expect(new Set(seen).size).toBe(12);
    expect(res.body.metadata.cursors.next ?? null).toBeNull();
  });
});
