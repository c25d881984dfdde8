import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  type CartKit,
  expectAppError,
  item,
  STORES_APP_ID,
  sizeAndColor,
  startCartKit,
} from './cart-test-kit.js';

let kit: CartKit;
beforeAll(async () => {
  kit = await startCartKit();
});
afterAll(async () => {
  await kit.close();
});

const variantOf = (p: Product, choices: Record<string, string>) =>
  p.variants!.find((v) => Object.entries(choices).every(([k, c]) => v.choices[k] === c))!;

describe('GET /ecom/v1/carts/current', () => {
  it('answers 404 OWNED_CART_NOT_FOUND while the caller has no cart', async () => {
    expectAppError(await (await kit.newVisitor()).get(CART), 404, 'OWNED_CART_NOT_FOUND');
    expectAppError(await (await kit.newMember()).get(CART), 404, 'OWNED_CART_NOT_FOUND');
  });

  it('needs a token', async () => {
    expect((await kit.visitor.get(CART)).status).toBe(401);
    expect((await kit.visitor.post(`${CART}/add-to-cart`, { lineItems: [] })).status).toBe(401);
  });

  it('reads the cart the mutating calls created, with money as the ecom client reads it', async () => {
    const p = await kit.createProduct({ priceData: { price: 12.5 }, sku: 'MUG-1', weight: 0.4 });
    const v = await kit.newVisitor();
    const added = await addToCart(v, item(p.id, 2));
    const cart = (await v.get(CART)).body.cart;
    expect(cart).toEqual(added);
    expect(cart).toMatchObject({
      buyerInfo: { visitorId: v.id },
      currency: 'USD',
      conversionCurrency: 'USD',
      weightUnit: 'KG',
      revision: '1',
      appliedDiscounts: [],
      subtotal: { amount: '25', convertedAmount: '25', formattedAmount: '$25.00', formattedConvertedAmount: '$25.00' },
    });
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0]).toMatchObject({
      quantity: 2,
      catalogReference: { appId: STORES_APP_ID, catalogItemId: p.id },
      productName: { original: p.name, translated: p.name },
      url: { relativePath: `/products/${p.slug}`, url: `http://localhost:3000/products/${p.slug}` },
      price: { amount: '12.5', formattedAmount: '$12.50' },
      fullPrice: { amount: '12.5' },
      priceBeforeDiscounts: { amount: '12.5' },
      lineItemPrice: { amount: '25' },
      physicalProperties: { weight: 0.4, sku: 'MUG-1', shippable: true },
      availability: { status: 'AVAILABLE' },
      itemType: { preset: 'PHYSICAL' },
      customLineItem: false,
    });
    expect(JSON.stringify(cart)).not.toContain('"_id"');
  });

  it('shows the catalog sale: fullPrice before it, price after it', async () => {
    const p = await kit.createProduct({ priceData: { price: 40 }, discount: { type: 'PERCENT', value: 25 } });
    const line = (await addToCart(await kit.newVisitor(), item(p.id))).lineItems[0];
    expect(line.fullPrice.amount).toBe('40');
    expect(line.price.amount).toBe('30');
    expect(line.priceBeforeDiscounts.amount).toBe('30');
  });

  it('gives the main image and marks digital products as not shippable', async () => {
    const p = await kit.createProduct({ productType: 'digital' });
    await kit.owner.post(`/stores/v1/products/${p.id}/media`, { media: [{ url: 'https://example.com/e-book.jpg' }] });
    const line = (await addToCart(await kit.newVisitor(), item(p.id))).lineItems[0];
    expect(line.itemType).toEqual({ preset: 'DIGITAL' });
    expect(line.physicalProperties.shippable).toBe(false);
    expect(line.image.url).toBe('https://example.com/e-book.jpg');
  });
});

