import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUTS,
  type CheckoutKit,
  type Client,
  createCheckout,
  expectAppError,
  expectNoCheckoutWrites,
  item,
  NEW_YORK,
  startCheckoutKit,
} from './checkout-test-kit.js';

let kit: CheckoutKit;
let mug: Product;
let coupon: { id: string; code: string };

beforeAll(async () => {
  kit = await startCheckoutKit();
  mug = await kit.createProduct({ name: 'Mug', priceData: { price: 20 } });
  coupon = (await kit.created('/_api/merx/v1/coupons', 'coupon', {
    code: `FIVE${Date.now()}`,
    name: 'Five off',
    discount: { discountType: 'FIXED_AMOUNT', fixedAmount: '5' },
  })) as typeof coupon;
});
afterAll(async () => {
  await kit.close();
});

/** A visitor's checkout of two $20 mugs. */
async function mugs(): Promise<{ v: Client; id: string; url: string }> {
  const v = await kit.newVisitor();
  const checkout = await createCheckout(v, { lineItems: [item(mug.id, 2)] });
  return { v, id: checkout.id, url: `${CHECKOUTS}/${checkout.id}` };
}

const patch = async (client: Client, url: string, body: Record<string, unknown>) => {
  const res = await client.patch(url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkout;
};

describe('PATCH /ecom/v1/checkouts/{id}', () => {
  it('sets the email, addresses, shipping option and note, and bumps the revision', async () => {
    const { v, id, url } = await mugs();
    const checkout = await patch(v, url, {
      checkout: {
        id,
        buyerInfo: { email: 'ann@example.com' },
        billingInfo: { address: { ...NEW_YORK, city: 'Brooklyn' }, contactDetails: { firstName: 'Ann' } },
        shippingInfo: {
          shippingDestination: { address: NEW_YORK },
          selectedCarrierServiceOption: { code: kit.store.express.id },
        },
        buyerNote: 'Leave at the door',
      },
    });
    expect(checkout).toMatchObject({
      buyerInfo: { email: 'ann@example.com' },
      billingInfo: { address: { city: 'Brooklyn' }, contactDetails: { firstName: 'Ann' } },
      buyerNote: 'Leave at the door',
      revision: '2',
    });
    // $40 of mugs, $15 express, 8 % NY tax on the mugs only.
    expect(checkout.priceSummary).toMatchObject({
      subtotal: { amount: '40' },
      shipping: { amount: '15' },
      tax: { amount: '3.2' },
      total: { amount: '58.2' },
    });
    expect((await v.get(url)).body.checkout).toEqual(checkout);
  });

  it('keeps the chosen delivery slot and answers it in the selected option', async () => {
    const { v, url } = await mugs();
    const slot = kit.store.standard.slots[1];
    const checkout = await patch(v, url, {
      checkout: {
        shippingInfo: {
          shippingDestination: { address: NEW_YORK },
          selectedCarrierServiceOption: { code: kit.store.standard.id, logistics: { deliveryTimeSlot: slot } },
        },
      },
    });
    expect(checkout.shippingInfo.selectedCarrierServiceOption.logistics.deliveryTimeSlot).toEqual(slot);
    expect(checkout.calculationErrors).toEqual({});
  });

  it('charges a pickup option and answers where to pick up', async () => {
    const { v, url } = await mugs();
    const checkout = await patch(v, url, {
      checkout: {
        shippingInfo: {
          shippingDestination: { address: NEW_YORK },
          selectedCarrierServiceOption: { code: kit.store.pickup.id },
        },
      },
    });
    expect(checkout.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: kit.store.pickup.id,
      logistics: { pickupDetails: { pickupMethod: 'STORE_PICKUP', address: { city: 'Albany' } } },
    });
    expect(checkout.priceSummary.shipping.amount).toBe('0');
  });

  it('adds a tip chosen by preset or by amount to the total', async () => {
    const { v, url } = await mugs();
    const preset = await patch(v, url, { checkout: { tipSelection: { presetIndex: 1 } } });
    expect(preset.tipSelection).toEqual({ presetIndex: 1 });
    // 15 % of $40.
    expect(preset.priceSummary).toMatchObject({ tip: { amount: '6' }, total: { amount: '46' } });
    const cleared = await patch(v, url, { checkout: { tipSelection: null } });
    expect(cleared.tipSelection).toBeUndefined();
    expect(cleared.priceSummary.total.amount).toBe('40');
  });

  it('applies a coupon, and remove-coupon takes it off', async () => {
    const { v, id, url } = await mugs();
    const checkout = await patch(v, url, { checkout: {}, couponCode: coupon.code.toLowerCase() });
    expect(checkout.appliedDiscounts).toEqual([
      expect.objectContaining({ coupon: expect.objectContaining({ id: coupon.id, code: coupon.code }) }),
    ]);
    expect(checkout.priceSummary).toMatchObject({ discount: { amount: '5' }, total: { amount: '35' } });
    const res = await v.post(`${url}/remove-coupon`, { id });
    expect(res.status).toBe(200);
    expect(res.body.checkout.appliedDiscounts).toEqual([]);
    expect(res.body.checkout.priceSummary.total.amount).toBe('40');
  });

  it('accepts the whole checkout sent back, as a client does with the object it read', async () => {
    const { v, url } = await mugs();
    const read = await patch(v, url, {
      checkout: {
        buyerInfo: { email: 'ann@example.com' },
        shippingInfo: { shippingDestination: { address: NEW_YORK } },
      },
    });
    const again = await patch(v, url, { checkout: read });
    expect(again.priceSummary).toEqual(read.priceSummary);
    expect(again.buyerInfo).toEqual(read.buyerInfo);
    expect(Number(again.revision)).toBe(Number(read.revision) + 1);
  });

  it('appends checkout_updated with the checkout and the fields changed', async () => {
    const { v, id, url } = await mugs();
    const seq = await kit.lastSeq();
    await patch(v, url, { checkout: { buyerInfo: { email: 'ann@example.com' }, buyerNote: 'Hi' } });
    const events = await kit.eventsSince(seq);
    expect(events.map((e) => [e.type, e.entityId])).toEqual([['wix.ecom.v1.checkout_updated', id]]);
    expect(events[0]?.payload).toMatchObject({
      entity: { id, buyerNote: 'Hi' },
      modifiedFields: ['buyerNote', 'buyerInfo.email'],
    });
  });

  it('lets staff with checkouts:write change any checkout; a reader gets 403, a stranger 404', async () => {
    const { url } = await mugs();
    const body = { checkout: { buyerNote: 'Changed by staff' } };
    expect((await patch(kit.checkoutWriter, url, body)).buyerNote).toBe('Changed by staff');
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(await kit.checkoutReader.patch(url, body), 403, 'PERMISSION_DENIED');
      expectAppError(await kit.stranger.patch(url, body), 404, 'CHECKOUT_NOT_FOUND');
      expectAppError(await (await kit.newVisitor()).patch(url, body), 404, 'CHECKOUT_NOT_FOUND');
    });
  });

  it('lets concurrent changes of one checkout land one after another', async () => {
    const { v, url } = await mugs();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => v.patch(url, { checkout: { buyerNote: `note ${i}` } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const revisions = results.map((r) => Number(r.body.checkout.revision)).sort((a, b) => a - b);
    expect(revisions).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await v.get(url)).body.checkout.revision).toBe('9');
  });

  it('refuses every change of a completed checkout with 400 CHECKOUT_ALREADY_COMPLETED', async () => {
    const { v, id, url } = await mugs();
    const lineId = (await v.get(url)).body.checkout.lineItems[0].id;
    await kit.server.merx.db
      .updateTable('checkouts')
      .set({ completed: 1, completed_date: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await expectNoCheckoutWrites(kit, async () => {
      for (const res of [
        await v.patch(url, { checkout: { buyerNote: 'late' } }),
        await v.post(`${url}/add-to-checkout`, { id, lineItems: [item(mug.id)] }),
        await v.post(`${url}/remove-line-items`, { id, lineItemIds: [lineId] }),
        await v.post(`${url}/update-line-items-quantity`, { id, lineItems: [{ id: lineId, quantity: 3 }] }),
        await v.post(`${url}/remove-coupon`, { id }),
        await v.post(`${url}/remove-gift-card`, { id }),
        await v.post(`${url}/remove-override-checkout-url`, { id }),
      ])
        expectAppError(res, 400, 'CHECKOUT_ALREADY_COMPLETED');
    });
    expect((await v.get(url)).body.checkout.completed).toBe(true);
  });
});
