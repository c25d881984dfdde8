import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { FIRST_ORDER_NUMBER, nextOrderNumber } from './order-number.js';
import { canTransitionOrder, ORDER_STATUSES, transitionOrderStatus } from './order-status.js';
import type { OrderStatus } from './types.js';

const allowed: [OrderStatus, OrderStatus][] = [
  ['INITIALIZED', 'APPROVED'],
  ['INITIALIZED', 'PENDING'],
  ['INITIALIZED', 'CANCELED'],
  ['PENDING', 'APPROVED'],
  ['PENDING', 'REJECTED'],
  ['PENDING', 'CANCELED'],
  ['APPROVED', 'CANCELED'],
];
const isAllowed = (from: OrderStatus, to: OrderStatus) => allowed.some(([f, t]) => f === from && t === to);
const forbidden = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.filter((to) => !isAllowed(from, to)).map((to): [OrderStatus, OrderStatus] => [from, to]),
);

describe('order status transitions', () => {
  it('covers all 25 pairs between the two lists', () => {
    expect(allowed.length + forbidden.length).toBe(25);
  });

  it.each(allowed)('moves an order from %s to %s', (from, to) => {
    expect(canTransitionOrder(from, to)).toBe(true);
    expect(transitionOrderStatus(from, to)).toBe(to);
  });

  it.each(forbidden)('refuses to move an order from %s to %s', (from, to) => {
    expect(canTransitionOrder(from, to)).toBe(false);
    let error: unknown;
    try {
      transitionOrderStatus(from, to);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      kind: 'FAILED_PRECONDITION',
      code: 'ORDER_STATUS_TRANSITION_NOT_ALLOWED',
      data: { from, to },
    });
  });
});

describe('order numbers', () => {
  it('starts at 10001 when the store has no order yet', () => {
    expect(nextOrderNumber(null)).toBe(FIRST_ORDER_NUMBER);
    expect(nextOrderNumber(undefined)).toBe(10001);
  });

  it('counts up one by one from the stored value', () => {
    expect(nextOrderNumber(10001)).toBe(10002);
    expect(nextOrderNumber(25000)).toBe(25001);
  });

  it('never gives a number below 10001', () => {
    expect(nextOrderNumber(5)).toBe(10001);
  });

  it('refuses a sequence value that is not a whole number', () => {
    expect(() => nextOrderNumber(10001.5)).toThrow(RangeError);
    expect(() => nextOrderNumber(-1)).toThrow(RangeError);
  });
});
