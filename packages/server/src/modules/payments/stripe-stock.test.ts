import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, type StripeKit, startStripeKit } from './stripe-test-kit.js';

/*
 * Stock taken when the order is paid (ON_ORDER_PAID) with Stripe: the money is taken by Stripe before Merx hears of
 * it, so a payment whose stock ran out meanwhile is still recorded (never refused while Stripe retries), with the
 * shortfall on the order's timeline for the merchant.
 */

let kit: StripeKit;
beforeAll(async () => {
  kit = await startStripeKit();
  kit.webhooksOn();
  await kit.stockTakenAt('ON_ORDER_PAID');
});
afterAll(async () => {
  await kit.close();
});

describe('Stripe payments taking stock at payment', () => {
  it('takes the units when Stripe reports the payment', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id, { quantity: 2 });
    expect(await kit.stockOf(p.id)).toBe(5);
    const intent = await kit.intent(shopper, orderId);
    await kit.browserConfirms(intent, CARDS.succeeds);
    await kit.standIn.settled();
    expect(await kit.stockOf(p.id)).toBe(3);
    expect(await kit.inventoryOf(orderId)).toEqual([{ delta: -2, cause: 'ORDER' }]);
  });

  it('records a payment whose stock ran out meanwhile, takes nothing, and says what is short', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id, { quantity: 4 });
    const intent = await kit.intent(shopper, orderId);
    // Sold elsewhere while the shopper was paying.
    await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { stock: { quantity: 3 } } });
    await kit.browserConfirms(intent, CARDS.succeeds);
    await kit.standIn.settled();
    // The webhook was answered 200 (Stripe stops retrying) and the sync agrees.
    const synced = await kit.sync(shopper, intent.paymentIntentId, orderId);
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    const order = await kit.orderOf(orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect((await kit.transactionRows(orderId)).map((r) => r['status'])).toEqual(['APPROVED']);
    expect(await kit.stockOf(p.id)).toBe(3);
    expect(await kit.inventoryOf(orderId)).toEqual([]);
    const short = order.activities.filter((a: { type: string }) => a.type === 'CUSTOM_ACTIVITY');
    expect(short).toHaveLength(1);
    expect(short[0].customActivity).toEqual({
      type: 'merx.stock_short_at_payment',
      additionalData: { productId: p.id, variantId: expect.any(String), requested: '4', available: '3' },
    });
  });
});
