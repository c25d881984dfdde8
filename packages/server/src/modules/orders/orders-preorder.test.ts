import { DEFAULT_VARIANT_ID } from '@merx/contract';
import { testEngine } from '@merx/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CART,
  expectAppError,
  expectViolation,
  item,
  ORDERS,
  type OrdersKit,
  startOrdersKit,
} from './orders-test-kit.js';

/*
 * Preorder (docs/decisions/0032-preorder.md): a variant with preorder on sells beyond its units, down to minus its
 * limit; the lines of those units say so in the cart, the checkout and the order; every API that sets stock sets
 * preorder; the database decides the last unit as it does for stock.
 */

let kit: OrdersKit;
beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

const V = DEFAULT_VARIANT_ID;
const INVENTORY = '/stores/v2/inventoryItems';
const READER = '/stores-reader/v2/inventoryItems';
const V3_ITEMS = '/stores/v3/inventory-items';

/** Turns preorder on (or changes it) for every variant of `productId` through the v1 inventory API. */
async function setPreorder(productId: string, preorderInfo: Record<string, unknown>, trackQuantity = true) {
  const res = await kit.owner.patch(`${INVENTORY}/product/${productId}`, {
    inventoryItem: { trackQuantity, preorderInfo },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.inventoryItem;
}

const preorderLine = (text: string) => ({
  name: { original: 'Preorder', translated: 'Preorder' },
  plainText: { original: text, translated: text },
  lineType: 'PLAIN_TEXT',
});
const hasPreorderLine = (line: { descriptionLines?: Array<{ name?: { original?: string } }> }) =>
  (line.descriptionLines ?? []).some((d) => d.name?.original === 'Preorder');

describe(`preorder settings through the inventory APIs (${testEngine()})`, () => {
  it('v1 sets preorder for the product; reads show it, and a sold-out variant is buyable', async () => {
    const p = await kit.stocked(0);
    const item = await setPreorder(p.id, { enabled: true, message: 'Ships in March', limit: 5 });
    expect(item.preorderInfo).toEqual({ enabled: true, message: 'Ships in March', limit: 5 });
    expect(item.variants).toEqual([{ variantId: V, inStock: false, quantity: 0, availableForPreorder: true }]);

    const read = await kit.owner.post(`${READER}/${p.id}/getVariants`, {});
    expect(read.body.inventoryItem.preorderInfo).toEqual({ enabled: true, message: 'Ships in March', limit: 5 });

    const product = (await kit.visitor.get(`/stores-reader/v1/products/${p.id}`)).body.product;
    expect(product.stock).toEqual({
      trackInventory: true,
      quantity: 0,
      inStock: false,
      inventoryStatus: 'OUT_OF_STOCK',
      availableForPreorder: true,
    });
    expect(product.variants[0].stock).toEqual({
      trackQuantity: true,
      quantity: 0,
      inStock: false,
      availableForPreorder: true,
      preorderMessage: 'Ships in March',
    });
    const availability = await kit.visitor.post(`/stores-reader/v1/products/${p.id}/productOptionsAvailability`, {
      options: {},
    });
    expect(availability.status, JSON.stringify(availability.body)).toBe(200);
    expect(availability.body.availableForPurchase).toBe(true);
    expect(availability.body.selectedVariant).toMatchObject({ inStock: false, availableForPreorder: true });

    // Leaving preorderInfo out keeps it; a message of "" removes only the message.
    await kit.owner.patch(`${INVENTORY}/product/${p.id}`, { inventoryItem: { trackQuantity: true } });
    expect((await setPreorder(p.id, { message: '' })).preorderInfo).toEqual({ enabled: true, limit: 5 });
    expect((await setPreorder(p.id, { enabled: false })).preorderInfo).toEqual({ enabled: false });
    const off = (await kit.visitor.get(`/stores-reader/v1/products/${p.id}`)).body.product;
    expect(off.stock.availableForPreorder).toBe(false);
  });

  it('v3 items show the units owed (counter) and the room left; v3 sets preorder per variant', async () => {
    const p = await kit.stocked(1);
    const id = `${p.id}_${V}`;
    const before = await kit.owner.get(`${V3_ITEMS}/${id}`);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.inventoryItem).toMatchObject({
      availabilityStatus: 'IN_STOCK',
      preorderInfo: { enabled: false },
    });

    const up = await kit.owner.patch(`${V3_ITEMS}/${id}`, {
      inventoryItem: { id, preorderInfo: { enabled: true, limit: 4 } },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    // Preorder with a unit on hand: still IN_STOCK, nothing owed.
    expect(up.body.inventoryItem).toMatchObject({
      availabilityStatus: 'IN_STOCK',
      preorderInfo: { enabled: true, limit: 4, counter: 0, quantity: 4 },
    });

    // A hand decrement goes below zero only when it says it is a preorder.
    const plain = await kit.owner.post('/stores/v3/bulk/inventory-items/decrement', {
      decrementData: [{ inventoryItemId: id, decrementBy: 3 }],
      returnEntity: true,
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.results[0].itemMetadata.success).toBe(false);
    expect(await kit.stockOf(p.id)).toBe(1);
    const pre = await kit.owner.post('/stores/v3/bulk/inventory-items/decrement', {
      decrementData: [{ inventoryItemId: id, decrementBy: 3, preorderRequest: true }],
      returnEntity: true,
    });
    expect(pre.body.results[0].itemMetadata.success, JSON.stringify(pre.body)).toBe(true);
    expect(pre.body.results[0].item).toMatchObject({
      quantity: -2,
      inStock: false,
      availabilityStatus: 'PREORDER',
      preorderInfo: { enabled: true, limit: 4, counter: 2, quantity: 2 },
    });

    const v3 = (await kit.owner.get(`/stores/v3/products/${p.id}`)).body.product;
    expect(v3.inventory).toMatchObject({ preorderStatus: 'ENABLED', preorderAvailability: 'ALL_VARIANTS' });
    expect(v3.variantsInfo.variants[0].inventoryStatus).toEqual({ inStock: false, preorderEnabled: true });
  });

  it('refuses a bad limit or message, and preorder of a digital product, changing nothing', async () => {
    const p = await kit.stocked(0);
    const revision = async () =>
      Number(
        (await kit.server.merx.db.selectFrom('products').select('revision').where('id', '=', p.id).executeTakeFirst())
          ?.revision,
      );
    const r0 = await revision();
    for (const [preorderInfo, field] of [
      [{ enabled: true, limit: -1 }, 'inventoryItem.preorderInfo.limit'],
      [{ enabled: true, limit: 100_001 }, 'inventoryItem.preorderInfo.limit'],
      [{ enabled: true, message: 'x'.repeat(251) }, 'inventoryItem.preorderInfo.message'],
      [{ enabled: 'yes' }, 'inventoryItem.preorderInfo.enabled'],
    ] as const) {
      const res = await kit.owner.patch(`${INVENTORY}/product/${p.id}`, {
        inventoryItem: { trackQuantity: true, preorderInfo },
      });
      expectViolation(res, field);
    }
    const digital = await kit.createProduct({ name: 'E-book', productType: 'digital', priceData: { price: 5 } });
    const res = await kit.owner.patch(`${INVENTORY}/product/${digital.id}`, {
      inventoryItem: { trackQuantity: false, preorderInfo: { enabled: true } },
    });
    expectViolation(res, 'inventoryItem.preorderInfo.enabled');
    expect(await revision()).toBe(r0);
    const item = (await kit.owner.post(`${READER}/${p.id}/getVariants`, {})).body.inventoryItem;
    expect(item.preorderInfo).toEqual({ enabled: false });
  });
});

describe(`buying on preorder (${testEngine()})`, () => {
  it('sells beyond stock up to the limit; the cart, the checkout and the order line say so', async () => {
    const p = await kit.stocked(2);
    await setPreorder(p.id, { enabled: true, message: 'Back on 1 March', limit: 3 });
    const buyer = await kit.newVisitor();
    const checkoutId = await kit.readyCheckout(buyer, [item(p.id, 4)]);

    const cart = (await buyer.get(CART)).body.cart;
    expect(cart.lineItems[0].availability).toEqual({ status: 'AVAILABLE', quantityAvailable: 5 });
    expect(cart.lineItems[0].descriptionLines).toContainEqual(preorderLine('Back on 1 March'));
    const checkout = (await buyer.get(`/ecom/v1/checkouts/${checkoutId}`)).body.checkout;
    expect(checkout.lineItems[0].descriptionLines).toContainEqual(preorderLine('Back on 1 March'));

    const placed = await kit.placeOrder(buyer, checkoutId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await kit.stockOf(p.id)).toBe(-2);
    const order = (await kit.owner.get(`${ORDERS}/${placed.body.orderId}`)).body.order;
    expect(order.lineItems[0].descriptionLines).toContainEqual(preorderLine('Back on 1 March'));

    // One unit of preorder room is left: two are refused with the count, one is sold.
    const next = await kit.newVisitor();
    const refused = await next.post(`${CART}/add-to-cart`, { lineItems: [item(p.id, 2)] });
    expectAppError(refused, 400, 'INSUFFICIENT_STOCK');
    expect(refused.body.details.applicationError.data).toMatchObject({ quantityAvailable: 1 });
    const last = await kit.readyCheckout(next, [item(p.id, 1)]);
    expect((await kit.placeOrder(next, last)).status).toBe(200);
    expect(await kit.stockOf(p.id)).toBe(-3);
    const soldOut = (await kit.visitor.get(`/stores-reader/v1/products/${p.id}`)).body.product;
    expect(soldOut.stock).toMatchObject({ inStock: false, availableForPreorder: false, quantity: 0 });
    expect(soldOut.variants[0].stock).toMatchObject({ quantity: -3, availableForPreorder: false });
    const third = await kit.newVisitor();
    expectAppError(await third.post(`${CART}/add-to-cart`, { lineItems: [item(p.id, 1)] }), 400, 'ITEM_OUT_OF_STOCK');

    // Cancelling with restock gives the units back to what is owed; units arriving cover the preorders first.
    const cancel = await kit.owner.post(`${ORDERS}/${placed.body.orderId}/cancel`, {
      id: placed.body.orderId,
      restockAllItems: true,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await kit.stockOf(p.id)).toBe(1);
  });

  it('a line within stock carries no preorder line, and the message defaults when none is set', async () => {
    const p = await kit.stocked(3);
    await setPreorder(p.id, { enabled: true });
    const buyer = await kit.newVisitor();
    const within = await kit.readyCheckout(buyer, [item(p.id, 3)]);
    const order = await kit.placeOrder(buyer, within);
    const lines = (await kit.owner.get(`${ORDERS}/${order.body.orderId}`)).body.order.lineItems;
    expect(lines.some(hasPreorderLine)).toBe(false);

    const other = await kit.newVisitor();
    const beyond = await kit.readyCheckout(other, [item(p.id, 1)]);
    const second = await kit.placeOrder(other, beyond);
    const line = (await kit.owner.get(`${ORDERS}/${second.body.orderId}`)).body.order.lineItems[0];
    expect(line.descriptionLines).toContainEqual(preorderLine('Ships when back in stock'));
  });

  it('the order says what the stock did: a unit bought by someone else meanwhile makes the line a preorder', async () => {
    const p = await kit.stocked(1);
    await setPreorder(p.id, { enabled: true, message: 'Soon' });
    const a = await kit.newVisitor();
    const b = await kit.newVisitor();
    const ca = await kit.readyCheckout(a, [item(p.id, 1)]);
    const cb = await kit.readyCheckout(b, [item(p.id, 1)]);
    // Both checkouts were made while the unit was on hand: neither shows the preorder line yet.
    expect((await a.get(`/ecom/v1/checkouts/${ca}`)).body.checkout.lineItems.some(hasPreorderLine)).toBe(false);
    const first = await kit.placeOrder(a, ca);
    const second = await kit.placeOrder(b, cb);
    const lineOf = async (id: string) => (await kit.owner.get(`${ORDERS}/${id}`)).body.order.lineItems[0];
    expect(hasPreorderLine(await lineOf(first.body.orderId))).toBe(false);
    expect((await lineOf(second.body.orderId)).descriptionLines).toContainEqual(preorderLine('Soon'));
  });

  it('an untracked variant marked out of stock sells on preorder without a count', async () => {
    const p = await kit.createProduct({ name: 'Made to order', priceData: { price: 30 } });
    const res = await kit.owner.patch(`${INVENTORY}/product/${p.id}`, {
      inventoryItem: {
        trackQuantity: false,
        variants: [{ variantId: V, inStock: false }],
        preorderInfo: { enabled: true },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.inventoryItem.variants[0]).toMatchObject({ inStock: false, availableForPreorder: true });
    const buyer = await kit.newVisitor();
    const id = await kit.readyCheckout(buyer, [item(p.id, 7)]);
    const placed = await kit.placeOrder(buyer, id);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });

  it('30 buyers race for 5 units of preorder room: exactly 5 are sold, the rest get a clear refusal', async () => {
    const p = await kit.stocked(0);
    await setPreorder(p.id, { enabled: true, limit: 5 });
    const list = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const shopper = await kit.newVisitor();
        return { shopper, checkoutId: await kit.readyCheckout(shopper, [item(p.id)]) };
      }),
    );
    const results = await Promise.all(list.map(({ shopper, checkoutId }) => kit.placeOrder(shopper, checkoutId)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.details.applicationError.code).toBe('INSUFFICIENT_INVENTORY');
    }
    expect(await kit.stockOf(p.id)).toBe(-5);
  }, 60_000);
});
