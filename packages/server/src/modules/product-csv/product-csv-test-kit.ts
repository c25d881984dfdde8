import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { ProductImport } from '@merx/contract';
import { expect } from 'vitest';
import type { MerxApp } from '../../app.js';
import type { TestServer } from '../../testing.js';

/** The Shopify sample file of the fixtures folder, its image URLs pointed at `imageBase`. */
export function sampleCsv(imageBase: string): string {
  const text = readFileSync(join(import.meta.dirname, 'fixtures', 'shopify-sample.csv'), 'utf8');
  return text.replaceAll('https://cdn.shopify.com/s/files/1/0533/2089/files', `${imageBase}/files`);
}

/**
 * A real HTTP server on a loopback port standing in for an image host: `/files/…` are images (JPEG, or PNG by
 * extension), `/missing.jpg` 404, `/slow.jpg` never answers, `/page.html` is HTML, `/no-head.jpg` refuses HEAD (405)
 * and answers a ranged GET. It counts the requests for each path.
 */
export async function startImageHost(): Promise<{ base: string; hits: Map<string, number>; close(): Promise<void> }> {
  const hits = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/slow.jpg') {
      hanging.add(res);
      return;
    }
    if (path === '/page.html') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(req.method === 'HEAD' ? undefined : '<p>hi</p>');
      return;
    }
    if (path === '/no-head.jpg') {
      if (req.method === 'HEAD') res.writeHead(405).end();
      else res.writeHead(206, { 'content-type': 'image/jpeg', 'content-range': 'bytes 0-0/100' }).end('x');
      return;
    }
    if (path.startsWith('/files/')) {
      res.writeHead(200, { 'content-type': path.endsWith('.png') ? 'image/png' : 'image/jpeg' });
      res.end(req.method === 'HEAD' ? undefined : 'img');
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** POSTs `csv` as a text/csv body to the upload route: the status and parsed answer. */
export async function postCsv(app: MerxApp, csv: string | Buffer, auth: string | undefined) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/_api/merx/v1/product-imports/csv',
    headers: { 'content-type': 'text/csv', ...(auth ? { authorization: auth } : {}) },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(res.headers['x-wix-request-id']).toBeTruthy();
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers freely
  return { status: res.statusCode, body: JSON.parse(res.body) as any };
}

/** Imports `csv` and waits until its job is DONE or FAILED; answers the job. */
export async function importCsv(app: MerxApp, csv: string, auth: string): Promise<ProductImport> {
  const posted = await postCsv(app, csv, auth);
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  return waitForImport(app, posted.body.productImport.id, auth);
}

/** Polls an import until it is DONE or FAILED (30 s at most). */
export async function waitForImport(app: MerxApp, id: string, auth: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.app.inject({
      method: 'GET',
      url: `/_api/merx/v1/product-imports/${id}`,
      headers: { authorization: auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().productImport as ProductImport;
    if (job.status === 'DONE' || job.status === 'FAILED') return job;
    if (Date.now() > until) throw new Error(`import ${id} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The product with `slug` as the owner reads it (merchant data included), or undefined. */
// biome-ignore lint/suspicious/noExplicitAny: tests read products freely
export async function productBySlug(app: MerxApp, auth: string, slug: string): Promise<any> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/stores-reader/v1/products/query-platformized',
    headers: { authorization: auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ query: { filter: { slug }, paging: { limit: 1 } }, includeMerchantSpecificData: true }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().products[0];
}

/** Counts of the rows an import writes (products, variants, events, inventory log). */
export async function catalogCounts(app: TestServer) {
  const count = async (
    table: 'products' | 'product_variants' | 'outbox' | 'inventory_changes' | 'collection_products',
  ) =>
    Number(
      (
        await app.merx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    products: await count('products'),
    variants: await count('product_variants'),
    outbox: await count('outbox'),
    inventory: await count('inventory_changes'),
    links: await count('collection_products'),
  };
}

/** The header of Shopify's classic product CSV. */
export const HEADER =
  'Handle,Title,Body (HTML),Vendor,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,' +
  'Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,' +
  'Variant Compare At Price,Variant Requires Shipping,Image Src,Image Position,Image Alt Text,Cost per item,Status';

/** A row of HEADER's columns from the fields given (the rest empty). */
export function row(fields: Partial<Record<string, string>>): string {
  const esc = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return HEADER.split(',')
    .map((c) => esc(fields[c] ?? ''))
    .join(',');
}
