/**
 * Checkouts driven through the public `@wix/sdk` + `@wix/ecom` packages as a storefront visitor would (WIRE.md 5.2):
 * the visitor fills a cart, makes a checkout of it, sets email, shipping address and shipping option, reads the
 * totals (checked against the shipping option and the tax region made here), changes lines and gets the URL of the
 * checkout page. Someone else's checkout is a 404, a bad email a field violation.
 */
import { STORES_APP_ID } from '@merx/contract';
import { startTestServer, type TestServer } from '@merx/server/testing';
import { checkout, currentCart } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest, rewritingFetch, sdkError } from './wix-client.js';

let server: TestServer;
let clientId: string;
let wrapped: typeof fetch;
const requests: RecordedRequest[] = [];
const realFetch = globalThis.fetch;
let teeId: string;
let mugId: string;
let standardId: string;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  // The OAuth strategy fetches its tokens with the global fetch (WIRE.md 0.1).
  globalThis.fetch = wrapped;
  const { services } = server;
  clientId = (await services.clients.create({ name: 'Compat shop', redirectUris: ['https://shop.example/callback'] }))
    .id;
  teeId = (await services.products.create({ name: 'Tee', priceData: { price: 20 } })).id as string;
  mugId = (await services.products.create({ name: 'Mug', priceData: { price: 12.5 } })).id as string;
  const region = await services.shipping.deliveryRegions.create({ name: 'US', destinations: [{ countryCode: 'US' }] });
  standardId = (
    await services.shipping.shippingOptions.create({
      title: 'Standard',
      deliveryRegionIds: [region.id],
      rates: [{ amount: '5' }],
      estimatedDeliveryTime: '3-5 days',
    })
  ).id;
  await services.shipping.shippingOptions.create({
    title: 'Express',
    deliveryRegionIds: [region.id],
    rates: [{ amount: '15' }],
  });
  await services.shipping.tax.createRegion({
    country: 'US',
    subdivision: 'NY',
    rateType: 'MANUAL_RATE',
    jurisdictions: [{ name: 'New York', type: 'STATE', rate: '0.08' }],
    shippingTaxable: true,
  });
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

const shop = () =>
  createClient({ modules: { currentCart, checkout }, auth: OAuthStrategy({ clientId }), fetch: wrapped });
const line = (catalogItemId: string, quantity: number) => ({
  catalogReference: { appId: STORES_APP_ID, catalogItemId },
  quantity,
});
const lastRequest = (path: string) => requests.filter((r) => r.path === path).at(-1);

