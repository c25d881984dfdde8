import type {
  CreateOrderAndChargeRequest,
  PayOrderRequest,
  SettlePendingPaymentRequest,
  TriggerRefundRequest,
} from '@merx/contract';
import { AppError } from '@merx/domain';
import type { Caller } from '../../http/auth.js';
import { compact } from '../cart/cart.mapper.js';
import { transactionWire } from '../orders/orders.mapper.js';
import type { OrderState, TransactionRecord } from '../orders/orders.types.js';
import { createAuthorizedPayments } from './payments.authorized.js';
import { type CardInput, summarize } from './payments.cards.js';
import { createCollector, declined, mayPay, type PaymentsContext } from './payments.collect.js';
import { collectabilityWire, contextOf, refundabilityWire, transactionsWire } from './payments.mapper.js';
import { prepareProviders, testGateway } from './payments.providers.js';
import { collectabilityOf, collectableAmount } from './payments.records.js';
import { createRefunds } from './payments.refund.js';

/** Payments of orders: the buyer's card payment, the payments collector's calls, and create-order-and-charge. */
export function createPaymentsService(ctx: PaymentsContext) {
  const { orders } = ctx;
  const collector = createCollector(ctx);
  const authorized = createAuthorizedPayments(ctx);
  const refunds = createRefunds(ctx);
  const wireCtx = (state: OrderState) => contextOf(state, ctx.deps.store().locale);
  const withTransactions = (state: OrderState) => ({
    order: orders.wire(state),
    orderTransactions: transactionsWire(state, wireCtx(state)),
  });

  /** Charges `card` through the test gateway for what is left to collect; a decline is recorded, then refused. */
  async function payByCard(caller: Caller, orderId: string, input: CardInput) {
    const card = { input, summary: summarize(input) };
    const { state, transaction } = await collector.collect(
      caller,
      orderId,
      { provider: testGateway, online: true, card },
      (s) => mayPay(caller, s),
    );
    if (transaction.status === 'DECLINED') throw declined(state, transaction);
    return { state, transaction };
  }

  /** The last payment holding or awaiting money, for answers about an order already charged. */
  const lastHeld = (state: OrderState): TransactionRecord | undefined =>
    state.transactions.findLast(
      (t) => t.kind === 'PAYMENT' && (t.status === 'APPROVED' || t.status === 'AUTHORIZED' || t.status === 'PENDING'),
    );

  return {
    /** POST /_api/merx/v1/payments/pay: the buyer (or staff) pays the order with a card. */
    async pay(caller: Caller, input: PayOrderRequest) {
      const { state, transaction } = await payByCard(caller, input.paymentGatewayOrderId, input.card);
      return {
        orderId: state.order.id,
        transaction: transactionWire(transaction, wireCtx(state)),
        paymentStatus: state.order.paymentStatus,
      };
    },

    /**
     * create-order-and-charge: places the order (idempotent) and charges the card. Called again once the order
     * holds its money, it answers the same order and payment without charging again.
     */
    async createOrderAndCharge(caller: Caller, checkoutId: string, input: CreateOrderAndChargeRequest) {
      const { card, ...options } = input;
      if (card) summarize(card);
      const placed = await orders.placeFromCheckout(caller, checkoutId, options);
      let state = await orders.load(placed.orderId);
      let transaction = lastHeld(state);
      const online = state.order.paymentMethod !== 'offline';
      // A Stripe order is placed here and paid with Stripe.js: no card reaches Merx for it.
      const byCard = online && state.order.paymentMethod !== 'stripe';
      if (card && byCard && collectabilityOf(state).status === 'COLLECTABLE') {
        ({ state, transaction } = await payByCard(caller, placed.orderId, card));
      }
      const open = online && collectabilityOf(state).status === 'COLLECTABLE';
      return compact({
        orderId: state.order.id,
        paymentGatewayOrderId: open ? state.order.id : undefined,
        paymentResponseToken: transaction?.id,
        paymentStatus: state.order.paymentStatus,
        transaction: transaction ? transactionWire(transaction, wireCtx(state)) : undefined,
      });
    },

    async markAsPaid(caller: Caller, orderId: string) {
      return { order: orders.wire((await collector.markAsPaid(caller, orderId)).state) };
    },

    /** Marks each order paid in its own transaction; a refusal fails only its item. */
    async bulkMarkAsPaid(caller: Caller, orderIds: readonly string[]) {
      const results = [];
      for (const [originalIndex, id] of orderIds.entries()) {
        try {
          const { state } = await collector.markAsPaid(caller, id);
          results.push({ itemMetadata: { id, originalIndex, success: true }, item: orders.wire(state) });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({
            itemMetadata: {
              id,
              originalIndex,
              success: false,
              error: { code: error.code, description: error.message },
            },
          });
        }
      }
      const successes = results.filter((r) => r.itemMetadata.success).length;
      return {
        results,
        bulkActionMetadata: {
          totalSuccesses: successes,
          totalFailures: results.length - successes,
          undetailedFailures: 0,
        },
      };
    },

    async collectability(orderId: string) {
      const state = await orders.load(orderId);
      return collectabilityWire(collectabilityOf(state), wireCtx(state));
    },

    /** The order's payments and refunds, oldest first (what the back office's order page lists). */
    async transactions(orderId: string) {
      const state = await orders.load(orderId);
      return { orderTransactions: transactionsWire(state, wireCtx(state)) };
    },

    async refundability(orderId: string) {
      const state = await orders.load(orderId);
      return refundabilityWire(refunds.status(state), wireCtx(state));
    },

    async triggerRefund(caller: Caller, orderId: string, input: TriggerRefundRequest) {
      await prepareProviders(ctx.providers);
      const { state, refundId } = await refunds.trigger(caller, orderId, input);
      return { ...withTransactions(state), refundId };
    },

    async capture(caller: Caller, orderId: string, payments: Parameters<typeof authorized.capture>[2]) {
      await prepareProviders(ctx.providers);
      return withTransactions(await authorized.capture(caller, orderId, payments));
    },

    async void(caller: Caller, orderId: string, paymentIds: readonly string[]) {
      await prepareProviders(ctx.providers);
      return withTransactions(await authorized.void(caller, orderId, paymentIds));
    },

    /** The test gateway's decision on a pending payment (docs/payments.md, "Pending payments"). */
    async settle(caller: Caller, input: SettlePendingPaymentRequest) {
      return withTransactions(await authorized.settle(caller, input.orderId, input.paymentId, input.outcome));
    },

    async recordManual(caller: Caller, orderId: string, amount: string) {
      return withTransactions((await collector.recordManual(caller, orderId, amount)).state);
    },

    /** The id to pay the order with through the gateway, for `amount` or all that is left to collect. */
    async prepare(orderId: string, amount: string | undefined) {
      const state = await orders.load(orderId);
      const remaining = collectableAmount(state, true);
      if (amount) collector.upTo(amount, 'amount.amount')(remaining, state);
      return { paymentGatewayOrderId: state.order.id };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
