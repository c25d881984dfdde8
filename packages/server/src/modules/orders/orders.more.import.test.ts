import { STORES_APP_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULFILLMENTS, orderOf, placed, writesNothing } from './orders.changes.kit.js';
import {
  expectAppError,
  expectViolation,
  NEW_YORK,
  ORDERS,
  type OrdersKit,
  startOrdersKit,
} from './orders-test-kit.js';

/*
 * Imported orders (kept as stated, no stock), deleting them, and the order number counter.
 */

let kit: OrdersKit;

beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

const IMPORT = `${ORDERS}/import`;
const DELETE = `${ORDERS}/import/bulk-delete-imported-orders`;
const COUNTER = `${ORDERS}/import/set-order-number-counter`;

/** A historical order of two lines ($30 and 2 × $5), as another system states it. */
function historical(extra: Record<string, unknown> = {}) {
  return {
    order: {
      createdDate: '2021-03-04T05:06:07.000Z',
      lineItems: [
        { id: 'old-1', productName: { original: 'Teapot' }, quantity: 1, price: { amount: '30' } },
        { id: 'old-2', productName: { original: 'Cup' }, quantity: 2, price: { amount: '5' } },
      ],
      buyerInfo: { email: 'old@example.com' },
      recipientInfo: { address: NEW_YORK },
      shippingInfo: { title: 'Post', cost: { price: { amount: '4' } } },
      priceSummary: { tax: { amount: '3.2' } },
      ...extra,
    },
  };
}

