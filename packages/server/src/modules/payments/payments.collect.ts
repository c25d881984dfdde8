import { orderErrorCodes, paymentErrorCodes, stripeErrorCodes } from '@merx/contract';
import { AppError } from '@merx/domain';
import type { NewEvent } from '../../events/outbox.js';
import { type Caller, hasScope, isElevated } from '../../http/auth.js';
import { ownerOf } from '../cart/cart.service.js';
import type { ModuleDeps } from '../module.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { OrderState, TransactionRecord } from '../orders/orders.types.js';
import { toMinorUnits } from '../shipping/decimal.js';
import type { CardInput, CardSummary } from './payments.cards.js';
import { offlineProvider, type PaymentProviderApi, type ProviderResult, type Providers } from './payments.providers.js';
import {
  addActivity,
  addTransaction,
  changeOrder,
  collectableAmount,
  type RecordDeps,
  stockDueAtPayment,
  takeStock,
} from './payments.records.js';

/** What every part of the payments module works with. */
export interface PaymentsContext {
  deps: ModuleDeps;
  orders: OrdersService;
  records: RecordDeps;
  /** The providers by name (payments.providers.ts). */
  providers: Providers;
  /** The provider that takes the store's cards now: `stripe` when Stripe is enabled, else `test`. */
  onlineProvider: () => Promise<'test' | 'stripe'>;
}

/** The refusal of a card sent to Merx while the store (or the order) takes cards through Stripe. */
const throughStripe = (orderId: string) =>
  new AppError('FAILED_PRECONDITION', stripeErrorCodes.paidThroughStripe, 'This store takes cards through Stripe', {
    orderId,
  });

/** One way of collecting money for an order. */
export interface Collection {
  provider: PaymentProviderApi;
  /** Through the gateway: orders paid offline are refused. */
  online: boolean;
  card?: { input: CardInput; summary: CardSummary };
  /** The amount to collect given what is left (default: all of it); may refuse. */
  amount?: (remainingMinor: number, state: OrderState) => number;
  /** An activity added when the money is held. */
  activity?: string;
}

export interface Collected {
  state: OrderState;
  transaction: TransactionRecord;
}

/** Thrown inside a change to roll it back when the card held no money after stock was taken for it. */
class Unwind extends Error {
  constructor(readonly result: ProviderResult) {
    super('unwind');
  }
}

const holdsMoney = (r: ProviderResult) => r.status === 'APPROVED' || r.status === 'AUTHORIZED';

/** The order's buyer (same owner) or an elevated caller; any other caller is told the order does not exist. */
export function mayPay(caller: Caller, state: OrderState): boolean {
  if (isElevated(caller)) return hasScope(caller, 'orders:write');
  if (caller.kind === 'none') return false;
  const me = ownerOf(caller);
  return state.order.owner.kind === me.kind && state.order.owner.id === me.id;
}

/** The PAYMENT_DECLINED refusal for a recorded declined payment. */
export const declined = (state: OrderState, t: TransactionRecord) =>
  new AppError('FAILED_PRECONDITION', orderErrorCodes.paymentDeclined, 'The card was declined', {
    orderId: state.order.id,
    transactionId: t.id,
    reasonCode: t.details.reason,
  });

export function createCollector(ctx: PaymentsContext) {
  const { orders, records } = ctx;

  /**
   * Collects money for an order in one change: checks what is left to collect, takes the stock first when the store
   * takes it at payment (short stock refuses before anything is charged), asks the provider, and records the
   * payment whatever its outcome. A card that holds no money after stock was taken rolls that change back and
   * records the attempt alone, so a DECLINED or PENDING payment never keeps stock. Stock taken is logged as
   * ORDER_PAID by `caller`. The events name `who`: the caller, unless the request's caller is someone else.
   */
  async function collect(
    caller: Caller,
    orderId: string,
    c: Collection,
    allowed: (s: OrderState) => boolean = () => true,
    who: Caller = caller,
  ): Promise<Collected> {
    // While Stripe takes the store's cards, the test gateway charges nothing (a test card would pay a real order).
    if (c.online && c.provider.name === 'test' && (await ctx.onlineProvider()) !== 'test') throw throughStripe(orderId);
    let transaction: TransactionRecord | undefined;
    let amountMinor = 0;
    const record = async (uow: Parameters<typeof addTransaction>[1], st: OrderState, now: string, r: ProviderResult) =>
      addTransaction(records, uow, st, now, {
        kind: 'PAYMENT',
        status: r.status,
        amountMinor,
        provider: c.provider.name,
        providerTransactionId: r.providerTransactionId,
        details: {
          ...(c.card ? { card: c.card.summary } : {}),
          ...(c.card?.input.holderName ? { holderName: c.card.input.holderName } : {}),
          ...(r.reason ? { reason: r.reason } : {}),
        },
      });
    try {
      const state = await changeOrder(
        orders,
        records,
        who,
        orderId,
        async (uow, st, now) => {
          const remaining = collectableAmount(st, c.online);
          // An order paid through Stripe is paid with Stripe.js (stripe.service.ts), never another gateway's card.
          if (c.online && st.order.paymentMethod === 'stripe' && c.provider.name !== 'stripe')
            throw throughStripe(st.order.id);
          amountMinor = c.amount ? c.amount(remaining, st) : remaining;
          const events: NewEvent[] = (await stockDueAtPayment(records, uow, st))
            ? await takeStock(records, uow, st, now, caller)
            : [];
          const result = await c.provider.authorize({
            amountMinor,
            currency: st.order.currency,
            capture: st.order.data.delayCapture !== true,
            ...(c.card ? { card: c.card.input } : {}),
            now: new Date(now),
          });
          if (events.length > 0 && !holdsMoney(result)) throw new Unwind(result);
          transaction = await record(uow, st, now, result);
          if (c.activity && holdsMoney(result)) await addActivity(records, uow, st, now, c.activity, {});
          return { events, modifiedFields: ['paymentStatus'] };
        },
        allowed,
      );
      return { state, transaction: transaction as TransactionRecord };
    } catch (error) {
      if (!(error instanceof Unwind)) throw error;
      const state = await changeOrder(orders, records, who, orderId, async (uow, st, now) => {
        transaction = await record(uow, st, now, error.result);
        return { modifiedFields: ['paymentStatus'] };
      });
      return { state, transaction: transaction as TransactionRecord };
    }
  }

  /** A refusal when `amount` is more than what is left to collect. */
  const upTo = (text: string, field: string) => (remaining: number, state: OrderState) => {
    const requested = toMinorUnits(text, state.order.currency, field);
    if (requested > remaining)
      throw new AppError(
        'FAILED_PRECONDITION',
        paymentErrorCodes.amountExceedsBalance,
        'The amount is more than what is left to collect',
        { requested, remaining },
      );
    return requested;
  };

  return {
    collect,
    upTo,

    /** mark-as-paid: an offline APPROVED payment of what is left to collect. */
    markAsPaid(caller: Caller, orderId: string): Promise<Collected> {
      // ORDER_PAID goes on the timeline with the payment status (OrdersService.change).
      return collect(caller, orderId, { provider: offlineProvider, online: false });
    },

    /** A payment collected by hand (cash, bank transfer) of `amount`, at most what is left to collect. */
    recordManual(caller: Caller, orderId: string, amount: string): Promise<Collected> {
      return collect(caller, orderId, { provider: offlineProvider, online: false, amount: upTo(amount, 'amount') });
    },
  };
}

export type Collector = ReturnType<typeof createCollector>;
