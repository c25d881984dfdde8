import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0033-webhook-last-attempt' });
});
afterAll(async () => {
  await merx.destroy();
});

const AT = '2026-11-27T00:00:00.000Z';
const order = {
  id: 'o1',
  number: 10001,
  checkout_id: null,
  cart_id: null,
  owner_kind: 'visitor',
  owner_id: 'v-1',
  buyer_email: null,
  buyer_name: null,
  channel_type: null,
  status: 'APPROVED',
  payment_status: 'PAID',
  fulfillment_status: 'NOT_FULFILLED',
  currency: 'USD',
  subtotal_minor: 1000,
  shipping_minor: 0,
  tax_minor: 0,
  discount_minor: 0,
  total_minor: 1000,
  payment_method: 'test',
  lines: '[]',
  data: '{}',
  archived: 0,
  created_date: AT,
  updated_date: AT,
  purchased_date: null,
  revision: 1,
  payment_reminder_date: null,
  pay_token_hash: null,
};

const transaction = (id: string, provider: string, providerId: string | null) => ({
  id,
  order_id: 'o1',
  kind: 'PAYMENT',
  status: 'APPROVED',
  amount_minor: 1000,
  provider,
  provider_transaction_id: providerId,
  payment_id: null,
  details: '{}',
  created_date: AT,
  updated_date: AT,
});

describe('migration 0034: stripe', () => {
  it('keeps the transactions already stored and records a Stripe object once per order transactions', async () => {
    const db = merx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db.insertInto('orders').values(order).execute();
    await db
      .insertInto('order_transactions')
      .values([transaction('t1', 'test', 'test_a'), transaction('t2', 'offline', null)])
      .execute();
    expect(await merx.migrateToLatest()).toContain('0034-stripe');
    expect(await db.selectFrom('order_transactions').select('id').orderBy('id').execute()).toEqual([
      { id: 't1' },
      { id: 't2' },
    ]);
    await db
      .insertInto('order_transactions')
      .values(transaction('t3', 'stripe', 'pi_1'))
      .execute();
    // Other providers may repeat ids (manual refunds have none); Stripe's objects may not.
    await db
      .insertInto('order_transactions')
      .values(transaction('t4', 'offline', null))
      .execute();
    await expect(
      db
        .insertInto('order_transactions')
        .values(transaction('t5', 'stripe', 'pi_1'))
        .execute(),
    ).rejects.toThrow();
    for (const table of ['stripe_payment_intents', 'stripe_events', 'payment_customers', 'saved_payment_methods'])
      expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
  });
});
