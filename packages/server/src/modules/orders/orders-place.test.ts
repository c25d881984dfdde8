import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  CHECKOUTS,
  expectAppError,
  item,
  NEW_YORK,
  ORDERS,
  type OrdersKit,
  type Res,
  startOrdersKit,
} from './orders-test-kit.js';

let kit: OrdersKit;

beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

describe('POST /ecom/v1/checkouts/{id}/create-order', () => {
  it('places the order: number, lines, totals, buyer, shipping; takes stock; completes the checkout; deletes the cart', async () => {
    const p = await kit.stocked(10, 20);
    const v = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(v, [item(p.id, 3)]);
    const res = await kit.placeOrder(v, checkoutId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { orderId, paymentGatewayOrderId } = res.body;
    expect(typeof orderId).toBe('string');
    expect(paymentGatewayOrderId).toBe(orderId);

    const order = (await v.get(`${ORDERS}/${orderId}`, { id: orderId })).body.order;
    expect(order).toMatchObject({
      id: orderId,
      checkoutId,
      status: 'INITIALIZED',
      paymentStatus: 'NOT_PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
      currency: 'USD',
      buyerInfo: { visitorId: v.id, email: 'buyer@example.com' },
      createdBy: { visitorId: v.id },
      channelInfo: { type: 'WEB' },
      paymentMethod: 'test',
      archived: false,
      recipientInfo: { address: NEW_YORK },
      shippingInfo: { title: 'Standard', logistics: { shippingDestination: { address: NEW_YORK } } },
    });
    expect(Number(order.number)).toBeGreaterThanOrEqual(10001);
    // $60 of items, $5 shipping, 8 % NY tax on the items.
    expect(order.priceSummary.subtotal.amount).toBe('60');
    expect(order.priceSummary.shipping.amount).toBe('5');
    expect(order.priceSummary.tax.amount).toBe('4.8');
    expect(order.priceSummary.total.amount).toBe('69.8');
    expect(order.balanceSummary.balance.amount).toBe('69.8');
    expect(order.lineItems).toHaveLength(1);
    expect(order.lineItems[0]).toMatchObject({
      quantity: 3,
      productName: { original: 'Stocked 10' },
      refundQuantity: 0,
      restockQuantity: 0,
      price: { amount: '20' },
    });
    expect(order.activities.map((a: { type: string }) => a.type)).toEqual(['ORDER_PLACED']);

    expect(await kit.stockOf(p.id)).toBe(7);
    const product = (await kit.visitor.get(`/stores-reader/v1/products/${p.id}`)).body.product;
    expect(product.stock).toMatchObject({ quantity: 7, inStock: true });
    const changes = await kit.server.merx.db
      .selectFrom('inventory_changes')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(changes.map((c) => [Number(c.delta), Number(c.quantity_after), c.cause])).toEqual([[-3, 7, 'ORDER']]);

    const checkout = (await v.get(`${CHECKOUTS}/${checkoutId}`)).body.checkout;
    expect(checkout.completed).toBe(true);
    expectAppError(await v.get(CART), 404, 'OWNED_CART_NOT_FOUND');
  });

  it('is idempotent: a second call answers the same order and takes nothing more', async () => {
    const p = await kit.stocked(5);
    const v = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(v, [item(p.id, 2)]);
    const first = await kit.placeOrder(v, checkoutId);
    const rows = await kit.orderRows();
    const second = await kit.placeOrder(v, checkoutId);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await kit.orderRows()).toEqual(rows);
    expect(await kit.stockOf(p.id)).toBe(3);
  });

  it('runs two concurrent calls for the same checkout into one order', async () => {
    const p = await kit.stocked(5);
    const v = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(v, [item(p.id, 1)]);
    const [a, b] = await Promise.all([kit.placeOrder(v, checkoutId), kit.placeOrder(v, checkoutId)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.orderId).toBe(b.body.orderId);
    expect(await kit.stockOf(p.id)).toBe(4);
  });

  it('gives sequential order numbers', async () => {
    const p = await kit.stocked(10);
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const v = await kit.newVisitor();
      const { orderId } = (await kit.placeOrder(v, await kit.readyCheckout(v, [item(p.id)]))).body;
      numbers.push(Number((await v.get(`${ORDERS}/${orderId}`)).body.order.number));
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[0]! + 2);
  });

  it('approves an offline order at once, unpaid, without a payment id', async () => {
    const p = await kit.stocked(5);
    const v = await kit.newVisitor();
    const res = await kit.placeOrder(v, await kit.readyCheckout(v, [item(p.id)]), { paymentMethod: 'offline' });
    expect(res.body.paymentGatewayOrderId).toBeUndefined();
    const order = (await v.get(`${ORDERS}/${res.body.orderId}`)).body.order;
    expect(order).toMatchObject({ status: 'APPROVED', paymentStatus: 'NOT_PAID', paymentMethod: 'offline' });
    expect(order.purchasedDate).toBeDefined();
  });

  it('appends order created, checkout completed, cart deleted and inventory events', async () => {
    const p = await kit.stocked(5);
    const v = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(v, [item(p.id)]);
    await kit.server.dispatcher.drain();
    const before = new Date(Date.now() - 1).toISOString();
    const { orderId } = (await kit.placeOrder(v, checkoutId)).body;
    const events = await kit.server.merx.db
      .selectFrom('outbox')
      .select(['type', 'entity_id'])
      .where('created_date', '>=', before)
      .execute();
    const types = events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'wix.ecom.v1.order_created',
        'wix.ecom.v1.checkout_completed',
        'wix.ecom.v1.cart_deleted',
        'wix.stores.inventory.v2.inventory_variants_changed',
      ]),
    );
    expect(events.find((e) => e.type === 'wix.ecom.v1.order_created')?.entity_id).toBe(orderId);
  });
});

