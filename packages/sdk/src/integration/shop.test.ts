import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxApplicationError, MerxValidationError } from '../errors.js';
import { checkout } from '../modules/checkout.js';
import { currentCart } from '../modules/current-cart.js';
import { orders } from '../modules/orders.js';
import { NEW_YORK, type SdkKit, startSdkKit, stockedProduct, usShipping } from './kit.js';

let kit: SdkKit;
let productId: string;
let standardCode: string;
const line = (quantity = 1) => ({
  catalogReference: { appId: STORES_APP_ID, catalogItemId: productId, options: { variantId: DEFAULT_VARIANT_ID } },
  quantity,
});

beforeAll(async () => {
  kit = await startSdkKit();
  productId = await stockedProduct(kit, 'Mug ', 10);
  standardCode = await usShipping(kit);
});
afterAll(() => kit?.close());

describe('the current cart of a visitor', () => {
  it('answers OWNED_CART_NOT_FOUND before anything is added, then keeps lines', async () => {
    const shop = kit.shop({ currentCart });
    const none = await shop.currentCart.getCurrentCart().catch((e: unknown) => e);
    expect(none).toBeInstanceOf(MerxApplicationError);
    expect(none).toMatchObject({ code: 'OWNED_CART_NOT_FOUND', status: 404, request: { method: 'GET', args: [] } });

    const { cart } = await shop.currentCart.addToCurrentCart({ lineItems: [line(2)] });
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.subtotal.amount).toBe('40');
    const again = await shop.currentCart.addToCurrentCart({ lineItems: [line(1)] });
    expect(again.cart.lineItems[0]?.quantity).toBe(3);
    const lineId = again.cart.lineItems[0]?.id ?? '';

    const fewer = await shop.currentCart.updateCurrentCartLineItemQuantity([{ id: lineId, quantity: 1 }]);
    expect(fewer.cart.lineItems[0]?.quantity).toBe(1);
    const noted = await shop.currentCart.updateCurrentCart({ cartInfo: { buyerNote: 'Gift wrap' } });
    expect(noted.cart.buyerNote).toBe('Gift wrap');
    expect((await shop.currentCart.getCurrentCart()).cart.id).toBe(cart.id);

    const totals = await shop.currentCart.estimateCurrentCartTotals({
      shippingAddress: NEW_YORK,
      selectedShippingOption: { code: standardCode },
    });
    expect(totals.priceSummary.subtotal.amount).toBe('20');
    expect(totals.priceSummary.shipping.amount).toBe('5');
    expect((await shop.currentCart.removeCouponFromCurrentCart()).cart.appliedDiscounts).toEqual([]);

    const emptied = await shop.currentCart.removeLineItemsFromCurrentCart([lineId]);
    expect(emptied.cart.lineItems).toEqual([]);
    expect(await shop.currentCart.deleteCurrentCart()).toEqual({});
  });

  it('reports a refused quantity as INVALID_ARGUMENT with the field', async () => {
    const shop = kit.shop({ currentCart });
    const error = await shop.currentCart.addToCurrentCart({ lineItems: [line(0)] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerxValidationError);
    expect((error as MerxValidationError).violations.map((v) => v.field)).toContain('lineItems[0].quantity');
  });

  it('lets staff read any cart by id, and refuses that to a shopper before any request', async () => {
    const shop = kit.shop({ currentCart });
    const { cart } = await shop.currentCart.addToCurrentCart({ lineItems: [line()] });
    await expect(shop.currentCart.getCart(cart.id)).rejects.toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });
    const admin = kit.admin({ currentCart });
    expect((await admin.currentCart.getCart(cart.id)).cart.id).toBe(cart.id);
  });
});

describe('checkout and orders of a visitor', () => {
  it('goes from the cart to a checkout, an order, and the order in search', async () => {
    const shop = kit.shop({ currentCart, checkout, orders });
    await shop.currentCart.addToCurrentCart({ lineItems: [line(2)] });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      email: 'buyer@example.com',
      shippingAddress: NEW_YORK,
      selectedShippingOption: { code: standardCode },
    });
    const { checkout: created } = await shop.checkout.getCheckout(checkoutId);
    expect(created.priceSummary.total.amount).toBe('45');
    expect((await shop.checkout.getCheckoutUrl(checkoutId)).checkoutUrl).toContain(checkoutId);

    const added = await shop.checkout.addToCheckout(checkoutId, { lineItems: [line(1)] });
    expect(added.checkout.lineItems.reduce((n, l) => n + l.quantity, 0)).toBe(3);
    const lineId = added.checkout.lineItems[0]?.id ?? '';
    const one = await shop.checkout.updateLineItemsQuantity(checkoutId, [{ id: lineId, quantity: 1 }]);
    expect(one.checkout.lineItems[0]?.quantity).toBe(1);
    const noted = await shop.checkout.updateCheckout(checkoutId, { buyerNote: 'Leave at the door' });
    expect(noted.checkout.buyerNote).toBe('Leave at the door');
    await shop.checkout.removeCoupon(checkoutId);
    await shop.checkout.removeGiftCard(checkoutId);
    await shop.checkout.removeOverrideCheckoutUrl(checkoutId);

    const placed = await shop.checkout.createOrder(
      checkoutId,
      { paymentMethod: 'offline' },
      { idempotencyKey: checkoutId },
    );
    expect(placed.orderId).toBeTruthy();
    const again = await shop.checkout.createOrder(checkoutId, { paymentMethod: 'offline' });
    expect(again.orderId).toBe(placed.orderId);

    const { order } = await shop.orders.getOrder(placed.orderId);
    expect(order.lineItems[0]?.quantity).toBe(1);
    expect(order.priceSummary.total?.amount).toBe('25');
    const found = await shop.orders.searchOrders({ filter: { id: placed.orderId } });
    expect(found.orders.map((o) => o.id)).toEqual([placed.orderId]);
  });

  it('pages through the caller’s orders with next() over the cursors', async () => {
    const shop = kit.shop({ checkout, orders });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { checkout: c } = await shop.checkout.createCheckout({
        lineItems: [line()],
        checkoutInfo: {
          buyerInfo: { email: 'pager@example.com' },
          shippingInfo: {
            shippingDestination: { address: NEW_YORK },
            selectedCarrierServiceOption: { code: standardCode },
          },
        },
      });
      ids.push((await shop.checkout.createOrder(c.id, { paymentMethod: 'offline' })).orderId);
    }
    const first = await shop.orders.queryOrders().limit(2).find();
    expect(first.items).toHaveLength(2);
    const second = await first.next();
    expect(second.items).toHaveLength(1);
    await expect(second.next()).rejects.toThrow('No next page to fetch');
    expect(new Set([...first.items, ...second.items].map((o) => o.id))).toEqual(new Set(ids));
  });

  it('keeps one visitor’s checkout away from another (CHECKOUT_NOT_FOUND)', async () => {
    const owner = kit.shop({ checkout });
    const other = kit.shop({ checkout });
    const { checkout: c } = await owner.checkout.createCheckout({ lineItems: [line()] });
    await expect(other.checkout.getCheckout(c.id)).rejects.toMatchObject({ code: 'CHECKOUT_NOT_FOUND', status: 404 });
  });
});