describe('POST /ecom/v1/carts/current/add-to-cart', () => {
  it('resolves a variant by id and by option choices to the same line, adding the quantities', async () => {
    const p = await kit.createProduct(sizeAndColor());
    const target = variantOf(p, { Size: 'M', Color: 'Blue' });
    const v = await kit.newVisitor();
    await addToCart(v, item(p.id, 1, { variantId: target.id }));
    const cart = await addToCart(v, item(p.id, 2, { options: { Size: 'M', Color: 'Blue' } }));
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0].quantity).toBe(3);
    expect(cart.lineItems[0].catalogReference.options).toEqual({ variantId: target.id });
    expect(cart.lineItems[0].descriptionLines).toEqual([
      {
        name: { original: 'Size', translated: 'Size' },
        plainText: { original: 'M', translated: 'M' },
        lineType: 'PLAIN_TEXT',
      },
      {
        name: { original: 'Color', translated: 'Color' },
        colorInfo: { original: 'Blue', translated: 'Blue', code: '#0000ff' },
        lineType: 'COLOR',
      },
    ]);
  });

  it('keeps one line and adds quantities when the same variant is added twice in one request', async () => {
    const p = await kit.createProduct();
    const cart = await addToCart(await kit.newVisitor(), item(p.id, 2), item(p.id, 3));
    expect(cart.lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([5]);
  });

  it('keeps other variants and products on lines of their own, in the order added', async () => {
    const p = await kit.createProduct(sizeAndColor());
    const q = await kit.createProduct();
    const v = await kit.newVisitor();
    await addToCart(v, item(p.id, 1, { options: { Size: 'S', Color: 'Red' } }));
    const cart = await addToCart(v, item(q.id), item(p.id, 1, { options: { Size: 'L', Color: 'Red' } }));
    expect(
      cart.lineItems.map((l: { catalogReference: { catalogItemId: string } }) => l.catalogReference.catalogItemId),
    ).toEqual([p.id, q.id, p.id]);
    expect(cart.revision).toBe('2');
  });

  it('creates the cart with cart_created, then changes it with cart_updated', async () => {
    const p = await kit.createProduct();
    const v = await kit.newVisitor();
    const seq = await kit.lastSeq();
    const first = await addToCart(v, item(p.id));
    const second = await addToCart(v, item(p.id));
    const events = await kit.eventsSince(seq);
    expect(events.map((e) => e.type)).toEqual(['wix.ecom.v1.cart_created', 'wix.ecom.v1.cart_updated']);
    expect(events[0]).toMatchObject({ entityId: first.id, payload: { entity: first } });
    expect(events[1]).toMatchObject({ payload: { entity: second, modifiedFields: ['lineItems'] } });
  });

  it('lets an API key add custom line items and override catalog fields', async () => {
    const p = await kit.createProduct({ priceData: { price: 10 } });
    const res = await kit.owner.post(`${CART}/add-to-cart`, {
      lineItems: [{ ...item(p.id), catalogOverrideFields: { productName: { original: 'Gift mug' }, price: '7.5' } }],
      customLineItems: [
        {
          quantity: 2,
          price: '15',
          productName: { original: 'Engraving' },
          itemType: { preset: 'SERVICE' },
          physicalProperties: { shippable: false },
          quantityAvailable: 5,
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [catalogLine, customLine] = res.body.cart.lineItems;
    expect(catalogLine).toMatchObject({
      productName: { original: 'Gift mug' },
      price: { amount: '7.5' },
      catalogOverrideFields: { productName: { original: 'Gift mug' }, price: '7.5' },
    });
    expect(customLine).toMatchObject({
      quantity: 2,
      customLineItem: true,
      productName: { original: 'Engraving' },
      itemType: { preset: 'SERVICE' },
      price: { amount: '15' },
      lineItemPrice: { amount: '30' },
      availability: { status: 'AVAILABLE', quantityAvailable: 5 },
    });
    expect(res.body.cart.subtotal.amount).toBe('37.5');
    expect(res.body.cart.buyerInfo).toEqual({});
  });

  it('runs at most 5 SQL statements, BEGIN and COMMIT included', async () => {
    const p = await kit.createProduct(sizeAndColor());
    const q = await kit.createProduct();
    const v = await kit.newVisitor();
    const dispatcher = kit.server.dispatcher;
    const kick = dispatcher.kick;
    // The dispatcher's own reads after the commit are not the request's: keep it asleep while counting.
    dispatcher.kick = () => {};
    try {
      const created = await kit.statementsOf(() =>
        addToCart(v, item(p.id, 1, { options: { Size: 'S', Color: 'Red' } })),
      );
      const added = await kit.statementsOf(() =>
        addToCart(v, item(q.id), item(p.id, 2, { options: { Size: 'S', Color: 'Red' } })),
      );
      expect(created).toBeLessThanOrEqual(5);
      expect(added).toBeLessThanOrEqual(5);
    } finally {
      dispatcher.kick = kick;
    }
    await dispatcher.drain();
  });
});

describe('availability against live stock', () => {
  it('reports NOT_AVAILABLE, PARTIALLY_AVAILABLE with what is left, and NOT_FOUND on every read', async () => {
    const scarce = await kit.createProduct({ stock: { trackInventory: true, quantity: 5 } });
    const gone = await kit.createProduct();
    const hidden = await kit.createProduct();
    const sold = await kit.createProduct({ stock: { trackInventory: true, quantity: 5 } });
    const v = await kit.newVisitor();
    await addToCart(v, item(scarce.id, 4), item(gone.id), item(hidden.id), item(sold.id, 2));
    await kit.owner.patch(`/stores/v1/products/${scarce.id}`, { product: { stock: { quantity: 3 } } });
    await kit.owner.patch(`/stores/v1/products/${sold.id}`, { product: { stock: { quantity: 0 } } });
    await kit.owner.patch(`/stores/v1/products/${hidden.id}`, { product: { visible: false } });
    await kit.owner.delete(`/stores/v1/products/${gone.id}`);
    const lines = (await v.get(CART)).body.cart.lineItems;
    expect(lines.map((l: { availability: unknown }) => l.availability)).toEqual([
      { status: 'PARTIALLY_AVAILABLE', quantityAvailable: 3 },
      { status: 'NOT_FOUND' },
      { status: 'NOT_FOUND' },
      { status: 'NOT_AVAILABLE', quantityAvailable: 0 },
    ]);
    // A deleted product still shows as it was when it was added.
    expect(lines[1].productName.original).toBe(gone.name);
    expect(lines[1].price.amount).toBe('10');
  });

  it('answers AVAILABLE with the quantity left for tracked stock', async () => {
    const p = await kit.createProduct({ stock: { trackInventory: true, quantity: 9 } });
    const line = (await addToCart(await kit.newVisitor(), item(p.id, 2))).lineItems[0];
    expect(line.availability).toEqual({ status: 'AVAILABLE', quantityAvailable: 9 });
  });
});

describe('PATCH /ecom/v1/carts/current', () => {
  it('sets the buyer note and contact address (geocode kept), creating the cart', async () => {
    const m = await kit.newMember();
    const address = {
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      addressLine: '1 Main St',
      geocode: { latitude: 40.7, longitude: -74 },
    };
    const res = await m.patch(CART, { cartInfo: { buyerNote: 'Ring twice', contactInfo: { address } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.cart).toMatchObject({
      buyerNote: 'Ring twice',
      contactInfo: { address },
      buyerInfo: { memberId: m.id },
    });
    expect(res.body.cart.lineItems).toEqual([]);
    expect((await m.get(CART)).body.cart.contactInfo.address).toEqual(address);
  });

  it('adds the line items it is given, as add-to-cart does', async () => {
    const p = await kit.createProduct();
    const v = await kit.newVisitor();
    await addToCart(v, item(p.id));
    const cart = (await v.patch(CART, { lineItems: [item(p.id, 2)] })).body.cart;
    expect(cart.lineItems[0].quantity).toBe(3);
  });

  it('applies a coupon that can apply, and remove-coupon takes it off', async () => {
    const code = `SAVE${Date.now()}`;
    const coupon = (
      await kit.owner.post('/_api/merx/v1/coupons', {
        coupon: { code, name: 'Save', discount: { discountType: 'PERCENTAGE', percentage: 10 } },
      })
    ).body.coupon;
    const v = await kit.newVisitor();
    await addToCart(v, item((await kit.createProduct()).id));
    const applied = await v.patch(CART, { couponCode: code.toLowerCase() });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.cart.appliedDiscounts).toEqual([{ coupon: { id: coupon.id, code } }]);
    const removed = await v.post(`${CART}/remove-coupon`, {});
    expect(removed.body.cart.appliedDiscounts).toEqual([]);
  });

  it('refuses a coupon that does not apply with its reason, changing nothing', async () => {
    const v = await kit.newVisitor();
    await addToCart(v, item((await kit.createProduct({ priceData: { price: 5 } })).id));
    expectAppError(await v.patch(CART, { couponCode: 'NO-SUCH-CODE' }), 400, 'COUPON_NOT_FOUND');
    const expired = `OLD${Date.now()}`;
    const minimum = `MIN${Date.now()}`;
    await kit.owner.post('/_api/merx/v1/coupons', {
      coupon: {
        code: expired,
        name: 'Old',
        discount: { discountType: 'PERCENTAGE', percentage: 10 },
        startDate: '2001-01-01T00:00:00.000Z',
        expirationDate: '2002-01-01T00:00:00.000Z',
      },
    });
    await kit.owner.post('/_api/merx/v1/coupons', {
      coupon: {
        code: minimum,
        name: 'Big',
        discount: { discountType: 'PERCENTAGE', percentage: 10 },
        limits: { minimumSubtotal: '50' },
      },
    });
    expectAppError(await v.patch(CART, { couponCode: expired }), 400, 'COUPON_EXPIRED');
    expectAppError(await v.patch(CART, { couponCode: minimum }), 400, 'COUPON_MINIMUM_SUBTOTAL_NOT_MET');
    expect((await v.get(CART)).body.cart).toMatchObject({ appliedDiscounts: [], revision: '1' });
  });
});

describe('changing and removing lines', () => {
  it('updates quantities and removes lines by id', async () => {
    const p = await kit.createProduct();
    const q = await kit.createProduct();
    const v = await kit.newVisitor();
    const cart = await addToCart(v, item(p.id), item(q.id));
    const [first, second] = cart.lineItems;
    const updated = await v.post(`${CART}/update-line-items-quantity`, { lineItems: [{ id: first.id, quantity: 7 }] });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.cart.lineItems[0].quantity).toBe(7);
    expect(updated.body.cart.subtotal.amount).toBe('80');
    const removed = await v.post(`${CART}/remove-line-items`, { lineItemIds: [first.id] });
    expect(removed.body.cart.lineItems.map((l: { id: string }) => l.id)).toEqual([second.id]);
  });

  it('lets a shopper lower a quantity that is above the stock left', async () => {
    const p = await kit.createProduct({ stock: { trackInventory: true, quantity: 10 } });
    const v = await kit.newVisitor();
    const line = (await addToCart(v, item(p.id, 8))).lineItems[0];
    await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { stock: { quantity: 2 } } });
    const res = await v.post(`${CART}/update-line-items-quantity`, { lineItems: [{ id: line.id, quantity: 5 }] });
    expect(res.status).toBe(200);
    expect(res.body.cart.lineItems[0].availability).toEqual({ status: 'PARTIALLY_AVAILABLE', quantityAvailable: 2 });
    expectAppError(
      await v.post(`${CART}/update-line-items-quantity`, { lineItems: [{ id: line.id, quantity: 6 }] }),
      400,
      'INSUFFICIENT_STOCK',
    );
  });

  it('DELETE answers {} and the cart is gone (cart_deleted)', async () => {
    const v = await kit.newVisitor();
    const cart = await addToCart(v, item((await kit.createProduct()).id));
    const seq = await kit.lastSeq();
    const before = await kit.rows();
    const res = await v.delete(CART);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await kit.rows()).toEqual({ carts: before.carts - 1, lines: before.lines - 1, outbox: before.outbox + 1 });
    expectAppError(await v.get(CART), 404, 'OWNED_CART_NOT_FOUND');
    expect(await kit.eventsSince(seq)).toEqual([
      { type: 'wix.ecom.v1.cart_deleted', entityId: cart.id, payload: { cartId: cart.id } },
    ]);
    expectAppError(await v.delete(CART), 404, 'OWNED_CART_NOT_FOUND');
  });
});

