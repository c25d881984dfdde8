import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAppError,
  expectNothingWritten,
  expectViolation,
  type ShippingKit,
  startShippingKit,
} from './shipping-test-kit.js';

let kit: ShippingKit;
beforeAll(async () => {
  kit = await startShippingKit();
});
afterAll(async () => {
  await kit.close();
});

const BASE = '/ecom/v1/shipping-options';
const full = (regionIds: string[]) => ({
  title: 'Express',
  estimatedDeliveryTime: '1-2 business days',
  deliveryRegionIds: regionIds,
  rates: [
    {
      amount: '12.50',
      conditions: [
        { type: 'BY_TOTAL_WEIGHT', operator: 'GT', value: '2.5' },
        { type: 'BY_TOTAL_WEIGHT', operator: 'LTE', value: '10' },
      ],
    },
    { amount: '5.00', conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GTE', value: '20.10' }] },
    {
      amount: '1.25',
      conditions: [{ type: 'BY_TOTAL_QUANTITY', operator: 'EQ', value: '3' }],
      multiplyByQuantity: true,
    },
  ],
  weightUnit: 'LB',
  freeShippingThreshold: '100.00',
  pickupDetails: {
    pickupMethod: 'STORE_PICKUP',
    address: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001', addressLine: '1 Main St' },
  },
  instructions: 'Ring twice',
  deliveryTimeSlots: [{ from: '2030-01-01T09:00:00+01:00', to: '2030-01-01T12:00:00Z' }],
});

describe('POST /ecom/v1/shipping-options', () => {
  it('creates an option with regions, conditional rates, threshold, pickup and slots in the wire shape', async () => {
    const [a, b] = [await kit.createRegion(), await kit.createRegion()];
    const seq = await kit.lastSeq();
    const res = await kit.owner.post(BASE, { shippingOption: full([a.id, b.id]) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const option = res.body.shippingOption;
    expect(option).toEqual({
      id: expect.any(String),
      revision: '1',
      createdDate: expect.stringMatching(/Z$/),
      updatedDate: option.createdDate,
      deliveryRegionId: a.id,
      deliveryRegionIds: [a.id, b.id],
      title: 'Express',
      estimatedDeliveryTime: '1-2 business days',
      rates: [
        {
          amount: '12.5',
          conditions: [
            { type: 'BY_TOTAL_WEIGHT', operator: 'GT', value: '2.5' },
            { type: 'BY_TOTAL_WEIGHT', operator: 'LTE', value: '10' },
          ],
          multiplyByQuantity: false,
        },
        {
          amount: '5',
          conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GTE', value: '20.1' }],
          multiplyByQuantity: false,
        },
        {
          amount: '1.25',
          conditions: [{ type: 'BY_TOTAL_QUANTITY', operator: 'EQ', value: '3' }],
          multiplyByQuantity: true,
        },
      ],
      active: true,
      weightUnit: 'LB',
      freeShippingThreshold: '100',
      pickupDetails: {
        pickupMethod: 'STORE_PICKUP',
        address: {
          country: 'US',
          subdivision: 'US-NY',
          city: 'New York',
          postalCode: '10001',
          addressLine: '1 Main St',
        },
      },
      instructions: 'Ring twice',
      deliveryTimeSlots: [{ from: '2030-01-01T08:00:00.000Z', to: '2030-01-01T12:00:00.000Z' }],
      extendedFields: { namespaces: {} },
    });
    const events = await kit.eventsSince(seq);
    expect(events).toEqual([
      {
        type: 'wix.ecom.shipping_options.v1.shipping_option_created',
        entityId: option.id,
        payload: { shippingOption: option },
      },
    ]);
  });

  it('fills the defaults of a minimal option and merges the deprecated deliveryRegionId', async () => {
    const region = await kit.createRegion();
    const option = await kit.createOption({ deliveryRegionId: region.id });
    expect(option).toMatchObject({
      deliveryRegionIds: [region.id],
      deliveryRegionId: region.id,
      rates: [{ amount: '5', conditions: [], multiplyByQuantity: false }],
      active: true,
      weightUnit: 'KG',
      deliveryTimeSlots: [],
    });
    expect(option).not.toHaveProperty('pickupDetails');
    expect(option).not.toHaveProperty('freeShippingThreshold');
    const bare = await kit.createOption();
    expect(bare.deliveryRegionIds).toEqual([]);
    expect(bare).not.toHaveProperty('deliveryRegionId');
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const region = await kit.createRegion();
    const ok = { title: 'x', rates: [{ amount: '1' }] };
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ rates: [{ amount: '1' }] }, 'shippingOption.title', 'REQUIRED_FIELD'],
      [{ ...ok, rates: [] }, 'shippingOption.rates', 'MIN_SIZE'],
      [{ ...ok, rates: [{ amount: '-1' }] }, 'shippingOption.rates[0].amount'],
      [{ ...ok, rates: [{ amount: 'ten' }] }, 'shippingOption.rates[0].amount'],
      [{ ...ok, rates: [{ amount: '1.234' }] }, 'shippingOption.rates[0].amount', 'DECIMAL_MAX_SCALE'],
      [{ ...ok, rates: [{ amount: '0.001' }] }, 'shippingOption.rates[0].amount', 'DECIMAL_MAX_SCALE'],
      [
        { ...ok, rates: [{ amount: '1', conditions: [{ type: 'BY_COLOR', operator: 'EQ', value: '1' }] }] },
        'shippingOption.rates[0].conditions[0].type',
        'INVALID_ENUM_VALUE',
      ],
      [
        { ...ok, rates: [{ amount: '1', conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'NE', value: '1' }] }] },
        'shippingOption.rates[0].conditions[0].operator',
        'INVALID_ENUM_VALUE',
      ],
      [
        { ...ok, rates: [{ amount: '1', conditions: [{ type: 'BY_TOTAL_QUANTITY', operator: 'GT', value: '1.5' }] }] },
        'shippingOption.rates[0].conditions[0].value',
      ],
      [
        { ...ok, rates: [{ amount: '1', conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GT', value: '-3' }] }] },
        'shippingOption.rates[0].conditions[0].value',
      ],
      [{ ...ok, weightUnit: 'G' }, 'shippingOption.weightUnit', 'INVALID_ENUM_VALUE'],
      [{ ...ok, freeShippingThreshold: '-5' }, 'shippingOption.freeShippingThreshold'],
      [
        { ...ok, pickupDetails: { pickupMethod: 'DRONE', address: { country: 'US' } } },
        'shippingOption.pickupDetails.pickupMethod',
        'INVALID_ENUM_VALUE',
      ],
      [
        { ...ok, pickupDetails: { pickupMethod: 'PICKUP_POINT', address: { country: 'XX' } } },
        'shippingOption.pickupDetails.address.country',
      ],
      [
        { ...ok, pickupDetails: { pickupMethod: 'PICKUP_POINT' } },
        'shippingOption.pickupDetails.address',
        'REQUIRED_FIELD',
      ],
      [
        { ...ok, deliveryTimeSlots: [{ from: '2030-01-01T12:00:00Z', to: '2030-01-01T12:00:00Z' }] },
        'shippingOption.deliveryTimeSlots[0].to',
      ],
      [
        { ...ok, deliveryTimeSlots: [{ from: 'tomorrow', to: '2030-01-01T12:00:00Z' }] },
        'shippingOption.deliveryTimeSlots[0].from',
        'FORMAT',
      ],
      [{ ...ok, deliveryRegionIds: [region.id, 'no-such-region'] }, 'shippingOption.deliveryRegionIds[1]'],
      [{ ...ok, deliveryRegionId: 'no-such-region' }, 'shippingOption.deliveryRegionId'],
      [{ ...ok, deliveryRegionIds: ['bad id!'] }, 'shippingOption.deliveryRegionIds[0]', 'FORMAT'],
    ];
    await expectNothingWritten(kit, async () => {
      for (const [shippingOption, field, rule] of cases) {
        expectViolation(await kit.owner.post(BASE, { shippingOption }), field, rule);
      }
      expectViolation(await kit.owner.post(BASE, {}), 'shippingOption', 'REQUIRED_FIELD');
    });
  });
});

describe('GET /ecom/v1/shipping-options/:id', () => {
  it('reads an option (the id repeated in the query string is ignored) and answers 404 for unknown ids', async () => {
    const option = await kit.createOption();
    const res = await kit.owner.get(`${BASE}/${option.id}`, { shippingOptionId: option.id });
    expect(res.status).toBe(200);
    expect(res.body.shippingOption).toEqual(option);
    expectAppError(await kit.owner.get(`${BASE}/nope`), 404, 'SHIPPING_OPTION_NOT_FOUND');
  });
});

describe('PATCH /ecom/v1/shipping-options/:id', () => {
  it('changes only the fields given, with the stored revision, and bumps it', async () => {
    const region = await kit.createRegion();
    const created = (await kit.owner.post(BASE, { shippingOption: full([region.id]) })).body.shippingOption;
    const seq = await kit.lastSeq();
    const res = await kit.owner.patch(`${BASE}/${created.id}`, {
      shippingOption: {
        id: created.id,
        revision: created.revision,
        title: 'Overnight',
        pickupDetails: null,
        active: false,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { revision, updatedDate, title, pickupDetails, active, ...rest } = res.body.shippingOption;
    const { revision: _r, updatedDate: _u, title: _t, pickupDetails: _p, active: _a, ...before } = created;
    expect({ revision, title, pickupDetails, active }).toEqual({
      revision: '2',
      title: 'Overnight',
      pickupDetails: undefined,
      active: false,
    });
    expect(rest).toEqual(before);
    expect(updatedDate >= created.updatedDate).toBe(true);
    expect((await kit.eventsSince(seq)).map((e) => e.type)).toEqual([
      'wix.ecom.shipping_options.v1.shipping_option_updated',
    ]);
  });

  it('accepts the revision as a number and replaces rates and regions', async () => {
    const [a, b] = [await kit.createRegion(), await kit.createRegion()];
    const option = await kit.createOption({ deliveryRegionIds: [a.id] });
    const res = await kit.owner.patch(`${BASE}/${option.id}`, {
      shippingOption: { revision: 1, rates: [{ amount: '0' }], deliveryRegionIds: [b.id, a.id] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shippingOption).toMatchObject({
      revision: '2',
      rates: [{ amount: '0', conditions: [] }],
      deliveryRegionIds: [b.id, a.id],
      deliveryRegionId: b.id,
    });
  });

  it('refuses a stale or missing revision and writes nothing', async () => {
    const option = await kit.createOption();
    await kit.owner.patch(`${BASE}/${option.id}`, { shippingOption: { revision: '1', title: 'First' } });
    await expectNothingWritten(kit, async () => {
      const stale = await kit.owner.patch(`${BASE}/${option.id}`, {
        shippingOption: { revision: '1', title: 'Second' },
      });
      expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
      expect(stale.body.details.applicationError.data).toEqual({ currentRevision: '2' });
      expectViolation(
        await kit.owner.patch(`${BASE}/${option.id}`, { shippingOption: { title: 'x' } }),
        'shippingOption.revision',
        'REQUIRED_FIELD',
      );
      expectViolation(
        await kit.owner.patch(`${BASE}/${option.id}`, { shippingOption: { revision: 'two' } }),
        'shippingOption.revision',
      );
    });
    expect((await kit.owner.get(`${BASE}/${option.id}`)).body.shippingOption.title).toBe('First');
  });

  it('lets exactly one of several updates from the same revision win', async () => {
    const option = await kit.createOption();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        kit.owner.patch(`${BASE}/${option.id}`, { shippingOption: { revision: '1', title: `T${n}` } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectAppError(r, 400, 'CONCURRENT_MODIFICATION');
    expect((await kit.owner.get(`${BASE}/${option.id}`)).body.shippingOption.revision).toBe('2');
  });

  it('refuses bad input and unknown ids', async () => {
    const option = await kit.createOption();
    await expectNothingWritten(kit, async () => {
      const url = `${BASE}/${option.id}`;
      expectViolation(
        await kit.owner.patch(url, { shippingOption: { revision: '1', rates: [{ amount: '-1' }] } }),
        'shippingOption.rates[0].amount',
      );
      expectViolation(
        await kit.owner.patch(url, { shippingOption: { revision: '1', deliveryRegionIds: ['missing'] } }),
        'shippingOption.deliveryRegionIds[0]',
      );
      expectViolation(
        await kit.owner.patch(url, { shippingOption: { revision: '1', title: '' } }),
        'shippingOption.title',
        'MIN_LENGTH',
      );
      expectAppError(
        await kit.owner.patch(`${BASE}/nope`, { shippingOption: { revision: '1', title: 'x' } }),
        404,
        'SHIPPING_OPTION_NOT_FOUND',
      );
    });
  });
});

describe('DELETE /ecom/v1/shipping-options/:id', () => {
  it('deletes an option and frees its regions; a second delete is 404', async () => {
    const region = await kit.createRegion();
    const option = await kit.createOption({ deliveryRegionIds: [region.id] });
    const seq = await kit.lastSeq();
    const res = await kit.owner.delete(`${BASE}/${option.id}?shippingOptionId=${option.id}`);
    expect(res).toMatchObject({ status: 200, body: {} });
    expect(await kit.eventsSince(seq)).toEqual([
      {
        type: 'wix.ecom.shipping_options.v1.shipping_option_deleted',
        entityId: option.id,
        payload: { shippingOptionId: option.id },
      },
    ]);
    expectAppError(await kit.owner.get(`${BASE}/${option.id}`), 404, 'SHIPPING_OPTION_NOT_FOUND');
    expectAppError(await kit.owner.delete(`${BASE}/${option.id}`), 404, 'SHIPPING_OPTION_NOT_FOUND');
    expect((await kit.owner.delete(`/_api/merx/v1/delivery-regions/${region.id}`)).status).toBe(200);
  });
});
