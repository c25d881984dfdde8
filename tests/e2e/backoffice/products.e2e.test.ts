/**
 * Products and collections in the back office, in a real Chromium against a real server with the demo store: the
 * owner creates a product with two options (sizes as a drop-down, colours as swatches), an uploaded image, variant
 * prices and stock, and finds it in the shop; hides two products at once and the shop no longer shows them; a stale
 * edit is refused and said so, overwriting nothing; the editor works with the keyboard alone; collections are made,
 * filled and emptied, All Products stays read-only; the pages pass axe. Screenshots in
 * tests/e2e/artifacts/backoffice/products-*.png. Skipped when Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import { ApiKeyStrategy, collections, createClient, inventory, products } from '@merx/sdk';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
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

/** A real PNG: a coloured square with a lighter band, as a phone photo would not be (small and quick). */
async function pngOf(color: string): Promise<Buffer> {
  const band = await sharp({ create: { width: 320, height: 80, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 320, height: 320, channels: 3, background: color } })
    .composite([{ input: band, top: 120, left: 0, blend: 'soft-light' }])
    .png()
    .toBuffer();
}

suite('products and collections in the back office', () => {
  let server: AdminServer;
  let browser: Browser;
  let api: ReturnType<typeof makeApi>;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const makeApi = (baseUrl: string, apiKey: string) =>
    createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { products, collections, inventory } });

  beforeAll(async () => {
    await buildApps();
    server = await startAdminServer();
    browser = await launchChromium();
    api = makeApi(server.baseUrl, (await server.app.services.apiKeys.create({ name: 'E2E products' })).key);
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  async function staffPage(viewport?: { width: number; height: number }): Promise<Page> {
    const { context, page } = await newStaffPage(browser, problems, viewport);
    contexts.push(context);
    onTestFailed(async ({ task }) => {
      await shot(page, `products-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
    });
    return page;
  }

  /** The first page of the list's product names, as shown. */
  const listedNames = (page: Page) =>
    page
      .locator('table tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => r.querySelector('.product-cell__name')?.textContent ?? '').filter(Boolean),
      );

  it('creates a product with two options, an uploaded image, variant prices and stock, and the shop shows it', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.locator('table tbody tr').first().waitFor();
    await shot(page, 'products-01-list');

    await page.getByRole('link', { name: 'Add product' }).click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Harbour Raincoat');
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.click();
    await page.keyboard.type('Keeps you dry on the quay. ');
    await page.getByRole('button', { name: 'Bold (Ctrl+B)' }).click();
    // The button hands focus back to the editor: type once it has it (a busy machine drops the first key otherwise).
    await expect
      .poll(() => page.getByRole('button', { name: 'Bold (Ctrl+B)' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => description.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.type('Fully taped seams.');
    await expect.poll(() => description.innerHTML()).toContain('<strong>Fully taped seams.</strong>');
    await page.getByLabel('Price', { exact: true }).fill('89');
    await page.getByLabel('Cost per item').fill('40');
    await expect.poll(() => page.locator('.figures').textContent()).toContain('55.1');

    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 1 name').fill('Size');
    await page.getByLabel('Size choice 1').fill('S');
    await page.getByLabel('Size choice 1').press('Enter');
    await page.getByLabel('Size choice 2').fill('M');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 2 name').fill('Colour');
    await page.getByLabel('Colour: shown as').selectOption('color');
    await page.getByLabel('Colour choice 1').fill('Red');
    await page.getByLabel('Red colour', { exact: true }).fill('#c0392b');
    await page.getByRole('button', { name: 'Add choice to Colour' }).click();
    await page.getByLabel('Colour choice 2').fill('Navy');
    await page.getByLabel('Navy colour', { exact: true }).fill('#1f3a5f');

    await page.getByLabel('Images or videos to upload').setInputFiles([
      { name: 'raincoat.png', mimeType: 'image/png', buffer: await pngOf('#c0392b') },
      { name: 'raincoat-back.png', mimeType: 'image/png', buffer: await pngOf('#1f3a5f') },
    ]);
    const gallery = page.getByRole('list', { name: 'Images and videos, the first is the main one' });
    await gallery.getByText('Image 2', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Uploads' }).count()).toBe(0);

    await page.getByLabel('Track quantity').check();
    const stock = { 'S / Red': '5', 'S / Navy': '0', 'M / Red': '7', 'M / Navy': '3' };
    for (const [variant, quantity] of Object.entries(stock)) {
      await page.getByLabel(`${variant} quantity in stock`).fill(quantity);
    }
    await page.getByLabel('M / Navy price').fill('95');
    await page.getByLabel('M / Red price').fill('92.5');
    await page.getByText('Images for Navy (0)').click();
    await page.getByRole('group', { name: 'Images shown when Navy is chosen' }).getByLabel('Image 2').check();
    await shot(page, 'products-02-new-product-filled');

    await page.getByRole('button', { name: 'Save product' }).click();
    await page.waitForURL(/\/admin\/products\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: 'Harbour Raincoat' }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop() as string;
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    await shot(page, 'products-03-saved');

    const { product } = await api.products.getProduct(id, { includeMerchantSpecificData: true });
    expect(product).toMatchObject({ name: 'Harbour Raincoat', visible: true, manageVariants: true });
    expect(product.description).toContain('<strong>Fully taped seams.</strong>');
    expect(product.costAndProfitData?.itemCost).toBe(40);
    expect(product.productOptions.map((o) => [o.name, o.optionType, o.choices.map((c) => c.value)])).toEqual([
      ['Size', 'drop_down', ['S', 'M']],
      ['Colour', 'color', ['#c0392b', '#1f3a5f']],
    ]);
    expect(product.media.items).toHaveLength(2);
    const navy = product.productOptions[1]?.choices.find((c) => c.description === 'Navy');
    expect(navy?.media?.items.map((m) => m.id)).toEqual([product.media.items[1]?.id]);
    const variant = (size: string, colour: string) =>
      product.variants?.find((v) => v.choices.Size === size && v.choices.Colour === colour);
    expect(variant('M', 'Navy')?.variant.priceData.price).toBe(95);
    expect(variant('M', 'Red')?.variant.priceData.price).toBe(92.5);
    expect(variant('S', 'Red')?.variant.priceData.price).toBe(89);
    expect(variant('S', 'Red')?.stock).toMatchObject({ trackQuantity: true, quantity: 5, inStock: true });
    expect(variant('S', 'Navy')?.stock).toMatchObject({ trackQuantity: true, quantity: 0, inStock: false });
    expect(variant('M', 'Red')?.stock.quantity).toBe(7);
    expect(variant('M', 'Navy')?.stock.quantity).toBe(3);

    // The shop, in the same browser.
    await page.goto(`${server.baseUrl}/product-page/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Harbour Raincoat' }).waitFor();
    expect(await page.locator('.product__price').textContent()).toContain('$89.00');
    await page.getByLabel('Size').waitFor();
    expect(await page.getByLabel('Size').locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['S', 'M']),
    );
    await page.getByRole('radio', { name: 'Navy' }).waitFor();
    await page.getByRole('radio', { name: 'Red' }).waitFor();
    const image = page.locator('.product img').first();
    await expect.poll(() => image.getAttribute('src')).toMatch(/\/media\//);
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByLabel('Size').selectOption('M');
    await page.getByRole('radio', { name: 'Navy' }).check({ force: true });
    await expect.poll(() => page.locator('.product__price').textContent()).toContain('$95.00');
    await shot(page, 'products-04-in-the-shop');
    expect(problems).toEqual([]);
  });

  it('hides two products at once, and the shop no longer shows them', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products?q=Mug&sort=name');
    await expect.poll(() => listedNames(page)).toEqual(['Camp Enamel Mug', 'Stoneware Mug']);
    const before = await api.products.getProduct(
      (await api.products.queryProductsPage({ filter: { name: 'Stoneware Mug' } })).products[0]?.id as string,
    );
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('2 selected').waitFor();
    await shot(page, 'products-05-two-selected');
    await bulk.getByRole('button', { name: 'Hide from shop' }).click();
    await page.getByText('Hidden from the shop: 2 products').waitFor();
    await expect.poll(() => page.locator('table tbody').getByText('Hidden', { exact: true }).count()).toBe(2);
    await shot(page, 'products-06-hidden');
    // The shop: its list and the product page, as a shopper.
    const shown = await fetch(`${server.baseUrl}/stores-reader/v1/products/query-platformized`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { filter: { name: { $in: ['Camp Enamel Mug', 'Stoneware Mug'] } } } }),
    });
    expect(((await shown.json()) as { products: unknown[] }).products).toEqual([]);
    await page.goto(`${server.baseUrl}/product-page/${before.product.slug}`);
    await page.getByRole('heading', { level: 1, name: 'We could not find that page' }).waitFor();
    await page.goto(`${server.baseUrl}/shop?q=Mug`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.getByText('Stoneware Mug').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('edits prices of selected products by a percentage', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products?q=Beanie');
    await expect.poll(() => listedNames(page)).toEqual(['Ribbed Knit Beanie']);
    await page.getByRole('checkbox', { name: 'Select row 1' }).check();
    await page.getByRole('button', { name: 'Edit prices, costs or weights' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit 1 product' });
    await dialog.getByLabel('How').selectOption('up-percent');
    await dialog.getByLabel('Value (%)').fill('10');
    await shot(page, 'products-07-bulk-edit');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Changed 1 product').waitFor();
    await expect.poll(() => page.locator('table tbody tr').first().textContent()).toContain('$26.40');
  });

  it('tells of a stale edit, and overwrites nothing', async () => {
    const { product } = await api.products.createProduct({ name: 'Stale Lantern', priceData: { price: 30 } });
    const page = await staffPage();
    await signIn(page, server.baseUrl, `/admin/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: 'Stale Lantern' }).waitFor();
    await page.getByLabel('Price', { exact: true }).fill('33');
    await page.getByRole('combobox', { name: 'Brand' }).fill('Lamplighter');
    // Meanwhile, someone else changes the product.
    await api.products.updateProduct(product.id, { priceData: { price: 35 }, ribbon: 'New' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Someone else changed this product' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('nothing was overwritten');
    await shot(page, 'products-08-stale-edit');
    const after = (await api.products.getProduct(product.id)).product;
    expect(after).toMatchObject({ ribbon: 'New', revision: '2' });
    expect(after.priceData.price).toBe(35);
    expect(after.brand).toBeUndefined();
    // The page keeps the edits until asked to reload; then it shows the product as it is.
    expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe('33');
    await alert.getByRole('button', { name: 'Reload the product' }).click();
    await expect.poll(() => page.getByLabel('Price', { exact: true }).inputValue()).toBe('35');
    await expect.poll(() => page.getByRole('combobox', { name: 'Ribbon' }).inputValue()).toBe('New');
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
  });

  it('refuses bad input beside the field, and asks before leaving unsaved changes', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products/new');
    await page.getByLabel('Name', { exact: true }).fill('Odd Socks');
    await page.getByLabel('Price', { exact: true }).fill('12.345');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 1 name').fill('Size');
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByText('Use at most 2 decimal places').waitFor();
    await page.getByText('Required').first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await shot(page, 'products-09-bad-input');
    // A slug taken by another product: the server's refusal, beside the field.
    await page.getByLabel('Price', { exact: true }).fill('12');
    await page.getByLabel('Size choice 1').fill('One size');
    await page.getByLabel('Address in the shop').fill('chelsea-boot');
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('alert').filter({ hasText: 'The product was not saved' }).waitFor();
    await page.getByText('Another product has this address').waitFor();
    expect(await page.getByLabel('Address in the shop').getAttribute('aria-invalid')).toBe('true');
    expect(await page.url()).toContain('/admin/products/new');
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toContain('/admin/products/new');
    // A PDF named .jpg (typed by its bytes on the server) and a PNG cut in half: each named with the reason, nothing
    // added to the images.
    const png = await pngOf('#777777');
    await page.getByLabel('Images or videos to upload').setInputFiles([
      { name: 'menu.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n') },
      { name: 'half.png', mimeType: 'image/png', buffer: png.subarray(0, Math.floor(png.length / 2)) },
    ]);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.getByText(/menu\.jpg: .*not an image/).waitFor();
    await uploads.getByText(/half\.png: .*(corrupt|truncated|not an image)/).waitFor();
    expect(await page.getByRole('list', { name: 'Images and videos, the first is the main one' }).count()).toBe(0);
    await shot(page, 'products-09b-bad-upload');
    expect(problems).toEqual([]);
  });

  it('edits a product with the keyboard alone', async () => {
    const { product } = await api.products.createProduct({
      name: 'Keyboard Kettle',
      priceData: { price: 48 },
      description: '<p>Whistles.</p>',
    });
    const page = await staffPage();
    await signIn(page, server.baseUrl, `/admin/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: 'Keyboard Kettle' }).waitFor();
    const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);
    /** Presses Tab until `target` has the focus (within a bound), as a keyboard user would. */
    async function tabTo(target: Locator, max = 120) {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press('Tab');
        if (await focused(target)) return;
      }
      throw new Error(`Tab never reached ${target}`);
    }
    await page.locator('h1').focus();
    await tabTo(page.getByLabel('Name', { exact: true }));
    await page.keyboard.press('End');
    await page.keyboard.type(' Deluxe');
    // The description: its toolbar is one tab stop before the text.
    const text = page.getByRole('textbox', { name: 'Description' });
    await tabTo(text);
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Stovetop safe.');
    await page.keyboard.press('Shift+Tab');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    expect(await toolbar.evaluate((t) => t.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await toolbar.evaluate((t) => t.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Home');
    expect(await focused(toolbar.getByRole('button', { name: 'Paragraph', exact: true }))).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await focused(toolbar.getByRole('button', { name: 'Heading', exact: true }))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(text)).toBe(true);
    // The price, then an option with two choices, added and filled from the keyboard.
    const price = page.getByLabel('Price', { exact: true });
    await tabTo(price);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('52');
    await tabTo(page.getByRole('button', { name: 'Add option' }));
    await page.keyboard.press('Enter');
    expect(await focused(page.getByLabel('Option 1 name'))).toBe(true);
    await page.keyboard.type('Finish');
    await tabTo(page.getByLabel('Finish choice 1'));
    await page.keyboard.type('Steel');
    await page.keyboard.press('Enter');
    expect(await focused(page.getByLabel('Finish choice 2'))).toBe(true);
    await page.keyboard.type('Copper');
    // The variant matrix: Copper's own price.
    await tabTo(page.getByLabel('Copper price'));
    await page.keyboard.type('64');
    await shot(page, 'products-10-keyboard');
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    const saved = (await api.products.getProduct(product.id)).product;
    expect(saved.name).toBe('Keyboard Kettle Deluxe');
    expect(saved.priceData.price).toBe(52);
    expect(saved.description).toContain('<strong>Stovetop safe.</strong>');
    expect(saved.variants?.find((v) => v.choices.Finish === 'Copper')?.variant.priceData.price).toBe(64);
    expect(saved.variants?.find((v) => v.choices.Finish === 'Steel')?.variant.priceData.price).toBe(52);
    expect(problems).toEqual([]);
  });

  it('makes a collection, fills it with the picker, empties it, and keeps All Products read-only', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/collections');
    await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
    await page.locator('table tbody tr').first().waitFor();
    await shot(page, 'products-11-collections');
    await page.getByRole('link', { name: 'Create collection' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Rainy Days');
    await page.getByLabel('Description').fill('For the wet months.');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await page.waitForURL(/\/admin\/collections\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: 'Rainy Days' }).waitFor();
    const collectionId = new URL(page.url()).pathname.split('/').pop() as string;
    await page.getByLabel('Find products by name or SKU').fill('Rain');
    await page.getByRole('checkbox', { name: 'Ridgeline Rain Shell' }).check();
    await page.getByLabel('Find products by name or SKU').fill('Harbour');
    await page.getByRole('checkbox', { name: 'Harbour Raincoat' }).check();
    await page.getByRole('button', { name: 'Add 2 products' }).click();
    await page.getByText('2 products added to Rainy Days').waitFor();
    const members = page.getByRole('table', { name: 'Products in Rainy Days' });
    await members.getByRole('link', { name: 'Ridgeline Rain Shell' }).waitFor();
    await members.getByRole('link', { name: 'Harbour Raincoat' }).waitFor();
    await shot(page, 'products-12-collection-filled');
    await members.getByRole('checkbox', { name: 'Select row 1' }).check();
    await page
      .getByRole('region', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Remove from collection' })
      .click();
    await page.getByText('1 product removed from Rainy Days').waitFor();
    await expect
      .poll(async () => (await api.collections.getCollection(collectionId)).collection.numberOfProducts)
      .toBe(1);
    // All Products: shown, never changeable.
    await page.goto(`${server.baseUrl}/admin/collections/00000000-000000-000000-000000000001`);
    await page.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();
    await page.getByText('always holds every product').waitFor();
    expect(await page.getByRole('button', { name: 'Delete collection' }).count()).toBe(0);
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('heading', { name: 'Add products' }).count()).toBe(0);
    await shot(page, 'products-13-all-products');
    // Delete the new collection, after saying so.
    await page.goto(`${server.baseUrl}/admin/collections/${collectionId}`);
    await page.getByRole('button', { name: 'Delete collection' }).click();
    await page
      .getByRole('dialog', { name: 'Delete “Rainy Days”?' })
      .getByRole('button', { name: 'Delete collection' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/collections');
    await expect(api.collections.getCollection(collectionId)).rejects.toMatchObject({ status: 404 });
    expect(problems).toEqual([]);
  }, 90_000);

  it('shows a staff member who may only read the catalog no way to change it', async () => {
    const email = 'reader@staff.test';
    const password = await server.addStaff({ email, role: 'staff', permissions: ['catalog:read'] });
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products', { email, password });
    await page.locator('table tbody tr').first().waitFor();
    expect(await page.getByRole('link', { name: 'Add product' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Select all rows on this page' }).count()).toBe(0);
    await page.locator('table tbody tr').first().getByRole('link').click();
    await page.getByText('changing it needs the catalog:write permission').waitFor();
    expect(await page.getByRole('button', { name: 'Delete product' }).count()).toBe(0);
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('readonly')).not.toBeNull();
  });

  it('reads at 1024 px and on a phone', async () => {
    const { product } = await api.products.createProduct({
      name: 'Narrow Screen Parka',
      priceData: { price: 120 },
      manageVariants: true,
      productOptions: [
        { name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] },
        { name: 'Colour', optionType: 'color', choices: [{ description: 'Olive', value: '#556b2f' }] },
      ],
    });
    for (const [width, height, name] of [
      [1024, 768, 'tablet'],
      [390, 844, 'phone'],
    ] as const) {
      const page = await staffPage({ width, height });
      await signIn(page, server.baseUrl, '/admin/products');
      await page.locator('table tbody tr').first().waitFor();
      await shot(page, `products-14-list-${name}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.goto(`${server.baseUrl}/admin/products/${product.id}`);
      await page.getByRole('heading', { name: 'Variants (2)' }).waitFor();
      await shot(page, `products-15-editor-${name}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });

  it('has no serious or critical axe violations', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products');
    const someProduct = (await api.products.queryProductsPage({ filter: { name: 'Chelsea Boot' } })).products[0];
    const someCollection = (await api.collections.queryCollectionsPage({ filter: { name: 'Footwear' } }))
      .collections[0];
    for (const path of [
      '/admin/products',
      '/admin/products/new',
      `/admin/products/${someProduct?.id}`,
      '/admin/collections',
      `/admin/collections/${someCollection?.id}`,
    ]) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('main .card').first().waitFor();
      if (path.startsWith('/admin/products/'))
        await page.getByRole('toolbar', { name: 'Formatting' }).first().waitFor();
      else await page.locator('main table tbody tr').first().waitFor();
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    }
  }, 120_000);
});
