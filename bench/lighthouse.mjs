// Lighthouse (mobile, simulated throttling) on the storefront's home and product pages, served by `npm start`'s
// build of Merx with the demo store, in Debian's Chromium. Writes the scores between the lighthouse markers of
// bench/RESULTS.md. Run with `npm run bench:lighthouse`.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = [
  ['home', '/'],
  ['product', '/product-page/chelsea-boot'],
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

console.log('Building the server and the storefront…');
execSync('node scripts/build.mjs', { cwd: root, stdio: 'inherit' });

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'merx-lighthouse-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['packages/server/dist/main.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MERX_DATA_DIR: dataDir,
    MERX_PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitReady() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  await waitReady();
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results = [];
  for (const [name, path] of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // A fresh browser each run: a cold cache, as a first visit.
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      try {
        const { lhr } = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          bytes: audit('total-byte-weight'),
        });
      } finally {
        await chrome.kill();
      }
    }
    const pick = (k) => median(runs.map((r) => r[k]));
    const row = { name, path, runs, performance: pick('performance'), accessibility: pick('accessibility') };
    for (const k of ['fcp', 'lcp', 'tbt', 'cls', 'bytes']) row[k] = pick(k);
    results.push(row);
    console.log(
      `${name}: performance ${row.performance}, accessibility ${row.accessibility} (runs: ${runs.map((r) => r.performance).join(', ')})`,
    );
  }

  const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  const lighthouseVersion = JSON.parse(
    readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  const chromiumVersion = execSync(`${CHROMIUM} --version`).toString().trim();
  const lines = [
    '<!-- lighthouse:start -->',
    '## Storefront Lighthouse (`npm run bench:lighthouse`, bench/lighthouse.mjs)',
    '',
    `- Date: ${new Date().toISOString()}, code: ${commit}`,
    `- Machine: ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory; Node ${process.version}; Lighthouse ${lighthouseVersion}; ${chromiumVersion} (headless)`,
    `- Setup: \`npm start\`'s build (server bundle + Vite build of apps/storefront) with the demo store on loopback; Lighthouse's default mobile profile (simulated slow 4G, 4× CPU slowdown), a fresh browser per run (cold cache), median of ${RUNS} runs.`,
    '- Target: performance and accessibility ≥ 90 on the home and product pages.',
    '',
    '| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | transfer KB | runs (performance) | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} (\`${r.path}\`) | ${r.performance} | ${r.accessibility} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${Math.round(r.bytes / 1024)} | ${r.runs.map((x) => x.performance).join(', ')} | ${r.performance >= 90 && r.accessibility >= 90 ? 'met' : 'NOT met'} |`,
    ),
    '<!-- lighthouse:end -->',
  ];
  const file = join(root, 'bench', 'RESULTS.md');
  const text = readFileSync(file, 'utf8');
  const section = lines.join('\n');
  const re = /<!-- lighthouse:start -->[\s\S]*?<!-- lighthouse:end -->/;
  writeFileSync(file, re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`);
  console.log('Written to bench/RESULTS.md');
  if (results.some((r) => r.performance < 90 || r.accessibility < 90)) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
