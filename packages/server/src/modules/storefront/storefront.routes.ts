import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicAccess } from '../../http/auth.js';
import type { NotFoundFallback } from '../../http/error-handler.js';
import { findRepositoryRoot } from '../hosted/assets.js';

/**
 * Paths that belong to the API, the hosted pages and the server's own pages: an unknown one keeps the JSON 404 of
 * the error handler instead of getting the shop's HTML.
 */
const RESERVED = [
  /^\/auth(\/|$)/,
  /^\/_api(\/|$)/,
  /^\/ecom(\/|$)/,
  /^\/stores/,
  /^\/oauth2(\/|$)/,
  /^\/v\d+(\/|$)/,
  /^\/docs(\/|$)/,
  /^\/openapi\.json$/,
  /^\/media(\/|$)/,
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/\.well-known(\/|$)/,
  /^\/tip-settings(\/|$)/,
  /^\/back-in-stock-service(\/|$)/,
  /^\/assets(\/|$)/,
];

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** What the shop needs before its first API call, written into its page so that it starts without a round trip. */
export interface StorefrontBoot {
  storeName: string;
  currency: string;
  locale: string;
  logoUrl?: string | undefined;
  storefrontClientId?: string | undefined;
}

interface Asset {
  body: Buffer;
  gzipped: Buffer | undefined;
  type: string;
}

/** Where `vite build` puts the shop (`apps/storefront/dist`), or undefined outside a checkout of the repository. */
export function storefrontDistDir(): string | undefined {
  const root = findRepositoryRoot() ?? findRepositoryRoot(process.cwd());
  return root ? join(root, 'apps', 'storefront', 'dist') : undefined;
}

const isReserved = (path: string) => RESERVED.some((re) => re.test(path));

/**
 * The shop's own pages (apps/storefront/src/app/router.tsx): answered 200; any other page a browser asks for gets
 * the shop's not-found page with a 404 status.
 */
const SHOP_PAGES = [
  /^\/$/,
  /^\/shop\/?$/,
  /^\/collections\/[^/]+\/?$/,
  /^\/product-page\/[^/]+\/?$/,
  /^\/products\/[^/]+\/?$/,
  /^\/cart\/?$/,
  /^\/checkout\/?$/,
  /^\/thank-you\/[^/]+\/?$/,
  /^\/callback\/?$/,
  /^\/account(\/.*)?$/,
];

/** A browser navigation: it asks for HTML (API clients and the JSON 404 tests do not). */
const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(String(request.headers.accept ?? ''));

/** The page with the boot data in a JSON script (inert under any CSP); `<` escaped so it cannot close the tag. */
export function pageWithBoot(html: string, boot: StorefrontBoot): string {
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return html
    .replace('<title>Shop</title>', `<title>${escapeText(boot.storeName)}</title>`)
    .replace('</head>', `<script id="merx-boot" type="application/json">${json}</script></head>`);
}

/**
 * Serves the built shop: hashed files under `/assets/` (gzipped once, cached for a year), `/`, and returns the
 * not-found fallback that answers the shop's other pages (`index.html` with the boot data; 404 for a page the shop
 * does not have, which its router shows as its own not-found page). Without a build, nothing is registered and `/`
 * keeps the JSON 404.
 */
export function registerStorefront(
  app: FastifyInstance,
  deps: { boot: () => Promise<StorefrontBoot>; dist?: string | undefined },
): NotFoundFallback | undefined {
  const dist = deps.dist ?? storefrontDistDir();
  if (!dist || !existsSync(join(dist, 'index.html'))) return undefined;
  const assets = new Map<string, Asset>();

  const loadAsset = (name: string): Asset | undefined => {
    const cached = assets.get(name);
    if (cached) return cached;
    // Vite's output is flat: a name with a slash or a leading dot is never one of its files.
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) return undefined;
    const path = join(dist, 'assets', name);
    if (!existsSync(path)) return undefined;
    const body = readFileSync(path);
    const type = TYPES[extname(name)] ?? 'application/octet-stream';
    const compressible = /javascript|css|svg|json/.test(type);
    const asset = { body, gzipped: compressible ? gzipSync(body, { level: 9 }) : undefined, type };
    assets.set(name, asset);
    return asset;
  };

  const sendAsset = (request: FastifyRequest, reply: FastifyReply, asset: Asset) => {
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding');
    reply.header('x-content-type-options', 'nosniff').type(asset.type);
    if (asset.gzipped && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(asset.gzipped);
    }
    return reply.send(asset.body);
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status = 200) => {
    // Read on every request (it is small): a rebuild while the server runs is served at once.
    const body = pageWithBoot(readFileSync(join(dist, 'index.html'), 'utf8'), await deps.boot());
    reply.header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.type('text/html; charset=utf-8').status(status);
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(gzipSync(body));
    }
    return reply.send(body);
  };

  // Public pages: declared for the route table's access check.
  const config = { access: publicAccess } as FastifyContextConfig;
  app.get('/assets/*', { config }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const asset = loadAsset(name);
    if (!asset) return reply.callNotFound();
    return sendAsset(request, reply, asset);
  });
  app.get('/', { config }, (request, reply) => sendPage(request, reply));
  // The other pages come through the not-found handler, so that API and server paths (and their own not-found
  // handlers, such as the hosted pages') are never shadowed by a catch-all route.
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const path = request.url.split('?')[0] ?? '/';
    if (isReserved(path)) return undefined;
    const known = SHOP_PAGES.some((re) => re.test(path));
    if (!known && !wantsHtml(request)) return undefined;
    return sendPage(request, reply, known ? 200 : 404);
  };
}
