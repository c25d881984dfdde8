/**
 * The whole purchase driven through the public `@wix/sdk` + `@wix/ecom` packages (WIRE.md 5.1–5.3): a visitor adds to
 * the cart, estimates totals, makes a checkout, sets email, address and shipping, places the order, and reads it; the
 * merchant finds it with searchOrders through an API key. A member's cart is their own, and a
 * visitor's cart follows them when they sign in.
 */
import { STORES_APP_ID } from '@merx/contract';
import { commandLine, startTestServer, type TestServer } from '@merx/server/testing';
import { checkout, currentCart, orders } from '@wix/ecom';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest, rewritingFetch, sdkError } from './wix-client.js';

let server: TestServer;
let clientId: string;
let wrapped: typeof fetch;
const requests: RecordedRequest[] = [];
const realFetch = globalThis.fetch;
let lampId: string;
let standardId: string;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  globalThis.fetch = wrapped;
  const { services } = server;
  clientId = (await services.clients.create({ name: 'Compat shop', redirectUris: ['https://shop.example/callback'] }))
    .id;
  lampId = (
    await services.products.create({
      name: 'Lamp',
      priceData: { price: 40 },
      stock: { trackInventory: true, quantity: 10 },
    })
  ).id as string;
  const region = await services.shipping.deliveryRegions.create({ name: 'US', destinations: [{ countryCode: 'US' }] });
  standardId = (
    await services.shipping.shippingOptions.create({
      title: 'Standard',
      deliveryRegionIds: [region.id],
      rates: [{ amount: '5' }],
    })
  ).id;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

const shop = () =>
  createClient({ modules: { currentCart, checkout, orders }, auth: OAuthStrategy({ clientId }), fetch: wrapped });
const admin = () =>
  createClient({
    modules: { orders },
    auth: ApiKeyStrategy({ apiKey: server.apiKey, siteId: 'test-site' }),
    fetch: wrapped,
  });
const lamp = (quantity: number) => ({ catalogReference: { appId: STORES_APP_ID, catalogItemId: lampId }, quantity });
const lastRequest = (path: string) => requests.filter((r) => r.path === path).at(-1);
const address = { country: 'US', subdivision: 'US-CA', city: 'Oakland', addressLine1: '5 Elm St', postalCode: '94601' };

