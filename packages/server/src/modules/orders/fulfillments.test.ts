import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTypesSince, FULFILLMENTS, orderOf, placed, typesOf, writesNothing } from './orders.changes.kit.js';
import { expectAppError, expectViolation, ORDERS, type OrdersKit, startOrdersKit } from './orders-test-kit.js';

let kit: OrdersKit;

beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

const create = (orderId: string, lineItems: Array<{ id: string; quantity: number }>, trackingInfo?: object) =>
  kit.owner.post(`${FULFILLMENTS}/orders/${orderId}/create-fulfillment`, {
    orderId,
    fulfillment: { lineItems, ...(trackingInfo ? { trackingInfo } : {}) },
  });

const UPS = { trackingNumber: '1Z999', shippingProvider: 'ups', trackingLink: 'https://ups.example/1Z999' };

describe('POST /ecom/v1/fulfillments/orders/{orderId}/create-fulfillment', () => {
  it('fulfills part, then the rest: statuses, fulfilled quantities, timeline and events', async () => {
    const { orderId, order } = await placed(kit, { quantity: 3 });
    const lineId = order.lineItems[0].id;
    const seq = await kit.lastSeq();
    const first = await create(orderId, [{ id: lineId, quantity: 1 }], UPS);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const { orderWithFulfillments, fulfillmentId } = first.body;
    expect(orderWithFulfillments.orderId).toBe(orderId);
    expect(orderWithFulfillments.fulfillments).toEqual([
      expect.objectContaining({ id: fulfillmentId, lineItems: [{ id: lineId, quantity: 1 }], trackingInfo: UPS }),
    ]);
    let now = await orderOf(kit, orderId);
    expect(now.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(now.lineItems[0].fulfilledQuantity).toBe(1);
    expect(typesOf(now)).toEqual(['ORDER_PLACED', 'TRACKING_NUMBER_ADDED']);
    expect(await eventTypesSince(kit, seq)).toContain('wix.ecom.v1.order_fulfillments_updated');

    const second = await create(orderId, [{ id: lineId, quantity: 2 }]);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.orderWithFulfillments.fulfillments).toHaveLength(2);
    now = await orderOf(kit, orderId);
    expect(now.fulfillmentStatus).toBe('FULFILLED');
    expect(now.lineItems[0].fulfilledQuantity).toBe(3);
    expect(typesOf(now)).toEqual(['ORDER_PLACED', 'TRACKING_NUMBER_ADDED', 'ORDER_FULFILLED']);
    expect(now.activities[2].authorEmail).toBe('Test owner');
  });

  it('appends the fulfillments updated event even when the status stays the same', async () => {
    const { orderId, order } = await placed(kit, { quantity: 3 });
    const lineId = order.lineItems[0].id;
    await create(orderId, [{ id: lineId, quantity: 1 }]);
    const seq = await kit.lastSeq();
    await create(orderId, [{ id: lineId, quantity: 1 }]);
    const events = (await kit.eventsSince(seq)).filter((e) => e.type === 'wix.ecom.v1.order_fulfillments_updated');
    expect(events).toHaveLength(1);
    expect(events[0]?.payload.order).toMatchObject({ fulfillmentStatus: 'PARTIALLY_FULFILLED' });
  });

  it('refuses more units than are left, lines of another order and canceled orders, writing nothing', async () => {
    const { orderId, order } = await placed(kit, { quantity: 2 });
    const lineId = order.lineItems[0].id;
    await create(orderId, [{ id: lineId, quantity: 1 }]);
    const other = await placed(kit);
    const canceled = await placed(kit);
    await kit.owner.post(`${ORDERS}/${canceled.orderId}/cancel`, {});
    await writesNothing(kit, async () => {
      const res = await create(orderId, [{ id: lineId, quantity: 2 }]);
      expectAppError(res, 400, 'FULFILLMENT_QUANTITY_EXCEEDS_REMAINING');
      expect(res.body.details.applicationError.data).toMatchObject({ lineItemId: lineId, requested: 2, remaining: 1 });
      expectAppError(
        await create(orderId, [
          { id: lineId, quantity: 1 },
          { id: lineId, quantity: 1 },
        ]),
        400,
        'FULFILLMENT_QUANTITY_EXCEEDS_REMAINING',
      );
      expectViolation(
        await create(orderId, [{ id: other.order.lineItems[0].id, quantity: 1 }]),
        'fulfillment.lineItems[0].id',
      );
      expectAppError(
        await create(canceled.orderId, [{ id: canceled.order.lineItems[0].id, quantity: 1 }]),
        400,
        'ORDER_NOT_FULFILLABLE',
      );
      expectAppError(await create('nope', [{ id: lineId, quantity: 1 }]), 404, 'ORDER_NOT_FOUND');
    });
  });

  it('refuses bad bodies with the field, and callers without orders:write', async () => {
    const { orderId, order, buyer } = await placed(kit);
    const lineId = order.lineItems[0].id;
    const url = `${FULFILLMENTS}/orders/${orderId}/create-fulfillment`;
    await writesNothing(kit, async () => {
      expectViolation(await create(orderId, [{ id: lineId, quantity: 0 }]), 'fulfillment.lineItems[0].quantity', 'MIN');
      expectViolation(await create(orderId, []), 'fulfillment.lineItems', 'MIN_SIZE');
      expectViolation(
        await create(orderId, [{ id: lineId, quantity: 1 }], { trackingLink: 'not a url' }),
        'fulfillment.trackingInfo.trackingLink',
      );
      expectViolation(await kit.owner.post(url, {}), 'fulfillment', 'REQUIRED_FIELD');
      const body = { fulfillment: { lineItems: [{ id: lineId, quantity: 1 }] } };
      expectAppError(await buyer.post(url, body), 401, 'UNAUTHENTICATED');
      expectAppError(await kit.visitor.post(url, body), 401, 'UNAUTHENTICATED');
      expectAppError(await (await kit.newMember()).post(url, body), 403, 'PERMISSION_DENIED');
      expectAppError(await kit.orderReader.post(url, body), 403, 'PERMISSION_DENIED');
    });
  });
});

