import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MerxDb } from '@merx/db';
import { createTestDb } from '@merx/db/testing';
import type { LogEvent } from 'kysely';
import { buildApp, type MerxApp } from './app.js';
import type { Config } from './config.js';
import { seedDemoStore } from './seed/seed-demo.js';

export interface TestServer extends MerxApp {
  merx: MerxDb;
  config: Config;
  /** An owner API key (all scopes). */
  apiKey: string;
  /** Base URL when started with `listen: true`. */
  baseUrl: string;
  /** SQL statements run since the last `resetQueryCount()`. */
  queryCount(): number;
  resetQueryCount(): void;
  close(): Promise<void>;
}

/**
 * A real Merx app on a fresh test database (SQLite, or PostgreSQL when `MERX_TEST_DATABASE_URL` is set),
 * optionally listening on a random loopback port and loaded with the demo store.
 */
export async function startTestServer(options: { listen?: boolean; demo?: boolean } = {}): Promise<TestServer> {
  let count = 0;
  const merx = await createTestDb({
    onQuery: (event: LogEvent) => {
      if (event.level === 'query') count++;
    },
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'merx-data-'));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: 'test',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    seedDemo: false,
    corsOrigins: [],
    mailFrom: 'Merx tests <no-reply@localhost>',
    ownerEmail: 'owner@merx.test',
  };
  const merxApp = await buildApp({ config, merx, logger: false });
  const apiKey = (await merxApp.services.apiKeys.create({ name: 'Test owner' })).key;
  if (options.demo) await seedDemoStore(merxApp.services, config.mediaDir);
  let baseUrl = '';
  if (options.listen) {
    await merxApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(merxApp.app.server.address() as { port: number }).port}`;
  } else {
    await merxApp.app.ready();
  }
  return {
    ...merxApp,
    merx,
    config,
    apiKey,
    baseUrl,
    queryCount: () => count,
    resetQueryCount: () => {
      count = 0;
    },
    async close() {
      await merxApp.app.close();
      await merx.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
