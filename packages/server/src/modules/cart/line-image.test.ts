import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, CART, CHECKOUTS, createCheckout, item } from '../checkout/checkout-test-kit.js';
import { ORDERS, type OrdersKit, startOrdersKit } from '../orders/orders-test-kit.js';
import { sizeAndColor } from '../products/catalog-test-kit.js';

let kit: OrdersKit;
let hoodie: Product;

beforeAll(async () => {
  kit = await startOrdersKit();
  hoodie = (await kit.createProduct({ name: 'Hoodie', priceData: { price: 40 }, ...sizeAndColor() })) as Product;
  const media = async (body: Record<string, unknown>) => {
    const res = await kit.owner.post(`/stores/v1/products/${hoodie.id}/media`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  await media({ media: [{ url: 'https://example.com/main.jpg' }] });
  await media({ media: [{ url: 'https://example.com/blue.jpg', choice: { option: 'Color', choice: 'Blue' } }] });
});
afterAll(async () => {
  await kit.close();
});

const chosen = (color: string) => item(hoodie.id, 1, { options: { Size: 'M', Color: color } });
const urlOf = (line: { image?: { url?: string }; media?: { url?: string } }) => (line.image ?? line.media)?.url;

describe('the picture of a line', () => {
  it('is the image of the chosen choice in the cart, the checkout and the checkout from the cart', async () => {
    const v = await kit.newVisitor();
    const cart = await addToCart(v, chosen('Blue'));
    expect(urlOf(cart.lineItems[0])).toBe('https://example.com/blue.jpg');
    expect(urlOf((await v.get(CART)).body.cart.lineItems[0])).toBe('https://example.com/blue.jpg');

    const fromCart = await v.post(`${CART}/create-checkout`, { channelType: 'WEB' });
    expect(fromCart.status, JSON.stringify(fromCart.body)).toBe(200);
    const checkout = (await v.get(`${CHECKOUTS}/${fromCart.body.checkoutId}`)).body.checkout;
    expect(urlOf(checkout.lineItems[0])).toBe('https://example.com/blue.jpg');

    const direct = await createCheckout(v, { lineItems: [chosen('Blue')] });
    expect(urlOf(direct.lineItems[0])).toBe('https://example.com/blue.jpg');
  });

  it('is the image of the chosen choice on the order placed', async () => {
    const v = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(v, [chosen('Blue')]);
    const placed = await kit.placeOrder(v, checkoutId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = (await kit.owner.get(`${ORDERS}/${placed.body.orderId}`)).body.order;
    expect(urlOf(order.lineItems[0])).toBe('https://example.com/blue.jpg');
  });

  it('is the product’s main image when the chosen choice has none', async () => {
    const v = await kit.newVisitor();
    const cart = await addToCart(v, chosen('Red'));
    expect(urlOf(cart.lineItems[0])).toBe('https://example.com/main.jpg');
  });
});
