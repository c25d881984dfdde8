import { AppError } from '../errors.js';
import type { PaymentStatus, PaymentTransaction, RefundTransaction, Transaction } from './types.js';

/** Sums over an order's transactions, all in minor units and never negative. */
export interface PaymentSummary {
  /** Captured (APPROVED) payments. */
  paid: number;
  /** Held but not captured (AUTHORIZED). */
  authorized: number;
  /** Payments waiting for the provider (PENDING). */
  pending: number;
  /** SUCCEEDED refunds. */
  refunded: number;
  /** PENDING refunds: money promised back but not yet returned. */
  refundPending: number;
  /** What may still be refunded: paid − refunded − refundPending. */
  refundable: number;
}

/** The payments among `transactions`. */
export function paymentsOf(transactions: readonly Transaction[]): PaymentTransaction[] {
  return transactions.filter((t): t is PaymentTransaction => t.kind === 'PAYMENT');
}

/** The refunds among `transactions`. */
export function refundsOf(transactions: readonly Transaction[]): RefundTransaction[] {
  return transactions.filter((t): t is RefundTransaction => t.kind === 'REFUND');
}

function assertAmount(t: Transaction): void {
  if (!Number.isSafeInteger(t.amountMinor) || t.amountMinor < 0) {
    throw new AppError(
      'FAILED_PRECONDITION',
      'TRANSACTION_AMOUNT_INVALID',
      'A transaction amount must be a non-negative integer',
      {
        transactionId: t.id,
        amount: t.amountMinor,
      },
    );
  }
}

/**
 * Adds up the transactions. Refunds (succeeded plus pending) above what was paid are a broken
 * invariant, refused with `REFUND_AMOUNT_EXCEEDS_PAID`.
 */
export function paymentSummaryOf(transactions: readonly Transaction[]): PaymentSummary {
  const s = { paid: 0, authorized: 0, pending: 0, refunded: 0, refundPending: 0 };
  for (const t of transactions) {
    assertAmount(t);
    if (t.kind === 'PAYMENT') {
      if (t.status === 'APPROVED') s.paid += t.amountMinor;
      else if (t.status === 'AUTHORIZED') s.authorized += t.amountMinor;
      else if (t.status === 'PENDING') s.pending += t.amountMinor;
    } else if (t.status === 'SUCCEEDED') s.refunded += t.amountMinor;
    else if (t.status === 'PENDING') s.refundPending += t.amountMinor;
  }
  if (s.refunded + s.refundPending > s.paid) {
    throw new AppError('FAILED_PRECONDITION', 'REFUND_AMOUNT_EXCEEDS_PAID', 'Refunds exceed what was paid', {
      paid: s.paid,
      refunded: s.refunded + s.refundPending,
    });
  }
  return { ...s, refundable: s.paid - s.refunded - s.refundPending };
}

/**
 * The order's payment status, derived from its transactions (it is never set directly):
 * any succeeded refund → FULLY_REFUNDED when it returns everything paid, else PARTIALLY_REFUNDED;
 * paid ≥ total → PAID; something paid → PARTIALLY_PAID; an authorization awaiting capture →
 * PENDING_MERCHANT; a pending payment → PENDING; otherwise the last failed attempt decides
 * (DECLINED, or CANCELED for canceled and voided ones); no payment at all → NOT_PAID.
 */
export function paymentStatusOf(totalMinor: number, transactions: readonly Transaction[]): PaymentStatus {
  const s = paymentSummaryOf(transactions);
  if (s.refunded > 0) return s.refunded === s.paid ? 'FULLY_REFUNDED' : 'PARTIALLY_REFUNDED';
  if (s.paid >= totalMinor) return 'PAID';
  if (s.paid > 0) return 'PARTIALLY_PAID';
  if (s.authorized > 0) return 'PENDING_MERCHANT';
  if (s.pending > 0) return 'PENDING';
  const last = paymentsOf(transactions).at(-1);
  if (last?.status === 'DECLINED') return 'DECLINED';
  if (last?.status === 'CANCELED' || last?.status === 'VOIDED') return 'CANCELED';
  return 'NOT_PAID';
}
