import { orderErrorCodes } from '@merx/contract';
import type { Executor } from '@merx/db';
import { AppError } from '@merx/domain';
import type Stripe from 'stripe';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import type { OrderState, TransactionRecord } from '../orders/orders.types.js';
import type { PaymentsContext } from './payments.collect.js';
import type { DeclineReason } from './payments.providers.js';
import { addActivity, addTransaction, changeOrder, stockDueAtPayment, takeStock } from './payments.records.js';
import { updateTransaction } from './payments.repo.js';
import { type IntentRow, stripeRepo } from './stripe.repo.js';

/*
 * Recording what Stripe says of a PaymentIntent in the order's transactions, once, whoever reports it first (the
 * browser's sync or Stripe's webhook): the payment row is keyed by the PaymentIntent's id (a unique index of
 * migration 0034 backs it), written inside the order's change, which holds the order's row lock.
 */

/** The order activity (CUSTOM_ACTIVITY's type) of a payment that could not take the stock it paid for. */
export const STOCK_SHORT_ACTIVITY = 'merx.stock_short_at_payment';

const isInsufficientInventory = (error: unknown): error is AppError =>
  error instanceof AppError && error.code === orderErrorCodes.insufficientInventory;

type PaymentStatus = 'APPROVED' | 'AUTHORIZED' | 'PENDING' | 'DECLINED' | 'VOIDED';

/** A PaymentIntent's outcome as one of the order's payments. */
export interface StripeOutcome {
  status: PaymentStatus;
  amountMinor: number;
  /** The PaymentIntent's id; for a decline, the failed charge's (each decline is its own attempt). */
  providerTransactionId: string;
  details: Record<string, unknown>;
}

/** Where a PaymentIntent stands when it holds no outcome to record. */
export type Unsettled = 'REQUIRES_ACTION' | 'UNCONFIRMED' | 'CANCELED';

const brandOf = (brand: string | undefined) =>
  ({ visa: 'VISA', mastercard: 'MASTERCARD', amex: 'AMEX', discover: 'DISCOVER' })[brand ?? ''] ?? 'UNKNOWN';

/** The card as a payment shows it: brand, last four, expiry MM/YY. */
export function cardOf(pm: Stripe.PaymentMethod | string | null | undefined) {
  const card = typeof pm === 'object' ? pm?.card : undefined;
  if (!card) return undefined;
  return {
    brand: brandOf(card.brand),
    last4: card.last4,
    expiry: `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`,
  };
}

/** Stripe's decline as Merx's reason (the contract's three); Stripe's own code stays in `details.stripeCode`. */
function reasonOf(e: Stripe.PaymentIntent.LastPaymentError): DeclineReason {
  if (e.decline_code === 'insufficient_funds') return 'INSUFFICIENT_FUNDS';
  if (e.code === 'expired_card' || e.decline_code === 'expired_card') return 'EXPIRED_CARD';
  return 'CARD_DECLINED';
}

/** What `pi` means for the order, or where it stands when there is nothing to record. */
export function outcomeOf(pi: Stripe.PaymentIntent): StripeOutcome | Unsettled {
  const card = cardOf(pi.payment_method);
  const base = { paymentIntentId: pi.id, ...(card ? { card } : {}) };
  switch (pi.status) {
    case 'succeeded':
      return { status: 'APPROVED', amountMinor: pi.amount_received, providerTransactionId: pi.id, details: base };
    case 'requires_capture':
      return {
        status: 'AUTHORIZED',
        amountMinor: pi.amount_capturable || pi.amount,
        providerTransactionId: pi.id,
        details: base,
      };
    case 'processing':
      return { status: 'PENDING', amountMinor: pi.amount, providerTransactionId: pi.id, details: base };
    case 'requires_action':
      return 'REQUIRES_ACTION';
    case 'canceled':
      return { status: 'VOIDED', amountMinor: pi.amount, providerTransactionId: pi.id, details: base };
    case 'requires_payment_method': {
      const e = pi.last_payment_error;
      if (!e) return 'UNCONFIRMED';
      const pm = e.payment_method;
      const declinedCard = cardOf(pm);
      const attempt = e.charge ?? `${pi.id}:${pm?.id ?? 'none'}:${e.code ?? 'declined'}`;
      return {
        status: 'DECLINED',
        amountMinor: pi.amount,
        providerTransactionId: attempt,
        details: {
          paymentIntentId: pi.id,
          ...(declinedCard ? { card: declinedCard } : {}),
          reason: reasonOf(e),
          stripeCode: e.decline_code ?? e.code ?? null,
        },
      };
    }
    default:
      return 'UNCONFIRMED';
  }
}

/** True when `next` is news for the payment already recorded as `t` (a later state of the same PaymentIntent). */
function advances(t: TransactionRecord, next: StripeOutcome): boolean {
  if (t.status === next.status) return false;
  if (t.status === 'PENDING') return true;
  return t.status === 'AUTHORIZED' && (next.status === 'APPROVED' || next.status === 'VOIDED');
}

const holdsMoney = (s: PaymentStatus) => s === 'APPROVED' || s === 'AUTHORIZED';

