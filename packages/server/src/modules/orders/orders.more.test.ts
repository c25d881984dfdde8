import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderOf, writesNothing } from './orders.changes.kit.js';
import {
  type Client,
  expectAppError,
  expectViolation,
  item,
  NEW_YORK,
  ORDERS,
  type OrdersKit,
  startOrdersKit,
} from './orders-test-kit.js';

/*
 * createOrder (POST /ecom/v1/orders): a merchant's order goes through a checkout of the caller, so totals,
 * validation and stock are the shopper's; a refusal leaves no order, no checkout, no stock change, no event.
 */

let kit: OrdersKit;
let writer: Client;

beforeAll(async () => {
  kit = await startOrdersKit();
  writer = kit.as((await kit.server.services.apiKeys.create({ name: 'Till', scopes: ['orders:write'] })).key);
});
afterAll(async () => {
  await kit.close();
});

/** A merchant order body: the lines, a buyer, a New York delivery with the standard option. */
function body(lineItems: unknown[], extra: Record<string, unknown> = {}) {
  return {
    order: {
      lineItems,
      buyerInfo: { email: 'phone@example.com' },
      shippingInfo: { code: kit.store.standard.id, shippingDestination: { address: NEW_YORK } },
      ...extra,
    },
  };
}

/** Asserts that `fn` (a refusal) writes no order, checkout, stock change or event. */
async function refusedCleanly(fn: () => Promise<void>): Promise<void> {
  const before = await kit.checkoutRows();
  await writesNothing(kit, fn);
  expect(await kit.checkoutRows()).toEqual(before);
}

