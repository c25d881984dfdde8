import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated, ownOrElevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { PaymentsService } from './payments.service.js';

const orderIdParam = z.object({ ecomOrderId: z.string().min(1).max(100) });
const COLLECTOR = '/ecom/v1/payments-collector/orders/:ecomOrderId';

/**
 * Paying orders: Merx's card payment call, the checkout's create-order-and-charge, and the payments collector
 * (WIRE.md 5.3 and Appendix A `ecom_orders`): mark as paid (one and bulk), collectability, refundability, refunds,
 * capture and void of authorized payments, manual payments, payment collection.
 */
export function paymentRoutes(payments: PaymentsService): AnyRoute[] {
  const tag = 'Payments';
  return [
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/payments/pay',
      summary: 'Pay an order with a card through the test gateway (its buyer, or staff with orders:write)',
      tag,
      access: ownOrElevated('orders:write'),
      input: c.payOrderRequest,
      response: c.payOrderResponse,
      handler: async ({ caller, input }) => payments.pay(caller, input),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/payments/test-gateway/settle',
      summary: "Settle a payment the test gateway left PENDING, as the gateway's notification would (staff)",
      tag,
      access: elevated('orders:write'),
      input: c.settlePendingPaymentRequest,
      response: c.transactionsResponse,
      handler: async ({ caller, input }) => payments.settle(caller, input),
    }),
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/checkouts/:id/create-order-and-charge',
      summary: 'Place the order of a checkout and charge the card (idempotent)',
      tag: 'Checkout',
      access: ownOrElevated('orders:write'),
      params: z.object({ id: z.string().min(1).max(100) }),
      input: c.createOrderAndChargeRequest,
      response: c.createOrderAndChargeResponse,
      handler: async ({ caller, params, input }) => payments.createOrderAndCharge(caller, params.id, input),
    }),
    defineRoute({
      method: 'POST',
      url: `${COLLECTOR}/mark-as-paid`,
      summary: 'Mark an order as paid (an offline payment of what is left to collect)',
      tag,
      access: elevated('orders:write'),
      params: orderIdParam,
      input: c.markAsPaidRequest,
      response: c.orderResponse,
      handler: async ({ caller, params }) => payments.markAsPaid(caller, params.ecomOrderId),
    }),
    defineRoute({
      method: 'POST',
      url: '/v1/bulk/payments-collector/mark-as-paid',
      summary: 'Mark orders as paid, each on its own',
      tag,
      access: elevated('orders:write'),
      input: c.bulkMarkAsPaidRequest,
      response: c.bulkMarkAsPaidResponse,
      handler: async ({ caller, input }) => payments.bulkMarkAsPaid(caller, input.ecomOrderIds),
    }),
    defineRoute({
      method: 'GET',
      url: `${COLLECTOR}/payment-collectability-status`,
      summary: 'Whether the order can be charged, and how much is left to collect',
      tag,
      access: elevated('orders:read'),
      params: orderIdParam,
      response: c.paymentCollectabilityResponse,
      handler: async ({ params }) => payments.collectability(params.ecomOrderId),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/orders/:orderId/transactions',
      summary: "List an order's payments and refunds, oldest first (Merx)",
      tag,
      access: elevated('orders:read'),
      params: z.object({ orderId: z.string().min(1).max(100) }),
      response: c.listOrderTransactionsResponse,
      handler: async ({ params }) => payments.transactions(params.orderId),
    }),
    defineRoute({
      method: 'GET',
      url: `${COLLECTOR}/refundability`,
      summary: "Whether each of the order's payments can be refunded, and how much",
      tag,
      access: elevated('orders:read'),
      params: orderIdParam,
      response: c.paymentsRefundabilityResponse,
      handler: async ({ params }) => payments.refundability(params.ecomOrderId),
    }),
    defineRoute({
      method: 'POST',
      url: `${COLLECTOR}/trigger-refund`,
      summary: 'Refund an order in full or in part, by amount or by line items, restocking as asked',
      tag,
      access: elevated('orders:write'),
      params: orderIdParam,
      input: c.triggerRefundRequest,
      response: c.transactionsResponse,
      handler: async ({ caller, params, input }) => payments.triggerRefund(caller, params.ecomOrderId, input),
    }),
    defineRoute({
      method: 'POST',
      url: `${COLLECTOR}/capture-authorized-payments`,
      summary: 'Capture authorized payments (all or part of what they hold)',
      tag,
      access: elevated('orders:write'),
      params: orderIdParam,
      input: c.captureAuthorizedPaymentsRequest,
      response: c.transactionsResponse,
      handler: async ({ caller, params, input }) => payments.capture(caller, params.ecomOrderId, input.payments),
    }),
    defineRoute({
      method: 'POST',
      url: `${COLLECTOR}/void-authorized-payments`,
      summary: 'Void authorized payments (release the money held)',
      tag,
      access: elevated('orders:write'),
      params: orderIdParam,
      input: c.voidAuthorizedPaymentsRequest,
      response: c.transactionsResponse,
      handler: async ({ caller, params, input }) => payments.void(caller, params.ecomOrderId, input.paymentIds),
    }),
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/payments-collector/orders/:orderId/manual-payment',
      summary: 'Record a payment collected by hand',
      tag,
      access: elevated('orders:write'),
      params: z.object({ orderId: z.string().min(1).max(100) }),
      input: c.recordManualPaymentRequest,
      response: c.transactionsResponse,
      handler: async ({ caller, params, input }) => payments.recordManual(caller, params.orderId, input.amount),
    }),
    defineRoute({
      method: 'POST',
      url: `${COLLECTOR}/prepare-payment-collection`,
      summary: 'The id to collect what is left to pay through the gateway',
      tag,
      access: elevated('orders:write'),
      params: orderIdParam,
      input: c.preparePaymentCollectionRequest,
      response: c.preparePaymentCollectionResponse,
      handler: async ({ params, input }) => payments.prepare(params.ecomOrderId, input.amount?.amount),
    }),
  ];
}