/** The order's payment recorded for this outcome, if any. */
const recordedOf = (st: OrderState, o: StripeOutcome) =>
  st.transactions.find(
    (t) => t.provider === 'stripe' && t.kind === 'PAYMENT' && t.providerTransactionId === o.providerTransactionId,
  );

/** Thrown inside a change to leave it: what it would record is recorded already. */
class AlreadyRecorded extends Error {}

/** A unique index refused the row: another request recorded it first. */
const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique|duplicate key/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

export interface Recorded {
  state: OrderState;
  transaction: TransactionRecord | undefined;
  /** False when it was recorded already (by the other reporter). */
  changed: boolean;
}

/**
 * Records `outcome` of the order's PaymentIntent `intent` once: a new payment, or the next state of the one
 * recorded (PENDING settled, AUTHORIZED captured or voided in Stripe). A canceled intent never recorded writes
 * nothing. `event`: the Stripe event reporting it, marked processed in the same transaction.
 */
export async function recordOutcome(
  ctx: PaymentsContext,
  who: Caller,
  intent: IntentRow,
  outcome: StripeOutcome,
  pm: Stripe.PaymentMethod | null,
  event?: { id: string; type: string },
): Promise<Recorded> {
  const { orders, records } = ctx;
  const markAlone = async () => {
    if (event) await stripeRepo.markEvent(ctx.deps.db, event.id, event.type, ctx.deps.clock.now().toISOString());
  };
  const before = await orders.load(intent.orderId);
  const seen = recordedOf(before, outcome);
  const nothingToDo = seen ? !advances(seen, outcome) : outcome.status === 'VOIDED';
  if (nothingToDo) {
    await markAlone();
    return { state: before, transaction: seen, changed: false };
  }
  let transaction: TransactionRecord | undefined;
  // Set when the stock the payment should take ran out meanwhile: Stripe holds the money either way, so the payment
  // is recorded without taking the stock, and the order's timeline says what is short (the merchant refunds or
  // restocks). Refusing would leave money taken and the order unpaid while Stripe retried for days.
  let short: Record<string, string> | undefined;
  const record = () =>
    changeOrder(orders, records, who, intent.orderId, async (uow, st, now) => {
      if (event && !(await stripeRepo.markEvent(uow.trx, event.id, event.type, now))) throw new AlreadyRecorded();
      const found = recordedOf(st, outcome);
      if (found ? !advances(found, outcome) : outcome.status === 'VOIDED') throw new AlreadyRecorded();
      const takes =
        holdsMoney(outcome.status) && found?.status !== 'AUTHORIZED' && (await stockDueAtPayment(records, uow, st));
      const events = takes && !short ? await takeStock(records, uow, st, now, who) : [];
      if (takes && short) {
        await addActivity(records, uow, st, now, 'CUSTOM_ACTIVITY', {
          type: STOCK_SHORT_ACTIVITY,
          additionalData: short,
        });
      }
      if (found) {
        found.details = {
          ...found.details,
          ...outcome.details,
          ...(found.status === 'AUTHORIZED' ? { authorizedAmountMinor: found.amountMinor } : {}),
        };
        found.status = outcome.status;
        found.amountMinor = outcome.amountMinor;
        found.updatedDate = now;
        await updateTransaction(uow.trx, found);
        transaction = found;
      } else {
        transaction = await addTransaction(records, uow, st, now, {
          kind: 'PAYMENT',
          status: outcome.status,
          amountMinor: outcome.amountMinor,
          provider: 'stripe',
          providerTransactionId: outcome.providerTransactionId,
          details: outcome.details,
        });
      }
      if (holdsMoney(outcome.status) && intent.saveForMemberId && pm) await keepCard(uow.trx, intent, pm, now);
      return { events, modifiedFields: ['paymentStatus'] };
    });
  try {
    let state: OrderState;
    try {
      state = await record();
    } catch (error) {
      if (!isInsufficientInventory(error)) throw error;
      // What the stock refusal names: the first variant short, the units asked and left.
      short = Object.fromEntries(Object.entries(error.data).map(([k, v]) => [k, String(v)]));
      transaction = undefined;
      state = await record();
    }
    return { state, transaction, changed: true };
  } catch (error) {
    if (!(error instanceof AlreadyRecorded) && !isUniqueViolation(error)) throw error;
    await markAlone();
    const state = await orders.load(intent.orderId);
    return { state, transaction: recordedOf(state, outcome), changed: false };
  }
}

/** Keeps the member's card (saved in Stripe to their customer): its reference and what to show. */
async function keepCard(ex: Executor, intent: IntentRow, pm: Stripe.PaymentMethod, now: string): Promise<void> {
  const customer = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id;
  if (!pm.card || !customer || !intent.saveForMemberId) return;
  await stripeRepo.saveMethod(ex, {
    id: newId(),
    memberId: intent.saveForMemberId,
    provider: 'stripe',
    customerId: customer,
    paymentMethodId: pm.id,
    brand: brandOf(pm.card.brand),
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
    createdDate: now,
  });
}
