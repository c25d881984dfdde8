import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { publicAccess } from '../../http/auth.js';
import { type NotFoundFallback, registerErrorHandler } from '../../http/error-handler.js';
import { startTestServer, type TestServer } from '../../testing.js';
import { registerStorefront, type StorefrontBoot } from './storefront.routes.js';

/** A page shaped like the built shop's index.html (its own description and title). */
export const SHOP_HTML =
  '<!doctype html><html><head><meta charset="utf-8" />\n' +
  '<meta name="description" content="Shop our catalog." />\n<title>Shop</title></head><body><div id="root"></div></body></html>';

export interface ShopKit {
  /** The whole Merx app on a fresh test database (its services make the catalog). */
  server: TestServer;
  /** An app with the shop (a built page in a temp folder) on the same database, and the API routes the tests need. */
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A shop over a real catalog database (SQLite, or PostgreSQL with MERX_TEST_DATABASE_URL). */
export async function startShopKit(
  options: { boot?: Partial<StorefrontBoot>; sitemapLimit?: number } = {},
): Promise<ShopKit> {
  const server = await startTestServer();
  const dist = mkdtempSync(join(tmpdir(), 'merx-shop-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), SHOP_HTML);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("shop");'.repeat(50));
  const app = Fastify();
  let shopPages: NotFoundFallback | undefined;
  registerErrorHandler(app, { notFoundFallback: () => shopPages });
  app.get('/healthz', { config: { access: publicAccess } }, async () => ({ status: 'ok' }));
  app.get('/ecom/v1/carts/current', { config: { access: publicAccess } }, async () => ({ cart: {} }));
  shopPages = registerStorefront(app, {
    dist,
    db: server.merx.db,
    publicUrl: 'https://shop.example',
    ...(options.sitemapLimit ? { sitemapLimit: options.sitemapLimit } : {}),
    boot: async () => ({
      storeName: 'Tea & <Co>',
      currency: 'EUR',
      locale: 'de-DE',
      storefrontClientId: 'c1',
      ...options.boot,
    }),
  });
  await app.ready();
  return {
    server,
    app,
    async close() {
      await app.close();
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** A browser's GET of a shop page. */
export const visit = (kit: ShopKit, url: string) => kit.app.inject({ url, headers: { accept: 'text/html,*/*' } });

/** The content of the head's `<meta name|property="key">` in `html` (HTML entities left as they are). */
export function metaOf(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`);
  return re.exec(html)?.[1];
}

/** The JSON-LD the page carries, parsed. */
export function jsonLdOf(html: string): Record<string, unknown> | undefined {
  const m = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return m?.[1] ? (JSON.parse(m[1]) as Record<string, unknown>) : undefined;
}
