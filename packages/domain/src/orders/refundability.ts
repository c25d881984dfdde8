import { paymentStatusOf, paymentsOf, refundsOf } from './payment-status.js';
import type { OrderSnapshot, PaymentTransaction, Transaction } from './types.js';

/** Why a payment cannot be refunded at all (spec section 8, refund-not-possible reasons). */
export type NonRefundableReason =
  | 'ALREADY_REFUNDED'
  | 'NOT_PAID'
  | 'ZERO_PRICE'
  | 'PENDING_REFUND'
  | 'ORDER_IS_PENDING'
  | 'ORDER_IS_REJECTED'
  | 'PARTIALLY_PAID';

/** Why a payment can only be refunded by hand, outside the provider (spec section 8). */
export type ManuallyRefundableReason = 'EXPIRED' | 'NOT_SUPPORTED' | 'OFFLINE';

export type PaymentRefundability =
  | { paymentId: string; status: 'REFUNDABLE'; refundableMinor: number }
  | { paymentId: string; status: 'MANUAL'; reason: ManuallyRefundableReason; refundableMinor: number }
  | { paymentId: string; status: 'NOT_REFUNDABLE'; reason: NonRefundableReason; refundableMinor: 0 };

export interface Refundability {
  payments: PaymentRefundability[];
  /** What may be refunded now, through the provider or by hand. */
  refundableMinor: number;
}

type RefundableOrder = Pick<OrderSnapshot, 'status' | 'totalMinor'>;

function orderReason(order: RefundableOrder, transactions: readonly Transaction[]): NonRefundableReason | null {
  if (order.status === 'PENDING') return 'ORDER_IS_PENDING';
  if (order.status === 'REJECTED') return 'ORDER_IS_REJECTED';
  if (paymentStatusOf(order.totalMinor, transactions) === 'PARTIALLY_PAID') return 'PARTIALLY_PAID';
  return null;
}

function ofPayment(
  payment: PaymentTransaction,
  transactions: readonly Transaction[],
  orderBlock: NonRefundableReason | null,
  now: string,
): PaymentRefundability {
  const refunds = refundsOf(transactions).filter((r) => r.paymentId === payment.id);
  const refunded = refunds.filter((r) => r.status === 'SUCCEEDED').reduce((a, r) => a + r.amountMinor, 0);
  const no = (reason: NonRefundableReason): PaymentRefundability => ({
    paymentId: payment.id,
    status: 'NOT_REFUNDABLE',
    reason,
    refundableMinor: 0,
  });
  if (orderBlock) return no(orderBlock);
  if (payment.amountMinor === 0) return no('ZERO_PRICE');
  if (payment.status !== 'APPROVED') return no('NOT_PAID');
  if (refunded >= payment.amountMinor) return no('ALREADY_REFUNDED');
  if (refunds.some((r) => r.status === 'PENDING')) return no('PENDING_REFUND');
  const refundableMinor = payment.amountMinor - refunded;
  const manual = (reason: ManuallyRefundableReason): PaymentRefundability => ({
    paymentId: payment.id,
    status: 'MANUAL',
    reason,
    refundableMinor,
  });
  if (payment.offline) return manual('OFFLINE');
  if (!payment.refundSupported) return manual('NOT_SUPPORTED');
  if (payment.refundableUntil !== undefined && Date.parse(payment.refundableUntil) < Date.parse(now)) {
    return manual('EXPIRED');
  }
  return { paymentId: payment.id, status: 'REFUNDABLE', refundableMinor };
}

/**
 * Per payment: REFUNDABLE through its provider, MANUAL (only by hand: offline, not supported by the
 * provider, or past the provider's window) or NOT_REFUNDABLE with the reason. Order-level reasons
 * (pending, rejected, partially paid) apply to every payment.
 */
export function refundability(
  order: RefundableOrder,
  transactions: readonly Transaction[],
  context: { now: string },
): Refundability {
  const block = orderReason(order, transactions);
  const payments = paymentsOf(transactions).map((p) => ofPayment(p, transactions, block, context.now));
  return { payments, refundableMinor: payments.reduce((a, p) => a + p.refundableMinor, 0) };
}
