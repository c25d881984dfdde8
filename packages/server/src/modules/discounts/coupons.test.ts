import { withTransaction } from '@merx/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, expectViolation, unique } from '../products/catalog-test-kit.js';
import {
  COUPONS,
  type DiscountsKit,
  expectNoDiscountWrites,
  FUTURE,
  PAST,
  startDiscountsKit,
  uniqueCode,
} from './discounts-test-kit.js';

let kit: DiscountsKit;
beforeAll(async () => {
  kit = await startDiscountsKit();
});
afterAll(async () => {
  await kit.close();
});

const services = () => kit.server.services.discounts;
const use = (couponId: string, customerKey: string) =>
  withTransaction(kit.server.merx.db, (uow) => services().recordCouponUse(uow.trx, couponId, customerKey));

describe('POST /_api/merx/v1/coupons', () => {
  it('creates a coupon with its discount, limits and window', async () => {
    const seq = await kit.lastSeq();
    const code = uniqueCode('Spring-');
    const res = await kit.owner.post(COUPONS, {
      coupon: {
        code,
        name: 'Spring sale',
        discount: { discountType: 'FIXED_AMOUNT', fixedAmount: '5.00' },
        limits: { usageLimit: 100, usageLimitPerCustomer: 1, minimumSubtotal: '30' },
        startDate: PAST.start,
        expirationDate: FUTURE.end,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const coupon = res.body.coupon;
    expect(coupon).toMatchObject({
      code,
      name: 'Spring sale',
      active: true,
      revision: '1',
      status: 'LIVE',
      usageCount: 0,
      discount: { discountType: 'FIXED_AMOUNT', fixedAmount: '5', targetType: 'GLOBAL' },
      limits: { usageLimit: 100, usageLimitPerCustomer: 1, minimumSubtotal: '30' },
      startDate: PAST.start,
      expirationDate: FUTURE.end,
    });
    expect(await kit.eventsSince(seq)).toEqual([
      { type: 'merx.discounts.v1.coupon_created', entityId: coupon.id, payload: { entity: coupon } },
    ]);
  });

  it('makes free shipping a shipping discount and keeps item scopes', async () => {
    const free = await kit.createCoupon({ discount: { discountType: 'FREE_SHIPPING' } });
    expect(free.discount).toEqual({ discountType: 'FREE_SHIPPING', targetType: 'SHIPPING' });
    const scopes = [{ id: 's', type: 'CUSTOM_FILTER', customFilter: { params: { collectionIds: ['col'] } } }];
    const scoped = await kit.createCoupon({
      discount: { fixedPrice: '9.99', targetType: 'SPECIFIC_ITEMS', specificItemsInfo: { scopes } },
    });
    expect(scoped.discount).toEqual({
      discountType: 'FIXED_PRICE',
      fixedPrice: '9.99',
      targetType: 'SPECIFIC_ITEMS',
      specificItemsInfo: { scopes },
    });
    expect(scoped.limits).toEqual({});
  });

  it('keeps codes unique whatever their case', async () => {
    const code = uniqueCode('Dup');
    await kit.createCoupon({ code });
    await expectNoDiscountWrites(kit, async () => {
      const res = await kit.owner.post(COUPONS, {
        coupon: { code: code.toLowerCase(), name: 'Again', discount: { percentage: 5 } },
      });
      expectAppError(res, 409, 'COUPON_CODE_ALREADY_EXISTS');
    });
  });

  it('leaves one coupon when two creates of one code race', async () => {
    const code = uniqueCode('Race');
    const results = await Promise.all(
      [code.toUpperCase(), code.toLowerCase()].map((c) =>
        kit.owner.post(COUPONS, { coupon: { code: c, name: 'Race', discount: { percentage: 5 } } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const found = await kit.owner.post(`${COUPONS}/query`, { query: { filter: { code } } });
    expect(found.body.coupons).toHaveLength(1);
  });

  const valid = { code: 'VALID-1', name: 'Bad', discount: { discountType: 'PERCENTAGE', percentage: 10 } };
  const cases: Array<[string, Record<string, unknown>, string, string?]> = [
    ['a short code', { code: 'ab' }, 'coupon.code', 'MIN_LENGTH'],
    ['a long code', { code: 'x'.repeat(51) }, 'coupon.code', 'MAX_LENGTH'],
    ['a code with spaces', { code: 'TEN OFF' }, 'coupon.code', 'FORMAT'],
    ['a missing name', { name: undefined }, 'coupon.name', 'REQUIRED_FIELD'],
    ['a missing discount', { discount: undefined }, 'coupon.discount', 'REQUIRED_FIELD'],
    [
      'an unknown discount type',
      { discount: { discountType: 'BOGO' } },
      'coupon.discount.discountType',
      'INVALID_ENUM_VALUE',
    ],
    [
      'an unknown target',
      { discount: { percentage: 5, targetType: 'TAX' } },
      'coupon.discount.targetType',
      'INVALID_ENUM_VALUE',
    ],
    ['a percentage over 100', { discount: { percentage: 120 } }, 'coupon.discount.percentage', 'MAX'],
    ['a negative amount', { discount: { fixedAmount: '-1' } }, 'coupon.discount.fixedAmount', 'FORMAT'],
    [
      'free shipping on items',
      { discount: { discountType: 'FREE_SHIPPING', targetType: 'GLOBAL' } },
      'coupon.discount.targetType',
    ],
    ['a fixed price for the whole order', { discount: { fixedPrice: '5' } }, 'coupon.discount.targetType'],
    [
      'specific items without scopes',
      { discount: { percentage: 5, targetType: 'SPECIFIC_ITEMS' } },
      'coupon.discount.specificItemsInfo',
      'REQUIRED_FIELD',
    ],
    [
      'scopes on a shipping discount',
      {
        discount: {
          percentage: 5,
          targetType: 'SHIPPING',
          specificItemsInfo: { scopes: [{ type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: 'a' } }] },
        },
      },
      'coupon.discount.specificItemsInfo',
    ],
    ['no value', { discount: {} }, 'coupon.discount.discountType', 'REQUIRED_FIELD'],
    ['a usage limit of zero', { limits: { usageLimit: 0 } }, 'coupon.limits.usageLimit', 'MIN'],
    [
      'a fractional per-customer limit',
      { limits: { usageLimitPerCustomer: 1.5 } },
      'coupon.limits.usageLimitPerCustomer',
    ],
    ['a negative minimum subtotal', { limits: { minimumSubtotal: '-10' } }, 'coupon.limits.minimumSubtotal', 'FORMAT'],
    [
      'a minimum subtotal finer than cents',
      { limits: { minimumSubtotal: '10.001' } },
      'coupon.limits.minimumSubtotal',
      'DECIMAL_MAX_SCALE',
    ],
    [
      'a fixed amount finer than cents',
      { discount: { discountType: 'FIXED_AMOUNT', fixedAmount: '0.001' } },
      'coupon.discount.fixedAmount',
      'DECIMAL_MAX_SCALE',
    ],
    ['an expiry before the start', { startDate: FUTURE.start, expirationDate: PAST.end }, 'coupon.expirationDate'],
  ];
  it.each(cases)('refuses %s with 400 naming the field and writes nothing', async (_what, change, field, rule) => {
    await expectNoDiscountWrites(kit, async () => {
      expectViolation(await kit.owner.post(COUPONS, { coupon: { ...valid, ...change } }), field, rule);
    });
  });
});

describe('GET, PATCH and DELETE /_api/merx/v1/coupons/:id', () => {
  it('reads, updates with the revision, and deletes a coupon', async () => {
    const coupon = await kit.createCoupon({ limits: { usageLimit: 3, minimumSubtotal: '20' } });
    expect((await kit.owner.get(`${COUPONS}/${coupon.id}`)).body).toEqual({ coupon });
    const code = uniqueCode('New');
    const res = await kit.owner.patch(`${COUPONS}/${coupon.id}`, {
      coupon: {
        revision: coupon.revision,
        code,
        active: false,
        limits: { usageLimitPerCustomer: 2, minimumSubtotal: null },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.coupon).toMatchObject({
      code,
      active: false,
      revision: '2',
      status: 'LIVE',
      limits: { usageLimit: 3, usageLimitPerCustomer: 2 },
    });
    expect(res.body.coupon.limits).not.toHaveProperty('minimumSubtotal');
    const recased = await kit.owner.patch(`${COUPONS}/${coupon.id}`, {
      coupon: { revision: '2', code: code.toLowerCase() },
    });
    expect(recased.body.coupon.code).toBe(code.toLowerCase());
    const deleted = await kit.owner.delete(`${COUPONS}/${coupon.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({});
    expectAppError(await kit.owner.get(`${COUPONS}/${coupon.id}`), 404, 'COUPON_NOT_FOUND');
  });

  it('refuses a stale revision, a taken code and unknown ids, writing nothing', async () => {
    const coupon = await kit.createCoupon();
    const other = await kit.createCoupon();
    await expectNoDiscountWrites(kit, async () => {
      expectAppError(
        await kit.owner.patch(`${COUPONS}/${coupon.id}`, { coupon: { revision: '7', name: 'x' } }),
        400,
        'CONCURRENT_MODIFICATION',
      );
      expectAppError(
        await kit.owner.patch(`${COUPONS}/${coupon.id}`, { coupon: { revision: '1', code: other.code.toUpperCase() } }),
        409,
        'COUPON_CODE_ALREADY_EXISTS',
      );
      expectViolation(
        await kit.owner.patch(`${COUPONS}/${coupon.id}`, { coupon: { name: 'x' } }),
        'coupon.revision',
        'REQUIRED_FIELD',
      );
      expectViolation(
        await kit.owner.patch(`${COUPONS}/${coupon.id}`, {
          coupon: { revision: '1', expirationDate: PAST.end, startDate: FUTURE.start },
        }),
        'coupon.expirationDate',
      );
      expectAppError(await kit.owner.get(`${COUPONS}/nope`), 404, 'COUPON_NOT_FOUND');
      expectAppError(await kit.owner.patch(`${COUPONS}/nope`, { coupon: { revision: '1' } }), 404, 'COUPON_NOT_FOUND');
      expectAppError(await kit.owner.delete(`${COUPONS}/nope`), 404, 'COUPON_NOT_FOUND');
    });
  });

  it('answers 401 to anonymous callers and visitors, 403 to members and keys without the scope', async () => {
    const coupon = await kit.createCoupon();
    const body = { coupon: { code: uniqueCode(), name: 'x', discount: { percentage: 5 } } };
    await expectNoDiscountWrites(kit, async () => {
      for (const caller of [kit.visitor, kit.visitorToken]) {
        expectAppError(await caller.post(COUPONS, body), 401, 'UNAUTHENTICATED');
        expectAppError(await caller.get(`${COUPONS}/${coupon.id}`), 401, 'UNAUTHENTICATED');
        expectAppError(await caller.post(`${COUPONS}/query`, {}), 401, 'UNAUTHENTICATED');
      }
      for (const caller of [kit.member, kit.outsider]) {
        expectAppError(await caller.post(COUPONS, body), 403, 'PERMISSION_DENIED');
        expectAppError(await caller.get(`${COUPONS}/${coupon.id}`), 403, 'PERMISSION_DENIED');
        expectAppError(
          await caller.patch(`${COUPONS}/${coupon.id}`, { coupon: { revision: '1' } }),
          403,
          'PERMISSION_DENIED',
        );
        expectAppError(await caller.delete(`${COUPONS}/${coupon.id}`), 403, 'PERMISSION_DENIED');
      }
      expectAppError(await kit.reader.post(COUPONS, body), 403, 'PERMISSION_DENIED');
    });
    expect((await kit.reader.get(`${COUPONS}/${coupon.id}`)).status).toBe(200);
  });
});

describe('POST and GET /_api/merx/v1/coupons/query', () => {
  it('filters by code whatever its case, by status and by type, sorts and pages', async () => {
    const name = unique('Family ');
    const a = await kit.createCoupon({ name, code: uniqueCode('Aa'), startDate: FUTURE.start });
    const b = await kit.createCoupon({
      name,
      code: uniqueCode('Bb'),
      expirationDate: PAST.end,
      discount: { discountType: 'FREE_SHIPPING' },
    });
    const c = await kit.createCoupon({ name, code: uniqueCode('Cc') });
    const query = (filter: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      kit.owner.post(`${COUPONS}/query`, {
        query: { filter: { $and: [{ name }, filter] }, sort: [{ fieldName: 'code' }], ...extra },
      });
    const codes = (res: { body: { coupons: Array<{ code: string }> } }) => res.body.coupons.map((x) => x.code);
    expect(codes(await query({ code: a.code.toUpperCase() }))).toEqual([a.code]);
    expect(codes(await query({ code: { $in: [b.code.toLowerCase(), c.code] } }))).toEqual([b.code, c.code]);
    expect(codes(await query({ status: 'PENDING' }))).toEqual([a.code]);
    expect(codes(await query({ status: 'EXPIRED' }))).toEqual([b.code]);
    expect(codes(await query({ status: 'LIVE' }))).toEqual([c.code]);
    expect(codes(await query({ 'discount.discountType': 'FREE_SHIPPING' }))).toEqual([b.code]);
    const paged = await query({}, { cursorPaging: { limit: 2 } });
    expect(codes(paged)).toEqual([a.code, b.code]);
    const next = await kit.owner.getR(`${COUPONS}/query`, {
      query: { cursorPaging: { limit: 2, cursor: paged.body.pagingMetadata.cursors.next } },
    });
    expect(codes(next)).toEqual([c.code]);
    expectViolation(
      await kit.owner.post(`${COUPONS}/query`, { query: { filter: { secret: 1 } } }),
      'query.filter.secret',
    );
  });
});

describe('coupon lookup and use', () => {
  it('finds a usable coupon whatever the case of the code, or says why it cannot apply', async () => {
    const ok = await kit.createCoupon({ limits: { minimumSubtotal: '25' } });
    const inactive = await kit.createCoupon({ active: false });
    const pending = await kit.createCoupon({ startDate: FUTURE.start });
    const expired = await kit.createCoupon({ expirationDate: PAST.end });
    const find = (code: string, context?: { customerKey?: string; subtotal?: number }) =>
      services().findApplicableCoupon(code, new Date(), context);
    const found = await find(ok.code.toLowerCase());
    expect(found).toMatchObject({ ok: true, coupon: { id: ok.id, code: ok.code, minimumSubtotal: 2500 } });
    expect(await find(ok.code, { subtotal: 2499 })).toEqual({ ok: false, problem: 'MINIMUM_SUBTOTAL_NOT_MET' });
    expect(await find(ok.code, { subtotal: 2500 })).toMatchObject({ ok: true });
    expect(await find('NO-SUCH-CODE')).toEqual({ ok: false, problem: 'NOT_FOUND' });
    expect(await find('bad code!')).toEqual({ ok: false, problem: 'NOT_FOUND' });
    expect(await find(inactive.code)).toEqual({ ok: false, problem: 'INACTIVE' });
    expect(await find(pending.code)).toEqual({ ok: false, problem: 'NOT_STARTED' });
    expect(await find(expired.code)).toEqual({ ok: false, problem: 'EXPIRED' });
    expect(await services().findApplicableCoupon(pending.code, new Date(Date.parse(FUTURE.start) + 1))).toMatchObject({
      ok: true,
    });
  });

  it('counts uses, refuses a used-up coupon and one past its per-customer limit', async () => {
    const coupon = await kit.createCoupon({ limits: { usageLimit: 3, usageLimitPerCustomer: 2 } });
    expect(await use(coupon.id, 'member:1')).toEqual({ ok: true });
    expect(await use(coupon.id, 'member:1')).toEqual({ ok: true });
    expect(await services().findApplicableCoupon(coupon.code, new Date(), { customerKey: 'member:1' })).toEqual({
      ok: false,
      problem: 'CUSTOMER_USED_UP',
    });
    expect(await use(coupon.id, 'member:1')).toEqual({ ok: false, problem: 'CUSTOMER_USED_UP' });
    expect((await kit.owner.get(`${COUPONS}/${coupon.id}`)).body.coupon.usageCount).toBe(2);
    expect(await use(coupon.id, 'member:2')).toEqual({ ok: true });
    expect(await use(coupon.id, 'member:3')).toEqual({ ok: false, problem: 'USED_UP' });
    expect(await services().findApplicableCoupon(coupon.code)).toEqual({ ok: false, problem: 'USED_UP' });
    expect(await use('nope', 'member:3')).toEqual({ ok: false, problem: 'NOT_FOUND' });
    const expired = await kit.createCoupon({ expirationDate: PAST.end });
    expect(await use(expired.id, 'member:1')).toEqual({ ok: false, problem: 'EXPIRED' });
    const coupons = await kit.owner.get(`${COUPONS}/${coupon.id}`);
    expect(coupons.body.coupon.usageCount).toBe(3);
  });

  it('never exceeds the total limit when 20 orders use a coupon limited to 5 at once', async () => {
    const coupon = await kit.createCoupon({ limits: { usageLimit: 5 } });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => use(coupon.id, `visitor:${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok)).toEqual(Array(15).fill({ ok: false, problem: 'USED_UP' }));
    expect((await kit.owner.get(`${COUPONS}/${coupon.id}`)).body.coupon.usageCount).toBe(5);
    const uses = await kit.server.merx.db
      .selectFrom('coupon_uses')
      .select('uses')
      .where('coupon_id', '=', coupon.id)
      .execute();
    expect(uses).toHaveLength(5);
  });

  it('never exceeds the per-customer limit when one customer races', async () => {
    const coupon = await kit.createCoupon({ limits: { usageLimitPerCustomer: 2 } });
    const results = await Promise.all(Array.from({ length: 10 }, () => use(coupon.id, 'member:racer')));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect((await kit.owner.get(`${COUPONS}/${coupon.id}`)).body.coupon.usageCount).toBe(2);
  });

  it('gives the totals the coupon in the shape calculateTotals reads', async () => {
    const { totalsCouponOf } = await import('./index.js');
    const coupon = await kit.createCoupon({
      discount: { discountType: 'FREE_SHIPPING' },
      limits: { minimumSubtotal: '10' },
    });
    const found = await services().findApplicableCoupon(coupon.code);
    if (!found.ok) throw new Error(found.problem);
    expect(totalsCouponOf(found.coupon)).toEqual({
      id: coupon.id,
      code: coupon.code,
      name: 'Coupon',
      active: true,
      discount: { discountType: 'PERCENTAGE', percentage: 100, targetType: 'SHIPPING' },
      minimumSubtotal: 1000,
      startTime: null,
      expirationTime: null,
    });
    expect(services().couponRefusal(coupon.code, 'USED_UP')).toMatchObject({
      code: 'COUPON_USED_UP',
      kind: 'FAILED_PRECONDITION',
    });
  });
});
