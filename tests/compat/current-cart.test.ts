/**
 * The current cart driven through the public `@wix/sdk` + `@wix/ecom` packages as a storefront visitor would
 * (WIRE.md 5.1): `OAuthStrategy` visitor tokens, add by variant id and by option choices, quantities, a coupon,
 * a totals estimate with a shipping address, removing a line and deleting the cart.
 */
import { STORES_APP_ID } from '@merx/contract';
import { commandLine, startTestServer, type TestServer } from '@merx/server/testing';
import { currentCart } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest, rewritingFetch, sdkError } from './wix-client.js';

let server: TestServer;
let clientId: string;
let wrapped: typeof fetch;
const requests: RecordedRequest[] = [];
const realFetch = globalThis.fetch;
let tee: { id: string; variants: Array<{ id: string; choices: Record<string, string> }> };
let couponCode: string;
let standardId: string;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  // The OAuth strategy fetches its tokens with the global fetch (WIRE.md 0.1).
  globalThis.fetch = wrapped;
  const { services } = server;
  clientId = (await services.clients.create({ name: 'Compat shop', redirectUris: ['https://shop.example/callback'] }))
    .id;
  const product = await services.products.create({
    name: 'Tee',
    priceData: { price: 20 },
    productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] }],
  });
  tee = { id: product.id as string, variants: (product.variants ?? []) as typeof tee.variants };
  const region = await services.shipping.deliveryRegions.create({ name: 'US', destinations: [{ countryCode: 'US' }] });
  standardId = (
    await services.shipping.shippingOptions.create({
      title: 'Standard',
      deliveryRegionIds: [region.id],
      rates: [{ amount: '5' }],
    })
  ).id;
  await services.shipping.tax.createRegion({
    country: 'US',
    subdivision: 'NY',
    rateType: 'MANUAL_RATE',
    jurisdictions: [{ name: 'New York', type: 'STATE', rate: '0.1' }],
    shippingTaxable: false,
  });
  couponCode = `TEN${Date.now()}`;
  await services.discounts.coupons.create({
    code: couponCode,
    name: 'Ten off',
    discount: { discountType: 'FIXED_AMOUNT', fixedAmount: '10' },
  });
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

const shop = () => createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId }), fetch: wrapped });
const variantId = (size: string) => tee.variants.find((v) => v.choices.Size === size)!.id;

describe('currentCart through @wix/ecom', () => {
  it('throws the SDK error OWNED_CART_NOT_FOUND while the visitor has no cart', async () => {
    const error = await sdkError(shop().currentCart.getCurrentCart());
    expect(error.status).toBe(404);
    expect(error.details?.applicationError?.code).toBe('OWNED_CART_NOT_FOUND');
    expect(error.requestId).toBeTruthy();
  });

  it('walks a visitor through the cart: add, quantities, coupon, estimate, remove, delete', async () => {
    const client = shop();
    const mark = requests.length;
    const byId = await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: { appId: STORES_APP_ID, catalogItemId: tee.id, options: { variantId: variantId('S') } },
          quantity: 1,
        },
      ],
    });
    const sent = requests.slice(mark).find((r) => r.path === '/ecom/v1/carts/current/add-to-cart');
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.authorization).toBe(client.auth.getTokens().accessToken.value);
    expect(byId.cart?.lineItems).toHaveLength(1);
    expect(byId.cart?.buyerInfo?.visitorId).toBeTruthy();
    expect(byId.cart?._createdDate).toBeInstanceOf(Date);

    const byChoices = await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: { appId: STORES_APP_ID, catalogItemId: tee.id, options: { options: { Size: 'M' } } },
          quantity: 2,
        },
      ],
    });
    const lines = byChoices.cart?.lineItems ?? [];
    expect(lines).toHaveLength(2);
    const [small, medium] = lines;
    expect(medium?._id).toBeTruthy();
    expect(medium?.price).toEqual({
      amount: '20',
      convertedAmount: '20',
      formattedAmount: '$20.00',
      formattedConvertedAmount: '$20.00',
    });
    expect(medium?.url).toBe(`${server.config.publicUrl}/products/tee`);
    expect(medium?.availability?.status).toBe('AVAILABLE');

    const updated = await client.currentCart.updateCurrentCartLineItemQuantity([{ _id: small!._id!, quantity: 3 }]);
    expect(updated.cart?.lineItems?.find((l) => l._id === small!._id)?.quantity).toBe(3);

    const withCoupon = await client.currentCart.updateCurrentCart({ couponCode });
    expect(withCoupon.appliedDiscounts?.[0]?.coupon?.code).toBe(couponCode);

    const estimate = await client.currentCart.estimateCurrentCartTotals({
      shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine1: '1 Main St' },
    });
    const estimateRequest = requests.filter((r) => r.path === '/ecom/v1/carts/current/estimate-totals').at(-1);
    const sentAddress = (estimateRequest?.body as { shippingAddress?: Record<string, unknown> } | undefined)
      ?.shippingAddress;
    expect(sentAddress?.addressLine).toBe('1 Main St');
    // 5 tees at $20 = $100, $10 off, shipping $5 (not taxed), 10 % tax on $90.
    expect(estimate.priceSummary?.subtotal?.amount).toBe('100');
    expect(estimate.priceSummary?.discount?.amount).toBe('10');
    expect(estimate.priceSummary?.shipping?.amount).toBe('5');
    expect(estimate.priceSummary?.tax?.amount).toBe('9');
    expect(estimate.priceSummary?.total?.amount).toBe('104');
    expect(estimate.calculatedLineItems).toHaveLength(2);
    expect(estimate.shippingInfo?.selectedCarrierServiceOption?.code).toBe(standardId);
    expect(estimate.appliedDiscounts?.[0]?.coupon?.code).toBe(couponCode);
    expect(estimate.membershipOptions).toMatchObject({ eligibleMemberships: [], invalidMemberships: [] });
    expect(estimate.currency).toBe('USD');

    const withoutCoupon = await client.currentCart.removeCouponFromCurrentCart();
    expect(withoutCoupon.cart?.appliedDiscounts).toEqual([]);

    const removed = await client.currentCart.removeLineItemsFromCurrentCart([medium!._id!]);
    expect(removed.cart?.lineItems?.map((l) => l._id)).toEqual([small!._id]);

    const current = await client.currentCart.getCurrentCart();
    expect(current._id).toBe(byId.cart?._id);
    expect(current.lineItems?.[0]?.quantity).toBe(3);

    expect(await client.currentCart.deleteCurrentCart()).toBeUndefined();
    const gone = await sdkError(client.currentCart.getCurrentCart());
    expect(gone.details?.applicationError?.code).toBe('OWNED_CART_NOT_FOUND');
  });

  it('reports a bad quantity as a field violation named after the SDK argument', async () => {
    const error = await sdkError(
      shop().currentCart.addToCurrentCart({
        lineItems: [
          {
            catalogReference: { appId: STORES_APP_ID, catalogItemId: tee.id, options: { variantId: variantId('S') } },
            quantity: 0,
          },
        ],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations.map((v) => v.field)).toContain(
      'options.lineItems[0].quantity',
    );
  });
});