describe('POST /ecom/v1/orders/import', () => {
  it('keeps the order as stated: number, dates, prices, statuses; imported, no stock taken', async () => {
    const product = await kit.stocked(5, 99);
    const seq = await kit.lastSeq();
    const res = await kit.owner.post(
      IMPORT,
      historical({
        number: '501',
        lineItems: [
          {
            id: 'old-1',
            productName: { original: 'Teapot' },
            catalogReference: { appId: STORES_APP_ID, catalogItemId: product.id },
            quantity: 1,
            price: { amount: '30' },
            fulfilledQuantity: 1,
          },
          { id: 'old-2', productName: { original: 'Cup' }, quantity: 2, price: { amount: '5' } },
        ],
        paymentStatus: 'PAID',
        fulfillmentStatus: 'PARTIALLY_FULFILLED',
        channelInfo: { type: 'ETSY' },
        archived: true,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order;
    expect(order).toMatchObject({
      number: '501',
      imported: true,
      createdDate: '2021-03-04T05:06:07.000Z',
      purchasedDate: '2021-03-04T05:06:07.000Z',
      status: 'APPROVED',
      paymentStatus: 'PAID',
      fulfillmentStatus: 'PARTIALLY_FULFILLED',
      channelInfo: { type: 'ETSY' },
      archived: true,
      buyerInfo: { email: 'old@example.com' },
      recipientInfo: { address: NEW_YORK },
      shippingInfo: { title: 'Post', logistics: { shippingDestination: { address: NEW_YORK } } },
    });
    expect(order.priceSummary.subtotal.amount).toBe('40');
    expect(order.priceSummary.shipping.amount).toBe('4');
    expect(order.priceSummary.tax.amount).toBe('3.2');
    expect(order.priceSummary.total.amount).toBe('47.2');
    expect(order.balanceSummary.paid.amount).toBe('47.2');
    expect(order.lineItems.map((l: { id: string }) => l.id)).toEqual(['old-1', 'old-2']);
    expect(order.lineItems[1].totalPriceAfterTax.amount).toBe('10');
    expect(await kit.stockOf(product.id)).toBe(5);
    expect(await orderOf(kit, order.id)).toEqual(order);
    expect((await kit.eventsSince(seq)).map((e) => e.type)).toEqual(['wix.ecom.v1.order_created']);
    const fulfillments = await kit.owner.get(`${FULFILLMENTS}/orders/${order.id}`);
    expect(fulfillments.body.orderWithFulfillments.fulfillments[0].lineItems).toEqual([{ id: 'old-1', quantity: 1 }]);
    // The statuses survive a later change, which derives them again.
    const later = await kit.owner.patch(`${ORDERS}/${order.id}`, { order: { buyerNote: 'imported' } });
    expect(later.body.order).toMatchObject({ paymentStatus: 'PAID', fulfillmentStatus: 'PARTIALLY_FULFILLED' });
  });

  it('partial payments and refunds from the balance; an order without a status is APPROVED and NOT_PAID', async () => {
    const partial = await kit.owner.post(
      IMPORT,
      historical({ paymentStatus: 'PARTIALLY_REFUNDED', balanceSummary: { refunded: { amount: '10' } } }),
    );
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.order.balanceSummary.refunded.amount).toBe('10');
    expect(partial.body.order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    const plain = await kit.owner.post(IMPORT, historical({ fulfillmentStatus: 'FULFILLED' }));
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.order).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'NOT_PAID',
      fulfillmentStatus: 'FULFILLED',
      paymentMethod: 'offline',
    });
    const canceled = await kit.owner.post(IMPORT, historical({ status: 'CANCELED' }));
    expect(canceled.body.order.status).toBe('CANCELED');
    expect(canceled.body.order.purchasedDate).toBeUndefined();
  });

  it('a number in use gives the next number; a kept number above the counter moves it on', async () => {
    const first = await kit.owner.post(IMPORT, historical({ number: '900001' }));
    expect(first.body.order.number).toBe('900001');
    const clash = await kit.owner.post(IMPORT, historical({ number: '900001' }));
    expect(clash.status, JSON.stringify(clash.body)).toBe(200);
    expect(clash.body.order.number).toBe('900002');
    const { order } = await placed(kit);
    expect(order.number).toBe('900003');
  });

  it('simultaneous imports of one number and placements keep numbers unique', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => kit.owner.post(IMPORT, historical({ number: '800001' }))),
      placed(kit).then((p) => ({ status: 200, body: { order: p.order } })),
    ]);
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const numbers = answers.map((r) => r.body.order.number as string);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toContain('800001');
  });

  it('refuses statuses that do not fit the amounts, bad fields and unknown members, writing nothing', async () => {
    await writesNothing(kit, async () => {
      expectViolation(
        await kit.owner.post(IMPORT, historical({ paymentStatus: 'PARTIALLY_PAID' })),
        'order.paymentStatus',
      );
      expectViolation(
        await kit.owner.post(
          IMPORT,
          historical({ paymentStatus: 'NOT_PAID', balanceSummary: { paid: { amount: '5' } } }),
        ),
        'order.paymentStatus',
      );
      expectViolation(
        await kit.owner.post(IMPORT, historical({ balanceSummary: { paid: { amount: '500' } } })),
        'order.balanceSummary.paid',
      );
      expectViolation(await kit.owner.post(IMPORT, historical({ paymentStatus: 'PENDING' })), 'order.paymentStatus');
      expectViolation(
        await kit.owner.post(IMPORT, historical({ fulfillmentStatus: 'PARTIALLY_FULFILLED' })),
        'order.fulfillmentStatus',
      );
      expectViolation(
        await kit.owner.post(
          IMPORT,
          historical({
            lineItems: [{ productName: { original: 'A' }, quantity: 1, price: { amount: '1' }, fulfilledQuantity: 2 }],
          }),
        ),
        'order.lineItems[0].fulfilledQuantity',
      );
      expectViolation(
        await kit.owner.post(
          IMPORT,
          historical({
            lineItems: [
              { id: 'x', productName: { original: 'A' }, quantity: 1, price: { amount: '1' } },
              { id: 'x', productName: { original: 'B' }, quantity: 1, price: { amount: '1' } },
            ],
          }),
        ),
        'order.lineItems[1].id',
      );
      expectViolation(
        await kit.owner.post(IMPORT, historical({ priceSummary: { discount: { amount: '100' } } })),
        'order.priceSummary.total',
      );
      expectViolation(await kit.owner.post(IMPORT, historical({ number: 'A-12' })), 'order.number');
      expectViolation(await kit.owner.post(IMPORT, historical({ createdDate: 'yesterday' })), 'order.createdDate');
      expectViolation(await kit.owner.post(IMPORT, historical({ revision: '3' })), 'order.revision');
      expectViolation(await kit.owner.post(IMPORT, historical({ lineItems: [] })), 'order.lineItems');
      expectViolation(
        await kit.owner.post(
          IMPORT,
          historical({ lineItems: [{ productName: { original: 'A' }, quantity: 1, price: { amount: '-1' } }] }),
        ),
        'order.lineItems[0].price.amount',
      );
      expectAppError(
        await kit.owner.post(IMPORT, historical({ buyerInfo: { memberId: 'no-such-member' } })),
        404,
        'MEMBER_NOT_FOUND',
      );
      expect((await kit.orderReader.post(IMPORT, historical())).status).toBe(403);
    });
  });

  it("an imported order of a member is in the member's account", async () => {
    const member = await kit.newMember();
    const res = await kit.owner.post(IMPORT, historical({ buyerInfo: { memberId: member.id } }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await member.get(`${ORDERS}/${res.body.order.id}`)).status).toBe(200);
  });
});

