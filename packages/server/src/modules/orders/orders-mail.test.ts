import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/mail.service.js';
import {
  expectAppError,
  item,
  ORDERS,
  type PaymentsKit,
  startPaymentsKit,
  TEST_CARDS,
} from '../payments/payments-test-kit.js';
import { FULFILLMENTS } from './orders.changes.kit.js';
import { NEW_YORK } from './orders-test-kit.js';

/*
 * The buyer's mails about their order (orders.mail.ts): the confirmation once the order is approved, the
 * cancellation when staff ask for it, the shipping notice per fulfillment. Read back from the mail outbox, as staff
 * read it; this test server has no SMTP, so every mail is kept.
 */

let kit: PaymentsKit;

beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const address = () => `buyer-${randomUUID().slice(0, 8)}@example.com`;
const mailsTo = (to: string): Promise<MailMessage[]> => kit.server.services.mail.list({ to });
const kinds = async (to: string) => (await mailsTo(to)).map((m) => m.kind).sort();

/** An order of `quantity` × a new product (price 20, 10 in stock) placed by a new visitor with the email `to`. */
async function orderFor(to: string, options: { quantity?: number; offline?: boolean; name?: string } = {}) {
  const product = await kit.createProduct({
    name: options.name ?? 'Linen Apron',
    priceData: { price: 20 },
    stock: { trackInventory: true, quantity: 10 },
  });
  const shopper = await kit.newVisitor();
  const checkoutId = await kit.readyCheckout(shopper, [item(product.id, options.quantity ?? 1)], { email: to });
  const res = await kit.placeOrder(shopper, checkoutId, options.offline ? { paymentMethod: 'offline' } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { orderId: res.body.orderId as string, shopper, checkoutId };
}

describe('the order confirmation', () => {
  it('goes out once, when the payment approves the order, with the lines, totals and the address', async () => {
    const to = address();
    const { orderId, shopper } = await orderFor(to, { quantity: 2 });
    // Placed with the test gateway, the order waits for its payment: nothing confirmed yet.
    expect(await mailsTo(to)).toEqual([]);
    const paid = await kit.pay(shopper, orderId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [mail, ...more] = await mailsTo(to);
    expect(more).toEqual([]);
    const order = await kit.orderOf(orderId);
    expect(mail).toMatchObject({
      kind: 'order-confirmation',
      to,
      status: 'kept',
      subject: `Your Merx Store order #${order.number} is confirmed`,
    });
    const text = mail!.text;
    expect(text).toContain(`Order #${order.number} is confirmed`);
    expect(text).toContain('2 × Linen Apron: $40.00');
    expect(text).toContain('Subtotal: $40.00');
    expect(text).toContain(`Shipping: ${order.priceSummary.shipping.formattedAmount}`);
    expect(text).toContain(`Tax: ${order.priceSummary.tax.formattedAmount}`);
    expect(text).toContain(`Total: ${order.priceSummary.total.formattedAmount}`);
    expect(text).toContain('Ship to:\n1 Main St\nNew York, NY 10001\nUS');
    // A visitor has no account page to link to.
    expect(text).not.toContain('http');
    expect(mail!.html).toContain('<strong>Linen Apron</strong>');
    expect(mail!.html).toContain('New York, NY 10001');
    // Later changes of the approved order do not confirm it again.
    const note = await kit.owner.post(`${ORDERS}/${orderId}/cancel`, { id: orderId });
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    expect(await kinds(to)).toEqual(['order-confirmation']);
  });

  it('is not sent for a declined payment, but for the good retry', async () => {
    const to = address();
    const { orderId, shopper } = await orderFor(to);
    const res = await kit.pay(shopper, orderId, TEST_CARDS.declines);
    expectAppError(res, 400, 'PAYMENT_DECLINED');
    expect(await kit.orderOf(orderId)).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'DECLINED' });
    expect(await mailsTo(to)).toEqual([]);
    // A retry with a good card approves it: then it is confirmed.
    expect((await kit.pay(shopper, orderId)).status).toBe(200);
    expect(await kinds(to)).toEqual(['order-confirmation']);
  });

  it('goes out at placing for an order paid offline, once however often create-order is called', async () => {
    const to = address();
    const { orderId, shopper, checkoutId } = await orderFor(to, { offline: true });
    expect((await kit.orderOf(orderId)).status).toBe('APPROVED');
    const again = await kit.placeOrder(shopper, checkoutId, { paymentMethod: 'offline' });
    expect(again.body.orderId).toBe(orderId);
    expect(await kinds(to)).toEqual(['order-confirmation']);
  });

  it("links a member's confirmation to the order in their account", async () => {
    const member = await kit.newMember();
    const to = address();
    const product = await kit.stocked(5);
    const checkoutId = await kit.readyCheckout(member, [item(product.id, 1)], { email: to });
    const res = await kit.placeOrder(member, checkoutId, { paymentMethod: 'offline' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [mail] = await mailsTo(to);
    const url = `http://localhost:3000/account/orders/${res.body.orderId}`;
    expect(mail!.text).toContain(`Your order: ${url}`);
    expect(mail!.html).toContain(`href="${url}"`);
  });

  it('escapes what the store and the buyer typed in the HTML, and keeps it as typed in the text', async () => {
    const to = address();
    await orderFor(to, { offline: true, name: 'Mug <script>alert(1)</script> & "Co"' });
    const [mail] = await mailsTo(to);
    expect(mail!.text).toContain('1 × Mug <script>alert(1)</script> & "Co": $20.00');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('Mug &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
  });

  it("is not sent for an order staff create (it is not the buyer's own doing)", async () => {
    const to = address();
    const product = await kit.stocked(5);
    const res = await kit.owner.post(ORDERS, {
      order: {
        lineItems: [item(product.id, 1)],
        buyerInfo: { email: to },
        shippingInfo: { code: kit.store.standard.id, shippingDestination: { address: NEW_YORK } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.status).toBe('APPROVED');
    expect(await mailsTo(to)).toEqual([]);
  });
});

describe('a pickup order', () => {
  it("is confirmed with where to pick it up (not the buyer's address), and its fulfillment says it is ready", async () => {
    const to = address();
    const product = await kit.stocked(5);
    const shopper = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(shopper, [item(product.id, 1)], {
      email: to,
      selectedShippingOption: { code: kit.store.pickup.id },
    });
    const res = await kit.placeOrder(shopper, checkoutId, { paymentMethod: 'offline' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [confirmation] = await mailsTo(to);
    expect(confirmation!.text).toContain('we will write again when it is ready for pickup');
    expect(confirmation!.text).toContain('Pick up at:\n2 Shop St\nAlbany\nUS');
    expect(confirmation!.text).not.toContain('Ship to');
    expect(confirmation!.text).not.toContain('1 Main St');
    expect(confirmation!.text).toContain('Shipping: Free');
    const order = await kit.orderOf(res.body.orderId);
    const done = await kit.owner.post(`${FULFILLMENTS}/orders/${order.id}/create-fulfillment`, {
      orderId: order.id,
      fulfillment: { lineItems: [{ id: order.lineItems[0].id, quantity: 1 }] },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const ready = (await mailsTo(to)).find((m) => m.kind === 'order-shipped');
    expect(ready?.subject).toBe(`Your Merx Store order #${order.number} is ready for pickup`);
    expect(ready?.text).toContain('ready for you to pick up');
    expect(ready?.text).toContain('Pick up at:\n2 Shop St');
  });
});

describe('the cancellation', () => {
  it('is sent when staff cancel with sendOrderCanceledEmail, with their message', async () => {
    const to = address();
    const { orderId } = await orderFor(to, { quantity: 3 });
    const res = await kit.owner.post(`${ORDERS}/${orderId}/cancel`, {
      id: orderId,
      sendOrderCanceledEmail: true,
      customMessage: 'Sorry <b>out of linen</b>',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [mail, ...more] = await mailsTo(to);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'order-canceled',
      subject: `Your Merx Store order #${res.body.order.number} was canceled`,
    });
    expect(mail!.text).toContain('Sorry <b>out of linen</b>');
    expect(mail!.text).toContain('3 × Linen Apron: $60.00');
    expect(mail!.html).toContain('Sorry &lt;b&gt;out of linen&lt;/b&gt;');
  });

  it('is not sent without sendOrderCanceledEmail, nor when the cancel is refused', async () => {
    const quiet = address();
    const first = await orderFor(quiet);
    const res = await kit.owner.post(`${ORDERS}/${first.orderId}/cancel`, { id: first.orderId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await mailsTo(quiet)).toEqual([]);
    // Canceling it again is refused: the refusal writes no mail either.
    const again = await kit.owner.post(`${ORDERS}/${first.orderId}/cancel`, {
      id: first.orderId,
      sendOrderCanceledEmail: true,
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(await mailsTo(quiet)).toEqual([]);
  });
});

describe('the shipping notice', () => {
  it('is sent for each fulfillment with what it holds and its tracking; a link that is not a web link is left out', async () => {
    const to = address();
    const { orderId } = await orderFor(to, { quantity: 3, offline: true });
    const order = await kit.orderOf(orderId);
    const lineId = order.lineItems[0].id;
    const ship = (quantity: number, trackingInfo: object) =>
      kit.owner.post(`${FULFILLMENTS}/orders/${orderId}/create-fulfillment`, {
        orderId,
        fulfillment: { lineItems: [{ id: lineId, quantity }], trackingInfo },
      });
    const first = await ship(1, {
      trackingNumber: '1Z999',
      shippingProvider: 'ups',
      trackingLink: 'https://ups.example/1Z999',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await ship(2, { trackingNumber: 'X-2', trackingLink: 'javascript:alert(1)' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const shipped = (await mailsTo(to)).filter((m) => m.kind === 'order-shipped');
    expect(shipped).toHaveLength(2);
    const [a, b] = shipped.sort((x, y) => (x.text.includes('1Z999') ? -1 : y.text.includes('1Z999') ? 1 : 0));
    expect(a!.subject).toBe(`Your Merx Store order #${order.number} is on its way`);
    expect(a!.text).toContain('1 × Linen Apron\n');
    expect(a!.text).toContain('Tracking number: 1Z999 (ups)');
    expect(a!.text).toContain('Track it: https://ups.example/1Z999');
    expect(a!.html).toContain('href="https://ups.example/1Z999"');
    expect(b!.text).toContain('2 × Linen Apron\n');
    expect(b!.text).toContain('Tracking number: X-2');
    expect(b!.text).not.toContain('javascript:');
    expect(b!.html).not.toContain('javascript:');
  });

  it('is not written when the fulfillment is refused', async () => {
    const to = address();
    const { orderId } = await orderFor(to, { quantity: 1, offline: true });
    const lineId = (await kit.orderOf(orderId)).lineItems[0].id;
    const res = await kit.owner.post(`${FULFILLMENTS}/orders/${orderId}/create-fulfillment`, {
      orderId,
      fulfillment: { lineItems: [{ id: lineId, quantity: 5 }] },
    });
    expectAppError(res, 400, 'FULFILLMENT_QUANTITY_EXCEEDS_REMAINING');
    expect(await kinds(to)).toEqual(['order-confirmation']);
  });
});
