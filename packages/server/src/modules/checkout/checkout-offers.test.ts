import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, CART, CHECKOUTS, type CheckoutKit, item, NEW_YORK, startCheckoutKit } from './checkout-test-kit.js';

/** What a checkout offers the buyer to choose from besides shipping options: delivery windows and tips. */
let kit: CheckoutKit;

beforeAll(async () => {
  kit = await startCheckoutKit();
});
afterAll(async () => {
  await kit.close();
});

async function checkoutOf(body: Record<string, unknown> = {}) {
  const p = await kit.createProduct({ name: 'Kettle', priceData: { price: 40 } });
  const v = await kit.newVisitor();
  await addToCart(v, item(p.id, 2));
  const res = await v.post(`${CART}/create-checkout`, { channelType: 'WEB', shippingAddress: NEW_YORK, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { v, checkout: (await v.get(`${CHECKOUTS}/${res.body.checkoutId}`)).body.checkout };
}

describe('what a checkout offers', () => {
  it("lists each shipping option's delivery windows", async () => {
    const { checkout } = await checkoutOf();
    const options = checkout.shippingInfo.carrierServiceOptions[0].shippingOptions;
    const standard = options.find((o: { code: string }) => o.code === kit.store.standard.id);
    expect(standard.logistics.deliveryTimeSlots).toEqual(kit.store.standard.slots);
    const express = options.find((o: { code: string }) => o.code === kit.store.express.id);
    expect(express.logistics.deliveryTimeSlots).toBeUndefined();
  });

  it('offers the tip presets with what each would be on this checkout, and the chosen one counts', async () => {
    const { v, checkout } = await checkoutOf();
    // Tips of 10, 15 (default) and 20 % of the $80 of items.
    expect(checkout.tipOptions).toEqual({
      tipType: 'PERCENTAGE',
      allowCustomAmount: false,
      presets: [
        { presetIndex: 0, percentage: 10, default: false, amount: expect.objectContaining({ amount: '8' }) },
        { presetIndex: 1, percentage: 15, default: true, amount: expect.objectContaining({ amount: '12' }) },
        { presetIndex: 2, percentage: 20, default: false, amount: expect.objectContaining({ amount: '16' }) },
      ],
    });
    const res = await v.patch(`${CHECKOUTS}/${checkout.id}`, {
      checkout: { id: checkout.id, tipSelection: { presetIndex: 2 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.checkout.priceSummary.tip.amount).toBe('16');
  });

  it('offers no tips when the store takes none', async () => {
    const query = await kit.owner.post('/tip-settings/v1/tip-settings/query', {});
    expect(query.status, JSON.stringify(query.body)).toBe(200);
    const [settings] = query.body.tipSettings;
    const off = await kit.owner.patch('/tip-settings/v1/tip-settings', {
      tipSettings: { id: settings.id, allowCustomerTip: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const { checkout } = await checkoutOf();
    expect(checkout.tipOptions).toBeUndefined();
  });
});
