import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaKit, startMediaKit, violationOn } from './media-test-kit.js';

/** Real recordings of a 64×48 canvas made by Chromium's MediaRecorder (media.video.test.ts). */
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
const MP4 = fixture('tiny.mp4');
const WEBM = fixture('tiny.webm');

let kit: MediaKit;
beforeAll(async () => {
  kit = await startMediaKit();
});
afterAll(async () => {
  await kit.close();
});

const posterJpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#d35400' } })
    .jpeg()
    .toBuffer();
const idOf = (url: string) => url.slice('/media/'.length).split('/').join('~');

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await kit.server.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, body: res.body };
}

describe('uploading videos', () => {
  it('types an MP4 and a WebM from their bytes, with size, length and the poster sent with it', async () => {
    const res = await kit.upload([
      { bytes: MP4, name: 'clip.bin', type: 'application/octet-stream' },
      { bytes: await posterJpeg(), name: 'still.jpg', field: 'poster' },
      { bytes: WEBM, name: 'loop.webm' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [mp4, webm] = res.body.media;
    expect(mp4).toMatchObject({
      mediaType: 'video',
      mimeType: 'video/mp4',
      width: 64,
      height: 48,
      fileName: 'clip.bin',
    });
    expect(mp4.url).toBe(`/media/library/${mp4.id}/original.mp4`);
    expect(mp4.durationSeconds).toBeGreaterThan(0.5);
    expect(mp4.poster).toEqual({ url: `/media/library/${mp4.id}/poster.jpg`, width: 640, height: 480 });
    expect(mp4.variants.map((v: { url: string }) => v.url)).toEqual([`/media/library/${mp4.id}/poster-w400.webp`]);
    expect(mp4.sizeBytes).toBe(MP4.length);
    expect(webm).toMatchObject({ mediaType: 'video', mimeType: 'video/webm', width: 64, height: 48, variants: [] });
    expect(webm.poster).toBeUndefined();
    const stored = await get(mp4.url);
    expect(Buffer.compare(stored.bytes, MP4)).toBe(0);
    expect(stored.headers['content-type']).toBe('video/mp4');
    expect((await kit.request({ method: 'GET', url: `/_api/merx/v1/media/${mp4.id}` })).body.media).toEqual(mp4);
  });

  it('refuses a text file named .mp4, a truncated video and a poster without its video, storing nothing', async () => {
    const before = { files: kit.filesOnDisk(), rows: await kit.rows() };
    const text = await kit.upload([{ bytes: Buffer.from('not a video at all'), name: 'clip.mp4', type: 'video/mp4' }]);
    expect(violationOn(text, 'file[0]', 'FORMAT').description).toMatch(/MP4, MOV and WebM videos/);
    const cut = await kit.upload([{ bytes: MP4.subarray(0, 300), name: 'cut.mp4' }]);
    expect(violationOn(cut, 'file[0]', 'FORMAT').description).toMatch(/corrupt or truncated/);
    const orphan = await kit.upload([{ bytes: await posterJpeg(), name: 'still.jpg', field: 'poster' }]);
    violationOn(orphan, 'file[-1].poster', 'VALIDATION');
    const image = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const posterOfImage = await kit.upload([
      { bytes: image, name: 'a.png' },
      { bytes: image, name: 'b.png', field: 'poster' },
    ]);
    violationOn(posterOfImage, 'file[0].poster', 'VALIDATION');
    const badPoster = await kit.upload([
      { bytes: MP4, name: 'clip.mp4' },
      { bytes: Buffer.from('<svg/>'), name: 'p.svg', field: 'poster' },
    ]);
    violationOn(badPoster, 'file[0].poster', 'FORMAT');
    expect({ files: kit.filesOnDisk(), rows: await kit.rows() }).toEqual(before);
  });
});

describe('serving videos with byte ranges', () => {
  it('answers ranges at the id and at the library path, and 416 past the end', async () => {
    const [file] = (await kit.upload([{ bytes: MP4, name: 'clip.mp4' }])).body.media;
    for (const url of [`/media/${idOf(file.url)}`, file.url]) {
      const whole = await get(url);
      expect(whole.status, url).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-type']).toBe('video/mp4');
      const part = await get(url, { range: 'bytes=4-11' });
      expect(part.status, url).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 4-11/${MP4.length}`);
      expect(part.bytes.toString('latin1')).toBe('ftypisom');
      const tail = await get(url, { range: 'bytes=-10' });
      expect(Buffer.compare(tail.bytes, MP4.subarray(MP4.length - 10))).toBe(0);
      const past = await get(url, { range: `bytes=${MP4.length}-` });
      expect(past.status, url).toBe(416);
      // The library path's static route answers its 416 in the error envelope; the id route says the size.
      if (url.startsWith('/media/library~')) expect(past.headers['content-range']).toBe(`bytes */${MP4.length}`);
    }
    const backwards = await get(`/media/${idOf(file.url)}`, { range: 'bytes=9-3' });
    expect(backwards.status).toBe(416);
    const several = await get(`/media/${idOf(file.url)}`, { range: 'bytes=0-1,4-5' });
    expect(several.status).toBe(200);
  });

  it('refuses the scaled forms of a video, serves its poster by its own id, and refuses climbing out', async () => {
    const [file] = (
      await kit.upload([
        { bytes: MP4, name: 'clip.mp4' },
        { bytes: await posterJpeg(), name: 'still.jpg', field: 'poster' },
      ])
    ).body.media;
    const scaled = await kit.request({ method: 'GET', url: `/media/${idOf(file.url)}/v1/fill/w_100,h_100/a.jpg` });
    expect(violationOn(scaled, 'id').description).toMatch(/is a video/);
    const poster = await get(`/media/${idOf(file.poster.url)}/v1/fill/w_100,h_100/a.jpg`);
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
    for (const url of ['/media/..~..~etc~passwd.mp4', '/media/library~..~..~x.mp4', '/media/%2e%2e~x.webm']) {
      expect((await kit.request({ method: 'GET', url })).status, url).toBe(404);
    }
  });
});

describe('a video on a product', () => {
  it('reads as a video in v1 and v3, with its poster as the thumbnail, else the first image', async () => {
    const [video, bare, photo] = (
      await kit.upload([
        { bytes: MP4, name: 'clip.mp4' },
        { bytes: await posterJpeg(), name: 'still.jpg', field: 'poster' },
        { bytes: WEBM, name: 'loop.webm' },
        { bytes: await posterJpeg(), name: 'photo.jpg' },
      ])
    ).body.media;
    const created = await kit.request({
      method: 'POST',
      url: '/stores/v1/products',
      json: { product: { name: 'Filmed lamp', priceData: { price: 10 } } },
    });
    const productId = created.body.product.id;
    const added = await kit.request({
      method: 'POST',
      url: `/stores/v1/products/${productId}/media`,
      json: { media: [{ mediaId: video.id }, { mediaId: bare.id }, { mediaId: photo.id }] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const v1 = (await kit.request({ method: 'GET', url: `/stores-reader/v1/products/${productId}` })).body.product;
    const publicUrl = kit.server.config.publicUrl;
    const [first, second, third] = v1.media.items;
    expect(first).toMatchObject({
      mediaType: 'video',
      video: {
        files: [
          {
            id: idOf(video.url),
            url: `${publicUrl}${video.url}`,
            width: 64,
            height: 48,
            format: 'mp4',
          },
        ],
        stillFrameMediaId: idOf(video.poster.url),
      },
      thumbnail: { id: `library~${video.id}~poster-w400.webp`, width: 400, height: 300 },
    });
    expect(first.image).toBeUndefined();
    expect(v1.media.mainMedia.mediaType).toBe('video');
    // No poster: the product's first image stands in.
    expect(second.video.stillFrameMediaId).toBeUndefined();
    expect(second.video.files[0].format).toBe('webm');
    expect(second.thumbnail.url).toBe(third.thumbnail.url);

    const v3 = (
      await kit.request({
        method: 'GET',
        url: `/stores/v3/products/${productId}?fields=MEDIA_ITEMS_INFO&fields=THUMBNAIL`,
      })
    ).body.product;
    const [v3video, v3bare] = v3.media.itemsInfo.items;
    expect(v3video).toMatchObject({
      mediaType: 'VIDEO',
      url: `${publicUrl}${video.url}`,
      video: {
        id: idOf(video.url),
        resolutions: [{ url: `${publicUrl}${video.url}`, width: 64, height: 48, format: 'mp4' }],
        posters: [{ id: idOf(video.poster.url), width: 640, height: 480 }],
      },
      thumbnail: { width: 400, height: 300 },
    });
    expect(v3video.image).toBeUndefined();
    expect(v3.media.main.mediaType).toBe('VIDEO');
    expect(v3bare.video.posters).toEqual([]);
    expect(v3bare.thumbnail.url).toBe(`${publicUrl}${photo.variants[0].url}`);

    // Attached through a v3 write by id: stored as a video with its size and poster.
    const written = await kit.request({
      method: 'POST',
      url: '/stores/v3/products',
      json: {
        product: {
          name: 'Filmed v3 lamp',
          productType: 'PHYSICAL',
          media: { itemsInfo: { items: [{ id: video.id }] } },
          variantsInfo: { variants: [{ choices: [], price: { actualPrice: { amount: '5' } } }] },
        },
        fields: ['MEDIA_ITEMS_INFO'],
      },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.product.media.main).toMatchObject({
      mediaType: 'VIDEO',
      video: { id: idOf(video.url), resolutions: [{ width: 64, height: 48 }] },
    });
    // The library keeps a video a product shows.
    expect((await kit.request({ method: 'DELETE', url: `/_api/merx/v1/media/${video.id}` })).status).toBe(400);
  });
});
