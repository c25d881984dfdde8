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

const BASE = '/_api/merx/v1/delivery-regions';

describe('delivery regions', () => {
  it('creates a region of countries and subdivisions, de-duplicating subdivisions', async () => {
    const seq = await kit.lastSeq();
    const res = await kit.owner.post(BASE, {
      deliveryRegion: {
        name: 'North America',
        destinations: [{ countryCode: 'US', subdivisions: ['CA', 'NY', 'CA'] }, { countryCode: 'CA' }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const region = res.body.deliveryRegion;
    expect(region).toEqual({
      id: expect.any(String),
      revision: '1',
      createdDate: expect.stringMatching(/Z$/),
      updatedDate: region.createdDate,
      name: 'North America',
      destinations: [
        { countryCode: 'US', subdivisions: ['CA', 'NY'] },
        { countryCode: 'CA', subdivisions: [] },
      ],
      active: true,
    });
    expect(await kit.eventsSince(seq)).toEqual([
      { type: 'merx.shipping.v1.delivery_region_created', entityId: region.id, payload: { deliveryRegion: region } },
    ]);
    expect((await kit.owner.get(`${BASE}/${region.id}`)).body.deliveryRegion).toEqual(region);
  });

  it('lists regions by name', async () => {
    const z = await kit.createRegion({ name: 'zz last' });
    const a = await kit.createRegion({ name: 'AA first' });
    const names = (await kit.owner.get(BASE)).body.deliveryRegions.map((r: { id: string }) => r.id);
    expect(names.indexOf(a.id)).toBeLessThan(names.indexOf(z.id));
  });

  it('updates the fields given with compare-and-set on revision', async () => {
    const region = await kit.createRegion();
    const res = await kit.owner.patch(`${BASE}/${region.id}`, {
      deliveryRegion: { revision: '1', active: false, destinations: [{ countryCode: 'GB', subdivisions: ['SCT'] }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deliveryRegion).toMatchObject({
      revision: '2',
      name: region.name,
      active: false,
      destinations: [{ countryCode: 'GB', subdivisions: ['SCT'] }],
    });
    await expectNothingWritten(kit, async () => {
      expectAppError(
        await kit.owner.patch(`${BASE}/${region.id}`, { deliveryRegion: { revision: '1', name: 'x' } }),
        400,
        'CONCURRENT_MODIFICATION',
      );
    });
    const unversioned = await kit.owner.patch(`${BASE}/${region.id}`, { deliveryRegion: { name: 'Renamed' } });
    expect(unversioned.body.deliveryRegion).toMatchObject({ revision: '3', name: 'Renamed' });
  });

  it('refuses bad countries, subdivisions, repeats and empty lists naming the field', async () => {
    const region = await kit.createRegion();
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ destinations: [{ countryCode: 'US' }] }, 'deliveryRegion.name', 'REQUIRED_FIELD'],
      [{ name: 'x', destinations: [] }, 'deliveryRegion.destinations', 'MIN_SIZE'],
      [{ name: 'x', destinations: [{ countryCode: 'XX' }] }, 'deliveryRegion.destinations[0].countryCode'],
      [{ name: 'x', destinations: [{ countryCode: 'us' }] }, 'deliveryRegion.destinations[0].countryCode'],
      [{ name: 'x', destinations: [{ countryCode: 'UK' }] }, 'deliveryRegion.destinations[0].countryCode'],
      [
        { name: 'x', destinations: [{ countryCode: 'US', subdivisions: ['US-CA'] }] },
        'deliveryRegion.destinations[0].subdivisions[0]',
        'FORMAT',
      ],
      [
        { name: 'x', destinations: [{ countryCode: 'US' }, { countryCode: 'US', subdivisions: ['CA'] }] },
        'deliveryRegion.destinations[1].countryCode',
      ],
      [{ name: 'x', destinations: [{ countryCode: 'US' }], active: 'yes' }, 'deliveryRegion.active'],
    ];
    await expectNothingWritten(kit, async () => {
      for (const [deliveryRegion, field, rule] of cases) {
        expectViolation(await kit.owner.post(BASE, { deliveryRegion }), field, rule);
      }
      expectViolation(
        await kit.owner.patch(`${BASE}/${region.id}`, { deliveryRegion: { destinations: [{ countryCode: 'ZZ' }] } }),
        'deliveryRegion.destinations[0].countryCode',
      );
    });
  });

  it('answers 404 DELIVERY_REGION_NOT_FOUND for unknown ids', async () => {
    expectAppError(await kit.owner.get(`${BASE}/nope`), 404, 'DELIVERY_REGION_NOT_FOUND');
    expectAppError(
      await kit.owner.patch(`${BASE}/nope`, { deliveryRegion: { name: 'x' } }),
      404,
      'DELIVERY_REGION_NOT_FOUND',
    );
    expectAppError(await kit.owner.delete(`${BASE}/nope`), 404, 'DELIVERY_REGION_NOT_FOUND');
  });

  it('refuses to delete a region that shipping options use, and deletes it once they stop', async () => {
    const region = await kit.createRegion();
    const option = await kit.createOption({ deliveryRegionIds: [region.id] });
    await expectNothingWritten(kit, async () => {
      const res = await kit.owner.delete(`${BASE}/${region.id}`);
      expectAppError(res, 400, 'DELIVERY_REGION_IN_USE');
      expect(res.body.details.applicationError.data).toEqual({ id: region.id, shippingOptionIds: [option.id] });
    });
    await kit.owner.post(`/ecom/v1/shipping-options/${option.id}/remove-delivery-region`, {
      deliveryRegionId: region.id,
    });
    const seq = await kit.lastSeq();
    expect(await kit.owner.delete(`${BASE}/${region.id}`)).toMatchObject({ status: 200, body: {} });
    expect((await kit.eventsSince(seq)).map((e) => e.type)).toEqual(['merx.shipping.v1.delivery_region_deleted']);
    expectAppError(await kit.owner.get(`${BASE}/${region.id}`), 404, 'DELIVERY_REGION_NOT_FOUND');
  });

  it('is for staff only', async () => {
    const region = await kit.createRegion();
    const url = `${BASE}/${region.id}`;
    for (const call of [
      (c: typeof kit.owner) => c.post(BASE, { deliveryRegion: { name: 'x', destinations: [{ countryCode: 'US' }] } }),
      (c: typeof kit.owner) => c.get(BASE),
      (c: typeof kit.owner) => c.get(url),
      (c: typeof kit.owner) => c.patch(url, { deliveryRegion: { name: 'x' } }),
      (c: typeof kit.owner) => c.delete(url),
    ]) {
      await expectStaffOnly(kit, call);
    }
    expect((await kit.reader.get(url)).status).toBe(200);
    expectAppError(await kit.reader.patch(url, { deliveryRegion: { name: 'x' } }), 403, 'PERMISSION_DENIED');
  });
});
