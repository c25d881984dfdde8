import type { MerxEvent } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock.js';
import { startTestServer, type TestServer } from '../testing.js';

let server: TestServer;
const seen: MerxEvent[] = [];
beforeAll(async () => {
  server = await startTestServer();
  server.dispatcher.subscribe('*', (event) => {
    seen.push(event);
  });
});
afterAll(async () => {
  await server.close();
});

async function createProduct(payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/stores/v1/products',
    headers: { authorization: server.apiKey },
    payload,
  });
}

describe('the event outbox', () => {
  it('hands a committed change to subscribers once, with its payload', async () => {
    const res = await createProduct({ product: { name: 'Outbox Mug', priceData: { price: 12 } } });
    const id = res.json().product.id;
    await server.dispatcher.drain();
    // The product's v1 and v3 events, each handed over once.
    const created = seen.filter((e) => e.entityId === id);
    expect(created.map((e) => e.type)).toEqual([
      'wix.stores.catalog.v1.product_created',
      'wix.stores.catalog.v3.product_created',
    ]);
    expect(created[0]).toMatchObject({ payload: { productId: id, name: 'Outbox Mug' } });
    await server.dispatcher.drain();
    expect(seen.filter((e) => e.entityId === id)).toHaveLength(2);
  });

  it('takes dispatched events off the queue so that no process delivers them again, and keeps them', async () => {
    const res = await createProduct({ product: { name: 'Queued Mug', priceData: { price: 9 } } });
    const id = res.json().product.id;
    const queued = () =>
      server.merx.db
        .selectFrom('outbox_queue')
        .innerJoin('outbox', 'outbox.seq', 'outbox_queue.seq')
        .select('outbox.entity_id')
        .execute();
    expect((await queued()).map((r) => r.entity_id)).toContain(id);
    await server.dispatcher.drain();
    expect(await queued()).toHaveLength(0);
    const kept = await server.merx.db.selectFrom('outbox').select('type').where('entity_id', '=', id).execute();
    expect(kept.map((r) => r.type).sort()).toEqual([
      'wix.stores.catalog.v1.product_created',
      'wix.stores.catalog.v3.product_created',
    ]);
  });

  it('writes and delivers nothing for a refused request', async () => {
    const before = await server.merx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const seenBefore = seen.length;
    const res = await createProduct({
      product: { name: 'Bad', priceData: { price: 10 }, discount: { type: 'PERCENT', value: 150 } },
    });
    expect(res.statusCode).toBe(400);
    await server.dispatcher.drain();
    const after = await server.merx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(seen.length).toBe(seenBefore);
  });

  it('keeps delivering to other subscribers when one throws', async () => {
    const got: string[] = [];
    const off1 = server.dispatcher.subscribe('wix.stores.catalog.v1.product_created', () => {
      throw new Error('subscriber bug');
    });
    const off2 = server.dispatcher.subscribe('wix.stores.catalog.v1.product_created', (e) => {
      got.push(e.entityId);
    });
    const res = await createProduct({ product: { name: 'Sturdy Mug', priceData: { price: 14 } } });
    await server.dispatcher.drain();
    expect(got).toEqual([res.json().product.id]);
    off1();
    off2();
  });
});

describe('two dispatchers on one database', () => {
  it('deliver each of 250 events exactly once between them, each in commit order', async () => {
    await server.dispatcher.drain();
    const { createDispatcher } = await import('./dispatcher.js');
    const quiet = { error: () => {}, warn: () => {}, info: () => {} } as never;
    const a = createDispatcher({ db: server.merx.db, dialect: server.merx.dialect, logger: quiet, clock: systemClock });
    const b = createDispatcher({ db: server.merx.db, dialect: server.merx.dialect, logger: quiet, clock: systemClock });
    const got: Record<'a' | 'b', string[]> = { a: [], b: [] };
    a.subscribe('*', (e) => {
      got.a.push(e.entityId);
    });
    b.subscribe('*', (e) => {
      got.b.push(e.entityId);
    });
    const ids = Array.from({ length: 250 }, (_, i) => `e${String(i).padStart(4, '0')}`);
    await server.merx.db
      .insertInto('outbox')
      .values(
        ids.map((id) => ({
          id: `evt-${id}`,
          type: 'wix.stores.catalog.v1.product_changed',
          entity_id: id,
          payload: '{}',
          created_date: new Date().toISOString(),
        })),
      )
      .execute();
    await Promise.all([a.drain(), b.drain()]);
    expect([...got.a, ...got.b].sort()).toEqual(ids);
    for (const list of [got.a, got.b]) expect([...list].sort()).toEqual(list);
  });

  it('read only the events of the types they listen to (payloads can be large)', async () => {
    await server.dispatcher.drain();
    const { createDispatcher } = await import('./dispatcher.js');
    const quiet = { error: () => {}, warn: () => {}, info: () => {} } as never;
    // What the dispatcher reads of the outbox, seen through a plugin on its connection.
    const read: string[] = [];
    const db = server.merx.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        for (const row of args.result.rows as Array<{ type?: unknown; payload?: unknown }>)
          if (typeof row.type === 'string' && row.payload !== undefined) read.push(row.type);
        return args.result;
      },
    });
    const one = createDispatcher({ db, dialect: server.merx.dialect, logger: quiet, clock: systemClock });
    const got: string[] = [];
    one.subscribe('wix.ecom.v1.order_canceled', (e) => {
      got.push(e.entityId);
    });
    const event = (id: string, type: string) => ({
      id: `evt-${id}`,
      type,
      entity_id: id,
      payload: '{"big":true}',
      created_date: new Date().toISOString(),
    });
    await server.merx.db
      .insertInto('outbox')
      .values([
        event('t1', 'wix.ecom.v1.cart_updated'),
        event('t2', 'wix.ecom.v1.order_canceled'),
        event('t3', 'wix.ecom.v1.cart_updated'),
      ])
      .execute();
    await one.drain();
    expect(got).toEqual(['t2']);
    expect(read).toEqual(['wix.ecom.v1.order_canceled']);
  });
});
