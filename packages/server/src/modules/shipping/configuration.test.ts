import { withTransaction } from '@merx/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation, type ShippingKit, startShippingKit } from './shipping-test-kit.js';

let kit: ShippingKit;
beforeAll(async () => {
  kit = await startShippingKit();
});
afterAll(async () => {
  await kit.close();
});

const services = () => kit.server.services.shipping;

describe('shippingConfiguration()', () => {
  it('gives active options offered in active regions, with amounts in minor units', async () => {
    const us = await kit.createRegion({
      name: 'US',
      destinations: [{ countryCode: 'US', subdivisions: ['CA', 'NY'] }],
    });
    const eu = await kit.createRegion({ name: 'EU', destinations: [{ countryCode: 'DE' }, { countryCode: 'FR' }] });
    const closed = await kit.createRegion({ name: 'Closed', active: false });
    const express = await kit.createOption({
      title: 'Express',
      estimatedDeliveryTime: 'Tomorrow',
      deliveryRegionIds: [eu.id, closed.id, us.id],
      weightUnit: 'LB',
      rates: [
        { amount: '12.99', conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'LTE', value: '2.25' }] },
        {
          amount: '0.5',
          conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GT', value: '49.99' }],
          multiplyByQuantity: true,
        },
        { amount: '3', conditions: [{ type: 'BY_TOTAL_QUANTITY', operator: 'GTE', value: '10' }] },
      ],
      freeShippingThreshold: '75',
      deliveryTimeSlots: [{ from: '2030-05-01T08:00:00Z', to: '2030-05-01T10:00:00Z' }],
    });
    const pickup = await kit.createOption({
      title: 'Pickup',
      deliveryRegionIds: [us.id],
      rates: [{ amount: '0' }],
      instructions: 'Open 9-5',
      pickupDetails: {
        pickupMethod: 'STORE_PICKUP',
        address: { country: 'US', city: 'Austin', addressLine: '5 Main St' },
      },
    });
    await kit.createOption({ title: 'Paused', deliveryRegionIds: [us.id], active: false });
    await kit.createOption({ title: 'Nowhere', deliveryRegionIds: [closed.id] });
    await kit.createOption({ title: 'Unplaced' });

    const config = await services().shippingConfiguration();
    expect(config.currency).toBe('USD');
    expect(config.options.map((o) => o.id).sort()).toEqual([express.id, pickup.id].sort());
    expect(config.options.find((o) => o.id === express.id)).toEqual({
      id: express.id,
      title: 'Express',
      estimatedDeliveryTime: 'Tomorrow',
      instructions: null,
      weightUnit: 'LB',
      regions: [
        {
          id: eu.id,
          name: 'EU',
          destinations: [
            { countryCode: 'DE', subdivisions: [] },
            { countryCode: 'FR', subdivisions: [] },
          ],
        },
        { id: us.id, name: 'US', destinations: [{ countryCode: 'US', subdivisions: ['CA', 'NY'] }] },
      ],
      rates: [
        {
          amount: 1299,
          conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'LTE', value: 2.25 }],
          multiplyByQuantity: false,
        },
        { amount: 50, conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GT', value: 4999 }], multiplyByQuantity: true },
        {
          amount: 300,
          conditions: [{ type: 'BY_TOTAL_QUANTITY', operator: 'GTE', value: 10 }],
          multiplyByQuantity: false,
        },
      ],
      freeShippingThreshold: 7500,
      pickup: null,
      deliveryTimeSlots: [{ from: '2030-05-01T08:00:00.000Z', to: '2030-05-01T10:00:00.000Z' }],
    });
    expect(config.options.find((o) => o.id === pickup.id)).toMatchObject({
      instructions: 'Open 9-5',
      rates: [{ amount: 0, conditions: [], multiplyByQuantity: false }],
      freeShippingThreshold: null,
      pickup: { method: 'STORE_PICKUP', address: { country: 'US', city: 'Austin', addressLine: '5 Main St' } },
    });
  });

  it('reads in one statement, and inside a caller’s transaction', async () => {
    expect(await kit.statementsOf(() => services().shippingConfiguration())).toBe(1);
    const inTrx = await withTransaction(kit.server.merx.db, (uow) => services().shippingConfiguration(uow.trx));
    expect(inTrx).toEqual(await services().shippingConfiguration());
  });
});

