import { eventTypes } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kit, sizeAndColor, startKit } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

/** The v1 events since `since`: the v3 twins of product events are checked on their own below. */
const isV3Product = (type: string) => type.startsWith('wix.stores.catalog.v3.product_');
const eventsSince = async (since: number) => (await kit.eventsSince(since)).filter((e) => !isV3Product(e.type));
const v3Since = async (since: number) => (await kit.eventsSince(since)).filter((e) => isV3Product(e.type));
const types = async (since: number) => (await eventsSince(since)).map((e) => e.type);

describe('catalog events in the outbox', () => {
  it('appends product_created with the product data when a product is created', async () => {
    const since = await kit.lastSeq();
    const p = await kit.createProduct({ sku: 'EV-1' });
    const events = await eventsSince(since);
    expect(events.map((e) => e.type)).toEqual([eventTypes.productCreated]);
    expect(events[0]).toMatchObject({
      entityId: p.id,
      payload: { productId: p.id, name: p.name, sku: 'EV-1', slug: p.slug },
    });
  });

  it('appends product_changed naming the changed fields, and variants_changed when options change', async () => {
    const p = await kit.createProduct();
    const since = await kit.lastSeq();
    await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { name: 'Changed', ...sizeAndColor() } });
    const events = await eventsSince(since);
    expect(events.map((e) => e.type)).toEqual([eventTypes.productChanged, eventTypes.variantsChanged]);
    expect(events[0]?.payload.changedFields).toEqual(expect.arrayContaining(['name', 'productOptions']));
    expect(events[1]!.payload.variants as unknown[]).toHaveLength(6);
  });

  it('appends inventory events when stock changes', async () => {
    const p = await kit.createProduct();
    const since = await kit.lastSeq();
    await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { stock: { trackInventory: true, quantity: 2 } } });
    expect(await types(since)).toEqual([
      eventTypes.productChanged,
      eventTypes.inventoryVariantsChanged,
      eventTypes.inventoryItemChanged,
    ]);
  });

  it('appends product_deleted when a product is deleted', async () => {
    const p = await kit.createProduct();
    const since = await kit.lastSeq();
    await kit.owner.delete(`/stores/v1/products/${p.id}`);
    const events = await eventsSince(since);
    expect(events).toEqual([{ type: eventTypes.productDeleted, entityId: p.id, payload: { productId: p.id } }]);
  });

  it('appends variants_changed for variant overrides and resets', async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), manageVariants: true });
    const since = await kit.lastSeq();
    await kit.owner.patch(`/stores/v1/products/${p.id}/variants`, { variants: [{ choices: { Size: 'S' }, price: 3 }] });
    const [changed] = await eventsSince(since);
    expect(changed?.type).toBe(eventTypes.variantsChanged);
    expect((changed!.payload.variants as Array<{ changedFields: string[] }>).map((v) => v.changedFields)).toEqual([
      ['price'],
      ['price'],
    ]);
    const beforeReset = await kit.lastSeq();
    await kit.owner.post(`/stores/v1/products/${p.id}/variants/resetToDefault`);
    expect(await types(beforeReset)).toEqual([eventTypes.variantsChanged]);
  });

  it('appends product_changed for media, brand and ribbon changes', async () => {
    const p = await kit.createProduct({ brand: 'B', ribbon: 'R' });
    const since = await kit.lastSeq();
    await kit.owner.post(`/stores/v1/products/${p.id}/media`, { media: [{ url: 'https://example.com/a.jpg' }] });
    await kit.owner.post(`/stores/v1/products/${p.id}/remove-brand`);
    await kit.owner.post(`/stores/v1/products/${p.id}/remove-ribbon`);
    const events = await eventsSince(since);
    expect(events.map((e) => e.payload.changedFields)).toEqual([['media'], ['brand'], ['ribbon']]);
  });

  it('appends product_changed and variants_changed when options are deleted', async () => {
    const p = await kit.createProduct(sizeAndColor());
    const since = await kit.lastSeq();
    await kit.owner.delete(`/stores/v1/products/${p.id}/options`);
    expect(await types(since)).toEqual([eventTypes.productChanged, eventTypes.variantsChanged]);
  });

  it('appends one product_changed per product of a bulk change, and none for failed items', async () => {
    const [a, b] = [await kit.createProduct(), await kit.createProduct()];
    const since = await kit.lastSeq();
    await kit.owner.post('/stores/v1/bulk/products/update', { ids: [a.id, 'missing', b.id], set: { weight: 1 } });
    const events = await eventsSince(since);
    expect(events.map((e) => [e.type, e.entityId])).toEqual([
      [eventTypes.productChanged, a.id],
      [eventTypes.productChanged, b.id],
    ]);
  });

  it('appends collection events, and product_changed for the products moved in or out', async () => {
    const p = await kit.createProduct();
    const since = await kit.lastSeq();
    const c = await kit.createCollection();
    await kit.owner.patch(`/stores/v1/collections/${c.id}`, { collection: { name: 'Renamed' } });
    await kit.owner.post(`/stores/v1/collections/${c.id}/productIds`, { productIds: [p.id] });
    await kit.owner.post(`/stores/v1/collections/${c.id}/productIds/delete`, { productIds: [p.id] });
    await kit.owner.delete(`/stores/v1/collections/${c.id}`);
    const events = await eventsSince(since);
    expect(events.map((e) => [e.type, e.entityId])).toEqual([
      [eventTypes.collectionCreated, c.id],
      [eventTypes.collectionChanged, c.id],
      [eventTypes.collectionChanged, c.id],
      [eventTypes.productChanged, p.id],
      [eventTypes.collectionChanged, c.id],
      [eventTypes.productChanged, p.id],
      [eventTypes.collectionDeleted, c.id],
    ]);
  });

  it('writes no event for a failed request', async () => {
    const p = await kit.createProduct({ priceData: { price: 5 } });
    const since = await kit.lastSeq();
    await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { discount: { type: 'AMOUNT', value: 50 } } });
    await kit.owner.patch(`/stores/v1/products/${p.id}/variants`, { variants: [{ price: 1 }] });
    await kit.owner.post('/stores/v1/products', { product: { name: 'x', priceData: { price: -1 } } });
    await kit.owner.delete('/stores/v1/products/missing');
    await kit.visitor.post('/stores/v1/products', { product: { name: 'x', priceData: { price: 1 } } });
    await kit.owner.post(`/stores/v1/products/${p.id}/media`, { media: [{ mediaId: 'missing.png' }] });
    expect(await eventsSince(since)).toEqual([]);
  });

  it('adds no collection event when the products were already in it', async () => {
    const p = await kit.createProduct();
    const c = await kit.createCollection();
    await kit.owner.post(`/stores/v1/collections/${c.id}/productIds`, { productIds: [p.id] });
    const since = await kit.lastSeq();
    await kit.owner.post(`/stores/v1/collections/${c.id}/productIds`, { productIds: [p.id] });
    expect(await eventsSince(since)).toEqual([]);
  });
  it('appends the v3 twins of product events, with the entity and who made the change', async () => {
    let since = await kit.lastSeq();
    const p = await kit.createProduct({ sku: 'EV-3' });
    expect(await v3Since(since)).toEqual([
      {
        type: eventTypes.productV3Created,
        entityId: p.id,
        payload: expect.objectContaining({
          entity: expect.objectContaining({ id: p.id, name: p.name, revision: '1' }),
          identity: expect.objectContaining({ identityType: 'APP' }),
        }),
      },
    ]);
    since = await kit.lastSeq();
    await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { name: 'Twin', ...sizeAndColor() } });
    const [updated] = await v3Since(since);
    expect(updated?.type).toBe(eventTypes.productV3Updated);
    const modified = updated?.payload.modifiedFields as Record<string, unknown>;
    expect(modified.name).toBe('Twin');
    expect(Object.keys(modified)).toEqual(expect.arrayContaining(['name', 'options', 'variantsInfo']));
    since = await kit.lastSeq();
    await kit.owner.delete(`/stores/v1/products/${p.id}`);
    expect((await v3Since(since)).map((e) => [e.type, e.entityId])).toEqual([[eventTypes.productV3Deleted, p.id]]);
  });

  it('appends product_updated for every write path that changes what v3 shows, and none for a no-op', async () => {
    const p = await kit.createProduct({ manageVariants: true, ...sizeAndColor() });
    const since = await kit.lastSeq();
    await kit.owner.post(`/stores/v1/products/${p.id}/media`, { media: [{ url: 'https://example.com/v3.jpg' }] });
    await kit.owner.patch(`/stores/v1/products/${p.id}/variants`, {
      variants: [{ choices: { Size: 'S' }, sku: 'V3-S' }],
    });
    const bulk = await kit.owner.post('/stores/v1/bulk/products/update', {
      ids: [p.id],
      set: { ribbon: 'Twin ribbon' },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    const withMedia = (await kit.owner.get(`/stores-reader/v1/products/${p.id}`)).body.product;
    await kit.owner.post(`/stores/v1/products/${p.id}/media`, { media: [{ url: 'https://example.com/v3b.jpg' }] });
    const ids = (await kit.owner.get(`/stores-reader/v1/products/${p.id}`)).body.product.media.items.map(
      (m: { id: string }) => m.id,
    );
    expect(ids.length).toBeGreaterThan(withMedia.media.items.length);
    const beforeOrder = await kit.lastSeq();
    const order = await kit.owner.post(`/_api/merx/v1/products/${p.id}/media/order`, { mediaIds: [...ids].reverse() });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect((await v3Since(beforeOrder)).map((e) => Object.keys(e.payload.modifiedFields as object))).toEqual([
      expect.arrayContaining(['media']),
    ]);
    const events = await v3Since(since);
    console.log(
      JSON.stringify(events.map((e) => [Object.keys(e.payload.modifiedFields as object), e.payload.identity])),
    );
    const modified = events.map((e) => Object.keys(e.payload.modifiedFields as object));
    expect(modified.length).toBeGreaterThanOrEqual(4);
    expect(modified[0]).toContain('media');
    expect(modified[1]).toContain('variantsInfo');
    expect(modified.at(-1)).toContain('media');
    // Every write path says who made the change: here the owner's API key.
    for (const e of events) expect(e.payload.identity).toMatchObject({ identityType: 'APP' });
    const quiet = await kit.lastSeq();
    await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { name: p.name } });
    expect((await v3Since(quiet)).filter((e) => e.type === eventTypes.productV3Updated)).toEqual([]);
  });
});