describe('POST /ecom/v1/orders', () => {
  it('places a merchant order like a checkout: catalog and custom lines, tax, shipping, stock taken, paid offline', async () => {
    const product = await kit.stocked(5, 20);
    const before = await kit.checkoutRows();
    const res = await kit.owner.post(
      ORDERS,
      body(
        [
          item(product.id, 2),
          { productName: { original: 'Gift wrap' }, price: '3.50', quantity: 1, itemType: { preset: 'SERVICE' } },
        ],
        { buyerNote: 'Called in', billingInfo: { contactDetails: { firstName: 'Ada' } } },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order;
    expect(order).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'NOT_PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
      paymentMethod: 'offline',
      buyerInfo: { email: 'phone@example.com' },
      buyerNote: 'Called in',
      channelInfo: { type: 'BACKOFFICE_MERCHANT' },
      recipientInfo: { address: NEW_YORK },
      shippingInfo: { code: kit.store.standard.id },
    });
    expect(order.lineItems.map((l: { productName: { original: string } }) => l.productName.original)).toEqual([
      'Stocked 5',
      'Gift wrap',
    ]);
    // 40 + 3.50 items, 8 % New York tax on them, $5 standard shipping (untaxed).
    expect(order.priceSummary.subtotal.amount).toBe('43.5');
    expect(order.priceSummary.shipping.amount).toBe('5');
    expect(order.priceSummary.tax.amount).toBe('3.48');
    expect(order.priceSummary.total.amount).toBe('51.98');
    expect(await kit.stockOf(product.id)).toBe(3);
    expect(await kit.checkoutRows()).toMatchObject({ checkouts: before.checkouts + 1 });
    const checkout = await kit.server.merx.db
      .selectFrom('checkouts')
      .select(['completed', 'order_id'])
      .where('id', '=', order.checkoutId)
      .executeTakeFirstOrThrow();
    expect([Number(checkout.completed), checkout.order_id]).toEqual([1, order.id]);
    expect(await orderOf(kit, order.id)).toEqual(order);
  });

  it('works for an API key holding only orders:write, with the channel and payment method asked', async () => {
    const product = await kit.stocked(3, 10);
    const res = await writer.post(
      ORDERS,
      body([item(product.id, 1)], { channelInfo: { type: 'POS' }, paymentMethod: 'test' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({
      channelInfo: { type: 'POS' },
      paymentMethod: 'test',
      status: 'INITIALIZED',
      createdBy: { appId: expect.any(String) },
    });
    expect(await kit.stockOf(product.id)).toBe(2);
  });

  it('belongs to the member named in buyerInfo.memberId: their account lists it', async () => {
    const member = await kit.newMember();
    const product = await kit.stocked(3, 10);
    const res = await kit.owner.post(
      ORDERS,
      body([item(product.id, 1)], { buyerInfo: { email: 'member@example.com', memberId: member.id } }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.buyerInfo).toMatchObject({ memberId: member.id, email: 'member@example.com' });
    const mine = await member.get(`${ORDERS}/${res.body.order.id}`);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const search = await member.post(`${ORDERS}/search`, {});
    expect(search.body.orders.map((o: { id: string }) => o.id)).toContain(res.body.order.id);
  });

  it('a free pickup order of a custom line is paid at once', async () => {
    const res = await kit.owner.post(ORDERS, {
      order: {
        lineItems: [{ productName: { original: 'Sample' }, price: '0', quantity: 1 }],
        buyerInfo: { email: 'free@example.com' },
        shippingInfo: { code: kit.store.pickup.id, shippingDestination: { address: NEW_YORK } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
  });

  it('refuses more units than are in stock, leaving nothing', async () => {
    const product = await kit.stocked(1, 20);
    await refusedCleanly(async () => {
      expectAppError(await kit.owner.post(ORDERS, body([item(product.id, 2)])), 400, 'INSUFFICIENT_STOCK');
    });
    expect(await kit.stockOf(product.id)).toBe(1);
  });

  it('simultaneous orders for the last units: one is placed, the others leave no checkout behind', async () => {
    const product = await kit.stocked(2, 20);
    const before = await kit.checkoutRows();
    // What subscribers hear: never of a checkout of a refused order, not even for a moment.
    const heard: string[] = [];
    const stop = kit.server.dispatcher.subscribe('wix.ecom.v1.checkout_created', (e) => {
      heard.push(e.entityId);
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => kit.owner.post(ORDERS, body([item(product.id, 2)]))),
    );
    const placed = answers.filter((r) => r.status === 200);
    expect(placed).toHaveLength(1);
    for (const r of answers.filter((a) => a.status !== 200))
      expect(['INSUFFICIENT_STOCK', 'ITEM_OUT_OF_STOCK', 'INSUFFICIENT_INVENTORY']).toContain(
        r.body.details?.applicationError?.code,
      );
    expect(await kit.stockOf(product.id)).toBe(0);
    await kit.server.dispatcher.drain();
    const after = await kit.checkoutRows();
    expect(after.checkouts).toBe(before.checkouts + 1);
    const created = await kit.server.merx.db
      .selectFrom('outbox')
      .select('entity_id')
      .where('type', '=', 'wix.ecom.v1.checkout_created')
      .execute();
    const checkouts = await kit.server.merx.db.selectFrom('checkouts').select('id').execute();
    const ids = new Set(checkouts.map((c) => c.id));
    // Every checkout_created event left names a checkout that exists, and so does every one handed out.
    for (const e of created) expect(ids.has(e.entity_id)).toBe(true);
    stop();
    expect(heard.length).toBeGreaterThan(0);
    for (const id of heard) expect(ids.has(id)).toBe(true);
  });

  it('refuses an order whose shipping option does not deliver to the address, leaving nothing', async () => {
    const product = await kit.stocked(5, 20);
    await refusedCleanly(async () => {
      const res = await kit.owner.post(
        ORDERS,
        body([item(product.id, 1)], {
          shippingInfo: { code: kit.store.canada.id, shippingDestination: { address: NEW_YORK } },
        }),
      );
      expectAppError(res, 400, 'SHIPPING_OPTION_NOT_AVAILABLE');
    });
  });

  it('refuses a shippable order without an address or shipping option, leaving nothing', async () => {
    const product = await kit.stocked(5, 20);
    await refusedCleanly(async () => {
      const res = await kit.owner.post(ORDERS, {
        order: { lineItems: [item(product.id, 1)], buyerInfo: { email: 'a@example.com' } },
      });
      expectAppError(res, 400, 'CHECKOUT_NOT_READY_FOR_ORDER');
    });
    expect(await kit.stockOf(product.id)).toBe(5);
  });

  it('refuses an unknown product, leaving nothing', async () => {
    await refusedCleanly(async () => {
      const res = await kit.owner.post(ORDERS, body([item('00000000-0000-4000-8000-000000000000', 1)]));
      expectAppError(res, 404, 'PRODUCT_NOT_FOUND');
    });
  });

  it('refuses bad input field by field, leaving nothing', async () => {
    const product = await kit.stocked(5, 20);
    await refusedCleanly(async () => {
      expectViolation(
        await kit.owner.post(ORDERS, { order: { lineItems: [item(product.id, 1)], buyerInfo: {} } }),
        'order.buyerInfo.email',
      );
      expectViolation(
        await kit.owner.post(ORDERS, body([item(product.id, 1)], { buyerInfo: { email: 'not an email' } })),
        'order.buyerInfo.email',
      );
      expectViolation(await kit.owner.post(ORDERS, body([])), 'order.lineItems');
      expectViolation(await kit.owner.post(ORDERS, body([{ quantity: 1 }])), 'order.lineItems[0].catalogReference');
      expectViolation(
        await kit.owner.post(ORDERS, body([{ price: '2', quantity: 1 }])),
        'order.lineItems[0].productName',
      );
      expectViolation(await kit.owner.post(ORDERS, body([item(product.id, 0)])), 'order.lineItems[0].quantity');
      expectViolation(
        await kit.owner.post(ORDERS, body([item(product.id, 1)], { status: 'APPROVED' })),
        'order.status',
      );
      expectViolation(
        await kit.owner.post(ORDERS, body([item(product.id, 1)], { priceSummary: { total: { amount: '1' } } })),
        'order.priceSummary',
      );
      expectViolation(
        await kit.owner.post(ORDERS, body([item(product.id, 1)], { channelInfo: { type: 'NOWHERE' } })),
        'order.channelInfo.type',
      );
    });
  });

  it('refuses an unknown member (404 MEMBER_NOT_FOUND), leaving nothing', async () => {
    const product = await kit.stocked(5, 20);
    await refusedCleanly(async () => {
      const res = await kit.owner.post(
        ORDERS,
        body([item(product.id, 1)], { buyerInfo: { email: 'x@example.com', memberId: 'no-such-member' } }),
      );
      expectAppError(res, 404, 'MEMBER_NOT_FOUND');
    });
  });

  it('is for staff and keys holding orders:write only', async () => {
    const product = await kit.stocked(5, 20);
    const visitor = await kit.newVisitor();
    const member = await kit.newMember();
    await refusedCleanly(async () => {
      expect((await kit.orderReader.post(ORDERS, body([item(product.id, 1)]))).status).toBe(403);
      expect((await member.post(ORDERS, body([item(product.id, 1)]))).status).toBe(403);
      expect((await visitor.post(ORDERS, body([item(product.id, 1)]))).status).toBe(401);
      expect((await kit.as(undefined).post(ORDERS, body([item(product.id, 1)]))).status).toBe(401);
    });
    expect(await kit.stockOf(product.id)).toBe(5);
  });
});
