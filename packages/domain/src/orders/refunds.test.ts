import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRefund } from './refund-plan.js';
import { refundability } from './refundability.js';
import { line, NOW, order, payment, refund } from './test-factories.js';

const paidOrder = order([line('a', { quantity: 3, totalMinor: 1000 }), line('b', { totalMinor: 500 })], {
  shippingMinor: 200,
});

describe('refundability', () => {
  it('lets a captured online payment be refunded in full', () => {
    expect(refundability(paidOrder, [payment('p1', 1700)], { now: NOW })).toEqual({
      payments: [{ paymentId: 'p1', status: 'REFUNDABLE', refundableMinor: 1700 }],
      refundableMinor: 1700,
    });
  });

  it('leaves what a partial refund did not return', () => {
    const result = refundability(paidOrder, [payment('p1', 1700), refund('p1', 700)], { now: NOW });
    expect(result.payments).toEqual([{ paymentId: 'p1', status: 'REFUNDABLE', refundableMinor: 1000 }]);
  });

  it.each([
    ['already refunded', paidOrder, [payment('p1', 1700), refund('p1', 1700)], 'ALREADY_REFUNDED'],
    ['not captured', paidOrder, [payment('p1', 1700, { status: 'AUTHORIZED' })], 'NOT_PAID'],
    ['declined', paidOrder, [payment('p1', 1700, { status: 'DECLINED' })], 'NOT_PAID'],
    ['of zero', order([line('a', { totalMinor: 0 })]), [payment('p1', 0)], 'ZERO_PRICE'],
    [
      'with a refund under way',
      paidOrder,
      [payment('p1', 1700), refund('p1', 100, { status: 'PENDING' })],
      'PENDING_REFUND',
    ],
    ['on a pending order', { ...paidOrder, status: 'PENDING' as const }, [payment('p1', 1700)], 'ORDER_IS_PENDING'],
    ['on a rejected order', { ...paidOrder, status: 'REJECTED' as const }, [payment('p1', 1700)], 'ORDER_IS_REJECTED'],
    ['on a partially paid order', paidOrder, [payment('p1', 700)], 'PARTIALLY_PAID'],
  ])('refuses a payment %s', (_name, o, transactions, reason) => {
    const result = refundability(o, transactions, { now: NOW });
    expect(result.payments[0]).toMatchObject({ status: 'NOT_REFUNDABLE', reason, refundableMinor: 0 });
    expect(result.refundableMinor).toBe(0);
  });

  it.each([
    ['collected offline', { offline: true }, 'OFFLINE'],
    ['its provider cannot refund', { refundSupported: false }, 'NOT_SUPPORTED'],
    ['past the provider window', { refundableUntil: '2025-05-01T00:00:00.000Z' }, 'EXPIRED'],
  ])('allows only a manual refund of a payment %s', (_name, overrides, reason) => {
    const result = refundability(paidOrder, [payment('p1', 1700, overrides)], { now: NOW });
    expect(result.payments[0]).toEqual({ paymentId: 'p1', status: 'MANUAL', reason, refundableMinor: 1700 });
  });

  it('still refunds through the provider inside its window', () => {
    const p = payment('p1', 1700, { refundableUntil: '2025-07-01T00:00:00.000Z' });
    expect(refundability(paidOrder, [p], { now: NOW }).payments[0]?.status).toBe('REFUNDABLE');
  });
});

