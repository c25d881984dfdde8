/**
 * Card payments through Stripe Elements (issue 22, part 1) in Chromium: the shop's server is pointed at the local
 * Stripe stand-in (REST API and webhooks), and https://js.stripe.com is routed to the stand-in's Stripe.js, so the
 * card is typed into Stripe's frame and confirmed by Stripe.js, with 3-D Secure in Stripe's modal. Paid with 4242, with
 * a 3-D Secure card, and after a decline (same order, paid once). Screenshots land in
 * tests/e2e/artifacts/storefront/ and /tmp. Skipped when Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payTokenHash } from '../../../packages/server/src/modules/orders/orders.timers.js';
import { type StripeStandIn, startStripeStandIn } from '../../../packages/server/src/testing/stripe-standin/index.js';
import {
  browserSuite,
  buildAppsOnce,
  launchChromium,
  newShopper,
  type ShopServer,
  shot,
  startShopServer,
} from './shop-kit.js';

const suite = browserSuite();
const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = 'correct horse 1';

suite('Stripe payments in Chromium', () => {
  let standIn: StripeStandIn;
  let server: ShopServer;
  let browser: Browser;
  let stripeJs = '';
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    await buildAppsOnce(['storefront']);
    standIn = await startStripeStandIn();
    server = await startShopServer({
      stripe: {
        secretKey: standIn.secretKey,
        publishableKey: standIn.publishableKey,
        webhookSecret: standIn.webhookSecret,
        apiUrl: standIn.url,
      },
    });
    // Stripe's webhooks reach the shop too: the browser's sync and the webhook both report each payment.
    standIn.setWebhookTarget(`${server.baseUrl}/_api/merx/v1/payments/stripe/webhook`);
    stripeJs = await (await fetch(`${standIn.url}/v3`)).text();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
    await standIn?.close();
  });

  /** A shopper whose browser gets the stand-in's Stripe.js where @stripe/stripe-js loads Stripe's. */
  async function shopper(): Promise<Page> {
    const { context, page } = await newShopper(browser, problems, DESKTOP);
    contexts.push(context);
    await context.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: stripeJs }),
    );
    return page;
  }

  const cardFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Secure payment input frame"]');

  /** Both in the artifacts folder and in /tmp, to look at. */
  async function snap(page: Page, name: string): Promise<void> {
    await shot(page, name);
    await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
  }

  /**
   * A mug in the cart, then the checkout filled up to its payment step (pickup), Stripe's card form shown; answers
   * the checkout's URL. A member's email is there already.
   */
  async function toPayment(page: Page, email: string): Promise<string> {
    await page.goto(`${server.baseUrl}/product-page/camp-enamel-mug`);
    await page.getByRole('heading', { name: 'Camp Enamel Mug', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page
      .getByRole('dialog', { name: /Your cart/ })
      .getByRole('button', { name: 'Check out' })
      .click();
    await page.waitForURL(/\/checkout\?checkoutId=/);
    if ((await page.getByLabel('Email').inputValue()) !== email) await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue to delivery' }).click();
    await page.getByLabel('First name').fill('Ann');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Street address').fill('350 5th Ave');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State or region (optional)').fill('NY');
    await page.getByLabel('Postal code').fill('10118');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('350 5th Ave, New York, NY 10118').waitFor();
    const pickup = page.getByRole('radio', { name: /Pickup: Pick up at the shop/ });
    await pickup.check();
    await expect.poll(() => pickup.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await cardFrame(page).getByLabel('Card number').waitFor();
    return page.url();
  }

  /** Types a card into Stripe's frame, key by key, replacing what was there. */
  async function typeCard(page: Page, number: string): Promise<void> {
    const frame = cardFrame(page);
    for (const [label, value] of [
      ['Card number', number],
      ['Expiration date', '1234'],
      ['Security code', '123'],
    ] as const) {
      const input = frame.getByLabel(label);
      await input.fill('');
      await input.pressSequentially(value);
    }
  }

  /** The buyer's order, its payment status and its approved payments. */
  async function orderOf(email: string) {
    const db = server.merx.db;
    const order = await db
      .selectFrom('orders')
      .select(['id', 'payment_status', 'payment_method'])
      .where('buyer_email', '=', email)
      .executeTakeFirstOrThrow();
    const transactions = await db
      .selectFrom('order_transactions')
      .select(['kind', 'status', 'provider', 'provider_transaction_id'])
      .where('order_id', '=', order.id)
      .execute();
    return { ...order, transactions };
  }

  async function confirmed(page: Page): Promise<void> {
    await page.waitForURL(/\/thank-you\//);
    await page.getByRole('heading', { name: /^Order #\d+ is confirmed$/ }).waitFor();
    await page.getByText('Paid', { exact: true }).waitFor();
  }

  it("shows Stripe's card form, not the shop's own card fields", async () => {
    const page = await shopper();
    await toPayment(page, 'look@example.com');
    await expect.poll(() => page.getByLabel('Card number').count()).toBe(0);
    // Only a member has somewhere to keep a card.
    expect(await page.getByLabel('Save this card for later').count()).toBe(0);
    await typeCard(page, '4242424242424242');
    // The number stays inside Stripe's frame: the shop's document never holds it.
    expect(await page.content()).not.toContain('4242');
    await snap(page, 'stripe-10-payment-element');
    expect(problems).toEqual([]);
  }, 120_000);

  it('pays with 4242 through Stripe Elements', async () => {
    const page = await shopper();
    await toPayment(page, 'visa@example.com');
    await typeCard(page, '4242424242424242');
    await page.getByRole('button', { name: /Place order/ }).click();
    await confirmed(page);
    await snap(page, 'stripe-11-paid');
    await standIn.settled();
    const order = await orderOf('visa@example.com');
    expect(order.payment_status).toBe('PAID');
    expect(order.payment_method).toBe('stripe');
    const payments = order.transactions.filter((t) => t.kind === 'PAYMENT' && t.status === 'APPROVED');
    expect(payments).toHaveLength(1);
    expect(payments[0]?.provider).toBe('stripe');
    expect(payments[0]?.provider_transaction_id).toMatch(/^pi_/);
    expect(problems).toEqual([]);
  }, 120_000);

  it("pays with a 3-D Secure card after authenticating in Stripe's modal", async () => {
    const page = await shopper();
    await toPayment(page, 'secure@example.com');
    await typeCard(page, '4000002500003155');
    await page.getByRole('button', { name: /Place order/ }).click();
    const modal = page.frameLocator('iframe[title="3D Secure authentication"]');
    await modal.getByRole('button', { name: 'Complete authentication' }).waitFor();
    await snap(page, 'stripe-12-3ds-modal');
    await modal.getByRole('button', { name: 'Complete authentication' }).click();
    await confirmed(page);
    await snap(page, 'stripe-13-paid-after-3ds');
    await standIn.settled();
    const order = await orderOf('secure@example.com');
    expect(order.payment_status).toBe('PAID');
    expect(order.transactions.filter((t) => t.kind === 'PAYMENT' && t.status === 'APPROVED')).toHaveLength(1);
    expect(problems).toEqual([]);
  }, 120_000);

  it('says why a card was declined beside the form, then pays the same order once with another card', async () => {
    const page = await shopper();
    await toPayment(page, 'declined@example.com');
    await typeCard(page, '4000000000000002');
    await page.getByRole('button', { name: /Place order/ }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await snap(page, 'stripe-14-declined');
    const declined = await orderOf('declined@example.com');
    expect(declined.payment_status).not.toBe('PAID');

    await typeCard(page, '4242424242424242');
    await page.getByRole('button', { name: /Place order/ }).click();
    await confirmed(page);
    await snap(page, 'stripe-15-paid-after-decline');
    await standIn.settled();
    const paid = await orderOf('declined@example.com');
    expect(paid.id).toBe(declined.id);
    expect(paid.payment_status).toBe('PAID');
    expect(paid.transactions.filter((t) => t.kind === 'PAYMENT' && t.status === 'APPROVED')).toHaveLength(1);
    const succeeded = standIn.events.filter(
      (e) =>
        e.type === 'payment_intent.succeeded' &&
        (e.data.object['metadata'] as Record<string, string> | undefined)?.['merxOrderId'] === paid.id,
    );
    expect(succeeded).toHaveLength(1);
    expect(problems).toEqual([]);
  }, 150_000);

  it('says so when 3-D Secure fails, and the buyer pays the same order with another card', async () => {
    const page = await shopper();
    await toPayment(page, 'failed3ds@example.com');
    await typeCard(page, '4000002760003184');
    await page.getByRole('button', { name: /Place order/ }).click();
    const modal = page.frameLocator('iframe[title="3D Secure authentication"]');
    await modal.getByRole('button', { name: 'Fail authentication' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /unable to authenticate your payment method/ })
      .waitFor();
    await expect.poll(() => page.getByRole('dialog', { name: '3D Secure authentication' }).count()).toBe(0);
    await snap(page, 'stripe-16-3ds-failed');
    await typeCard(page, '4242424242424242');
    await page.getByRole('button', { name: /Place order/ }).click();
    await confirmed(page);
    await standIn.settled();
    const order = await orderOf('failed3ds@example.com');
    expect(order.payment_status).toBe('PAID');
    expect(order.transactions.filter((t) => t.kind === 'PAYMENT' && t.status === 'APPROVED')).toHaveLength(1);
    expect(problems).toEqual([]);
  }, 150_000);

  it('lets the buyer close the 3-D Secure window and pay again, once', async () => {
    const page = await shopper();
    await toPayment(page, 'closed3ds@example.com');
    await typeCard(page, '4000002500003155');
    await page.getByRole('button', { name: /Place order/ }).click();
    const modal = page.frameLocator('iframe[title="3D Secure authentication"]');
    await modal.getByRole('button', { name: 'Complete authentication' }).waitFor();
    await page.getByRole('button', { name: 'Cancel authentication' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /unable to authenticate your payment method/ })
      .waitFor();
    expect((await orderOf('closed3ds@example.com')).payment_status).not.toBe('PAID');

    await page.getByRole('button', { name: /Place order/ }).click();
    await modal.getByRole('button', { name: 'Complete authentication' }).click();
    await confirmed(page);
    await standIn.settled();
    const order = await orderOf('closed3ds@example.com');
    expect(order.payment_status).toBe('PAID');
    expect(order.transactions.filter((t) => t.kind === 'PAYMENT' && t.status === 'APPROVED')).toHaveLength(1);
    expect(problems).toEqual([]);
  }, 150_000);

  it("pays from the checkout link after a decline, with the card in Stripe's frame", async () => {
    const page = await shopper();
    const checkoutUrl = await toPayment(page, 'later@example.com');
    await typeCard(page, '4000000000009995');
    await page.getByRole('button', { name: /Place order/ }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' }).waitFor();

    await page.goto(checkoutUrl);
    await page.getByRole('heading', { name: "Your payment didn't go through" }).waitFor();
    await cardFrame(page).getByLabel('Card number').waitFor();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await typeCard(page, '4242424242424242');
    await snap(page, 'stripe-17-pay-later-page');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await confirmed(page);
    await standIn.settled();
    const order = await orderOf('later@example.com');
    expect(order.payment_status).toBe('PAID');
    expect(order.transactions.filter((t) => t.kind === 'PAYMENT' && t.status === 'APPROVED')).toHaveLength(1);
    expect(problems).toEqual([]);
  }, 150_000);

  it('keeps the card of a member who asks to save it, in Stripe (Merx keeps only its brand and last four)', async () => {
    const email = `saver-${Date.now()}@example.com`;
    await server.app.services.identity.register(
      { loginId: { email }, password: PASSWORD, profile: { firstName: 'Mia', lastName: 'Park' } },
      { ip: undefined },
    );
    const page = await shopper();
    await page.goto(server.baseUrl);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/auth\//);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.origin === server.baseUrl && !/^\/(auth|callback)/.test(u.pathname));
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).count(), { timeout: 10_000 }).toBe(0);

    await toPayment(page, email);
    await typeCard(page, '4242424242424242');
    await page.getByLabel('Save this card for later').check();
    await snap(page, 'stripe-18-member-save-card');
    await page.getByRole('button', { name: /Place order/ }).click();
    await confirmed(page);
    await standIn.settled();
    const order = await server.merx.db
      .selectFrom('orders')
      .select(['owner_kind', 'owner_id', 'payment_status'])
      .where('buyer_email', '=', email)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ owner_kind: 'member', payment_status: 'PAID' });
    const saved = await server.merx.db
      .selectFrom('saved_payment_methods')
      .select(['member_id', 'provider', 'brand', 'last4', 'payment_method_id'])
      .where('member_id', '=', order.owner_id)
      .execute();
    expect(saved).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        brand: expect.stringMatching(/^visa$/i),
        last4: '4242',
        payment_method_id: expect.stringMatching(/^pm_/),
      }),
    ]);

    // The account lists the card and forgets it.
    await page.goto(`${server.baseUrl}/account`);
    await page.getByRole('link', { name: 'Saved cards' }).click();
    const remove = page.getByRole('button', { name: 'Remove Visa ending in 4242' });
    await expect.poll(() => remove.count(), { timeout: 10_000 }).toBe(1);
    await snap(page, 'stripe-19-account-saved-cards');
    expect(
      await page
        .getByRole('listitem')
        .filter({ hasText: /Visa ending in 4242 · expires \d\d\/\d\d/ })
        .count(),
    ).toBe(1);
    await remove.click();
    await expect.poll(() => page.getByRole('heading', { name: 'No saved cards' }).count(), { timeout: 10_000 }).toBe(1);
    expect(
      await server.merx.db
        .selectFrom('saved_payment_methods')
        .select('id')
        .where('member_id', '=', order.owner_id)
        .execute(),
    ).toEqual([]);
    expect(problems).toEqual([]);
  }, 150_000);

  it("pays through Stripe from a pay link opened anywhere (the reminder's link, not the buyer's session)", async () => {
    const page = await shopper();
    await toPayment(page, 'reminded@example.com');
    await typeCard(page, '4000000000000069');
    await page.getByRole('button', { name: /Place order/ }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card has expired.' }).waitFor();
    const db = server.merx.db;
    const order = await db
      .selectFrom('orders')
      .select('id')
      .where('buyer_email', '=', 'reminded@example.com')
      .executeTakeFirstOrThrow();
    // The link as the unpaid-order reminder makes it (a token whose hash the order keeps).
    const token = randomBytes(24).toString('base64url');
    await db
      .updateTable('orders')
      .set({ pay_token_hash: payTokenHash(token) })
      .where('id', '=', order.id)
      .execute();
    const link = `${server.baseUrl}/thank-you/${order.id}?pay=${token}`;

    // Another browser (say the buyer's phone, opening the mail): the link's token is what lets it pay.
    const elsewhere = await shopper();
    await elsewhere.goto(link);
    await cardFrame(elsewhere).getByLabel('Card number').waitFor();
    await snap(elsewhere, 'stripe-19-pay-link-elsewhere');
    await typeCard(elsewhere, '4242424242424242');
    await elsewhere.getByRole('button', { name: /^Pay \$/ }).click();
    await elsewhere.getByText('Paid', { exact: true }).waitFor();
    await standIn.settled();
    const paid = await orderOf('reminded@example.com');
    expect(paid.payment_status).toBe('PAID');
    expect(paid.transactions.filter((t) => t.kind === 'PAYMENT' && t.status === 'APPROVED')).toHaveLength(1);
    expect(problems).toEqual([]);
  }, 150_000);
});
