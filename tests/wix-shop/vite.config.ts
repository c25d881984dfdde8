import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The shop, built to dist/. `VITE_MERX_API` (the Merx origin) and `VITE_WIX_CLIENT_ID` may be given at build time;
 * otherwise the page that serves the shop sets `window.MERX_API` and `window.WIX_CLIENT_ID`.
 */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', target: 'es2022', reportCompressedSize: false },
});
