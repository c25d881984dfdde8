import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0010-outbox-queue' });
});
afterAll(async () => {
  await merx.destroy();
});

const row = (id: string) => ({
  id,
  checkout_id: `checkout-${id}`,
  status: 'ABANDONED',
  owner_kind: 'visitor',
  owner_id: 'v-1',
  buyer_email: 'buyer@example.com',
  currency: 'USD',
  total_minor: 2660,
  checkout_updated_date: '2026-11-01T00:00:00.000Z',
  order_id: null,
  recovered_date: null,
  activities: '[]',
  created_date: '2026-11-01T01:00:00.000Z',
  updated_date: '2026-11-01T01:00:00.000Z',
});

describe('migration 0011: what an abandoned checkout keeps', () => {
  it('adds the subtotal, cart and contact columns, empty on the rows marked before', async () => {
    await merx.db.insertInto('abandoned_checkouts').values(row('before')).execute();
    expect((await merx.migrateToLatest())[0]).toBe('0011-abandoned-details');
    await merx.db
      .insertInto('abandoned_checkouts')
      .values({ ...row('after'), subtotal_minor: 2000, cart_id: 'cart-1', contact_details: '{"firstName":"Ada"}' })
      .execute();
    const rows = await merx.db
      .selectFrom('abandoned_checkouts')
      .select(['id', 'subtotal_minor', 'cart_id', 'contact_details', 'total_minor'])
      .orderBy('id')
      .execute();
    expect(
      rows.map((r) => ({ ...r, subtotal_minor: r.subtotal_minor == null ? null : Number(r.subtotal_minor) })),
    ).toEqual([
      {
        id: 'after',
        subtotal_minor: 2000,
        cart_id: 'cart-1',
        contact_details: '{"firstName":"Ada"}',
        total_minor: expect.anything(),
      },
      { id: 'before', subtotal_minor: null, cart_id: null, contact_details: null, total_minor: expect.anything() },
    ]);
  });
});
