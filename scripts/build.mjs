// Bundles the server and the command line into dist/ (our workspace packages inlined, npm dependencies left
// as imports), so production runs plain JavaScript: faster start, less memory than a TypeScript loader.
// `--server` builds only those two bundles (what `npm run merx` needs), not the browser apps.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const dependencies = Object.keys(
  JSON.parse(readFileSync(new URL('packages/server/package.json', root), 'utf8')).dependencies ?? {},
)
  .concat(
    ...['db', 'contract', 'domain'].map((p) =>
      Object.keys(JSON.parse(readFileSync(new URL(`packages/${p}/package.json`, root), 'utf8')).dependencies ?? {}),
    ),
  )
  .filter((name) => !name.startsWith('@merx/'));

const server = await build({
  entryPoints: { main: 'packages/server/src/main.ts', cli: 'packages/server/src/cli.ts' },
  absWorkingDir: root.pathname,
  bundle: true,
  // Split at dynamic imports, so `merx --help` loads the command table and not the app and its drivers.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Inside the server package, so bare imports resolve through its node_modules first (as in development).
  outdir: 'packages/server/dist',
  outExtension: { '.js': '.mjs' },
  external: dependencies.flatMap((name) => [name, `${name}/*`]),
  // V8 keeps every module's source text in its heap for as long as the process runs (two bytes a character here:
  // the hosted pages' text has a few beyond Latin-1). Without comments and indentation the server's bundle is
  // 1.2 MB instead of 1.9: 1.5 MB less heap. Stack traces still name the sources, through the maps (`npm start`).
  minifyWhitespace: true,
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
// Chunk names change with their content: the previous builds' chunks go, after the new ones are in place.
const chunks = new URL('packages/server/dist/chunks/', root);
const built = new Set(Object.keys(server.metafile.outputs));
for (const file of readdirSync(chunks)) {
  if (!built.has(`packages/server/dist/chunks/${file}`)) rmSync(new URL(file, chunks));
}

// What went into the bundles, so that `npm run merx` can tell when they are older than their sources.
writeFileSync(
  new URL('packages/server/dist/inputs.json', root),
  `${JSON.stringify(Object.keys(server.metafile.inputs), null, 1)}\n`,
);

if (process.argv.includes('--server')) process.exit(0);

// The hosted pages' React enhancement: one minified browser script, served at /auth/assets/enhance.js.
await build({
  entryPoints: { enhance: 'packages/login-ui/src/enhance.tsx' },
  absWorkingDir: root.pathname,
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  jsx: 'automatic',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  outdir: 'packages/login-ui/dist',
  legalComments: 'none',
  logLevel: 'warning',
});

// The storefront: Vite builds the React shop into apps/storefront/dist, which the server serves at `/`.
const { build: viteBuild } = await import('vite');
await viteBuild({
  root: new URL('apps/storefront/', root).pathname,
  configFile: new URL('apps/storefront/vite.config.ts', root).pathname,
  logLevel: 'warn',
});

// The back office: built into apps/backoffice/dist, which the server serves at `/admin/`.
await viteBuild({
  root: new URL('apps/backoffice/', root).pathname,
  configFile: new URL('apps/backoffice/vite.config.ts', root).pathname,
  logLevel: 'warn',
});
