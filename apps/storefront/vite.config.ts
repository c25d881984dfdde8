import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const dist = fileURLToPath(new URL('dist/', import.meta.url));

/** Clears the previous build's files but keeps dist/types (TypeScript's declarations for `tsc --build`). */
function cleanBuild(): Plugin {
  return {
    name: 'merx-clean-build',
    apply: 'build',
    buildStart() {
      for (const entry of ['assets', '.vite', 'index.html'])
        rmSync(`${dist}${entry}`, { recursive: true, force: true });
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
