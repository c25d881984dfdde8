import { createDb, type MerxDb, migrateToLatest } from '@merx/db';
import type { Logger } from 'pino';
import { buildApp, type MerxApp } from './app.js';
import type { Config } from './config.js';

/** Opens and migrates the database, builds the app, and on an empty store creates the owner key and demo data. */
export async function bootstrap(
  config: Config,
  logger: Logger,
): Promise<{
  merx: MerxDb;
  merxApp: MerxApp;
  ownerKey?: string;
  owner?: { email: string; password: string };
  /** The demo store was loaded by this start. */
  demoLoaded: boolean;
}> {
  const merx = createDb({ url: config.databaseUrl, namedStatements: config.pgNamedStatements !== false });
  const applied = await migrateToLatest(merx.db, merx.dialect);
  if (applied.length) logger.info({ applied }, 'database migrated');
  const merxApp = await buildApp({ config, merx, logger });
  const { services } = merxApp;
  let ownerKey: string | undefined;
  if ((await services.apiKeys.count()) === 0) {
    ownerKey = (await services.apiKeys.create({ name: 'Owner', scopes: ['*'] })).key;
  }
  // The owner's back-office account: made once; the password is printed only when it was generated here.
  const owner = await services.staff.ensureOwner(config.ownerEmail, config.ownerPassword);
  let demoLoaded = false;
  if (config.seedDemo && (await services.products.repo.count(merx.db)) === 0) {
    // Imported only for an empty store: the demo catalog and its image drawing stay out of a running server's memory.
    const { seedDemoStore } = await import('./seed/seed-demo.js');
    const counts = await seedDemoStore(services, config.mediaDir, { showcase: true });
    logger.info(counts, 'demo store loaded');
    demoLoaded = true;
  }
  return {
    merx,
    merxApp,
    demoLoaded,
    ...(ownerKey ? { ownerKey } : {}),
    ...(owner && !config.ownerPassword ? { owner } : {}),
  };
}
