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

const BASE = '/_api/merx/v1/additional-fees';

async function create(additionalFee: Record<string, unknown>) {
  const res = await kit.owner.post(BASE, { additionalFee });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.additionalFee;
}

describe('additional fees', () => {
  it('creates, reads, lists, updates and deletes fees', async () => {
    const seq = await kit.lastSeq();
    const handling = await create({ type: 'HANDLING_FEE', name: 'Handling', amount: '2.50', taxable: true });
    expect(handling).toEqual({
      id: expect.any(String),
      revision: '1',
      createdDate: expect.any(String),
      updatedDate: handling.createdDate,
      type: 'HANDLING_FEE',
      name: 'Handling',
      amount: '2.5',
      taxable: true,
      active: true,
      source: 'MANUAL',
    });
    expect(await kit.eventsSince(seq)).toEqual([
      { type: 'merx.ecom.v1.additional_fee_created', entityId: handling.id, payload: { additionalFee: handling } },
    ]);
    const insurance = await create({
      type: 'INSURANCE',
      name: 'Insurance',
      amount: '0',
      active: false,
      source: 'MANUAL',
    });
    expect((await kit.owner.get(`${BASE}/${handling.id}`)).body.additionalFee).toEqual(handling);
    const listed = (await kit.owner.get(BASE)).body.additionalFees;
    expect(listed.map((f: { id: string }) => f.id).sort()).toEqual([handling.id, insurance.id].sort());
    expect(listed.find((f: { id: string }) => f.id === insurance.id)).toEqual(insurance);
    const updated = await kit.owner.patch(`${BASE}/${handling.id}`, {
      additionalFee: { revision: '1', amount: '3', active: false },
    });
    expect(updated.body.additionalFee).toMatchObject({
      revision: '2',
      amount: '3',
      active: false,
      name: 'Handling',
      taxable: true,
    });
    expect(await kit.owner.delete(`${BASE}/${insurance.id}`)).toMatchObject({ status: 200, body: {} });
    expectAppError(await kit.owner.get(`${BASE}/${insurance.id}`), 404, 'ADDITIONAL_FEE_NOT_FOUND');
  });

  it('refuses bad input, stale revisions and unknown ids, writing nothing', async () => {
    const fee = await create({ type: 'HANDLING_FEE', name: 'Handling', amount: '1' });
    const ok = { type: 'INSURANCE', name: 'Insurance', amount: '1' };
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ ...ok, type: 'GIFT_WRAP' }, 'additionalFee.type', 'INVALID_ENUM_VALUE'],
      [{ ...ok, source: 'ITEM' }, 'additionalFee.source', 'INVALID_ENUM_VALUE'],
      [{ ...ok, amount: '-1' }, 'additionalFee.amount'],
      [{ ...ok, amount: '0.001' }, 'additionalFee.amount', 'DECIMAL_MAX_SCALE'],
      [{ ...ok, amount: 1 }, 'additionalFee.amount'],
      [{ ...ok, name: '' }, 'additionalFee.name', 'MIN_LENGTH'],
      [{ type: 'INSURANCE', name: 'x' }, 'additionalFee.amount', 'REQUIRED_FIELD'],
    ];
    await expectNothingWritten(kit, async () => {
      for (const [additionalFee, field, rule] of cases) {
        expectViolation(await kit.owner.post(BASE, { additionalFee }), field, rule);
      }
      expectViolation(
        await kit.owner.patch(`${BASE}/${fee.id}`, { additionalFee: { amount: '-2' } }),
        'additionalFee.amount',
      );
      expectAppError(
        await kit.owner.patch(`${BASE}/${fee.id}`, { additionalFee: { revision: '9', name: 'x' } }),
        400,
        'CONCURRENT_MODIFICATION',
      );
      expectAppError(
        await kit.owner.patch(`${BASE}/nope`, { additionalFee: { name: 'x' } }),
        404,
        'ADDITIONAL_FEE_NOT_FOUND',
      );
      expectAppError(await kit.owner.delete(`${BASE}/nope`), 404, 'ADDITIONAL_FEE_NOT_FOUND');
    });
  });

  it('is for staff only', async () => {
    const fee = await create({ type: 'HANDLING_FEE', name: 'Handling', amount: '1' });
    for (const call of [
      (c: typeof kit.owner) => c.post(BASE, { additionalFee: { type: 'INSURANCE', name: 'x', amount: '1' } }),
      (c: typeof kit.owner) => c.get(BASE),
      (c: typeof kit.owner) => c.get(`${BASE}/${fee.id}`),
      (c: typeof kit.owner) => c.patch(`${BASE}/${fee.id}`, { additionalFee: { name: 'x' } }),
      (c: typeof kit.owner) => c.delete(`${BASE}/${fee.id}`),
    ]) {
      await expectStaffOnly(kit, call);
    }
  });
});