describe('create-order refusals write nothing', () => {
  async function refused(fn: () => Promise<Res>, status: number, code: string) {
    const rows = await kit.orderRows();
    expectAppError(await fn(), status, code);
    expect(await kit.orderRows()).toEqual(rows);
  }

  it('refuses a checkout without email, address or shipping option, naming each problem', async () => {
    const p = await kit.stocked(5);
    const v = await kit.newVisitor();
    await addToCart(v, item(p.id));
    const { checkoutId } = (await v.post(`${CART}/create-checkout`, { channelType: 'WEB' })).body;
    const rows = await kit.orderRows();
    const res = await kit.placeOrder(v, checkoutId);
    expectAppError(res, 400, 'CHECKOUT_NOT_READY_FOR_ORDER');
    const codes = res.body.details.applicationError.data.problems.map((x: { code: string }) => x.code);
    expect(codes).toEqual(expect.arrayContaining(['EMAIL_MISSING', 'SHIPPING_ADDRESS_MISSING']));
    expect(await kit.orderRows()).toEqual(rows);
    expect(await kit.stockOf(p.id)).toBe(5);
    expect((await v.get(`${CHECKOUTS}/${checkoutId}`)).body.checkout.completed).toBe(false);
  });

  it('refuses more units than are left with INSUFFICIENT_INVENTORY', async () => {
    const p = await kit.stocked(5);
    const v = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(v, [item(p.id, 4)]);
    await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { stock: { quantity: 2 } } });
    await refused(() => kit.placeOrder(v, checkoutId), 400, 'INSUFFICIENT_INVENTORY');
    expect(await kit.stockOf(p.id)).toBe(2);
  });

  it("answers 404 for someone else's checkout and an unknown one", async () => {
    const p = await kit.stocked(5);
    const v = await kit.newVisitor();
    const other = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(v, [item(p.id)]);
    await refused(() => kit.placeOrder(other, checkoutId), 404, 'CHECKOUT_NOT_FOUND');
    await refused(() => kit.placeOrder(v, 'no-such-checkout'), 404, 'CHECKOUT_NOT_FOUND');
    expectAppError(await kit.as(undefined).post(`${CHECKOUTS}/${checkoutId}/create-order`, {}), 401, 'UNAUTHENTICATED');
  });

  it('refuses an unknown payment method as a validation error', async () => {
    const p = await kit.stocked(5);
    const v = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(v, [item(p.id)]);
    const res = await kit.placeOrder(v, checkoutId, { paymentMethod: 'bitcoin' });
    expect(res.status).toBe(400);
    expect(res.body.details.validationError.fieldViolations[0].field).toBe('paymentMethod');
  });
});

