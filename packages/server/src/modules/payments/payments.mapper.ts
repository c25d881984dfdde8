import type { Collectability, Refundability } from '@merx/domain';
import { compact, priceOf, type WireContext } from '../cart/cart.mapper.js';
import { transactionWire } from '../orders/orders.mapper.js';
import type { OrderState } from '../orders/orders.types.js';

/** Payments answers on the wire: collectability, refundability and the order's transactions. */

export const contextOf = (state: OrderState, locale: string): WireContext => ({
  currency: state.order.currency,
  locale,
});

export function collectabilityWire(c: Collectability, ctx: WireContext) {
  return { status: c.status, amount: priceOf(c.amountMinor, ctx) };
}

export function refundabilityWire(r: Refundability, ctx: WireContext) {
  const reasons = r.payments.flatMap((p) => (p.status === 'NOT_REFUNDABLE' ? [p.reason] : []));
  const orderReason = r.refundableMinor > 0 ? undefined : (reasons[0] ?? 'NOT_PAID');
  return compact({
    refundabilities: r.payments.map((p) =>
      compact({
        paymentId: p.paymentId,
        refundable: p.status === 'REFUNDABLE',
        nonRefundableReason: p.status === 'NOT_REFUNDABLE' ? p.reason : undefined,
        manuallyRefundableReason: p.status === 'MANUAL' ? p.reason : undefined,
        refundableAmount: priceOf(p.refundableMinor, ctx),
      }),
    ),
    refundableAmount: priceOf(r.refundableMinor, ctx),
    nonRefundableReason: orderReason,
  });
}

export function transactionsWire(state: OrderState, ctx: WireContext) {
  return state.transactions.map((t) => transactionWire(t, ctx));
}
