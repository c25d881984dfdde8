/**
 * What the back office's discount pages read through the SDK: a coupon's usage (the orders that used it and what it
 * took off them), sorted by what it gave.
 */
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout } from '../modules/checkout.js';
import { currentCart } from '../modules/current-cart.js';
import { coupons } from '../modules/discount-rules.js';
import { NEW_YORK, type SdkKit, startSdkKit, stockedProduct, unique, usShipping } from './kit.js';

let kit: SdkKit;
let productId: string;
let standardCode: string;

beforeAll(async () => {
  kit = await startSdkKit();
  productId = await stockedProduct(kit, 'Vase ', 10);
  standardCode = await usShipping(kit);
});
afterAll(() => kit?.close());

/** A shopper buys `quantity` of the $20 product with the coupon `code`. */
async function buyWith(code: string, quantity: number) {
  const shop = kit.shop({ currentCart, checkout });
  await shop.currentCart.addToCurrentCart({
    lineItems: [
      {
        catalogReference: {
          appId: STORES_APP_ID,
          catalogItemId: productId,
          options: { variantId: DEFAULT_VARIANT_ID },
        },
        quantity,
      },
    ],
  });
  await shop.currentCart.updateCurrentCart({ couponCode: code });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart({
    channelType: 'WEB',
    email: 'buyer@example.com',
    shippingAddress: NEW_YORK,
    selectedShippingOption: { code: standardCode },
  });
  await shop.checkout.createOrder(checkoutId, { paymentMethod: 'offline' });
}

describe('a coupon’s usage', () => {
  it('counts the orders that used it and what it took off them', async () => {
    const admin = kit.admin({ coupons });
    const code = unique('SPRING').toUpperCase();
    const { coupon } = await admin.coupons.createCoupon({
      code,
      name: 'Spring',
      discount: { discountType: 'PERCENTAGE', percentage: 10 },
    });
    expect(coupon).toMatchObject({ usageCount: 0, totalDiscount: '0' });
    const other = (
      await admin.coupons.createCoupon({
        code: unique('OTHER').toUpperCase(),
        name: 'Other',
        discount: { discountType: 'FIXED_AMOUNT', fixedAmount: '1' },
      })
    ).coupon;
    await buyWith(code, 2);
    await buyWith(code, 1);
    await buyWith(other.code, 1);
    const { coupon: used } = await admin.coupons.getCoupon(coupon.id);
    // 10 % of $40, then of $20.
    expect(used).toMatchObject({ usageCount: 2, totalDiscount: '6' });
    const byGiven = await admin.coupons
      .queryCoupons()
      .in('id', [coupon.id, other.id])
      .descending('totalDiscount')
      .find();
    expect(byGiven.items.map((c) => [c.code, c.totalDiscount])).toEqual([
      [code, '6'],
      [other.code, '1'],
    ]);
  });
});
