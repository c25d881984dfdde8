import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placed, writesNothing } from './orders.changes.kit.js';
import { expectAppError, expectViolation, ORDERS, type OrdersKit, startOrdersKit } from './orders-test-kit.js';

let kit: OrdersKit;

beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

const AGGREGATE = `${ORDERS}/aggregate`;

/** Moves an order's creation to `iso` (the app clock is the system clock in these tests). */
async function createdAt(orderId: string, iso: string): Promise<void> {
  await kit.server.merx.db.updateTable('orders').set({ created_date: iso }).where('id', '=', orderId).execute();
}

/** A succeeded refund of `minor` units on the order (payments are another module's; this is test data). */
async function refunded(orderId: string, minor: number): Promise<void> {
  const now = new Date().toISOString();
  const row = { order_id: orderId, provider: 'test', details: '{}', created_date: now, updated_date: now };
  await kit.server.merx.db
    .insertInto('order_transactions')
    .values([
      { ...row, id: `${orderId}-pay`, kind: 'PAYMENT', status: 'APPROVED', amount_minor: 10_000, payment_id: null },
      {
        ...row,
        id: `${orderId}-refund`,
        kind: 'REFUND',
        status: 'SUCCEEDED',
        amount_minor: minor,
        payment_id: `${orderId}-pay`,
      },
      {
        ...row,
        id: `${orderId}-failed`,
        kind: 'REFUND',
        status: 'FAILED',
        amount_minor: 999,
        payment_id: `${orderId}-pay`,
      },
    ])
    .execute();
}

const range = (from: string, to: string) => ({ createdDate: { $gte: from, $lt: to } });

