import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { authCss } from './styles.js';

/** Paths inside the `/auth` scope. */
const CSS_PATH = '/assets/auth.css';
const ENHANCE_PATH = '/assets/enhance.js';

const version = (content: string) => createHash('sha256').update(content).digest('hex').slice(0, 12);

/**
 * The repository root: the nearest folder above `from` that holds `packages/login-ui`. Works from the sources
 * (`packages/server/src/modules/hosted`) and from the bundle (`packages/server/dist/main.mjs`).
 */
export function findRepositoryRoot(from: string = dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'packages', 'login-ui', 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Where the built enhancement bundle is expected (`packages/login-ui/dist/enhance.js`). */
export function enhanceBundlePath(): string | undefined {
  const root = findRepositoryRoot() ?? findRepositoryRoot(process.cwd());
  return root ? join(root, 'packages', 'login-ui', 'dist', 'enhance.js') : undefined;
}

export interface Assets {
  /** The stylesheet URL, versioned by content. */
  cssUrl: string;
  /** The enhancement script URL, or undefined when the bundle has not been built (pages work without it). */
  enhanceUrl(): string | undefined;
}

/**
 * Serves the stylesheet and the React enhancement under `prefix`. A missing bundle is looked for again on later requests, so
 * building it while the server runs is enough.
 */
export function registerAssets(scope: FastifyInstance, prefix: string): Assets {
  const cssVersion = version(authCss);
  let bundle: { code: string; gzipped: Buffer; version: string } | undefined;
  const loadBundle = () => {
    if (bundle) return bundle;
    const path = enhanceBundlePath();
    if (!path || !existsSync(path)) return undefined;
    const code = readFileSync(path, 'utf8');
    // React and its DOM renderer are most of the bundle: gzip once, a quarter of the bytes on every page.
    bundle = { code, gzipped: gzipSync(code, { level: 9 }), version: version(code) };
    return bundle;
  };

  const cacheFor = (versioned: boolean) => (versioned ? 'public, max-age=31536000, immutable' : 'no-cache');

  scope.get(CSS_PATH, async (request, reply) => {
    const versioned = (request.query as { v?: string }).v === cssVersion;
    return reply.header('cache-control', cacheFor(versioned)).type('text/css; charset=utf-8').send(authCss);
  });
  scope.get(ENHANCE_PATH, async (request, reply) => {
    const found = loadBundle();
    if (!found) return reply.status(404).type('text/plain; charset=utf-8').send('Not built');
    const versioned = (request.query as { v?: string }).v === found.version;
    reply.header('cache-control', cacheFor(versioned)).header('vary', 'accept-encoding');
    reply.type('text/javascript; charset=utf-8');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(found.gzipped);
    }
    return reply.send(found.code);
  });

  return {
    cssUrl: `${prefix}${CSS_PATH}?v=${cssVersion}`,
    enhanceUrl: () => {
      const found = loadBundle();
      return found ? `${prefix}${ENHANCE_PATH}?v=${found.version}` : undefined;
    },
  };
}
