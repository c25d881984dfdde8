import { AppError } from '../errors.js';
import type { OrderStatus } from './types.js';

/**
 * Where an order may go from each status. PENDING waits for a merchant's or provider's decision;
 * CANCELED and REJECTED are final. A move to the same status is not a transition and is refused too.
 *
 * | from        | to                              |
 * |-------------|---------------------------------|
 * | INITIALIZED | APPROVED, PENDING, CANCELED     |
 * | PENDING     | APPROVED, REJECTED, CANCELED    |
 * | APPROVED    | CANCELED                        |
 * | CANCELED    | –                               |
 * | REJECTED    | –                               |
 */
export const orderStatusTransitions = {
  INITIALIZED: ['APPROVED', 'PENDING', 'CANCELED'],
  PENDING: ['APPROVED', 'REJECTED', 'CANCELED'],
  APPROVED: ['CANCELED'],
  CANCELED: [],
  REJECTED: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

export const ORDER_STATUSES = Object.keys(orderStatusTransitions) as OrderStatus[];

/** True when the table allows `from` → `to`. */
export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return (orderStatusTransitions[from] as readonly OrderStatus[]).includes(to);
}

/** The new status, or `ORDER_STATUS_TRANSITION_NOT_ALLOWED` when the table forbids the move. */
export function transitionOrderStatus(from: OrderStatus, to: OrderStatus): OrderStatus {
  if (!canTransitionOrder(from, to)) {
    throw new AppError(
      'FAILED_PRECONDITION',
      'ORDER_STATUS_TRANSITION_NOT_ALLOWED',
      `An order cannot go from ${from} to ${to}`,
      { from, to },
    );
  }
  return to;
}
