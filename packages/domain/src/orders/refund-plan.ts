import { AppError, invalid, notFound } from '../errors.js';
import { allocate } from '../money/money.js';
import { type PaymentRefundability, refundability } from './refundability.js';
import { stockReturns } from './restock.js';
import type { LineQuantity, OrderLine, OrderSnapshot, StockReturn, Transaction } from './types.js';

/** What staff ask to refund. */
export interface RefundRequest {
  /** Minor units to return; defaults to the value of the listed lines and shipping, or to everything refundable. */
  amountMinor?: number;
  /** Units being returned; they are the only units restocked. */
  lineItems?: LineQuantity[];
  refundShipping?: boolean;
  restock: boolean;
}

/** A validated refund: the amount split over lines, shipping and payments, parts summing exactly. */
export interface RefundPlan {
  amountMinor: number;
  /** The amount's share per line (requested lines, or every line with unrefunded units). */
  lines: { lineItemId: string; quantity: number; amountMinor: number }[];
  shippingMinor: number;
  /** The share not tied to any line or shipping (only when nothing is left to tie it to). */
  otherMinor: number;
  /** Which payments return the money, in payment order; `manual` ones are refunded by hand. */
  payments: { paymentId: string; amountMinor: number; manual: boolean }[];
  restock: StockReturn[];
}

function unrefunded(line: OrderLine): number {
  return line.quantity - (line.refundedQuantity ?? 0);
}

/** The value of `quantity` of the line's not yet refunded units (largest remainder over units). */
function unitsValue(line: OrderLine, quantity: number): number {
  const refunded = line.refundedQuantity ?? 0;
  const left = allocate(line.totalMinor, [line.quantity - refunded, refunded])[0] ?? 0;
  return allocate(left, [quantity, unrefunded(line) - quantity])[0] ?? 0;
}

function requestedLines(lines: readonly OrderLine[], items: readonly LineQuantity[]): [OrderLine, number][] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  return items.map((item) => {
    const line = byId.get(item.lineItemId);
    if (!line)
      throw notFound('LINE_ITEM_NOT_FOUND', `Line item ${item.lineItemId} is not in this order`, {
        lineItemId: item.lineItemId,
      });
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1 || item.quantity > unrefunded(line)) {
      throw new AppError(
        'FAILED_PRECONDITION',
        'REFUND_QUANTITY_EXCEEDS_REMAINING',
        `Cannot refund ${item.quantity} of line item ${line.id}: ${unrefunded(line)} left`,
        { lineItemId: line.id, requested: item.quantity, remaining: unrefunded(line) },
      );
    }
    return [line, item.quantity];
  });
}

/** Fills payments in order, each up to what it has left to refund. */
function takeFromPayments(payments: readonly PaymentRefundability[], amountMinor: number): RefundPlan['payments'] {
  let left = amountMinor;
  return payments.flatMap((p) => {
    const take = Math.min(left, p.refundableMinor);
    left -= take;
    return take > 0 ? [{ paymentId: p.paymentId, amountMinor: take, manual: p.status === 'MANUAL' }] : [];
  });
}

/**
 * Validates a refund and splits it. Refused with `REFUND_NOT_POSSIBLE` when no payment can be refunded
 * and `REFUND_AMOUNT_EXCEEDS_PAID` when the amount is more than paid minus refunded (pending refunds included).
 */
export function planRefund(
  order: Pick<OrderSnapshot, 'status' | 'totalMinor' | 'shippingMinor' | 'lines'>,
  transactions: readonly Transaction[],
  request: RefundRequest,
  context: { now: string },
): RefundPlan {
  const status = refundability(order, transactions, context);
  if (status.refundableMinor === 0) {
    const reasons = [...new Set(status.payments.map((p) => (p.status === 'NOT_REFUNDABLE' ? p.reason : null)))];
    throw new AppError('FAILED_PRECONDITION', 'REFUND_NOT_POSSIBLE', 'Nothing on this order can be refunded', {
      reasons: reasons.filter((r) => r !== null),
    });
  }
  const listed = request.lineItems?.length ? requestedLines(order.lines, request.lineItems) : null;
  const targets =
    listed ?? order.lines.filter((l) => unrefunded(l) > 0).map((l): [OrderLine, number] => [l, unrefunded(l)]);
  const values = targets.map(([line, quantity]) => unitsValue(line, quantity));
  const shipping = request.refundShipping ? order.shippingMinor : 0;
  const asked = listed || request.refundShipping;
  const amountMinor =
    request.amountMinor ?? (asked ? values.reduce((a, b) => a + b, 0) + shipping : status.refundableMinor);
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 1) {
    throw invalid('amount', 'must be a positive amount', 'DECIMAL_GT', { amountMinor });
  }
  if (amountMinor > status.refundableMinor) {
    throw new AppError('FAILED_PRECONDITION', 'REFUND_AMOUNT_EXCEEDS_PAID', 'The refund is more than what was paid', {
      requested: amountMinor,
      refundable: status.refundableMinor,
    });
  }
  const withShipping = request.refundShipping === true;
  const parts = allocate(amountMinor, withShipping ? [...values, shipping] : values);
  const lines = targets.map(([line, quantity], i) => ({ lineItemId: line.id, quantity, amountMinor: parts[i] ?? 0 }));
  const shippingMinor = withShipping ? (parts[targets.length] ?? 0) : 0;
  const otherMinor = targets.length === 0 && !withShipping ? amountMinor : 0;
  const returned = (listed ?? []).map(([line, quantity]) => ({ lineItemId: line.id, quantity }));
  return {
    amountMinor,
    lines,
    shippingMinor,
    otherMinor,
    payments: takeFromPayments(status.payments, amountMinor),
    restock: request.restock ? stockReturns(order.lines, returned) : [],
  };
}
