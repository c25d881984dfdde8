/**
 * What the back office's order pages call, through the SDK against a real server: a merchant's order with a coupon,
 * finding it by text and channel, the order's transactions and tags, an update on a stale revision, fulfilments with
 * tracking and a refund with restock.
 */
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key.js';
import { createClient } from '../client.js';
import { MerxApplicationError, MerxError } from '../errors.js';
import { coupons } from '../modules/discount-rules.js';
import { orderFulfillments } from '../modules/order-fulfillments.js';
import { orders } from '../modules/orders.js';
import { NEW_YORK, type SdkKit, startSdkKit, stockedProduct, unique, usShipping } from './kit.js';

let kit: SdkKit;
let shippingCode: string;

beforeAll(async () => {
  kit = await startSdkKit();
  shippingCode = await usShipping(kit);
});
afterAll(() => kit?.close());

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );

/** A merchant's order of `quantity` units of a new $20 product for Ann Lee at `email`. */
async function merchantOrder(email: string, quantity = 2, extra: Record<string, unknown> = {}) {
  const admin = kit.admin({ orders });
  const productId = await stockedProduct(kit, 'Lamp ', 10);
  const { order } = await admin.orders.createOrder({
    lineItems: [
      {
        catalogReference: {
          appId: STORES_APP_ID,
          catalogItemId: productId,
          options: { variantId: DEFAULT_VARIANT_ID },
        },
        quantity,
      },
    ],
    buyerInfo: { email },
    billingInfo: { contactDetails: { firstName: 'Ann', lastName: 'Lee' } },
    shippingInfo: { code: shippingCode, shippingDestination: { address: NEW_YORK } },
    ...extra,
  });
  return { order, productId };
}

describe('the order pages through the SDK', () => {
  it('creates an order with a coupon, finds it by number, email and name, and by channel', async () => {
    const admin = kit.admin({ orders, coupons });
    const code = unique('SAVE').toUpperCase();
    await admin.coupons.createCoupon({
      code,
      name: 'Save five',
      discount: { discountType: 'FIXED_AMOUNT', fixedAmount: '5' },
    });
    const email = `${unique('ann')}@example.com`;
    const { order } = await merchantOrder(email, 2, {
      appliedDiscounts: [{ coupon: { code } }],
      channelInfo: { type: 'POS' },
    });
    expect(order.priceSummary['discount']?.amount).toBe('5');
    for (const expression of [order.number, email.slice(0, 8), 'ann lee']) {
      const found = await admin.orders.searchOrders({
        search: { expression },
        filter: { 'channelInfo.type': 'POS' },
      });
      expect(
        found.orders.map((o) => o.id),
        expression,
      ).toContain(order.id);
    }
    const web = await admin.orders.searchOrders({
      search: { expression: email },
      filter: { 'channelInfo.type': 'WEB' },
    });
    expect(web.orders).toEqual([]);
  });

  it('lists the transactions after a payment and a refund with restock, and the fulfilment with tracking', async () => {
    const admin = kit.admin({ orders, orderFulfillments });
    const { order, productId } = await merchantOrder(`${unique('tx')}@example.com`, 2);
    await admin.orders.paymentCollectionMarkOrderAsPaid(order.id);
    const line = order.lineItems[0];
    if (!line) throw new Error('no line');
    const fulfilled = await admin.orderFulfillments.createFulfillment(order.id, {
      lineItems: [{ id: line.id, quantity: 2 }],
      trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'UPS', trackingLink: 'https://ups.example/1Z999' },
    });
    expect(fulfilled.orderWithFulfillments.fulfillments[0]?.trackingInfo).toMatchObject({ trackingNumber: '1Z999' });
    const refundability = await admin.orders.getRefundabilityStatus(order.id);
    expect(refundability.refundabilities).toHaveLength(1);
    const refund = await admin.orders.triggerRefund(order.id, [], {
      details: { items: [{ lineItemId: line.id, quantity: 1 }] },
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
    expect(refund.refundId).toBeTruthy();
    const { orderTransactions } = await admin.orders.listOrderTransactions(order.id);
    expect(orderTransactions.map((t) => `${t.kind} ${t.status} ${t.amount.amount}`)).toEqual([
      'PAYMENT APPROVED 45',
      'REFUND SUCCEEDED 20',
    ]);
    const stock = await kit.server.merx.db
      .selectFrom('product_variants')
      .select('quantity')
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(Number(stock.quantity)).toBe(9);
  });

  it('tags orders and lists the tags in use', async () => {
    const admin = kit.admin({ orders });
    const { order } = await merchantOrder(`${unique('tag')}@example.com`, 1);
    const tag = unique('vip-');
    const result = await admin.orders.bulkUpdateOrderTags([order.id], { assignTags: { tags: { tagIds: [tag] } } });
    expect(result.bulkActionMetadata.totalSuccesses).toBe(1);
    const { tags } = await admin.orders.listOrderTags();
    expect(tags).toContainEqual({ tagId: tag, orders: 1 });
  });

  it('refuses an update made on a stale revision (CONCURRENT_MODIFICATION), and a key without orders:read', async () => {
    const admin = kit.admin({ orders });
    const { order } = await merchantOrder(`${unique('rev')}@example.com`, 1);
    await admin.orders.updateOrder(order.id, { revision: order.revision, buyerNote: 'first' });
    const stale = await caught(admin.orders.updateOrder(order.id, { revision: order.revision, buyerNote: 'second' }));
    expect(stale).toBeInstanceOf(MerxApplicationError);
    expect(stale).toMatchObject({ code: 'CONCURRENT_MODIFICATION', status: 400 });
    expect((await admin.orders.getOrder(order.id)).order.buyerNote).toBe('first');

    const { key } = await kit.server.services.apiKeys.create({ name: unique('cat '), scopes: ['catalog:read'] });
    const outsider = createClient({ baseUrl: kit.baseUrl, auth: ApiKeyStrategy({ apiKey: key }), modules: { orders } });
    const refused = await caught(outsider.orders.listOrderTransactions(order.id));
    expect(refused).toBeInstanceOf(MerxError);
    expect(refused).toMatchObject({ status: 403, code: 'PERMISSION_DENIED' });
  });
});
