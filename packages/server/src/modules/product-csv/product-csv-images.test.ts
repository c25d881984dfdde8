import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing.js';
import { createImageChecker } from './product-csv.images.js';
import { HEADER, importCsv, productBySlug, row, startImageHost } from './product-csv-test-kit.js';

let server: TestServer;
let host: Awaited<ReturnType<typeof startImageHost>>;

beforeAll(async () => {
  [server, host] = await Promise.all([startTestServer(), startImageHost()]);
});
afterAll(async () => {
  await Promise.all([server?.close(), host?.close()]);
});

describe('image URLs of an import', () => {
  it('that cannot be fetched or are not images are reported on their rows; the products are imported without them', async () => {
    const image = (handle: string, src: string, position: string) =>
      row({ Handle: handle, 'Image Src': src, 'Image Position': position });
    const csv = [
      HEADER,
      row({
        Handle: 'pictured',
        Title: 'Pictured',
        'Variant Price': '9',
        'Image Src': `${host.base}/files/good.jpg`,
        'Image Position': '1',
      }), // 2
      image('pictured', `${host.base}/missing.jpg`, '2'), // 3
      image('pictured', `${host.base}/page.html`, '3'), // 4
      image('pictured', `${host.base}/slow.jpg`, '4'), // 5
      image('pictured', `${host.base}/no-head.jpg`, '5'), // 6
      image('pictured', 'ftp://files.example/a.jpg', '6'), // 7
      image('pictured', 'not a url', '7'), // 8
      image('pictured', `${host.base}/files/good.jpg`, '8'), // 9: the same image again
      row({ Handle: 'also-missing', Title: 'Also', 'Variant Price': '9', 'Image Src': `${host.base}/missing.jpg` }), // 10
    ].join('\n');
    const started = Date.now();
    const job = await importCsv(server, csv, server.apiKey);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(job).toMatchObject({ status: 'DONE', productsCreated: 2, productsFailed: 0 });
    expect(job.errors.map((e) => [e.line, e.column, e.severity, e.message])).toEqual([
      [3, 'Image Src', 'WARNING', 'could not be fetched (HTTP 404): the image was left out'],
      [4, 'Image Src', 'WARNING', 'is not an image (text/html): the image was left out'],
      [5, 'Image Src', 'WARNING', 'did not answer in time: the image was left out'],
      [7, 'Image Src', 'WARNING', '"ftp://files.example/a.jpg" is not an http(s) URL: the image was left out'],
      [8, 'Image Src', 'WARNING', '"not a url" is not a URL: the image was left out'],
      [10, 'Image Src', 'WARNING', 'could not be fetched (HTTP 404): the image was left out'],
    ]);
    const p = await productBySlug(server, server.apiKey, 'pictured');
    expect(p.media.items.map((m: { image: { url: string } }) => m.image.url)).toEqual([
      `${host.base}/files/good.jpg`,
      `${host.base}/no-head.jpg`,
    ]);
    // Each URL is checked once per import, whatever the number of rows naming it.
    expect(host.hits.get('/missing.jpg')).toBe(1);
    expect(host.hits.get('/files/good.jpg')).toBe(1);
  });

  it('adds no image twice when the file is imported again', async () => {
    const csv = [
      HEADER,
      row({ Handle: 'twice', Title: 'Twice', 'Variant Price': '9', 'Image Src': `${host.base}/files/twice.jpg` }),
    ].join('\n');
    await importCsv(server, csv, server.apiKey);
    const again = await importCsv(server, csv.replace('Twice,', 'Twice again,'), server.apiKey);
    expect(again.productsUpdated).toBe(1);
    const p = await productBySlug(server, server.apiKey, 'twice');
    expect(p.name).toBe('Twice again');
    expect(p.media.items).toHaveLength(1);
  });
});

describe('the image check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'merx-media-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const checker = (allowPrivate: boolean) =>
    createImageChecker({
      allowPrivate,
      timeoutMs: 1000,
      concurrency: 2,
      publicUrl: 'https://shop.example',
      mediaDir: dir,
    });

  it('refuses loopback and private addresses unless the store allows them, without connecting', async () => {
    const before = host.hits.get('/files/private.jpg') ?? 0;
    const port = new URL(host.base).port;
    for (const url of [
      `${host.base}/files/private.jpg`,
      `http://localhost:${port}/files/private.jpg`,
      `http://[::1]:${port}/files/private.jpg`,
      'http://10.1.2.3/files/private.jpg',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:127.0.0.1]/x.jpg',
    ]) {
      const result = await checker(false).check(url);
      expect(result, url).toEqual({ ok: false, message: expect.stringContaining('private or local network') });
    }
    expect(host.hits.get('/files/private.jpg') ?? 0).toBe(before);
    expect(await checker(true).check(`${host.base}/files/private.jpg`)).toEqual({
      ok: true,
      url: `${host.base}/files/private.jpg`,
    });
  });

  it('takes the store’s own media URLs as files of its media library', async () => {
    mkdirSync(join(dir, 'library'), { recursive: true });
    writeFileSync(join(dir, 'library', 'mug.png'), 'png');
    expect(await checker(false).check('https://shop.example/media/library/mug.png')).toEqual({
      ok: true,
      url: '/media/library/mug.png',
    });
    expect(await checker(false).check('https://shop.example/media/../secret.png')).toMatchObject({ ok: false });
    expect(await checker(false).check('https://shop.example/media/library/none.png')).toMatchObject({ ok: false });
  });
});
