/** Small builders for order-rule tests: each test states only what it is about. */
import type { OrderLine, OrderSnapshot, PaymentTransaction, RefundTransaction } from './types.js';

export const NOW = '2025-06-01T12:00:00.000Z';

/** One unit at 10.00 of `product-<id>`, stock taken. */
export function line(id: string, overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id,
    productId: `product-${id}`,
    variantId: null,
    quantity: 1,
    totalMinor: 1000,
    stockTaken: true,
    ...overrides,
  };
}

/** An approved, not fulfilled USD order whose total is its lines plus shipping. */
export function order(lines: OrderLine[], overrides: Partial<OrderSnapshot> = {}): OrderSnapshot {
  const shippingMinor = overrides.shippingMinor ?? 0;
  return {
    status: 'APPROVED',
    currency: 'USD',
    totalMinor: lines.reduce((a, l) => a + l.totalMinor, 0) + shippingMinor,
    shippingMinor,
    lines,
    fulfillmentStatus: 'NOT_FULFILLED',
    paymentMethod: 'test',
    ...overrides,
  };
}

/** An approved online payment the provider can refund. */
export function payment(
  id: string,
  amountMinor: number,
  overrides: Partial<PaymentTransaction> = {},
): PaymentTransaction {
  return { kind: 'PAYMENT', id, status: 'APPROVED', amountMinor, offline: false, refundSupported: true, ...overrides };
}

/** A succeeded refund of `amountMinor` against `paymentId`. */
export function refund(
  paymentId: string,
  amountMinor: number,
  overrides: Partial<RefundTransaction> = {},
): RefundTransaction {
  return {
    kind: 'REFUND',
    id: `refund-${paymentId}-${amountMinor}`,
    paymentId,
    status: 'SUCCEEDED',
    amountMinor,
    ...overrides,
  };
}
