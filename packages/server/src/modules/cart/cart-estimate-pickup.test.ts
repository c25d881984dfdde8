import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, CART, type CartKit, item, startCartKit } from './cart-test-kit.js';

/*
 * Pickup is the buyer's choice, never the address's (issue 18): a store like the demo, free pickup in New York
 * beside paid delivery to the US, estimates a California cart with the delivery and California's tax.
 */

let kit: CartKit;
let mug: Product;
let standard: { id: string };
let pickup: { id: string };

const ESTIMATE = `${CART}/estimate-totals`;
const CUPERTINO = { country: 'US', subdivision: 'US-CA', city: 'Cupertino', postalCode: '95014' };

async function created(url: string, key: string, body: Record<string, unknown>) {
  const res = await kit.owner.post(url, { [key]: body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[key];
}

const taxRegion = (subdivision: string, name: string, rate: string) =>
  created('/_api/merx/v1/tax-regions', 'taxRegion', {
    country: 'US',
    subdivision,
    rateType: 'MANUAL_RATE',
    jurisdictions: [{ name, type: 'STATE', rate }],
    shippingTaxable: false,
  });

beforeAll(async () => {
  kit = await startCartKit();
  mug = await kit.createProduct({ name: 'Mug', priceData: { price: 20 } });
  const us = await created('/_api/merx/v1/delivery-regions', 'deliveryRegion', {
    name: 'United States',
    destinations: [{ countryCode: 'US' }],
  });
  // Listed first and cheapest, as in the demo store.
  pickup = await created('/ecom/v1/shipping-options', 'shippingOption', {
    title: 'Pick up at the shop',
    deliveryRegionIds: [us.id],
    rates: [{ amount: '0' }],
    pickupDetails: {
      pickupMethod: 'STORE_PICKUP',
      address: { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine: '5 Shop St' },
    },
  });
  standard = await created('/ecom/v1/shipping-options', 'shippingOption', {
    title: 'Standard delivery',
    deliveryRegionIds: [us.id],
    rates: [{ amount: '6' }],
  });
  await taxRegion('NY', 'New York', '0.04');
  await taxRegion('CA', 'California', '0.0725');
});
afterAll(async () => {
  await kit.close();
});

async function estimate(body: Record<string, unknown>) {
  const v = await kit.newVisitor();
  await addToCart(v, item(mug.id));
  const res = await v.post(ESTIMATE, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('the cart estimate and pickup', () => {
  it('estimates a California address with the delivery and California tax, not the free pickup in New York', async () => {
    const body = await estimate({ shippingAddress: CUPERTINO });
    expect(body.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: standard.id,
      requestedShippingOption: false,
    });
    expect(body.shippingInfo.selectedCarrierServiceOption.logistics.pickupDetails).toBeUndefined();
    // 7.25 % of $20.
    expect(body.priceSummary).toMatchObject({ shipping: { amount: '6' }, tax: { amount: '1.45' } });
    expect(body.calculationErrors ?? {}).toEqual({});
  });

  it('charges no New York tax on a postal code alone', async () => {
    const body = await estimate({ shippingAddress: { country: 'US', postalCode: '95014' } });
    expect(body.shippingInfo.selectedCarrierServiceOption.code).toBe(standard.id);
    expect(body.priceSummary).toMatchObject({ shipping: { amount: '6' }, tax: { amount: '0' } });
  });

  it('charges the pickup and New York tax when the buyer selects the pickup', async () => {
    const body = await estimate({ shippingAddress: CUPERTINO, selectedShippingOption: { code: pickup.id } });
    expect(body.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: pickup.id,
      requestedShippingOption: true,
    });
    // 4 % of $20.
    expect(body.priceSummary).toMatchObject({ shipping: { amount: '0' }, tax: { amount: '0.8' } });
  });
});
