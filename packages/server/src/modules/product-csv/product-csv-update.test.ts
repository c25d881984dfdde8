import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff, startTestServer, type TestServer, visitorToken } from '../../testing.js';
import {
  catalogCounts,
  HEADER,
  importCsv,
  postCsv,
  productBySlug,
  row,
  startImageHost,
} from './product-csv-test-kit.js';

let server: TestServer;
let host: Awaited<ReturnType<typeof startImageHost>>;

beforeAll(async () => {
  [server, host] = await Promise.all([startTestServer(), startImageHost()]);
});
afterAll(async () => {
  await Promise.all([server?.close(), host?.close()]);
});

const mug = (fields: Record<string, string>) => row({ Handle: 'mug', ...fields });

describe('importing a file again', () => {
  it('updates the products of its handles: fields, variants matched by option values, stock, media once', async () => {
    const v1 = [
      HEADER,
      mug({
        Title: 'Mug',
        'Option1 Name': 'Size',
        'Option1 Value': 'S',
        'Variant Price': '10',
        'Variant Inventory Tracker': 'shopify',
        'Variant Inventory Qty': '5',
        'Image Src': `${host.base}/files/a.jpg`,
      }),
      mug({
        'Option1 Value': 'M',
        'Variant Price': '10',
        'Variant Inventory Tracker': 'shopify',
        'Variant Inventory Qty': '5',
      }),
      row({ Handle: 'lamp', Title: 'Lamp', 'Variant Price': '20' }),
    ].join('\n');
    await importCsv(server, v1, server.apiKey);
    const before = await productBySlug(server, server.apiKey, 'mug');
    const counts = await catalogCounts(server);
    const v2 = [
      HEADER,
      mug({
        Title: 'Big Mug',
        'Option1 Name': 'Size',
        'Option1 Value': 'S',
        'Variant Price': '12',
        'Variant Inventory Tracker': 'shopify',
        'Variant Inventory Qty': '9',
        'Image Src': `${host.base}/files/a.jpg`,
      }),
      mug({
        'Option1 Value': 'M',
        'Variant Price': '10',
        'Variant Inventory Tracker': 'shopify',
        'Variant Inventory Qty': '5',
        'Image Src': `${host.base}/files/b.jpg`,
      }),
      mug({
        'Option1 Value': 'L',
        'Variant Price': '11',
        'Variant Inventory Tracker': 'shopify',
        'Variant Inventory Qty': '2',
      }),
      row({ Handle: 'lamp', Title: 'Lamp', 'Variant Price': '25', 'Variant Compare At Price': '30' }),
    ].join('\n');
    const job = await importCsv(server, v2, server.apiKey);
    expect(job).toMatchObject({ productsCreated: 0, productsUpdated: 2, productsFailed: 0 });
    const after = await productBySlug(server, server.apiKey, 'mug');
    expect(after.id).toBe(before.id);
    expect(after.name).toBe('Big Mug');
    const idOf = (p: typeof before, size: string) =>
      p.variants.find((v: { choices: { Size: string } }) => v.choices.Size === size);
    expect(idOf(after, 'S').id).toBe(idOf(before, 'S').id);
    expect(idOf(after, 'M').id).toBe(idOf(before, 'M').id);
    expect(idOf(after, 'S')).toMatchObject({ variant: { priceData: { price: 12 } }, stock: { quantity: 9 } });
    expect(idOf(after, 'L')).toMatchObject({
      variant: { priceData: { price: 11 }, visible: true },
      stock: { quantity: 2 },
    });
    expect(after.media.items.map((m: { image: { url: string } }) => m.image.url)).toEqual([
      `${host.base}/files/a.jpg`,
      `${host.base}/files/b.jpg`,
    ]);
    const lamp = await productBySlug(server, server.apiKey, 'lamp');
    expect(lamp.priceData).toMatchObject({ price: 30, discountedPrice: 25 });
    // One new variant (L), no new product.
    expect(await catalogCounts(server)).toMatchObject({ products: counts.products, variants: counts.variants + 1 });
  });

  it('keeps what the file has no column for', async () => {
    const stockOnly = ['Handle,Option1 Name,Option1 Value,Variant Inventory Qty', 'mug,Size,S,1', 'mug,,M,0'].join(
      '\n',
    );
    const before = await productBySlug(server, server.apiKey, 'mug');
    const job = await importCsv(server, stockOnly, server.apiKey);
    expect(job).toMatchObject({ productsUpdated: 1, productsFailed: 0, errorCount: 0 });
    const after = await productBySlug(server, server.apiKey, 'mug');
    expect(after).toMatchObject({ name: before.name, priceData: before.priceData, media: before.media });
    const stock = Object.fromEntries(
      after.variants.map((v: { choices: { Size: string }; stock: { quantity: number } }) => [
        v.choices.Size,
        v.stock.quantity,
      ]),
    );
    expect(stock).toEqual({ S: 1, M: 0, L: 2 });
  });

  it('writes nothing when nothing changed', async () => {
    const csv = [HEADER, row({ Handle: 'steady', Title: 'Steady', 'Variant Price': '5' })].join('\n');
    await importCsv(server, csv, server.apiKey);
    const counts = await catalogCounts(server);
    const job = await importCsv(server, csv, server.apiKey);
    expect(job.productsUpdated).toBe(1);
    expect(await catalogCounts(server)).toEqual(counts);
  });
});

describe('who may import', () => {
  it('is staff and keys holding catalog:write', async () => {
    const csv = [HEADER, row({ Handle: 'by-staff', Title: 'By staff', 'Variant Price': '5' })].join('\n');
    const key = async (scopes: string[]) => (await server.services.apiKeys.create({ name: scopes.join(), scopes })).key;
    const staff = (await signInStaff(server, { role: 'staff', permissions: ['catalog:write'] })).token;
    const reader = await key(['catalog:read']);
    expect((await postCsv(server, csv, undefined)).status).toBe(401);
    expect((await postCsv(server, csv, await visitorToken(server))).status).toBe(401);
    expect((await postCsv(server, csv, reader)).status).toBe(403);
    expect(
      (await postCsv(server, csv, (await signInStaff(server, { role: 'staff', permissions: ['catalog:read'] })).token))
        .status,
    ).toBe(403);
    const job = await importCsv(server, csv, staff);
    expect(job.productsCreated).toBe(1);
    const list = await server.app.inject({
      method: 'GET',
      url: '/_api/merx/v1/product-imports?limit=2',
      headers: { authorization: await key(['catalog:write']) },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().productImports[0]).toMatchObject({ id: job.id, status: 'DONE' });
    const unknown = await server.app.inject({
      method: 'GET',
      url: '/_api/merx/v1/product-imports/nope',
      headers: { authorization: staff },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details.applicationError.code).toBe('PRODUCT_IMPORT_NOT_FOUND');
    const readOnly = await server.app.inject({
      method: 'GET',
      url: `/_api/merx/v1/product-imports/${job.id}`,
      headers: { authorization: reader },
    });
    expect(readOnly.statusCode).toBe(403);
  });
});
