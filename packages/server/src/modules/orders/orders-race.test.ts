import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testEngine } from '@merx/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { item, type OrdersKit, type Shopper, startOrdersKit } from './orders-test-kit.js';

/*
 * The race of the issue: 200 buyers order at the same moment a variant that has 50 units. Exactly 50 orders are
 * placed, the stock ends at 0 and never below, and the other 150 get a clear out-of-stock error (never a 500).
 */

let kit: OrdersKit;

beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

/** What create-order answers: an order id, or the error envelope. */
interface RaceAnswer {
  orderId?: string;
  details?: { applicationError?: { code: string } };
}

const BUYERS = 200;
const STOCK = 50;

async function buyers(productId: string): Promise<Array<{ shopper: Shopper; checkoutId: string }>> {
  const list: Array<{ shopper: Shopper; checkoutId: string }> = [];
  // Set up in batches: the race is the orders, not the carts.
  for (let i = 0; i < BUYERS; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, BUYERS - i) }, async () => {
        const shopper = await kit.newVisitor();
        return { shopper, checkoutId: await kit.readyCheckout(shopper, [item(productId)]) };
      }),
    );
    list.push(...batch);
  }
  return list;
}

async function expectSoldExactly(productId: string, results: Array<{ status: number; body: RaceAnswer }>) {
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status !== 200);
  expect(ok).toHaveLength(STOCK);
  expect(new Set(ok.map((r) => r.body.orderId)).size).toBe(STOCK);
  for (const r of refused) {
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.details?.applicationError?.code).toBe('INSUFFICIENT_INVENTORY');
  }
  expect(await kit.stockOf(productId)).toBe(0);
  const db = kit.server.merx.db;
  const orders = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('lines', 'like', `%${productId}%`)
    .executeTakeFirstOrThrow();
  expect(Number(orders.n)).toBe(STOCK);
  const taken = await db
    .selectFrom('inventory_changes')
    .select((eb) => eb.fn.sum<number | string>('delta').as('total'))
    .where('product_id', '=', productId)
    .where('cause', '=', 'ORDER')
    .executeTakeFirstOrThrow();
  expect(Number(taken.total)).toBe(-STOCK);
  const product = (await kit.visitor.get(`/stores-reader/v1/products/${productId}`)).body.product;
  expect(product.stock).toMatchObject({ quantity: 0, inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
}

describe(`200 simultaneous orders for 50 units (${testEngine()})`, () => {
  it('sells exactly 50 and refuses 150 with INSUFFICIENT_INVENTORY', async () => {
    const p = await kit.stocked(STOCK);
    const list = await buyers(p.id);
    const results = await Promise.all(list.map(({ shopper, checkoutId }) => kit.placeOrder(shopper, checkoutId)));
    await expectSoldExactly(p.id, results);
  }, 120_000);

  it.skipIf(testEngine() !== 'postgres')(
    'sells exactly 50 across two server processes on the same PostgreSQL database',
    async () => {
      const p = await kit.stocked(STOCK);
      const list = await buyers(p.id);
      const app = kit.server.app;
      await app.listen({ port: 0, host: '127.0.0.1' });
      const here = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(kit.server.merx.db)).rows[0]!.s;
      const worker: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('../../testing-worker.ts', import.meta.url))],
        {
          env: {
            ...process.env,
            MERX_WORKER_DATABASE_URL: process.env.MERX_TEST_DATABASE_URL,
            MERX_WORKER_SCHEMA: schema,
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      try {
        const there = await new Promise<string>((resolve, reject) => {
          worker.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
          worker.stdout?.on('data', (chunk: Buffer) => {
            const m = /listening (\d+)/.exec(chunk.toString());
            if (m) resolve(`http://127.0.0.1:${m[1]}`);
          });
        });
        const results = await Promise.all(
          list.map(async ({ shopper, checkoutId }, i) => {
            const res = await fetch(`${i % 2 === 0 ? here : there}/ecom/v1/checkouts/${checkoutId}/create-order`, {
              method: 'POST',
              headers: { authorization: shopper.auth, 'content-type': 'application/json' },
              body: JSON.stringify({ id: checkoutId }),
            });
            return { status: res.status, body: (await res.json()) as RaceAnswer };
          }),
        );
        await expectSoldExactly(p.id, results);
      } finally {
        worker.kill('SIGTERM');
      }
    },
    120_000,
  );
});
