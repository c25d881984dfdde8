/**
 * Shipping options and tip settings driven through the public `@wix/sdk` + `@wix/ecom` packages with an API key,
 * as a merchant's script would (WIRE.md Appendix B `ecom_shipping-options`, `ecom_tip-settings`).
 */
import { startTestServer, type TestServer } from '@merx/server/testing';
import { shippingOptions, tipSettings } from '@wix/ecom';
import { ApiKeyStrategy, createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeR, type RecordedRequest, rewritingFetch, sdkError } from './wix-client.js';

let server: TestServer;
let realFetch: typeof fetch;
const requests: RecordedRequest[] = [];
let client: ReturnType<typeof makeClient>;

function makeClient(apiKey: string, fetchFn: typeof fetch) {
  return createClient({
    modules: { shippingOptions, tipSettings },
    auth: ApiKeyStrategy({ apiKey, siteId: 'test-site' }),
    fetch: fetchFn,
  });
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  realFetch = globalThis.fetch;
  const wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  globalThis.fetch = wrapped;
  client = makeClient(server.apiKey, wrapped);
});

afterAll(async () => {
  if (realFetch) globalThis.fetch = realFetch;
  await server?.close();
});

const last = (): RecordedRequest => {
  const request = requests.at(-1);
  if (!request) throw new Error('no request recorded');
  return request;
};