describe('POST /ecom/v1/orders/aggregate', () => {
  // $20 × quantity + $5 shipping + 8 % tax on the items.
  const total = (quantity: number) => Math.round((20 * quantity * 1.08 + 5) * 100);
  let ids: Record<string, string>;

  beforeAll(async () => {
    ids = {};
    const days: Array<[string, string, number]> = [
      ['a', '2021-03-01T10:00:00.000Z', 1],
      ['b', '2021-03-01T23:30:00.000Z', 2],
      ['c', '2021-03-02T08:00:00.000Z', 3],
      ['d', '2021-03-04T12:00:00.000Z', 1],
      ['canceled', '2021-03-02T09:00:00.000Z', 5],
      ['outside', '2021-02-28T12:00:00.000Z', 1],
    ];
    for (const [name, iso, quantity] of days) {
      const { orderId } = await placed(kit, { quantity });
      await createdAt(orderId, iso);
      ids[name] = orderId;
    }
    await kit.owner.post(`${ORDERS}/${ids.canceled}/cancel`, {});
    await refunded(ids.c as string, 1_500);
    await refunded(ids.canceled as string, 700);
  });

  it('counts orders, sales and refunds of the range per UTC day, leaving canceled orders out', async () => {
    const res = await kit.owner.post(AGGREGATE, {
      filter: range('2021-03-01T00:00:00.000Z', '2021-03-05T00:00:00.000Z'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.aggregates;
    expect(a.currency).toBe('USD');
    expect(a.orders).toBe(4);
    const sales = total(1) + total(2) + total(3) + total(1);
    expect(a.sales.amount).toBe(String(sales / 100));
    expect(a.refunds.amount).toBe('15');
    expect(
      a.byDay.map((d: { date: string; orders: number; sales: { amount: string } }) => [
        d.date,
        d.orders,
        d.sales.amount,
      ]),
    ).toEqual([
      ['2021-03-01', 2, String((total(1) + total(2)) / 100)],
      ['2021-03-02', 1, String(total(3) / 100)],
      ['2021-03-04', 1, String(total(1) / 100)],
    ]);
    expect(a.byDay[0].sales.formattedAmount).toMatch(/\$/);
  });

  it('groups by local day with a UTC offset', async () => {
    const plus = await kit.owner.post(AGGREGATE, {
      filter: range('2021-03-01T00:00:00.000Z', '2021-03-05T00:00:00.000Z'),
      utcOffsetMinutes: 120,
    });
    expect(plus.body.aggregates.byDay.map((d: { date: string; orders: number }) => [d.date, d.orders])).toEqual([
      ['2021-03-01', 1],
      ['2021-03-02', 2],
      ['2021-03-04', 1],
    ]);
    const minus = await kit.owner.post(AGGREGATE, {
      filter: range('2021-03-01T00:00:00.000Z', '2021-03-05T00:00:00.000Z'),
      utcOffsetMinutes: -660,
    });
    expect(minus.body.aggregates.byDay.map((d: { date: string; orders: number }) => [d.date, d.orders])).toEqual([
      ['2021-02-28', 1],
      ['2021-03-01', 2],
      ['2021-03-04', 1],
    ]);
  });

  it('takes any search filter, and answers zeros when nothing matches', async () => {
    const one = await kit.owner.post(AGGREGATE, { filter: { id: { $in: [ids.b, ids.outside, ids.canceled] } } });
    expect(one.body.aggregates.orders).toBe(2);
    expect(one.body.aggregates.byDay.map((d: { date: string }) => d.date)).toEqual(['2021-02-28', '2021-03-01']);
    const none = await kit.owner.post(AGGREGATE, {
      filter: range('2019-01-01T00:00:00.000Z', '2019-02-01T00:00:00.000Z'),
    });
    expect(none.status).toBe(200);
    expect(none.body.aggregates).toMatchObject({
      orders: 0,
      sales: { amount: '0' },
      refunds: { amount: '0' },
      byDay: [],
    });
    const all = await kit.orderReader.post(AGGREGATE, {});
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.aggregates.orders).toBe(5);
  });

  it('reads the database in one statement', async () => {
    const n = await kit.statementsOf(() =>
      kit.owner.post(AGGREGATE, { filter: range('2021-03-01T00:00:00.000Z', '2021-03-05T00:00:00.000Z') }),
    );
    // The owner's API key is looked up, then the aggregate is one statement.
    expect(n).toBeLessThanOrEqual(2);
  });

  it('refuses bad filters and options with the field, and callers without orders:read', async () => {
    await writesNothing(kit, async () => {
      expectViolation(await kit.owner.post(AGGREGATE, { filter: { secret: 1 } }), 'filter.secret');
      expectViolation(
        await kit.owner.post(AGGREGATE, { filter: { createdDate: { $gte: 'yesterday' } } }),
        'filter.createdDate.$gte',
      );
      expectViolation(await kit.owner.post(AGGREGATE, { utcOffsetMinutes: 10_000 }), 'utcOffsetMinutes', 'MAX');
      expectViolation(await kit.owner.post(AGGREGATE, { timeZone: 'Mars/Olympus' }), 'timeZone');
      expectViolation(await kit.owner.post(AGGREGATE, { timeZone: 'Europe/Paris', utcOffsetMinutes: 60 }), 'timeZone');
      expectViolation(
        await kit.owner.post(AGGREGATE, { filter: { 'buyerInfo.memberId': { $startsWith: 'a' } } }),
        'filter.buyerInfo.memberId.$startsWith',
      );
      expectViolation(await kit.owner.post(AGGREGATE, { aggregation: { $group: {} } }), 'body', 'FIELD_NOT_ALLOWED');
      expectAppError(await kit.visitor.post(AGGREGATE, {}), 401, 'UNAUTHENTICATED');
      expectAppError(await (await kit.newVisitor()).post(AGGREGATE, {}), 401, 'UNAUTHENTICATED');
      expectAppError(await (await kit.newMember()).post(AGGREGATE, {}), 403, 'PERMISSION_DENIED');
      expectAppError(await kit.stranger.post(AGGREGATE, {}), 403, 'PERMISSION_DENIED');
    });
  });
});

describe('POST /ecom/v1/orders/aggregate: time zones and members', () => {
  const total = (quantity: number) => Math.round((20 * quantity * 1.08 + 5) * 100);

  it('groups by local day of a named time zone, across its change to summer time', async () => {
    // Paris moved from UTC+1 to UTC+2 at 01:00 UTC on 28 March 2021.
    const at = {
      before: '2021-03-27T23:30:00.000Z', // 00:30 on 28 March in Paris (UTC+1)
      after: '2021-03-28T22:30:00.000Z', // 00:30 on 29 March in Paris (UTC+2); still 28 March at UTC+1
      late: '2021-03-28T21:30:00.000Z', // 23:30 on 28 March in Paris
    };
    const made: Record<string, string> = {};
    for (const [name, iso] of Object.entries(at)) {
      const { orderId } = await placed(kit);
      await createdAt(orderId, iso);
      made[name] = orderId;
    }
    const filter = { id: { $in: Object.values(made) } };
    const days = async (body: Record<string, unknown>) => {
      const res = await kit.owner.post(AGGREGATE, { filter, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.aggregates.byDay.map((d: { date: string; orders: number }) => [d.date, d.orders]);
    };
    expect(await days({ timeZone: 'Europe/Paris' })).toEqual([
      ['2021-03-28', 2],
      ['2021-03-29', 1],
    ]);
    // A fixed offset cannot follow the change: winter time puts the last order on the 28th.
    expect(await days({ utcOffsetMinutes: 60 })).toEqual([['2021-03-28', 3]]);
    // With createdDate bounds the offsets are worked out for that range only; the answer is the same.
    const bounded = await kit.owner.post(AGGREGATE, {
      filter: { ...filter, ...range('2021-03-27T00:00:00.000Z', '2021-03-30T00:00:00.000Z') },
      timeZone: 'Europe/Paris',
    });
    expect(bounded.body.aggregates.byDay.map((d: { date: string }) => d.date)).toEqual(['2021-03-28', '2021-03-29']);
    expect(await days({ timeZone: 'Asia/Kolkata' })).toEqual([
      ['2021-03-28', 1],
      ['2021-03-29', 2],
    ]);
  });

  it("counts a member's orders by buyerInfo.memberId, as search finds them", async () => {
    const member = await kit.newMember();
    const first = await placed(kit, { buyer: member, quantity: 1 });
    const second = await placed(kit, { buyer: member, quantity: 3 });
    await placed(kit);
    const res = await kit.owner.post(AGGREGATE, { filter: { 'buyerInfo.memberId': member.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.aggregates.orders).toBe(2);
    expect(res.body.aggregates.sales.amount).toBe(String((total(1) + total(3)) / 100));
    const found = await kit.owner.post(`${ORDERS}/search`, {
      search: { filter: { 'buyerInfo.memberId': { $eq: member.id } } },
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.orders.map((o: { id: string }) => o.id).sort()).toEqual([first.orderId, second.orderId].sort());
    const other = await kit.owner.post(AGGREGATE, { filter: { 'buyerInfo.memberId': 'nobody' } });
    expect(other.body.aggregates.orders).toBe(0);
  });
});
