import { describe, expect, it } from 'vitest';
import { applicableShippingOptions, regionServes, type Shipment, shippingRate } from './shipping.js';
import type { DeliveryRegion, RateCondition, ShippingOption } from './store-types.js';
import { flatShipping, line, NEW_YORK, percentOff, purchase, rule } from './test-factories.js';
import { calculateTotals } from './totals.js';

const shipment = (overrides: Partial<Shipment> = {}): Shipment => ({
  totalWeight: 0,
  weightUnit: 'KG',
  totalPrice: 0,
  totalQuantity: 1,
  itemsSubtotal: 0,
  ...overrides,
});
const weight = (operator: RateCondition['operator'], value: number): RateCondition => ({
  type: 'BY_TOTAL_WEIGHT',
  operator,
  value,
});
const tiered: ShippingOption = flatShipping('tiered', 0, {
  rates: [
    { amount: 500, conditions: [weight('LTE', 1)] },
    { amount: 900, conditions: [weight('GT', 1), weight('LTE', 5)] },
    { amount: 1500, conditions: [weight('GT', 5)] },
  ],
});
const storePickup: ShippingOption = {
  code: 'pickup',
  title: 'Pick up at the shop',
  rates: [{ amount: 0 }],
  pickup: { pickupMethod: 'STORE_PICKUP', address: { country: 'US', subdivision: 'NJ', city: 'Newark' } },
};

describe('delivery regions', () => {
  const eastCoast: DeliveryRegion = {
    destinations: [{ country: 'US', subdivisions: ['NY', 'US-NJ'] }, { country: 'CA' }],
  };

  it('serves a whole country, or only the listed subdivisions written with or without the country prefix', () => {
    expect(regionServes(eastCoast, { country: 'CA', subdivision: 'ON' })).toBe(true);
    expect(regionServes(eastCoast, { country: 'us', subdivision: 'US-NY' })).toBe(true);
    expect(regionServes(eastCoast, { country: 'US', subdivision: 'nj' })).toBe(true);
    expect(regionServes(eastCoast, { country: 'US', subdivision: 'US-CA' })).toBe(false);
    expect(regionServes(eastCoast, { country: 'US' })).toBe(false);
    expect(regionServes(eastCoast, { country: 'MX' })).toBe(false);
  });
});

describe('shipping rates', () => {
  it('charges the row whose weight conditions hold', () => {
    expect(shippingRate(tiered, shipment({ totalWeight: 1 }), 'KG')).toBe(500);
    expect(shippingRate(tiered, shipment({ totalWeight: 1.2 }), 'KG')).toBe(900);
    expect(shippingRate(tiered, shipment({ totalWeight: 5.000001 }), 'KG')).toBe(1500);
  });

  it('charges the cheapest row when several hold, whatever their order', () => {
    const option = flatShipping('x', 0, { rates: [{ amount: 800 }, { amount: 600, conditions: [weight('GTE', 0)] }] });
    expect(shippingRate(option, shipment(), 'KG')).toBe(600);
  });

  it('compares by total price and total quantity with every operator', () => {
    const byPrice = (operator: RateCondition['operator']) =>
      flatShipping('p', 0, {
        rates: [{ amount: 100, conditions: [{ type: 'BY_TOTAL_PRICE', operator, value: 5000 }] }],
      });
    const at = (totalPrice: number) => shipment({ totalPrice });
    expect(['EQ', 'GT', 'GTE', 'LT', 'LTE'].map((op) => shippingRate(byPrice(op as 'EQ'), at(5000), 'KG'))).toEqual([
      100,
      undefined,
      100,
      undefined,
      100,
    ]);
    const byQuantity = flatShipping('q', 0, {
      rates: [{ amount: 300, conditions: [{ type: 'BY_TOTAL_QUANTITY', operator: 'LT', value: 3 }] }],
    });
    expect(shippingRate(byQuantity, shipment({ totalQuantity: 2 }), 'KG')).toBe(300);
    expect(shippingRate(byQuantity, shipment({ totalQuantity: 3 }), 'KG')).toBeUndefined();
  });

  it('multiplies a per-unit rate by the shipped units', () => {
    const perUnit = flatShipping('u', 0, { rates: [{ amount: 200, multiplyByQuantity: true }] });
    expect(shippingRate(perUnit, shipment({ totalQuantity: 3 }), 'KG')).toBe(600);
  });

  it('converts the store weight into the option unit (1 kg is 2.2046 lb)', () => {
    const inPounds = flatShipping('lb', 0, {
      weightUnit: 'LB',
      rates: [{ amount: 400, conditions: [weight('LTE', 2.2)] }],
    });
    expect(shippingRate(inPounds, shipment({ totalWeight: 0.9 }), 'KG')).toBe(400);
    expect(shippingRate(inPounds, shipment({ totalWeight: 1 }), 'KG')).toBeUndefined();
  });

  it('adds line weights without binary noise', () => {
    const exactly = flatShipping('eq', 0, { rates: [{ amount: 100, conditions: [weight('EQ', 0.3)] }] });
    const totals = calculateTotals(
      purchase([line('a', { weight: 0.1 }), line('b', { weight: 0.2 })], {
        shippingAddress: NEW_YORK,
        shippingOptions: [exactly],
      }),
    );
    expect(totals.shippingInfo.totalWeight).toBe(0.3);
    expect(totals.priceSummary.shipping).toBe(100);
  });
});

