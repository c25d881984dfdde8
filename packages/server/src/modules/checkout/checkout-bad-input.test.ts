import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  CHECKOUTS,
  type CheckoutKit,
  type Client,
  createCheckout,
  expectAppError,
  expectNoCheckoutWrites,
  expectViolation,
  item,
  NEW_YORK,
  startCheckoutKit,
} from './checkout-test-kit.js';

let kit: CheckoutKit;
let mug: Product;
let scarce: Product;
let shopper: Client;
let checkoutId: string;
let url: string;

beforeAll(async () => {
  kit = await startCheckoutKit();
  mug = await kit.createProduct({ name: 'Mug', priceData: { price: 20 } });
  scarce = await kit.createProduct({ stock: { trackInventory: true, quantity: 2 } });
  shopper = await kit.newVisitor();
  checkoutId = (await createCheckout(shopper, { lineItems: [item(mug.id)] })).id;
  url = `${CHECKOUTS}/${checkoutId}`;
});
afterAll(async () => {
  await kit.close();
});

const create = (body: Record<string, unknown>) => shopper.post(CHECKOUTS, { channelType: 'WEB', ...body });
const update = (checkout: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  shopper.patch(url, { checkout, ...extra });

describe('every checkout route answers 404 CHECKOUT_NOT_FOUND for an unknown id and writes nothing', () => {
  it.each([
    ['GET', ''],
    ['GET', '/checkout-url'],
    ['PATCH', ''],
    ['POST', '/add-to-checkout'],
    ['POST', '/remove-line-items'],
    ['POST', '/update-line-items-quantity'],
    ['POST', '/remove-coupon'],
    ['POST', '/remove-gift-card'],
    ['POST', '/remove-override-checkout-url'],
  ])('%s …/{id}%s', async (method, path) => {
    const target = `${CHECKOUTS}/00000000-0000-4000-8000-000000000000${path}`;
    const bodies: Record<string, unknown> = {
      '': { checkout: {} },
      '/add-to-checkout': { lineItems: [item(mug.id)] },
      '/remove-line-items': { lineItemIds: ['x'] },
      '/update-line-items-quantity': { lineItems: [{ id: 'x', quantity: 1 }] },
    };
    await expectNoCheckoutWrites(kit, async () => {
      const res =
        method === 'GET'
          ? await shopper.get(target)
          : method === 'PATCH'
            ? await shopper.patch(target, bodies[path])
            : await shopper.post(target, bodies[path] ?? {});
      expectAppError(res, 404, 'CHECKOUT_NOT_FOUND');
    });
  });
});

describe('bad lines are refused and nothing is written', () => {
  it.each([
    [0, 'MIN'],
    [-1, 'MIN'],
    [1.5, 'VALIDATION'],
    [100_001, 'MAX'],
    ['2', 'VALIDATION'],
  ])('quantity %s is a %s violation on create, add and update', async (quantity, rule) => {
    await expectNoCheckoutWrites(kit, async () => {
      expectViolation(await create({ lineItems: [item(mug.id, quantity as number)] }), 'lineItems[0].quantity', rule);
      expectViolation(
        await shopper.post(`${url}/add-to-checkout`, { lineItems: [item(mug.id, quantity as number)] }),
        'lineItems[0].quantity',
        rule,
      );
      expectViolation(
        await shopper.post(`${url}/update-line-items-quantity`, { lineItems: [{ id: 'x', quantity }] }),
        'lineItems[0].quantity',
        rule,
      );
    });
  });

  it('needs a line to create a checkout, and knows every product it is given', async () => {
    await expectNoCheckoutWrites(kit, async () => {
      expectViolation(await create({}), 'lineItems', 'REQUIRED_FIELD');
      expectViolation(await shopper.post(`${url}/add-to-checkout`, {}), 'lineItems', 'REQUIRED_FIELD');
      expectAppError(await create({ lineItems: [item(mug.id), item('no-such-product')] }), 404, 'PRODUCT_NOT_FOUND');
      expectAppError(await create({ lineItems: [item(scarce.id, 3)] }), 400, 'INSUFFICIENT_STOCK');
      expectViolation(await create({ lineItems: [item(mug.id)], channelType: 'UNSPECIFIED' }), 'channelType');
    });
  });

  it('refuses lines worth more together than totals can add exactly, with 400 AMOUNT_TOO_LARGE', async () => {
    const dear = await kit.createProduct({ priceData: { price: 999_999_999 } });
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(await create({ lineItems: [item(dear.id, 100_000)] }), 400, 'AMOUNT_TOO_LARGE');
      expectAppError(
        await shopper.post(`${url}/add-to-checkout`, { lineItems: [item(dear.id, 100_000)] }),
        400,
        'AMOUNT_TOO_LARGE',
      );
    });
  });
});

