import { withTransaction } from '@merx/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  type CartKit,
  expectAppError,
  expectNoCartWrites,
  item,
  startCartKit,
} from './cart-test-kit.js';

let kit: CartKit;
beforeAll(async () => {
  kit = await startCartKit();
});
afterAll(async () => {
  await kit.close();
});

const merge = (...args: Parameters<CartKit['server']['services']['cart']['mergeVisitorCart']>) =>
  kit.server.services.cart.mergeVisitorCart(...args);
const quantities = (cart: { lineItems: Array<{ catalogReference: { catalogItemId: string }; quantity: number }> }) =>
  Object.fromEntries(cart.lineItems.map((l) => [l.catalogReference.catalogItemId, l.quantity]));

describe('mergeVisitorCart', () => {
  it("moves the visitor's lines into the member's cart, adding quantities, and deletes the visitor's cart", async () => {
    const p = await kit.createProduct();
    const q = await kit.createProduct();
    const v = await kit.newVisitor();
    const m = await kit.newMember();
    const visitorCart = await addToCart(v, item(p.id, 2), item(q.id));
    const memberCart = await addToCart(m, item(p.id));
    const seq = await kit.lastSeq();
    const result = await merge(kit.server.merx.db, v.id, m.id);
    expect(result).toEqual({ cartId: memberCart.id, movedLineItems: 2, droppedLineItems: 0 });
    const merged = (await m.get(CART)).body.cart;
    expect(quantities(merged)).toEqual({ [p.id]: 3, [q.id]: 1 });
    expect(merged.lineItems[0].id).toBe(memberCart.lineItems[0].id);
    expectAppError(await v.get(CART), 404, 'OWNED_CART_NOT_FOUND');
    const events = await kit.eventsSince(seq);
    expect(events.map((e) => [e.type, e.entityId])).toEqual([
      ['wix.ecom.v1.cart_deleted', visitorCart.id],
      ['wix.ecom.v1.cart_updated', memberCart.id],
    ]);
    expect(events[1]?.payload.entity).toEqual(merged);
  });

  it('gives a member without a cart the visitor cart, with its coupon, note and address', async () => {
    const p = await kit.createProduct();
    const code = `MERGE${Date.now()}`;
    await kit.owner.post('/_api/merx/v1/coupons', {
      coupon: { code, name: 'Merge', discount: { discountType: 'PERCENTAGE', percentage: 5 } },
    });
    const v = await kit.newVisitor();
    const m = await kit.newMember();
    const visitorCart = await addToCart(v, item(p.id, 4));
    const address = { country: 'US', subdivision: 'NY', city: 'New York' };
    await v.patch(CART, { couponCode: code, cartInfo: { buyerNote: 'Gift', contactInfo: { address } } });
    const seq = await kit.lastSeq();
    const { cartId } = await merge(kit.server.merx.db, v.id, m.id);
    const cart = (await m.get(CART)).body.cart;
    expect(cart).toMatchObject({
      id: cartId,
      buyerInfo: { memberId: m.id },
      buyerNote: 'Gift',
      contactInfo: { address },
      appliedDiscounts: [{ coupon: { code } }],
    });
    expect(cart.lineItems.map((l: { id: string; quantity: number }) => [l.id, l.quantity])).toEqual([
      [visitorCart.lineItems[0].id, 4],
    ]);
    expect((await kit.eventsSince(seq)).map((e) => e.type)).toEqual([
      'wix.ecom.v1.cart_deleted',
      'wix.ecom.v1.cart_created',
    ]);
  });

  it('does nothing when the visitor has no cart', async () => {
    const m = await kit.newMember();
    const v = await kit.newVisitor();
    await expectNoCartWrites(kit, async () => {
      expect(await merge(kit.server.merx.db, v.id, m.id)).toEqual({
        cartId: null,
        movedLineItems: 0,
        droppedLineItems: 0,
      });
    });
  });

  it("runs in the sign-in's own transaction and is undone with it", async () => {
    const p = await kit.createProduct();
    const v = await kit.newVisitor();
    const m = await kit.newMember();
    await addToCart(v, item(p.id));
    await expectNoCartWrites(kit, async () => {
      await expect(
        withTransaction(kit.server.merx.db, async (uow) => {
          await merge(uow, v.id, m.id);
          throw new Error('sign-in failed later');
        }),
      ).rejects.toThrow('sign-in failed later');
    });
    expect((await v.get(CART)).status).toBe(200);
    await kit.server.merx.db.transaction().execute((trx) => merge(trx, v.id, m.id));
    expect(quantities((await m.get(CART)).body.cart)).toEqual({ [p.id]: 1 });
  });

  it('keeps within the limits: a line stops at 100,000 units and lines beyond 300 are left out', async () => {
    const big = await kit.createProduct({
      productOptions: [
        { name: 'Size', choices: Array.from({ length: 20 }, (_, i) => ({ description: `S${i}` })) },
        { name: 'Tone', choices: Array.from({ length: 16 }, (_, i) => ({ description: `T${i}` })) },
      ],
    });
    const lines = big.variants!.map((variant) => item(big.id, 1, { variantId: variant.id }));
    const m = await kit.newMember();
    expect(
      (await m.patch(CART, { lineItems: [{ ...lines[0], quantity: 99_999 }, ...lines.slice(1, 300)] })).status,
    ).toBe(200);
    const v = await kit.newVisitor();
    await addToCart(v, { ...lines[0], quantity: 5 }, lines[300]);
    expect(await merge(kit.server.merx.db, v.id, m.id)).toMatchObject({ movedLineItems: 1, droppedLineItems: 1 });
    const cart = (await m.get(CART)).body.cart;
    expect(cart.lineItems).toHaveLength(300);
    expect(cart.lineItems[0].quantity).toBe(100_000);
  });
});
