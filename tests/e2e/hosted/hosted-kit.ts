/*
 * What the hosted pages' browser tests share: the enhancement bundle as `npm run build` makes it (built again here
 * when a login-ui source is newer, so a fresh clone or an edit needs no separate build), and Chromium's suite rule
 * (skipped on a developer machine without Chromium; in CI, where .ci/run installs it, a missing browser fails).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { enhanceBundlePath, findRepositoryRoot } from '../../../packages/server/src/modules/hosted/assets.js';

export { browserSuite } from '../storefront/shop-kit.js';

export async function ensureEnhanceBundle(): Promise<void> {
  const path = enhanceBundlePath();
  const root = findRepositoryRoot();
  if (!path || !root) return;
  const sources = join(root, 'packages/login-ui/src');
  const newest = Math.max(...readdirSync(sources).map((f) => statSync(join(sources, f)).mtimeMs));
  if (existsSync(path) && statSync(path).mtimeMs >= newest) return;
  await build({
    entryPoints: [join(sources, 'enhance.tsx')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: path,
    legalComments: 'none',
    logLevel: 'warning',
  });
}
