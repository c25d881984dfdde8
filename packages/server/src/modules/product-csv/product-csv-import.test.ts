import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing.js';
import { catalogCounts, importCsv, productBySlug, sampleCsv, startImageHost } from './product-csv-test-kit.js';

let server: TestServer;
let host: Awaited<ReturnType<typeof startImageHost>>;
let job: Awaited<ReturnType<typeof importCsv>>;

beforeAll(async () => {
  server = await startTestServer();
  host = await startImageHost();
  job = await importCsv(server, sampleCsv(host.base), server.apiKey);
});
afterAll(async () => {
  await server?.close();
  await host?.close();
});

describe('importing a Shopify product CSV', () => {
  it('creates a product for every handle and fails the gift card, naming its line and column', async () => {
    expect(job.status).toBe('DONE');
    expect(job).toMatchObject({
      rowsTotal: 47,
      rowsDone: 47,
      productsTotal: 20,
      productsCreated: 19,
      productsFailed: 1,
    });
    const errors = job.errors.filter((e) => e.severity === 'ERROR');
    expect(errors).toEqual([expect.objectContaining({ handle: 'gift-card', column: 'Gift Card', line: 36, row: 36 })]);
    expect(await productBySlug(server, server.apiKey, 'gift-card')).toBeUndefined();
    expect((await catalogCounts(server)).products).toBe(19);
  });

  it('lists the columns Merx has no place for once', () => {
    expect(job.columnsNotImported).toEqual([
      'Product Category',
      'Type',
      'Tags',
      'Variant Inventory Policy',
      'Variant Fulfillment Service',
      'Variant Taxable',
      'Variant Barcode',
      'Google Shopping / Google Product Category',
      'Google Shopping / Gender',
      'Google Shopping / Condition',
      'Variant Weight Unit',
      'Variant Tax Code',
      'Included / United States',
      'Price / International',
      'Compare At Price / International',
    ]);
  });

  it('warns of a negative stock count and imports it as none', async () => {
    expect(job.errors).toContainEqual(
      expect.objectContaining({
        handle: 'snowboard-the-multi-managed',
        column: 'Variant Inventory Qty',
        severity: 'WARNING',
      }),
    );
    const p = await productBySlug(server, server.apiKey, 'snowboard-the-multi-managed');
    expect(p.stock).toMatchObject({ trackInventory: true, quantity: 0, inStock: false });
  });

  it('reads options, variants, stock, cost, weight, SEO and images of a multi-row product', async () => {
    const p = await productBySlug(server, server.apiKey, 'ocean-blue-shirt');
    expect(p).toMatchObject({
      name: 'Ocean Blue Shirt',
      brand: 'partners-demo',
      visible: true,
      productType: 'physical',
      manageVariants: true,
      priceData: { price: 50, discountedPrice: 50 },
      costAndProfitData: { itemCost: 21.5 },
    });
    expect(p.productOptions).toEqual([
      expect.objectContaining({
        name: 'Size',
        choices: ['XS', 'S', 'M', 'L'].map((d) => expect.objectContaining({ description: d })),
      }),
    ]);
    const bySize = Object.fromEntries(p.variants.map((v: { choices: { Size: string } }) => [v.choices.Size, v]));
    expect(bySize.M).toMatchObject({
      variant: { sku: 'OBS-M', weight: 0.26 },
      stock: { trackQuantity: true, quantity: 15 },
    });
    expect(bySize.L.stock).toMatchObject({ quantity: 0, inStock: false });
    expect(
      p.media.items.map((m: { image: { url: string; altText?: string } }) => [m.image.url, m.image.altText]),
    ).toEqual([
      [`${host.base}/files/ocean-blue-shirt_1.jpg`, 'Ocean blue shirt, front'],
      [`${host.base}/files/ocean-blue-shirt_2.jpg`, 'Ocean blue shirt, back'],
    ]);
    expect(p.seoData.tags).toEqual([
      expect.objectContaining({ type: 'title', children: 'Ocean Blue Shirt | Partners Demo' }),
      expect.objectContaining({
        type: 'meta',
        props: { name: 'description', content: 'A blue cotton shirt for every day.' },
      }),
    ]);
  });

  it('turns compare-at prices into the product discount', async () => {
    const jumper = await productBySlug(server, server.apiKey, 'yellow-wool-jumper');
    expect(jumper.priceData).toMatchObject({ price: 80, discountedPrice: 64 });
    expect(jumper.discount).toEqual({ type: 'AMOUNT', value: 16 });
    // 24 of 30 and 48 of 60: the same 20 % off.
    const planter = await productBySlug(server, server.apiKey, 'ceramic-planter');
    expect(planter.discount).toEqual({ type: 'PERCENT', value: 20 });
    expect(planter.variants.map((v: { variant: { priceData: unknown } }) => v.variant.priceData)).toEqual([
      expect.objectContaining({ price: 30, discountedPrice: 24 }),
      expect.objectContaining({ price: 60, discountedPrice: 48 }),
    ]);
  });

  it('keeps every option combination, hiding the ones the file does not list', async () => {
    const boots = await productBySlug(server, server.apiKey, 'hiking-boots');
    expect(boots.productOptions.map((o: { name: string }) => o.name)).toEqual(['Size', 'Color', 'Width']);
    expect(boots.variants).toHaveLength(8);
    const shown = boots.variants.filter((v: { variant: { visible: boolean } }) => v.variant.visible);
    expect(shown.map((v: { variant: { sku: string } }) => v.variant.sku).sort()).toEqual([
      'HB-42-BR-R',
      'HB-42-BR-W',
      'HB-43-BK-R',
      'HB-43-BR-R',
    ]);
    expect(boots.description).toContain('<a href="https://example.com/care">care guide</a>');
    expect(boots.description).not.toContain('script');
  });

  it('shows variant images for the option they go with, and adds each image once', async () => {
    const top = await productBySlug(server, server.apiKey, 'classic-varsity-top');
    expect(top.media.items).toHaveLength(2);
    const color = top.productOptions.find((o: { name: string }) => o.name === 'Color');
    const urls = Object.fromEntries(
      top.media.items.map((m: { id: string; image: { url: string } }) => [m.id, m.image.url]),
    );
    const grey = color.choices.find((c: { description: string }) => c.description === 'Grey');
    expect(grey.media.items.map((m: { id: string }) => urls[m.id])).toEqual([`${host.base}/files/varsity-grey.jpg`]);
  });

  it('reads visibility from Published and Status, and digital products from Requires Shipping', async () => {
    expect((await productBySlug(server, server.apiKey, 'snowboard-the-draft')).visible).toBe(false);
    expect((await productBySlug(server, server.apiKey, 'snowboard-the-archived')).visible).toBe(false);
    const book = await productBySlug(server, server.apiKey, 'sourdough-ebook');
    expect(book).toMatchObject({ productType: 'digital', stock: { trackInventory: false, inStock: true } });
    const minimal = await productBySlug(server, server.apiKey, 'snowboard-the-minimal');
    expect(minimal).toMatchObject({ productOptions: [], manageVariants: false, sku: 'SB-MINIMAL', weight: 3.1 });
  });

  it('makes products as the catalog API does: in All Products, with created events and the inventory log', async () => {
    const counts = await catalogCounts(server);
    // The All Products link of each product.
    expect(counts.links).toBe(19);
    const created = await server.merx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'wix.stores.catalog.v1.product_created')
      .executeTakeFirstOrThrow();
    expect(Number(created.n)).toBe(19);
    expect(counts.inventory).toBeGreaterThan(0);
  });
});