/** Delivery regions are Merx's own API: created over plain HTTP with the same key. */
async function createRegion(name: string, countryCode: string): Promise<string> {
  const res = await realFetch(`${server.baseUrl}/_api/merx/v1/delivery-regions`, {
    method: 'POST',
    headers: { authorization: server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ deliveryRegion: { name, destinations: [{ countryCode }] } }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { deliveryRegion: { id: string } }).deliveryRegion.id;
}

describe('shipping options through @wix/ecom', () => {
  let usId: string;
  let deId: string;
  let optionId: string;

  beforeAll(async () => {
    usId = await createRegion('United States', 'US');
    deId = await createRegion('Germany', 'DE');
  });

  it('createShippingOption sends the wire shape and reads back ids, dates and decimal amounts', async () => {
    const option = await client.shippingOptions.createShippingOption({
      title: 'Standard',
      estimatedDeliveryTime: '3-5 business days',
      deliveryRegionIds: [usId],
      rates: [
        { amount: '9.90', conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'LTE', value: '5' }] },
        { amount: '0', conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GTE', value: '100' }] },
      ],
    });
    expect(last()).toMatchObject({ method: 'POST', path: '/ecom/v1/shipping-options', status: 200 });
    expect(last().body).toMatchObject({ shippingOption: { title: 'Standard', deliveryRegionIds: [usId] } });
    expect(option._id).toEqual(expect.any(String));
    expect(option._createdDate).toBeInstanceOf(Date);
    expect(option._updatedDate).toBeInstanceOf(Date);
    expect(option).toMatchObject({
      revision: '1',
      deliveryRegionId: usId,
      deliveryRegionIds: [usId],
      estimatedDeliveryTime: '3-5 business days',
      rates: [
        {
          amount: '9.9',
          conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'LTE', value: '5' }],
          multiplyByQuantity: false,
        },
        {
          amount: '0',
          conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GTE', value: '100' }],
          multiplyByQuantity: false,
        },
      ],
    });
    optionId = option._id as string;
  });

  it('getShippingOption reads it by id', async () => {
    const option = await client.shippingOptions.getShippingOption(optionId);
    expect(last()).toMatchObject({ method: 'GET', path: `/ecom/v1/shipping-options/${optionId}` });
    expect(last().params.get('shippingOptionId')).toBe(optionId);
    expect(option).toMatchObject({ _id: optionId, title: 'Standard', revision: '1' });
  });

  it('updateShippingOption is compare-and-set on revision', async () => {
    const updated = await client.shippingOptions.updateShippingOption(optionId, {
      revision: '1',
      title: 'Standard Plus',
    });
    expect(last()).toMatchObject({ method: 'PATCH', path: `/ecom/v1/shipping-options/${optionId}` });
    expect(last().body).toEqual({ shippingOption: { id: optionId, revision: '1', title: 'Standard Plus' } });
    expect(updated).toMatchObject({ _id: optionId, revision: '2', title: 'Standard Plus' });
    const stale = await sdkError(
      client.shippingOptions.updateShippingOption(optionId, { revision: '1', title: 'Lost' }),
    );
    expect(stale.status).toBe(400);
    expect(stale.details?.applicationError?.code).toBe('CONCURRENT_MODIFICATION');
  });

  it('takes back the object it answered: get, change a field, update', async () => {
    const option = await client.shippingOptions.getShippingOption(optionId);
    const updated = await client.shippingOptions.updateShippingOption(optionId, {
      ...option,
      estimatedDeliveryTime: '2-4 business days',
    });
    expect(updated).toMatchObject({
      revision: '3',
      title: 'Standard Plus',
      estimatedDeliveryTime: '2-4 business days',
      deliveryRegionIds: [usId],
      rates: option.rates,
    });
  });

  it('addDeliveryRegion and removeDeliveryRegion answer the whole body', async () => {
    const added = await client.shippingOptions.addDeliveryRegion(optionId, deId, { revision: '3' });
    expect(last()).toMatchObject({ method: 'POST', path: `/ecom/v1/shipping-options/${optionId}/add-delivery-region` });
    expect(added.shippingOption).toMatchObject({ deliveryRegionIds: [usId, deId], revision: '4' });
    const removed = await client.shippingOptions.removeDeliveryRegion(optionId, usId, { revision: '4' });
    expect(removed.shippingOption).toMatchObject({ deliveryRegionIds: [deId], deliveryRegionId: deId, revision: '5' });
    const unknown = await sdkError(
      client.shippingOptions.addDeliveryRegion(optionId, 'no-such-region', { revision: null }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.details?.validationError?.fieldViolations.map((v) => v.field)).toEqual(['deliveryRegionId']);
  });

  it('updateExtendedFields keeps the revision', async () => {
    const res = await client.shippingOptions.updateExtendedFields(optionId, '@acme/labels', {
      namespaceData: { carrier: 'DHL' },
    });
    expect(last()).toMatchObject({
      method: 'POST',
      path: `/ecom/v1/shipping-options/${optionId}/update-extended-fields`,
    });
    expect(res.shippingOption).toMatchObject({
      revision: '5',
      extendedFields: { namespaces: { '@acme/labels': { carrier: 'DHL' } } },
    });
  });

  it('queryShippingOptions filters with .r, pages by cursor and falls back to POST for long queries', async () => {
    for (const n of [1, 2, 3]) {
      await client.shippingOptions.createShippingOption({
        title: `Zone ${n}`,
        estimatedDeliveryTime: `${n} days`,
        deliveryRegionIds: [usId],
        rates: [{ amount: String(n) }],
      });
    }
    const first = await client.shippingOptions
      .queryShippingOptions()
      .hasSome('deliveryRegionIds', [usId])
      .descending('estimatedDeliveryTime')
      .limit(2)
      .find();
    const sent = last();
    expect(sent).toMatchObject({ method: 'GET', path: '/ecom/v1/shipping-options/query' });
    expect(decodeR(sent)).toMatchObject({
      query: {
        filter: { deliveryRegionIds: { $hasSome: [usId] } },
        sort: [{ fieldName: 'estimatedDeliveryTime', order: 'DESC' }],
      },
    });
    expect(first.items.map((o) => o.title)).toEqual(['Zone 3', 'Zone 2']);
    expect(first.items[0]?._createdDate).toBeInstanceOf(Date);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.map((o) => o.title)).toEqual(['Zone 1']);
    expect(second.hasNext()).toBe(false);

    const ids = [
      optionId,
      ...Array.from({ length: 150 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    ];
    const long = await client.shippingOptions.queryShippingOptions().in('_id', ids).find();
    expect(last()).toMatchObject({ method: 'POST', path: '/ecom/v1/shipping-options/query', status: 200 });
    expect(long.items.map((o) => o._id)).toEqual([optionId]);
  });

  it('refuses bad input with field violations and unknown ids with a stable code', async () => {
    const bad = await sdkError(
      client.shippingOptions.createShippingOption({ title: 'Bad', rates: [{ amount: '-1' }] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.details?.validationError?.fieldViolations.map((v) => v.field)).toEqual([
      'shippingOption.rates[0].amount',
    ]);
    const missing = await sdkError(client.shippingOptions.getShippingOption('00000000-0000-4000-8000-000000000000'));
    expect(missing.status).toBe(404);
    expect(missing.details?.applicationError?.code).toBe('SHIPPING_OPTION_NOT_FOUND');
  });

  it('deleteShippingOption resolves, and the option is gone', async () => {
    await expect(client.shippingOptions.deleteShippingOption(optionId)).resolves.toBeUndefined();
    expect(last()).toMatchObject({ method: 'DELETE', path: `/ecom/v1/shipping-options/${optionId}`, status: 200 });
    const gone = await sdkError(client.shippingOptions.getShippingOption(optionId));
    expect(gone.details?.applicationError?.code).toBe('SHIPPING_OPTION_NOT_FOUND');
  });
});

describe('tip settings through @wix/ecom', () => {
  let defaultId: string;
  let extraId: string;

  it('createDefaultTipSettings and createTipSettings', async () => {
    const created = await client.tipSettings.createDefaultTipSettings({
      tipType: 'PERCENTAGE',
      presets: [{ value: 10 }, { value: 15, default: true }, { value: 20 }],
      allowCustomAmount: true,
    });
    expect(last()).toMatchObject({ method: 'POST', path: '/tip-settings/v1/tip-settings/create-default', status: 200 });
    expect(created.tipSettings).toMatchObject({ default: true, tipType: 'PERCENTAGE', revision: '1' });
    defaultId = created.tipSettings?._id as string;
    const again = await sdkError(client.tipSettings.createDefaultTipSettings({ presets: [{ value: 5 }] }));
    expect(again.status).toBe(409);
    expect(again.details?.applicationError?.code).toBe('DEFAULT_SETTINGS_ALREADY_EXISTS');

    const extra = await client.tipSettings.createTipSettings({
      tipType: 'AMOUNT',
      paymentTerminalId: 'terminal-1',
      presets: [{ value: 2 }, { value: 5 }],
    });
    expect(last()).toMatchObject({ method: 'POST', path: '/tip-settings/v1/tip-settings' });
    expect(extra).toMatchObject({ default: false, tipType: 'AMOUNT', presets: [{ value: 2 }, { value: 5 }] });
    extraId = extra._id as string;
  });

  it('updateTipSettings sends the id in the body', async () => {
    const updated = await client.tipSettings.updateTipSettings({
      _id: defaultId,
      revision: '1',
      allowCustomAmount: false,
    });
    expect(last()).toMatchObject({ method: 'PATCH', path: '/tip-settings/v1/tip-settings' });
    expect(last().body).toEqual({ tipSettings: { id: defaultId, revision: '1', allowCustomAmount: false } });
    expect(updated).toMatchObject({ _id: defaultId, revision: '2', allowCustomAmount: false });
  });

  it('queryTipSettings filters and sorts', async () => {
    const result = await client.tipSettings.queryTipSettings().eq('default', true).find();
    expect(result.items.map((t) => t._id)).toEqual([defaultId]);
    const all = await client.tipSettings.queryTipSettings().ascending('paymentTerminalId').find();
    expect(all.items.map((t) => t._id).sort()).toEqual([defaultId, extraId].sort());
  });

  it('refuses more than three presets and percentages over 100', async () => {
    const four = await sdkError(
      client.tipSettings.createTipSettings({ presets: [{ value: 1 }, { value: 2 }, { value: 3 }, { value: 4 }] }),
    );
    expect(four.status).toBe(400);
    expect(four.details?.validationError?.fieldViolations.map((v) => v.field)).toContain('tipSettings.presets');
    const high = await sdkError(
      client.tipSettings.createTipSettings({ tipType: 'PERCENTAGE', presets: [{ value: 120 }] }),
    );
    expect(high.details?.validationError?.fieldViolations.map((v) => v.field)).toContain(
      'tipSettings.presets[0].value',
    );
  });

  it('deleteTipSettings deletes extra settings but never the default', async () => {
    await expect(client.tipSettings.deleteTipSettings(extraId)).resolves.toEqual({});
    expect(last()).toMatchObject({ method: 'DELETE', path: `/tip-settings/v1/tip-settings/${extraId}`, status: 200 });
    const refused = await sdkError(client.tipSettings.deleteTipSettings(defaultId));
    expect(refused.details?.applicationError?.code).toBe('CANNOT_DELETE_DEFAULT_SETTINGS');
  });
});
