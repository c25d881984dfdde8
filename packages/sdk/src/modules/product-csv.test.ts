import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxClientError, MerxValidationError } from '../errors.js';
import { type SdkKit, startSdkKit } from '../integration/kit.js';
import { productCsv } from './product-csv.js';

let kit: SdkKit;

beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(async () => {
  await kit?.close();
});

const HEADER = 'Handle,Title,Body (HTML),Variant Price,Variant SKU';

/** `n` products, each with a description long enough that the file takes several parts of the upload. */
function file(n: number): string {
  const body = `<p>${'Woven by hand; "soft", light, and warm. '.repeat(30)}é ✓ 😀</p>`;
  return [
    HEADER,
    ...Array.from({ length: n }, (_, i) => `sdk-${i},SDK product ${i},"${body.replaceAll('"', '""')}",4.25,SKU-${i}`),
  ].join('\r\n');
}

describe('productCsv', () => {
  it('uploads a file of megabytes in parts, and its import runs to the end', async () => {
    const admin = kit.admin({ productCsv });
    const text = file(1500);
    // More than a part can hold: the upload takes several requests.
    expect(text.length).toBeGreaterThan(1_500_000);
    const queued = await admin.productCsv.importProducts(new Blob([text]), { fileName: 'products.csv' });
    expect(queued).toMatchObject({ rowsTotal: 1500, productsTotal: 1500, fileName: 'products.csv' });
    let job = queued;
    while (job.status === 'QUEUED' || job.status === 'RUNNING') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await admin.productCsv.getImport(queued.id);
    }
    expect(job).toMatchObject({ status: 'DONE', productsCreated: 1500, rowsDone: 1500, errors: [] });
    expect(job.fileBytes).toBe(Buffer.byteLength(text));
    const [latest] = await admin.productCsv.listImports({ limit: 1 });
    expect(latest).toMatchObject({ id: queued.id, status: 'DONE' });
    expect(latest).not.toHaveProperty('errors');
  }, 120_000);

  it('tells the upload’s progress in bytes of the file, part after part, up to the whole', async () => {
    const admin = kit.admin({ productCsv });
    const text = file(1200).replaceAll('sdk-', 'progress-');
    const seen: Array<{ loaded: number; total: number }> = [];
    const job = await admin.productCsv.importProducts(text, { onProgress: (p) => seen.push(p) });
    const bytes = Buffer.byteLength(text);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen[0]).toEqual({ loaded: 0, total: bytes });
    expect(seen.at(-1)).toEqual({ loaded: bytes, total: bytes });
    for (const [i, p] of seen.entries()) {
      expect(p.total).toBe(bytes);
      if (i > 0) expect(p.loaded).toBeGreaterThanOrEqual(seen[i - 1]?.loaded ?? 0);
    }
    expect(job.fileBytes).toBe(bytes);
  }, 120_000);

  it('exports the catalog as the HTTP export does, as text or as a stream of pages', async () => {
    const admin = kit.admin({ productCsv });
    const res = await fetch(`${kit.baseUrl}/_api/merx/v1/product-exports`, {
      headers: { authorization: kit.server.apiKey },
    });
    const whole = await res.text();
    expect(await admin.productCsv.exportProducts()).toBe(whole);
    const chunks: string[] = [];
    for await (const chunk of admin.productCsv.exportProductsStream({ pageSize: 100 })) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join('')).toBe(whole);
    expect(whole).toContain('sdk-1499,SDK product 1499');
  });

  it('is refused a file that is not a product CSV, with the reason on `file`', async () => {
    const admin = kit.admin({ productCsv });
    const error = await admin.productCsv.importProducts('Title,Price\nHat,5\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerxValidationError);
    expect((error as MerxValidationError).violations).toEqual([
      expect.objectContaining({ field: 'file', description: 'line 1: the file has no Handle column' }),
    ]);
  });

  it('needs an elevated client', async () => {
    const shop = kit.shop({ productCsv });
    const error = await shop.productCsv.exportProducts().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerxClientError);
  });
});
