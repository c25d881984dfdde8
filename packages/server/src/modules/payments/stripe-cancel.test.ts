import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, type StripeKit, startStripeKit } from './stripe-test-kit.js';

/* A canceled order's open PaymentIntents are canceled at Stripe, so a payment form left open cannot charge for it. */

let kit: StripeKit;
beforeAll(async () => {
  kit = await startStripeKit();
  kit.webhooksOn();
});
afterAll(async () => {
  await kit.close();
});

/** Waits (up to 5 s) until the stand-in emitted `type` for the intent `id`. */
async function emitted(type: string, id: string): Promise<boolean> {
  for (let waited = 0; waited < 5000; waited += 25) {
    if (kit.standIn.events.some((e) => e.type === type && e.data.object['id'] === id)) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe('canceling an order paid through Stripe', () => {
  it('cancels its open intent: the form left open is refused and nothing is recorded', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    const intent = await kit.intent(shopper, orderId);
    const canceled = await kit.owner.post(`/ecom/v1/orders/${orderId}/cancel`, {});
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await emitted('payment_intent.canceled', intent.paymentIntentId)).toBe(true);
    const confirm = await kit.browserConfirms(intent, CARDS.succeeds);
    expect(confirm.status).toBeGreaterThanOrEqual(400);
    await kit.standIn.settled();
    expect(await kit.transactionRows(orderId)).toEqual([]);
    expect((await kit.orderOf(orderId)).paymentStatus).toBe('NOT_PAID');
  });

  it('leaves a paid order’s intent alone (refunds are the merchant’s call)', async () => {
    const { orderId, shopper } = await kit.stripeOrder();
    const intent = await kit.intent(shopper, orderId);
    await kit.browserConfirms(intent, CARDS.succeeds);
    await kit.standIn.settled();
    const canceled = await kit.owner.post(`/ecom/v1/orders/${orderId}/cancel`, {});
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    // The subscriber looked the intent up and left it as it was.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const own = (e: (typeof kit.standIn.events)[number]) => e.data.object['id'] === intent.paymentIntentId;
    expect(kit.standIn.events.some((e) => e.type === 'payment_intent.canceled' && own(e))).toBe(false);
    expect(kit.standIn.requests.some((r) => r.path === `/v1/payment_intents/${intent.paymentIntentId}/cancel`)).toBe(
      false,
    );
    expect((await kit.transactionRows(orderId)).map((r) => r['status'])).toEqual(['APPROVED']);
  });
});
