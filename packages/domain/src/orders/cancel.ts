import { AppError } from '../errors.js';
import { transitionOrderStatus } from './order-status.js';
import { stockReturns } from './restock.js';
import type { OrderSnapshot, OrderStatus, StockReturn } from './types.js';

export interface CancelOutcome {
  status: OrderStatus;
  /** Stock to give back per variant; empty unless restocking was asked for. */
  restock: StockReturn[];
}

/**
 * Cancels an order: refused with `ORDER_ALREADY_CANCELED`, with `ORDER_ALREADY_FULFILLED` once any unit
 * went out, and by the status table otherwise (a REJECTED order cannot be canceled). With `restock`,
 * every line whose stock was taken gives back what it has not given back yet.
 */
export function cancelOrder(
  order: Pick<OrderSnapshot, 'status' | 'fulfillmentStatus' | 'lines'>,
  options: { restock: boolean },
): CancelOutcome {
  if (order.status === 'CANCELED') {
    throw new AppError('FAILED_PRECONDITION', 'ORDER_ALREADY_CANCELED', 'The order is already canceled');
  }
  if (order.fulfillmentStatus !== 'NOT_FULFILLED') {
    throw new AppError('FAILED_PRECONDITION', 'ORDER_ALREADY_FULFILLED', 'A fulfilled order cannot be canceled', {
      fulfillmentStatus: order.fulfillmentStatus,
    });
  }
  const status = transitionOrderStatus(order.status, 'CANCELED');
  const all = order.lines.map((l) => ({ lineItemId: l.id, quantity: l.quantity }));
  return { status, restock: options.restock ? stockReturns(order.lines, all) : [] };
}
