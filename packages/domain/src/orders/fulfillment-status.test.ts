import { describe, expect, it } from 'vitest';
import { fulfilledQuantities, fulfillmentStatusOf } from './fulfillment-status.js';
import { line } from './test-factories.js';

const lines = [line('a', { quantity: 2 }), line('b', { quantity: 1 })];

describe('fulfillment status', () => {
  it('is NOT_FULFILLED before anything went out', () => {
    expect(fulfillmentStatusOf(lines, [])).toBe('NOT_FULFILLED');
  });

  it('is PARTIALLY_FULFILLED while some units are left', () => {
    expect(fulfillmentStatusOf(lines, [{ lineItems: [{ lineItemId: 'a', quantity: 1 }] }])).toBe('PARTIALLY_FULFILLED');
    expect(fulfillmentStatusOf(lines, [{ lineItems: [{ lineItemId: 'a', quantity: 2 }] }])).toBe('PARTIALLY_FULFILLED');
  });

  it('is FULFILLED once every unit of every line went out, over several shipments', () => {
    const shipments = [
      { lineItems: [{ lineItemId: 'a', quantity: 1 }] },
      {
        lineItems: [
          { lineItemId: 'a', quantity: 1 },
          { lineItemId: 'b', quantity: 1 },
        ],
      },
    ];
    expect(fulfillmentStatusOf(lines, shipments)).toBe('FULFILLED');
    expect(fulfilledQuantities(lines, shipments)).toEqual(
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
  });

  it('refuses a fulfillment beyond what is left of a line', () => {
    const shipments = [
      { lineItems: [{ lineItemId: 'a', quantity: 1 }] },
      { lineItems: [{ lineItemId: 'a', quantity: 2 }] },
    ];
    expect(() => fulfillmentStatusOf(lines, shipments)).toThrow(
      expect.objectContaining({
        kind: 'FAILED_PRECONDITION',
        code: 'FULFILLMENT_EXCEEDS_REMAINING_QUANTITY',
        data: { lineItemId: 'a', requested: 2, remaining: 1 },
      }),
    );
  });

  it('refuses zero units and unknown lines', () => {
    expect(() => fulfillmentStatusOf(lines, [{ lineItems: [{ lineItemId: 'a', quantity: 0 }] }])).toThrow(
      expect.objectContaining({ code: 'FULFILLMENT_EXCEEDS_REMAINING_QUANTITY' }),
    );
    expect(() => fulfillmentStatusOf(lines, [{ lineItems: [{ lineItemId: 'x', quantity: 1 }] }])).toThrow(
      expect.objectContaining({ kind: 'NOT_FOUND', code: 'LINE_ITEM_NOT_FOUND' }),
    );
  });
});