describe('taxConfiguration()', () => {
  it('gives defaults and regions with rates in parts per million', async () => {
    const empty = await services().taxConfiguration();
    expect(empty).toEqual({
      taxableAddress: 'SHIPPING',
      taxIncludedInItemPrices: false,
      businessAddress: null,
      regions: [],
    });
    const ca = await kit.owner.post('/_api/merx/v1/tax-regions', {
      taxRegion: {
        country: 'US',
        subdivision: 'CA',
        rateType: 'MANUAL_RATE',
        shippingTaxable: true,
        jurisdictions: [
          { name: 'California', type: 'STATE', rate: '0.0725' },
          { name: 'LA', type: 'CITY', rate: '0.000001' },
        ],
      },
    });
    const us = await kit.owner.post('/_api/merx/v1/tax-regions', {
      taxRegion: { country: 'US', rateType: 'NO_TAX_COLLECTED' },
    });
    await kit.owner.patch('/_api/merx/v1/tax-settings', {
      taxSettings: { taxableAddress: 'BILLING', taxIncludedInItemPrices: true, businessAddress: { country: 'US' } },
    });
    expect(await services().taxConfiguration()).toEqual({
      taxableAddress: 'BILLING',
      taxIncludedInItemPrices: true,
      businessAddress: { country: 'US' },
      regions: [
        {
          id: us.body.taxRegion.id,
          country: 'US',
          subdivision: null,
          rateType: 'NO_TAX_COLLECTED',
          jurisdictions: [],
          shippingTaxable: false,
        },
        {
          id: ca.body.taxRegion.id,
          country: 'US',
          subdivision: 'CA',
          rateType: 'MANUAL_RATE',
          jurisdictions: [
            { name: 'California', type: 'STATE', ratePpm: 72500 },
            { name: 'LA', type: 'CITY', ratePpm: 1 },
          ],
          shippingTaxable: true,
        },
      ],
    });
  });
});

describe('tipSettings() and additionalFees()', () => {
  it('gives the default tip settings (null before there are any), presets in basis points or minor units', async () => {
    expect(await services().tipSettings()).toBeNull();
    await kit.owner.post('/tip-settings/v1/tip-settings', { tipSettings: { presets: [{ value: 5 }] } });
    expect(await services().tipSettings()).toBeNull();
    const res = await kit.owner.post('/tip-settings/v1/tip-settings/create-default', {
      tipSettings: {
        tipType: 'PERCENTAGE',
        presets: [{ value: 12.5 }, { value: 15, default: true }],
        allowCustomAmount: false,
      },
    });
    expect(await services().tipSettings()).toEqual({
      id: res.body.tipSettings.id,
      currency: 'USD',
      tipType: 'PERCENTAGE',
      presets: [
        { value: 1250, default: false },
        { value: 1500, default: true },
      ],
      allowCustomerTip: true,
      allowCustomAmount: false,
    });
    await kit.owner.patch('/tip-settings/v1/tip-settings', {
      tipSettings: { id: res.body.tipSettings.id, tipType: 'AMOUNT', presets: [{ value: 2.5 }] },
    });
    expect((await services().tipSettings())?.presets).toEqual([{ value: 250, default: false }]);
  });

  it('gives the active additional fees in minor units', async () => {
    const fee = await kit.owner.post('/_api/merx/v1/additional-fees', {
      additionalFee: { type: 'HANDLING_FEE', name: 'Handling', amount: '1.99', taxable: true },
    });
    await kit.owner.post('/_api/merx/v1/additional-fees', {
      additionalFee: { type: 'INSURANCE', name: 'Insurance', amount: '4', active: false },
    });
    expect(await services().additionalFees()).toEqual([
      {
        id: fee.body.additionalFee.id,
        type: 'HANDLING_FEE',
        name: 'Handling',
        amount: 199,
        taxable: true,
        source: 'MANUAL',
      },
    ]);
  });
});

describe('store currency', () => {
  it('keeps amounts in the minor units of the store currency (JPY has none)', async () => {
    await kit.server.services.settings.updateStore({ currency: 'JPY' });
    try {
      expectViolation(
        await kit.owner.post('/_api/merx/v1/additional-fees', {
          additionalFee: { type: 'INSURANCE', name: 'x', amount: '12.5' },
        }),
        'additionalFee.amount',
        'DECIMAL_MAX_SCALE',
      );
      const fee = await kit.owner.post('/_api/merx/v1/additional-fees', {
        additionalFee: { type: 'INSURANCE', name: 'Yen', amount: '1200' },
      });
      expect(fee.body.additionalFee.amount).toBe('1200');
      const config = await services().additionalFees();
      expect(config.find((f) => f.id === fee.body.additionalFee.id)?.amount).toBe(1200);
    } finally {
      await kit.server.services.settings.updateStore({ currency: 'USD' });
    }
  });
});
