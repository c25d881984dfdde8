import { AppError, notFound } from '../errors.js';
import type { FulfillmentStatus, LineQuantity, OrderLine } from './types.js';

/** A shipment (or hand-over) of some units of some lines. */
export interface Fulfillment {
  lineItems: LineQuantity[];
}

/**
 * Units fulfilled per line id, after checking every fulfillment in order: an unknown line is
 * `LINE_ITEM_NOT_FOUND`, more units than the line has left is `FULFILLMENT_EXCEEDS_REMAINING_QUANTITY`.
 */
export function fulfilledQuantities(
  lines: readonly Pick<OrderLine, 'id' | 'quantity'>[],
  fulfillments: readonly Fulfillment[],
): Map<string, number> {
  const done = new Map(lines.map((l) => [l.id, 0]));
  const ordered = new Map(lines.map((l) => [l.id, l.quantity]));
  for (const f of fulfillments) {
    for (const item of f.lineItems) {
      const quantity = ordered.get(item.lineItemId);
      if (quantity === undefined) {
        throw notFound('LINE_ITEM_NOT_FOUND', `Line item ${item.lineItemId} is not in this order`, {
          lineItemId: item.lineItemId,
        });
      }
      const remaining = quantity - (done.get(item.lineItemId) ?? 0);
      if (!Number.isSafeInteger(item.quantity) || item.quantity < 1 || item.quantity > remaining) {
        throw new AppError(
          'FAILED_PRECONDITION',
          'FULFILLMENT_EXCEEDS_REMAINING_QUANTITY',
          `Cannot fulfill ${item.quantity} of line item ${item.lineItemId}: ${remaining} left`,
          { lineItemId: item.lineItemId, requested: item.quantity, remaining },
        );
      }
      done.set(item.lineItemId, quantity - remaining + item.quantity);
    }
  }
  return done;
}

/**
 * NOT_FULFILLED while no unit went out, FULFILLED once every unit of every line did,
 * PARTIALLY_FULFILLED in between. Refuses fulfillments that over-fulfill a line.
 */
export function fulfillmentStatusOf(
  lines: readonly Pick<OrderLine, 'id' | 'quantity'>[],
  fulfillments: readonly Fulfillment[],
): FulfillmentStatus {
  const done = fulfilledQuantities(lines, fulfillments);
  let any = false;
  let all = lines.length > 0;
  for (const l of lines) {
    const n = done.get(l.id) ?? 0;
    if (n > 0) any = true;
    if (n < l.quantity) all = false;
  }
  return all ? 'FULFILLED' : any ? 'PARTIALLY_FULFILLED' : 'NOT_FULFILLED';
}
