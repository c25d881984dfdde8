/**
 * What the journey over our own Wix-SDK shop (tests/wix-shop) needs beside shop-kit.ts: the shop built by Vite
 * (again only when its sources are newer than the build), and a plain HTTP server that serves it on an origin of
 * its own, telling the page where Merx is and which OAuth client it is.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { ROOT } from '../storefront/shop-kit.js';

export const WIX_SHOP = join(ROOT, 'tests', 'wix-shop');
export const WIX_SHOP_DIST = join(WIX_SHOP, 'dist');

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name.startsWith('.dist-') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds the shop into tests/wix-shop/dist unless a build newer than its sources is there. Vite writes into a folder
 * of its own, which then replaces dist: a build never leaves dist half written.
 */
export async function buildWixShop(): Promise<void> {
  const built = join(WIX_SHOP_DIST, 'index.html');
  if (existsSync(built) && statSync(built).mtimeMs > newestIn(WIX_SHOP)) return;
  const { build } = await import('vite');
  const fresh = join(WIX_SHOP, `.dist-${process.pid}`);
  // Vitest sets NODE_ENV=test, which would give React's development build.
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: WIX_SHOP,
      configFile: join(WIX_SHOP, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: fresh, emptyOutDir: true },
    });
    rmSync(WIX_SHOP_DIST, { recursive: true, force: true });
    renameSync(fresh, WIX_SHOP_DIST);
  } finally {
    process.env.NODE_ENV = before;
    rmSync(fresh, { recursive: true, force: true });
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface WixShopServer {
  /** The shop's origin, e.g. http://127.0.0.1:43123 (not Merx's). */
  origin: string;
  /** The OAuth client the shop signs its visitors in with (registered once the shop's origin is known). */
  setClientId(id: string): void;
  close(): Promise<void>;
}

/**
 * Serves the built shop on a loopback port of its own: files from dist, and for any other path index.html (history
 * routing), with `window.MERX_API` and `window.WIX_CLIENT_ID` set before the app's script runs.
 */
export async function serveWixShop(merxApi: string): Promise<WixShopServer> {
  const html = readFileSync(join(WIX_SHOP_DIST, 'index.html'), 'utf8');
  let index = '';
  const setClientId = (id: string) => {
    const settings = `<script>window.MERX_API=${JSON.stringify(merxApi)};window.WIX_CLIENT_ID=${JSON.stringify(id)};</script>`;
    index = html.replace('</title>', `</title>\n    ${settings}`);
  };
  setClientId('');
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://shop').pathname));
    const file = join(WIX_SHOP_DIST, path);
    if (path !== '/' && file.startsWith(WIX_SHOP_DIST) && existsSync(file) && statSync(file).isFile()) {
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
      return;
    }
    res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' });
    res.end(index);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setClientId,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
