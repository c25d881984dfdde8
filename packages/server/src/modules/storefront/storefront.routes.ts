import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '@merx/db';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { publicAccess } from '../../http/auth.js';
import type { NotFoundFallback } from '../../http/error-handler.js';
import { appDistDir, appFiles, pageWithBoot as pageOf } from './app-files.js';
import { lookUp, renderPage, UNKNOWN } from './storefront.pages.js';
import { createStorefrontRepo } from './storefront.repo.js';
import { registerSitemap } from './storefront.sitemap.js';

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
  /^\/admin(\/|$)/,
];

/** What the shop needs before its first API call, written into its page so that it starts without a round trip. */
export interface StorefrontBoot {
  storeName: string;
  currency: string;
  locale: string;
  logoUrl?: string | undefined;
  storefrontClientId?: string | undefined;
}

const isReserved = (path: string) => RESERVED.some((re) => re.test(path));

/**
 * The shop's own pages (apps/storefront/src/app/router.tsx): answered 200, but for an unknown or hidden product or
 * collection (storefront.pages.ts); any other page a browser asks for gets the shop's not-found page with a 404.
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

/** The shop's page with its boot data and the store's name as its title. */
export function pageWithBoot(html: string, boot: StorefrontBoot): string {
  return pageOf(html, boot, boot.storeName);
}

export interface StorefrontDeps {
  boot: () => Promise<StorefrontBoot>;
  /** The catalog the product and collection pages, robots.txt and the sitemap are read from. */
  db: Kysely<Database>;
  /** The shop's public origin: canonical and Open Graph addresses are absolute. */
  publicUrl: string;
  dist?: string | undefined;
  /** Addresses per sitemap before an index is served (50,000; lowered by tests). */
  sitemapLimit?: number;
}

/**
 * Serves the built shop: hashed files under `/assets/` (gzipped once, cached for a year), `/`, robots.txt and the
 * sitemap, and returns the not-found fallback that answers the shop's other pages (`index.html` with the boot data
 * and the page's head for search engines). An unknown product or collection, and a page the shop does not have,
 * get the same page with a 404 status, which its router shows as its own not-found page. Without a build, nothing
 * is registered and `/` keeps the JSON 404.
 */
export function registerStorefront(app: FastifyInstance, deps: StorefrontDeps): NotFoundFallback | undefined {
  const dist = deps.dist ?? appDistDir('storefront');
  if (!dist || !existsSync(join(dist, 'index.html'))) return undefined;
  const files = appFiles(dist);
  const repo = createStorefrontRepo(deps.db);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    // The store's boot data and the page's one catalog read, side by side.
    const [boot, found] = await Promise.all([deps.boot(), lookUp(repo, path)]);
    const page = renderPage(found, { ...boot, publicUrl: deps.publicUrl });
    return files.sendPage(request, reply, { boot, ...page });
  };

  // Public pages: declared for the route table's access check.
  const config = { access: publicAccess } as FastifyContextConfig;
  app.get('/assets/*', { config }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    return files.sendAsset(request, reply, name) || reply.callNotFound();
  });
  app.get('/', { config }, (request, reply) => sendPage(request, reply, '/'));
  registerSitemap(app, { repo, publicUrl: deps.publicUrl, limit: deps.sitemapLimit });
  // The other pages come through the not-found handler, so that API and server paths (and their own not-found
  // handlers, such as the hosted pages') are never shadowed by a catch-all route.
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const path = request.url.split('?')[0] ?? '/';
    if (isReserved(path)) return undefined;
    const known = SHOP_PAGES.some((re) => re.test(path));
    if (!known && !wantsHtml(request)) return undefined;
    return sendPage(request, reply, known ? path : UNKNOWN);
  };
}
