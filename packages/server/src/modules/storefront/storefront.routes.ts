import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicAccess } from '../../http/auth.js';
import type { NotFoundFallback } from '../../http/error-handler.js';
import { appDistDir, appFiles, pageWithBoot as pageOf } from './app-files.js';

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

/** The shop's page with its boot data and the store's name as its title. */
export function pageWithBoot(html: string, boot: StorefrontBoot): string {
  return pageOf(html, boot, boot.storeName);
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
  const dist = deps.dist ?? appDistDir('storefront');
  if (!dist || !existsSync(join(dist, 'index.html'))) return undefined;
  const files = appFiles(dist);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status = 200) => {
    const boot = await deps.boot();
    return files.sendPage(request, reply, { boot, title: boot.storeName, status });
  };

  // Public pages: declared for the route table's access check.
  const config = { access: publicAccess } as FastifyContextConfig;
  app.get('/assets/*', { config }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    return files.sendAsset(request, reply, name) || reply.callNotFound();
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