describe('checkout through @wix/ecom', () => {
  it('walks a visitor from the cart to a priced checkout and its page', async () => {
    const client = shop();
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [line(teeId, 3)] });
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    expect(checkoutId).toBeTruthy();
    expect(lastRequest('/ecom/v1/carts/current/create-checkout')?.body).toEqual({ channelType: 'WEB' });

    const updated = await client.checkout.updateCheckout(checkoutId as string, {
      buyerInfo: { email: 'ann@example.com' },
      shippingInfo: {
        shippingDestination: {
          address: { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine1: '1 Main St' },
          contactDetails: { firstName: 'Ann', lastName: 'Lee' },
        },
        selectedCarrierServiceOption: { code: standardId },
      },
    });
    const sent = lastRequest(`/ecom/v1/checkouts/${checkoutId}`);
    expect(sent?.method).toBe('PATCH');
    const sentBody = sent?.body as {
      checkout: { id: string; shippingInfo: { shippingDestination: { address: object } } };
    };
    expect(sentBody.checkout.id).toBe(checkoutId);
    expect(sentBody.checkout.shippingInfo.shippingDestination.address).toMatchObject({ addressLine: '1 Main St' });
    expect(updated._id).toBe(checkoutId);

    const read = await client.checkout.getCheckout(checkoutId as string);
    expect(read._id).toBe(checkoutId);
    expect(read._createdDate).toBeInstanceOf(Date);
    expect(read.cartId).toBe(cart?._id);
    expect(read.buyerInfo).toMatchObject({ email: 'ann@example.com', visitorId: cart?.buyerInfo?.visitorId });
    expect(read.shippingInfo?.shippingDestination?.address?.addressLine1).toBe('1 Main St');
    expect(read.lineItems?.map((l) => [l.productName?.original, l.quantity])).toEqual([['Tee', 3]]);
    // 3 tees at $20 = $60; Standard shipping $5; NY tax 8 % on $60 and on the (taxable) shipping: $4.80 + $0.40.
    expect(read.priceSummary?.subtotal?.amount).toBe('60');
    expect(read.priceSummary?.shipping?.amount).toBe('5');
    expect(read.priceSummary?.tax?.amount).toBe('5.2');
    expect(read.priceSummary?.total).toEqual({
      amount: '70.2',
      convertedAmount: '70.2',
      formattedAmount: '$70.20',
      formattedConvertedAmount: '$70.20',
    });
    expect(read.shippingInfo?.selectedCarrierServiceOption).toMatchObject({
      code: standardId,
      title: 'Standard',
      logistics: { deliveryTime: '3-5 days' },
      cost: { price: { amount: '5' }, totalPriceAfterTax: { amount: '5.4' } },
    });
    expect(read.shippingInfo?.carrierServiceOptions?.[0]?.shippingOptions).toHaveLength(2);
    expect(read.lineItems?.[0]?.taxDetails?.totalTax?.amount).toBe('4.8');
    expect(read.taxSummary?.calculationDetails?.rateType).toBe('MANUAL_RATE');
    expect(read.membershipOptions).toMatchObject({ eligibleMemberships: [], invalidMemberships: [] });
    expect(read.violations).toEqual([]);
    expect(read.completed).toBe(false);

    const { checkoutUrl } = await client.checkout.getCheckoutUrl(checkoutId as string);
    expect(checkoutUrl).toBe(`${server.config.publicUrl}/checkout?checkoutId=${checkoutId}`);
    const byCart = await client.checkout.getCheckoutByCartId(cart?._id as string);
    expect(byCart.checkout?._id).toBe(checkoutId);
  });

  it('adds, re-counts and removes lines of a checkout', async () => {
    const client = shop();
    const created = await client.checkout.createCheckout({ channelType: 'WEB', lineItems: [line(teeId, 1)] });
    const id = created._id as string;
    const added = await client.checkout.addToCheckout(id, { lineItems: [line(mugId, 2)] });
    expect(added.checkout?.lineItems?.map((l) => l.quantity)).toEqual([1, 2]);
    const [tee, mug] = added.checkout?.lineItems ?? [];
    const recounted = await client.checkout.updateLineItemsQuantity(id, [{ _id: mug?._id as string, quantity: 4 }]);
    expect(recounted.checkout?.priceSummary?.subtotal?.amount).toBe('70');
    const removed = await client.checkout.removeLineItems(id, [tee?._id as string]);
    expect(removed.checkout?.lineItems?.map((l) => l._id)).toEqual([mug?._id]);
    expect((await client.checkout.removeCoupon(id)).checkout?.appliedDiscounts).toEqual([]);
  });

  it("throws CHECKOUT_NOT_FOUND for another visitor's checkout and a field violation for a bad email", async () => {
    const owner = shop();
    const created = await owner.checkout.createCheckout({ channelType: 'WEB', lineItems: [line(teeId, 1)] });
    const stranger = await sdkError(shop().checkout.getCheckout(created._id as string));
    expect(stranger.status).toBe(404);
    expect(stranger.details?.applicationError?.code).toBe('CHECKOUT_NOT_FOUND');
    const bad = await sdkError(owner.checkout.updateCheckout(created._id as string, { buyerInfo: { email: 'nope' } }));
    expect(bad.status).toBe(400);
    expect(bad.details?.validationError?.fieldViolations).toEqual([
      expect.objectContaining({ field: 'checkout.buyerInfo.email', violatedRule: 'FORMAT' }),
    ]);
  });
});
