import { z } from 'zod';
import { orderResponse, payOrderRequest, payOrderResponse } from '../ecom/orders.js';

/*
 * Merx's own payment calls for buyers (server: payments.pay-link.ts): the pay link of a payment reminder
 * (docs/decisions/0013-unpaid-orders.md), which lets whoever holds the order's mailed token read and pay that order
 * from any browser; the buyer's payment state of their order; and the offline payment instructions every shopper
 * may read before ordering.
 */

/** The order and its pay link token (as mailed in the payment reminder). */
export const payLinkRequest = z.object({ orderId: z.string().min(1).max(100), token: z.string().min(20).max(200) });
export type PayLinkRequest = z.infer<typeof payLinkRequest>;

/** Pay the pay link's order with a card (the test gateway's, as the buyer's own pay call takes). */
export const payByLinkRequest = payLinkRequest.extend({ card: payOrderRequest.shape.card });
export type PayByLinkRequest = z.infer<typeof payByLinkRequest>;

/** Paying by pay link answers as the buyer's own pay call does. */
export const payByLinkResponse = payOrderResponse;
export type PayByLinkResponse = z.infer<typeof payByLinkResponse>;

/** Why the last card payment of an order was declined. */
export const paymentDeclineReason = z.enum(['CARD_DECLINED', 'INSUFFICIENT_FUNDS', 'EXPIRED_CARD']);
export type PaymentDeclineReason = z.infer<typeof paymentDeclineReason>;

/**
 * Where the order's payment stands for its buyer: paid online or offline, whether a card can pay it now, and why the
 * last card payment was declined (when the last one was).
 */
export const paymentState = z.object({
  online: z.boolean(),
  payable: z.boolean(),
  declineReason: paymentDeclineReason.optional(),
});
export type PaymentState = z.infer<typeof paymentState>;

/** The pay link's order, with where its payment stands. */
export const payLinkOrderResponse = orderResponse.extend({ payment: paymentState });
export type PayLinkOrderResponse = z.infer<typeof payLinkOrderResponse>;

/** The order whose payment state the buyer (or staff) asks for. */
export const paymentStateParams = z.object({ orderId: z.string().min(1).max(100) });
export type PaymentStateParams = z.infer<typeof paymentStateParams>;

export const paymentStateResponse = z.object({ payment: paymentState });
export type PaymentStateResponse = z.infer<typeof paymentStateResponse>;

/** How buyers who pay later pay: the merchant's text in the orders settings ('' when they wrote none). */
export const offlineInstructionsResponse = z.object({ offlinePaymentInstructions: z.string() });
export type OfflineInstructionsResponse = z.infer<typeof offlineInstructionsResponse>;
