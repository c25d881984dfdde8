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

/**
 * The back office: built to dist/ and served by the Merx server at `/admin/` (so every URL it makes starts there);
 * in development Vite serves it at :5174/admin/ and proxies the API to the server.
 */
export default defineConfig({
  base: '/admin/',
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
    port: 5174,
    proxy: Object.fromEntries(
      ['/_api', '/ecom', '/stores', '/stores-reader', '/oauth2', '/auth', '/media', '/v1', '/v2', '/.well-known'].map(
        (path) => [path, { target: process.env.MERX_URL ?? 'http://localhost:3000' }],
      ),
    ),
  },
});
