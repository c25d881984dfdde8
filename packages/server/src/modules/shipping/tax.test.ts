import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAppError,
  expectNothingWritten,
  expectStaffOnly,
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

const REGIONS = '/_api/merx/v1/tax-regions';
const SETTINGS = '/_api/merx/v1/tax-settings';
const california = {
  country: 'US',
  subdivision: 'CA',
  rateType: 'MANUAL_RATE',
  jurisdictions: [
    { name: 'California', type: 'STATE', rate: '0.0725' },
    { name: 'Los Angeles County', type: 'COUNTY', rate: '0.01' },
  ],
  shippingTaxable: true,
};

async function createRegion(taxRegion: Record<string, unknown>) {
  const res = await kit.owner.post(REGIONS, { taxRegion });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.taxRegion;
}

describe('tax regions', () => {
  it('creates a region with jurisdictions, rates as decimal fractions', async () => {
    const seq = await kit.lastSeq();
    const region = await createRegion(california);
    expect(region).toEqual({
      id: expect.any(String),
      revision: '1',
      createdDate: expect.stringMatching(/Z$/),
      updatedDate: region.createdDate,
      ...california,
    });
    expect(await kit.eventsSince(seq)).toEqual([
      { type: 'merx.tax.v1.tax_region_created', entityId: region.id, payload: { taxRegion: region } },
    ]);
    expect((await kit.owner.get(`${REGIONS}/${region.id}`)).body.taxRegion).toEqual(region);
  });

  it('keeps one region per country and subdivision: a duplicate is 409', async () => {
    const whole = await createRegion({
      country: 'DE',
      subdivision: '*',
      rateType: 'MANUAL_RATE',
      jurisdictions: [{ name: 'Germany', type: 'COUNTRY', rate: '0.19' }],
    });
    expect(whole).not.toHaveProperty('subdivision');
    expect(whole.shippingTaxable).toBe(false);
    const bavaria = await createRegion({ country: 'DE', subdivision: 'BY', rateType: 'NO_TAX_COLLECTED' });
    await expectNothingWritten(kit, async () => {
      expectAppError(
        await kit.owner.post(REGIONS, { taxRegion: { country: 'DE', rateType: 'NO_TAX_COLLECTED' } }),
        409,
        'TAX_REGION_ALREADY_EXISTS',
      );
      expectAppError(
        await kit.owner.post(REGIONS, { taxRegion: { country: 'DE', subdivision: '', rateType: 'NO_TAX_COLLECTED' } }),
        409,
        'TAX_REGION_ALREADY_EXISTS',
      );
      expectAppError(
        await kit.owner.patch(`${REGIONS}/${bavaria.id}`, { taxRegion: { subdivision: null } }),
        409,
        'TAX_REGION_ALREADY_EXISTS',
      );
    });
    const results = await Promise.all(
      [1, 2, 3].map(() => kit.owner.post(REGIONS, { taxRegion: { country: 'FR', rateType: 'NO_TAX_COLLECTED' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('lists regions by country, the whole country first', async () => {
    await createRegion({ country: 'CA', subdivision: 'ON', rateType: 'NO_TAX_COLLECTED' });
    await createRegion({
      country: 'CA',
      rateType: 'MANUAL_RATE',
      jurisdictions: [{ name: 'GST', type: 'COUNTRY', rate: '0.05' }],
    });
    const list = (await kit.owner.get(REGIONS)).body.taxRegions.filter((r: { country: string }) => r.country === 'CA');
    expect(list.map((r: { subdivision?: string }) => r.subdivision ?? '')).toEqual(['', 'ON']);
  });

  it('updates fields with compare-and-set; switching to NO_TAX_COLLECTED drops the jurisdictions', async () => {
    const region = await createRegion({ ...california, country: 'MX', subdivision: 'JAL' });
    const stale = await kit.owner.patch(`${REGIONS}/${region.id}`, {
      taxRegion: { revision: '5', shippingTaxable: false },
    });
    expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
    const res = await kit.owner.patch(`${REGIONS}/${region.id}`, {
      taxRegion: { id: region.id, revision: '1', jurisdictions: [{ name: 'IVA', type: 'COUNTRY', rate: '0.16' }] },
    });
    expect(res.body.taxRegion).toMatchObject({
      revision: '2',
      jurisdictions: [{ name: 'IVA', type: 'COUNTRY', rate: '0.16' }],
    });
    const none = await kit.owner.patch(`${REGIONS}/${region.id}`, { taxRegion: { rateType: 'NO_TAX_COLLECTED' } });
    expect(none.body.taxRegion).toMatchObject({ revision: '3', rateType: 'NO_TAX_COLLECTED', jurisdictions: [] });
    expectViolation(
      await kit.owner.patch(`${REGIONS}/${region.id}`, { taxRegion: { rateType: 'MANUAL_RATE' } }),
      'taxRegion.jurisdictions',
      'MIN_SIZE',
    );
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const ok = {
      country: 'IT',
      rateType: 'MANUAL_RATE',
      jurisdictions: [{ name: 'IVA', type: 'COUNTRY', rate: '0.22' }],
    };
    const j = (patch: Record<string, unknown>) => ({ ...ok, jurisdictions: [{ ...ok.jurisdictions[0], ...patch }] });
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ ...ok, country: 'Italy' }, 'taxRegion.country'],
      [{ ...ok, subdivision: 'Lombardy' }, 'taxRegion.subdivision'],
      [{ ...ok, rateType: 'AUTO_RATE' }, 'taxRegion.rateType', 'INVALID_ENUM_VALUE'],
      [{ ...ok, jurisdictions: [] }, 'taxRegion.jurisdictions', 'MIN_SIZE'],
      [
        { country: 'IT', rateType: 'NO_TAX_COLLECTED', jurisdictions: ok.jurisdictions },
        'taxRegion.jurisdictions',
        'FIELD_NOT_ALLOWED',
      ],
      [j({ type: 'PROVINCE' }), 'taxRegion.jurisdictions[0].type', 'INVALID_ENUM_VALUE'],
      [j({ rate: '-0.1' }), 'taxRegion.jurisdictions[0].rate'],
      [j({ rate: '1.5' }), 'taxRegion.jurisdictions[0].rate'],
      [j({ rate: '0.1234567' }), 'taxRegion.jurisdictions[0].rate'],
      [j({ rate: 22 }), 'taxRegion.jurisdictions[0].rate'],
      [j({ name: '' }), 'taxRegion.jurisdictions[0].name', 'MIN_LENGTH'],
    ];
    await expectNothingWritten(kit, async () => {
      for (const [taxRegion, field, rule] of cases) {
        expectViolation(await kit.owner.post(REGIONS, { taxRegion }), field, rule);
      }
    });
  });

  it('deletes regions and answers 404 TAX_REGION_NOT_FOUND for unknown ids', async () => {
    const region = await createRegion({ country: 'ES', rateType: 'NO_TAX_COLLECTED' });
    expect(await kit.owner.delete(`${REGIONS}/${region.id}`)).toMatchObject({ status: 200, body: {} });
    for (const res of [
      await kit.owner.get(`${REGIONS}/${region.id}`),
      await kit.owner.patch(`${REGIONS}/${region.id}`, { taxRegion: { shippingTaxable: true } }),
      await kit.owner.delete(`${REGIONS}/${region.id}`),
    ]) {
      expectAppError(res, 404, 'TAX_REGION_NOT_FOUND');
    }
  });
});

describe('tax settings', () => {
  it('starts from defaults, then keeps what the merchant saves, with compare-and-set', async () => {
    expect((await kit.owner.get(SETTINGS)).body.taxSettings).toEqual({
      taxableAddress: 'SHIPPING',
      taxIncludedInItemPrices: false,
      revision: '0',
    });
    const seq = await kit.lastSeq();
    const saved = await kit.owner.patch(SETTINGS, {
      taxSettings: {
        revision: '0',
        taxableAddress: 'BUSINESS',
        businessAddress: {
          country: 'US',
          subdivision: 'US-CA',
          city: 'Los Angeles',
          addressLine: '1 Sunset Blvd',
          streetAddress: { number: '', name: '' },
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.taxSettings).toEqual({
      taxableAddress: 'BUSINESS',
      taxIncludedInItemPrices: false,
      businessAddress: { country: 'US', subdivision: 'US-CA', city: 'Los Angeles', addressLine: '1 Sunset Blvd' },
      revision: '1',
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    });
    expect((await kit.eventsSince(seq)).map((e) => e.type)).toEqual(['merx.tax.v1.tax_settings_updated']);
    const inclusive = await kit.owner.patch(SETTINGS, { taxSettings: { taxIncludedInItemPrices: true } });
    expect(inclusive.body.taxSettings).toMatchObject({
      revision: '2',
      taxableAddress: 'BUSINESS',
      taxIncludedInItemPrices: true,
    });
    expect((await kit.owner.get(SETTINGS)).body.taxSettings).toEqual(inclusive.body.taxSettings);
    await expectNothingWritten(kit, async () => {
      expectAppError(
        await kit.owner.patch(SETTINGS, { taxSettings: { revision: '1', taxableAddress: 'BILLING' } }),
        400,
        'CONCURRENT_MODIFICATION',
      );
      expectViolation(
        await kit.owner.patch(SETTINGS, { taxSettings: { taxableAddress: 'HOME' } }),
        'taxSettings.taxableAddress',
        'INVALID_ENUM_VALUE',
      );
      expectViolation(
        await kit.owner.patch(SETTINGS, { taxSettings: { businessAddress: { city: 'x' } } }),
        'taxSettings.businessAddress.country',
        'REQUIRED_FIELD',
      );
      expectViolation(
        await kit.owner.patch(SETTINGS, { taxSettings: { taxIncludedInItemPrices: 'yes' } }),
        'taxSettings.taxIncludedInItemPrices',
      );
    });
    const cleared = await kit.owner.patch(SETTINGS, { taxSettings: { businessAddress: null } });
    expect(cleared.body.taxSettings).not.toHaveProperty('businessAddress');
  });

  it('is for staff only', async () => {
    const region = await createRegion({ country: 'PT', rateType: 'NO_TAX_COLLECTED' });
    for (const call of [
      (c: typeof kit.owner) => c.post(REGIONS, { taxRegion: { country: 'NL', rateType: 'NO_TAX_COLLECTED' } }),
      (c: typeof kit.owner) => c.get(REGIONS),
      (c: typeof kit.owner) => c.get(`${REGIONS}/${region.id}`),
      (c: typeof kit.owner) => c.patch(`${REGIONS}/${region.id}`, { taxRegion: { shippingTaxable: true } }),
      (c: typeof kit.owner) => c.delete(`${REGIONS}/${region.id}`),
      (c: typeof kit.owner) => c.get(SETTINGS),
      (c: typeof kit.owner) => c.patch(SETTINGS, { taxSettings: { taxableAddress: 'BILLING' } }),
    ]) {
      await expectStaffOnly(kit, call);
    }
    expect((await kit.reader.get(SETTINGS)).status).toBe(200);
    expectAppError(await kit.reader.patch(SETTINGS, { taxSettings: {} }), 403, 'PERMISSION_DENIED');
  });
});
