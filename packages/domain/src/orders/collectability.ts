import { paymentSummaryOf } from './payment-status.js';
import type { OrderSnapshot, Transaction } from './types.js';

/** Whether staff or the buyer can still be charged for an order (the contract's collectability status). */
export type CollectabilityStatus =
  | 'COLLECTABLE'
  | 'NONCOLLECTABLE_ORDER_IS_CANCELLED'
  | 'NONCOLLECTABLE_ORDER_IS_PAID'
  | 'NONCOLLECTABLE_ORDER_IS_PENDING'
  | 'NONCOLLECTABLE_ORDER_IS_REJECTED'
  | 'NONCOLLECTABLE_MISSING_PAYMENT_METHOD';

export interface Collectability {
  status: CollectabilityStatus;
  /** What is left to collect: total − paid − payments still in flight (pending or authorized). */
  amountMinor: number;
}

/**
 * COLLECTABLE, or the first reason it is not: the order is canceled, rejected or pending; it is paid
 * (or the money in flight covers it, which also counts as pending); or it has no payment method.
 */
export function collectability(
  order: Pick<OrderSnapshot, 'status' | 'totalMinor' | 'paymentMethod'>,
  transactions: readonly Transaction[],
): Collectability {
  const s = paymentSummaryOf(transactions);
  const amountMinor = Math.max(0, order.totalMinor - s.paid - s.pending - s.authorized);
  const result = (status: CollectabilityStatus): Collectability => ({ status, amountMinor });
  if (order.status === 'CANCELED') return result('NONCOLLECTABLE_ORDER_IS_CANCELLED');
  if (order.status === 'REJECTED') return result('NONCOLLECTABLE_ORDER_IS_REJECTED');
  if (order.status === 'PENDING') return result('NONCOLLECTABLE_ORDER_IS_PENDING');
  if (s.paid >= order.totalMinor) return result('NONCOLLECTABLE_ORDER_IS_PAID');
  if (amountMinor === 0) return result('NONCOLLECTABLE_ORDER_IS_PENDING');
  if (!order.paymentMethod) return result('NONCOLLECTABLE_MISSING_PAYMENT_METHOD');
  return result('COLLECTABLE');
}
