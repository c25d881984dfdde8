/**
 * Products in and out as Shopify product CSV through the back office, in a real Chromium against a real server with
 * the demo store: a file of 200 products (some with two or three variants, some with images served by a local HTTP
 * server, one image URL that answers 404) is uploaded on the import page, its progress runs to done, the counts and
 * the failed image's row are shown, and the shop sells an imported product with its variants; the same file again
 * updates instead of duplicating. A file without a Handle column is refused at the top of the page with nothing
 * written; a bad price fails its own product only, listed by line and column. The export downloads the catalog in
 * Shopify's layout. Staff who may only read the catalog see no import. The pages pass axe and fit 1024 px.
 * Screenshots in tests/e2e/artifacts/backoffice/product-csv-*.png. Skipped when Chromium is not installed (a failure
 * under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { ApiKeyStrategy, createClient, productCsv, products } from '@merx/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** Shopify's product CSV header, as Shopify's own exports write it (the columns Merx has no place for included). */
const SHOPIFY_HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Google Shopping / Google Product Category',
  'Variant Image',
  'Variant Weight Unit',
  'Variant Tax Code',
  'Cost per item',
  'Status',
] as const;
type ShopifyColumn = (typeof SHOPIFY_HEADER)[number];

/** The header of Merx's export: Shopify's layout without the Google Shopping and tax-code columns. */
const EXPORT_HEADER = SHOPIFY_HEADER.filter(
  (c) => c !== 'Google Shopping / Google Product Category' && c !== 'Variant Tax Code',
).join(',');

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const csvRow = (fields: Partial<Record<ShopifyColumn, string>>) =>
  SHOPIFY_HEADER.map((c) => cell(fields[c] ?? '')).join(',');

