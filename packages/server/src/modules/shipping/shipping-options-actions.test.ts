import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAppError,
  expectNothingWritten,
  expectStaffOnly,
  expectViolation,
  type ShippingKit,
  startShippingKit,
  unique,
} from './shipping-test-kit.js';

let kit: ShippingKit;
beforeAll(async () => {
  kit = await startShippingKit();
});
afterAll(async () => {
  await kit.close();
});

const BASE = '/ecom/v1/shipping-options';

describe('add-delivery-region and remove-delivery-region', () => {
  it('adds and removes regions, bumping the revision only when something changes', async () => {
    const [a, b] = [await kit.createRegion(), await kit.createRegion()];
    const option = await kit.createOption({ deliveryRegionIds: [a.id] });
    const add = `${BASE}/${option.id}/add-delivery-region`;
    const remove = `${BASE}/${option.id}/remove-delivery-region`;
    const added = await kit.owner.post(add, { shippingOptionId: option.id, deliveryRegionId: b.id, revision: '1' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.shippingOption).toMatchObject({ deliveryRegionIds: [a.id, b.id], revision: '2' });
    const again = await kit.owner.post(add, { deliveryRegionId: b.id });
    expect(again.body.shippingOption).toMatchObject({ deliveryRegionIds: [a.id, b.id], revision: '2' });
    const removed = await kit.owner.post(remove, { deliveryRegionId: a.id, revision: '2' });
    expect(removed.body.shippingOption).toMatchObject({
      deliveryRegionIds: [b.id],
      deliveryRegionId: b.id,
      revision: '3',
    });
    const unchanged = await kit.owner.post(remove, { deliveryRegionId: a.id, revision: null });
    expect(unchanged.body.shippingOption.revision).toBe('3');
  });

  it('refuses unknown regions (400), unknown options (404) and stale revisions', async () => {
    const region = await kit.createRegion();
    const option = await kit.createOption();
    await expectNothingWritten(kit, async () => {
      for (const action of ['add-delivery-region', 'remove-delivery-region']) {
        const url = `${BASE}/${option.id}/${action}`;
        expectViolation(await kit.owner.post(url, { deliveryRegionId: 'missing' }), 'deliveryRegionId');
        expectViolation(await kit.owner.post(url, {}), 'deliveryRegionId', 'REQUIRED_FIELD');
        expectAppError(
          await kit.owner.post(url, { deliveryRegionId: region.id, revision: '7' }),
          400,
          'CONCURRENT_MODIFICATION',
        );
        expectAppError(
          await kit.owner.post(`${BASE}/nope/${action}`, { deliveryRegionId: region.id }),
          404,
          'SHIPPING_OPTION_NOT_FOUND',
        );
      }
    });
  });
});

describe('POST /ecom/v1/shipping-options/:id/update-extended-fields', () => {
  it('replaces one namespace and keeps the revision', async () => {
    const option = await kit.createOption({ extendedFields: { namespaces: { other: { keep: true } } } });
    const url = `${BASE}/${option.id}/update-extended-fields`;
    const res = await kit.owner.post(url, { id: option.id, namespace: '@acme/app', namespaceData: { level: 3 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shippingOption).toMatchObject({
      revision: '1',
      extendedFields: { namespaces: { other: { keep: true }, '@acme/app': { level: 3 } } },
    });
    await expectNothingWritten(kit, async () => {
      expectViolation(await kit.owner.post(url, { namespaceData: {} }), 'namespace', 'REQUIRED_FIELD');
      expectViolation(await kit.owner.post(url, { namespace: 'x' }), 'namespaceData', 'REQUIRED_FIELD');
      expectAppError(
        await kit.owner.post(`${BASE}/nope/update-extended-fields`, { namespace: 'x', namespaceData: {} }),
        404,
        'SHIPPING_OPTION_NOT_FOUND',
      );
    });
  });
});

describe('query shipping options', () => {
  it('filters, sorts and pages by cursor through GET .r and POST alike', async () => {
    const prefix = unique('Q');
    const region = await kit.createRegion();
    for (const n of [3, 1, 4, 2, 5]) {
      await kit.createOption({ title: `${prefix} ${n}`, deliveryRegionIds: n % 2 ? [region.id] : [] });
    }
    const query = {
      filter: { title: { $startsWith: prefix } },
      sort: [{ fieldName: 'title', order: 'DESC' }],
      cursorPaging: { limit: 2 },
    };
    const first = await kit.owner.getR(`${BASE}/query`, { query });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.shippingOptions.map((o: { title: string }) => o.title)).toEqual([`${prefix} 5`, `${prefix} 4`]);
    expect(first.body.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    const titles: string[] = first.body.shippingOptions.map((o: { title: string }) => o.title);
    let cursor = first.body.pagingMetadata.cursors.next;
    while (cursor) {
      const page = await kit.owner.post(`${BASE}/query`, { query: { cursorPaging: { limit: 2, cursor } } });
      titles.push(...page.body.shippingOptions.map((o: { title: string }) => o.title));
      cursor = page.body.pagingMetadata.cursors.next;
    }
    expect(titles).toEqual([5, 4, 3, 2, 1].map((n) => `${prefix} ${n}`));

    const inRegion = await kit.owner.post(`${BASE}/query`, {
      query: { filter: { deliveryRegionIds: { $hasSome: [region.id] } }, sort: [{ fieldName: 'title' }] },
    });
    expect(inRegion.body.shippingOptions.map((o: { title: string }) => o.title)).toEqual(
      [1, 3, 5].map((n) => `${prefix} ${n}`),
    );
    const legacy = await kit.owner.getR(`${BASE}/query`, { query: { filter: { deliveryRegionId: region.id } } });
    expect(legacy.body.shippingOptions).toHaveLength(3);
  });

  it('pages by offset with a total, and filters on flags and pickup', async () => {
    const prefix = unique('P');
    await kit.createOption({ title: `${prefix} a`, active: false });
    await kit.createOption({
      title: `${prefix} b`,
      pickupDetails: { pickupMethod: 'PICKUP_POINT', address: { country: 'DE' } },
    });
    await kit.createOption({ title: `${prefix} c` });
    const byTitle = { title: { $startsWith: prefix } };
    const page = await kit.owner.post(`${BASE}/query`, { query: { filter: byTitle, paging: { limit: 2, offset: 2 } } });
    expect(page.body.pagingMetadata).toEqual({ count: 1, offset: 2, total: 3, tooManyToCount: false, hasNext: false });
    const inactive = await kit.owner.post(`${BASE}/query`, {
      query: { filter: { $and: [byTitle, { active: false }] } },
    });
    expect(inactive.body.shippingOptions.map((o: { title: string }) => o.title)).toEqual([`${prefix} a`]);
    const pickup = await kit.owner.post(`${BASE}/query`, {
      query: { filter: { $and: [byTitle, { 'pickupDetails.pickupMethod': 'PICKUP_POINT' }] } },
    });
    expect(pickup.body.shippingOptions.map((o: { title: string }) => o.title)).toEqual([`${prefix} b`]);
  });

  it('refuses unknown fields and operators naming the path', async () => {
    expectViolation(
      await kit.owner.post(`${BASE}/query`, { query: { filter: { color: 'red' } } }),
      'query.filter.color',
    );
    expectViolation(
      await kit.owner.post(`${BASE}/query`, { query: { filter: { deliveryRegionIds: { $startsWith: 'a' } } } }),
      'query.filter.deliveryRegionIds.$startsWith',
    );
    expectViolation(
      await kit.owner.post(`${BASE}/query`, { query: { cursorPaging: { limit: 101 } } }),
      'query.cursorPaging.limit',
      'MAX',
    );
  });
});

describe('who may call', () => {
  it('keeps visitors (401) and members and other scopes (403) away from every route', async () => {
    const option = await kit.createOption();
    const region = await kit.createRegion();
    const url = `${BASE}/${option.id}`;
    const calls = [
      (c: typeof kit.owner) => c.post(BASE, { shippingOption: { title: 'x', rates: [{ amount: '1' }] } }),
      (c: typeof kit.owner) => c.get(url),
      (c: typeof kit.owner) => c.patch(url, { shippingOption: { revision: '1', title: 'y' } }),
      (c: typeof kit.owner) => c.delete(url),
      (c: typeof kit.owner) => c.getR(`${BASE}/query`, { query: {} }),
      (c: typeof kit.owner) => c.post(`${BASE}/query`, { query: {} }),
      (c: typeof kit.owner) => c.post(`${url}/add-delivery-region`, { deliveryRegionId: region.id }),
      (c: typeof kit.owner) => c.post(`${url}/remove-delivery-region`, { deliveryRegionId: region.id }),
      (c: typeof kit.owner) => c.post(`${url}/update-extended-fields`, { namespace: 'x', namespaceData: {} }),
    ];
    for (const call of calls) await expectStaffOnly(kit, call);
  });

  it('lets a shipping:read key read but not write', async () => {
    const option = await kit.createOption();
    expect((await kit.reader.get(`${BASE}/${option.id}`)).status).toBe(200);
    expect((await kit.reader.post(`${BASE}/query`, {})).status).toBe(200);
    await expectNothingWritten(kit, async () => {
      expectAppError(
        await kit.reader.post(BASE, { shippingOption: { title: 'x', rates: [{ amount: '1' }] } }),
        403,
        'PERMISSION_DENIED',
      );
      expectAppError(await kit.reader.delete(`${BASE}/${option.id}`), 403, 'PERMISSION_DENIED');
    });
  });
});
