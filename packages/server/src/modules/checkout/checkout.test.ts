import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  CHECKOUTS,
  type CheckoutKit,
  createCheckout,
  expectAppError,
  expectNoCheckoutWrites,
  item,
  NEW_YORK,
  startCheckoutKit,
} from './checkout-test-kit.js';

let kit: CheckoutKit;
let mug: Product;
let book: Product;

beforeAll(async () => {
  kit = await startCheckoutKit();
  mug = await kit.createProduct({ name: 'Mug', priceData: { price: 20 }, weight: 0.5 });
  book = await kit.createProduct({ name: 'Book', priceData: { price: 10 } });
});
afterAll(async () => {
  await kit.close();
});

const createFromCart = (client: { post: CheckoutKit['owner']['post'] }, body: Record<string, unknown> = {}) =>
  client.post(`${CART}/create-checkout`, { channelType: 'WEB', ...body });

describe('POST /ecom/v1/carts/current/create-checkout', () => {
  it("makes a checkout of the cart's lines, coupon, note and address, and answers its id", async () => {
    const v = await kit.newVisitor();
    const cart = await addToCart(v, item(mug.id, 2), item(book.id));
    await v.patch(CART, { cartInfo: { buyerNote: 'Gift wrap', contactInfo: { address: NEW_YORK } } });
    const res = await createFromCart(v, { email: 'buyer@example.com' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body)).toEqual(['checkoutId']);
    const checkout = (await v.get(`${CHECKOUTS}/${res.body.checkoutId}`, { id: res.body.checkoutId })).body.checkout;
    expect(checkout).toMatchObject({
      id: res.body.checkoutId,
      cartId: cart.id,
      channelType: 'WEB',
      buyerNote: 'Gift wrap',
      buyerInfo: { visitorId: v.id, email: 'buyer@example.com' },
      createdBy: { visitorId: v.id },
      completed: false,
      currency: 'USD',
      shippingInfo: { shippingDestination: { address: NEW_YORK } },
    });
    // The checkout keeps the cart's line ids.
    expect(checkout.lineItems.map((l: { id: string; quantity: number }) => [l.id, l.quantity])).toEqual(
      cart.lineItems.map((l: { id: string; quantity: number }) => [l.id, l.quantity]),
    );
    // The cart stays until an order is placed.
    expect((await v.get(CART)).status).toBe(200);
  });

  it('takes the shipping option, email and addresses of the request', async () => {
    const v = await kit.newVisitor();
    await addToCart(v, item(mug.id));
    const res = await createFromCart(v, {
      shippingAddress: NEW_YORK,
      billingAddress: { ...NEW_YORK, city: 'Brooklyn' },
      selectedShippingOption: { code: kit.store.express.id },
    });
    const checkout = (await v.get(`${CHECKOUTS}/${res.body.checkoutId}`)).body.checkout;
    expect(checkout.billingInfo.address.city).toBe('Brooklyn');
    expect(checkout.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: kit.store.express.id,
      requestedShippingOption: true,
    });
    expect(checkout.priceSummary.shipping.amount).toBe('15');
  });

  it('answers 404 OWNED_CART_NOT_FOUND without a cart and 400 CART_IS_EMPTY for an empty one', async () => {
    const v = await kit.newVisitor();
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(await createFromCart(v), 404, 'OWNED_CART_NOT_FOUND');
    });
    const cart = await addToCart(v, item(book.id));
    await v.post(`${CART}/remove-line-items`, { lineItemIds: [cart.lineItems[0].id] });
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(await createFromCart(v), 400, 'CART_IS_EMPTY');
    });
  });

  it('appends checkout_created with the checkout', async () => {
    const v = await kit.newVisitor();
    await addToCart(v, item(book.id));
    const seq = await kit.lastSeq();
    const res = await createFromCart(v);
    const events = await kit.eventsSince(seq);
    expect(events.map((e) => [e.type, e.entityId])).toEqual([['wix.ecom.v1.checkout_created', res.body.checkoutId]]);
    expect(events[0]?.payload.entity).toMatchObject({ id: res.body.checkoutId, lineItems: [expect.any(Object)] });
  });
});