describe('whose cart', () => {
  it('keeps a member cart apart from a visitor cart, and each token reaches only its own', async () => {
    const p = await kit.createProduct();
    const q = await kit.createProduct();
    const v = await kit.newVisitor();
    const m = await kit.newMember();
    const visitorCart = await addToCart(v, item(p.id));
    const memberCart = await addToCart(m, item(q.id, 3));
    expect(visitorCart.id).not.toBe(memberCart.id);
    expect((await v.get(CART)).body.cart.lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([1]);
    expect((await m.get(CART)).body.cart).toMatchObject({ id: memberCart.id, buyerInfo: { memberId: m.id } });
    // Another visitor's token reaches none of them, and line ids of another cart are unknown here.
    const other = await kit.newVisitor();
    expectAppError(await other.get(CART), 404, 'OWNED_CART_NOT_FOUND');
    await addToCart(other, item(p.id));
    expectAppError(
      await other.post(`${CART}/remove-line-items`, { lineItemIds: [memberCart.lineItems[0].id] }),
      404,
      'LINE_ITEM_NOT_FOUND',
    );
    expect((await v.get(`/ecom/v1/carts/${memberCart.id}`)).status).toBe(401);
    expect((await m.get(`/ecom/v1/carts/${memberCart.id}`)).status).toBe(403);
  });

  it('lets staff and API keys with carts:read read any cart by id', async () => {
    const v = await kit.newVisitor();
    const cart = await addToCart(v, item((await kit.createProduct()).id));
    const res = await kit.reader.get(`/ecom/v1/carts/${cart.id}`, { id: cart.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.cart).toEqual(cart);
    expect((await kit.owner.get(`/ecom/v1/carts/${cart.id}`)).body.cart.id).toBe(cart.id);
    expect((await kit.stranger.get(`/ecom/v1/carts/${cart.id}`)).status).toBe(403);
    expectAppError(await kit.reader.get('/ecom/v1/carts/no-such-cart'), 404, 'CART_NOT_FOUND');
  });
});
