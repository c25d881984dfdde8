import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_VARIANT_ID, type Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, expectViolation, type Kit, sizeAndColor, startKit } from './catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const base = (id: string) => `/stores/v1/products/${id}`;
const read = async (id: string): Promise<Product> =>
  (await kit.owner.get(`/stores-reader/v1/products/${id}`)).body.product;
const choiceMedia = (p: Product, option: string, description: string) =>
  p.productOptions.find((o) => o.name === option)!.choices.find((c) => c.description === description)!.media;

describe('product media', () => {
  it('adds media by url; the first becomes the main media', async () => {
    const p = await kit.createProduct();
    const res = await kit.owner.post(`${base(p.id)}/media`, {
      id: p.id,
      media: [{ url: 'https://example.com/a.jpg' }, { url: 'https://example.com/b.jpg' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const after = await read(p.id);
    expect(after.media.items.map((m) => m.image?.url)).toEqual([
      'https://example.com/a.jpg',
      'https://example.com/b.jpg',
    ]);
    expect(after.media.mainMedia?.id).toBe(after.media.items[0]?.id);
    expect(after.media.items[0]?.mediaType).toBe('image');
  });

  it('adds media for a choice, shown on that choice', async () => {
    const p = await kit.createProduct(sizeAndColor());
    await kit.owner.post(`${base(p.id)}/media`, {
      media: [{ url: 'https://example.com/red.jpg', choice: { option: 'Color', choice: 'Red' } }],
    });
    const after = await read(p.id);
    expect(choiceMedia(after, 'Color', 'Red')?.items.map((m) => m.image?.url)).toEqual(['https://example.com/red.jpg']);
    expect(choiceMedia(after, 'Color', 'Blue')).toBeUndefined();
  });

  it('refuses media for a choice that does not exist and writes nothing', async () => {
    const p = await kit.createProduct(sizeAndColor());
    const res = await kit.owner.post(`${base(p.id)}/media`, {
      media: [{ url: 'https://example.com/x.jpg', choice: { option: 'Color', choice: 'Green' } }],
    });
    expectViolation(res, 'media[0].choice.choice');
    expect((await read(p.id)).media.items).toEqual([]);
  });

  it('answers 404 MEDIA_NOT_FOUND for an unknown mediaId', async () => {
    const p = await kit.createProduct();
    const before = await kit.counts();
    expectAppError(
      await kit.owner.post(`${base(p.id)}/media`, { media: [{ mediaId: 'nope.jpg' }] }),
      404,
      'MEDIA_NOT_FOUND',
    );
    expectAppError(
      await kit.owner.post(`${base(p.id)}/media`, { media: [{ mediaId: '../../etc/passwd' }] }),
      404,
      'MEDIA_NOT_FOUND',
    );
    expect(await kit.counts()).toEqual(before);
  });

  it('adds a file of the media library by mediaId, and refuses folders', async () => {
    const p = await kit.createProduct();
    mkdirSync(join(kit.server.config.mediaDir, 'shop'), { recursive: true });
    writeFileSync(join(kit.server.config.mediaDir, 'shop', 'logo.png'), 'png');
    const res = await kit.owner.post(`${base(p.id)}/media`, { media: [{ mediaId: 'shop/logo.png' }] });
    expect(res.status).toBe(200);
    expect((await read(p.id)).media.items[0]?.image?.url).toBe('http://localhost:3000/media/shop/logo.png');
    for (const mediaId of ['.', 'shop', '/etc/passwd']) {
      expectAppError(await kit.owner.post(`${base(p.id)}/media`, { media: [{ mediaId }] }), 404, 'MEDIA_NOT_FOUND');
    }
  });

  it('refuses an item with both or neither of url and mediaId', async () => {
    const p = await kit.createProduct();
    expectViolation(await kit.owner.post(`${base(p.id)}/media`, { media: [{}] }), 'media[0]');
    expectViolation(
      await kit.owner.post(`${base(p.id)}/media`, { media: [{ url: 'https://example.com/a.jpg', mediaId: 'x' }] }),
      'media[0]',
    );
    expectViolation(
      await kit.owner.post(`${base(p.id)}/media`, { media: [{ url: 'javascript:alert(1)' }] }),
      'media[0].url',
    );
  });

  it('removes chosen media, also from choices', async () => {
    const p = await kit.createProduct(sizeAndColor());
    await kit.owner.post(`${base(p.id)}/media`, {
      media: [
        { url: 'https://example.com/keep.jpg' },
        { url: 'https://example.com/red.jpg', choice: { option: 'Color', choice: 'Red' } },
      ],
    });
    const red = (await read(p.id)).media.items[1]!;
    const res = await kit.owner.post(`${base(p.id)}/media/delete`, { id: p.id, mediaIds: [red.id] });
    expect(res.status).toBe(200);
    const after = await read(p.id);
    expect(after.media.items.map((m) => m.image?.url)).toEqual(['https://example.com/keep.jpg']);
    expect(choiceMedia(after, 'Color', 'Red')).toBeUndefined();
  });

  it('adds and removes media on choices', async () => {
    const p = await kit.createProduct(sizeAndColor());
    await kit.owner.post(`${base(p.id)}/media`, { media: [{ url: 'https://example.com/a.jpg' }] });
    const [item] = (await read(p.id)).media.items;
    const assignment = { media: [{ option: 'Color', choice: 'Blue', mediaIds: [item!.id] }] };
    expect((await kit.owner.patch(`${base(p.id)}/choices/media`, assignment)).status).toBe(200);
    expect(choiceMedia(await read(p.id), 'Color', 'Blue')?.items.map((m) => m.id)).toEqual([item!.id]);
    expect((await kit.owner.post(`${base(p.id)}/choices/media/delete`, assignment)).status).toBe(200);
    expect(choiceMedia(await read(p.id), 'Color', 'Blue')).toBeUndefined();
    expect((await read(p.id)).media.items).toHaveLength(1);
  });

  it('refuses choice media naming a media item the product does not have, or an unknown option', async () => {
    const p = await kit.createProduct(sizeAndColor());
    const unknownMedia = await kit.owner.patch(`${base(p.id)}/choices/media`, {
      media: [{ option: 'Color', choice: 'Blue', mediaIds: ['nope'] }],
    });
    expectViolation(unknownMedia, 'media[0].mediaIds');
    const unknownOption = await kit.owner.patch(`${base(p.id)}/choices/media`, {
      media: [{ option: 'Material', choice: 'Silk', mediaIds: [] }],
    });
    expectViolation(unknownOption, 'media[0].option');
  });
});

describe('options, brand and ribbon', () => {
  it('deletes all options, leaving one all-zero variant that keeps the stock', async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), stock: { trackInventory: true, quantity: 3 } });
    const res = await kit.owner.delete(`${base(p.id)}/options?id=${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const after = await read(p.id);
    expect(after.productOptions).toEqual([]);
    expect(after.variants?.map((v) => v.id)).toEqual([DEFAULT_VARIANT_ID]);
    expect(after.stock).toMatchObject({ trackInventory: true, quantity: 3 });
  });

  it('removes the brand and the ribbon', async () => {
    const p = await kit.createProduct({ brand: 'Acme', ribbon: 'Sale' });
    expect((await kit.owner.post(`${base(p.id)}/remove-brand`, { id: p.id })).status).toBe(200);
    let after = await read(p.id);
    expect(after).not.toHaveProperty('brand');
    expect(after.ribbon).toBe('Sale');
    expect((await kit.owner.post(`${base(p.id)}/remove-ribbon`, { id: p.id })).body).toEqual({});
    after = await read(p.id);
    expect(after).not.toHaveProperty('ribbon');
    expect(after.ribbons).toEqual([]);
  });

  it('answers 404 PRODUCT_NOT_FOUND on every media route for an unknown product', async () => {
    const calls = [
      kit.owner.post(`${base('nope')}/media`, { media: [{ url: 'https://example.com/a.jpg' }] }),
      kit.owner.post(`${base('nope')}/media/delete`, { mediaIds: ['x'] }),
      kit.owner.patch(`${base('nope')}/choices/media`, { media: [{ option: 'a', choice: 'b' }] }),
      kit.owner.post(`${base('nope')}/choices/media/delete`, { media: [{ option: 'a', choice: 'b' }] }),
      kit.owner.delete(`${base('nope')}/options`),
      kit.owner.post(`${base('nope')}/remove-brand`),
      kit.owner.post(`${base('nope')}/remove-ribbon`),
    ];
    for (const res of await Promise.all(calls)) expectAppError(res, 404, 'PRODUCT_NOT_FOUND');
  });
});
