/**
 * A product video read through the real `@wix/stores` packages (decision 0031): v1 products keep the REST media item
 * (`video.files`, `stillFrameMediaId`, the poster as `thumbnail`); v3 turns `video` into a `wix:video://v1/…` string
 * that the `@wix/sdk` media helpers read, its poster a `wix:image://` the store serves from `/media/<id>`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { media } from '@wix/sdk';
import { products, productsV3 } from '@wix/stores';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { compatSuite } from './wix-client.js';

const h = compatSuite({ modules: { products, productsV3 } });
const fixtures = join(import.meta.dirname, '../../packages/server/src/modules/media/fixtures');
const MP4 = readFileSync(join(fixtures, 'tiny.mp4'));

interface Uploaded {
  id: string;
  url: string;
  poster: { url: string; width: number; height: number };
}
let video: Uploaded;
let productId: string;
const idOf = (url: string) => url.slice('/media/'.length).split('/').join('~');

beforeAll(async () => {
  const { server } = h;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(MP4)]), 'clip.mp4');
  const poster = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e86de' } })
    .jpeg()
    .toBuffer();
  form.append('poster', new Blob([new Uint8Array(poster)]), 'still.jpg');
  const res = await fetch(`${server.baseUrl}/_api/merx/v1/media`, {
    method: 'POST',
    headers: { authorization: server.apiKey },
    body: form,
  });
  const body = (await res.json()) as { media: Uploaded[] };
  expect(res.status, JSON.stringify(body)).toBe(200);
  video = body.media[0] as Uploaded;
  productId = (await server.services.products.create({ name: 'Filmed lamp', priceData: { price: 30 } })).id as string;
  const added = await fetch(`${server.baseUrl}/stores/v1/products/${productId}/media`, {
    method: 'POST',
    headers: { authorization: server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ media: [{ mediaId: video.id }] }),
  });
  expect(added.status, await added.text()).toBe(200);
});

describe('a product video through @wix/stores', () => {
  it('reads as a v1 video item with its file, poster id and thumbnail', async () => {
    const { product } = await h.anon.products.getProduct(productId);
    const item = product?.media?.mainMedia;
    expect(item?.mediaType).toBe('video');
    const file = item?.video?.files?.[0];
    expect(file).toMatchObject({
      url: `${h.server.config.publicUrl}${video.url}`,
      width: 64,
      height: 48,
      format: 'mp4',
    });
    expect(item?.video?.stillFrameMediaId).toBe(idOf(video.poster.url));
    expect(item?.thumbnail?.url).toMatch(/poster-w400\.webp$/);
    // The store's public URL is not this test server's address: the same path is fetched from it.
    const path = String(file?.url).slice(h.server.config.publicUrl.length);
    const played = await fetch(`${h.server.baseUrl}${path}`, { headers: { range: 'bytes=0-99' } });
    expect(played.status).toBe(206);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    expect((await played.arrayBuffer()).byteLength).toBe(100);
  });

  it('reads as a v3 wix:video string the media helpers take, its poster served by the store', async () => {
    const p = await h.anon.productsV3.getProduct(productId, { fields: ['MEDIA_ITEMS_INFO'] });
    const main = p.media?.main;
    expect(main?.mediaType).toBe('VIDEO');
    const uri = main?.video as string;
    expect(uri).toBe(
      `wix:video://v1/${idOf(video.url)}#posterUri=${idOf(video.poster.url)}&posterWidth=640&posterHeight=480`,
    );
    const read = media.getVideoUrl(uri);
    expect(read.id).toBe(idOf(video.url));
    const poster = media.getImageUrl(read.thumbnail);
    expect(poster).toMatchObject({ id: idOf(video.poster.url), width: 640, height: 480 });
    // A shop that sends static.wixstatic.com to the store gets the poster and, by the video's id, the video.
    for (const [id, type] of [
      [poster.id, 'image/jpeg'],
      [read.id, 'video/mp4'],
    ] as const) {
      const res = await fetch(`${h.server.baseUrl}/media/${id}`);
      expect(res.status, id).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      await res.arrayBuffer();
    }
  });
});
