import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUTS,
  type CheckoutKit,
  type Client,
  createCheckout,
  item,
  startCheckoutKit,
} from './checkout-test-kit.js';

/*
 * Pickup is the buyer's choice, never the address's (issue 18): the kit's store has free pickup beside $5 and $15
 * delivery in the US; here a second pickup serves the US and Japan (where nothing is delivered) and is taxed in
 * New York, and California has its own tax.
 */

let kit: CheckoutKit;
let mug: Product;
let shopPickup: { id: string };

const CUPERTINO = {
  country: 'US',
  subdivision: 'US-CA',
  city: 'Cupertino',
  postalCode: '95014',
  addressLine: '1 Infinite Loop',
};

beforeAll(async () => {
  kit = await startCheckoutKit();
  mug = await kit.createProduct({ name: 'Mug', priceData: { price: 20 } });
  const region = await kit.created('/_api/merx/v1/delivery-regions', 'deliveryRegion', {
    name: 'Pickup customers',
    destinations: [{ countryCode: 'US' }, { countryCode: 'JP' }],
  });
  shopPickup = (await kit.created('/ecom/v1/shipping-options', 'shippingOption', {
    title: 'Pick up in Manhattan',
    deliveryRegionIds: [region.id],
    rates: [{ amount: '0' }],
    pickupDetails: {
      pickupMethod: 'STORE_PICKUP',
      address: { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine: '5 Shop St' },
    },
  })) as { id: string };
  await kit.created('/_api/merx/v1/tax-regions', 'taxRegion', {
    country: 'US',
    subdivision: 'CA',
    rateType: 'MANUAL_RATE',
    jurisdictions: [{ name: 'California', type: 'STATE', rate: '0.0725' }],
    shippingTaxable: false,
  });
});
afterAll(async () => {
  await kit.close();
});

/** A visitor's checkout of two $20 mugs. */
async function mugs(): Promise<{ v: Client; url: string }> {
  const v = await kit.newVisitor();
  const checkout = await createCheckout(v, { lineItems: [item(mug.id, 2)] });
  return { v, url: `${CHECKOUTS}/${checkout.id}` };
}

const patch = async (client: Client, url: string, shippingInfo: Record<string, unknown>) => {
  const res = await client.patch(url, { checkout: { shippingInfo } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkout;
};

describe('a checkout and pickup', () => {
  it('charges the cheapest delivery to a California address and its tax, never a free pickup', async () => {
    const { v, url } = await mugs();
    const checkout = await patch(v, url, { shippingDestination: { address: CUPERTINO } });
    expect(checkout.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: kit.store.standard.id,
      requestedShippingOption: false,
    });
    expect(checkout.shippingInfo.selectedCarrierServiceOption.logistics.pickupDetails).toBeUndefined();
    // 7.25 % of $40, California's, not New York's 8 % at the pickup.
    expect(checkout.priceSummary).toMatchObject({ shipping: { amount: '5' }, tax: { amount: '2.9' } });
    expect(checkout.calculationErrors).toEqual({});
  });

  it('charges the pickup and taxes its address once the buyer chooses it, and delivers again when they unchoose', async () => {
    const { v, url } = await mugs();
    await patch(v, url, { shippingDestination: { address: CUPERTINO } });
    const picked = await patch(v, url, { selectedCarrierServiceOption: { code: shopPickup.id } });
    expect(picked.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: shopPickup.id,
      requestedShippingOption: true,
    });
    // 8 % of $40 in New York.
    expect(picked.priceSummary).toMatchObject({ shipping: { amount: '0' }, tax: { amount: '3.2' } });
    const unpicked = await patch(v, url, { selectedCarrierServiceOption: null });
    expect(unpicked.shippingInfo.selectedCarrierServiceOption.code).toBe(kit.store.standard.id);
    expect(unpicked.priceSummary.tax.amount).toBe('2.9');
  });

  it('selects nothing when only the pickup serves the address, and says so, until the buyer chooses it', async () => {
    const { v, url } = await mugs();
    const tokyo = { country: 'JP', city: 'Tokyo', postalCode: '100-0001', addressLine: '1 Chiyoda' };
    const unserved = await patch(v, url, { shippingDestination: { address: tokyo } });
    expect(unserved.shippingInfo.selectedCarrierServiceOption).toBeUndefined();
    expect(unserved.shippingInfo.carrierServiceOptions[0].shippingOptions).toEqual([
      expect.objectContaining({ code: shopPickup.id }),
    ]);
    expect(JSON.stringify(unserved.calculationErrors)).toContain('NO_SHIPPING_OPTION_FOR_DESTINATION');
    const picked = await patch(v, url, { selectedCarrierServiceOption: { code: shopPickup.id } });
    expect(picked.shippingInfo.selectedCarrierServiceOption.code).toBe(shopPickup.id);
    expect(picked.calculationErrors).toEqual({});
  });
});