describe('POST /ecom/v1/checkouts', () => {
  it('creates a checkout from line items with the buyer info, and prices it like the cart estimate', async () => {
    const v = await kit.newVisitor();
    const checkout = await createCheckout(v, {
      lineItems: [item(mug.id, 2), item(book.id)],
      checkoutInfo: {
        buyerInfo: { email: 'ann@example.com' },
        shippingInfo: {
          shippingDestination: { address: NEW_YORK, contactDetails: { firstName: 'Ann', lastName: 'Lee' } },
          selectedCarrierServiceOption: { code: kit.store.standard.id },
        },
        buyerNote: 'Ring twice',
      },
    });
    expect(checkout.lineItems).toHaveLength(2);
    expect(checkout.lineItems[0]).toMatchObject({
      quantity: 2,
      productName: { original: 'Mug' },
      price: { amount: '20' },
      paymentOption: 'FULL_PAYMENT_ONLINE',
      totalPriceBeforeTax: { amount: '40' },
      totalPriceAfterTax: { amount: '43.2' },
      taxDetails: { taxRate: '0.08', totalTax: { amount: '3.2' } },
      discount: { amount: '0' },
      availability: { status: 'AVAILABLE' },
    });
    // $50 of items, $5 standard shipping (not taxed in NY), 8 % tax on $50.
    expect(checkout.priceSummary).toMatchObject({
      subtotal: { amount: '50' },
      shipping: { amount: '5' },
      tax: { amount: '4' },
      discount: { amount: '0' },
      total: { amount: '59', formattedAmount: '$59.00' },
    });
    expect(checkout.payNow.total.amount).toBe('59');
    expect(checkout.payLater.total.amount).toBe('0');
    expect(checkout.shippingInfo).toMatchObject({
      shippingDestination: { contactDetails: { firstName: 'Ann', lastName: 'Lee' } },
      selectedCarrierServiceOption: { code: kit.store.standard.id, title: 'Standard' },
      region: { name: 'United States' },
    });
    expect(checkout.taxSummary).toMatchObject({ totalTax: { amount: '4' } });
    expect(checkout.membershipOptions).toEqual({
      eligibleMemberships: [],
      invalidMemberships: [],
      selectedMemberships: { memberships: [] },
    });
    expect(checkout).toMatchObject({
      buyerInfo: { email: 'ann@example.com' },
      buyerNote: 'Ring twice',
      calculationErrors: {},
      violations: [],
      appliedDiscounts: [],
      customFields: [],
      weightUnit: 'KG',
      taxIncludedInPrice: false,
      conversionCurrency: 'USD',
      paymentCurrency: 'USD',
      revision: '1',
    });
    expect(checkout.cartId).toBeUndefined();

    // The cart's estimate of the same lines gives the same numbers.
    await addToCart(v, item(mug.id, 2), item(book.id));
    const estimate = await v.post(`${CART}/estimate-totals`, {
      shippingAddress: NEW_YORK,
      selectedShippingOption: { code: kit.store.standard.id },
    });
    expect(estimate.body.priceSummary).toEqual(checkout.priceSummary);
  });

  it('is 404 CHECKOUT_NOT_FOUND for another visitor and for an unknown id, and readable by elevated callers', async () => {
    const owner = await kit.newVisitor();
    const checkout = await createCheckout(owner, { lineItems: [item(book.id)] });
    const url = `${CHECKOUTS}/${checkout.id}`;
    const other = await kit.newVisitor();
    const member = await kit.newMember();
    expectAppError(await other.get(url), 404, 'CHECKOUT_NOT_FOUND');
    expectAppError(await member.get(url), 404, 'CHECKOUT_NOT_FOUND');
    expectAppError(await kit.stranger.get(url), 404, 'CHECKOUT_NOT_FOUND');
    const unknown = await owner.get(`${CHECKOUTS}/no-such-checkout`);
    expectAppError(unknown, 404, 'CHECKOUT_NOT_FOUND');
    expect(unknown.body.details.applicationError.data).toEqual({ checkoutId: 'no-such-checkout' });
    expect((await owner.get(url)).body.checkout.id).toBe(checkout.id);
    expect((await kit.checkoutReader.get(url)).body.checkout.id).toBe(checkout.id);
    expect((await kit.owner.get(url)).body.checkout.id).toBe(checkout.id);
    expectAppError(await kit.visitor.get(url), 401, 'UNAUTHENTICATED');
  });

  it("keeps a member's checkout to the member", async () => {
    const member = await kit.newMember();
    const checkout = await createCheckout(member, { lineItems: [item(book.id)] });
    expect(checkout.buyerInfo).toEqual({ memberId: member.id });
    expect((await member.get(`${CHECKOUTS}/${checkout.id}`)).status).toBe(200);
    expectAppError(await (await kit.newMember()).get(`${CHECKOUTS}/${checkout.id}`), 404, 'CHECKOUT_NOT_FOUND');
  });
});

