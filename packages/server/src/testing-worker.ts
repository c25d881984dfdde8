/**
 * A second Merx process on an existing (already migrated) test database, for races across processes:
 * `node --import tsx testing-worker.ts` with MERX_WORKER_DATABASE_URL and, for PostgreSQL, MERX_WORKER_SCHEMA.
 * Prints `listening <port>` once it serves; stops on SIGTERM. With MERX_WORKER_DELIVER=1 it also delivers webhooks.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@merx/db';
import { buildApp } from './app.js';

const url = process.env.MERX_WORKER_DATABASE_URL ?? '';
const schema = process.env.MERX_WORKER_SCHEMA;
const merx = createDb({ url, poolSize: 5, ...(schema ? { pgSearchPath: schema } : {}) });
const dataDir = mkdtempSync(join(tmpdir(), 'merx-worker-'));
const { app, dispatcher, services } = await buildApp({
  config: {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    seedDemo: false,
    corsOrigins: [],
    mailFrom: 'Merx tests <no-reply@localhost>',
    ownerEmail: 'owner@merx.test',
    development: true,
    webhookTimeoutMs: 1500,
  },
  merx,
  logger: false,
});
// MERX_WORKER_DELIVER=1: this process also hands out events and sends webhooks, as every server process does.
if (process.env.MERX_WORKER_DELIVER === '1') {
  dispatcher.start(200);
  services.webhookWorker.start(200);
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => merx.destroy().then(() => process.exit(0)));
});
