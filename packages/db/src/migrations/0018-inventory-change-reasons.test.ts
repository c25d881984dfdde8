import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0017-coupon-discount-totals' });
});
afterAll(async () => {
  await merx.destroy();
});

const PLACED = '2026-11-01T10:00:00.000Z';
const LATER = '2026-11-02T09:30:00.000Z';

const order = (id: string, number: number) => ({
  id,
  number,
  checkout_id: null,
  cart_id: null,
  owner_kind: 'visitor',
  owner_id: 'v-1',
  buyer_email: null,
  status: 'APPROVED',
  payment_status: 'PAID',
  fulfillment_status: 'NOT_FULFILLED',
  currency: 'USD',
  subtotal_minor: 100,
  shipping_minor: 0,
  tax_minor: 0,
  discount_minor: 0,
  total_minor: 100,
  payment_method: 'offline',
  lines: '[]',
  data: '{}',
  archived: 0,
  created_date: PLACED,
  updated_date: PLACED,
  purchased_date: null,
  revision: 1,
});

const change = (id: string, cause: string, orderId: string | null, createdDate: string) => ({
  id,
  product_id: 'p-1',
  variant_id: 'v-1',
  delta: cause === 'ORDER' ? -1 : 1,
  quantity_after: 5,
  cause,
  order_id: orderId,
  created_date: createdDate,
});

describe('migration 0018: why stock changed and who changed it', () => {
  it('tells the changes already logged apart where their orders show what happened, and leaves the rest open', async () => {
    // Rows as they were before the migration: no reason, actor or reference columns yet.
    const db = merx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db
      .insertInto('orders')
      .values([
        order('o-placed', 10001),
        order('o-paid', 10002),
        order('o-canceled', 10003),
        order('o-refunded', 10004),
      ])
      .execute();
    await db
      .insertInto('order_activities')
      .values({
        id: 'a-1',
        order_id: 'o-canceled',
        type: 'ORDER_CANCELED',
        author: 'ada@example.com',
        data: '{}',
        created_date: LATER,
        updated_date: LATER,
      })
      .execute();
    await db
      .insertInto('order_transactions')
      .values({
        id: 't-1',
        order_id: 'o-refunded',
        kind: 'REFUND',
        status: 'SUCCEEDED',
        amount_minor: 100,
        provider: 'offline',
        provider_transaction_id: null,
        payment_id: 'pay-1',
        details: JSON.stringify({ refundId: 'refund-1', manual: true }),
        created_date: LATER,
        updated_date: LATER,
      })
      .execute();
    await db
      .insertInto('inventory_changes')
      .values([
        change('c-1-start', 'MANUAL', null, '2026-10-01T00:00:00.000Z'),
        change('c-2-placed', 'ORDER', 'o-placed', PLACED),
        change('c-3-paid', 'ORDER', 'o-paid', LATER),
        change('c-4-canceled', 'REVERT_INVENTORY_CHANGE', 'o-canceled', LATER),
        change('c-5-refunded', 'REVERT_INVENTORY_CHANGE', 'o-refunded', LATER),
        change('c-6-unknown', 'REVERT_INVENTORY_CHANGE', 'o-placed', LATER),
      ])
      .execute();

    expect((await merx.migrateToLatest())[0]).toBe('0018-inventory-change-reasons');

    const rows = await merx.db
      .selectFrom('inventory_changes')
      .select(['id', 'cause', 'reason', 'reference', 'actor_kind', 'actor_id', 'actor_name'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.cause, r.reason, r.reference])).toEqual([
      ['c-1-start', 'MANUAL', null, null],
      ['c-2-placed', 'ORDER', 'ORDER_PLACED', null],
      ['c-3-paid', 'ORDER', 'ORDER_PAID', null],
      ['c-4-canceled', 'REVERT_INVENTORY_CHANGE', 'ORDER_CANCELED', null],
      ['c-5-refunded', 'REVERT_INVENTORY_CHANGE', 'REFUND_RESTOCK', 'refund-1'],
      ['c-6-unknown', 'REVERT_INVENTORY_CHANGE', null, null],
    ]);
    expect(rows.every((r) => r.actor_kind === null && r.actor_id === null && r.actor_name === null)).toBe(true);

    // New rows take the new columns; an import job keeps who started it.
    await merx.db
      .insertInto('inventory_changes')
      .values({
        ...change('c-7-new', 'MANUAL', null, LATER),
        reason: 'CSV_IMPORT',
        actor_kind: 'STAFF',
        actor_id: 's-1',
        actor_name: 'Ada Lovelace',
        reference: 'import-1',
      })
      .execute();
    const added = await merx.db
      .selectFrom('inventory_changes')
      .select(['reason', 'actor_name', 'reference'])
      .where('id', '=', 'c-7-new')
      .executeTakeFirstOrThrow();
    expect(added).toEqual({ reason: 'CSV_IMPORT', actor_name: 'Ada Lovelace', reference: 'import-1' });
    const columns = await db
      .selectFrom('product_imports')
      .select(['actor_kind', 'actor_id', 'actor_name'])
      .limit(1)
      .execute();
    expect(columns).toEqual([]);
  });
});
