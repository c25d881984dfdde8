import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0009-orders' });
});
afterAll(async () => {
  await merx.destroy();
});

describe('migration 0010: the outbox queue', () => {
  it('queues the events not yet dispatched, drops the claim column, and queues each new event', async () => {
    // The outbox as it was before this migration, with its claim column.
    const event = (id: string, dispatched: string | null) =>
      sql`(${id}, 'wix.stores.catalog.v1.product_changed', ${`p-${id}`}, '{"n":1}', '2026-11-01T00:00:00.000Z', ${dispatched})`;
    await sql`insert into outbox (id, type, entity_id, payload, created_date, dispatched_date) values ${sql.join([
      event('sent', '2026-11-01T00:00:01.000Z'),
      event('pending-1', null),
      event('pending-2', null),
    ])}`.execute(merx.db);
    expect((await merx.migrateToLatest())[0]).toBe('0010-outbox-queue');

    const queued = async () =>
      (
        await merx.db
          .selectFrom('outbox_queue')
          .innerJoin('outbox', 'outbox.seq', 'outbox_queue.seq')
          .select('outbox.id')
          .orderBy('outbox_queue.seq')
          .execute()
      ).map((r) => r.id);
    expect(await queued()).toEqual(['pending-1', 'pending-2']);
    const columns = Object.keys((await merx.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()) as object);
    expect(columns).not.toContain('dispatched_date');
    const indexes = (
      merx.dialect === 'postgres'
        ? await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(merx.db)
        : await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(merx.db)
    ).rows.map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining(['checkouts_open', 'orders_created']));
    for (const gone of ['cart_lines_item', 'checkout_lines_item', 'carts_updated', 'outbox_pending'])
      expect(indexes).not.toContain(gone);

    await merx.db
      .insertInto('outbox')
      .values([
        { id: 'new-1', type: 'wix.ecom.v1.cart_created', entity_id: 'c1', payload: '{}', created_date: 'x' },
        { id: 'new-2', type: 'wix.ecom.v1.cart_created', entity_id: 'c2', payload: '{}', created_date: 'x' },
      ])
      .execute();
    expect(await queued()).toEqual(['pending-1', 'pending-2', 'new-1', 'new-2']);
    // A rolled-back append leaves nothing queued.
    await expect(
      merx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('outbox')
          .values({ id: 'gone', type: 't', entity_id: 'e', payload: '{}', created_date: 'x' })
          .execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await queued()).toHaveLength(4);
    expect(Number((await sql<{ n: number }>`select count(*) as n from outbox`.execute(merx.db)).rows[0]?.n)).toBe(5);
  });
});
