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

const BASE = '/tip-settings/v1/tip-settings';
const presets = [{ value: 10 }, { value: 15, default: true }, { value: 20 }];

async function create(tipSettings: Record<string, unknown> = {}) {
  const res = await kit.owner.post(BASE, { tipSettings: { presets, ...tipSettings } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.tipSettings;
}

describe('tip settings', () => {
  it('creates the default settings once; a second default is 409 and cannot be deleted', async () => {
    const seq = await kit.lastSeq();
    const res = await kit.owner.post(`${BASE}/create-default`, {
      tipSettings: {
        tipType: 'PERCENTAGE',
        presets: [{ value: 12.5, default: true }, { value: 18 }],
        allowCustomAmount: false,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const settings = res.body.tipSettings;
    expect(settings).toEqual({
      id: expect.any(String),
      revision: '1',
      createdDate: expect.any(String),
      updatedDate: settings.createdDate,
      tipType: 'PERCENTAGE',
      presets: [
        { value: 12.5, default: true },
        { value: 18, default: false },
      ],
      allowCustomerTip: true,
      allowBusinessTipAtPayment: true,
      allowCustomAmount: false,
      allowEditDistribution: true,
      staffDistributionMethod: 'EQUAL',
      default: true,
      extendedFields: { namespaces: {} },
    });
    expect(await kit.eventsSince(seq)).toEqual([
      { type: 'wix.tips.settings.v1.tip_settings_created', entityId: settings.id, payload: { tipSettings: settings } },
    ]);
    await expectNothingWritten(kit, async () => {
      expectAppError(
        await kit.owner.post(`${BASE}/create-default`, { tipSettings: { presets } }),
        409,
        'DEFAULT_SETTINGS_ALREADY_EXISTS',
      );
      expectAppError(await kit.owner.delete(`${BASE}/${settings.id}`), 400, 'CANNOT_DELETE_DEFAULT_SETTINGS');
    });
  });

  it('creates further settings with amount presets in the store currency', async () => {
    const settings = await create({
      tipType: 'AMOUNT',
      presets: [{ value: 1 }, { value: 2.5 }, { value: 5, default: true }],
      locationId: 'front-desk',
    });
    expect(settings).toMatchObject({
      tipType: 'AMOUNT',
      presets: [
        { value: 1, default: false },
        { value: 2.5, default: false },
        { value: 5, default: true },
      ],
      default: false,
      locationId: 'front-desk',
    });
  });

  it('refuses more than three presets, negative values, percentages over 100 and other bad input', async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ presets: [{ value: 1 }, { value: 2 }, { value: 3 }, { value: 4 }] }, 'tipSettings.presets', 'MAX_SIZE'],
      [{ presets: [] }, 'tipSettings.presets', 'MIN_SIZE'],
      [{ presets: undefined }, 'tipSettings.presets', 'REQUIRED_FIELD'],
      [{ presets: [{ value: -1 }] }, 'tipSettings.presets[0].value', 'MIN'],
      [{ presets: [{ value: 10 }, { value: 101 }] }, 'tipSettings.presets[1].value', 'MAX'],
      [{ presets: [{ value: 10.555 }] }, 'tipSettings.presets[0].value', 'DECIMAL_MAX_SCALE'],
      [{ tipType: 'AMOUNT', presets: [{ value: 1.005 }] }, 'tipSettings.presets[0].value', 'DECIMAL_MAX_SCALE'],
      [
        {
          presets: [
            { value: 5, default: true },
            { value: 6, default: true },
          ],
        },
        'tipSettings.presets[1].default',
      ],
      [{ tipType: 'TIP' }, 'tipSettings.tipType', 'INVALID_ENUM_VALUE'],
      [{ tipType: 'UNKNOWN_TIP_TYPE' }, 'tipSettings.tipType', 'INVALID_ENUM_VALUE'],
      [{ staffDistributionMethod: 'RANDOM' }, 'tipSettings.staffDistributionMethod', 'INVALID_ENUM_VALUE'],
      [{ default: true }, 'tipSettings.default', 'FIELD_NOT_ALLOWED'],
      [{ locationId: 'a', userId: 'b' }, 'tipSettings.userId', 'ONE_OF_ALIGNMENT'],
      [{ paymentTerminalId: 'x'.repeat(31) }, 'tipSettings.paymentTerminalId', 'MAX_LENGTH'],
    ];
    await expectNothingWritten(kit, async () => {
      for (const [patch, field, rule] of cases) {
        expectViolation(await kit.owner.post(BASE, { tipSettings: { presets, ...patch } }), field, rule);
      }
    });
  });

  it('updates by the id in the body, with compare-and-set, re-reading presets under a new tip type', async () => {
    const settings = await create();
    const seq = await kit.lastSeq();
    const res = await kit.owner.patch(BASE, {
      tipSettings: { id: settings.id, revision: '1', tipType: 'AMOUNT', allowCustomAmount: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tipSettings).toMatchObject({
      revision: '2',
      tipType: 'AMOUNT',
      presets: [{ value: 10 }, { value: 15 }, { value: 20 }],
      allowCustomAmount: false,
    });
    expect((await kit.eventsSince(seq)).map((e) => e.type)).toEqual(['wix.tips.settings.v1.tip_settings_updated']);
    await expectNothingWritten(kit, async () => {
      expectAppError(
        await kit.owner.patch(BASE, { tipSettings: { id: settings.id, revision: '1', allowCustomerTip: false } }),
        400,
        'CONCURRENT_MODIFICATION',
      );
      expectViolation(
        await kit.owner.patch(BASE, { tipSettings: { allowCustomerTip: false } }),
        'tipSettings.id',
        'REQUIRED_FIELD',
      );
      expectViolation(
        await kit.owner.patch(BASE, { tipSettings: { id: settings.id, presets: [{ value: -5 }] } }),
        'tipSettings.presets[0].value',
        'MIN',
      );
      expectViolation(
        await kit.owner.patch(BASE, { tipSettings: { id: settings.id, default: true } }),
        'tipSettings.default',
        'FIELD_NOT_ALLOWED',
      );
      expectViolation(
        await kit.owner.patch(BASE, {
          tipSettings: { id: settings.id, tipType: 'PERCENTAGE', presets: [{ value: 101 }] },
        }),
        'tipSettings.presets[0].value',
        'MAX',
      );
      expectAppError(
        await kit.owner.patch(BASE, { tipSettings: { id: 'nope', allowCustomerTip: false } }),
        404,
        'TIP_SETTINGS_NOT_FOUND',
      );
    });
    const big = await kit.owner.patch(BASE, {
      tipSettings: { id: settings.id, tipType: 'PERCENTAGE', presets: [{ value: 100 }] },
    });
    expect(big.body.tipSettings).toMatchObject({
      revision: '3',
      tipType: 'PERCENTAGE',
      presets: [{ value: 100, default: false }],
    });
  });

  it('deletes settings that are not the default; unknown ids are 404', async () => {
    const settings = await create();
    const res = await kit.owner.delete(`${BASE}/${settings.id}?tipSettingsId=${settings.id}`);
    expect(res).toMatchObject({ status: 200, body: {} });
    expectAppError(await kit.owner.delete(`${BASE}/${settings.id}`), 404, 'TIP_SETTINGS_NOT_FOUND');
  });

  it('queries with filter, sort and cursor paging on POST and GET .r', async () => {
    const terminal = unique('T');
    for (const n of [1, 2, 3]) await create({ paymentTerminalId: `${terminal}-${n}`, allowCustomAmount: n !== 2 });
    const query = {
      filter: { paymentTerminalId: { $startsWith: terminal } },
      sort: [{ fieldName: 'paymentTerminalId', order: 'DESC' }],
      cursorPaging: { limit: 2 },
    };
    const first = await kit.owner.post(`${BASE}/query`, { query });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.tipSettings.map((t: { paymentTerminalId: string }) => t.paymentTerminalId)).toEqual([
      `${terminal}-3`,
      `${terminal}-2`,
    ]);
    expect(first.body.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    const next = await kit.owner.getR(`${BASE}/query`, {
      query: { cursorPaging: { limit: 2, cursor: first.body.pagingMetadata.cursors.next } },
    });
    expect(next.body.tipSettings.map((t: { paymentTerminalId: string }) => t.paymentTerminalId)).toEqual([
      `${terminal}-1`,
    ]);
    expect(next.body.pagingMetadata).toMatchObject({ count: 1, hasNext: false });
    const noCustom = await kit.owner.post(`${BASE}/query`, {
      query: { filter: { $and: [{ paymentTerminalId: { $startsWith: terminal } }, { allowCustomAmount: false }] } },
    });
    expect(noCustom.body.tipSettings).toHaveLength(1);
    const defaults = await kit.owner.post(`${BASE}/query`, {
      query: { filter: { default: true }, paging: { limit: 10 } },
    });
    expect(defaults.body.pagingMetadata).toMatchObject({ offset: 0, total: defaults.body.tipSettings.length });
    expectViolation(
      await kit.owner.post(`${BASE}/query`, { query: { filter: { presets: 1 } } }),
      'query.filter.presets',
    );
  });

  it('is for staff only', async () => {
    const settings = await create();
    for (const call of [
      (c: typeof kit.owner) => c.post(BASE, { tipSettings: { presets } }),
      (c: typeof kit.owner) => c.post(`${BASE}/create-default`, { tipSettings: { presets } }),
      (c: typeof kit.owner) => c.patch(BASE, { tipSettings: { id: settings.id, allowCustomerTip: false } }),
      (c: typeof kit.owner) => c.delete(`${BASE}/${settings.id}`),
      (c: typeof kit.owner) => c.post(`${BASE}/query`, {}),
    ]) {
      await expectStaffOnly(kit, call);
    }
    expect((await kit.reader.post(`${BASE}/query`, {})).status).toBe(200);
    expectAppError(await kit.reader.post(BASE, { tipSettings: { presets } }), 403, 'PERMISSION_DENIED');
  });
});
