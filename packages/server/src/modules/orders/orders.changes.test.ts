import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventTypesSince,
  FULFILLMENTS,
  orderOf,
  placed,
  staffMember,
  typesOf,
  writesNothing,
} from './orders.changes.kit.js';
import {
  expectAppError,
  expectViolation,
  NEW_YORK,
  ORDERS,
  type OrdersKit,
  startOrdersKit,
} from './orders-test-kit.js';

let kit: OrdersKit;

beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

const BOSTON = { country: 'US', subdivision: 'US-MA', city: 'Boston', postalCode: '02108', addressLine: '9 Park St' };

describe('PATCH /ecom/v1/orders/{id}', () => {
  it('changes note, email, billing and recipient info, archived and seen; address and email edits go on the timeline', async () => {
    const { orderId } = await placed(kit);
    const seq = await kit.lastSeq();
    const res = await kit.owner.patch(`${ORDERS}/${orderId}`, {
      order: {
        id: orderId,
        buyerNote: 'Leave at the door',
        buyerInfo: { email: 'new@example.com' },
        billingInfo: { address: BOSTON, contactDetails: { firstName: 'Ada', lastName: 'Lovelace' } },
        recipientInfo: { address: BOSTON },
        archived: true,
        seenByAHuman: true,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order;
    expect(order).toMatchObject({
      buyerNote: 'Leave at the door',
      buyerInfo: { email: 'new@example.com' },
      billingInfo: { address: BOSTON, contactDetails: { firstName: 'Ada', lastName: 'Lovelace' } },
      recipientInfo: { address: BOSTON },
      shippingInfo: { logistics: { shippingDestination: { address: BOSTON } } },
      archived: true,
      seenByAHuman: true,
      status: 'INITIALIZED',
    });
    expect(typesOf(order)).toEqual(['ORDER_PLACED', 'EMAIL_EDITED', 'SHIPPING_ADDRESS_EDITED']);
    expect(order.activities[1].authorEmail).toBe('Test owner');
    expect(await orderOf(kit, orderId)).toEqual(order);

    const events = await kit.eventsSince(seq);
    const updated = events.find((e) => e.type === 'wix.ecom.v1.order_updated');
    expect(updated?.payload.modifiedFields).toEqual(
      expect.arrayContaining(['buyerNote', 'buyerInfo.email', 'billingInfo', 'recipientInfo', 'archived']),
    );
  });

  it('writes no activity when the address and email stay the same, and clears the note with an empty one', async () => {
    const { orderId } = await placed(kit);
    await kit.owner.patch(`${ORDERS}/${orderId}`, { order: { buyerNote: 'x' } });
    const res = await kit.owner.patch(`${ORDERS}/${orderId}`, {
      order: {
        buyerNote: '',
        buyerInfo: { email: 'buyer@example.com' },
        recipientInfo: { address: { ...NEW_YORK } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.buyerNote).toBeUndefined();
    expect(typesOf(res.body.order)).toEqual(['ORDER_PLACED']);
  });

  it('refuses read-only and unknown fields, naming each, and writes nothing', async () => {
    const { orderId } = await placed(kit);
    await writesNothing(kit, async () => {
      const res = await kit.owner.patch(`${ORDERS}/${orderId}`, {
        order: { buyerNote: 'ok', status: 'APPROVED', lineItems: [], priceSummary: {}, colour: 'red' },
      });
      expectViolation(res, 'order.status');
      expectViolation(res, 'order.lineItems');
      expectViolation(res, 'order.priceSummary');
      expectViolation(res, 'order.colour');
      const status = res.body.details.validationError.fieldViolations.find(
        (v: { field: string }) => v.field === 'order.status',
      );
      expect(status.description).toMatch(/read-only/);
    });
  });

  it('refuses a bad email, unknown buyer fields and a bad address', async () => {
    const { orderId } = await placed(kit);
    await writesNothing(kit, async () => {
      expectViolation(
        await kit.owner.patch(`${ORDERS}/${orderId}`, { order: { buyerInfo: { email: 'nope' } } }),
        'order.buyerInfo.email',
      );
      expectViolation(
        await kit.owner.patch(`${ORDERS}/${orderId}`, { order: { buyerInfo: { visitorId: 'x' } } }),
        'order.buyerInfo',
        'FIELD_NOT_ALLOWED',
      );
      expectViolation(
        await kit.owner.patch(`${ORDERS}/${orderId}`, { order: { recipientInfo: { address: { country: 'USA' } } } }),
        'order.recipientInfo.address.country',
      );
      expectViolation(await kit.owner.patch(`${ORDERS}/${orderId}`, {}), 'order', 'REQUIRED_FIELD');
    });
  });

  it('answers 404 for an unknown order and keeps buyers and readers out', async () => {
    const { orderId, buyer } = await placed(kit);
    const body = { order: { buyerNote: 'mine' } };
    await writesNothing(kit, async () => {
      expectAppError(await kit.owner.patch(`${ORDERS}/no-such-order`, body), 404, 'ORDER_NOT_FOUND');
      expectAppError(await buyer.patch(`${ORDERS}/${orderId}`, body), 401, 'UNAUTHENTICATED');
      expectAppError(await kit.visitor.patch(`${ORDERS}/${orderId}`, body), 401, 'UNAUTHENTICATED');
      expectAppError(await (await kit.newMember()).patch(`${ORDERS}/${orderId}`, body), 403, 'PERMISSION_DENIED');
      expectAppError(await kit.orderReader.patch(`${ORDERS}/${orderId}`, body), 403, 'PERMISSION_DENIED');
    });
  });
});

describe('POST /ecom/v1/orders/{id}/cancel', () => {
  it('cancels and gives the stock back when asked: inventory log, restocked lines, timeline, events', async () => {
    const { orderId, productId } = await placed(kit, { quantity: 3, stock: 10 });
    expect(await kit.stockOf(productId)).toBe(7);
    const seq = await kit.lastSeq();
    const res = await kit.owner.post(`${ORDERS}/${orderId}/cancel`, {
      id: orderId,
      restockAllItems: true,
      sendOrderCanceledEmail: false,
      customMessage: 'Out of season',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order;
    expect(order.status).toBe('CANCELED');
    expect(order.lineItems[0]).toMatchObject({ quantity: 3, restockQuantity: 3 });
    expect(order.balanceSummary.balance.amount).toBe('0');
    expect(typesOf(order)).toEqual(['ORDER_PLACED', 'ORDER_CANCELED']);
    expect(order.activities[1].authorEmail).toBe('Test owner');
    expect(await kit.stockOf(productId)).toBe(10);
    const changes = await kit.server.merx.db
      .selectFrom('inventory_changes')
      .select(['delta', 'cause'])
      .where('order_id', '=', orderId)
      .orderBy('created_date')
      .execute();
    expect(changes.map((c) => [Number(c.delta), c.cause])).toEqual([
      [-3, 'ORDER'],
      [3, 'REVERT_INVENTORY_CHANGE'],
    ]);
    expect(await eventTypesSince(kit, seq)).toEqual(
      expect.arrayContaining([
        'wix.ecom.v1.order_canceled',
        'wix.ecom.v1.order_updated',
        'wix.stores.inventory.v2.inventory_variants_changed',
      ]),
    );
  });

  it('leaves the stock alone without restockAllItems', async () => {
    const { orderId, productId } = await placed(kit, { quantity: 2, stock: 5 });
    const res = await kit.owner.post(`${ORDERS}/${orderId}/cancel`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.lineItems[0].restockQuantity).toBe(0);
    expect(await kit.stockOf(productId)).toBe(3);
  });

  it('gives nothing back for an order whose stock was not taken (stock taken on payment)', async () => {
    await kit.owner.patch('/ecom/v1/orders-settings', { ordersSettings: { inventoryUpdateTrigger: 'ON_ORDER_PAID' } });
    try {
      const { orderId, productId } = await placed(kit, { quantity: 2, stock: 5 });
      expect(await kit.stockOf(productId)).toBe(5);
      const res = await kit.owner.post(`${ORDERS}/${orderId}/cancel`, { restockAllItems: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.order.lineItems[0].restockQuantity).toBe(0);
      expect(await kit.stockOf(productId)).toBe(5);
    } finally {
      await kit.owner.patch('/ecom/v1/orders-settings', {
        ordersSettings: { inventoryUpdateTrigger: 'ON_ORDER_PLACED' },
      });
    }
  });

  it('refuses a second cancel and a fulfilled order, writing nothing', async () => {
    const { orderId, productId } = await placed(kit);
    await kit.owner.post(`${ORDERS}/${orderId}/cancel`, { restockAllItems: true });
    await writesNothing(kit, async () => {
      expectAppError(
        await kit.owner.post(`${ORDERS}/${orderId}/cancel`, { restockAllItems: true }),
        400,
        'ORDER_ALREADY_CANCELED',
      );
    });
    expect(await kit.stockOf(productId)).toBe(10);

    const shipped = await placed(kit, { quantity: 2 });
    const f = await kit.owner.post(`${FULFILLMENTS}/orders/${shipped.orderId}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: shipped.order.lineItems[0].id, quantity: 1 }] },
    });
    expect(f.status, JSON.stringify(f.body)).toBe(200);
    await writesNothing(kit, async () => {
      expectAppError(
        await kit.owner.post(`${ORDERS}/${shipped.orderId}/cancel`, { restockAllItems: true }),
        400,
        'ORDER_ALREADY_FULFILLED',
      );
    });
  });

  it('is for staff only: the buyer cannot cancel even an unpaid order; unknown orders are 404', async () => {
    const member = await kit.newMember();
    const { orderId } = await placed(kit, { buyer: member });
    await writesNothing(kit, async () => {
      expectAppError(await member.post(`${ORDERS}/${orderId}/cancel`, {}), 403, 'PERMISSION_DENIED');
      expectAppError(await kit.visitor.post(`${ORDERS}/${orderId}/cancel`, {}), 401, 'UNAUTHENTICATED');
      expectAppError(await kit.orderReader.post(`${ORDERS}/${orderId}/cancel`, {}), 403, 'PERMISSION_DENIED');
      expectAppError(await kit.owner.post(`${ORDERS}/nope/cancel`, {}), 404, 'ORDER_NOT_FOUND');
      expectViolation(
        await kit.owner.post(`${ORDERS}/${orderId}/cancel`, { restockAllItems: 'yes' }),
        'restockAllItems',
      );
    });
  });
});

describe('POST /ecom/v1/orders/{id}/update-status', () => {
  const setStatus = (orderId: string, status: string) =>
    kit.owner.post(`${ORDERS}/${orderId}/update-status`, { orderId, status });

  it('moves INITIALIZED → PENDING → REJECTED with timeline entries, and refuses leaving REJECTED', async () => {
    const { orderId } = await placed(kit);
    const pending = await setStatus(orderId, 'PENDING');
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    expect(pending.body.order.status).toBe('PENDING');
    const rejected = await setStatus(orderId, 'REJECTED');
    expect(rejected.body.order.status).toBe('REJECTED');
    expect(typesOf(rejected.body.order)).toEqual(['ORDER_PLACED', 'ORDER_PENDING', 'ORDER_REJECTED']);
    await writesNothing(kit, async () => {
      const res = await setStatus(orderId, 'APPROVED');
      expectAppError(res, 400, 'ORDER_STATUS_TRANSITION_NOT_ALLOWED');
      expect(res.body.details.applicationError.data).toMatchObject({ from: 'REJECTED', to: 'APPROVED' });
      expectAppError(await setStatus(orderId, 'CANCELED'), 400, 'ORDER_STATUS_TRANSITION_NOT_ALLOWED');
    });
  });

  it('approves an INITIALIZED order (purchase date set, approved event) and refuses APPROVED → PENDING', async () => {
    const { orderId, order } = await placed(kit);
    expect(order.purchasedDate).toBeUndefined();
    const seq = await kit.lastSeq();
    const res = await setStatus(orderId, 'APPROVED');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.purchasedDate).toBeDefined();
    expect(await eventTypesSince(kit, seq)).toContain('wix.ecom.v1.order_approved');
    await writesNothing(kit, async () => {
      expectAppError(await setStatus(orderId, 'PENDING'), 400, 'ORDER_STATUS_TRANSITION_NOT_ALLOWED');
      expectAppError(await setStatus(orderId, 'APPROVED'), 400, 'ORDER_STATUS_TRANSITION_NOT_ALLOWED');
      expectAppError(await setStatus(orderId, 'INITIALIZED'), 400, 'ORDER_STATUS_TRANSITION_NOT_ALLOWED');
    });
  });

  it('cancels through CANCELED without giving stock back', async () => {
    const { orderId, productId } = await placed(kit, { quantity: 2, stock: 5, offline: true });
    const seq = await kit.lastSeq();
    const res = await setStatus(orderId, 'CANCELED');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.status).toBe('CANCELED');
    expect(typesOf(res.body.order)).toEqual(['ORDER_PLACED', 'ORDER_CANCELED']);
    expect(await kit.stockOf(productId)).toBe(3);
    expect(await eventTypesSince(kit, seq)).toContain('wix.ecom.v1.order_canceled');
  });

  it('refuses an unknown status, an unknown order and non-staff callers', async () => {
    const { orderId, buyer } = await placed(kit);
    await writesNothing(kit, async () => {
      expectViolation(await setStatus(orderId, 'SHIPPED'), 'status', 'INVALID_ENUM_VALUE');
      expectAppError(await setStatus('nope', 'PENDING'), 404, 'ORDER_NOT_FOUND');
      expectAppError(
        await buyer.post(`${ORDERS}/${orderId}/update-status`, { status: 'PENDING' }),
        401,
        'UNAUTHENTICATED',
      );
    });
  });
});

describe('activities', () => {
  const comment = (message: string) => ({ merchantComment: { message } });

  it('adds one or several, in the order given, with the author; the timeline is ordered by time', async () => {
    const { orderId } = await placed(kit);
    const one = await kit.owner.post(`${ORDERS}/${orderId}/activities`, { id: orderId, activity: comment('first') });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(typeof one.body.activityId).toBe('string');
    const many = await kit.owner.post(`${ORDERS}/${orderId}/activities/add`, {
      orderId,
      orderActivities: [
        comment('second'),
        { customActivity: { type: 'PACKED', additionalData: { by: 'Bo' } } },
        comment('fourth'),
        comment('fifth'),
      ],
    });
    expect(many.status, JSON.stringify(many.body)).toBe(200);
    expect(many.body.activityIds).toHaveLength(4);
    const order = many.body.order;
    expect(order.activities.map((a: { id: string }) => a.id).slice(1)).toEqual([
      one.body.activityId,
      ...many.body.activityIds,
    ]);
    expect(order.activities[2]).toMatchObject({
      type: 'MERCHANT_COMMENT',
      merchantComment: { message: 'second' },
      authorEmail: 'Test owner',
    });
    expect(order.activities[3]).toMatchObject({
      type: 'CUSTOM_ACTIVITY',
      customActivity: { type: 'PACKED', additionalData: { by: 'Bo' } },
    });
    const dates = order.activities.map((a: { createdDate: string }) => a.createdDate);
    expect([...dates].sort()).toEqual(dates);
  });

  it("names a staff member's email as the author", async () => {
    const clerk = await staffMember(kit, 'clerk@shop.test', ['orders:write', 'orders:read']);
    const { orderId } = await placed(kit);
    const res = await clerk.post(`${ORDERS}/${orderId}/activities`, { activity: comment('by the clerk') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.activities.at(-1).authorEmail).toBe('clerk@shop.test');
    const reader = await staffMember(kit, 'viewer@shop.test', ['orders:read']);
    expectAppError(
      await reader.post(`${ORDERS}/${orderId}/activities`, { activity: comment('no') }),
      403,
      'PERMISSION_DENIED',
    );
  });

  it('updates and deletes merchant comments and custom activities', async () => {
    const { orderId } = await placed(kit);
    const added = await kit.owner.post(`${ORDERS}/${orderId}/activities/add`, {
      orderActivities: [comment('draft'), { customActivity: { type: 'CALL' } }],
    });
    const [commentId, customId] = added.body.activityIds;
    const updated = await kit.owner.patch(`${ORDERS}/${orderId}/activities/${commentId}`, {
      id: orderId,
      activityId: commentId,
      activity: comment('final'),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const changed = updated.body.order.activities.find((a: { id: string }) => a.id === commentId);
    expect(changed.merchantComment.message).toBe('final');
    expect(changed.updatedDate >= changed.createdDate).toBe(true);

    const custom = await kit.owner.patch(`${ORDERS}/${orderId}/activities/${customId}`, {
      activity: { customActivity: { type: 'CALLED', additionalData: { minutes: '5' } } },
    });
    expect(custom.body.order.activities.find((a: { id: string }) => a.id === customId).customActivity).toEqual({
      type: 'CALLED',
      additionalData: { minutes: '5' },
    });

    const deleted = await kit.owner.delete(`${ORDERS}/${orderId}/activities/${commentId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(typesOf(deleted.body.order)).toEqual(['ORDER_PLACED', 'CUSTOM_ACTIVITY']);
    expect(typesOf(await orderOf(kit, orderId))).toEqual(['ORDER_PLACED', 'CUSTOM_ACTIVITY']);
  });

  it('refuses to edit or delete the order history, unknown activities and a change of kind, writing nothing', async () => {
    const { orderId, order } = await placed(kit);
    const placedId = order.activities[0].id;
    const added = await kit.owner.post(`${ORDERS}/${orderId}/activities`, { activity: comment('note') });
    const commentId = added.body.activityId;
    await writesNothing(kit, async () => {
      expectAppError(
        await kit.owner.patch(`${ORDERS}/${orderId}/activities/${placedId}`, { activity: comment('x') }),
        400,
        'ACTIVITY_NOT_EDITABLE',
      );
      expectAppError(
        await kit.owner.delete(`${ORDERS}/${orderId}/activities/${placedId}`),
        400,
        'ACTIVITY_NOT_EDITABLE',
      );
      expectAppError(
        await kit.owner.patch(`${ORDERS}/${orderId}/activities/nope`, { activity: comment('x') }),
        404,
        'ACTIVITY_NOT_FOUND',
      );
      expectAppError(await kit.owner.delete(`${ORDERS}/${orderId}/activities/nope`), 404, 'ACTIVITY_NOT_FOUND');
      expectAppError(await kit.owner.delete(`${ORDERS}/nope/activities/${commentId}`), 404, 'ORDER_NOT_FOUND');
      expectViolation(
        await kit.owner.patch(`${ORDERS}/${orderId}/activities/${commentId}`, {
          activity: { customActivity: { type: 'X' } },
        }),
        'activity',
      );
    });
  });

  it('refuses bad activities and non-staff callers', async () => {
    const { orderId, buyer } = await placed(kit);
    await writesNothing(kit, async () => {
      expectViolation(
        await kit.owner.post(`${ORDERS}/${orderId}/activities`, {
          activity: { ...comment('a'), customActivity: { type: 'B' } },
        }),
        'activity',
      );
      expectViolation(
        await kit.owner.post(`${ORDERS}/${orderId}/activities`, { activity: comment('  ') }),
        'activity.merchantComment.message',
      );
      expectViolation(
        await kit.owner.post(`${ORDERS}/${orderId}/activities/add`, { orderActivities: [] }),
        'orderActivities',
        'MIN_SIZE',
      );
      expectAppError(
        await kit.owner.post(`${ORDERS}/nope/activities`, { activity: comment('a') }),
        404,
        'ORDER_NOT_FOUND',
      );
      expectAppError(
        await buyer.post(`${ORDERS}/${orderId}/activities`, { activity: comment('a') }),
        401,
        'UNAUTHENTICATED',
      );
      expectAppError(
        await (await kit.newMember()).delete(`${ORDERS}/${orderId}/activities/x`),
        403,
        'PERMISSION_DENIED',
      );
    });
  });
});

describe('races', () => {
  it('lets the later of two simultaneous changes see the earlier one (the answers and the events are whole)', async () => {
    const { orderId } = await placed(kit);
    const add = (message: string) =>
      kit.owner.post(`${ORDERS}/${orderId}/activities`, { activity: { merchantComment: { message } } });
    const [a, b] = await Promise.all([add('one'), add('two')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const lengths = [a, b].map((r) => r.body.order.activities.length).sort();
    expect(lengths).toEqual([2, 3]);
    expect(typesOf(await orderOf(kit, orderId))).toEqual(['ORDER_PLACED', 'MERCHANT_COMMENT', 'MERCHANT_COMMENT']);
  });
});
