import { timingSafeEqual } from 'node:crypto';
import * as c from '@merx/contract';
import { type Caller, ownOrElevated, publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { transactionWire } from '../orders/orders.mapper.js';
import { canRead, orderNotFound } from '../orders/orders.service.js';
import { payTokenHash } from '../orders/orders.timers.js';
import type { OrderState } from '../orders/orders.types.js';
import { summarize } from './payments.cards.js';
import { createCollector, declined, type PaymentsContext } from './payments.collect.js';
import { contextOf } from './payments.mapper.js';
import { testGateway } from './payments.providers.js';
import { collectabilityOf } from './payments.records.js';

/*
 * The pay link of the payment reminder (docs/decisions/0013-unpaid-orders.md): whoever holds the order's token, which
 * was mailed to the buyer alone and is kept only as its SHA-256, may read that order and pay it with a card, from any
 * browser. A wrong token and an unknown order get the same not-found answer.
 */

/** Where the order's payment stands for its buyer (see the contract's `paymentState`). */
const paymentStateOf = (state: OrderState): c.PaymentState => {
  const online = state.order.paymentMethod !== 'offline';
  const last = state.transactions.findLast((t) => t.kind === 'PAYMENT');
  const reason = last?.status === 'DECLINED' ? (last.details.reason as string | undefined) : undefined;
  return {
    online,
    payable: online && state.order.status !== 'CANCELED' && collectabilityOf(state).status === 'COLLECTABLE',
    ...(reason ? { declineReason: reason as c.PaymentDeclineReason } : {}),
  };
};

/** Nobody in particular: stock taken at payment is logged as the system's. */
const LINK_HOLDER: Caller = { kind: 'none' };

export function createPayLinks(ctx: PaymentsContext) {
  const collector = createCollector(ctx);

  /** Throws not-found unless `token` is the order's pay link token. */
  async function check(orderId: string, token: string): Promise<void> {
    const row = await ctx.deps.db
      .selectFrom('orders')
      .select('pay_token_hash')
      .where('id', '=', orderId)
      .executeTakeFirst();
    const want = Buffer.from(row?.pay_token_hash ?? '', 'hex');
    const got = Buffer.from(payTokenHash(token), 'hex');
    if (want.length !== got.length || !timingSafeEqual(want, got)) throw orderNotFound(orderId);
  }

  return {
    async view(input: c.PayLinkRequest) {
      await check(input.orderId, input.token);
      const state = await ctx.orders.load(input.orderId);
      return { order: ctx.orders.wire(state), payment: paymentStateOf(state) };
    },

    /** The buyer's (or staff's) view of where the order's payment stands. */
    async state(caller: Caller, orderId: string) {
      const state = await ctx.orders.load(orderId);
      if (!canRead(caller, state)) throw orderNotFound(orderId);
      return { payment: paymentStateOf(state) };
    },

    /**
     * Pays the order with the card, as its buyer would; a decline is recorded, then refused. The events name the
     * request's caller when it has one (a shopper's token), else no one: a link holder is not known.
     */
    async pay(input: c.PayByLinkRequest, caller: Caller = LINK_HOLDER) {
      await check(input.orderId, input.token);
      const card = { input: input.card, summary: summarize(input.card) };
      const { state, transaction } = await collector.collect(
        LINK_HOLDER,
        input.orderId,
        { provider: testGateway, online: true, card },
        undefined,
        caller,
      );
      if (transaction.status === 'DECLINED') throw declined(state, transaction);
      return {
        orderId: state.order.id,
        transaction: transactionWire(transaction, contextOf(state, ctx.deps.store().locale)),
        paymentStatus: state.order.paymentStatus,
      };
    },

    async instructions() {
      return { offlinePaymentInstructions: (await ctx.records.settings.get()).offlinePaymentInstructions };
    },
  };
}

export type PayLinks = ReturnType<typeof createPayLinks>;

/**
 * The pay link's two calls, the buyer's payment state of their order, and the offline payment instructions every
 * shopper may read before ordering.
 */
export function payLinkRoutes(links: PayLinks): AnyRoute[] {
  const tag = 'Payments';
  return [
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/payments/pay-link/order',
      summary: "The order of a payment reminder's pay link (anyone holding its token)",
      tag,
      access: publicAccess,
      input: c.payLinkRequest,
      response: c.payLinkOrderResponse,
      handler: async ({ input }) => links.view(input),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/payments/orders/:orderId/payment-state',
      summary: 'Whether the order can be paid by card now, and why its last card payment was declined',
      tag,
      access: ownOrElevated('orders:read'),
      params: c.paymentStateParams,
      response: c.paymentStateResponse,
      handler: async ({ caller, params }) => links.state(caller, params.orderId),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/payments/pay-link/pay',
      summary: "Pay the order of a payment reminder's pay link with a card (anyone holding its token)",
      tag,
      access: publicAccess,
      input: c.payByLinkRequest,
      response: c.payByLinkResponse,
      handler: async ({ caller, input }) => links.pay(input, caller),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/payments/offline-instructions',
      summary: "How buyers who pay later pay (the merchant's text in the orders settings)",
      tag,
      access: publicAccess,
      response: c.offlineInstructionsResponse,
      handler: async () => links.instructions(),
    }),
  ];
}
