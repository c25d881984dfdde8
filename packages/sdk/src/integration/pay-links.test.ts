/**
 * The buyer's payment calls through the SDK against a real server (server: payments.pay-link.ts): the payment state
 * of a declined order for its buyer alone, the pay link of a payment reminder, and the offline instructions anyone
 * may read.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthStrategy } from '../auth/types.js';
import { createClient } from '../client.js';
import { MerxApplicationError, MerxValidationError } from '../errors.js';
import { checkout } from '../modules/checkout.js';
import { orders } from '../modules/orders.js';
import { ordersSettings } from '../modules/orders-settings.js';
import { payLinks } from '../modules/pay-links.js';
import { NEW_YORK, type SdkKit, startSdkKit, stockedProduct, usShipping } from './kit.js';

let kit: SdkKit;
let productId: string;
let shippingCode: string;
const card = (number: string) => ({ number, expiry: '12/40', cvc: '123', holderName: 'Ann Buyer' });
const DECLINE = '4000 0000 0000 0002';
const NO_FUNDS = '4000 0000 0000 9995';
const APPROVE = '4242 4242 4242 4242';

beforeAll(async () => {
  kit = await startSdkKit();
  productId = await stockedProduct(kit, 'Teapot ', 100);
  shippingCode = await usShipping(kit);
});
afterAll(() => kit?.close());

/** A shop's public client: no token at all. */
const noToken: AuthStrategy = { getAuthHeaders: async () => ({ headers: {} }) };
const publicClient = () => createClient({ baseUrl: kit.baseUrl, auth: noToken, modules: { payLinks } });

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );

/** An order a visitor placed to pay by card, whose card `number` was then declined. */
async function declinedOrder(number = DECLINE) {
  const shop = kit.shop({ checkout, orders, payLinks });
  const { checkout: placed } = await shop.checkout.createCheckout({
    lineItems: [
      {
        catalogReference: {
          appId: STORES_APP_ID,
          catalogItemId: productId,
          options: { variantId: DEFAULT_VARIANT_ID },
        },
        quantity: 1,
      },
    ],
    checkoutInfo: {
      buyerInfo: { email: 'payer@example.com' },
      shippingInfo: {
        shippingDestination: { address: NEW_YORK },
        selectedCarrierServiceOption: { code: shippingCode },
      },
    },
  });
  const { orderId } = await shop.checkout.createOrder(placed.id, { paymentMethod: 'test' });
  const error = await caught(shop.orders.payOrder({ paymentGatewayOrderId: orderId, card: card(number) }));
  expect(error).toMatchObject({ code: 'PAYMENT_DECLINED' });
  return { shop, orderId };
}

/** Gives the order a pay link token, as the payment reminder does (the server keeps only its SHA-256). */
async function payLinkToken(orderId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await kit.server.merx.db
    .updateTable('orders')
    .set({ pay_token_hash: createHash('sha256').update(token).digest('hex') })
    .where('id', '=', orderId)
    .execute();
  return token;
}

describe('the payment state of an order, through the SDK', () => {
  it('tells its buyer that a declined order can still be paid by card, and why the card was declined', async () => {
    const { shop, orderId } = await declinedOrder(NO_FUNDS);
    expect(await shop.payLinks.getPaymentState(orderId)).toEqual({
      payment: { online: true, payable: true, declineReason: 'INSUFFICIENT_FUNDS' },
    });
  });

  it("refuses someone else's order as not found, and a caller without a token as well", async () => {
    const { orderId } = await declinedOrder();
    const stranger = kit.shop({ payLinks });
    const error = await caught(stranger.payLinks.getPaymentState(orderId));
    expect(error).toBeInstanceOf(MerxApplicationError);
    expect(error).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
    expect((error as MerxApplicationError).request?.args).toEqual([orderId]);
    const anonymous = await caught(publicClient().payLinks.getPaymentState(orderId));
    expect(anonymous).toMatchObject({ status: 401 });
  });
});

describe('the pay link of a payment reminder, through the SDK', () => {
  it('answers a wrong token not-found, as an unknown order, without showing the token in the error', async () => {
    const { orderId } = await declinedOrder();
    const token = await payLinkToken(orderId);
    const client = publicClient();
    const wrong = `${token}x`;
    for (const request of [
      { orderId, token: wrong },
      { orderId: 'no-such-order', token },
    ]) {
      const error = await caught(client.payLinks.getPayLinkOrder(request));
      expect(error).toBeInstanceOf(MerxApplicationError);
      expect(error).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
      expect((error as MerxApplicationError).request?.args).toEqual([
        { orderId: request.orderId, token: '<redacted>' },
      ]);
    }
    const paying = await caught(client.payLinks.payByLink({ orderId, token: wrong, card: card(APPROVE) }));
    expect(paying).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
    expect(JSON.stringify((paying as MerxApplicationError).request)).not.toContain('4242');
  });

  it('lets whoever holds the token read the order without signing in, and pay it with a card', async () => {
    const { shop, orderId } = await declinedOrder();
    const token = await payLinkToken(orderId);
    const client = publicClient();
    const view = await client.payLinks.getPayLinkOrder({ orderId, token });
    expect(view.order).toMatchObject({ id: orderId, paymentStatus: 'DECLINED' });
    expect(view.payment).toEqual({ online: true, payable: true, declineReason: 'CARD_DECLINED' });
    const declined = await caught(client.payLinks.payByLink({ orderId, token, card: card(DECLINE) }));
    expect(declined).toMatchObject({ code: 'PAYMENT_DECLINED', data: { orderId, reasonCode: 'CARD_DECLINED' } });
    expect((declined as MerxApplicationError).request?.args).toEqual([
      { orderId, token: '<redacted>', card: '<redacted>' },
    ]);
    const paid = await client.payLinks.payByLink({ orderId, token, card: card(APPROVE) });
    expect(paid).toMatchObject({ orderId, paymentStatus: 'PAID' });
    expect((await shop.payLinks.getPaymentState(orderId)).payment.payable).toBe(false);
  });

  it('reports a token too short to be one as a validation error naming the field', async () => {
    const error = await caught(publicClient().payLinks.getPayLinkOrder({ orderId: 'o1', token: 'short' }));
    expect(error).toBeInstanceOf(MerxValidationError);
    expect(JSON.stringify((error as MerxValidationError).violations)).toContain('token');
  });
});

describe('the offline payment instructions, through the SDK', () => {
  it('reads the merchant’s instructions without any token', async () => {
    const client = publicClient();
    expect(await client.payLinks.getOfflineInstructions()).toEqual({ offlinePaymentInstructions: '' });
    const text = 'Bank transfer to IBAN DE00 1234 5678, reference: your order number.';
    await kit.admin({ ordersSettings }).ordersSettings.updateOrdersSettings({ offlinePaymentInstructions: text });
    expect(await client.payLinks.getOfflineInstructions()).toEqual({ offlinePaymentInstructions: text });
  });
});
