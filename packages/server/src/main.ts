import closeWithGrace from 'close-with-grace';
import { bootstrap } from './bootstrap.js';
import { loadConfig } from './config.js';
import { createLogger } from './lib/logger.js';
import { demoShowcaseLines } from './seed/demo-showcase.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const { merx, merxApp, ownerKey, owner, demoLoaded } = await bootstrap(config, logger);
const { app, dispatcher } = merxApp;

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await app.close();
  await merx.destroy();
});

dispatcher.start();
// Sends webhook deliveries: due retries, and those another process or a killed one left.
merxApp.services.webhookWorker.start();
// Purges spent sign-in rows, old throttle counters and dispatched events every hour.
merxApp.services.housekeeping.start();
// Runs product CSV imports: queued ones, and those a stopped or dead process left.
merxApp.services.productCsv.runner.start();
await app.listen({ port: config.port, host: config.host });
// The banner comes last, after Fastify's "listening" line; on a terminal no line per request follows it
// (lib/logger.ts), so the owner key and the addresses stay in view.
const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
const lines = [
  '',
  `  Merx is running at ${url}`,
  `  Shop:         ${url}/`,
  `  Back office:  ${url}/admin/`,
  `  API docs:     ${url}/docs`,
  `  Database:     ${merx.dialect === 'sqlite' ? config.databaseUrl : 'PostgreSQL'}`,
];
if (demoLoaded) lines.push('', ...demoShowcaseLines(url));
if (ownerKey) {
  lines.push(
    '',
    '  Owner API key (shown once, keep it safe; it is stored only as a hash):',
    `    ${ownerKey}`,
    '  Use it as the Authorization header for catalog writes. More keys: npm run merx -- api-key create',
  );
}
if (owner) {
  lines.push(
    '',
    `  Back-office owner account: sign in at ${url}/admin/ (password shown once; change it in Your account):`,
    `    email:    ${owner.email}`,
    `    password: ${owner.password}`,
  );
}
process.stdout.write(`${lines.join('\n')}\n\n`);
