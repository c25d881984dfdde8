import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWithBoot } from './storefront.routes.js';
import { type ShopKit, startShopKit } from './storefront-test-kit.js';

let kit: ShopKit;
let app: FastifyInstance;

beforeAll(async () => {
  kit = await startShopKit();
  app = kit.app;
  await kit.server.services.products.create({ name: 'Chelsea boot', slug: 'chelsea-boot', priceData: { price: 120 } });
});

afterAll(async () => {
  await kit.close();
});

describe('the storefront at /', () => {
  it('serves the shop page at / and at any shop path, with the boot data and the store name as title', async () => {
    for (const url of [
      '/',
      '/shop?q=mug',
      '/product-page/chelsea-boot',
      '/products/chelsea-boot',
      '/account/orders/1',
    ]) {
      const res = await app.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The store's name, after the page's own for the shop, a product or a collection.
      expect(res.body).toMatch(/<title>([^<]+ · )?Tea &amp; &lt;Co><\/title>/);
      expect(res.body).toContain('"currency":"EUR"');
      expect(res.body).not.toContain('<Co>"');
    }
  });

  it("answers a page the shop does not have with the shop's page and a 404 status, and API clients with JSON", async () => {
    const page = await app.inject({ url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('"currency":"EUR"');
    const api = await app.inject({ url: '/no-such-page' });
    expect(api.statusCode).toBe(404);
    expect(api.json().details.applicationError.code).toBe('ROUTE_NOT_FOUND');
    const post = await app.inject({ method: 'POST', url: '/checkout', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
    expect(post.json().details.applicationError.code).toBe('ROUTE_NOT_FOUND');
  });

  it('keeps the JSON 404 for unknown API and server paths', async () => {
    for (const url of [
      '/_api/nope',
      '/ecom/v1/nope',
      '/stores/v1/nope',
      '/stores-reader/v1/nope',
      '/oauth2/nope',
      '/auth/nope',
      '/v1/nope',
      '/v2/nope',
      '/media/nope.svg',
      '/.well-known/nope',
      '/assets/missing.js',
      '/assets/..%2findex.html',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().details.applicationError.code, url).toBe('ROUTE_NOT_FOUND');
    }
    expect((await app.inject({ method: 'POST', url: '/shop' })).statusCode).toBe(404);
  });

  it('leaves the API routes as they are', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/ecom/v1/carts/current' })).json()).toEqual({ cart: {} });
  });

  it('serves hashed assets gzipped and cached for a year', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(gunzipSync(res.rawPayload).toString()).toContain('console.log("shop")');
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('escapes the boot data so that it cannot close its script tag', () => {
    const html = pageWithBoot('<head><title>Shop</title></head>', {
      storeName: '</script><script>alert(1)</script>',
      currency: 'USD',
      locale: 'en-US',
    });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });
});
