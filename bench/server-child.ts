/*
 * One server for catalog.bench.ts, in its own process so that its memory can be measured on its own. The bench
 * runs it bundled (plain JavaScript, as `npm start` runs Merx); by hand it also runs from source:
 *
 *   node --import tsx bench/server-child.ts merx <sqlite file>       Merx itself (buildApp, logger off)
 *   node --import tsx bench/server-child.ts reference <sqlite file>  the reference: bare Fastify, one prepared
 *                                                                    better-sqlite3 statement per route
 *
 * Listens on 127.0.0.1 on a free port and prints `{"port":N}` as its first line; SIGTERM stops it cleanly (so
 * that `--cpu-prof` can write its profile).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

/** The reference's price filter: list price above 50.00 in minor units (USD), as the bench asks Merx for. */
const PRICE_ABOVE_MINOR = 5000;

async function startMerx(dbPath: string): Promise<{ port: number; close: () => Promise<void> }> {
  // Imported here so that the reference process does not load Merx at all (its RSS is the reference's own).
  const { createDb, migrateToLatest } = await import('@merx/db');
  const { buildApp, loadConfig } = await import('@merx/server');
  // Beside the database, so that the bench's temp folder holds it even when the child is killed.
  const dataDir = mkdtempSync(join(dirname(dbPath), 'merx-data-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MERX_DATA_DIR: dataDir,
    DATABASE_URL: dbPath,
    LOG_LEVEL: 'silent',
    MERX_SEED_DEMO: 'false',
  });
  const merx = createDb({ url: dbPath });
  await migrateToLatest(merx.db, merx.dialect);
  const { app, dispatcher } = await buildApp({ config, merx, logger: false });
  // As main.ts does: the dispatcher polls the outbox once a second.
  dispatcher.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    async close() {
      await app.close();
      await merx.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startReference(dbPath: string): Promise<{ port: number; close: () => Promise<void> }> {
  const db = new Database(dbPath, { readonly: true });
  db.pragma('cache_size = -64000');
  // The same rows the Merx routes read, each with ONE prepared statement, serialised with JSON.stringify.
  const byPrice = db.prepare(
    'select * from products where visible = 1 and price > ? order by price desc, id asc limit ?',
  );
  const byCollection = db.prepare(
    `select * from products where visible = 1
       and exists (select 1 from collection_products cp where cp.product_id = products.id and cp.collection_id = ?)
     order by price desc, id asc limit ?`,
  );
  const byId = db.prepare('select * from products where id = ? and visible = 1');
  const app = Fastify({ logger: false });
  const limitOf = (q: { limit?: string }) => Math.min(100, Math.max(1, Number(q.limit ?? 20) || 20));
  app.get<{ Querystring: { limit?: string; collection?: string; above?: string } }>(
    '/ref/products',
    (request, reply) => {
      const limit = limitOf(request.query);
      const rows = request.query.collection
        ? byCollection.all(request.query.collection, limit)
        : byPrice.all(Number(request.query.above ?? PRICE_ABOVE_MINOR), limit);
      reply.type('application/json').send(JSON.stringify({ products: rows }));
    },
  );
  app.get<{ Params: { id: string } }>('/ref/products/:id', (request, reply) => {
    const row = byId.get(request.params.id);
    if (!row) return reply.code(404).type('application/json').send('{"message":"not found"}');
    reply.type('application/json').send(JSON.stringify({ product: row }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    async close() {
      await app.close();
      db.close();
    },
  };
}

async function main(): Promise<void> {
  const [kind, dbPath] = process.argv.slice(2);
  if ((kind !== 'merx' && kind !== 'reference') || !dbPath) {
    process.stderr.write('usage: server-child.ts merx|reference <sqlite file>\n');
    process.exit(2);
  }
  const server = kind === 'merx' ? await startMerx(dbPath) : await startReference(dbPath);
  process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // For looking into memory by hand: `kill -USR2 <pid>` prints where this process's memory is.
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    const mb = (n: number) => Math.round(n / 1048576);
    const m = process.memoryUsage();
    process.stderr.write(
      `rss ${mb(m.rss)} MB, heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, arrayBuffers ${mb(m.arrayBuffers)} MB\n`,
    );
  });
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
