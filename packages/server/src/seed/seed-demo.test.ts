import { STORES_APP_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';

/** The demo store sells out of the box: a visitor can buy a physical product with delivery or pickup. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ demo: true });
});
afterAll(async () => {
  await server.close();
});

async function call(method: 'GET' | 'POST', url: string, auth: string | undefined, body?: unknown) {
  const res = await server.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('the demo store', () => {
  it('delivers, taxes and takes orders: standard delivery to New York with state tax, free from $75, pickup', async () => {
    const { storefrontClientId } = (await call('GET', '/_api/merx/v1/public-config', undefined)).body;
    const token = (
      await call('POST', '/oauth2/token', undefined, { clientId: storefrontClientId, grantType: 'anonymous' })
    ).body.access_token;
    const auth = `Bearer ${token}`;
    const products = (
      await call('POST', '/stores-reader/v1/products/query-platformized', undefined, {
        query: {
          filter: { productType: 'physical', 'stock.inStock': true, manageVariants: false },
          paging: { limit: 1 },
        },
      })
    ).body.products;
    expect(products).toHaveLength(1);
    const product = products[0];
    const added = await call('POST', '/ecom/v1/carts/current/add-to-cart', auth, {
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: product.id }, quantity: 1 }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const { checkoutId } = (
      await call('POST', '/ecom/v1/carts/current/create-checkout', auth, {
        channelType: 'WEB',
        email: 'demo@example.com',
        shippingAddress: {
          country: 'US',
          subdivision: 'US-NY',
          city: 'New York',
          postalCode: '10001',
          addressLine: '1 Main St',
        },
      })
    ).body;
    const checkout = (await call('GET', `/ecom/v1/checkouts/${checkoutId}`, auth)).body.checkout;
    const titles = checkout.shippingInfo.carrierServiceOptions[0].shippingOptions.map(
      (o: { title: string }) => o.title,
    );
    expect(titles).toEqual(expect.arrayContaining(['Standard delivery', 'Express delivery', 'Pick up at the shop']));
    expect(checkout.shippingInfo.selectedCarrierServiceOption).toBeDefined();
    expect(Number(checkout.priceSummary.tax.amount)).toBeGreaterThan(0);
    const placed = await call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, auth, {});
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });
});