describe('updating and deleting fulfillments', () => {
  it('adds, then edits the tracking number, each on the timeline with an event', async () => {
    const { orderId, order } = await placed(kit, { quantity: 2 });
    const { fulfillmentId } = (await create(orderId, [{ id: order.lineItems[0].id, quantity: 1 }])).body;
    const url = `${FULFILLMENTS}/${fulfillmentId}/orders/${orderId}`;
    const seq = await kit.lastSeq();
    const added = await kit.owner.patch(url, { orderId, fulfillment: { id: fulfillmentId, trackingInfo: UPS } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.orderWithFulfillments.fulfillments[0].trackingInfo).toEqual(UPS);
    expect(await eventTypesSince(kit, seq)).toContain('wix.ecom.v1.order_fulfillments_updated');

    const edited = await kit.owner.patch(url, { fulfillment: { trackingInfo: { ...UPS, trackingNumber: '1Z000' } } });
    expect(edited.body.orderWithFulfillments.fulfillments[0].trackingInfo.trackingNumber).toBe('1Z000');
    await kit.owner.patch(url, { fulfillment: { trackingInfo: { ...UPS, trackingNumber: '1Z000' } } });
    const now = await orderOf(kit, orderId);
    expect(typesOf(now)).toEqual(['ORDER_PLACED', 'TRACKING_NUMBER_ADDED', 'TRACKING_NUMBER_EDITED']);
    expect(now.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
  });

  it('deletes a fulfillment: its units count as not fulfilled again', async () => {
    const { orderId, order } = await placed(kit, { quantity: 2 });
    const { fulfillmentId } = (await create(orderId, [{ id: order.lineItems[0].id, quantity: 2 }])).body;
    expect((await orderOf(kit, orderId)).fulfillmentStatus).toBe('FULFILLED');
    const res = await kit.owner.delete(`${FULFILLMENTS}/${fulfillmentId}/orders/${orderId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orderWithFulfillments.fulfillments).toEqual([]);
    const now = await orderOf(kit, orderId);
    expect(now.fulfillmentStatus).toBe('NOT_FULFILLED');
    expect(now.lineItems[0].fulfilledQuantity).toBe(0);
    const canceled = await kit.owner.post(`${ORDERS}/${orderId}/cancel`, {});
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
  });

  it('answers 404 for unknown fulfillments and orders, writing nothing', async () => {
    const { orderId, order } = await placed(kit);
    const other = await placed(kit);
    const { fulfillmentId } = (await create(orderId, [{ id: order.lineItems[0].id, quantity: 1 }])).body;
    await writesNothing(kit, async () => {
      const patch = { fulfillment: { trackingInfo: UPS } };
      expectAppError(
        await kit.owner.patch(`${FULFILLMENTS}/nope/orders/${orderId}`, patch),
        404,
        'FULFILLMENT_NOT_FOUND',
      );
      expectAppError(
        await kit.owner.patch(`${FULFILLMENTS}/${fulfillmentId}/orders/${other.orderId}`, patch),
        404,
        'FULFILLMENT_NOT_FOUND',
      );
      expectAppError(await kit.owner.delete(`${FULFILLMENTS}/nope/orders/${orderId}`), 404, 'FULFILLMENT_NOT_FOUND');
      expectAppError(await kit.owner.delete(`${FULFILLMENTS}/${fulfillmentId}/orders/nope`), 404, 'ORDER_NOT_FOUND');
      expectViolation(
        await kit.owner.patch(`${FULFILLMENTS}/${fulfillmentId}/orders/${orderId}`, {
          fulfillment: { trackingInfo: { trackingLink: 'ftp:' } },
        }),
        'fulfillment.trackingInfo.trackingLink',
      );
      expectAppError(
        await kit.orderReader.delete(`${FULFILLMENTS}/${fulfillmentId}/orders/${orderId}`),
        403,
        'PERMISSION_DENIED',
      );
    });
  });
});

describe('reading fulfillments', () => {
  it("lets the buyer read their own order's fulfillments, staff and readers all, and nobody else", async () => {
    const member = await kit.newMember();
    const { orderId, order } = await placed(kit, { buyer: member });
    await create(orderId, [{ id: order.lineItems[0].id, quantity: 1 }], UPS);
    const url = `${FULFILLMENTS}/orders/${orderId}`;
    for (const client of [member, kit.owner, kit.orderReader]) {
      const res = await client.get(url);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.orderWithFulfillments.fulfillments[0].trackingInfo).toEqual(UPS);
    }
    expectAppError(await (await kit.newVisitor()).get(url), 404, 'ORDER_NOT_FOUND');
    expectAppError(await kit.stranger.get(url), 403, 'PERMISSION_DENIED');
    expectAppError(await kit.visitor.get(url), 401, 'UNAUTHENTICATED');
    expectAppError(await kit.owner.get(`${FULFILLMENTS}/orders/nope`), 404, 'ORDER_NOT_FOUND');
  });

  it('lists several orders in the order asked; buyers get only their own', async () => {
    const buyer = await kit.newVisitor();
    const a = await placed(kit, { buyer });
    const b = await placed(kit, { buyer });
    const c = await placed(kit);
    await create(a.orderId, [{ id: a.order.lineItems[0].id, quantity: 1 }]);
    await create(c.orderId, [{ id: c.order.lineItems[0].id, quantity: 2 }]);
    const ids = [c.orderId, b.orderId, 'nope', a.orderId, a.orderId];
    const staff = await kit.owner.post(`${FULFILLMENTS}/list-by-ids`, { orderIds: ids });
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    const list = staff.body.ordersWithFulfillments;
    expect(list.map((o: { orderId: string }) => o.orderId)).toEqual([c.orderId, b.orderId, a.orderId]);
    expect(list.map((o: { fulfillments: unknown[] }) => o.fulfillments.length)).toEqual([1, 0, 1]);
    const own = await buyer.post(`${FULFILLMENTS}/list-by-ids`, { orderIds: ids });
    expect(own.body.ordersWithFulfillments.map((o: { orderId: string }) => o.orderId)).toEqual([b.orderId, a.orderId]);
    expectAppError(await kit.stranger.post(`${FULFILLMENTS}/list-by-ids`, { orderIds: ids }), 403, 'PERMISSION_DENIED');
    expectViolation(await kit.owner.post(`${FULFILLMENTS}/list-by-ids`, { orderIds: [] }), 'orderIds', 'MIN_SIZE');
  });
});

describe('POST /ecom/v1/fulfillments/orders/bulk/create-fulfillments', () => {
  it('fulfills each order on its own: one refusal does not stop the others and writes nothing of its own', async () => {
    const a = await placed(kit, { quantity: 2 });
    const b = await placed(kit, { quantity: 1 });
    const before = await kit.server.merx.db
      .selectFrom('order_fulfillments')
      .select('id')
      .where('order_id', '=', b.orderId)
      .execute();
    const res = await kit.owner.post(`${FULFILLMENTS}/orders/bulk/create-fulfillments`, {
      ordersWithFulfillments: [
        {
          orderId: a.orderId,
          fulfillments: [
            { lineItems: [{ id: a.order.lineItems[0].id, quantity: 1 }], trackingInfo: UPS },
            { lineItems: [{ id: a.order.lineItems[0].id, quantity: 1 }] },
          ],
        },
        {
          orderId: b.orderId,
          fulfillments: [
            { lineItems: [{ id: b.order.lineItems[0].id, quantity: 1 }] },
            { lineItems: [{ id: b.order.lineItems[0].id, quantity: 1 }] },
          ],
        },
        { orderId: 'nope', fulfillments: [{ lineItems: [{ id: 'x', quantity: 1 }] }] },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 2, undetailedFailures: 0 });
    expect(res.body.results.map((r: { itemMetadata: object }) => r.itemMetadata)).toEqual([
      { id: a.orderId, originalIndex: 0, success: true },
      {
        id: b.orderId,
        originalIndex: 1,
        success: false,
        error: expect.objectContaining({ code: 'FULFILLMENT_QUANTITY_EXCEEDS_REMAINING' }),
      },
      { id: 'nope', originalIndex: 2, success: false, error: expect.objectContaining({ code: 'ORDER_NOT_FOUND' }) },
    ]);
    expect(res.body.results[0].item.fulfillments).toHaveLength(2);
    expect((await orderOf(kit, a.orderId)).fulfillmentStatus).toBe('FULFILLED');
    const b2 = await orderOf(kit, b.orderId);
    expect(b2.fulfillmentStatus).toBe('NOT_FULFILLED');
    expect(b2.revision).toBe(b.order.revision);
    expect(before).toEqual([]);
    expect(
      await kit.server.merx.db
        .selectFrom('order_fulfillments')
        .select('id')
        .where('order_id', '=', b.orderId)
        .execute(),
    ).toEqual([]);
  });

  it('refuses a bad body and callers without orders:write', async () => {
    const url = `${FULFILLMENTS}/orders/bulk/create-fulfillments`;
    await writesNothing(kit, async () => {
      expectViolation(await kit.owner.post(url, { ordersWithFulfillments: [] }), 'ordersWithFulfillments', 'MIN_SIZE');
      expectViolation(
        await kit.owner.post(url, { ordersWithFulfillments: [{ orderId: 'x', fulfillments: [{ lineItems: [] }] }] }),
        'ordersWithFulfillments[0].fulfillments[0].lineItems',
      );
      expectAppError(await kit.orderReader.post(url, { ordersWithFulfillments: [] }), 403, 'PERMISSION_DENIED');
      expectAppError(await kit.visitor.post(url, {}), 401, 'UNAUTHENTICATED');
    });
  });
});

describe('races', () => {
  it('lets exactly as many simultaneous fulfillments through as the line has units', async () => {
    const { orderId, order } = await placed(kit, { quantity: 3 });
    const lineItems = [{ id: order.lineItems[0].id, quantity: 1 }];
    const results = await Promise.all(Array.from({ length: 8 }, () => create(orderId, lineItems)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    for (const refused of results.filter((r) => r.status !== 200))
      expectAppError(refused, 400, 'FULFILLMENT_QUANTITY_EXCEEDS_REMAINING');
    const now = await orderOf(kit, orderId);
    expect(now.fulfillmentStatus).toBe('FULFILLED');
    expect(now.lineItems[0].fulfilledQuantity).toBe(3);
    expect(typesOf(now)).toEqual(['ORDER_PLACED', 'ORDER_FULFILLED']);
    const rows = await kit.server.merx.db
      .selectFrom('order_fulfillments')
      .select('id')
      .where('order_id', '=', orderId)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it('sees a fulfillment committed while it waited for the order (PostgreSQL row lock)', async () => {
    // SQLite has one writer at a time: a change never waits for another in the middle of its statement.
    if (kit.server.merx.dialect !== 'postgres') return;
    const { orderId, order } = await placed(kit, { quantity: 1 });
    const lineId = order.lineItems[0].id;
    const now = new Date().toISOString();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holder = kit.server.merx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('orders')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', '=', orderId)
        .execute();
      await trx
        .insertInto('order_fulfillments')
        .values({
          id: `held-${orderId}`,
          order_id: orderId,
          line_items: JSON.stringify([{ id: lineId, quantity: 1 }]),
          tracking_info: null,
          created_date: now,
          updated_date: now,
        })
        .execute();
      await released;
    });
    const waiting = create(orderId, [{ id: lineId, quantity: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await holder;
    expectAppError(await waiting, 400, 'FULFILLMENT_QUANTITY_EXCEEDS_REMAINING');
  });

  it('gives stock back once when the same order is canceled twice at the same time', async () => {
    const { orderId, productId } = await placed(kit, { quantity: 3, stock: 10 });
    const cancel = () => kit.owner.post(`${ORDERS}/${orderId}/cancel`, { restockAllItems: true });
    const results = await Promise.all([cancel(), cancel(), cancel()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(await kit.stockOf(productId)).toBe(10);
    const back = await kit.server.merx.db
      .selectFrom('inventory_changes')
      .select('delta')
      .where('order_id', '=', orderId)
      .where('cause', '=', 'REVERT_INVENTORY_CHANGE')
      .execute();
    expect(back.map((r) => Number(r.delta))).toEqual([3]);
  });
});
