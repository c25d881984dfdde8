import { orderErrorCodes, paymentErrorCodes } from '@merx/contract';
import { AppError, invalid, notFound } from '@merx/domain';
import type { Caller } from '../../http/auth.js';
import type { OrderState, TransactionRecord } from '../orders/orders.types.js';
import { toMinorUnits } from '../shipping/decimal.js';
import type { PaymentsContext } from './payments.collect.js';
import { changeOrder, stockDueAtPayment, takeStock } from './payments.records.js';
import { updateTransaction } from './payments.repo.js';

/*
 * Authorized payments (cards held, not charged): capture turns them APPROVED (all or part of the amount held),
 * void releases them (VOIDED). A payment is captured or voided, never both: each needs it still AUTHORIZED.
 * Pending payments (the gateway has not decided yet): `settle` records the gateway's decision, APPROVED or DECLINED.
 */

export const paymentNotFound = (paymentId: string) =>
  notFound(orderErrorCodes.paymentNotFound, 'No such payment on this order', { paymentId });

/** The payment `paymentId` of the order while it is `status`, or the refusal: 404 when the order has no such payment. */
function paymentIn(state: OrderState, paymentId: string, status: 'AUTHORIZED' | 'PENDING'): TransactionRecord {
  const t = state.transactions.find((x) => x.id === paymentId && x.kind === 'PAYMENT');
  if (!t) throw paymentNotFound(paymentId);
  if (t.status !== status) {
    const [code, message] =
      status === 'AUTHORIZED'
        ? [orderErrorCodes.paymentNotAuthorized, 'The payment is not authorized']
        : [paymentErrorCodes.paymentNotPending, 'The payment is not pending'];
    throw new AppError('FAILED_PRECONDITION', code, message, { paymentId, status: t.status });
  }
  return t;
}

function assertDistinct(ids: readonly string[], field: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) throw invalid(`${field}[${i}]`, 'names a payment twice', 'VALIDATION');
    seen.add(id);
  });
}

export function createAuthorizedPayments(ctx: PaymentsContext) {
  const { orders, records, providers } = ctx;
  return {
    /**
     * Captures authorized payments, each for its whole amount or `amount` (at most what it holds; the rest is
     * released). Every payment is checked before any is captured. Stock due at payment is taken (ORDER_PAID, by
     * `caller`).
     */
    capture(
      caller: Caller,
      orderId: string,
      payments: ReadonlyArray<{ paymentId: string; amount?: string | null | undefined }>,
    ) {
      assertDistinct(
        payments.map((p) => p.paymentId),
        'payments',
      );
      return changeOrder(orders, records, caller, orderId, async (uow, st, now) => {
        const plan = payments.map((p, i) => {
          const t = paymentIn(st, p.paymentId, 'AUTHORIZED');
          const amount = p.amount ? toMinorUnits(p.amount, st.order.currency, `payments[${i}].amount`) : t.amountMinor;
          if (amount > t.amountMinor)
            throw new AppError(
              'FAILED_PRECONDITION',
              paymentErrorCodes.captureExceedsAuthorized,
              'The capture is more than the payment holds',
              { paymentId: t.id, requested: amount, authorized: t.amountMinor },
            );
          return { t, amount };
        });
        for (const { t, amount } of plan) {
          const result = await providers[t.provider].capture({
            providerTransactionId: t.providerTransactionId,
            amountMinor: amount,
          });
          t.details = { ...t.details, authorizedAmountMinor: t.amountMinor, captureId: result.providerTransactionId };
          t.status = 'APPROVED';
          t.amountMinor = amount;
          t.updatedDate = now;
          await updateTransaction(uow.trx, t);
        }
        const events = (await stockDueAtPayment(records, uow, st))
          ? await takeStock(records, uow, st, now, caller)
          : [];
        return { events, modifiedFields: ['paymentStatus'] };
      });
    },

    /**
     * The gateway's decision on a PENDING payment: APPROVED (the money is in; stock due at payment is taken, and a
     * short variant refuses the settlement with INSUFFICIENT_INVENTORY, writing nothing) or DECLINED (the order is
     * collectable again). The payment status, the approval of the order, its timeline and events follow from it.
     * Stock taken is logged as ORDER_PAID by `caller` (who relays the gateway's notification).
     */
    settle(caller: Caller, orderId: string, paymentId: string, outcome: 'APPROVED' | 'DECLINED') {
      return changeOrder(orders, records, caller, orderId, async (uow, st, now) => {
        const t = paymentIn(st, paymentId, 'PENDING');
        t.status = outcome;
        t.details = { ...t.details, settledDate: now, ...(outcome === 'DECLINED' ? { reason: 'CARD_DECLINED' } : {}) };
        t.updatedDate = now;
        await updateTransaction(uow.trx, t);
        const takes = outcome === 'APPROVED' && (await stockDueAtPayment(records, uow, st));
        const events = takes ? await takeStock(records, uow, st, now, caller) : [];
        return { events, modifiedFields: ['paymentStatus'] };
      });
    },

    /** Voids authorized payments: the money held is released, the payments become VOIDED. */
    void(caller: Caller, orderId: string, paymentIds: readonly string[]) {
      assertDistinct(paymentIds, 'paymentIds');
      return changeOrder(orders, records, caller, orderId, async (uow, st, now) => {
        const list = paymentIds.map((id) => paymentIn(st, id, 'AUTHORIZED'));
        for (const t of list) {
          const result = await providers[t.provider].void({ providerTransactionId: t.providerTransactionId });
          t.details = { ...t.details, voidId: result.providerTransactionId };
          t.status = 'VOIDED';
          t.updatedDate = now;
          await updateTransaction(uow.trx, t);
        }
        return { modifiedFields: ['paymentStatus'] };
      });
    },
  };
}
