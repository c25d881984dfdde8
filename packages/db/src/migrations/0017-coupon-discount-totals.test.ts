import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0016-order-search' });
});
afterAll(async () => {
  await merx.destroy();
});

const coupon = (id: string) => ({
  id,
  code: id.toUpperCase(),
  code_key: id,
  name: id,
  active: 1,
  discount_type: 'PERCENTAGE',
  target_type: 'GLOBAL',
  discount: '{}',
  minimum_subtotal: null,
  usage_limit: null,
  usage_limit_per_customer: null,
  usage_count: 0,
  start_date: null,
  expiration_date: null,
  created_date: '2026-11-01T00:00:00.000Z',
  updated_date: '2026-11-01T00:00:00.000Z',
  revision: 1,
});

const order = (id: string, number: number, currency: string, appliedDiscounts: unknown[]) => ({
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
  currency,
  subtotal_minor: 100,
  shipping_minor: 0,
  tax_minor: 0,
  discount_minor: 0,
  total_minor: 100,
  payment_method: 'offline',
  lines: '[]',
  data: JSON.stringify({ lineItems: [], appliedDiscounts }),
  archived: 0,
  created_date: '2026-11-01T00:00:00.000Z',
  updated_date: '2026-11-01T00:00:00.000Z',
  purchased_date: null,
  revision: 1,
});

const usedCoupon = (id: string, amount: string) => ({ coupon: { id, code: id, amount: { amount } } });
const rule = { discountRule: { id: 'r', amount: { amount: '9' } } };

describe('migration 0017: what each coupon gave', () => {
  it('starts every coupon at what the orders placed with it took off', async () => {
    // Rows as they were before the migration: no discount_total column yet.
    const db = merx.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
    await db
      .insertInto('coupons')
      .values([coupon('spring'), coupon('unused')])
      .execute();
    await db
      .insertInto('orders')
      .values([
        order('o-1', 10001, 'USD', [rule, usedCoupon('spring', '2.5')]),
        order('o-2', 10002, 'USD', [usedCoupon('spring', '10.05')]),
        order('o-3', 10003, 'USD', [usedCoupon('deleted-coupon', '4')]),
        order('o-4', 10004, 'USD', []),
      ])
      .execute();
    expect((await merx.migrateToLatest())[0]).toBe('0017-coupon-discount-totals');
    const totals = await merx.db.selectFrom('coupons').select(['id', 'discount_total']).orderBy('id').execute();
    expect(totals.map((r) => [r.id, Number(r.discount_total)])).toEqual([
      ['spring', 1255],
      ['unused', 0],
    ]);
  });
});