describe('bad choices are refused and nothing is written', () => {
  it('an unknown shipping option code is 400 SHIPPING_OPTION_NOT_FOUND', async () => {
    await expectNoCheckoutWrites(kit, async () => {
      const res = await update({ shippingInfo: { selectedCarrierServiceOption: { code: 'no-such-option' } } });
      expectAppError(res, 400, 'SHIPPING_OPTION_NOT_FOUND');
      expect(res.body.details.applicationError.data).toEqual({ code: 'no-such-option' });
      expectAppError(
        await create({
          lineItems: [item(mug.id)],
          checkoutInfo: { shippingInfo: { selectedCarrierServiceOption: { code: 'no-such-option' } } },
        }),
        400,
        'SHIPPING_OPTION_NOT_FOUND',
      );
    });
  });

  it('a shipping option that does not deliver to the address is 400 SHIPPING_OPTION_NOT_AVAILABLE', async () => {
    await expectNoCheckoutWrites(kit, async () => {
      const res = await update({
        shippingInfo: {
          shippingDestination: { address: NEW_YORK },
          selectedCarrierServiceOption: { code: kit.store.canada.id },
        },
      });
      expectAppError(res, 400, 'SHIPPING_OPTION_NOT_AVAILABLE');
    });
  });

  it('a delivery slot the option does not offer is 400 DELIVERY_TIME_SLOT_NOT_AVAILABLE', async () => {
    await expectNoCheckoutWrites(kit, async () => {
      const slot = { from: '2030-01-03T09:00:00.000Z', to: '2030-01-03T12:00:00.000Z' };
      const res = await update({
        shippingInfo: {
          shippingDestination: { address: NEW_YORK },
          selectedCarrierServiceOption: { code: kit.store.standard.id, logistics: { deliveryTimeSlot: slot } },
        },
      });
      expectAppError(res, 400, 'DELIVERY_TIME_SLOT_NOT_AVAILABLE');
      expectViolation(
        await update({
          shippingInfo: {
            selectedCarrierServiceOption: {
              code: kit.store.standard.id,
              logistics: { deliveryTimeSlot: { from: 'soon', to: 'later' } },
            },
          },
        }),
        'checkout.shippingInfo.selectedCarrierServiceOption.logistics.deliveryTimeSlot.from',
      );
    });
  });

  it('a malformed email is a FORMAT violation of type EMAIL', async () => {
    await addToCart(shopper, item(mug.id));
    await expectNoCheckoutWrites(kit, async () => {
      const res = await update({ buyerInfo: { email: 'not-an-email' } });
      expectViolation(res, 'checkout.buyerInfo.email', 'FORMAT');
      expect(res.body.details.validationError.fieldViolations[0].data).toEqual({ type: 'EMAIL' });
      expectViolation(
        await create({ lineItems: [item(mug.id)], checkoutInfo: { buyerInfo: { email: 'a@' } } }),
        'checkoutInfo.buyerInfo.email',
        'FORMAT',
      );
      expectViolation(await shopper.post(`${CART}/create-checkout`, { email: 'nope' }), 'email', 'FORMAT');
    });
  });

  it('an address with a bad country code is a violation on its field', async () => {
    await expectNoCheckoutWrites(kit, async () => {
      expectViolation(
        await update({ shippingInfo: { shippingDestination: { address: { ...NEW_YORK, country: 'XX' } } } }),
        'checkout.shippingInfo.shippingDestination.address.country',
      );
      expectViolation(
        await update({ billingInfo: { address: { country: 'usa' } } }),
        'checkout.billingInfo.address.country',
      );
      expectViolation(
        await shopper.post(`${CART}/create-checkout`, { shippingAddress: { country: 'ZZ' } }),
        'shippingAddress.country',
      );
    });
  });

  it('a coupon that does not apply is refused with its reason', async () => {
    const expired = `OLD${Date.now()}`;
    await kit.created('/_api/merx/v1/coupons', 'coupon', {
      code: expired,
      name: 'Old',
      discount: { discountType: 'PERCENTAGE', percentage: 10 },
      startDate: '2020-01-01T00:00:00.000Z',
      expirationDate: '2020-02-01T00:00:00.000Z',
    });
    const big = `BIG${Date.now()}`;
    await kit.created('/_api/merx/v1/coupons', 'coupon', {
      code: big,
      name: 'Big spenders',
      discount: { discountType: 'FIXED_AMOUNT', fixedAmount: '10' },
      limits: { minimumSubtotal: '500' },
    });
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(await update({}, { couponCode: 'NOSUCHCODE' }), 400, 'COUPON_NOT_FOUND');
      expectAppError(await update({}, { couponCode: expired }), 400, 'COUPON_EXPIRED');
      expectAppError(
        await update({ buyerNote: 'with coupon' }, { couponCode: big }),
        400,
        'COUPON_BELOW_MINIMUM_SUBTOTAL',
      );
      expectAppError(await create({ lineItems: [item(mug.id)], couponCode: 'NOSUCHCODE' }), 400, 'COUPON_NOT_FOUND');
    });
    expect((await shopper.get(url)).body.checkout.buyerNote).toBeUndefined();
  });

  it('a tip the store does not take is refused', async () => {
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(await update({ tipSelection: { customAmount: '3' } }), 400, 'CUSTOM_TIP_NOT_ALLOWED');
      expectViolation(await update({ tipSelection: { presetIndex: 3 } }), 'checkout.tipSelection.presetIndex', 'MAX');
      expectViolation(await update({ tipSelection: {} }), 'checkout.tipSelection.presetIndex');
    });
  });

  it('a gift card is 400 GIFT_CARD_NOT_FOUND (the store sells none)', async () => {
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(await update({}, { giftCardCode: 'GIFT-1' }), 400, 'GIFT_CARD_NOT_FOUND');
      expectAppError(await create({ lineItems: [item(mug.id)], giftCardCode: 'GIFT-1' }), 400, 'GIFT_CARD_NOT_FOUND');
    });
  });

  it("someone else's checkout is 404 on every change", async () => {
    const other = await kit.newVisitor();
    const lineId = (await shopper.get(url)).body.checkout.lineItems[0].id;
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(await other.patch(url, { checkout: { buyerNote: 'mine now' } }), 404, 'CHECKOUT_NOT_FOUND');
      expectAppError(
        await other.post(`${url}/add-to-checkout`, { lineItems: [item(mug.id)] }),
        404,
        'CHECKOUT_NOT_FOUND',
      );
      expectAppError(
        await other.post(`${url}/remove-line-items`, { lineItemIds: [lineId] }),
        404,
        'CHECKOUT_NOT_FOUND',
      );
      expectAppError(
        await other.post(`${url}/update-line-items-quantity`, { lineItems: [{ id: lineId, quantity: 2 }] }),
        404,
        'CHECKOUT_NOT_FOUND',
      );
      expectAppError(await other.post(`${url}/remove-coupon`, {}), 404, 'CHECKOUT_NOT_FOUND');
      expectAppError(await other.get(`${url}/checkout-url`), 404, 'CHECKOUT_NOT_FOUND');
    });
  });
});
