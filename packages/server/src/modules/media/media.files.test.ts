import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MediaFile, Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  jpegWithExif,
  type MediaKit,
  pngWithAlpha,
  startMediaKit,
  violationOn,
} from './media-test-kit.js';

/*
 * GET /media/<id> and /media/<id>/v1/… (media.files.ts): the images the @wix/sdk media helpers point at, by the ids
 * product and cart images carry. The helpers themselves are driven in tests/compat/media-images.test.ts.
 */

let kit: MediaKit;
let tall: MediaFile;
let product: Product;
const PUBLIC = 'http://localhost:3000';

beforeAll(async () => {
  kit = await startMediaKit();
  // 2000×1400 stored sideways: shown 1400 wide, 2000 tall, with WebP variants 400 and 1200 wide.
  const res = await kit.upload([{ bytes: await jpegWithExif(), name: 'tall.jpg' }]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  tall = res.body.media[0];
  product = await createProduct();
  await addMedia(product.id, [{ mediaId: tall.id }]);
});
afterAll(async () => {
  await kit.close();
});

async function createProduct(): Promise<Product> {
  const res = await kit.request({
    method: 'POST',
    url: '/stores/v1/products',
    json: { product: { name: `Files test ${randomUUID()}`, priceData: { price: 10 } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.product;
}

async function addMedia(productId: string, media: unknown[]): Promise<void> {
  const res = await kit.request({ method: 'POST', url: `/stores/v1/products/${productId}/media`, json: { media } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const readProduct = async (id: string): Promise<Product> =>
  (await kit.request({ method: 'GET', url: `/stores-reader/v1/products/${id}` })).body.product;

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => kit.request({ method: method as 'GET', url, auth: null });

/** The bytes stored under a `/media/…` URL, read from the folder itself. */
const onDisk = (url: string) => readFileSync(join(kit.server.config.mediaDir, url.replace(/^\/media\//, '')));

const variant = (width: number) => {
  const found = tall.variants.find((v) => v.width === width);
  if (!found) throw new Error(`no variant ${width}`);
  return found.url;
};

function isNotFound(res: Answer) {
  expect(res.status, String(res.body)).toBe(404);
  expect(res.body.details?.applicationError?.code, JSON.stringify(res.body)).toMatch(/NOT_FOUND$/);
}

const idOf = (file: MediaFile) => `library~${file.id}~original.jpg`;
const scaled = (tail: string) => `/media/${idOf(tall)}/v1/${tail}`;

describe('image ids on the wire', () => {
  it('gives a library image an id naming its file, and keeps its url as it was', async () => {
    const read = await readProduct(product.id);
    const main = read.media.mainMedia;
    expect(main?.image).toEqual({ id: idOf(tall), url: `${PUBLIC}${tall.url}`, width: 1400, height: 2000 });
    expect(main?.thumbnail).toEqual({
      id: `library~${tall.id}~w400.webp`,
      url: `${PUBLIC}${variant(400)}`,
      width: 400,
      height: expect.any(Number),
    });
  });

  it('gives an image of an outside URL no id, and its url untouched', async () => {
    const other = await createProduct();
    await addMedia(other.id, [{ url: 'https://cdn.example.com/shop/mug.jpg' }]);
    const image = (await readProduct(other.id)).media.mainMedia?.image;
    expect(image).toEqual({ url: 'https://cdn.example.com/shop/mug.jpg', width: 0, height: 0 });
  });

  it('gives a file of the media folder attached by its path an id of that path', async () => {
    const folder = join(kit.server.config.mediaDir, 'by-hand');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'cup.png'), await pngWithAlpha(40, 30));
    const other = await createProduct();
    await addMedia(other.id, [{ mediaId: 'by-hand/cup.png' }]);
    const image = (await readProduct(other.id)).media.mainMedia?.image;
    expect(image).toEqual({ id: 'by-hand~cup.png', url: `${PUBLIC}/media/by-hand/cup.png`, width: 0, height: 0 });
    const res = await get('/media/by-hand~cup.png');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(res.body, onDisk('/media/by-hand/cup.png'))).toBe(0);
    // Not a library file: it may be written again, so it is cached for a day only; and a scaled form is the file.
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const fill = await get('/media/by-hand~cup.png/v1/fill/w_20,h_20,al_c/cup.png');
    expect(Buffer.compare(fill.body, onDisk('/media/by-hand/cup.png'))).toBe(0);
  });
});

describe('GET /media/<id>', () => {
  it('answers the original, cacheable for good, to anyone', async () => {
    const res = await get(`/media/${idOf(tall)}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(res.body, onDisk(tall.url))).toBe(0);
    // The library's own path answers the same bytes as before.
    const same = await get(tall.url);
    expect(same.status).toBe(200);
    expect(Buffer.compare(same.body, res.body)).toBe(0);
  });

  it('answers a variant by its own id, and HEAD without a body', async () => {
    const res = await get(`/media/library~${tall.id}~w400.webp`);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(Buffer.compare(res.body, onDisk(variant(400)))).toBe(0);
    const head = await get(`/media/${idOf(tall)}`, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(onDisk(tall.url).length);
  });

  it('answers 404 in the envelope for an id with no file', async () => {
    isNotFound(await get(`/media/library~${randomUUID()}~original.jpg`));
    // The right file with another extension is another id.
    isNotFound(await get(`/media/library~${tall.id}~original.png`));
    isNotFound(await get(`/media/library~${tall.id}.jpg`));
    isNotFound(await get(`/media/library~${randomUUID()}~original.jpg/v1/fill/w_10,h_10/x.jpg`));
  });

  it('never serves a file outside the media folder', async () => {
    const root = kit.server.config.mediaDir;
    const secret = join(dirname(root), 'secret.jpg');
    writeFileSync(secret, 'not for you');
    symlinkSync(secret, join(root, 'link.jpg'));
    mkdirSync(join(root, 'linked'), { recursive: true });
    symlinkSync(dirname(root), join(root, 'linked', 'up'));
    for (const url of [
      '/media/..~secret.jpg',
      '/media/%2e%2e~secret.jpg',
      '/media/..%2Fsecret.jpg',
      '/media/%2E%2E%2Fsecret.jpg',
      '/media/library~..~..~secret.jpg',
      '/media/~secret.jpg',
      '/media/.~secret.jpg',
      '/media/link.jpg',
      '/media/linked~up~secret.jpg',
      '/media/linked~up~secret.jpg/v1/fill/w_10,h_10/secret.jpg',
      '/media/..~secret.jpg/v1/fill/w_10,h_10/secret.jpg',
      `/media/${idOf(tall)}/v1/fill/w_10,h_10/..%2F..%2F..%2Fsecret.jpg`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      if (res.status < 400) continue;
      expect(String(Buffer.isBuffer(res.body) ? res.body : JSON.stringify(res.body)), url).not.toContain('not for you');
    }
  });

  it('serves images only: another file of the folder has no image id', async () => {
    writeFileSync(join(kit.server.config.mediaDir, 'by-hand-notes.txt'), 'notes');
    isNotFound(await get('/media/x~by-hand-notes.txt'));
    isNotFound(await get('/media/by-hand-notes~txt.jpg'));
  });
});

describe('GET /media/<id>/v1/…: the scaled forms of the helpers', () => {
  const cases: Array<[string, () => string]> = [
    // Filling 300×300 from a 1400×2000 picture needs 300 wide: the 400 variant covers it.
    ['fill/w_300,h_300,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/tall.jpg', () => variant(400)],
    // Filling 1000×1000 needs 1000 wide.
    ['fill/w_1000,h_1000,al_c,q_80,enc_auto/tall.jpg', () => variant(1200)],
    // Fitting into 1000×1000 shows it 700 wide; into 300×300, 210 wide.
    ['fit/w_1000,h_1000,q_80/tall.jpg', () => variant(1200)],
    ['fit/w_300,h_300/tall.jpg', () => variant(400)],
    // Wider than any variant: the original.
    ['fill/w_1400,h_2000,al_c,q_85,enc_auto/tall.jpg', () => tall.url],
    // A quarter-wide crop shown 200 wide needs 800 of the original's width.
    ['crop/x_0,y_0,w_350,h_500/fill/w_200,h_200,al_c,q_80/tall.jpg', () => variant(1200)],
    [
      'fill/w_100,h_80,al_c,q_55,usm_0.66_1.00_0.01,wm_x,br_-10,blur_2,lg_1,bl,enc_avif,quality_auto/a.jpg',
      () => variant(400),
    ],
  ];
  for (const [tail, expected] of cases) {
    it(`answers the nearest stored size for ${tail}`, async () => {
      const res = await get(scaled(tail));
      expect(res.status, String(res.body)).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Buffer.compare(res.body, onDisk(expected()))).toBe(0);
    });
  }

  it('refuses size parameters it cannot read, naming them', async () => {
    violationOn(await get(scaled('fill/w_abc,h_10/x.jpg')), 'transform[0].w', 'FORMAT');
    violationOn(await get(scaled('fill/w_0,h_10/x.jpg')), 'transform[0].w', 'MIN');
    violationOn(await get(scaled('fill/w_10,h_20001/x.jpg')), 'transform[0].h', 'MAX');
    violationOn(await get(scaled('fill/w_10,h_9999999/x.jpg')), 'transform[0].h', 'FORMAT');
    violationOn(await get(scaled('fill/w_-5,h_10/x.jpg')), 'transform[0].w', 'FORMAT');
    violationOn(await get(scaled('fit/w_10/x.jpg')), 'transform[0].h', 'REQUIRED_FIELD');
    violationOn(await get(scaled('crop/x_-1,y_0,w_10,h_10/x.jpg')), 'transform[0].x', 'FORMAT');
    violationOn(await get(scaled('blur/w_10,h_10/x.jpg')), 'transform[0]', 'INVALID_ENUM_VALUE');
    violationOn(await get(scaled('fill/w_10,,h_10/x.jpg')), 'transform[0].fill', 'FORMAT');
    violationOn(await get(scaled('fill/W_10,h_10/x.jpg')), 'transform[0].fill', 'FORMAT');
    violationOn(await get(scaled('x.jpg')), 'transform', 'FORMAT');
    violationOn(await get(scaled('fill/x.jpg')), 'transform', 'FORMAT');
    violationOn(await get(scaled('fill/w_10,h_10/')), 'transform', 'FORMAT');
    violationOn(await get(scaled(`fill/w_10,h_10/${'a'.repeat(301)}`)), 'fileName', 'FORMAT');
    violationOn(await get(scaled('fill/w_1,h_1/fill/w_1,h_1/fill/w_1,h_1/fill/w_1,h_1/x.jpg')), 'transform', 'FORMAT');
  });
});
