/**
 * The media module against a real server: uploads from Node (FormData and Blob are global in Node 20) with and
 * without progress, the library's listing and deletion, attaching an upload to a product and making it the logo,
 * the typed errors of refusals; and in a real Chromium (when there is one), the XMLHttpRequest path that reports
 * upload progress in browsers.
 */
import { randomFillSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key.js';
import { createClient } from '../client.js';
import { MerxApplicationError, MerxClientError, MerxValidationError } from '../errors.js';
import { media } from '../modules/media.js';
import { products } from '../modules/products.js';
import { storeSettings } from '../modules/store-settings.js';
import type { UploadProgress } from '../upload.js';
import { type SdkKit, startSdkKit } from './kit.js';

const CHROMIUM = '/usr/bin/chromium';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(async () => {
  await kit.close();
});

const admin = () => kit.admin({ media, products, storeSettings });

/** A PNG of noise (so that it does not compress): about `side`² × 3 bytes. */
async function noisePng(side: number): Promise<Uint8Array> {
  const pixels = randomFillSync(new Uint8Array(side * side * 3));
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();

describe('media from Node', () => {
  it('uploads File objects and answers each with its size and variants', async () => {
    const files = [
      new File([new Uint8Array(await jpeg(1600, 900))], 'wide.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array(await noisePng(100))], 'noise.png'),
    ];
    const { media: uploaded } = await admin().media.uploadMedia(files);
    expect(uploaded.map((m) => [m.fileName, m.mimeType, m.width, m.height, m.variants.map((v) => v.width)])).toEqual([
      ['wide.jpg', 'image/jpeg', 1600, 900, [400, 1200]],
      ['noise.png', 'image/png', 100, 100, []],
    ]);
    const served = await fetch(`${kit.baseUrl}${uploaded[0]!.variants[0]!.url}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('reports progress up to the whole body when asked', async () => {
    const bytes = await noisePng(600);
    expect(bytes.length).toBeGreaterThan(500_000);
    const seen: UploadProgress[] = [];
    const { media: uploaded } = await admin().media.uploadMedia([{ name: 'big.png', data: bytes }], {
      onProgress: (p) => seen.push(p),
    });
    expect(uploaded[0]).toMatchObject({ fileName: 'big.png', width: 600, height: 600 });
    expect(seen.length).toBeGreaterThan(2);
    const last = seen.at(-1)!;
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBeGreaterThan(bytes.length);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.loaded).toBeGreaterThan(seen[i - 1]!.loaded);
  });

  it('uploads a video with its poster', async () => {
    const video = await readFile(new URL('../../../server/src/modules/media/fixtures/tiny.mp4', import.meta.url));
    const { media: uploaded } = await admin().media.uploadMedia([
      { file: { name: 'clip.mp4', data: video }, poster: { name: 'still.png', data: await noisePng(64) } },
    ]);
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0]).toMatchObject({ fileName: 'clip.mp4', mediaType: 'video' });
    expect(uploaded[0]?.poster).toBeTruthy();
  });

  it('lists the newest first, gets one, and deletes one nothing uses', async () => {
    const client = admin();
    const { media: made } = await client.media.uploadMedia([{ name: 'listed.jpg', data: await jpeg(50, 50) }]);
    const file = made[0]!;
    const page = await client.media.listMedia({ limit: 1 });
    expect(page.media.map((m) => m.id)).toEqual([file.id]);
    expect(page.metadata.total).toBeGreaterThanOrEqual(1);
    expect((await client.media.getMedia(file.id)).media).toEqual(file);
    await expect(client.media.deleteMedia(file.id)).resolves.toEqual({});
    const gone = await client.media.getMedia(file.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(MerxApplicationError);
    expect(gone).toMatchObject({ code: 'MEDIA_NOT_FOUND', status: 404 });
  });

  it('attaches an upload to a product and makes another the logo; deleting either is MEDIA_IN_USE', async () => {
    const client = admin();
    const { media: made } = await client.media.uploadMedia([
      { name: 'product.jpg', data: await jpeg(800, 600) },
      { name: 'logo.png', data: await noisePng(64) },
    ]);
    const photo = made[0]!;
    const logo = made[1]!;
    const { product } = await client.products.createProduct({ name: 'Uploaded photo', priceData: { price: 5 } });
    await client.products.addProductMedia(product.id, [{ mediaId: photo.id }]);
    const { product: after } = await client.products.getProduct(product.id);
    expect(after.media.items[0]?.image).toMatchObject({ width: 800, height: 600 });
    expect(after.media.items[0]?.image?.url.endsWith(photo.url)).toBe(true);
    // Listings get the upload's smallest WebP copy, not the 800 px original.
    const thumbnail = after.media.items[0]?.thumbnail;
    expect(thumbnail).toMatchObject({ width: 400, height: 300 });
    expect(thumbnail?.url.endsWith(photo.variants[0]?.url as string)).toBe(true);
    const { store } = await client.storeSettings.updateStoreSettings({ logoUrl: logo.url });
    expect(store.logoUrl).toBe(logo.url);

    const inUse = await client.media.deleteMedia(photo.id).catch((e: unknown) => e);
    expect(inUse).toBeInstanceOf(MerxApplicationError);
    expect(inUse).toMatchObject({ code: 'MEDIA_IN_USE', status: 400, data: { productIds: [product.id] } });
    const asLogo = await client.media.deleteMedia(logo.id).catch((e: unknown) => e);
    expect(asLogo).toMatchObject({ code: 'MEDIA_IN_USE', data: { settings: ['store'] } });
    await client.storeSettings.updateStoreSettings({ logoUrl: null });
  });

  it('throws a validation error naming the bad file, and stores none of the request', async () => {
    const client = admin();
    const before = (await client.media.listMedia()).metadata.total;
    const error = await client.media
      .uploadMedia([
        { name: 'fine.jpg', data: await jpeg(40, 40) },
        new File([new TextEncoder().encode('%PDF-1.4 not a picture')], 'report.jpg', { type: 'image/jpeg' }),
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerxValidationError);
    const violations = (error as MerxValidationError).violations;
    expect(violations.map((v) => [v.field, v.violatedRule, v.data?.['fileName']])).toEqual([
      ['file[1]', 'FORMAT', 'report.jpg'],
    ]);
    expect((await client.media.listMedia()).metadata.total).toBe(before);
  });

  it('is refused before any request to a shopper client, and with PERMISSION_DENIED to a key without it', async () => {
    const shop = kit.shop({ media });
    const refused = await shop.media.uploadMedia([{ name: 'x.jpg', data: await jpeg(8, 8) }]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MerxClientError);
    expect(refused).toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });
    const key = (await kit.server.services.apiKeys.create({ name: 'orders only', scopes: ['orders:read'] })).key;
    const client = createClient({ baseUrl: kit.baseUrl, auth: ApiKeyStrategy({ apiKey: key }), modules: { media } });
    const denied = await client.media.uploadMedia([{ name: 'x.jpg', data: await jpeg(8, 8) }]).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(MerxApplicationError);
    expect(denied).toMatchObject({ code: 'PERMISSION_DENIED', status: 403 });
  });
});

if (!existsSync(CHROMIUM) && process.env.CI === 'true') {
  throw new Error(`${CHROMIUM} is missing: CI must run the SDK's browser tests`);
}

(existsSync(CHROMIUM) ? describe : describe.skip)('media in Chromium', () => {
  let browser: Browser;
  let script: string;

  beforeAll(async () => {
    const sdk = await build({
      entryPoints: [join(dirname(fileURLToPath(import.meta.url)), '..', 'index.ts')],
      bundle: true,
      format: 'iife',
      globalName: 'MerxSdk',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'warning',
    });
    script = sdk.outputFiles[0]?.text ?? '';
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('uploads a dropped file by XMLHttpRequest, reporting progress, as the back office does', async () => {
    const context = await browser.newContext();
    const origin = kit.baseUrl;
    await context.route(`${origin}/sdk-media/**`, (route) =>
      route.request().url().endsWith('.js')
        ? route.fulfill({ contentType: 'text/javascript', body: script })
        : route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><html><head><script src="/sdk-media/sdk.js"></script></head><body></body></html>',
          }),
    );
    const page = await context.newPage();
    await page.goto(`${origin}/sdk-media/`);
    const png = Buffer.from(await noisePng(400)).toString('base64');
    const result = await page.evaluate(
      async ({ apiKey, png }) => {
        // biome-ignore lint/suspicious/noExplicitAny: the bundle's global, typed in the test's Node side
        const sdk = (window as any).MerxSdk;
        const client = sdk.createClient({
          baseUrl: location.origin,
          auth: sdk.ApiKeyStrategy({ apiKey }),
          modules: { media: sdk.media },
        });
        const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
        const file = new File([bytes], 'dropped.png', { type: 'image/png' });
        // Spy on the transport: the upload must go by XMLHttpRequest (fetch reports no upload progress).
        let xhrOpened = 0;
        const open = XMLHttpRequest.prototype.open;
        XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<typeof open>) {
          xhrOpened++;
          return open.apply(this, args);
        } as typeof open;
        const progress: Array<{ loaded: number; total: number }> = [];
        const { media } = await client.media.uploadMedia([file], {
          onProgress: (p: { loaded: number; total: number }) => progress.push(p),
        });
        let refused = '';
        try {
          await client.media.uploadMedia([new File(['not an image'], 'note.png', { type: 'image/png' })], {
            onProgress: () => undefined,
          });
        } catch (error) {
          refused = `${(error as Error).name} ${(error as { violations: Array<{ field: string }> }).violations[0]?.field}`;
        }
        return { media, progress, xhrOpened, size: bytes.length, refused };
      },
      { apiKey: kit.server.apiKey, png },
    );
    expect(result.xhrOpened).toBe(2);
    expect(result.media[0]).toMatchObject({ fileName: 'dropped.png', mimeType: 'image/png', width: 400, height: 400 });
    expect(result.progress.length).toBeGreaterThan(0);
    const last = result.progress.at(-1)!;
    expect(last.total).toBeGreaterThan(result.size);
    expect(last.loaded).toBe(last.total);
    expect(result.refused).toBe('MerxValidationError file[0]');
    await context.close();
  });
});
