import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0011-abandoned-details' });
});
afterAll(async () => {
  await merx.destroy();
});

const order = (id: string, number: number, data: Record<string, unknown>) => ({
  id,
  number,
  checkout_id: null,
  cart_id: null,
  owner_kind: 'visitor',
  owner_id: 'v-1',
  buyer_email: 'buyer@example.com',
  status: 'APPROVED',
  payment_status: 'NOT_PAID',
  fulfillment_status: 'NOT_FULFILLED',
  currency: 'USD',
  subtotal_minor: 100,
  shipping_minor: 0,
  tax_minor: 0,
  discount_minor: 0,
  total_minor: 100,
  payment_method: 'offline',
  lines: '[]',
  data: JSON.stringify({ lineItems: [], ...data }),
  archived: 0,
  created_date: '2026-11-01T00:00:00.000Z',
  updated_date: '2026-11-01T00:00:00.000Z',
  purchased_date: null,
  revision: 1,
});

const tagsOf = async (table: 'order_tags' | 'order_private_tags') =>
  (await merx.db.selectFrom(table).select(['order_id', 'tag_id']).orderBy('order_id').orderBy('tag_id').execute()).map(
    (r) => `${r.order_id}:${r.tag_id}`,
  );

describe('migration 0012: searchable order tags', () => {
  it('copies the tags already assigned, public and private apart, and drops them with their order', async () => {
    await merx.db
      .insertInto('orders')
      .values([
        order('o-1', 10001, { tags: { tags: ['vip', 'gift'], privateTags: ['fraud-check'] } }),
        order('o-2', 10002, { tags: { tags: [], privateTags: ['late'] } }),
        order('o-3', 10003, {}),
      ])
      .execute();
    expect((await merx.migrateToLatest())[0]).toBe('0012-order-tags');
    expect(await tagsOf('order_tags')).toEqual(['o-1:gift', 'o-1:vip']);
    expect(await tagsOf('order_private_tags')).toEqual(['o-1:fraud-check', 'o-2:late']);
    await merx.db.deleteFrom('orders').where('id', '=', 'o-1').execute();
    expect(await tagsOf('order_tags')).toEqual([]);
    expect(await tagsOf('order_private_tags')).toEqual(['o-2:late']);
  });
});