describe('adoptVisitorCheckouts', () => {
  it("hands a visitor's open checkouts to the member they signed in as", async () => {
    const v = await kit.newVisitor();
    const member = await kit.newMember();
    const checkout = await createCheckout(v, { lineItems: [item(book.id)] });
    const moved = await kit.server.services.checkout.adoptVisitorCheckouts(kit.server.merx.db, v.id, member.id);
    expect(moved).toBe(1);
    const res = await member.get(`${CHECKOUTS}/${checkout.id}`);
    expect(res.body.checkout.buyerInfo).toEqual({ memberId: member.id });
    expectAppError(await v.get(`${CHECKOUTS}/${checkout.id}`), 404, 'CHECKOUT_NOT_FOUND');
  });
});

describe('GET /ecom/v1/checkouts/by-cart-id/{id}', () => {
  it("answers the newest checkout of the caller's cart, and 404 for anyone else", async () => {
    const v = await kit.newVisitor();
    const cart = await addToCart(v, item(book.id));
    await createFromCart(v);
    const newest = (await createFromCart(v, { email: 'late@example.com' })).body.checkoutId;
    const res = await v.get(`${CHECKOUTS}/by-cart-id/${cart.id}`, { id: cart.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.checkout).toMatchObject({ id: newest, cartId: cart.id });
    expectAppError(await (await kit.newVisitor()).get(`${CHECKOUTS}/by-cart-id/${cart.id}`), 404, 'CHECKOUT_NOT_FOUND');
    expectAppError(await v.get(`${CHECKOUTS}/by-cart-id/no-such-cart`), 404, 'CHECKOUT_NOT_FOUND');
  });
});

describe('GET /ecom/v1/checkouts/{id}/checkout-url', () => {
  it("answers the storefront's checkout page on the public URL, or the override", async () => {
    const v = await kit.newVisitor();
    const checkout = await createCheckout(v, { lineItems: [item(book.id)] });
    const expected = `${kit.server.config.publicUrl}/checkout?checkoutId=${checkout.id}`;
    for (const path of ['checkout-url', 'wix-checkout-url']) {
      const res = await v.get(`${CHECKOUTS}/${checkout.id}/${path}`, { id: checkout.id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ checkoutUrl: expected });
    }
    expectAppError(
      await (await kit.newVisitor()).get(`${CHECKOUTS}/${checkout.id}/checkout-url`),
      404,
      'CHECKOUT_NOT_FOUND',
    );
    const custom = await createCheckout(v, {
      lineItems: [item(book.id)],
      overrideCheckoutUrl: 'https://shop.example/pay',
    });
    expect((await v.get(`${CHECKOUTS}/${custom.id}/checkout-url`)).body.checkoutUrl).toBe('https://shop.example/pay');
    const removed = await v.post(`${CHECKOUTS}/${custom.id}/remove-override-checkout-url`, { id: custom.id });
    expect(removed.status).toBe(200);
    expect(removed.body.checkout.overrideCheckoutUrl).toBeUndefined();
    expect((await v.get(`${CHECKOUTS}/${custom.id}/checkout-url`)).body.checkoutUrl).toBe(
      `${kit.server.config.publicUrl}/checkout?checkoutId=${custom.id}`,
    );
  });
});

describe('the OpenAPI document', () => {
  it('documents every checkout route from its schemas', async () => {
    const res = await kit.request({ method: 'GET', url: '/openapi.json' });
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/ecom/v1/checkouts/{id}'] ?? {}).sort()).toEqual(['get', 'patch']);
    for (const path of [
      '/ecom/v1/checkouts',
      '/ecom/v1/carts/current/create-checkout',
      '/ecom/v1/checkouts/by-cart-id/{id}',
      '/ecom/v1/checkouts/{id}/checkout-url',
      '/ecom/v1/checkouts/{id}/add-to-checkout',
      '/ecom/v1/checkouts/{id}/remove-line-items',
      '/ecom/v1/checkouts/{id}/update-line-items-quantity',
      '/ecom/v1/checkouts/{id}/remove-coupon',
    ])
      expect(paths[path], path).toBeDefined();
  });
});
