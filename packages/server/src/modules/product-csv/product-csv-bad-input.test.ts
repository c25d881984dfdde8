import { productCsvLimits } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing.js';
import { catalogCounts, HEADER, importCsv, postCsv, productBySlug, row } from './product-csv-test-kit.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const good = (handle: string, extra: Record<string, string> = {}) =>
  row({ Handle: handle, Title: `Good ${handle}`, 'Variant Price': '10.00', ...extra });

/** Rows written by an import's refusal: jobs, uploads and their parts, and the catalog. */
async function everything() {
  const count = async (table: 'product_imports' | 'product_import_uploads' | 'product_import_parts') =>
    Number(
      (
        await server.merx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    ...(await catalogCounts(server)),
    jobs: await count('product_imports'),
    uploads: await count('product_import_uploads'),
    parts: await count('product_import_parts'),
  };
}

describe('a product of the file that is wrong', () => {
  it('is not imported, its problems name their line and column, and the other products are', async () => {
    const lines = [
      HEADER,
      good('first-good'), // 2
      row({ Handle: 'comma-price', Title: 'Comma', 'Variant Price': '12,50' }), // 3
      row({ Handle: 'negative-price', Title: 'Negative', 'Variant Price': '-3' }), // 4
      row({ Handle: 'word-price', Title: 'Word', 'Variant Price': 'abc' }), // 5
      row({
        Handle: 'missing-value',
        Title: 'Missing',
        'Option1 Name': 'Size',
        'Option1 Value': 'S',
        'Option2 Name': 'Color',
        'Option2 Value': 'Red',
        'Variant Price': '5',
      }), // 6
      row({ Handle: 'missing-value', 'Option1 Value': 'M', 'Variant Price': '5' }), // 7
      row({ Handle: 'twins', Title: 'Twins', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Variant Price': '5' }), // 8
      row({ Handle: 'twins', 'Option1 Value': 's', 'Variant Price': '6' }), // 9
      row({ Handle: 'Not A Slug!', Title: 'Bad handle', 'Variant Price': '5' }), // 10
      row({ Handle: 'split-up', Title: 'Split', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Variant Price': '5' }), // 11
      good('in-between'), // 12
      row({ Handle: 'split-up', 'Option1 Value': 'M', 'Variant Price': '5' }), // 13
      row({
        Handle: 'odd-values',
        Title: 'Odd',
        Published: 'maybe',
        Status: 'pending',
        'Variant Requires Shipping': 'yes',
        'Variant Price': '5',
      }), // 14
      row({ Handle: 'no-title', 'Variant Price': '5' }), // 15
      good('last-good'), // 16
    ];
    const job = await importCsv(server, `${lines.join('\n')}\n`, server.apiKey);
    expect(job).toMatchObject({ status: 'DONE', productsCreated: 3, productsFailed: 9, productsTotal: 12 });
    const where = job.errors.map((e) => [e.line, e.column, e.handle]);
    expect(where).toEqual([
      [3, 'Variant Price', 'comma-price'],
      [4, 'Variant Price', 'negative-price'],
      [5, 'Variant Price', 'word-price'],
      [7, 'Option2 Value', 'missing-value'],
      [9, 'Option1 Value', 'twins'],
      [10, 'Handle', 'Not A Slug!'],
      [11, 'Handle', 'split-up'],
      [13, 'Handle', 'split-up'],
      [14, 'Published', 'odd-values'],
      [14, 'Status', 'odd-values'],
      [14, 'Variant Requires Shipping', 'odd-values'],
      [15, 'Title', 'no-title'],
    ]);
    expect(job.errors[0]?.message).toContain('point');
    expect(job.errors[4]?.message).toContain('line 8');
    expect(job.errors[6]?.message).toContain('11, 13');
    for (const handle of ['first-good', 'in-between', 'last-good'])
      expect(await productBySlug(server, server.apiKey, handle)).toBeDefined();
    for (const handle of [
      'comma-price',
      'negative-price',
      'word-price',
      'missing-value',
      'twins',
      'split-up',
      'odd-values',
    ])
      expect(await productBySlug(server, server.apiKey, handle)).toBeUndefined();
  });

  it('is not imported when a price has more decimals than the currency, never rounded to a free product', async () => {
    const lines = [
      HEADER,
      row({ Handle: 'tenth-of-a-cent', Title: 'Tenth', 'Variant Price': '0.001' }), // 2
      row({ Handle: 'half-a-cent', Title: 'Half', 'Variant Price': '10.005' }), // 3
      row({ Handle: 'one-cent', Title: 'Cent', 'Variant Price': '0.01' }), // 4
      row({ Handle: 'ten-fifty', Title: 'Ten fifty', 'Variant Price': '10.50' }), // 5
    ];
    const job = await importCsv(server, `${lines.join('\n')}\n`, server.apiKey);
    expect(job).toMatchObject({ status: 'DONE', productsCreated: 2, productsFailed: 2 });
    expect(job.errors.map((e) => [e.line, e.column, e.handle])).toEqual([
      [2, 'Variant Price', 'tenth-of-a-cent'],
      [3, 'Variant Price', 'half-a-cent'],
    ]);
    expect(job.errors[0]?.message).toContain('more decimals than USD has (2)');
    for (const handle of ['tenth-of-a-cent', 'half-a-cent'])
      expect(await productBySlug(server, server.apiKey, handle)).toBeUndefined();
    expect((await productBySlug(server, server.apiKey, 'one-cent'))?.priceData?.price).toBe(0.01);
    expect((await productBySlug(server, server.apiKey, 'ten-fifty'))?.priceData?.price).toBe(10.5);
  });

  it('leaves the store’s product as it was when its rows of an update are wrong', async () => {
    const first = await importCsv(
      server,
      [
        HEADER,
        row({
          Handle: 'kept-as-is',
          Title: 'Kept',
          'Option1 Name': 'Size',
          'Option1 Value': 'S',
          'Variant Price': '5',
          'Variant Inventory Tracker': 'shopify',
          'Variant Inventory Qty': '4',
        }),
      ].join('\n'),
      server.apiKey,
    );
    expect(first.productsCreated).toBe(1);
    const before = await productBySlug(server, server.apiKey, 'kept-as-is');
    const counts = await catalogCounts(server);
    const job = await importCsv(
      server,
      [
        HEADER,
        row({
          Handle: 'kept-as-is',
          Title: 'Renamed',
          'Option1 Name': 'Size',
          'Option1 Value': 'S',
          'Variant Price': '7',
          'Variant Inventory Tracker': 'shopify',
          'Variant Inventory Qty': '9',
        }),
        row({ Handle: 'kept-as-is', 'Option1 Value': 'M', 'Variant Price': '7,5' }),
      ].join('\n'),
      server.apiKey,
    );
    expect(job).toMatchObject({ productsUpdated: 0, productsFailed: 1 });
    expect(job.errors).toEqual([expect.objectContaining({ line: 3, column: 'Variant Price' })]);
    expect(await productBySlug(server, server.apiKey, 'kept-as-is')).toEqual(before);
    expect(await catalogCounts(server)).toEqual(counts);
  });

  it('fails a product that fills a fourth option', async () => {
    const header = `${HEADER},Option4 Name,Option4 Value`;
    const csv = [
      header,
      `${row({ Handle: 'four', Title: 'Four', 'Option1 Name': 'A', 'Option1 Value': 'a', 'Variant Price': '5' })},D,d`,
      `${good('three')},,`,
    ].join('\n');
    const job = await importCsv(server, csv, server.apiKey);
    expect(job).toMatchObject({ productsCreated: 1, productsFailed: 1 });
    expect(job.errors).toEqual([expect.objectContaining({ line: 2, column: 'Option4 Name', handle: 'four' })]);
    expect(job.columnsNotImported).toEqual(['Option4 Name', 'Option4 Value']);
  });
});

describe('a file that is not a product CSV', () => {
  async function refused(body: string | Buffer, field = 'file', contentType = 'text/csv') {
    const before = await everything();
    const res = await server.app.inject({
      method: 'POST',
      url: '/_api/merx/v1/product-imports/csv',
      headers: { 'content-type': contentType, authorization: server.apiKey },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    const violations = res.json().details.validationError.fieldViolations;
    expect(violations[0].field).toBe(field);
    expect(await everything()).toEqual(before);
    return violations[0].description as string;
  }

  it('is refused at once with 400, writing nothing', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(await refused(png)).toContain('UTF-8');
    expect(await refused(`${HEADER}\n${good('nul')}\u0000\n`)).toContain('NUL');
    expect(await refused(Buffer.from([0x48, 0x61, 0x6e, 0x64, 0x6c, 0x65, 0x0a, 0xff, 0xfe]))).toContain('UTF-8');
    expect(await refused(`${HEADER}\n"unclosed,1\n`)).toMatch(/^line 2: a quoted cell is not closed/);
    expect(await refused(`${HEADER}\n${good('a')},extra\n`)).toMatch(/^line 2: the row has more cells/);
    expect(await refused(`${HEADER}\nab"c,1\n`)).toMatch(/^line 2: a quote starts in the middle of a cell/);
    expect(await refused('Title,Variant Price\nHat,5\n')).toBe('line 1: the file has no Handle column');
    expect(await refused('Foo,Bar\n1,2\n')).toContain('none of the columns');
    expect(await refused('')).toBe('is empty');
    expect(await refused('\ufeff\n\n')).toBe('is empty');
    expect(await refused(`${HEADER}\n`)).toContain('no product rows');
    expect(await refused(`Handle,Title,handle\nx,y,z\n`)).toContain('appears twice');
    expect(await refused('{"csv":"Handle"}', 'body', 'application/json')).toContain('text/csv');
  });

  it(`has at most ${productCsvLimits.maxRows.toLocaleString('en')} rows`, async () => {
    const rows = (n: number) => `Handle\n${Array.from({ length: n }, (_, i) => `p${i}`).join('\n')}\n`;
    expect(await refused(rows(productCsvLimits.maxRows + 1))).toContain('more than 100,000 rows');
    const atLimit = await postCsv(server, rows(productCsvLimits.maxRows), server.apiKey);
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.productImport).toMatchObject({ rowsTotal: 100_000, productsTotal: 100_000 });
  });

  it('is at most 32 MiB', async () => {
    const big = Buffer.alloc(productCsvLimits.maxBytes + 1, 'a');
    expect(await refused(big, 'body')).toContain('at most');
  });

  it('sent as text/plain is refused as an unsupported type, and other routes keep refusing text/csv', async () => {
    const plain = await server.app.inject({
      method: 'POST',
      url: '/_api/merx/v1/product-imports/csv',
      headers: { 'content-type': 'text/plain', authorization: server.apiKey },
      payload: `${HEADER}\n${good('x')}\n`,
    });
    expect(plain.statusCode).toBe(415);
    const other = await server.app.inject({
      method: 'POST',
      url: '/stores/v1/products',
      headers: { 'content-type': 'text/csv', authorization: server.apiKey },
      payload: 'a,b',
    });
    expect(other.statusCode).toBe(415);
    expect(other.json().details.applicationError.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