describe('shipping in the totals', () => {
  const ship = (lines = [line('a', { weight: 0.5, quantity: 2 })], overrides: Parameters<typeof purchase>[1] = {}) =>
    calculateTotals(purchase(lines, { shippingAddress: NEW_YORK, ...overrides }));

  it('measures only the lines that must be shipped', () => {
    const byPrice = flatShipping('p', 0, {
      rates: [
        { amount: 0, conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GTE', value: 2000 }] },
        { amount: 700, conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'LT', value: 2000 }] },
      ],
    });
    const totals = ship(
      [
        line('book', { weight: 1 }),
        line('e-book', { itemType: 'DIGITAL', weight: 5 }),
        line('poster', { shippable: false, weight: 5 }),
      ],
      { shippingOptions: [byPrice] },
    );
    expect(totals.shippingInfo).toMatchObject({ required: true, totalWeight: 1 });
    expect(totals.priceSummary.shipping).toBe(700);
  });

  it('prices by the items after discounts', () => {
    const byPrice = flatShipping('p', 0, {
      rates: [
        { amount: 0, conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GTE', value: 2000 }] },
        { amount: 700, conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'LT', value: 2000 }] },
      ],
    });
    expect(ship(undefined, { shippingOptions: [byPrice] }).priceSummary.shipping).toBe(0);
    const discounted = ship(undefined, { shippingOptions: [byPrice], discountRules: [rule('r', percentOff(1))] });
    expect(discounted.priceSummary.shipping).toBe(700);
  });

  it('ships free from the threshold, measured after item discounts', () => {
    const free = flatShipping('std', 500, { freeShippingThreshold: 2000 });
    const reached = ship(undefined, { shippingOptions: [free] });
    expect(reached.shippingInfo.carrierServiceOptions[0]).toMatchObject({ cost: 0, freeShipping: true });
    const missed = ship(undefined, { shippingOptions: [free], discountRules: [rule('r', percentOff(10))] });
    expect(missed.shippingInfo.carrierServiceOptions[0]).toMatchObject({ cost: 500, freeShipping: false });
  });

  it('quotes every option and says why an option cannot be used', () => {
    const abroad = flatShipping('abroad', 100, { deliveryRegions: [{ destinations: [{ country: 'FR' }] }] });
    const heavyOnly = flatShipping('heavy', 100, { rates: [{ amount: 100, conditions: [weight('GT', 10)] }] });
    const totals = ship(undefined, { shippingOptions: [abroad, heavyOnly, tiered, storePickup] });
    expect(
      totals.shippingInfo.carrierServiceOptions.map((o) => [o.code, o.available, o.unavailableReason, o.cost]),
    ).toEqual([
      ['abroad', false, 'OUTSIDE_DELIVERY_REGIONS', 0],
      ['heavy', false, 'NO_MATCHING_RATE', 0],
      ['tiered', true, undefined, 500],
      ['pickup', true, undefined, 0],
    ]);
  });

  it('selects the cheapest available option when the buyer chose none', () => {
    const totals = ship(undefined, { shippingOptions: [flatShipping('express', 1500), flatShipping('standard', 500)] });
    expect(totals.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: 'standard',
      requestedShippingOption: false,
    });
    expect(totals.calculationErrors).toEqual([]);
  });

  it('charges the chosen option with its logistics', () => {
    const express = flatShipping('express', 1500, { estimatedDeliveryTime: 'Next day', carrierId: 'carrier-1' });
    const totals = ship(undefined, {
      shippingOptions: [express, flatShipping('standard', 500)],
      selectedShippingOption: { code: 'express' },
    });
    expect(totals.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: 'express',
      carrierId: 'carrier-1',
      requestedShippingOption: true,
      logistics: { deliveryTime: 'Next day', deliveryTimeSlots: [] },
      cost: { price: 1500, totalDiscount: 0, totalPriceAfterTax: 1500 },
    });
    expect(totals.priceSummary).toMatchObject({ shipping: 1500, total: 3500 });
  });

  it('falls back to the cheapest option and reports a choice that is unknown or unavailable', () => {
    const abroad = flatShipping('abroad', 100, { deliveryRegions: [{ destinations: [{ country: 'FR' }] }] });
    const options = [abroad, flatShipping('standard', 500)];
    const unknown = ship(undefined, { shippingOptions: options, selectedShippingOption: { code: 'teleport' } });
    expect(unknown.shippingInfo.selectedCarrierServiceOption?.code).toBe('standard');
    expect(unknown.calculationErrors.map((e) => e.code)).toEqual(['SHIPPING_OPTION_NOT_FOUND']);
    const unavailable = ship(undefined, { shippingOptions: options, selectedShippingOption: { code: 'abroad' } });
    expect(unavailable.calculationErrors).toEqual([
      expect.objectContaining({
        type: 'SELECTED_SHIPPING_OPTION',
        code: 'SHIPPING_OPTION_NOT_AVAILABLE',
        data: { code: 'abroad', reason: 'OUTSIDE_DELIVERY_REGIONS' },
      }),
    ]);
  });

  it('reports a calculation error when items must ship and no option reaches the destination', () => {
    const totals = ship(undefined, { shippingAddress: { country: 'JP' }, shippingOptions: [flatShipping('us', 500)] });
    expect(totals.shippingInfo.selectedCarrierServiceOption).toBeUndefined();
    expect(totals.priceSummary.shipping).toBe(0);
    expect(totals.calculationErrors).toEqual([
      expect.objectContaining({ type: 'SHIPPING', code: 'NO_SHIPPING_OPTION_FOR_DESTINATION' }),
    ]);
  });

  it('asks for an address when only region options exist, and charges a pickup without one only when chosen', () => {
    const noAddress = (options: ShippingOption[], code?: string) =>
      calculateTotals(
        purchase([line('a')], { shippingOptions: options, ...(code ? { selectedShippingOption: { code } } : {}) }),
      );
    const regional = noAddress([flatShipping('std', 500)]);
    expect(regional.shippingInfo.carrierServiceOptions[0]?.unavailableReason).toBe('NO_DESTINATION');
    expect(regional.calculationErrors.map((e) => e.code)).toEqual(['NO_SHIPPING_DESTINATION']);
    const pickupOffered = noAddress([flatShipping('std', 500), storePickup]);
    expect(pickupOffered.shippingInfo.carrierServiceOptions[1]).toMatchObject({ code: 'pickup', available: true });
    expect(pickupOffered.shippingInfo.selectedCarrierServiceOption).toBeUndefined();
    expect(pickupOffered.calculationErrors).toEqual([
      expect.objectContaining({ code: 'NO_SHIPPING_DESTINATION', description: expect.stringContaining('picked up') }),
    ]);
    const pickupChosen = noAddress([flatShipping('std', 500), storePickup], 'pickup');
    expect(pickupChosen.shippingInfo.selectedCarrierServiceOption?.logistics.pickupDetails).toEqual(storePickup.pickup);
    expect(pickupChosen.calculationErrors).toEqual([]);
  });

  it('never picks a pickup for an address: the cheapest delivery is charged however cheap the pickup', () => {
    const options = [flatShipping('express', 1500), storePickup, flatShipping('standard', 500)];
    const totals = ship(undefined, { shippingOptions: options });
    expect(totals.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: 'standard',
      requestedShippingOption: false,
    });
    expect(totals.shippingInfo.selectedCarrierServiceOption?.logistics.pickupDetails).toBeUndefined();
    expect(totals.priceSummary.shipping).toBe(500);
    expect(totals.calculationErrors).toEqual([]);
    // A choice that cannot be used falls back to a delivery too.
    const gone = ship(undefined, { shippingOptions: options, selectedShippingOption: { code: 'teleport' } });
    expect(gone.shippingInfo.selectedCarrierServiceOption?.code).toBe('standard');
    const chosen = ship(undefined, { shippingOptions: options, selectedShippingOption: { code: 'pickup' } });
    expect(chosen.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: 'pickup',
      requestedShippingOption: true,
      logistics: { pickupDetails: storePickup.pickup },
    });
    expect(chosen.priceSummary.shipping).toBe(0);
  });

  it('selects nothing when only a pickup serves the address, and says the items can be picked up', () => {
    const abroad = flatShipping('abroad', 100, { deliveryRegions: [{ destinations: [{ country: 'FR' }] }] });
    const totals = ship(undefined, { shippingAddress: { country: 'JP' }, shippingOptions: [abroad, storePickup] });
    expect(totals.shippingInfo.selectedCarrierServiceOption).toBeUndefined();
    expect(totals.priceSummary.shipping).toBe(0);
    expect(totals.calculationErrors).toEqual([
      expect.objectContaining({
        type: 'SHIPPING',
        code: 'NO_SHIPPING_OPTION_FOR_DESTINATION',
        description: expect.stringContaining('picked up'),
      }),
    ]);
  });

  it('needs no shipping when no line ships', () => {
    const totals = calculateTotals(
      purchase([line('gift', { itemType: 'GIFT_CARD' }), line('lesson', { itemType: 'SERVICE' })], {
        shippingOptions: [flatShipping('std', 500)],
      }),
    );
    expect(totals.shippingInfo).toEqual({
      required: false,
      weightUnit: 'KG',
      totalWeight: 0,
      carrierServiceOptions: [],
    });
    expect(totals.calculationErrors).toEqual([]);
  });

  it('skips shipping when the caller asks not to calculate it', () => {
    const totals = ship(undefined, { shippingOptions: [flatShipping('std', 500)], calculateShipping: false });
    expect(totals.shippingInfo.carrierServiceOptions).toEqual([]);
    expect(totals.priceSummary.shipping).toBe(0);
    expect(totals.calculationErrors).toEqual([]);
  });

  it('keeps a chosen delivery slot the option offers and reports one it does not', () => {
    const slot = { from: '2025-06-03T09:00:00.000Z', to: '2025-06-03T12:00:00.000Z' };
    const slotted = flatShipping('slotted', 500, { deliveryTimeSlots: [slot] });
    const chosen = ship(undefined, {
      shippingOptions: [slotted],
      selectedShippingOption: { code: 'slotted', deliveryTimeSlot: { from: new Date(slot.from), to: slot.to } },
    });
    expect(chosen.shippingInfo.selectedCarrierServiceOption?.deliveryTimeSlot).toEqual(slot);
    const other = ship(undefined, {
      shippingOptions: [slotted],
      selectedShippingOption: { code: 'slotted', deliveryTimeSlot: { from: slot.to, to: '2025-06-03T15:00:00Z' } },
    });
    expect(other.shippingInfo.selectedCarrierServiceOption?.deliveryTimeSlot).toBeUndefined();
    expect(other.calculationErrors.map((e) => e.code)).toEqual(['DELIVERY_TIME_SLOT_NOT_AVAILABLE']);
  });
});

describe('applicableShippingOptions', () => {
  it('lists the options the buyer can choose, cheapest first', () => {
    const options = [
      flatShipping('express', 1500),
      tiered,
      flatShipping('mars', 1, { deliveryRegions: [] }),
      storePickup,
    ];
    const quotes = applicableShippingOptions(
      [...options, flatShipping('fr', 1, { deliveryRegions: [{ destinations: [{ country: 'FR' }] }] })],
      NEW_YORK,
      shipment({ totalWeight: 2 }),
    );
    expect(quotes.map((q) => [q.code, q.cost])).toEqual([
      ['pickup', 0],
      ['mars', 1],
      ['tiered', 900],
      ['express', 1500],
    ]);
  });
});