describe('a purchase through @wix/ecom', () => {
  it('goes from the cart to a placed order the buyer and the merchant can read', async () => {
    const client = shop();
    await client.currentCart.addToCurrentCart({ lineItems: [lamp(2)] });
    const estimate = await client.currentCart.estimateCurrentCartTotals({
      shippingAddress: address,
      selectedShippingOption: { code: standardId },
    });
    expect(estimate.priceSummary?.total?.amount).toBe('85');

    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    const id = checkoutId as string;
    await client.checkout.updateCheckout(id, {
      buyerInfo: { email: 'kim@example.com' },
      shippingInfo: {
        shippingDestination: { address, contactDetails: { firstName: 'Kim', lastName: 'Park' } },
        selectedCarrierServiceOption: { code: standardId },
      },
    });

    const placed = await client.checkout.createOrder(id);
    expect(lastRequest(`/ecom/v1/checkouts/${id}/create-order`)?.method).toBe('POST');
    expect(placed.orderId).toBeTruthy();
    expect(placed.paymentGatewayOrderId).toBe(placed.orderId);
    // Twice: the same order.
    expect((await client.checkout.createOrder(id)).orderId).toBe(placed.orderId);

    const order = await client.orders.getOrder(placed.orderId as string);
    expect(order._id).toBe(placed.orderId);
    expect(order._createdDate).toBeInstanceOf(Date);
    expect(Number(order.number)).toBeGreaterThanOrEqual(10001);
    expect(order.status).toBe('INITIALIZED');
    expect(order.paymentStatus).toBe('NOT_PAID');
    expect(order.fulfillmentStatus).toBe('NOT_FULFILLED');
    expect(order.buyerInfo?.email).toBe('kim@example.com');
    expect(order.checkoutId).toBe(id);
    expect(order.priceSummary?.total?.amount).toBe('85');
    expect(order.lineItems?.map((l) => [l.productName?.original, l.quantity])).toEqual([['Lamp', 2]]);
    expect(order.shippingInfo?.title).toBe('Standard');
    expect(order.shippingInfo?.logistics?.shippingDestination?.address?.addressLine1).toBe('5 Elm St');
    expect(order.recipientInfo?.contactDetails?.firstName).toBe('Kim');
    expect(order.activities?.map((a) => a.type)).toEqual(['ORDER_PLACED']);

    // The cart is gone once the order is placed, and the checkout is completed.
    expect((await sdkError(client.currentCart.getCurrentCart())).details?.applicationError?.code).toBe(
      'OWNED_CART_NOT_FOUND',
    );
    expect((await client.checkout.getCheckout(id)).completed).toBe(true);

    // The buyer's own search finds it; the merchant's search finds it with a filter.
    const mine = await client.orders.searchOrders({});
    expect(mine.orders?.map((o) => o._id)).toEqual([placed.orderId]);
    const found = await admin().orders.searchOrders({
      filter: { _id: { $eq: placed.orderId } },
      sort: [{ fieldName: '_createdDate', order: 'DESC' }],
      cursorPaging: { limit: 10 },
    });
    const sent = lastRequest('/ecom/v1/orders/search')?.body as { search: { sort: Array<{ fieldName: string }> } };
    expect(sent.search.sort[0]?.fieldName).toBe('createdDate');
    expect(found.orders?.map((o) => o._id)).toEqual([placed.orderId]);
    expect(found.metadata?.hasNext).toBe(false);
  });

  it('refuses an order for more lamps than are left, and someone else reading the order', async () => {
    const client = shop();
    await client.currentCart.addToCurrentCart({ lineItems: [lamp(1)] });
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      email: 'lee@example.com',
      shippingAddress: address,
      selectedShippingOption: { code: standardId },
    });
    // Sold out meanwhile.
    const [variant] = await server.services.variants
      .queryOfProduct(lampId, {}, { elevated: true })
      .then((r) => r.variants);
    await server.services.variants.setStock(lampId, [{ variantId: variant!.id, trackQuantity: true, quantity: 0 }]);
    const error = await sdkError(client.checkout.createOrder(checkoutId as string));
    expect(error.status).toBe(400);
    expect(error.details?.applicationError?.code).toBe('INSUFFICIENT_INVENTORY');
    await server.services.variants.setStock(lampId, [{ variantId: variant!.id, trackQuantity: true, quantity: 10 }]);

    const other = shop();
    await other.currentCart.addToCurrentCart({ lineItems: [lamp(1)] });
    const { checkoutId: theirs } = await other.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      email: 'pat@example.com',
      shippingAddress: address,
      selectedShippingOption: { code: standardId },
    });
    const { orderId } = await other.checkout.createOrder(theirs as string);
    expect((await sdkError(client.orders.getOrder(orderId as string))).details?.applicationError?.code).toBe(
      'ORDER_NOT_FOUND',
    );
  });

  it('shows the orders a visitor placed in their account once they sign in', async () => {
    const client = shop();
    await client.currentCart.addToCurrentCart({ lineItems: [lamp(1)] });
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      email: 'sam@example.com',
      shippingAddress: address,
      selectedShippingOption: { code: standardId },
    });
    const { orderId } = await client.checkout.createOrder(checkoutId as string);
    const member = await server.services.identity.signOn(
      { loginId: { email: `s${Date.now()}@example.com` } },
      commandLine,
    );
    client.auth.setTokens(await client.auth.getMemberTokensForExternalLogin(member.identity.id, server.signOnKey));
    const mine = await client.orders.searchOrders({});
    expect(mine.orders?.map((o) => o._id)).toEqual([orderId]);
    expect(mine.orders?.[0]?.buyerInfo?.memberId).toBe(member.identity.id);
  });

  it("keeps a member's cart apart from a visitor's and merges the visitor's at sign-in", async () => {
    const visitor = shop();
    await visitor.currentCart.addToCurrentCart({ lineItems: [lamp(1)] });
    const member = await server.services.identity.signOn(
      { loginId: { email: `m${Date.now()}@example.com` } },
      commandLine,
    );
    const memberClient = shop();
    memberClient.auth.setTokens(
      await memberClient.auth.getMemberTokensForExternalLogin(member.identity.id, server.signOnKey),
    );
    await memberClient.currentCart.addToCurrentCart({ lineItems: [lamp(2)] });
    // Separate carts.
    expect((await visitor.currentCart.getCurrentCart()).lineItems?.map((l) => l.quantity)).toEqual([1]);
    expect((await memberClient.currentCart.getCurrentCart()).lineItems?.map((l) => l.quantity)).toEqual([2]);
    // The visitor signs in as the member: one cart with 3 lamps.
    visitor.auth.setTokens(await visitor.auth.getMemberTokensForExternalLogin(member.identity.id, server.signOnKey));
    expect((await visitor.currentCart.getCurrentCart()).lineItems?.map((l) => l.quantity)).toEqual([3]);
  });
});
