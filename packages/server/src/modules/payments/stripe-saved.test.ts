import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, expectAppError, type StripeKit, startStripeKit } from './stripe-test-kit.js';

const SAVED = '/_api/merx/v1/payments/saved-methods';
const CHARGE_SAVED = '/_api/merx/v1/payments/stripe/charge-saved';

let kit: StripeKit;
beforeAll(async () => {
  kit = await startStripeKit();
});
afterAll(async () => {
  await kit.close();
});

/** A member's order paid with `number`, asking to keep the card (3-D Secure passed when the card asks). */
async function paysAndSaves(number: string) {
  const member = await kit.newMember();
  const { orderId } = await kit.stripeOrder(member);
  const intent = await kit.intent(member, orderId, true);
  const confirmed = await kit.browserConfirms(intent, number);
  if (confirmed.body['status'] === 'requires_action') kit.standIn.completeAuthentication(intent.paymentIntentId, true);
  const res = await kit.sync(member, intent.paymentIntentId, orderId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const saved = await member.get(SAVED);
  expect(saved.status).toBe(200);
  return { member, saved: saved.body.savedPaymentMethods as Array<Record<string, string>> };
}

describe('Saved cards and off-session charges', () => {
  it('keeps a member’s card (reference and what to show, never the number) and lists it to them only', async () => {
    const { member, saved } = await paysAndSaves(CARDS.succeeds);
    expect(saved).toEqual([
      {
        id: expect.any(String),
        provider: 'stripe',
        brand: 'VISA',
        last4: '4242',
        expiry: expect.stringMatching(/^12\/\d\d$/),
        createdDate: expect.any(String),
      },
    ]);
    const rows = await kit.server.merx.db.selectFrom('saved_payment_methods').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(CARDS.succeeds);
    const other = await kit.newMember();
    expect((await other.get(SAVED)).body.savedPaymentMethods).toEqual([]);
    expectAppError(await other.delete(`${SAVED}/${saved[0]?.['id']}`), 404, 'SAVED_PAYMENT_METHOD_NOT_FOUND');
    expect((await kit.as(undefined).get(SAVED)).status).toBe(401);
    expect((await member.get(SAVED)).body.savedPaymentMethods).toHaveLength(1);
  });

  it('a visitor asking to save keeps nothing (no Stripe customer is made)', async () => {
    const customers = () => kit.standIn.requests.filter((r) => r.path === '/v1/customers').length;
    const before = customers();
    const { orderId, shopper } = await kit.stripeOrder();
    const intent = await kit.intent(shopper, orderId, true);
    await kit.browserConfirms(intent, CARDS.succeeds);
    expect((await kit.sync(shopper, intent.paymentIntentId, orderId)).body.paymentStatus).toBe('PAID');
    expect(customers()).toBe(before);
    expect(await kit.server.merx.db.selectFrom('saved_payment_methods').selectAll().execute()).toHaveLength(1);
  });

  it('charges the saved card off-session for a later order of the member (staff), once', async () => {
    const { member, saved } = await paysAndSaves(CARDS.threeDs);
    const { orderId } = await kit.stripeOrder(member);
    const body = { orderId, savedPaymentMethodId: saved[0]?.['id'] };
    expect((await member.post(CHARGE_SAVED, body)).status).toBe(403);
    const res = await kit.orderWriter.post(CHARGE_SAVED, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ paymentStatus: 'PAID', transaction: { provider: 'stripe', status: 'APPROVED' } });
    expectAppError(await kit.orderWriter.post(CHARGE_SAVED, body), 400, 'PAYMENT_NOT_COLLECTABLE');
    expect((await kit.transactionRows(orderId)).map((r) => r['status'])).toEqual(['APPROVED']);
  });

  it('a card that always asks for 3-D Secure fails off-session: recorded as declined with Stripe’s reason', async () => {
    const { member, saved } = await paysAndSaves(CARDS.threeDsAlways);
    const { orderId } = await kit.stripeOrder(member);
    const res = await kit.orderWriter.post(CHARGE_SAVED, { orderId, savedPaymentMethodId: saved[0]?.['id'] });
    expectAppError(res, 400, 'PAYMENT_DECLINED');
    expect(res.body.details.applicationError.data.providerCode).toBe('authentication_required');
    const order = await kit.orderOf(orderId);
    expect(order.paymentStatus).toBe('DECLINED');
    expect(order.activities.map((a: { type: string }) => a.type)).toContain('PAYMENT_DECLINED');
  });

  it('refuses a saved card that is not the order buyer’s, and forgets a card on request', async () => {
    const { member, saved } = await paysAndSaves(CARDS.succeeds);
    const { orderId } = await kit.stripeOrder(await kit.newMember());
    await kit.refusedWithoutWrites(
      () => kit.orderWriter.post(CHARGE_SAVED, { orderId, savedPaymentMethodId: saved[0]?.['id'] }),
      404,
      'SAVED_PAYMENT_METHOD_NOT_FOUND',
    );
    const removed = await member.delete(`${SAVED}/${saved[0]?.['id']}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await member.get(SAVED)).body.savedPaymentMethods).toEqual([]);
  });
});
