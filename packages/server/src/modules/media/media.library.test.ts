import { randomUUID } from 'node:crypto';
import type { MediaFile, Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMember, signInStaff, visitorToken } from '../../testing.js';
import { jpegWithExif, type MediaKit, pngWithAlpha, startMediaKit, webp } from './media-test-kit.js';

let kit: MediaKit;
beforeAll(async () => {
  kit = await startMediaKit();
});
afterAll(async () => {
  await kit.close();
});

const MEDIA = '/_api/merx/v1/media';

async function uploaded(bytes: Buffer, name: string): Promise<MediaFile> {
  const res = await kit.upload([{ bytes, name }]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.media[0];
}

async function createProduct(input: Record<string, unknown> = {}): Promise<Product> {
  const res = await kit.request({
    method: 'POST',
    url: '/stores/v1/products',
    json: { product: { name: `Media test ${randomUUID()}`, priceData: { price: 10 }, ...input } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.product;
}

const readProduct = async (id: string): Promise<Product> =>
  (await kit.request({ method: 'GET', url: `/stores-reader/v1/products/${id}` })).body.product;

const withColors = {
  productOptions: [
    {
      name: 'Color',
      optionType: 'color',
      choices: [
        { value: '#ff0000', description: 'Red' },
        { value: '#0000ff', description: 'Blue' },
      ],
    },
  ],
};

describe('the media library', () => {
  it('lists uploads newest first, with paging and the total', async () => {
    const a = await uploaded(await webp(10, 10), 'a.webp');
    const b = await uploaded(await webp(11, 11), 'b.webp');
    const c = await uploaded(await webp(12, 12), 'c.webp');
    const first = await kit.request({ method: 'GET', url: `${MEDIA}?limit=2` });
    expect(first.status).toBe(200);
    expect(first.body.media.map((m: MediaFile) => m.id)).toEqual([c.id, b.id]);
    expect(first.body.metadata).toEqual({ count: 2, offset: 0, total: await kit.rows() });
    const second = await kit.request({ method: 'GET', url: `${MEDIA}?limit=2&offset=2` });
    expect(second.body.media[0].id).toBe(a.id);
    expect(second.body.media[0]).toEqual(a);
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'limit=two']) {
      expect((await kit.request({ method: 'GET', url: `${MEDIA}?${bad}` })).status, bad).toBe(400);
    }
  });

  it('gets one file by id, and answers MEDIA_NOT_FOUND for an unknown one', async () => {
    const file = await uploaded(await webp(10, 10), 'one.webp');
    expect((await kit.request({ method: 'GET', url: `${MEDIA}/${file.id}` })).body).toEqual({ media: file });
    const missing = await kit.request({ method: 'GET', url: `${MEDIA}/no-such-id` });
    expect(missing.status).toBe(404);
    expect(missing.body.details.applicationError).toMatchObject({
      code: 'MEDIA_NOT_FOUND',
      data: { mediaId: 'no-such-id' },
    });
  });

  it('attaches an upload to a product by mediaId, with the size it was uploaded at', async () => {
    const file = await uploaded(await jpegWithExif(900, 600), 'turned.jpg');
    const product = await createProduct();
    const res = await kit.request({
      method: 'POST',
      url: `/stores/v1/products/${product.id}/media`,
      json: { id: product.id, media: [{ mediaId: file.id }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const item = (await readProduct(product.id)).media.items[0];
    expect(item?.image).toMatchObject({ url: `http://localhost:3000${file.url}`, width: 600, height: 900 });
  });

  it('attaches an upload to an option choice, through the same id', async () => {
    const file = await uploaded(await pngWithAlpha(300, 300), 'red.png');
    const product = await createProduct(withColors);
    const res = await kit.request({
      method: 'POST',
      url: `/stores/v1/products/${product.id}/media`,
      json: { media: [{ mediaId: file.id, choice: { option: 'Color', choice: 'Red' } }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await readProduct(product.id);
    const red = after.productOptions[0]?.choices.find((c) => c.description === 'Red');
    expect(red?.media?.items.map((m) => [m.image?.url, m.image?.width, m.image?.height])).toEqual([
      [`http://localhost:3000${file.url}`, 300, 300],
    ]);
    // The product's own item can be put on another choice too.
    const itemId = after.media.items[0]!.id;
    const blue = await kit.request({
      method: 'PATCH',
      url: `/stores/v1/products/${product.id}/choices/media`,
      json: { media: [{ option: 'Color', choice: 'Blue', mediaIds: [itemId] }] },
    });
    expect(blue.status).toBe(200);
    const choices = (await readProduct(product.id)).productOptions[0]?.choices;
    expect(choices?.find((c) => c.description === 'Blue')?.media?.items[0]?.image?.url).toBe(
      `http://localhost:3000${file.url}`,
    );
  });

  it('becomes the store logo through the store settings', async () => {
    const file = await uploaded(await pngWithAlpha(200, 80), 'logo.png');
    const res = await kit.request({
      method: 'PATCH',
      url: '/_api/merx/v1/store-settings',
      json: { store: { logoUrl: file.url } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.store.logoUrl).toBe(file.url);
    const page = await kit.server.app.inject({ method: 'GET', url: '/auth/signed-out' });
    expect(page.body).toContain(`src="${file.url}"`);
    const cleared = await kit.request({
      method: 'PATCH',
      url: '/_api/merx/v1/store-settings',
      json: { store: { logoUrl: null } },
    });
    expect(cleared.status).toBe(200);
  });
});

describe('deleting from the media library', () => {
  const remove = (id: string, auth?: string | null) =>
    kit.request({ method: 'DELETE', url: `${MEDIA}/${id}?id=${id}`, auth });

  it('deletes an unused file, its variants and its row', async () => {
    const file = await uploaded(await jpegWithExif(2000, 1400), 'gone.jpg');
    expect(kit.filesOnDisk().filter((f) => f.includes(file.id))).toHaveLength(3);
    const rows = await kit.rows();
    const res = await remove(file.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({});
    expect(kit.filesOnDisk().filter((f) => f.includes(file.id))).toEqual([]);
    expect(await kit.rows()).toBe(rows - 1);
    expect((await kit.server.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    expect((await remove(file.id)).status).toBe(404);
  });

  it('refuses while a product shows it (as media or on a choice), and deletes once it is removed there', async () => {
    const file = await uploaded(await webp(40, 40), 'used.webp');
    const product = await createProduct(withColors);
    await kit.request({
      method: 'POST',
      url: `/stores/v1/products/${product.id}/media`,
      json: { media: [{ mediaId: file.id, choice: { option: 'Color', choice: 'Red' } }] },
    });
    const files = kit.filesOnDisk();
    const refused = await remove(file.id);
    expect(refused.status).toBe(400);
    expect(refused.body.details.applicationError).toMatchObject({
      code: 'MEDIA_IN_USE',
      data: { mediaId: file.id, productIds: [product.id], collectionIds: [], settings: [] },
    });
    expect(kit.filesOnDisk()).toEqual(files);
    expect((await kit.request({ method: 'GET', url: `${MEDIA}/${file.id}` })).status).toBe(200);

    const itemId = (await readProduct(product.id)).media.items[0]!.id;
    await kit.request({
      method: 'POST',
      url: `/stores/v1/products/${product.id}/media/delete`,
      json: { mediaIds: [itemId] },
    });
    expect((await remove(file.id)).status).toBe(200);
  });

  it('refuses while it is the store logo or a collection image', async () => {
    const logo = await uploaded(await webp(40, 40), 'logo.webp');
    await kit.request({ method: 'PATCH', url: '/_api/merx/v1/store-settings', json: { store: { logoUrl: logo.url } } });
    const asLogo = await remove(logo.id);
    expect(asLogo.body.details.applicationError).toMatchObject({ code: 'MEDIA_IN_USE', data: { settings: ['store'] } });
    await kit.request({ method: 'PATCH', url: '/_api/merx/v1/store-settings', json: { store: { logoUrl: null } } });
    expect((await remove(logo.id)).status).toBe(200);

    const cover = await uploaded(await webp(40, 40), 'cover.webp');
    const made = await kit.request({
      method: 'POST',
      url: '/stores/v1/collections',
      json: { collection: { name: `Covered ${randomUUID()}`, media: { mainMedia: { image: { url: cover.url } } } } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const asCover = await remove(cover.id);
    expect(asCover.body.details.applicationError).toMatchObject({
      code: 'MEDIA_IN_USE',
      data: { collectionIds: [made.body.collection.id] },
    });
  });

  it('never leaves a product showing a deleted file when an attach and a deletion race', async () => {
    for (let round = 0; round < 8; round++) {
      const file = await uploaded(await webp(16, 16), `race-${round}.webp`);
      const product = await createProduct();
      const [attach, deletion] = await Promise.all([
        kit.request({
          method: 'POST',
          url: `/stores/v1/products/${product.id}/media`,
          json: { media: [{ mediaId: file.id }] },
        }),
        remove(file.id),
      ]);
      const shown = (await readProduct(product.id)).media.items.length;
      const kept = (await kit.request({ method: 'GET', url: `${MEDIA}/${file.id}` })).status === 200;
      // One of the two wins: the product shows a file the library still has, or the library lost a file nobody shows.
      if (attach.status === 200) {
        expect([deletion.status, shown, kept], `round ${round}`).toEqual([400, 1, true]);
      } else {
        expect([attach.status, deletion.status, shown, kept], `round ${round}`).toEqual([404, 200, 0, false]);
      }
    }
  });

  it('answers MEDIA_NOT_FOUND after a deletion to an attach by the old id', async () => {
    const file = await uploaded(await webp(40, 40), 'late.webp');
    expect((await remove(file.id)).status).toBe(200);
    const product = await createProduct();
    const res = await kit.request({
      method: 'POST',
      url: `/stores/v1/products/${product.id}/media`,
      json: { media: [{ mediaId: file.id }] },
    });
    expect(res.status).toBe(404);
    expect(res.body.details.applicationError.code).toBe('MEDIA_NOT_FOUND');
    expect((await readProduct(product.id)).media.items).toEqual([]);
  });
});

describe('who may use the media library', () => {
  it('refuses visitors (401), members (403) and keys or staff without the permission (403), storing nothing', async () => {
    const files = kit.filesOnDisk();
    const rows = await kit.rows();
    const image = [{ bytes: await webp(10, 10), name: 'x.webp' }];
    const member = await signInMember(kit.server);
    const readOnlyKey = (await kit.server.services.apiKeys.create({ name: 'reader', scopes: ['catalog:read'] })).key;
    const otherKey = (await kit.server.services.apiKeys.create({ name: 'orders', scopes: ['orders:write'] })).key;
    const reader = await signInStaff(kit.server, { role: 'staff', permissions: ['catalog:read'] });
    const expectCode = (
      res: { status: number; body: { details: { applicationError: { code: string } } } },
      s: number,
    ) => {
      expect(res.status).toBe(s);
      expect(res.body.details.applicationError.code).toBe(s === 401 ? 'UNAUTHENTICATED' : 'PERMISSION_DENIED');
    };
    expectCode(await kit.upload(image, null), 401);
    expectCode(await kit.upload(image, await visitorToken(kit.server)), 401);
    expectCode(await kit.upload(image, member.token), 403);
    expectCode(await kit.upload(image, readOnlyKey), 403);
    expectCode(await kit.upload(image, reader.token), 403);
    expectCode(await kit.request({ method: 'GET', url: MEDIA, auth: otherKey }), 403);
    expectCode(await kit.request({ method: 'GET', url: MEDIA, auth: member.token }), 403);
    expect(kit.filesOnDisk()).toEqual(files);
    expect(await kit.rows()).toBe(rows);

    // Reading the library needs catalog:read; deleting, catalog:write.
    expect((await kit.request({ method: 'GET', url: MEDIA, auth: reader.token })).status).toBe(200);
    const file = await uploaded(await webp(10, 10), 'keep.webp');
    expectCode(await kit.request({ method: 'DELETE', url: `${MEDIA}/${file.id}`, auth: readOnlyKey }), 403);
    expect((await kit.request({ method: 'GET', url: `${MEDIA}/${file.id}`, auth: readOnlyKey })).status).toBe(200);
  });
});