/** The rows of a CSV text (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else value += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(value);
      value = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(value);
      rows.push(row);
      row = [];
      value = '';
    } else value += ch;
  }
  if (value !== '' || row.length > 0) rows.push([...row, value]);
  return rows;
}

/** A stand-in image host on loopback: `/img/<name>.png` is a real PNG, anything else 404. */
async function startImageHost(): Promise<{ base: string; close(): Promise<void> }> {
  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#2f6f4f' } })
    .png()
    .toBuffer();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (/^\/img\/[\w-]+\.png$/.test(path)) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      res.end(req.method === 'HEAD' ? undefined : png);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const pad = (n: number) => String(n).padStart(3, '0');

/** The featured product of the catalog file: three sizes at their own prices, and an image. */
const FEATURED = {
  handle: 'ridge-runner-pack',
  title: 'Ridge Runner Pack',
  prices: { S: '40.00', M: '42.00', L: '45.00' },
};

/**
 * A Shopify CSV of 200 products: most with one variant, every 20th with three sizes, every 15th with two colours,
 * every 25th with an image on the image host; product 7's image URL answers 404. Returns the text and the line of
 * that image's row.
 */
function catalogFile(imageBase: string): { text: string; brokenImageLine: number } {
  const lines: string[] = [SHOPIFY_HEADER.join(',')];
  let brokenImageLine = 0;
  for (let i = 1; i <= 200; i++) {
    const featured = i === 10;
    const handle = featured ? FEATURED.handle : `csv-trail-${pad(i)}`;
    const base: Partial<Record<ShopifyColumn, string>> = {
      Handle: handle,
      Title: featured ? FEATURED.title : `Trail Kit ${pad(i)}`,
      'Body (HTML)': `<p>Made for the hills, item ${i}, with care.</p>`,
      Vendor: 'Fellside',
      Type: 'Outdoor',
      Tags: 'csv, trail',
      Published: 'TRUE',
      'Variant Inventory Tracker': 'shopify',
      'Variant Inventory Qty': '8',
      'Variant Inventory Policy': 'deny',
      'Variant Fulfillment Service': 'manual',
      'Variant Requires Shipping': 'TRUE',
      'Variant Taxable': 'TRUE',
      'Variant Grams': '450',
      'Gift Card': 'FALSE',
      Status: 'active',
    };
    const image =
      featured || i % 25 === 0 ? `${imageBase}/img/${handle}.png` : i === 7 ? `${imageBase}/missing/${handle}.png` : '';
    if (image) Object.assign(base, { 'Image Src': image, 'Image Position': '1', 'Image Alt Text': `${handle} photo` });
    if (featured || i % 20 === 0) {
      const sizes = featured ? FEATURED.prices : { S: '19.00', M: '19.00', L: '21.50' };
      for (const [n, [size, price]] of Object.entries(sizes).entries()) {
        const variant = { 'Option1 Value': size, 'Variant Price': price, 'Variant SKU': `${handle}-${size}` };
        lines.push(
          csvRow(
            n === 0
              ? { ...base, 'Option1 Name': 'Size', ...variant }
              : { Handle: handle, ...variant, 'Variant Inventory Tracker': 'shopify', 'Variant Inventory Qty': '8' },
          ),
        );
      }
    } else if (i % 15 === 0) {
      lines.push(csvRow({ ...base, 'Option1 Name': 'Color', 'Option1 Value': 'Red', 'Variant Price': '12.00' }));
      lines.push(csvRow({ Handle: handle, 'Option1 Value': 'Blue', 'Variant Price': '12.00' }));
    } else {
      if (i === 7) brokenImageLine = lines.length + 1;
      lines.push(
        csvRow({
          ...base,
          'Option1 Name': 'Title',
          'Option1 Value': 'Default Title',
          'Variant Price': `${10 + (i % 30)}.50`,
        }),
      );
    }
  }
  return { text: `${lines.join('\r\n')}\r\n`, brokenImageLine };
}

suite('products in and out as Shopify CSV in the back office', () => {
  let server: AdminServer;
  let images: Awaited<ReturnType<typeof startImageHost>>;
  let browser: Browser;
  let api: ReturnType<typeof makeApi>;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  /** The first import of the catalog file: its page lists a problem. */
  let fellsideJob = '';

  const makeApi = (baseUrl: string, apiKey: string) =>
    createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { products, productCsv } });

  beforeAll(async () => {
    await buildApps();
    images = await startImageHost();
    // The image host is on loopback: the server fetches private addresses only when told to (as in development).
    server = await startAdminServer({ fetchPrivateHosts: true });
    browser = await launchChromium();
    api = makeApi(server.baseUrl, (await server.app.services.apiKeys.create({ name: 'E2E product CSV' })).key);
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
    await images?.close();
  });

  async function staffPage(viewport?: { width: number; height: number }): Promise<Page> {
    const { context, page } = await newStaffPage(browser, problems, viewport);
    contexts.push(context);
    onTestFailed(async ({ task }) => {
      await shot(page, `product-csv-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
    });
    return page;
  }

  /** Every product of the store, hidden ones included. */
  const productCount = async () =>
    (await api.products.queryProductsPage({ paging: { limit: 1, offset: 0 } }, { includeHiddenProducts: true }))
      .metadata.total ?? Number.NaN;

  /** The figure under `label` in the import's counts. */
  const figure = (page: Page, label: string) =>
    page
      .locator('.csv-count')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd')
      .textContent();

  /** Chooses `text` as the file to import on the import page and starts it (a screenshot in between if named). */
  async function upload(page: Page, name: string, text: string, screenshot?: string) {
    await page
      .getByLabel('CSV file to import')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await page.locator('.csv-drop__file').getByText(name, { exact: true }).waitFor();
    if (screenshot) await shot(page, screenshot);
    await page.getByRole('button', { name: 'Start import' }).click();
  }

  /** Waits on the import's page until it has finished, and answers its id. */
  async function finished(page: Page): Promise<string> {
    await page.waitForURL(/\/admin\/products\/import\/[^/]+$/);
    await page
      .getByRole('status')
      .filter({ hasText: /^Import done/ })
      .waitFor({ state: 'attached', timeout: 60_000 });
    return new URL(page.url()).pathname.split('/').pop() as string;
  }

  it('imports a Shopify CSV of 200 products with variants, and the shop sells them', async () => {
    const before = await productCount();
    const { text, brokenImageLine } = catalogFile(images.base);
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products');
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Import products' }).waitFor();
    await page.getByText('No imports yet').waitFor();
    await upload(page, 'fellside.csv', text, 'product-csv-01-file-chosen');
    const id = await finished(page);
    fellsideJob = id;

    await page.getByRole('heading', { level: 1, name: 'fellside.csv' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Done' }).getAttribute('value')).toBe('1');
    expect(await figure(page, 'Products in the file')).toBe('200');
    expect(await figure(page, 'Created')).toBe('200');
    expect(await figure(page, 'Updated')).toBe('0');
    expect(await figure(page, 'Failed')).toBe('0');
    expect(await figure(page, 'Images not added')).toBe('1');
    // The image that answered 404 is reported on its row; the product was imported without it.
    const table = page.getByRole('table', { name: 'Problems by line and column' });
    const broken = table.locator('tbody tr').filter({ hasText: 'csv-trail-007' });
    await broken.waitFor();
    const cells = await broken.locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual([String(brokenImageLine), 'Image Src', 'csv-trail-007', 'Imported without it']);
    expect(cells[4]).toContain('404');
    expect(await table.locator('tbody tr').count()).toBe(1);
    // Columns Merx has no place for are named, not refused.
    expect(await page.locator('.csv-skipped').textContent()).toContain('Tags');
    await shot(page, 'product-csv-02-done');

    expect(await productCount()).toBe(before + 200);
    const job = await api.productCsv.getImport(id);
    expect(job).toMatchObject({
      status: 'DONE',
      productsCreated: 200,
      productsFailed: 0,
      rowsTotal: text.trimEnd().split('\r\n').length - 1,
    });
    const featured = (await api.products.queryProductsPage({ filter: { name: FEATURED.title } })).products[0];
    expect(featured?.slug).toBe(FEATURED.handle);
    expect(featured?.media.items.map((m) => m.image?.url)).toEqual([`${images.base}/img/${FEATURED.handle}.png`]);
    const seven = (await api.products.queryProductsPage({ filter: { name: 'Trail Kit 007' } })).products[0];
    expect(seven?.media.items).toEqual([]);

    // The shop: found by search, the product page with its sizes and their prices.
    await page.goto(`${server.baseUrl}/shop?q=Ridge%20Runner`);
    await page.getByRole('link', { name: FEATURED.title }).first().click();
    await page.getByRole('heading', { level: 1, name: FEATURED.title }).waitFor();
    expect(await page.locator('.product__price').textContent()).toContain('$40.00');
    expect(await page.getByLabel('Size').locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['S', 'M', 'L']),
    );
    await page.getByLabel('Size').selectOption('L');
    await expect.poll(() => page.locator('.product__price').textContent()).toContain('$45.00');
    const image = page.locator('.product img').first();
    await expect.poll(() => image.getAttribute('src')).toContain(`/img/${FEATURED.handle}.png`);
    await shot(page, 'product-csv-03-in-the-shop');

    // The same file again: every product found by its handle and updated, none added.
    await page.goto(`${server.baseUrl}/admin/products/import`);
    await page.getByRole('table', { name: 'Recent imports' }).getByRole('link', { name: 'fellside.csv' }).waitFor();
    await upload(page, 'fellside.csv', text);
    const again = await finished(page);
    expect(again).not.toBe(id);
    expect(await figure(page, 'Created')).toBe('0');
    expect(await figure(page, 'Updated')).toBe('200');
    expect(await figure(page, 'Failed')).toBe('0');
    expect(await productCount()).toBe(before + 200);
    const still = (await api.products.queryProductsPage({ filter: { name: FEATURED.title } })).products;
    expect(still.map((p) => p.id)).toEqual([featured?.id]);
    expect(still[0]?.media.items).toHaveLength(1);
    await shot(page, 'product-csv-04-imported-again');
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses a file without a Handle column at the top of the page, writing nothing', async () => {
    const before = await productCount();
    const jobs = (await api.productCsv.listImports({ limit: 100 })).length;
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products/import');
    await upload(page, 'no-handle.csv', 'Title,Variant Price\r\nLoose Hat,5.00\r\nLoose Scarf,7.00\r\n');
    const refusal = page.getByRole('alert').filter({ hasText: '“no-handle.csv” was not imported' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Line 1: the file has no Handle column.');
    expect(await refusal.textContent()).toContain('Nothing in the store was changed.');
    expect(await refusal.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(page.url()).toMatch(/\/admin\/products\/import$/);
    await shot(page, 'product-csv-05-refused');
    expect(await productCount()).toBe(before);
    expect((await api.productCsv.listImports({ limit: 100 })).length).toBe(jobs);

    // A file that is not a CSV at all is stopped before it is sent.
    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'catalog.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('PK\u0003\u0004 not really a workbook'),
    });
    await page.getByText('“catalog.xlsx” is not a CSV file').waitFor();
    expect(await page.getByRole('button', { name: 'Start import' }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('fails only the product with a bad price, listed by line and column; the others are imported', async () => {
    const before = await productCount();
    const text = [
      SHOPIFY_HEADER.join(','),
      csvRow({ Handle: 'price-ok-one', Title: 'Price OK One', 'Variant Price': '9.00' }),
      csvRow({ Handle: 'price-bad', Title: 'Price Bad', 'Variant Price': '12,50' }),
      csvRow({ Handle: 'price-ok-two', Title: 'Price OK Two', 'Variant Price': '11.00' }),
    ].join('\r\n');
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products/import');
    await upload(page, 'bad-price.csv', text);
    await finished(page);
    expect(await figure(page, 'Created')).toBe('2');
    expect(await figure(page, 'Failed')).toBe('1');
    const rows = page.getByRole('table', { name: 'Problems by line and column' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    const cells = await rows.first().locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual(['3', 'Variant Price', 'price-bad', 'Not imported']);
    await shot(page, 'product-csv-06-bad-price');
    expect(await productCount()).toBe(before + 2);
    const bad = await api.products.queryProductsPage(
      { filter: { name: 'Price Bad' } },
      { includeHiddenProducts: true },
    );
    expect(bad.products).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows a long import moving, row by row, to the end', async () => {
    const lines = [SHOPIFY_HEADER.join(',')];
    for (let i = 0; i < 2000; i++)
      lines.push(csvRow({ Handle: `bulk-item-${i}`, Title: `Bulk Item ${i}`, 'Variant Price': '3.00' }));
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products/import');
    await upload(page, 'bulk.csv', lines.join('\r\n'));
    await page.waitForURL(/\/admin\/products\/import\/[^/]+$/);
    const bar = page.locator('.csv-meter progress');
    const seen: number[] = [];
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const value = Number((await bar.getAttribute('value').catch(() => null)) ?? 0);
      seen.push(value);
      if (value > 0 && value < 1 && !seen.slice(0, -1).includes(value)) await shot(page, 'product-csv-07-progress');
      if (value === 1) break;
      await page.waitForTimeout(150);
    }
    expect(seen.at(-1)).toBe(1);
    // The bar went through values between the start and the end, read while the server worked.
    expect(seen.some((v) => v > 0 && v < 1)).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: /^Import done/ })
      .waitFor({ state: 'attached' });
    expect(await figure(page, 'Created')).toBe('2,000');
  }, 120_000);

  it('exports the catalog as a Shopify CSV download', async () => {
    const total = await productCount();
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products');
    await page.getByRole('link', { name: 'Export', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Export products' }).waitFor();
    const button = page.getByRole('button', { name: `Export ${total.toLocaleString('en-US')} products` });
    await button.waitFor();
    await shot(page, 'product-csv-08-export');
    const downloading = page.waitForEvent('download');
    await button.click();
    // The bar is shown while the pages are read; on a quick machine it may be gone before it is seen.
    await page
      .getByRole('progressbar', { name: 'Exporting' })
      .waitFor({ timeout: 1_000 })
      .then(() => shot(page, 'product-csv-08b-exporting'))
      .catch(() => undefined);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path()) as string, 'utf8');
    const rows = parseCsv(text);
    expect(rows[0]?.join(',')).toBe(EXPORT_HEADER);
    expect(text.startsWith(`${EXPORT_HEADER}\r\n`)).toBe(true);
    const handles = new Set(rows.slice(1).map((r) => r[0]));
    expect(handles.size).toBe(total);
    expect(handles).toContain(FEATURED.handle);
    const featured = rows.filter((r) => r[0] === FEATURED.handle);
    const price = EXPORT_HEADER.split(',').indexOf('Variant Price');
    const size = EXPORT_HEADER.split(',').indexOf('Option1 Value');
    expect(featured.map((r) => [r[size], r[price]])).toEqual([
      ['S', '40.00'],
      ['M', '42.00'],
      ['L', '45.00'],
    ]);
    await page.getByRole('status').filter({ hasText: 'is ready' }).waitFor();
    await page.getByRole('link', { name: 'Download again' }).waitFor();
    await shot(page, 'product-csv-09-exported');
    expect(problems).toEqual([]);
  }, 90_000);

  it('shows a staff member who may only read the catalog the export, and no import', async () => {
    const email = 'csv-reader@staff.test';
    const password = await server.addStaff({ email, role: 'staff', permissions: ['catalog:read'] });
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/products', { email, password });
    await page.locator('table tbody tr').first().waitFor();
    await page.getByRole('link', { name: 'Export', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Import', exact: true }).count()).toBe(0);
    await page.goto(`${server.baseUrl}/admin/products/import`);
    await page.getByText("You don't have access to imports").waitFor();
    expect(await page.getByLabel('CSV file to import').count()).toBe(0);
    await shot(page, 'product-csv-10-no-import');
  });

  it('fits 1024 px and has no serious or critical axe violations', async () => {
    const page = await staffPage({ width: 1024, height: 768 });
    await signIn(page, server.baseUrl, '/admin/products/import');
    const pages = [
      ['/admin/products/import', 'import'],
      [`/admin/products/import/${fellsideJob}`, 'job'],
      ['/admin/products/export', 'export'],
    ] as const;
    for (const [path, name] of pages) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('main .card').first().waitFor();
      if (name !== 'export') await page.locator('main table tbody tr').first().waitFor();
      else await page.getByRole('button', { name: /^Export \d/ }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await shot(page, `product-csv-11-1024-${name}`);
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    }
    // The refusal, too.
    await page.goto(`${server.baseUrl}/admin/products/import`);
    await upload(page, 'two-handles.csv', 'Handle,Title,handle\r\nx,y,z\r\n');
    await page.getByRole('alert').filter({ hasText: 'appears twice' }).waitFor();
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  }, 120_000);
});
