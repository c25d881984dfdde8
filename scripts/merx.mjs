// `npm run merx`: runs the command line from its bundle (plain JavaScript starts far faster than through a
// TypeScript loader), building it first on a fresh clone or when a source it was built from has changed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';

await import('./ensure-deps.mjs');

const root = new URL('..', import.meta.url);
const bundle = new URL('packages/server/dist/cli.mjs', root);
const inputs = new URL('packages/server/dist/inputs.json', root);

/** Whether the bundle is missing or older than anything it was built from (the build script included). */
function isStale() {
  if (!existsSync(bundle) || !existsSync(inputs)) return true;
  const builtAt = statSync(bundle).mtimeMs;
  const sources = ['scripts/build.mjs', 'package-lock.json', ...JSON.parse(readFileSync(inputs, 'utf8'))];
  return sources.some((path) => {
    const file = new URL(path, root);
    return !existsSync(file) || statSync(file).mtimeMs > builtAt;
  });
}

if (isStale()) {
  process.stderr.write('Building the command line…\n');
  execFileSync(process.execPath, ['scripts/build.mjs', '--server'], { stdio: 'inherit', cwd: root });
}
// The bundle reads its arguments from process.argv after the script's path, as when run directly.
await import(bundle.href);
