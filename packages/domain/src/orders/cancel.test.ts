import { describe, expect, it } from 'vitest';
import { cancelOrder } from './cancel.js';
import { collectability } from './collectability.js';
import { line, order, payment } from './test-factories.js';

describe('cancel', () => {
  it('cancels without touching stock when restocking is not asked', () => {
    expect(cancelOrder(order([line('a', { quantity: 2 })]), { restock: false })).toEqual({
      status: 'CANCELED',
      restock: [],
    });
  });

  it('gives back stock per variant only for lines whose stock was taken', () => {
    const lines = [
      line('a', { productId: 'shirt', variantId: 'red', quantity: 2 }),
      line('b', { productId: 'shirt', variantId: 'red', quantity: 1 }),
      line('c', { productId: 'shirt', variantId: 'blue', quantity: 3, restockedQuantity: 1 }),
      line('d', { productId: 'mug', quantity: 5, stockTaken: false }),
      line('e', { productId: null, quantity: 1 }),
    ];
    expect(cancelOrder(order(lines, { status: 'INITIALIZED' }), { restock: true })).toEqual({
      status: 'CANCELED',
      restock: [
        { productId: 'shirt', variantId: 'red', quantity: 3 },
        { productId: 'shirt', variantId: 'blue', quantity: 2 },
      ],
    });
  });

  it('cancels a pending order', () => {
    expect(cancelOrder(order([line('a')], { status: 'PENDING' }), { restock: true }).status).toBe('CANCELED');
  });

  it('refuses an order that is already canceled', () => {
    expect(() => cancelOrder(order([line('a')], { status: 'CANCELED' }), { restock: true })).toThrow(
      expect.objectContaining({ kind: 'FAILED_PRECONDITION', code: 'ORDER_ALREADY_CANCELED' }),
    );
  });

  it.each(['FULFILLED', 'PARTIALLY_FULFILLED'] as const)('refuses an order that is %s', (fulfillmentStatus) => {
    expect(() => cancelOrder(order([line('a')], { fulfillmentStatus }), { restock: true })).toThrow(
      expect.objectContaining({ code: 'ORDER_ALREADY_FULFILLED', data: { fulfillmentStatus } }),
    );
  });

  it('refuses a rejected order through the status table', () => {
    expect(() => cancelOrder(order([line('a')], { status: 'REJECTED' }), { restock: false })).toThrow(
      expect.objectContaining({
        code: 'ORDER_STATUS_TRANSITION_NOT_ALLOWED',
        data: { from: 'REJECTED', to: 'CANCELED' },
      }),
    );
  });
});

describe('payment collectability', () => {
  const unpaid = order([line('a', { totalMinor: 1000 })]);

  it('is collectable for the whole total while nothing is paid', () => {
    expect(collectability(unpaid, [])).toEqual({ status: 'COLLECTABLE', amountMinor: 1000 });
  });

  it('is collectable for the rest after a partial payment', () => {
    expect(collectability(unpaid, [payment('p1', 300)])).toEqual({ status: 'COLLECTABLE', amountMinor: 700 });
  });

  it.each([
    ['CANCELED', 'NONCOLLECTABLE_ORDER_IS_CANCELLED'],
    ['REJECTED', 'NONCOLLECTABLE_ORDER_IS_REJECTED'],
    ['PENDING', 'NONCOLLECTABLE_ORDER_IS_PENDING'],
  ] as const)('is not collectable when the order is %s', (status, expected) => {
    expect(collectability({ ...unpaid, status }, []).status).toBe(expected);
  });

  it('is not collectable once paid', () => {
    expect(collectability(unpaid, [payment('p1', 1000)])).toEqual({
      status: 'NONCOLLECTABLE_ORDER_IS_PAID',
      amountMinor: 0,
    });
  });

  it('is pending while a payment or authorization in flight covers the rest', () => {
    expect(collectability(unpaid, [payment('p1', 1000, { status: 'PENDING' })]).status).toBe(
      'NONCOLLECTABLE_ORDER_IS_PENDING',
    );
    expect(collectability(unpaid, [payment('p1', 1000, { status: 'AUTHORIZED' })]).status).toBe(
      'NONCOLLECTABLE_ORDER_IS_PENDING',
    );
  });

  it('is collectable again after a declined attempt', () => {
    expect(collectability(unpaid, [payment('p1', 1000, { status: 'DECLINED' })]).status).toBe('COLLECTABLE');
  });

  it('needs a payment method', () => {
    expect(collectability({ ...unpaid, paymentMethod: null }, []).status).toBe('NONCOLLECTABLE_MISSING_PAYMENT_METHOD');
  });
});
