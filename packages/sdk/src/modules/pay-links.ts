import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type In, type Out } from '../module.js';

export type PaymentState = c.PaymentState;

const BASE = '/_api/merx/v1/payments';

/**
 * Merx's payment calls for buyers: the pay link of a payment reminder (public: the link's token is the key), the
 * buyer's payment state of their order (its buyer or staff), and the offline payment instructions (public).
 */
export function payLinks(transport: Transport) {
  const call = caller(transport, 'payLinks');
  return {
    /**
     * Where the order's payment stands: paid online or offline, whether a card can pay it now, and why its last card
     * payment was declined. Its buyer's (or staff's) tokens only; anyone else's order answers not-found.
     */
    getPaymentState: (orderId: string, o?: CallOptions) =>
      call<Out<typeof c.paymentStateResponse>>('getPaymentState', {
        method: 'GET',
        path: `${BASE}/orders/${encodeURIComponent(orderId)}/payment-state`,
        args: [orderId],
        options: o,
      }),

    /**
     * The order of a payment reminder's pay link, with its payment state, for whoever holds the link's token. A wrong
     * token answers not-found, as an unknown order does.
     */
    getPayLinkOrder: (request: In<typeof c.payLinkRequest>, o?: CallOptions) =>
      call<Out<typeof c.payLinkOrderResponse>>('getPayLinkOrder', {
        method: 'POST',
        path: `${BASE}/pay-link/order`,
        body: request,
        args: [{ ...request, token: '<redacted>' }],
        options: o,
      }),

    /**
     * Pays the pay link's order with a card (test gateway). A declined card is recorded on the order and answers
     * `PAYMENT_DECLINED` with its reason code.
     */
    payByLink: (request: In<typeof c.payByLinkRequest>, o?: CallOptions) =>
      call<Out<typeof c.payByLinkResponse>>('payByLink', {
        method: 'POST',
        path: `${BASE}/pay-link/pay`,
        body: request,
        args: [{ orderId: request.orderId, token: '<redacted>', card: '<redacted>' }],
        options: o,
      }),

    /** How buyers who pay later pay, as the merchant wrote it ('' when they wrote nothing). No token needed. */
    getOfflineInstructions: (o?: CallOptions) =>
      call<Out<typeof c.offlineInstructionsResponse>>('getOfflineInstructions', {
        method: 'GET',
        path: `${BASE}/offline-instructions`,
        args: [],
        options: o,
      }),
  };
}

export type PayLinksModule = ReturnType<typeof payLinks>;
