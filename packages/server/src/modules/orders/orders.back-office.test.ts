import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderOf, placed, staffMember, writesNothing } from './orders.changes.kit.js';
import {
  type Client,
  expectAppError,
  expectViolation,
  item,
  NEW_YORK,
  ORDERS,
  type OrdersKit,
  type Res,
  startOrdersKit,
} from './orders-test-kit.js';

/*
 * What the back office's order pages need of the server: finding orders by number, email or name and by channel,
 * an update that refuses a stale revision, the order's payments and refunds, the tags in use, and a coupon on a
 * merchant's order.
 */

let kit: OrdersKit;
let tag: string;

beforeAll(async () => {
  kit = await startOrdersKit();
  tag = `t${Date.now().toString(36)}`;
});
afterAll(async () => {
  await kit.close();
});

/** A merchant order for `email` and the name given, one unit of a new product. */
async function merchantOrder(email: string, name: { firstName: string; lastName?: string }, extra = {}) {
  const product = await kit.stocked(5, 20);
  const res = await kit.owner.post(ORDERS, {
    order: {
      lineItems: [item(product.id, 1)],
      buyerInfo: { email },
      shippingInfo: {
        code: kit.store.standard.id,
        shippingDestination: { address: NEW_YORK, contactDetails: name },
      },
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order as Res['body'];
}

const search = (client: Client, body: Record<string, unknown>) => client.post(`${ORDERS}/search`, { search: body });
const numbersOf = (res: Res) => res.body.orders.map((o: { number: string }) => o.number).sort();

describe('finding orders by text', () => {
  it('finds an order by its number, with or without #, and by any part of the email or the name', async () => {
    const ann = await merchantOrder(`ann.${tag}@example.com`, { firstName: 'Ann', lastName: `Lee${tag}` });
    const bob = await merchantOrder(`bob.${tag}@example.com`, { firstName: 'Bob', lastName: `Stone${tag}` });
    for (const expression of [ann.number, `#${ann.number}`, `ANN.${tag}`, `lee${tag.toUpperCase()}`, `ann lee${tag}`]) {
      const res = await search(kit.owner, { search: { expression } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(numbersOf(res), expression).toEqual([ann.number]);
    }
    expect(numbersOf(await search(kit.owner, { search: { expression: tag } }))).toEqual(
      [ann.number, bob.number].sort(),
    );
    // With a filter too, and paging through the matches with the cursor (the expression is sent again).
    const first = await search(kit.owner, {
      search: { expression: tag },
      filter: { paymentStatus: 'NOT_PAID' },
      cursorPaging: { limit: 1 },
    });
    expect(first.body.metadata.hasNext).toBe(true);
    const next = await search(kit.owner, {
      search: { expression: tag },
      cursorPaging: { limit: 1, cursor: first.body.metadata.cursors.next },
    });
    expect([...numbersOf(first), ...numbersOf(next)].sort()).toEqual([ann.number, bob.number].sort());
  });

  it('takes % and _ as letters, not patterns', async () => {
    await merchantOrder(`pct.${tag}@example.com`, { firstName: 'Percy' });
    expect((await search(kit.owner, { search: { expression: '%' } })).body.orders).toEqual([]);
    expect((await search(kit.owner, { search: { expression: `_ct.${tag}` } })).body.orders).toEqual([]);
  });

  it('follows the name when staff change the billing contact', async () => {
    const order = await merchantOrder(`rename.${tag}@example.com`, { firstName: 'Old' });
    const res = await kit.owner.patch(`${ORDERS}/${order.id}`, {
      order: { billingInfo: { contactDetails: { firstName: 'Zed', lastName: `Renamed${tag}` } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(numbersOf(await search(kit.owner, { search: { expression: `zed renamed${tag}` } }))).toEqual([order.number]);
  });

  it('keeps a buyer to their own orders, whatever they search', async () => {
    const mine = await placed(kit);
    const other = await merchantOrder(`other.${tag}@example.com`, { firstName: 'Other' });
    const res = await search(mine.buyer, { search: { expression: 'example.com' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.orders.map((o: { id: string }) => o.id);
    expect(ids).toContain(mine.orderId);
    expect(ids).not.toContain(other.id);
  });

  it('filters by sales channel, and refuses an operator the channel does not take', async () => {
    const pos = await merchantOrder(`pos.${tag}@example.com`, { firstName: 'Pat' }, { channelInfo: { type: 'POS' } });
    const web = await placed(kit);
    const res = await search(kit.owner, { filter: { 'channelInfo.type': 'POS' }, cursorPaging: { limit: 100 } });
    const ids = res.body.orders.map((o: { id: string }) => o.id);
    expect(ids).toContain(pos.id);
    expect(ids).not.toContain(web.orderId);
    const both = await search(kit.owner, {
      filter: { 'channelInfo.type': { $in: ['POS', 'WEB'] }, id: { $in: [pos.id, web.orderId] } },
    });
    expect(both.body.orders).toHaveLength(2);
    expectViolation(
      await search(kit.owner, { filter: { 'channelInfo.type': { $startsWith: 'P' } } }),
      'search.filter.channelInfo.type.$startsWith',
    );
  });
});

describe('updating an order on the revision read', () => {
  it('writes with the revision read, and refuses a stale one with CONCURRENT_MODIFICATION, writing nothing', async () => {
    const { orderId } = await placed(kit);
    const read = await orderOf(kit, orderId);
    const ok = await kit.owner.patch(`${ORDERS}/${orderId}`, {
      order: { revision: read.revision, buyerInfo: { email: `first.${tag}@example.com` } },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(Number(ok.body.order.revision)).toBe(Number(read.revision) + 1);
    await writesNothing(kit, async () => {
      const stale = await kit.owner.patch(`${ORDERS}/${orderId}`, {
        order: { revision: read.revision, buyerInfo: { email: `second.${tag}@example.com` } },
      });
      expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
      expect(stale.body.details.applicationError.data).toEqual({ orderId, revision: ok.body.order.revision });
    });
    expect((await orderOf(kit, orderId)).buyerInfo.email).toBe(`first.${tag}@example.com`);
    expectViolation(await kit.owner.patch(`${ORDERS}/${orderId}`, { order: { revision: 'abc' } }), 'order.revision');
  });
});

describe('GET /_api/merx/v1/orders/{orderId}/transactions', () => {
  it("lists the order's payments and refunds, oldest first, to staff and keys holding orders:read", async () => {
    const { orderId } = await placed(kit, { offline: true });
    await kit.owner.post(`/ecom/v1/payments-collector/orders/${orderId}/mark-as-paid`, {});
    const refund = await kit.owner.post(`/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
      payments: [],
      details: { shippingIncluded: true },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const url = `/_api/merx/v1/orders/${orderId}/transactions`;
    for (const client of [kit.owner, kit.orderReader]) {
      const res = await client.get(url);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.orderTransactions).toEqual(refund.body.orderTransactions);
      expect(res.body.orderTransactions.map((t: { kind: string; status: string }) => `${t.kind} ${t.status}`)).toEqual([
        'PAYMENT APPROVED',
        'REFUND SUCCEEDED',
      ]);
    }
    expectAppError(await kit.owner.get('/_api/merx/v1/orders/nope/transactions'), 404, 'ORDER_NOT_FOUND');
  });

  it('refuses buyers and staff without orders:read', async () => {
    const { orderId, buyer } = await placed(kit);
    const url = `/_api/merx/v1/orders/${orderId}/transactions`;
    expect((await buyer.get(url)).status).toBe(401);
    const stranger = await staffMember(kit, `tx.${tag}@staff.test`, ['catalog:read']);
    expect((await stranger.get(url)).status).toBe(403);
  });
});

describe('GET /_api/merx/v1/order-tags', () => {
  it('lists the tags in use, most used first, with how many orders carry each', async () => {
    const a = await placed(kit);
    const b = await placed(kit);
    const gift = `gift-${tag}`;
    const rush = `rush-${tag}`;
    const tagged = await kit.owner.post('/ecom/v1/bulk/orders/update-tags', {
      orderIds: [a.orderId, b.orderId],
      assignTags: { tags: { tagIds: [gift] }, privateTags: { tagIds: [`check-${tag}`] } },
    });
    expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
    await kit.owner.post('/ecom/v1/bulk/orders/update-tags', {
      orderIds: [a.orderId],
      assignTags: { tags: { tagIds: [rush] } },
    });
    const res = await kit.orderReader.get('/_api/merx/v1/order-tags');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = res.body.tags.filter((t: { tagId: string }) => t.tagId.endsWith(tag));
    expect(mine).toEqual([
      { tagId: gift, orders: 2 },
      { tagId: rush, orders: 1 },
    ]);
    expect(res.body.privateTags).toContainEqual({ tagId: `check-${tag}`, orders: 2 });
    // Searchable by tag as the list's filter does it.
    const found = await search(kit.owner, { filter: { 'tags.tags.tagIds': { $hasSome: [rush] } } });
    expect(found.body.orders.map((o: { id: string }) => o.id)).toEqual([a.orderId]);
    expect((await a.buyer.get('/_api/merx/v1/order-tags')).status).toBe(401);
  });
});

describe('a coupon on a merchant order', () => {
  it('applies the coupon given by code, as at a checkout, and counts its use', async () => {
    const code = `TEN${tag}`.toUpperCase();
    const coupon = await kit.created('/_api/merx/v1/coupons', 'coupon', {
      code,
      name: 'Ten off',
      discount: { discountType: 'FIXED_AMOUNT', fixedAmount: '10' },
    });
    const order = await merchantOrder(
      `coupon.${tag}@example.com`,
      { firstName: 'Cody' },
      {
        appliedDiscounts: [{ coupon: { code: code.toLowerCase() } }],
      },
    );
    expect(order.priceSummary.discount.amount).toBe('10');
    expect(order.appliedDiscounts).toEqual([expect.objectContaining({ coupon: expect.objectContaining({ code }) })]);
    const after = await kit.owner.get(`/_api/merx/v1/coupons/${coupon.id}`);
    expect(after.body.coupon.usageCount).toBe(1);
  });

  it('refuses an unknown coupon and any other kind of discount, writing nothing', async () => {
    const product = await kit.stocked(5, 20);
    const body = (appliedDiscounts: unknown) => ({
      order: {
        lineItems: [item(product.id, 1)],
        buyerInfo: { email: `nocoupon.${tag}@example.com` },
        shippingInfo: { code: kit.store.standard.id, shippingDestination: { address: NEW_YORK } },
        appliedDiscounts,
      },
    });
    const before = await kit.checkoutRows();
    await writesNothing(kit, async () => {
      expectAppError(await kit.owner.post(ORDERS, body([{ coupon: { code: 'NO-SUCH' } }])), 400, 'COUPON_NOT_FOUND');
      expectViolation(
        await kit.owner.post(ORDERS, body([{ merchantDiscount: { amount: '5' } }])),
        'order.appliedDiscounts[0]',
      );
      expectViolation(
        await kit.owner.post(ORDERS, body([{ coupon: { code: 'A' } }, { coupon: { code: 'B' } }])),
        'order.appliedDiscounts',
      );
    });
    expect(await kit.checkoutRows()).toEqual(before);
    expect(await kit.stockOf(product.id)).toBe(5);
  });
});
