import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0015-product-imports' });
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

describe('migration 0016: orders found by buyer name and channel', () => {
  it('fills the name (billing contact, else recipient) and the channel of the orders already placed', async () => {
    const contact = (firstName?: string, lastName?: string) => ({ contactDetails: { firstName, lastName } });
    await merx.db
      .insertInto('orders')
      .values([
        order('o-1', 10001, {
          channelType: 'WEB',
          billingInfo: contact('Ann', 'Lee'),
          recipientInfo: contact('Someone', 'Else'),
        }),
        order('o-2', 10002, { channelType: 'POS', billingInfo: { address: {} }, recipientInfo: contact(' Bo ') }),
        order('o-3', 10003, { channelType: 'OTHER_PLATFORM' }),
      ] as never)
      .execute();
    expect(await merx.migrateToLatest()).toContain('0016-order-search');
    const rows = await merx.db
      .selectFrom('orders')
      .select(['id', 'buyer_name', 'channel_type'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'o-1', buyer_name: 'Ann Lee', channel_type: 'WEB' },
      { id: 'o-2', buyer_name: 'Bo', channel_type: 'POS' },
      { id: 'o-3', buyer_name: null, channel_type: 'OTHER_PLATFORM' },
    ]);
  });
});