describe('refund plan', () => {
  const paid = [payment('p1', 1700)];

  it('refunds everything when no amount or line is given, split over lines by value', () => {
    const plan = planRefund(paidOrder, paid, { restock: false }, { now: NOW });
    expect(plan).toMatchObject({ amountMinor: 1700, shippingMinor: 0, otherMinor: 0, restock: [] });
    expect(plan.lines.map((l) => l.amountMinor)).toEqual([1133, 567]);
    expect(plan.payments).toEqual([{ paymentId: 'p1', amountMinor: 1700, manual: false }]);
  });

  it('prices returned units and shipping when no amount is given, and restocks those units', () => {
    const plan = planRefund(
      paidOrder,
      paid,
      { lineItems: [{ lineItemId: 'a', quantity: 2 }], refundShipping: true, restock: true },
      { now: NOW },
    );
    expect(plan.amountMinor).toBe(667 + 200);
    expect(plan.lines).toEqual([{ lineItemId: 'a', quantity: 2, amountMinor: 667 }]);
    expect(plan.shippingMinor).toBe(200);
    expect(plan.restock).toEqual([{ productId: 'product-a', variantId: null, quantity: 2 }]);
  });

  it('splits a partial amount over the returned lines by largest remainder', () => {
    const plan = planRefund(
      paidOrder,
      paid,
      {
        amountMinor: 100,
        lineItems: [
          { lineItemId: 'a', quantity: 1 },
          { lineItemId: 'b', quantity: 1 },
        ],
        restock: false,
      },
      { now: NOW },
    );
    expect(plan.lines.map((l) => l.amountMinor)).toEqual([40, 60]);
  });

  it('takes the money from payments in order, manual ones marked', () => {
    const transactions = [payment('p1', 500, { offline: true }), payment('p2', 1200)];
    const plan = planRefund(paidOrder, transactions, { amountMinor: 800, restock: false }, { now: NOW });
    expect(plan.payments).toEqual([
      { paymentId: 'p1', amountMinor: 500, manual: true },
      { paymentId: 'p2', amountMinor: 300, manual: false },
    ]);
  });

  it('refuses more than was paid minus refunded', () => {
    const transactions = [...paid, refund('p1', 1000)];
    expect(() => planRefund(paidOrder, transactions, { amountMinor: 701, restock: false }, { now: NOW })).toThrow(
      expect.objectContaining({
        kind: 'FAILED_PRECONDITION',
        code: 'REFUND_AMOUNT_EXCEEDS_PAID',
        data: { requested: 701, refundable: 700 },
      }),
    );
  });

  it('refuses more units than a line has left to refund', () => {
    const o = order([line('a', { quantity: 3, refundedQuantity: 2 })]);
    expect(() =>
      planRefund(
        o,
        [payment('p1', 1000)],
        { lineItems: [{ lineItemId: 'a', quantity: 2 }], restock: true },
        { now: NOW },
      ),
    ).toThrow(
      expect.objectContaining({
        code: 'REFUND_QUANTITY_EXCEEDS_REMAINING',
        data: { lineItemId: 'a', requested: 2, remaining: 1 },
      }),
    );
  });

  it('refuses an unknown line and a non-positive amount', () => {
    expect(() =>
      planRefund(paidOrder, paid, { lineItems: [{ lineItemId: 'x', quantity: 1 }], restock: false }, { now: NOW }),
    ).toThrow(expect.objectContaining({ code: 'LINE_ITEM_NOT_FOUND' }));
    expect(() => planRefund(paidOrder, paid, { amountMinor: 0, restock: false }, { now: NOW })).toThrow(
      expect.objectContaining({ name: 'ValidationError' }),
    );
  });

  it('refuses when no payment can be refunded, with the reasons', () => {
    expect(() => planRefund({ ...paidOrder, status: 'PENDING' }, paid, { restock: false }, { now: NOW })).toThrow(
      expect.objectContaining({ code: 'REFUND_NOT_POSSIBLE', data: { reasons: ['ORDER_IS_PENDING'] } }),
    );
  });

  it('splits any amount so lines, shipping, rest and payments each sum exactly to it', () => {
    const arbitraryLine = fc.record({
      quantity: fc.integer({ min: 1, max: 5 }),
      totalMinor: fc.integer({ min: 0, max: 100_000 }),
      refundedQuantity: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryLine, { maxLength: 6 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (specs, shippingMinor, refundShipping, paymentAmounts, share) => {
          const lines = specs.map((s, i) =>
            line(`l${i}`, { ...s, refundedQuantity: Math.min(s.refundedQuantity, s.quantity) }),
          );
          const transactions = paymentAmounts.map((amount, i) => payment(`p${i}`, amount));
          const paidTotal = paymentAmounts.reduce((a, b) => a + b, 0);
          const o = order(lines, { shippingMinor, totalMinor: paidTotal });
          const amountMinor = Math.max(1, Math.floor(share * paidTotal));
          const plan = planRefund(o, transactions, { amountMinor, refundShipping, restock: true }, { now: NOW });
          const lineSum = plan.lines.reduce((a, l) => a + l.amountMinor, 0);
          expect(lineSum + plan.shippingMinor + plan.otherMinor).toBe(amountMinor);
          expect(plan.payments.reduce((a, p) => a + p.amountMinor, 0)).toBe(amountMinor);
          for (const l of plan.lines) expect(l.amountMinor).toBeGreaterThanOrEqual(0);
          expect(plan.restock).toEqual([]);
        },
      ),
    );
  });
});