describe('signing in keeps the cart', () => {
  it("moves the visitor's lines into the member's cart when they sign in through the hosted page", async () => {
    const client = shop();
    await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: { appId: STORES_APP_ID, catalogItemId: tee.id, options: { variantId: variantId('M') } },
          quantity: 2,
        },
      ],
    });
    const visitorToken = client.auth.getTokens().accessToken.value;
    const visitorId = JSON.parse(Buffer.from(visitorToken.split('.')[1] as string, 'base64url').toString()).sub;
    const email = `m${crypto.randomUUID().slice(0, 8)}@example.com`;
    await client.auth.register({ email, password: 'correct horse 1' });
    const oauthData = client.auth.generateOAuthData('https://shop.example/callback');
    const { authUrl } = await client.auth.getAuthUrl(oauthData);
    const pageUrl = new URL(new URL(authUrl).pathname, server.baseUrl);
    const page = await realFetch(pageUrl);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] as string;
    const signedIn = await realFetch(pageUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ csrf, email, password: 'correct horse 1' }).toString(),
    });
    const returned = client.auth.parseFromUrl(signedIn.headers.get('location') as string, 'fragment');
    client.auth.setTokens(await client.auth.getMemberTokens(returned.code, returned.state, oauthData));
    expect(client.auth.loggedIn()).toBe(true);
    const cart = await client.currentCart.getCurrentCart();
    expect(cart.buyerInfo?.memberId).toBeTruthy();
    expect(cart.lineItems?.map((l) => [l.catalogReference?.catalogItemId, l.quantity])).toEqual([[tee.id, 2]]);
    // The visitor's own cart is gone.
    const visitorCarts = await server.merx.db
      .selectFrom('carts')
      .select('id')
      .where('owner_kind', '=', 'visitor')
      .where('owner_id', '=', visitorId)
      .execute();
    expect(visitorId).toBeTruthy();
    expect(visitorCarts).toEqual([]);
  });
});

describe('external login keeps the cart', () => {
  it("moves the visitor's lines to the member signed in with an API key", async () => {
    const client = shop();
    await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: { appId: STORES_APP_ID, catalogItemId: tee.id, options: { variantId: variantId('S') } },
          quantity: 3,
        },
      ],
    });
    const member = await server.services.identity.signOn(
      { loginId: { email: `x${Date.now()}@example.com` } },
      commandLine,
    );
    client.auth.setTokens(await client.auth.getMemberTokensForExternalLogin(member.identity.id, server.signOnKey));
    const cart = await client.currentCart.getCurrentCart();
    expect(cart.lineItems?.map((l) => l.quantity)).toEqual([3]);
  });
});
