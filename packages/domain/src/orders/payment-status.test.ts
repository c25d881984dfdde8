import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentStatusOf, paymentSummaryOf } from './payment-status.js';
import { payment, refund } from './test-factories.js';
import type { PaymentTransactionStatus, RefundTransactionStatus, Transaction } from './types.js';

describe('payment status derived from transactions', () => {
  it.each<[string, number, Transaction[], string]>([
    ['no transaction', 1000, [], 'NOT_PAID'],
    ['a free order', 0, [], 'PAID'],
    ['one payment of the total', 1000, [payment('p1', 1000)], 'PAID'],
    ['two payments making the total', 1000, [payment('p1', 400), payment('p2', 600)], 'PAID'],
    ['a payment short of the total', 1000, [payment('p1', 400)], 'PARTIALLY_PAID'],
    ['an authorization awaiting capture', 1000, [payment('p1', 1000, { status: 'AUTHORIZED' })], 'PENDING_MERCHANT'],
    ['a pending payment', 1000, [payment('p1', 1000, { status: 'PENDING' })], 'PENDING'],
    ['a declined payment', 1000, [payment('p1', 1000, { status: 'DECLINED' })], 'DECLINED'],
    ['a canceled payment', 1000, [payment('p1', 1000, { status: 'CANCELED' })], 'CANCELED'],
    ['a voided authorization', 1000, [payment('p1', 1000, { status: 'VOIDED' })], 'CANCELED'],
    [
      'a decline after a cancel',
      1000,
      [payment('p1', 1000, { status: 'CANCELED' }), payment('p2', 1000, { status: 'DECLINED' })],
      'DECLINED',
    ],
    ['a partial refund', 1000, [payment('p1', 1000), refund('p1', 300)], 'PARTIALLY_REFUNDED'],
    ['a full refund', 1000, [payment('p1', 1000), refund('p1', 1000)], 'FULLY_REFUNDED'],
    ['a full refund in two parts', 1000, [payment('p1', 1000), refund('p1', 300), refund('p1', 700)], 'FULLY_REFUNDED'],
    ['a pending refund only', 1000, [payment('p1', 1000), refund('p1', 300, { status: 'PENDING' })], 'PAID'],
    ['a failed refund', 1000, [payment('p1', 1000), refund('p1', 1000, { status: 'FAILED' })], 'PAID'],
  ])('is right for %s', (_name, total, transactions, expected) => {
    expect(paymentStatusOf(total, transactions)).toBe(expected);
  });

  it('refuses refunds above what was paid', () => {
    expect(() => paymentStatusOf(1000, [payment('p1', 500), refund('p1', 600)])).toThrow(
      expect.objectContaining({ code: 'REFUND_AMOUNT_EXCEEDS_PAID', data: { paid: 500, refunded: 600 } }),
    );
  });

  it('counts pending refunds against what was paid', () => {
    expect(() =>
      paymentSummaryOf([payment('p1', 500), refund('p1', 300), refund('p1', 300, { status: 'PENDING' })]),
    ).toThrow(expect.objectContaining({ code: 'REFUND_AMOUNT_EXCEEDS_PAID' }));
  });

  it('refuses a negative transaction amount', () => {
    expect(() => paymentStatusOf(1000, [payment('p1', -5)])).toThrow(
      expect.objectContaining({ code: 'TRANSACTION_AMOUNT_INVALID' }),
    );
  });
});

const paymentStatuses: PaymentTransactionStatus[] = [
  'APPROVED',
  'PENDING',
  'DECLINED',
  'CANCELED',
  'AUTHORIZED',
  'VOIDED',
];
const refundStatuses: RefundTransactionStatus[] = ['PENDING', 'SUCCEEDED', 'FAILED'];

/** Payments with refunds against approved ones that never exceed what each payment has left. */
const history = fc
  .array(
    fc.record({
      status: fc.constantFrom(...paymentStatuses),
      amount: fc.integer({ min: 0, max: 10_000 }),
      refunds: fc.array(
        fc.record({ status: fc.constantFrom(...refundStatuses), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
        {
          maxLength: 3,
        },
      ),
    }),
    { maxLength: 5 },
  )
  .map((payments) =>
    payments.flatMap(({ status, amount, refunds }, i): Transaction[] => {
      const p = payment(`p${i}`, amount, { status });
      if (status !== 'APPROVED') return [p];
      let left = amount;
      const rs = refunds.map((r, k) => {
        const value = Math.min(left, Math.floor(r.share * amount));
        if (r.status !== 'FAILED') left -= value;
        return refund(p.id, value, { id: `r${i}-${k}`, status: r.status });
      });
      return [p, ...rs];
    }),
  );

describe('payment status for any history of payments and refunds', () => {
  it('keeps every sum non-negative and refunds within payments', () => {
    fc.assert(
      fc.property(history, (transactions) => {
        const s = paymentSummaryOf(transactions);
        for (const value of Object.values(s)) expect(value).toBeGreaterThanOrEqual(0);
        expect(s.refunded + s.refundPending).toBeLessThanOrEqual(s.paid);
        expect(s.refundable).toBe(s.paid - s.refunded - s.refundPending);
      }),
    );
  });

  it('is FULLY_REFUNDED exactly when refunded equals paid above zero, PAID exactly when paid covers the total unrefunded', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 0, max: 30_000 }), (transactions, total) => {
        const s = paymentSummaryOf(transactions);
        const status = paymentStatusOf(total, transactions);
        expect(status === 'FULLY_REFUNDED').toBe(s.refunded === s.paid && s.paid > 0);
        expect(status === 'PAID').toBe(s.paid >= total && s.refunded === 0);
        expect(status === 'PARTIALLY_PAID').toBe(s.paid > 0 && s.paid < total && s.refunded === 0);
        if (status === 'NOT_PAID') expect(s.paid + s.authorized + s.pending).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });
});
