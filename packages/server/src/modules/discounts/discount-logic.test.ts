import { describe, expect, it } from 'vitest';
import { couponProblem, statusAt } from './discount-logic.js';
import type { CouponRecord } from './discounts.types.js';

const at = (iso: string) => new Date(iso);

describe('statusAt', () => {
  it('is PENDING before the start, LIVE from it, EXPIRED from the end on', () => {
    const start = '2030-01-01T00:00:00.000Z';
    const end = '2030-02-01T00:00:00.000Z';
    expect(statusAt(start, end, at('2029-12-31T23:59:59.999Z'))).toBe('PENDING');
    expect(statusAt(start, end, at(start))).toBe('LIVE');
    expect(statusAt(start, end, at('2030-01-31T23:59:59.999Z'))).toBe('LIVE');
    expect(statusAt(start, end, at(end))).toBe('EXPIRED');
    expect(statusAt(null, null, at(end))).toBe('LIVE');
    expect(statusAt(null, end, at('1990-01-01T00:00:00Z'))).toBe('LIVE');
  });
});

describe('couponProblem', () => {
  const coupon: CouponRecord = {
    id: 'c',
    code: 'TEN',
    name: 'Ten',
    active: true,
    discount: { type: 'PERCENTAGE', percentage: 10, target: 'GLOBAL', scopes: [] },
    minimumSubtotal: 1000,
    usageLimit: 5,
    usageLimitPerCustomer: 1,
    usageCount: 4,
    discountTotal: 4000,
    startDate: '2030-01-01T00:00:00.000Z',
    expirationDate: '2031-01-01T00:00:00.000Z',
    createdDate: '2029-01-01T00:00:00.000Z',
    updatedDate: '2029-01-01T00:00:00.000Z',
    revision: 1,
  };
  const now = at('2030-06-01T00:00:00Z');

  it('accepts a coupon inside its window and limits', () => {
    expect(couponProblem(coupon, now, { customerUses: 0, subtotal: 1000 })).toBeNull();
    expect(couponProblem(coupon, now)).toBeNull();
  });

  it('names the first reason a coupon cannot apply', () => {
    expect(couponProblem({ ...coupon, active: false }, at('1990-01-01T00:00:00Z'))).toBe('INACTIVE');
    expect(couponProblem(coupon, at('2029-06-01T00:00:00Z'))).toBe('NOT_STARTED');
    expect(couponProblem(coupon, at('2031-01-01T00:00:00Z'))).toBe('EXPIRED');
    expect(couponProblem({ ...coupon, usageCount: 5 }, now)).toBe('USED_UP');
    expect(couponProblem(coupon, now, { customerUses: 1 })).toBe('CUSTOMER_USED_UP');
    expect(couponProblem(coupon, now, { subtotal: 999 })).toBe('MINIMUM_SUBTOTAL_NOT_MET');
  });
});
