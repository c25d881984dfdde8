// Order rules: status table, derived payment and fulfillment status, refunds, collection, cancel, numbers.
export { type CancelOutcome, cancelOrder } from './cancel.js';
export { type Collectability, type CollectabilityStatus, collectability } from './collectability.js';
export { type Fulfillment, fulfilledQuantities, fulfillmentStatusOf } from './fulfillment-status.js';
export { FIRST_ORDER_NUMBER, nextOrderNumber } from './order-number.js';
export { canTransitionOrder, ORDER_STATUSES, orderStatusTransitions, transitionOrderStatus } from './order-status.js';
export { type PaymentSummary, paymentStatusOf, paymentSummaryOf, paymentsOf, refundsOf } from './payment-status.js';
export { planRefund, type RefundPlan, type RefundRequest } from './refund-plan.js';
export {
  type ManuallyRefundableReason,
  type NonRefundableReason,
  type PaymentRefundability,
  type Refundability,
  refundability,
} from './refundability.js';
export { stockReturns } from './restock.js';
export type * from './types.js';
