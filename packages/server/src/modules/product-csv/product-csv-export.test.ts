import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff, startTestServer, type TestServer } from '../../testing.js';
import { importCsv, productBySlug, sampleCsv, startImageHost } from './product-csv-test-kit.js';

let a: TestServer;
let b: TestServer;
let host: Awaited<ReturnType<typeof startImageHost>>;

beforeAll(async () => {
  [a, b, host] = await Promise.all([startTestServer(), startTestServer(), startImageHost()]);
  const job = await importCsv(a, sampleCsv(host.base), a.apiKey);
  expect(job.productsCreated).toBe(19);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close(), host?.close()]);
});

async function exported(server: TestServer, auth = server.apiKey) {
  const res = await server.app.inject({
    method: 'GET',
    url: '/_api/merx/v1/product-exports',
    headers: { authorization: auth },
  });
  return res;
}

/** What a shopper and the merchant see of a product, without what a new store gives anew (ids, dates, counters). */
// biome-ignore lint/suspicious/noExplicitAny: products as read
function comparable(p: any) {
  const mediaUrl = Object.fromEntries(
    p.media.items.map((m: { id: string; image: { url: string } }) => [m.id, m.image.url]),
  );
  return {
    ...p,
    id: undefined,
    numericId: undefined,
    inventoryItemId: undefined,
    lastUpdated: undefined,
    createdDate: undefined,
    updatedDate: undefined,
    media: p.media.items.map((m: { image: unknown }) => m.image),
    mainMedia: undefined,
    productOptions: p.productOptions.map((o: { choices: Array<{ media?: { items: Array<{ id: string }> } }> }) => ({
      ...o,
      choices: o.choices.map((c) => ({ ...c, media: (c.media?.items ?? []).map((m) => mediaUrl[m.id]) })),
    })),
    variants: p.variants.map((v: { id: string }) => ({ ...v, id: undefined })),
  };
}

async function allProducts(server: TestServer) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/stores-reader/v1/products/query-platformized',
    headers: { authorization: server.apiKey, 'content-type': 'application/json' },
    payload: JSON.stringify({
      query: { paging: { limit: 100 }, sort: [{ fieldName: 'slug' }] },
      includeMerchantSpecificData: true,
    }),
  });
  return res.json().products.map(comparable);
}

describe('exporting the catalog as a Shopify product CSV', () => {
  it('gives back the same catalog when imported into an empty store, and the same file when exported again', async () => {
    const first = await exported(a);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
    const job = await importCsv(b, first.body, b.apiKey);
    expect(job).toMatchObject({ status: 'DONE', productsCreated: 19, productsFailed: 0, errorCount: 0 });
    const [before, after] = [await allProducts(a), await allProducts(b)];
    expect(before).toHaveLength(19);
    expect(before.filter((p: { manageVariants: boolean }) => p.manageVariants).length).toBeGreaterThan(3);
    expect(after).toEqual(before);
    expect((await exported(b)).body).toBe(first.body);
  });

  it('writes UTF-8 with a header, RFC 4180 quoting and CRLF line ends', async () => {
    const text = (await exported(a)).body;
    expect(text.startsWith('Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name')).toBe(
      true,
    );
    expect(text).toContain('\r\n');
    const rows = parse(text, { columns: true }) as Array<Record<string, string>>;
    const tote = rows.find((r) => r.Handle === 'canvas-tote');
    expect(tote?.['Body (HTML)']).toBe(
      '<p>Heavy canvas tote, "the one bag", with an inside pocket; holds a laptop, lunch, and more.</p>',
    );
    expect(text).toContain('"<p>Heavy canvas tote, ""the one bag"", with an inside pocket');
  });

  it('guards cells a spreadsheet would run as formulas, and reads them back as they were', async () => {
    const made = await a.app.inject({
      method: 'POST',
      url: '/stores/v1/products',
      headers: { authorization: a.apiKey, 'content-type': 'application/json' },
      payload: JSON.stringify({
        product: {
          name: '=HYPERLINK("http://evil.test","x")',
          slug: 'formula-test',
          brand: '@brand',
          sku: '+1',
          priceData: { price: 3 },
        },
      }),
    });
    expect(made.statusCode, made.body).toBe(200);
    const rows = parse((await exported(a)).body, { columns: true }) as Array<Record<string, string>>;
    const row = rows.find((r) => r.Handle === 'formula-test');
    expect(row).toMatchObject({
      Title: `'=HYPERLINK("http://evil.test","x")`,
      Vendor: "'@brand",
      'Variant SKU': "'+1",
    });
    const c = await startTestServer();
    try {
      await importCsv(c, (await exported(a)).body, c.apiKey);
      expect(await productBySlug(c, c.apiKey, 'formula-test')).toMatchObject({
        name: '=HYPERLINK("http://evil.test","x")',
        brand: '@brand',
        sku: '+1',
      });
    } finally {
      await c.close();
    }
  });

  it('reads the same file in JSON pages of CSV text, each page starting where the last ended', async () => {
    const whole = (await exported(a)).body;
    let text = '';
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const url = `/_api/merx/v1/product-exports/page?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await a.app.inject({ method: 'GET', url, headers: { authorization: a.apiKey } });
      expect(res.statusCode, res.body).toBe(200);
      text += res.json().csv;
      cursor = res.json().nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThan(6);
    expect(text).toBe(whole);
    const bad = await a.app.inject({
      method: 'GET',
      url: '/_api/merx/v1/product-exports/page?cursor=x1',
      headers: { authorization: a.apiKey },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.validationError.fieldViolations[0].field).toBe('cursor');
  });

  it('leaves out a product with more than three options, and says so', async () => {
    const options = ['A', 'B', 'C', 'D'].map((name) => ({ name, choices: [{ description: `${name}1` }] }));
    const made = await a.app.inject({
      method: 'POST',
      url: '/stores/v1/products',
      headers: { authorization: a.apiKey, 'content-type': 'application/json' },
      payload: JSON.stringify({
        product: { name: 'Four options', slug: 'four-options', productOptions: options, priceData: { price: 1 } },
      }),
    });
    expect(made.statusCode, made.body).toBe(200);
    const page = await a.app.inject({
      method: 'GET',
      url: '/_api/merx/v1/product-exports/page?limit=500',
      headers: { authorization: a.apiKey },
    });
    expect(page.json().skipped).toEqual([{ handle: 'four-options', reason: expect.stringContaining('three options') }]);
    expect(page.json().csv).not.toContain('four-options');
  });

  it('is for staff and keys holding catalog:read', async () => {
    const key = async (scopes: string[]) => (await a.services.apiKeys.create({ name: scopes.join(), scopes })).key;
    expect((await exported(a, await key(['catalog:read']))).statusCode).toBe(200);
    expect(
      (await exported(a, (await signInStaff(a, { role: 'staff', permissions: ['catalog:read'] })).token)).statusCode,
    ).toBe(200);
    expect((await exported(a, await key(['orders:read']))).statusCode).toBe(403);
    expect(
      (await exported(a, (await signInStaff(a, { role: 'staff', permissions: ['orders:read'] })).token)).statusCode,
    ).toBe(403);
    const anonymous = await a.app.inject({ method: 'GET', url: '/_api/merx/v1/product-exports' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().details.applicationError.code).toBe('UNAUTHENTICATED');
  });
});
