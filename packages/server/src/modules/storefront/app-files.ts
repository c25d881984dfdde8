import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findRepositoryRoot } from '../hosted/assets.js';
import { withHeadTags } from './storefront.seo.js';

/*
 * The files of a React app built by Vite (the shop at `/`, the back office at `/admin/`): hashed assets gzipped
 * once and cached for a year, and its page with the boot data the app reads before its first call.
 */

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

interface Asset {
  body: Buffer;
  gzipped: Buffer | undefined;
  type: string;
}

/** Where `vite build` puts the app `apps/<name>`, or undefined outside a checkout of the repository. */
export function appDistDir(name: 'storefront' | 'backoffice'): string | undefined {
  const root = findRepositoryRoot() ?? findRepositoryRoot(process.cwd());
  return root ? join(root, 'apps', name, 'dist') : undefined;
}

/** The page with the boot data in a JSON script (inert under any CSP) and `title`; `<` escaped in both. */
export function pageWithBoot(html: string, boot: object, title: string): string {
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  // Functions as replacements: a `$&` or `$'` in a store's name stays text.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`)
    .replace('</head>', () => `<script id="merx-boot" type="application/json">${json}</script></head>`);
}

const gzipAccepted = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/** The built app in `dist` (which must hold index.html): its assets by name, and its page. */
export function appFiles(dist: string) {
  const assets = new Map<string, Asset>();

  function loadAsset(name: string): Asset | undefined {
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
  }

  return {
    /** Answers `/…/assets/<name>`, or false when the app has no such file. */
    sendAsset(request: FastifyRequest, reply: FastifyReply, name: string): FastifyReply | false {
      const asset = loadAsset(name);
      if (!asset) return false;
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding');
      reply.header('x-content-type-options', 'nosniff').type(asset.type);
      if (asset.gzipped && gzipAccepted(request)) return reply.header('content-encoding', 'gzip').send(asset.gzipped);
      return reply.send(asset.body);
    },

    /** The app's page with `boot` (and `head`: tags for its head) written in; read on every request (small), so a rebuild is served at once. */
    sendPage(
      request: FastifyRequest,
      reply: FastifyReply,
      page: { boot: object; title: string; status?: number; head?: string | undefined },
    ) {
      let body = pageWithBoot(readFileSync(join(dist, 'index.html'), 'utf8'), page.boot, page.title);
      if (page.head) body = withHeadTags(body, page.head);
      reply.header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.type('text/html; charset=utf-8').status(page.status ?? 200);
      if (gzipAccepted(request)) {
        return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(gzipSync(body));
      }
      return reply.send(body);
    },
  };
}