describe('reading orders', () => {
  it('lets the buyer and staff read an order, and nobody else', async () => {
    const p = await kit.stocked(5);
    const v = await kit.newVisitor();
    const { orderId } = (await kit.placeOrder(v, await kit.readyCheckout(v, [item(p.id)]))).body;
    expect((await v.get(`${ORDERS}/${orderId}`)).status).toBe(200);
    expect((await kit.owner.get(`${ORDERS}/${orderId}`)).status).toBe(200);
    expect((await kit.orderReader.get(`${ORDERS}/${orderId}`)).status).toBe(200);
    expectAppError(await (await kit.newVisitor()).get(`${ORDERS}/${orderId}`), 404, 'ORDER_NOT_FOUND');
    expectAppError(await (await kit.newMember()).get(`${ORDERS}/${orderId}`), 404, 'ORDER_NOT_FOUND');
    // A key without orders:read is told what it lacks (it is a merchant's, not a shopper's).
    expectAppError(await kit.stranger.get(`${ORDERS}/${orderId}`), 403, 'PERMISSION_DENIED');
  });

  it('searches: buyers see their own, staff see all, with filters, sort and cursor paging', async () => {
    const p = await kit.stocked(50);
    const m = await kit.newMember();
    const mine: string[] = [];
    for (let i = 0; i < 3; i++)
      mine.push((await kit.placeOrder(m, await kit.readyCheckout(m, [item(p.id)]))).body.orderId);
    const other = await kit.newVisitor();
    const theirs = (await kit.placeOrder(other, await kit.readyCheckout(other, [item(p.id)]))).body.orderId;

    const own = await m.post(`${ORDERS}/search`, { search: {} });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.orders.map((o: { id: string }) => o.id)).toEqual([...mine].reverse());
    expect(own.body.metadata).toMatchObject({ count: 3, hasNext: false });

    const first = await m.post(`${ORDERS}/search`, {
      search: { sort: [{ fieldName: 'number', order: 'ASC' }], cursorPaging: { limit: 2 } },
    });
    expect(first.body.orders.map((o: { id: string }) => o.id)).toEqual(mine.slice(0, 2));
    expect(first.body.metadata.hasNext).toBe(true);
    const next = await m.post(`${ORDERS}/search`, {
      search: { cursorPaging: { limit: 2, cursor: first.body.metadata.cursors.next } },
    });
    expect(next.body.orders.map((o: { id: string }) => o.id)).toEqual(mine.slice(2));

    const all = await kit.owner.post(`${ORDERS}/search`, {
      search: { filter: { id: { $in: [...mine, theirs] } }, cursorPaging: { limit: 100 } },
    });
    expect(all.body.orders).toHaveLength(4);
    const paid = await kit.owner.post(`${ORDERS}/search`, {
      search: { filter: { id: { $in: [...mine, theirs] }, paymentStatus: 'PAID' } },
    });
    expect(paid.body.orders).toHaveLength(0);

    const bad = await kit.owner.post(`${ORDERS}/search`, { search: { filter: { secret: 1 } } });
    expect(bad.status).toBe(400);
  });
});

describe('the catalog kept per process', () => {
  it("holds the products as an order's stock change left them: the next checkout read needs no more statements", async () => {
    const p = await kit.stocked(5);
    const a = await kit.newVisitor();
    const b = await kit.newVisitor();
    const first = await kit.readyCheckout(a, [item(p.id, 2)]);
    const second = await kit.readyCheckout(b, [item(p.id, 1)]);
    const read = () => b.get(`/ecom/v1/checkouts/${second}`);
    await read();
    const warm = await kit.statementsOf(read);
    expect((await kit.placeOrder(a, first)).status).toBe(200);
    // The product is at a new revision; this process wrote it, so it reads no product rows again.
    const after = await kit.statementsOf(read);
    expect(after).toBe(warm);
    const { body } = await read();
    expect(body.checkout.lineItems[0].availability).toMatchObject({ status: 'AVAILABLE', quantityAvailable: 3 });
  });
});

describe('statements', () => {
  it('places an order in at most 20 SQL statements, BEGIN and COMMIT included', async () => {
    const p = await kit.stocked(5);
    const q = await kit.stocked(5);
    const v = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(v, [item(p.id), item(q.id, 2)]);
    const dispatcher = kit.server.dispatcher;
    const kick = dispatcher.kick;
    dispatcher.kick = () => {};
    try {
      const n = await kit.statementsOf(() => kit.placeOrder(v, checkoutId));
      expect(n).toBeLessThanOrEqual(20);
      console.info(`create-order: ${n} statements`);
    } finally {
      dispatcher.kick = kick;
    }
    await dispatcher.drain();
  });
});
