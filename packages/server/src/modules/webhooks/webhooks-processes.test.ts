import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { testEngine } from '@merx/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller, startTestServer, type TestServer } from '../../testing.js';
import { startReceiver, until } from './webhook-receiver.test-kit.js';

/*
 * Webhooks from several server processes on one PostgreSQL database: each delivery is sent by one of them, and a
 * process killed mid-delivery loses nothing (its lease runs out and another process sends the event again).
 */

let server: TestServer;
let call: ReturnType<typeof jsonCaller>;
const onPostgres = testEngine() === 'postgres';

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  call = jsonCaller(server);
});
afterAll(async () => {
  await server.close();
});

async function startWorker(): Promise<{ child: ChildProcess; url: string }> {
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(server.merx.db)).rows[0]?.s;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../../testing-worker.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        MERX_WORKER_DATABASE_URL: process.env.MERX_TEST_DATABASE_URL,
        MERX_WORKER_SCHEMA: schema,
        MERX_WORKER_DELIVER: '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const m = /listening (\d+)/.exec(chunk.toString());
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
  });
  return { child, url };
}

const productBody = () =>
  JSON.stringify({
    product: { name: `Cup ${randomUUID().slice(0, 8)}`, productType: 'physical', priceData: { price: 4 } },
  });

describe.skipIf(!onPostgres)('webhooks across processes (PostgreSQL)', () => {
  it('two processes racing deliver each of 200 events once, every one of them', async () => {
    const receiver = await startReceiver();
    const { child, url: there } = await startWorker();
    const made = await call('POST', '/_api/merx/v1/webhooks/endpoints', server.apiKey, {
      url: receiver.url,
      eventTypes: ['wix.stores.catalog.v1.product_created'],
    });
    try {
      expect(made.status).toBe(200);
      server.dispatcher.start(200);
      server.services.webhookWorker.start(200);
      await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const res = await fetch(`${i % 2 === 0 ? server.baseUrl : there}/stores/v1/products`, {
            method: 'POST',
            headers: { authorization: server.apiKey, 'content-type': 'application/json' },
            body: productBody(),
          });
          expect(res.status).toBe(200);
        }),
      );
      await until(() => new Set(receiver.ids()).size === 200, 30_000);
      await new Promise((r) => setTimeout(r, 500));
      // None twice: no event was sent by both processes.
      expect(receiver.received).toHaveLength(200);
      const rows = await server.merx.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts'])
        .where('endpoint_id', '=', made.body.endpoint.id)
        .execute();
      expect(rows).toHaveLength(200);
      expect(rows.every((r) => r.status === 'SUCCEEDED' && r.attempts === 1)).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await server.services.webhookWorker.stop();
      await server.dispatcher.stop();
      await receiver.close();
      await call('DELETE', `/_api/merx/v1/webhooks/endpoints/${made.body.endpoint.id}`, server.apiKey);
    }
  }, 60_000);

  it('a process killed with SIGKILL mid-delivery loses nothing: another sends the event once its lease ends', async () => {
    const receiver = await startReceiver();
    const { child, url: there } = await startWorker();
    try {
      const made = await call('POST', '/_api/merx/v1/webhooks/endpoints', server.apiKey, {
        url: receiver.url,
        eventTypes: ['wix.stores.catalog.v1.product_created'],
      });
      receiver.hang();
      const res = await fetch(`${there}/stores/v1/products`, {
        method: 'POST',
        headers: { authorization: server.apiKey, 'content-type': 'application/json' },
        body: productBody(),
      });
      const productId = ((await res.json()) as { product: { id: string } }).product.id;
      // The other process took the delivery and waits for the receiver's answer: it dies now.
      await until(() => receiver.received.length === 1, 10_000);
      child.kill('SIGKILL');
      receiver.status(200, 'ok');
      server.services.webhookWorker.start(200);
      await until(() => receiver.received.length === 2, 20_000);
      expect(receiver.received.map((r) => r.event.entityId)).toEqual([productId, productId]);
      // The same webhook-id both times: the receiver de-duplicates it.
      expect(new Set(receiver.ids()).size).toBe(1);
      await until(async () => {
        const row = await server.merx.db
          .selectFrom('webhook_deliveries')
          .select('status')
          .where('endpoint_id', '=', made.body.endpoint.id)
          .executeTakeFirst();
        return row?.status === 'SUCCEEDED';
      });
    } finally {
      child.kill('SIGKILL');
      await server.services.webhookWorker.stop();
      await receiver.close();
    }
  }, 60_000);
});
