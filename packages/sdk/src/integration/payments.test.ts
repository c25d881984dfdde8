/**
 * The payments module (Stripe) through the SDK against a real server (server: modules/payments/stripe.*.ts): the
 * public payments config, the Stripe settings with their secrets write-only and redacted from the SDK's errors, who
 * may read them, and the refusals of the buyer's calls while Stripe is not set up. The card flow itself runs in
 * the browser journeys against the Stripe stand-in (tests/e2e/storefront/stripe.e2e.test.ts).
 */
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '@merx/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuthStrategy } from '../auth/types.js';
import { createClient } from '../client.js';
import { MerxApplicationError, MerxClientError, MerxError, MerxValidationError } from '../errors.js';
import { checkout } from '../modules/checkout.js';
import { payments } from '../modules/payments.js';
import { NEW_YORK, type SdkKit, startSdkKit, stockedProduct, usShipping } from './kit.js';

let kit: SdkKit;
let productId: string;
let shippingCode: string;
const SECRET_KEY = 'sk_test_51SdkSecretKeyNeverShown9876';
const WEBHOOK_SECRET = 'whsec_SdkWebhookSecretNeverShown';
const PUBLISHABLE_KEY = 'pk_test_51SdkPublishableKey1234';

beforeAll(async () => {
  kit = await startSdkKit();
  productId = await stockedProduct(kit, 'Mug ', 100);
  shippingCode = await usShipping(kit);
});
afterAll(() => kit?.close());

const noToken: AuthStrategy = { getAuthHeaders: async () => ({ headers: {} }) };
const publicClient = () => createClient({ baseUrl: kit.baseUrl, auth: noToken, modules: { payments } });

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );

/** An order a visitor placed to pay by card; answers the visitor's client and the order's id. */
async function placedOrder() {
  const shop = kit.shop({ checkout, payments });
  const { checkout: c } = await shop.checkout.createCheckout({
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
  const placed = await shop.checkout.createOrder(c.id, {});
  return { shop, orderId: placed.paymentGatewayOrderId ?? placed.orderId };
}

it('offers the test gateway, not Stripe, while Stripe is not set up, and refuses a PaymentIntent', async () => {
  const config = await publicClient().payments.getPaymentsConfig();
  expect(config.stripe).toBeUndefined();
  expect(config.providers).not.toContain('stripe');

  const { shop, orderId } = await placedOrder();
  const refused = await caught(shop.payments.createStripePaymentIntent({ paymentGatewayOrderId: orderId }));
  expect(refused).toBeInstanceOf(MerxApplicationError);
  expect(refused).toMatchObject({ code: 'STRIPE_NOT_CONFIGURED' });
});

it("refuses a key of the wrong shape on its field, without the secret in the SDK's error", async () => {
  const admin = kit.admin({ payments });
  const refused = await caught(admin.payments.updatePaymentSettings({ secretKey: 'pk_test_notasecretkey123' }));
  expect(refused).toBeInstanceOf(MerxValidationError);
  expect((refused as MerxValidationError).violations.map((v) => v.field)).toEqual(['stripe.secretKey']);
  expect((refused as MerxValidationError).request?.args).toEqual([{ secretKey: '<redacted>' }]);
  expect((await admin.payments.getPaymentSettings()).stripe).toMatchObject({ secretKeySet: false, enabled: false });
});

it('saves the keys write-only: staff read whether they are set and the last four, the storefront the public key', async () => {
  const admin = kit.admin({ payments });
  const { stripe } = await admin.payments.updatePaymentSettings({
    enabled: true,
    publishableKey: PUBLISHABLE_KEY,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    captureMode: 'MANUAL',
  });
  expect(stripe).toEqual({
    enabled: true,
    publishableKey: PUBLISHABLE_KEY,
    secretKeySet: true,
    secretKeyHint: SECRET_KEY.slice(-4),
    webhookSecretSet: true,
    captureMode: 'MANUAL',
    source: 'SETTINGS',
    webhookUrl: expect.stringMatching(/\/_api\/merx\/v1\/payments\/stripe\/webhook$/),
  });
  const read = JSON.stringify(await admin.payments.getPaymentSettings());
  expect(read).not.toContain(SECRET_KEY);
  expect(read).not.toContain(WEBHOOK_SECRET);
  expect(await publicClient().payments.getPaymentsConfig()).toMatchObject({
    providers: expect.arrayContaining(['stripe']),
    stripe: { publishableKey: PUBLISHABLE_KEY },
  });
});

it("keeps the settings to staff: a shopper's client is stopped before any request, a token-less call refused", async () => {
  const shop = kit.shop({ payments });
  const local = await caught(shop.payments.getPaymentSettings());
  expect(local).toBeInstanceOf(MerxClientError);
  const raw = await fetch(`${kit.baseUrl}/_api/merx/v1/payments/settings`);
  expect([401, 403]).toContain(raw.status);
});

it("answers a visitor's saved cards and another's order as refusals, not someone else's data", async () => {
  const { orderId } = await placedOrder();
  const stranger = kit.shop({ payments });
  const notYours = await caught(stranger.payments.createStripePaymentIntent({ paymentGatewayOrderId: orderId }));
  expect(notYours).toBeInstanceOf(MerxError);
  expect((notYours as MerxError).status).toBeGreaterThanOrEqual(400);
  expect((notYours as MerxError).status).toBeLessThan(500);
  const saved = await caught(stranger.payments.listSavedPaymentMethods());
  expect(saved).toBeInstanceOf(MerxError);
  expect([401, 403]).toContain((saved as MerxError).status);
});
