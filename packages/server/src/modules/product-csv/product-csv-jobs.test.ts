import { createDb, type MerxDb } from '@merx/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type MerxApp } from '../../app.js';
import { newId } from '../../lib/ids.js';
import { startTestServer, type TestServer } from '../../testing.js';
import { HEADER, postCsv, row, waitForImport } from './product-csv-test-kit.js';

/*
 * Jobs shared by processes: a second app on the same database (its own connection or pool) stands for a second
 * process, as two Merx processes behind a load balancer share one PostgreSQL.
 */

let server: TestServer;
const others: Array<{ app: MerxApp; merx: MerxDb }> = [];

/** Another app on the same database, with a connection (SQLite) or pool (PostgreSQL) of its own. */
async function secondProcess(): Promise<MerxApp> {
  let url: string;
  let pgSearchPath: string | undefined;
  if (server.merx.dialect === 'postgres') {
    url = process.env.MERX_TEST_DATABASE_URL as string;
    pgSearchPath = (await sql<{ s: string }>`select current_schema() as s`.execute(server.merx.db)).rows[0]?.s;
  } else {
    const files = await sql<{ name: string; file: string }>`pragma database_list`.execute(server.merx.db);
    url = files.rows.find((r) => r.name === 'main')?.file as string;
  }
  const merx = createDb({ url, ...(pgSearchPath ? { pgSearchPath } : {}) });
  const app = await buildApp({ config: server.config, merx, logger: false });
  await app.app.ready();
  others.push({ app, merx });
  return app;
}

const file = (prefix: string, n: number) =>
  [
    HEADER,
    ...Array.from({ length: n }, (_, i) =>
      row({ Handle: `${prefix}-${i}`, Title: `${prefix} ${i}`, 'Variant Price': '3.50' }),
    ),
  ].join('\n');

async function productsLike(prefix: string) {
  const rows = await server.merx.db
    .selectFrom('products')
    .select(['slug'])
    .where('slug', 'like', `${prefix}-%`)
    .execute();
  return rows.map((r) => r.slug);
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const o of others) {
    await o.app.app.close();
    await o.merx.destroy();
  }
  await server?.close();
});

describe('an import job', () => {
  it('is claimed by exactly one of several processes trying at once', async () => {
    const { repo } = server.services.productCsv;
    const id = newId();
    const now = new Date().toISOString();
    await repo.insertJob(server.merx.db, {
      id,
      status: 'QUEUED',
      upload_id: null,
      file_name: null,
      file_bytes: 0,
      rows_total: 0,
      rows_done: 0,
      products_total: 0,
      products_created: 0,
      products_updated: 0,
      products_failed: 0,
      error_count: 0,
      columns_not_imported: '[]',
      scattered_handles: '{}',
      failure: null,
      claimed_by: null,
      lease_until: null,
      attempts: 0,
      created_date: now,
      started_date: null,
      finished_date: null,
    });
    const later = new Date(Date.now() + 60_000).toISOString();
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => repo.claim(id, `process-${i}`, now, later)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await repo.job(id))?.attempts).toBe(1);
  });

  it('runs once when two processes on one database look for work together', async () => {
    const b = await secondProcess();
    const posted = await postCsv(server, file('twice', 450), server.apiKey);
    expect(posted.status).toBe(200);
    b.services.productCsv.runner.kick();
    server.services.productCsv.runner.kick();
    const job = await waitForImport(server, posted.body.productImport.id, server.apiKey);
    expect(job).toMatchObject({ status: 'DONE', productsCreated: 450, productsUpdated: 0, rowsDone: 450 });
    const row = await server.services.productCsv.repo.job(job.id);
    expect(row?.attempts).toBe(1);
    expect([server.services.productCsv.runner.processId, b.services.productCsv.runner.processId]).toContain(
      row?.claimed_by,
    );
    const slugs = await productsLike('twice');
    expect(slugs).toHaveLength(450);
    expect(new Set(slugs).size).toBe(450);
  }, 120_000);

  it('left RUNNING by a process that died is taken up by another and finished without duplicates', async () => {
    const posted = await postCsv(server, file('resumed', 3000), server.apiKey);
    const id = posted.body.productImport.id as string;
    const { repo, runner } = server.services.productCsv;
    // This process dies after a batch or more has committed: it stops, and its claim is left as a dead one's is.
    for (;;) {
      const job = await repo.job(id);
      if (job && job.rows_done > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await runner.stop();
    // Its event claims stop too (on SQLite a claim's transaction holds the file until its group commits, and the
    // second app below shares the file from the same thread).
    await server.dispatcher.stop();
    await new Promise((resolve) => setImmediate(resolve));
    const stuck = await repo.job(id);
    expect(stuck?.status).toBe('RUNNING');
    expect(stuck?.rows_done).toBeGreaterThan(0);
    expect(stuck?.rows_done).toBeLessThan(3000);
    await server.merx.db
      .updateTable('product_imports')
      .set({ claimed_by: 'dead-host:4242:gone', lease_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const c = await secondProcess();
    c.services.productCsv.runner.kick();
    const job = await waitForImport(c, id, server.apiKey, 60_000);
    expect(job).toMatchObject({ status: 'DONE', rowsDone: 3000, productsCreated: 3000, productsUpdated: 0 });
    expect((await repo.job(id))?.attempts).toBe(2);
    const slugs = await productsLike('resumed');
    expect(slugs).toHaveLength(3000);
    expect(new Set(slugs).size).toBe(3000);
    // The file goes once the job is done.
    expect(
      await server.merx.db
        .selectFrom('product_import_parts')
        .select('idx')
        .where('upload_id', '=', stuck?.upload_id as string)
        .execute(),
    ).toEqual([]);
  }, 180_000);
});
