import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, CART, CHECKOUTS, NEW_YORK } from '../orders/orders-test-kit.js';
import { ABANDONED, type AbandonedKit, item, startAbandonedKit } from './abandoned-test-kit.js';

let kit: AbandonedKit;

beforeAll(async () => {
  kit = await startAbandonedKit();
});
afterAll(async () => {
  await kit.close();
});

const get = (id: string) => kit.owner.get(`${ABANDONED}/${id}`, { abandonedCheckoutId: id });
const abandonedIdOf = async (checkoutId: string) => {
  const rows = await kit.rowsOf(checkoutId);
  expect(rows).toHaveLength(1);
  return rows[0]!.id as string;
};

describe('the abandonment sweep', () => {
  it('marks a checkout left alone for the abandonment time, and not before', async () => {
    const v = await kit.newVisitor();
    const checkoutId = await kit.openCheckout(v);
    const checkout = (await v.get(`${CHECKOUTS}/${checkoutId}`)).body.checkout;

    await kit.sweepAt(59);
    expect(await kit.rowsOf(checkoutId)).toEqual([]);
    expect(await kit.sweepAt(61)).toBeGreaterThanOrEqual(1);

    const id = await abandonedIdOf(checkoutId);
    const res = await get(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // $20, $5 shipping, 8 % NY tax on the item.
    expect(res.body.abandonedCheckout).toEqual({
      id,
      checkoutId,
      status: 'ABANDONED',
      buyerInfo: { visitorId: v.id, email: 'buyer@example.com' },
      currency: 'USD',
      conversionCurrency: 'USD',
      cartId: checkout.cartId,
      subtotalPrice: {
        amount: '20',
        convertedAmount: '20',
        formattedAmount: '$20.00',
        formattedConvertedAmount: '$20.00',
      },
      totalPrice: {
        amount: '26.6',
        convertedAmount: '26.6',
        formattedAmount: '$26.60',
        formattedConvertedAmount: '$26.60',
      },
      checkoutUrl: `${kit.server.config.publicUrl}/checkout?checkoutId=${checkoutId}`,
      activities: [],
      checkoutUpdatedDate: checkout.updatedDate,
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    });
    // Marked by the clock that had moved on.
    expect(Date.parse(res.body.abandonedCheckout.createdDate)).toBeGreaterThan(Date.now() + 60 * 60_000);
    const events = await kit.events('wix.ecom.v1.abandoned_checkout_created', id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.entity).toEqual(res.body.abandonedCheckout);
  });

  it("keeps the buyer's contact details, and finds abandoned checkouts by cart and subtotal", async () => {
    const v = await kit.newVisitor();
    const checkoutId = await kit.openCheckout(v);
    const contactDetails = { firstName: 'Ada', lastName: 'Byron', phone: '+1 212 555 0100', company: 'Engines' };
    const patched = await v.patch(`${CHECKOUTS}/${checkoutId}`, {
      checkout: { id: checkoutId, shippingInfo: { shippingDestination: { address: NEW_YORK, contactDetails } } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const cartId = patched.body.checkout.cartId as string;
    await kit.sweepAt(61);
    const found = await kit.owner.post(`${ABANDONED}/query`, { query: { filter: { cartId } } });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.abandonedCheckouts).toHaveLength(1);
    expect(found.body.abandonedCheckouts[0]).toMatchObject({ checkoutId, cartId, contactDetails });
    const bySubtotal = await kit.owner.post(`${ABANDONED}/query`, {
      query: { filter: { 'subtotalPrice.amount': { $gte: 20 } }, sort: [{ fieldName: 'subtotalPrice.amount' }] },
    });
    expect(bySubtotal.status, JSON.stringify(bySubtotal.body)).toBe(200);
    expect(bySubtotal.body.abandonedCheckouts.map((a: { checkoutId: string }) => a.checkoutId)).toContain(checkoutId);
  });

  it('shows rows marked before their subtotal, cart and contact were kept without them', async () => {
    const checkoutId = await kit.openCheckout();
    await kit.sweepAt(61);
    const [row] = await kit.rowsOf(checkoutId);
    await kit.server.merx.db
      .updateTable('abandoned_checkouts')
      .set({ subtotal_minor: null, cart_id: null, contact_details: null })
      .where('id', '=', row!.id as string)
      .execute();
    const res = await get(row!.id as string);
    expect(res.status).toBe(200);
    expect(res.body.abandonedCheckout.subtotalPrice).toBeUndefined();
    expect(res.body.abandonedCheckout.cartId).toBeUndefined();
    expect(res.body.abandonedCheckout.contactDetails).toBeUndefined();
    expect(res.body.abandonedCheckout.totalPrice.amount).toBe('26.6');
  });

  it('follows the abandonment time of the orders settings', async () => {
    const set = (minutes: number) =>
      kit.owner.patch('/ecom/v1/orders-settings', { ordersSettings: { abandonedCheckoutAfterMinutes: minutes } });
    expect((await set(180)).status).toBe(200);
    try {
      const checkoutId = await kit.openCheckout();
      await kit.sweepAt(121);
      expect(await kit.rowsOf(checkoutId)).toEqual([]);
      await kit.sweepAt(181);
      expect(await kit.rowsOf(checkoutId)).toHaveLength(1);
    } finally {
      await set(60);
    }
  });

  it('leaves completed, empty and anonymous checkouts without an email alone; marks a member without one', async () => {
    const buyer = await kit.newVisitor();
    const completed = await kit.openCheckout(buyer);
    expect((await kit.placeOrder(buyer, completed)).status).toBe(200);

    const emptier = await kit.newVisitor();
    const empty = await kit.openCheckout(emptier);
    const lines = (await emptier.get(`${CHECKOUTS}/${empty}`)).body.checkout.lineItems;
    const removed = await emptier.post(`${CHECKOUTS}/${empty}/remove-line-items`, {
      lineItemIds: lines.map((l: { id: string }) => l.id),
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    const anonymous = await kit.newVisitor();
    await addToCart(anonymous, item(kit.productId));
    const noEmail = (await anonymous.post(`${CART}/create-checkout`, { channelType: 'WEB' })).body.checkoutId;
    expect(typeof noEmail).toBe('string');

    const member = await kit.newMember();
    await addToCart(member, item(kit.productId));
    const memberCheckout = (await member.post(`${CART}/create-checkout`, { channelType: 'WEB' })).body.checkoutId;

    await kit.sweepAt(61);
    expect(await kit.rowsOf(completed)).toEqual([]);
    expect(await kit.rowsOf(empty)).toEqual([]);
    expect(await kit.rowsOf(noEmail)).toEqual([]);
    const [row] = await kit.rowsOf(memberCheckout);
    expect(row).toMatchObject({ status: 'ABANDONED', owner_kind: 'member', owner_id: member.id });
    const wire = (await get(row!.id as string)).body.abandonedCheckout;
    expect(wire.buyerInfo.memberId).toBe(member.id);
  });

  it('marks a checkout once: a second sweep marks nothing, two apps sweeping together mark it once', async () => {
    const checkoutId = await kit.openCheckout();
    const before = await kit.abandonedCount();
    kit.ahead(61);
    const [a, b] = await Promise.all([
      kit.later.services.abandoned.abandonment.sweep(),
      kit.other.services.abandoned.abandonment.sweep(),
    ]);
    const id = await abandonedIdOf(checkoutId);
    expect(a + b).toBe((await kit.abandonedCount()) - before);
    expect(await kit.events('wix.ecom.v1.abandoned_checkout_created', id)).toHaveLength(1);
    expect(await kit.sweepAt(62)).toBe(0);
    expect(await kit.other.services.abandoned.abandonment.sweep()).toBe(0);
    expect(await kit.rowsOf(checkoutId)).toHaveLength(1);
  });
});

describe('recovery', () => {
  it('marks the abandoned checkout RECOVERED with the order, in the order transaction, with its event', async () => {
    const v = await kit.newVisitor();
    const checkoutId = await kit.openCheckout(v);
    await kit.sweepAt(61);
    const id = await abandonedIdOf(checkoutId);
    const abandonedAt = (await get(id)).body.abandonedCheckout;

    // The buyer comes back and changes the checkout: it stays abandoned, as it was when abandoned.
    const note = await kit.laterCall(v.auth, 'PATCH', `${CHECKOUTS}/${checkoutId}`, {
      checkout: { buyerNote: 'Back again' },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    expect((await get(id)).body.abandonedCheckout).toEqual(abandonedAt);

    const placed = await kit.laterCall(v.auth, 'POST', `${CHECKOUTS}/${checkoutId}/create-order`, { id: checkoutId });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { orderId } = placed.body;
    const recovered = (await get(id)).body.abandonedCheckout;
    expect(recovered).toMatchObject({
      status: 'RECOVERED',
      orderId,
      checkoutRecoveredDate: expect.any(String),
      totalPrice: abandonedAt.totalPrice,
      checkoutUpdatedDate: abandonedAt.checkoutUpdatedDate,
    });
    const events = await kit.events('wix.ecom.v1.abandoned_checkout_recovered', id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.abandonedCheckout).toEqual(recovered);
    // In the same transaction as the order: appended in the order's statement, next to its created event.
    const seqs = await kit.server.merx.db
      .selectFrom('outbox')
      .select(['type', 'seq'])
      .where((eb) =>
        eb.or([
          eb.and([eb('type', '=', 'wix.ecom.v1.order_created'), eb('entity_id', '=', orderId)]),
          eb.and([eb('type', '=', 'wix.ecom.v1.abandoned_checkout_recovered'), eb('entity_id', '=', id)]),
        ]),
      )
      .execute();
    expect(seqs).toHaveLength(2);
    expect(new Set(seqs.map((s) => s.type)).size).toBe(2);

    // Ordering again answers the same order and recovers nothing more.
    const again = await kit.laterCall(v.auth, 'POST', `${CHECKOUTS}/${checkoutId}/create-order`, { id: checkoutId });
    expect(again.body.orderId).toBe(orderId);
    expect(await kit.events('wix.ecom.v1.abandoned_checkout_recovered', id)).toHaveLength(1);
  });

  it('recovers nothing when the order is refused (the transaction rolls back)', async () => {
    const v = await kit.newVisitor();
    const last = await kit.stocked(1);
    const checkoutId = await kit.readyCheckout(v, [item(last.id)]);
    await kit.sweepAt(61);
    const id = await abandonedIdOf(checkoutId);
    // The last unit is sold elsewhere meanwhile: the order is refused.
    const sold = await kit.owner.patch(`/stores/v1/products/${last.id}`, {
      product: { stock: { trackInventory: true, quantity: 0 } },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const refused = await kit.laterCall(v.auth, 'POST', `${CHECKOUTS}/${checkoutId}/create-order`, { id: checkoutId });
    expect(refused.status).toBe(400);
    expect((await get(id)).body.abandonedCheckout.status).toBe('ABANDONED');
    expect(await kit.events('wix.ecom.v1.abandoned_checkout_recovered', id)).toEqual([]);
  });
});
