/**
 * A product video from the back office (decision 0031): the owner uploads the real tiny MP4 the server's media tests
 * use to a product's media, sees it marked "Video" and plays it in place, saves, and the shop plays it on the product
 * page. The pages pass axe. Screenshots in tests/e2e/artifacts/backoffice/product-video-*.png. Skipped when Chromium
 * is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { ApiKeyStrategy, createClient, media, products } from '@merx/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { ROOT } from '../storefront/shop-kit.js';
import {
  type AdminServer,
  browserSuite,
  buildApps,
  launchChromium,
  newStaffPage,
  shot,
  signIn,
  startAdminServer,
} from './admin-kit.js';

const suite = browserSuite();
const TINY_MP4 = join(ROOT, 'packages', 'server', 'src', 'modules', 'media', 'fixtures', 'tiny.mp4');

const axeOf = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

suite('a product video from the back office to the shop', () => {
  let server: AdminServer;
  let browser: Browser;
  let api: ReturnType<typeof makeApi>;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const makeApi = (baseUrl: string, apiKey: string) =>
    createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { products, media } });

  beforeAll(async () => {
    await buildApps();
    server = await startAdminServer();
    browser = await launchChromium();
    api = makeApi(server.baseUrl, (await server.app.services.apiKeys.create({ name: 'E2E product video' })).key);
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  it('uploads a video to a product, shows it as a video, plays it, and the shop plays it too', async () => {
    // A product with a photo already: the photo stands in for the video's poster (none is sent with it).
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#16a085' } })
      .png()
      .toBuffer();
    const {
      media: [uploaded],
    } = await api.media.uploadMedia([{ name: 'teapot.png', data: photo }]);
    const { product } = await api.products.createProduct({
      name: 'Clip Teapot',
      productType: 'physical',
      priceData: { price: 38 },
    });
    await api.products.addProductMedia(product.id, [{ mediaId: uploaded?.id ?? '' }]);

    const { context, page } = await newStaffPage(browser, problems);
    contexts.push(context);
    onTestFailed(async () => {
      await shot(page, 'product-video-failed').catch(() => undefined);
    });
    await signIn(page, server.baseUrl, `/admin/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: 'Clip Teapot' }).waitFor();

    const picker = page.getByLabel('Images or videos to upload');
    const accept = (await picker.getAttribute('accept')) ?? '';
    expect(accept.split(',')).toEqual(expect.arrayContaining(['video/mp4', 'video/quicktime', 'video/webm']));
    await picker.setInputFiles([{ name: 'pouring.mp4', mimeType: 'video/mp4', buffer: await readFile(TINY_MP4) }]);
    const grid = page.getByRole('list', { name: 'Images and videos, the first is the main one' });
    const tile = grid.getByRole('listitem').filter({ hasText: 'Video 2' });
    await tile.waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Uploads' }).count()).toBe(0);
    expect(await tile.locator('.badge', { hasText: /^Video$/ }).count()).toBe(1);
    // Without a poster its own first frame shows: the file answered, the browser knows its size.
    const still = tile.getByLabel('Video: pouring.mp4');
    await expect
      .poll(() => still.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await tile.getByRole('button', { name: 'Move video 2 earlier' }).count()).toBe(1);
    await shot(page, 'product-video-01-uploaded');
    expect(await axeOf(page)).toEqual([]);

    // Played in place, from the keyboard; the player takes the focus.
    await tile.getByRole('button', { name: 'Play Video: pouring.mp4' }).focus();
    await page.keyboard.press('Enter');
    const player = tile.locator('video[controls]');
    await player.waitFor();
    expect(await player.evaluate((v) => v === document.activeElement)).toBe(true);
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime > 0 || v.ended), { timeout: 10_000 })
      .toBe(true);
    await shot(page, 'product-video-02-playing');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    const { product: saved } = await api.products.getProduct(product.id);
    expect(saved.media.items.map((m) => m.mediaType)).toEqual(['image', 'video']);
    const video = saved.media.items[1];
    const videoUrl = video?.video?.files[0]?.url ?? '';
    expect(videoUrl).toMatch(/\.mp4$/);
    expect(video?.image).toBeUndefined();

    // Opened again, the saved video is still shown as one.
    await page.reload();
    await grid
      .getByRole('listitem')
      .filter({ hasText: 'Video 2' })
      .locator('.badge', { hasText: /^Video$/ })
      .waitFor();

    // The shop, in the same browser.
    const answers: number[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === new URL(videoUrl, server.baseUrl).pathname) answers.push(r.status());
    });
    await page.goto(`${server.baseUrl}/product-page/${saved.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Clip Teapot' }).waitFor();
    await page.getByRole('button', { name: 'Show video 2 of 2' }).click();
    const shopPlayer = page.locator('.gallery__main video');
    await shopPlayer.waitFor();
    expect(new URL(await shopPlayer.evaluate((v: HTMLVideoElement) => v.currentSrc)).pathname).toBe(
      new URL(videoUrl, server.baseUrl).pathname,
    );
    await expect
      .poll(() => shopPlayer.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((s) => s === 200 || s === 206)).toBe(true);
    await shot(page, 'product-video-03-shop');
    expect(await axeOf(page)).toEqual([]);
    expect(problems).toEqual([]);
  }, 90_000);
});
