import { ISO_COUNTRY_CODES } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNothingWritten, expectViolation, type ShippingKit, startShippingKit } from './shipping-test-kit.js';

let kit: ShippingKit;
beforeAll(async () => {
  kit = await startShippingKit();
});
afterAll(async () => {
  await kit.close();
});

const URL = '/_api/merx/v1/ship-to-countries';
const countries = async () => {
  const res = await kit.visitor.get(URL);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.countries as Array<{
    countryCode: string;
    subdivisions: string[];
    delivery: boolean;
    pickup: boolean;
  }>;
};

describe('the countries the store ships to', () => {
  it('is empty while no active option reaches an active region', async () => {
    expect(await countries()).toEqual([]);
    const closed = await kit.createRegion({ name: 'Closed', destinations: [{ countryCode: 'FR' }], active: false });
    await kit.createOption({ title: 'Nowhere', deliveryRegionIds: [closed.id] });
    await kit.createOption({ title: 'Unplaced' });
    const de = await kit.createRegion({ name: 'Germany', destinations: [{ countryCode: 'DE' }] });
    await kit.createOption({ title: 'Paused', deliveryRegionIds: [de.id], active: false });
    expect(await countries()).toEqual([]);
  });

  it('gives the US and Canada for options there, parts served and whether delivery or pickup reaches each', async () => {
    const us = await kit.createRegion({ name: 'US', destinations: [{ countryCode: 'US' }] });
    const canada = await kit.createRegion({
      name: 'Two provinces',
      destinations: [{ countryCode: 'CA', subdivisions: ['QC', 'ON'] }],
    });
    await kit.createOption({ title: 'Standard', deliveryRegionIds: [us.id, canada.id] });
    await kit.createOption({
      title: 'Pickup',
      deliveryRegionIds: [us.id],
      rates: [{ amount: '0' }],
      pickupDetails: {
        pickupMethod: 'STORE_PICKUP',
        address: { country: 'US', city: 'Austin', addressLine: '5 Main' },
      },
    });
    expect(await countries()).toEqual([
      { countryCode: 'CA', subdivisions: ['ON', 'QC'], delivery: true, pickup: false },
      { countryCode: 'US', subdivisions: [], delivery: true, pickup: true },
    ]);
    // One country on request; a country not shipped to gives none.
    expect((await kit.visitor.get(URL, { countryCode: 'CA' })).body.countries).toEqual([
      { countryCode: 'CA', subdivisions: ['ON', 'QC'], delivery: true, pickup: false },
    ]);
    expect((await kit.visitor.get(URL, { countryCode: 'JP' })).body).toEqual({ countries: [] });
  });

  it('follows a change of the shipping configuration at once', async () => {
    const bc = await kit.createRegion({ name: 'BC', destinations: [{ countryCode: 'CA', subdivisions: ['BC'] }] });
    const option = await kit.createOption({ title: 'West', deliveryRegionIds: [bc.id] });
    expect((await countries()).find((c) => c.countryCode === 'CA')?.subdivisions).toEqual(['BC', 'ON', 'QC']);
    const off = await kit.owner.patch(`/ecom/v1/shipping-options/${option.id}`, {
      shippingOption: { revision: option.revision, active: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await countries()).find((c) => c.countryCode === 'CA')?.subdivisions).toEqual(['ON', 'QC']);
    const jp = await kit.createRegion({ name: 'Japan', destinations: [{ countryCode: 'JP' }] });
    await kit.createOption({ title: 'Air', deliveryRegionIds: [jp.id] });
    expect((await countries()).map((c) => c.countryCode)).toEqual(['CA', 'JP', 'US']);
  });

  it('gives every country for a worldwide option', async () => {
    const world = await kit.createRegion({
      name: 'Worldwide',
      destinations: [...ISO_COUNTRY_CODES].map((countryCode) => ({ countryCode })),
    });
    await kit.createOption({ title: 'Worldwide', deliveryRegionIds: [world.id] });
    const all = await countries();
    expect(all.map((c) => c.countryCode)).toEqual([...ISO_COUNTRY_CODES].sort());
    expect(all.every((c) => c.subdivisions.length === 0 && c.delivery)).toBe(true);
  });

  it('answers anyone, with or without a token, and may be kept a minute', async () => {
    for (const client of [kit.visitor, kit.visitorToken, kit.member, kit.stranger, kit.owner]) {
      const res = await client.get(URL, { countryCode: 'US' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.countries[0].countryCode).toBe('US');
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    }
  });

  it('refuses a country that is not an ISO code and parameters it does not know, changing nothing', async () => {
    await expectNothingWritten(kit, async () => {
      expectViolation(await kit.visitor.get(URL, { countryCode: 'XX' }), 'countryCode');
      expectViolation(await kit.visitor.get(URL, { countryCode: 'usa' }), 'countryCode');
      const unknown = await kit.visitor.get(URL, { country: 'US' });
      expect(unknown.status, JSON.stringify(unknown.body)).toBe(400);
      expect(JSON.stringify(unknown.body)).toContain('country');
      expect(unknown.body.details?.validationError?.fieldViolations?.length).toBeGreaterThan(0);
    });
  });
});
