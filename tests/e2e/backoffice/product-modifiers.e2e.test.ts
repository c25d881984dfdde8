/**
 * Customer choices and tags in the product editor (decision 0033), in a real Chromium against a real server with the
 * demo store: the owner adds a required "Gift wrap" list with two choices (one adding to the price) and a "Ribbon
 * colour" swatch list; a bad colour and a choice named twice are refused beside their fields and nothing is saved;
 * once fixed they are saved through products v3, read back by the API, and shown again after a reload with nothing
 * counted as changed; a refusal only the server knows (a text field named like an option, which v1 took) shows
 * beside the field it names. Then public tags, typed and added with Enter, removed with their ×; and a video uploaded with
 * its poster image (the poster's picker shows once a video is chosen; a file that is no image is refused there), whose
 * poster the product's media then carries. The page passes axe.
 * Screenshots in tests/e2e/artifacts/backoffice/product-modifiers-*.png. Skipped when Chromium is not installed (a
 * failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { ApiKeyStrategy, createClient, products, productsV3 } from '@merx/sdk';
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
const NAME = 'Linen Gift Box';

const axeOf = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

suite('customer choices and tags in the product editor', () => {
  let server: AdminServer;
  let browser: Browser;
  let api: ReturnType<typeof makeApi>;
  let productId: string;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const makeApi = (baseUrl: string, apiKey: string) =>
    createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { products, productsV3 } });

  beforeAll(async () => {
    await buildApps();
    server = await startAdminServer();
    browser = await launchChromium();
    api = makeApi(server.baseUrl, (await server.app.services.apiKeys.create({ name: 'E2E product modifiers' })).key);
    const { product } = await api.products.createProduct({
      name: NAME,
      productType: 'physical',
      priceData: { price: 20 },
      customTextFields: [{ title: 'Card message', maxLength: 120, mandatory: false }],
    });
    productId = product.id;
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  async function staffPage(): Promise<Page> {
    const { context, page } = await newStaffPage(browser, problems);
    contexts.push(context);
    onTestFailed(async ({ task }) => {
      await shot(page, `product-modifiers-failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}`).catch(
        () => undefined,
      );
    });
    return page;
  }

  const readV3 = async () => api.productsV3.getProduct(productId);
  const save = async (page: Page) => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
  };

  it('adds a required gift wrap list and a swatch list; bad ones are refused beside the field', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, `/admin/products/${productId}`);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    const card = page.getByRole('region', { name: 'Customer choices' });
    await card.scrollIntoViewIfNeeded();
    // The product's text field shows in the same card.
    expect(await card.getByLabel('Text field 1 title').inputValue()).toBe('Card message');

    await card.getByRole('button', { name: 'Add choice list' }).click();
    const first = card.getByLabel('Choice list 1 name');
    // The new list's name takes the focus.
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    await first.fill('Gift wrap');
    await card.getByLabel('Gift wrap: customers must choose one').check();
    await card.getByLabel('Gift wrap choice 1', { exact: true }).fill('None');
    // Enter on the last choice adds the next one.
    await card.getByLabel('Gift wrap choice 1', { exact: true }).press('Enter');
    await card.getByLabel('Gift wrap choice 2', { exact: true }).fill('Paper');
    await card.getByLabel('Gift wrap choice 2 adds to the price').fill('2.50');

    await card.getByRole('button', { name: 'Add choice list' }).click();
    await card.getByLabel('Choice list 2 name').fill('Ribbon colour');
    await card.getByLabel('Ribbon colour: shown as').selectOption({ label: 'Colour swatches' });
    await card.getByLabel('Ribbon colour choice 1', { exact: true }).fill('Gold');
    await card.getByLabel('Ribbon colour choice 1 colour', { exact: true }).fill('#d4af37');
    await card.getByLabel('Ribbon colour choice 1 adds to the price').fill('1');
    await card.getByRole('button', { name: 'Add choice to Ribbon colour' }).click();
    // The same name twice, and a colour that is not one.
    await card.getByLabel('Ribbon colour choice 2', { exact: true }).fill('gold');
    await card.getByLabel('Ribbon colour choice 2 colour', { exact: true }).fill('#c0c0c');
    await save(page);
    await card.getByText('Another choice has this name').waitFor();
    await card.getByText('Choose a colour like #1a2b3c').waitFor();
    expect(await card.getByLabel('Ribbon colour choice 2', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await card.getByLabel('Ribbon colour choice 2 colour', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // The first field with an error has the focus.
    await expect
      .poll(() =>
        card.getByLabel('Ribbon colour choice 2', { exact: true }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'product-modifiers-01-refused');
    // Nothing was written.
    expect((await readV3()).modifiers.map((m) => m.name)).toEqual(['Card message']);

    // A list may not take an option's or a text field's name either.
    await card.getByLabel('Choice list 2 name').fill('card message');
    await card.getByText('An option, text field or other customer choice has this name').waitFor();
    await card.getByLabel('Choice list 2 name').fill('Ribbon colour');

    await card.getByLabel('Ribbon colour choice 2', { exact: true }).fill('Silver');
    await card.getByLabel('Ribbon colour choice 2 colour', { exact: true }).fill('#c0c0c0');
    await save(page);
    await page.getByText('Product saved').waitFor();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);

    const saved = await readV3();
    expect(saved.modifiers).toMatchObject([
      { name: 'Card message', modifierRenderType: 'FREE_TEXT', freeTextSettings: { maxCharCount: 120 } },
      {
        name: 'Gift wrap',
        modifierRenderType: 'TEXT_CHOICES',
        mandatory: true,
        choicesSettings: {
          choices: [
            { name: 'None', choiceType: 'CHOICE_TEXT' },
            { name: 'Paper', choiceType: 'CHOICE_TEXT', addedPrice: '2.5' },
          ],
        },
      },
      {
        name: 'Ribbon colour',
        modifierRenderType: 'SWATCH_CHOICES',
        mandatory: false,
        choicesSettings: {
          choices: [
            { name: 'Gold', choiceType: 'ONE_COLOR', colorCode: '#d4af37', addedPrice: '1' },
            { name: 'Silver', choiceType: 'ONE_COLOR', colorCode: '#c0c0c0' },
          ],
        },
      },
    ]);
    const gift = saved.modifiers[1] as { choicesSettings: { choices: Array<Record<string, unknown>> } };
    expect(gift.choicesSettings.choices[0]?.addedPrice).toBeUndefined();

    // Opened again: the lists as saved, nothing counted as changed.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    const again = page.getByRole('region', { name: 'Customer choices' });
    expect(await again.getByLabel('Choice list 1 name').inputValue()).toBe('Gift wrap');
    expect(await again.getByLabel('Gift wrap: customers must choose one').isChecked()).toBe(true);
    expect(await again.getByLabel('Gift wrap choice 2 adds to the price').inputValue()).toBe('2.5');
    expect(await again.getByLabel('Ribbon colour: shown as').inputValue()).toBe('SWATCH_CHOICES');
    expect(await again.getByLabel('Ribbon colour choice 2 colour', { exact: true }).inputValue()).toBe('#c0c0c0');
    expect(await again.getByLabel('Ribbon colour: customers must choose one').isChecked()).toBe(false);
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    await again.scrollIntoViewIfNeeded();
    await shot(page, 'product-modifiers-02-saved');
    expect(await axeOf(page)).toEqual([]);

    // Removing a choice and a list saves the shorter list; the text field stays.
    await again.getByRole('button', { name: 'Remove choice None of Gift wrap' }).click();
    await again.getByRole('button', { name: 'Remove choice list Ribbon colour' }).click();
    await save(page);
    await page.getByText('Product saved').waitFor();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    const shorter = await readV3();
    expect(shorter.modifiers.map((m) => m.name)).toEqual(['Card message', 'Gift wrap']);
    expect(
      (shorter.modifiers[1] as { choicesSettings: { choices: Array<{ name: string }> } }).choicesSettings.choices.map(
        (c) => c.name,
      ),
    ).toEqual(['Paper']);
    expect(problems).toEqual([]);
  }, 120_000);

  it('shows the server’s refusal of the list beside the field it names', async () => {
    // v1 took a text field named like an option; the v3 list that carries it (decision 0033) does not.
    const { product } = await api.products.createProduct({
      name: 'Size Tote',
      productType: 'physical',
      priceData: { price: 25 },
      manageVariants: true,
      productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] }],
      customTextFields: [{ title: 'size', maxLength: 20, mandatory: false }],
    });
    const page = await staffPage();
    await signIn(page, server.baseUrl, `/admin/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: 'Size Tote' }).waitFor();
    const card = page.getByRole('region', { name: 'Customer choices' });
    await card.getByRole('button', { name: 'Add choice list' }).click();
    await card.getByLabel('Choice list 1 name').fill('Gift wrap');
    await card.getByLabel('Gift wrap choice 1', { exact: true }).fill('Paper');
    await save(page);
    await page.getByText('Check the fields marked below.').waitFor();
    const title = card.getByLabel('Text field 1 title');
    await card.getByText('"size" names another option or modifier of the product').waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'product-modifiers-06-server-refusal');
    expect((await api.productsV3.getProduct(product.id)).modifiers.map((m) => m.name)).toEqual(['size']);

    await title.fill('Monogram');
    await save(page);
    await page.getByText('Product saved').waitFor();
    expect((await api.productsV3.getProduct(product.id)).modifiers.map((m) => m.name)).toEqual([
      'Monogram',
      'Gift wrap',
    ]);
    expect(problems).toEqual([]);
  }, 120_000);

  it('adds public tags with Enter and removes one with its ×', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, `/admin/products/${productId}`);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    const tags = page.getByLabel('Tags', { exact: true });
    await tags.fill('gift idea');
    await page.getByText('Press Enter to add it: a tag left in the box is not saved.').waitFor();
    await tags.press('Enter');
    await tags.fill('summer');
    await tags.press('Enter');
    await tags.fill('  Summer ');
    await tags.press('Enter');
    await page.getByText('“Summer” is already a tag').waitFor();
    await tags.fill('linen');
    await tags.press('Enter');
    const list = page.getByRole('list', { name: 'Tags of this product' });
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['gift idea×', 'summer×', 'linen×']);
    await page.getByRole('button', { name: 'Remove tag summer' }).click();
    await page.getByRole('region', { name: 'Organization' }).scrollIntoViewIfNeeded();
    await shot(page, 'product-modifiers-03-tags');
    await save(page);
    await page.getByText('Product saved').waitFor();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    const saved = (await readV3()) as { tags?: { publicTags?: { tagIds: string[] } } };
    expect(saved.tags?.publicTags?.tagIds).toEqual(['gift idea', 'linen']);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    expect(await page.getByRole('list', { name: 'Tags of this product' }).getByRole('listitem').count()).toBe(2);
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    // The modifiers saved before are still there.
    expect((await readV3()).modifiers.map((m) => m.name)).toEqual(['Card message', 'Gift wrap']);
    expect(await axeOf(page)).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);

  it('uploads a video with its poster image, chosen in a dialog', async () => {
    const { product } = await api.products.createProduct({
      name: 'Poster Teapot',
      productType: 'physical',
      priceData: { price: 30 },
    });
    const page = await staffPage();
    await signIn(page, server.baseUrl, `/admin/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: 'Poster Teapot' }).waitFor();
    await page.getByRole('button', { name: 'Add a video with a poster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a video' });
    await dialog.waitFor();
    // The poster's picker shows only once a video is chosen.
    expect(await dialog.getByLabel('Poster image (optional)').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Upload video' }).click();
    await dialog.getByText('Choose a video').waitFor();
    await dialog
      .getByLabel('Video', { exact: true })
      .setInputFiles([{ name: 'pouring.mp4', mimeType: 'video/mp4', buffer: await readFile(TINY_MP4) }]);
    const poster = dialog.getByLabel('Poster image (optional)');
    await poster.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }]);
    await dialog.getByRole('button', { name: 'Upload video' }).click();
    await dialog.getByText('Not an image: choose a JPEG, PNG, WebP, GIF or AVIF file').waitFor();
    expect(await poster.getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'product-modifiers-04-video-dialog');
    expect(await axeOf(page)).toEqual([]);
    const still = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    await poster.setInputFiles([{ name: 'still.png', mimeType: 'image/png', buffer: still }]);
    await dialog.getByRole('button', { name: 'Upload video' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    const grid = page.getByRole('list', { name: 'Images and videos, the first is the main one' });
    const tile = grid.getByRole('listitem').filter({ hasText: 'Video 1' });
    await tile.waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Uploads' }).count()).toBe(0);
    // The poster shows in the tile, not the video's first frame.
    await tile.getByRole('img', { name: 'Video: pouring.mp4' }).waitFor();
    await page.getByRole('region', { name: 'Media' }).scrollIntoViewIfNeeded();
    await shot(page, 'product-modifiers-05-video-poster');

    await save(page);
    await page.getByText('Product saved').waitFor();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    const { product: saved } = await api.products.getProduct(product.id);
    const video = saved.media.items[0];
    expect(video?.mediaType).toBe('video');
    expect(video?.video?.stillFrameMediaId).toBeTruthy();
    // Read again, the tile still shows the poster (named by the media item's title now, not the file's name).
    await page.reload();
    await grid
      .getByRole('listitem')
      .filter({ hasText: 'Video 1' })
      .getByRole('img', { name: /^Video: / })
      .waitFor();
    expect(problems).toEqual([]);
  }, 120_000);
});