describe('POST /ecom/v1/orders/import/bulk-delete-imported-orders', () => {
  it('deletes imported orders with their payments and fulfillments; others are refused one by one', async () => {
    const imported = (
      await kit.owner.post(IMPORT, historical({ paymentStatus: 'PAID', fulfillmentStatus: 'FULFILLED' }))
    ).body.order;
    const native = await placed(kit);
    const res = await kit.owner.post(DELETE, {
      orderIds: [native.orderId, imported.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 2, undetailedFailures: 0 });
    expect(res.body.results.map((r: { itemMetadata: { success: boolean } }) => r.itemMetadata.success)).toEqual([
      false,
      true,
      false,
    ]);
    expect(res.body.results[0].itemMetadata.error.code).toBe('ORDER_NOT_IMPORTED');
    expect(res.body.results[2].itemMetadata.error.code).toBe('ORDER_NOT_FOUND');
    expectAppError(await kit.owner.get(`${ORDERS}/${imported.id}`), 404, 'ORDER_NOT_FOUND');
    const db = kit.server.merx.db;
    for (const table of ['order_transactions', 'order_fulfillments'] as const)
      expect(await db.selectFrom(table).select('id').where('order_id', '=', imported.id).execute()).toEqual([]);
    expect((await orderOf(kit, native.orderId)).id).toBe(native.orderId);
  });

  it('refusing every id writes nothing; bad input and readers are refused', async () => {
    const native = await placed(kit);
    await writesNothing(kit, async () => {
      const res = await kit.owner.post(DELETE, { orderIds: [native.orderId] });
      expect(res.body.bulkActionMetadata.totalFailures).toBe(1);
      expectViolation(await kit.owner.post(DELETE, { orderIds: [] }), 'orderIds');
      expect((await kit.orderReader.post(DELETE, { orderIds: [native.orderId] })).status).toBe(403);
    });
  });
});

describe('POST /ecom/v1/orders/import/set-order-number-counter', () => {
  it('sets the next number; lower only when allowed and never onto a number in use', async () => {
    const { order } = await placed(kit);
    const current = Number(order.number);
    const up = await kit.owner.post(COUNTER, { counter: current + 100 });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toEqual({ counter: current + 100, previousCounter: current + 1 });
    expect((await placed(kit)).order.number).toBe(String(current + 100));

    await writesNothing(kit, async () => {
      expectAppError(await kit.owner.post(COUNTER, { counter: current + 50 }), 400, 'ORDER_NUMBER_COUNTER_TOO_LOW');
      expectAppError(
        await kit.owner.post(COUNTER, { counter: current + 100, allowLowerCounter: true }),
        400,
        'ORDER_NUMBER_COUNTER_TOO_LOW',
      );
      expectViolation(await kit.owner.post(COUNTER, { counter: 0 }), 'counter');
      expectViolation(await kit.owner.post(COUNTER, { counter: 1.5 }), 'counter');
      expect((await kit.orderReader.post(COUNTER, { counter: current + 500 })).status).toBe(403);
    });
    const counterBefore = await kit.server.merx.db
      .selectFrom('sequences')
      .selectAll()
      .where('name', '=', 'order_number')
      .executeTakeFirstOrThrow();
    expectAppError(await kit.owner.post(COUNTER, { counter: current + 50 }), 400, 'ORDER_NUMBER_COUNTER_TOO_LOW');
    const counterAfter = await kit.server.merx.db
      .selectFrom('sequences')
      .selectAll()
      .where('name', '=', 'order_number')
      .executeTakeFirstOrThrow();
    expect(Number(counterAfter.value)).toBe(Number(counterBefore.value));

    const lower = await kit.owner.post(COUNTER, { counter: current + 101, allowLowerCounter: true });
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    const next = await kit.owner.post(COUNTER, { counter: current + 150 });
    expect(next.body.previousCounter).toBe(current + 101);
  });
});
