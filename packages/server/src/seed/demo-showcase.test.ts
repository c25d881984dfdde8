import { STORES_APP_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { demoShowcase, demoShowcaseLines } from './demo-showcase.js';
import { seedDemoStore } from './seed-demo.js';

/** The demo as `npm start` loads it shows what the shop can do, and each thing works as the banner says. */
let server: TestServer;
const NOW = new Date();

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoStore(server.services, server.config.mediaDir, { showcase: true, now: NOW });
});
afterAll(async () => {
  await server.close();
});

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, auth: string | undefined, body?: unknown) {
  const res = await server.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

async function visitor(): Promise<string> {
  const { storefrontClientId } = (await call('GET', '/_api/merx/v1/public-config', undefined)).body;
  const token = (
    await call('POST', '/oauth2/token', undefined, { clientId: storefrontClientId, grantType: 'anonymous' })
  ).body.access_token;
  return `Bearer ${token}`;
}

async function productBySlug(slug: string) {
  const res = await call('GET', `/stores-reader/v1/products/${slug}?includeMerchantSpecificData=true`, undefined);
  if (res.status === 200 && res.body.product) return res.body.product;
  const query = await call('POST', '/stores-reader/v1/products/query-platformized', undefined, {
    query: { filter: { slug }, paging: { limit: 1 } },
  });
  return query.body.products[0];
}

async function addToCart(auth: string, productId: string, quantity: number, options?: Record<string, string>) {
  const res = await call('POST', '/ecom/v1/carts/current/add-to-cart', auth, {
    lineItems: [
      {
        catalogReference: {
          appId: STORES_APP_ID,
          catalogItemId: productId,
          ...(options ? { options: { options } } : {}),
        },
        quantity,
      },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.cart;
}

describe('the demo showcase', () => {
  it('takes the WELCOME10 coupon off a cart: 10 % of the subtotal', async () => {
    const auth = await visitor();
    const tote = await productBySlug('market-tote-bag');
    await addToCart(auth, tote.id, 1);
    const res = await call('PATCH', '/ecom/v1/carts/current', auth, { couponCode: demoShowcase.coupon.code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const coupon = res.body.cart.appliedDiscounts.find((d: { coupon?: unknown }) => d.coupon);
    expect(coupon.coupon.code).toBe('WELCOME10');
    const est = await call('POST', '/ecom/v1/carts/current/estimate-totals', auth, {});
    expect(est.status, JSON.stringify(est.body)).toBe(200);
    expect(est.body.priceSummary.discount.amount).toBe('3.2');
  });

  it('takes 15 % off two or more coffee and tea, and nothing off one', async () => {
    const auth = await visitor();
    const chai = await productBySlug('masala-chai-loose-leaf');
    await addToCart(auth, chai.id, 1);
    let est = await call('POST', '/ecom/v1/carts/current/estimate-totals', auth, {});
    expect(Number(est.body.priceSummary.discount?.amount ?? 0)).toBe(0);
    await addToCart(auth, chai.id, 1);
    est = await call('POST', '/ecom/v1/carts/current/estimate-totals', auth, {});
    // Two teas at $14: 15 % of $28.
    expect(est.body.priceSummary.discount.amount).toBe('4.2');
    const rule = est.body.appliedDiscounts.find((d: { discountRule?: unknown }) => d.discountRule);
    expect(rule.discountRule.name.original).toBe(demoShowcase.rule.name);
  });

  it('has a product with few left, and offers pickup, the courier with windows and tips at checkout', async () => {
    const gift = await productBySlug(demoShowcase.lowStock.slug);
    expect(gift.stock).toMatchObject({ trackInventory: true, quantity: 3 });
    const auth = await visitor();
    await addToCart(auth, gift.id, 1);
    const created = await call('POST', '/ecom/v1/carts/current/create-checkout', auth, {
      channelType: 'WEB',
      email: 'demo@example.com',
      shippingAddress: {
        country: 'US',
        subdivision: 'US-NY',
        city: 'New York',
        postalCode: '10001',
        addressLine: '1 Main St',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const checkout = (await call('GET', `/ecom/v1/checkouts/${created.body.checkoutId}`, auth)).body.checkout;
    const options = checkout.shippingInfo.carrierServiceOptions[0].shippingOptions;
    const byTitle = (title: string) => options.find((o: { title: string }) => o.title === title);
    // The demo's own options stay as they were; the courier is added.
    expect(byTitle('Standard delivery')).toBeDefined();
    expect(byTitle('Express delivery')).toBeDefined();
    expect(byTitle('Pick up at the shop').logistics.pickupDetails).toBeDefined();
    const courier = byTitle('Scheduled courier');
    expect(courier.cost.price.amount).toBe('6');
    expect(courier.logistics.deliveryTimeSlots).toHaveLength(2);
    for (const slot of courier.logistics.deliveryTimeSlots)
      expect(Date.parse(slot.from)).toBeGreaterThan(NOW.getTime());
    expect(checkout.tipOptions.tipType).toBe('PERCENTAGE');
    expect(checkout.tipOptions.presets.map((p: { percentage: number }) => p.percentage)).toEqual([10, 15, 20]);
  });

  it('names each of them in the start banner', () => {
    const text = demoShowcaseLines('http://localhost:3000').join('\n');
    expect(text).toContain('Coupon WELCOME10');
    expect(text).toContain(demoShowcase.rule.name);
    expect(text).toContain('"Only 3 left": http://localhost:3000/product-page/morning-ritual-gift-set');
    expect(text).toContain('Tips at checkout: 10, 15, 20%');
    expect(text).toMatch(/pick up at the shop, or the scheduled courier with delivery windows/);
  });
});
