import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Clears the previous build's files in the folder being built (dist/, or the folder the journeys build into) but
 * keeps dist/types (TypeScript's declarations for `tsc --build`).
 */
function cleanBuild(): Plugin {
  let outDir = '';
  return {
    name: 'merx-clean-build',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      for (const entry of ['assets', '.vite', 'index.html'])
        rmSync(join(outDir, entry), { recursive: true, force: true });
    },
  };
}

/** The shop: built to dist/ (served by the Merx server at `/`); in development, Vite proxies the API to it. */
export default defineConfig({
  plugins: [react(), cleanBuild()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: ['es2022', 'chrome100', 'firefox100', 'safari15'],
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/_api', '/ecom', '/stores', '/oauth2', '/auth', '/media', '/v1', '/v2', '/.well-known'].map((path) => [
        path,
        { target: process.env.MERX_URL ?? 'http://localhost:3000' },
      ]),
    ),
  },
});
