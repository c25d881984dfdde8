import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaFile } from '@merx/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedGif, avif, jpegWithExif, type MediaKit, pngWithAlpha, startMediaKit, webp } from './media-test-kit.js';

let kit: MediaKit;
beforeAll(async () => {
  kit = await startMediaKit();
});
afterAll(async () => {
  await kit.close();
});

/** The bytes the store serves at `url`, with the answer's headers. */
async function fetchFile(url: string) {
  const res = await kit.server.app.inject({ method: 'GET', url });
  return { status: res.statusCode, bytes: res.rawPayload, headers: res.headers };
}

async function uploadOne(bytes: Buffer, name: string, type?: string): Promise<MediaFile> {
  const res = await kit.upload([{ bytes, name, ...(type ? { type } : {}) }]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.media).toHaveLength(1);
  return res.body.media[0];
}

describe('uploading images to the media library', () => {
  it('turns a JPEG by its EXIF orientation, strips its metadata and records the size it is shown at', async () => {
    const sent = await jpegWithExif(2000, 1400);
    expect(await sharp(sent).metadata()).toMatchObject({ width: 2000, height: 1400, orientation: 6 });
    expect((await sharp(sent).metadata()).exif).toBeDefined();
    const file = await uploadOne(sent, 'sideways.jpg', 'image/jpeg');
    expect(file).toMatchObject({ fileName: 'sideways.jpg', mimeType: 'image/jpeg', width: 1400, height: 2000 });
    expect(file.url).toMatch(new RegExp(`^/media/library/${file.id}/original\\.jpg$`));
    const stored = await fetchFile(file.url);
    expect(stored.status).toBe(200);
    expect(stored.bytes.length).toBe(file.sizeBytes);
    const meta = await sharp(stored.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1400, height: 2000 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('makes 400 and 1200 pixel wide WebP variants of a large image, in proportion', async () => {
    const file = await uploadOne(await jpegWithExif(2000, 1400), 'big.jpg');
    expect(file.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 571],
      [1200, 1714],
    ]);
    for (const v of file.variants) {
      expect(v.url).toBe(`/media/library/${file.id}/w${v.width}.webp`);
      const served = await fetchFile(v.url);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'webp', width: v.width, height: v.height });
    }
  });

  it('keeps the alpha channel of a PNG, in the original and in its variant', async () => {
    const file = await uploadOne(await pngWithAlpha(800, 600), 'alpha.png');
    expect(file).toMatchObject({ mimeType: 'image/png', width: 800, height: 600 });
    expect(file.variants.map((v) => v.width)).toEqual([400]);
    expect((await sharp((await fetchFile(file.url)).bytes).metadata()).hasAlpha).toBe(true);
    expect((await sharp((await fetchFile(file.variants[0]!.url)).bytes).metadata()).hasAlpha).toBe(true);
  });

  it('makes no variant wider than the image itself', async () => {
    const file = await uploadOne(await webp(300, 200), 'small.webp');
    expect(file).toMatchObject({ mimeType: 'image/webp', width: 300, height: 200, variants: [] });
  });

  it('keeps every frame of an animated GIF, in the original and in its WebP variant', async () => {
    const file = await uploadOne(await animatedGif(500, 300, 3), 'spin.gif');
    expect(file).toMatchObject({ mimeType: 'image/gif', width: 500, height: 300 });
    const original = await sharp((await fetchFile(file.url)).bytes, { animated: true }).metadata();
    expect(original).toMatchObject({ format: 'gif', pages: 3, pageHeight: 300 });
    const variant = await sharp((await fetchFile(file.variants[0]!.url)).bytes, { animated: true }).metadata();
    expect(variant).toMatchObject({ format: 'webp', pages: 3, width: 400, pageHeight: 240 });
    expect(file.variants[0]).toMatchObject({ width: 400, height: 240 });
  });

  it('takes AVIF', async () => {
    const file = await uploadOne(await avif(640, 480), 'photo.avif');
    expect(file).toMatchObject({ mimeType: 'image/avif', width: 640, height: 480 });
    expect(file.url.endsWith('/original.avif')).toBe(true);
    expect((await fetchFile(file.url)).headers['content-type']).toBe('image/avif');
  });

  it('types a file by its bytes, whatever its name and declared type say', async () => {
    const file = await uploadOne(await pngWithAlpha(64, 64), 'holiday.jpg', 'image/jpeg');
    expect(file).toMatchObject({ fileName: 'holiday.jpg', mimeType: 'image/png' });
    expect(file.url.endsWith('/original.png')).toBe(true);
    expect((await fetchFile(file.url)).headers['content-type']).toBe('image/png');
  });

  it('keeps only the last part of a file name, without control characters', async () => {
    const file = await uploadOne(await webp(10, 10), '../../etc/pass\u0007wd.webp');
    expect(file.fileName).toBe('passwd.webp');
    const stored = readdirUnder(file.id);
    expect(stored).toEqual([`library/${file.id}/original.webp`]);
  });

  it('takes several files in one request, answering them in the order sent', async () => {
    const before = await kit.rows();
    const res = await kit.upload([
      { bytes: await jpegWithExif(600, 400), name: 'one.jpg' },
      { bytes: await pngWithAlpha(100, 100), name: 'two.png' },
      { bytes: await webp(50, 40), name: 'three.webp' },
      { bytes: await animatedGif(40, 30, 2), name: 'four.gif' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const media = res.body.media as MediaFile[];
    expect(media.map((m) => [m.fileName, m.mimeType, m.width, m.height])).toEqual([
      ['one.jpg', 'image/jpeg', 400, 600],
      ['two.png', 'image/png', 100, 100],
      ['three.webp', 'image/webp', 50, 40],
      ['four.gif', 'image/gif', 40, 30],
    ]);
    expect(new Set(media.map((m) => m.id)).size).toBe(4);
    expect(await kit.rows()).toBe(before + 4);
  });

  it('takes a burst of uploads at once, encoding them in turn, each stored whole', async () => {
    const before = await kit.rows();
    const images = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => jpegWithExif(500 + i * 10, 600)));
    const answers = await Promise.all(images.map((bytes, i) => kit.upload([{ bytes, name: `burst-${i}.jpg` }])));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.media[0].height)).toEqual([510, 520, 530, 540, 550, 560]);
    expect(await kit.rows()).toBe(before + 6);
    for (const a of answers) expect(readdirUnder(a.body.media[0].id)).toHaveLength(2);
  });

  it('serves the files with their type, a year of immutable caching and no way to run as a page', async () => {
    const file = await uploadOne(await jpegWithExif(500, 500), 'cache.jpg');
    for (const url of [file.url, ...file.variants.map((v) => v.url)]) {
      const served = await fetchFile(url);
      expect(served.status).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'");
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await fetchFile(file.url)).headers['content-type']).toBe('image/jpeg');
    const onDisk = readFileSync(join(kit.server.config.mediaDir, file.url.replace(/^\/media\//, '')));
    expect(onDisk.length).toBe(file.sizeBytes);
  });

  it('lets staff holding catalog:write upload', async () => {
    const { signInStaff } = await import('../../testing.js');
    const staff = await signInStaff(kit.server, { role: 'staff', permissions: ['catalog:write'] });
    const res = await kit.upload([{ bytes: await webp(20, 20), name: 'staff.webp' }], staff.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

function readdirUnder(id: string): string[] {
  return kit.filesOnDisk().filter((f) => f.startsWith(`library/${id}/`));
}
