/**
 * What a coupon gave: every order that uses it adds what it took off to the coupon's `totalDiscount`, beside its
 * `usageCount` (the back office shows both on the coupon list and page).
 */
import { withTransaction } from '@merx/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, CART, item, ORDERS, type OrdersKit, startOrdersKit } from '../orders/orders-test-kit.js';
import { uniqueCode } from './discounts-test-kit.js';

const COUPONS = '/_api/merx/v1/coupons';

let kit: OrdersKit;
beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

async function createCoupon(coupon: Record<string, unknown>) {
  const res = await kit.owner.post(COUPONS, { coupon: { code: uniqueCode('Use'), name: 'Usage', ...coupon } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.coupon as { id: string; code: string; usageCount: number; totalDiscount: string };
}

const read = async (id: string) => (await kit.owner.get(`${COUPONS}/${id}`)).body.coupon;

describe('what a coupon gave', () => {
  it('starts at nothing, and adds what each order took off', async () => {
    const coupon = await createCoupon({ discount: { discountType: 'PERCENTAGE', percentage: 10 } });
    expect(coupon).toMatchObject({ usageCount: 0, totalDiscount: '0' });
    const product = await kit.stocked(10, 25);
    for (const quantity of [2, 1]) {
      const shopper = await kit.newVisitor();
      await addToCart(shopper, item(product.id, quantity));
      const applied = await shopper.patch(CART, { cartInfo: {}, couponCode: coupon.code });
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      const checkout = await shopper.post(`${CART}/create-checkout`, {
        channelType: 'WEB',
        email: 'buyer@example.com',
        shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' },
        selectedShippingOption: { code: kit.store.standard.id },
      });
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
      const placed = await kit.placeOrder(shopper, checkout.body.checkoutId);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const order = (await shopper.get(`${ORDERS}/${placed.body.orderId}`)).body.order;
      expect(order.priceSummary.discount.amount).toBe(String(quantity * 2.5));
    }
    // 10 % of $50, then of $25.
    expect(await read(coupon.id)).toMatchObject({ usageCount: 2, totalDiscount: '7.5' });
  });

  it('counts nothing of a use it refuses (a customer past their limit)', async () => {
    const coupon = await createCoupon({
      discount: { discountType: 'FIXED_AMOUNT', fixedAmount: '5' },
      limits: { usageLimitPerCustomer: 1 },
    });
    const use = (customer: string, discount: number) =>
      withTransaction(kit.server.merx.db, (uow) =>
        kit.server.services.discounts.recordCouponUse(uow.trx, coupon.id, customer, discount),
      );
    expect(await use('member:a', 500)).toEqual({ ok: true });
    expect(await use('member:a', 500)).toEqual({ ok: false, problem: 'CUSTOMER_USED_UP' });
    expect(await use('member:b', 325)).toEqual({ ok: true });
    expect(await read(coupon.id)).toMatchObject({ usageCount: 2, totalDiscount: '8.25' });
  });

  it('sorts coupons by what they gave, and keeps the total through an edit', async () => {
    const small = await createCoupon({ discount: { percentage: 5 } });
    const large = await createCoupon({ discount: { percentage: 5 } });
    await withTransaction(kit.server.merx.db, async (uow) => {
      await kit.server.services.discounts.recordCouponUse(uow.trx, small.id, 'visitor:1', 100);
      await kit.server.services.discounts.recordCouponUse(uow.trx, large.id, 'visitor:1', 9000);
    });
    const res = await kit.owner.post(`${COUPONS}/query`, {
      query: { filter: { id: { $in: [small.id, large.id] } }, sort: [{ fieldName: 'totalDiscount', order: 'DESC' }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.coupons.map((c: { id: string }) => c.id)).toEqual([large.id, small.id]);
    const edited = await kit.owner.patch(`${COUPONS}/${large.id}`, { coupon: { revision: '1', name: 'Renamed' } });
    expect(edited.body.coupon).toMatchObject({ name: 'Renamed', usageCount: 1, totalDiscount: '90' });
    const filtered = await kit.owner.post(`${COUPONS}/query`, { query: { filter: { totalDiscount: { $gt: 1 } } } });
    expect(filtered.status).toBe(400);
  });
});
