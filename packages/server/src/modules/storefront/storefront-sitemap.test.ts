import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeXml } from './storefront.sitemap.js';
import { type ShopKit, startShopKit } from './storefront-test-kit.js';

/* robots.txt and the sitemap search engines read (issue 18, item 14). */

let kit: ShopKit;
/** The same catalog, served with sitemaps of at most 4 addresses: the index of a catalog over the limit. */
let small: ShopKit;

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

/** Well-formed enough for a sitemap: one root, every `<url>` closed, only the five entities, no raw `<` in text. */
function expectWellFormed(xml: string, root: 'urlset' | 'sitemapindex') {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  expect(xml).toContain(`<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`);
  expect(xml.trimEnd().endsWith(`</${root}>`)).toBe(true);
  for (const m of xml.matchAll(/&([^;\s]*);?/g))
    expect(['amp;', 'lt;', 'gt;', 'quot;', 'apos;']).toContain(m[0].slice(1));
  expect(xml.match(/<url>/g)?.length ?? 0).toBe(xml.match(/<\/url>/g)?.length ?? 0);
}

async function makeCatalog(target: ShopKit) {
  const { products, collections } = target.server.services;
  for (const name of ['Black tea', 'Green tea', 'Rooibos & honey', 'Oolong', 'Chai']) {
    await products.create({ name, priceData: { price: 4 } });
  }
  await products.create({ name: 'Hidden tea', slug: 'hidden-tea', visible: false, priceData: { price: 4 } });
  await collections.create({ name: 'Teas', slug: 'teas' });
  await collections.create({ name: 'Secret', slug: 'secret', visible: false });
}

beforeAll(async () => {
  kit = await startShopKit();
  small = await startShopKit({ sitemapLimit: 4 });
  await makeCatalog(kit);
  await makeCatalog(small);
});

afterAll(async () => {
  await kit.close();
  await small.close();
});

describe('robots.txt', () => {
  it('allows the shop, keeps crawlers out of private pages and the API, and points at the sitemap', async () => {
    const res = await kit.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin/', '/auth/', '/checkout', '/cart', '/account', '/_api/', '/ecom/', '/stores/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(res.body).not.toMatch(/Disallow: \/(product-page|collections|shop)/);
  });
});

describe('sitemap.xml', () => {
  it('lists the home page, the shop, every visible collection and product with its last change, and nothing hidden', async () => {
    const res = await kit.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expectWellFormed(res.body, 'urlset');
    const locs = locsOf(res.body);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://shop.example/',
        'https://shop.example/shop',
        'https://shop.example/collections/teas',
        'https://shop.example/product-page/black-tea',
        'https://shop.example/product-page/rooibos-honey',
      ]),
    );
    expect(locs).toHaveLength(2 + 1 + 5);
    expect(res.body).not.toMatch(/hidden-tea|secret|all-products/);
    const lastmods = [...res.body.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1] ?? '');
    expect(lastmods).toHaveLength(locs.length);
    for (const at of lastmods) expect(Number.isNaN(Date.parse(at))).toBe(false);
  });

  it('is sent gzipped to a crawler that takes gzip', async () => {
    const res = await kit.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(locsOf(gunzipSync(res.rawPayload).toString())).toHaveLength(8);
  });

  it('escapes text for XML', () => {
    expect(escapeXml(`a&b<c>"d'\u0001`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });

  it('becomes an index of numbered sitemaps over the limit, which together list every visible page once', async () => {
    const res = await small.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expectWellFormed(res.body, 'sitemapindex');
    const maps = locsOf(res.body);
    expect(maps).toEqual([
      'https://shop.example/sitemap-pages.xml',
      'https://shop.example/sitemap-collections-1.xml',
      'https://shop.example/sitemap-products-1.xml',
      'https://shop.example/sitemap-products-2.xml',
    ]);
    const all: string[] = [];
    for (const map of maps) {
      const part = await small.app.inject({ url: (map ?? '').replace('https://shop.example', '') });
      expect(part.statusCode, map).toBe(200);
      expectWellFormed(part.body, 'urlset');
      const locs = locsOf(part.body);
      expect(locs.length).toBeLessThanOrEqual(4);
      all.push(...(locs as string[]));
    }
    expect(all).toHaveLength(8);
    expect(new Set(all).size).toBe(8);
    expect(all.join(' ')).not.toMatch(/hidden-tea|secret/);
    expect((await small.app.inject({ url: '/sitemap-products-3.xml' })).statusCode).toBe(404);
    expect((await small.app.inject({ url: '/sitemap-nope-1.xml' })).statusCode).toBe(404);
  });
});
