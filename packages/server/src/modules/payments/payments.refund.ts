import { paymentErrorCodes, type TriggerRefundRequest } from '@merx/contract';
import type { UnitOfWork } from '@merx/db';
import {
  AppError,
  invalid,
  type LineQuantity,
  type PaymentRefundability,
  paymentSummaryOf,
  planRefund,
  refundability,
  stockReturns,
} from '@merx/domain';
import type { NewEvent } from '../../events/outbox.js';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { actorOf } from '../inventory/inventory.log.js';
import { domainTransactions } from '../orders/orders.rows.js';
import type { OrderState } from '../orders/orders.types.js';
import { toMinorUnits } from '../shipping/decimal.js';
import { paymentNotFound } from './payments.authorized.js';
import type { PaymentsContext } from './payments.collect.js';
import { addActivity, addTransaction, changeOrder, refundedOf } from './payments.records.js';

/*
 * trigger-refund: the amount and its split come from @merx/domain's planRefund; this file chooses the payments,
 * the units counted as refunded and restocked, calls the providers and records it all in the order's change.
 */

type Split = { paymentId: string; amountMinor: number; manual: boolean };
type Requested = NonNullable<TriggerRefundRequest['payments']>;

const exceeds = (requested: number, refundable: number) =>
  new AppError('FAILED_PRECONDITION', 'REFUND_AMOUNT_EXCEEDS_PAID', 'The refund is more than what was paid', {
    requested,
    refundable,
  });

/** The payments the staff named, checked against what each can refund; undefined when none were named. */
function namedPayments(state: OrderState, requested: Requested, now: string) {
  const status = refundability(state.order, domainTransactions(state.transactions), { now });
  const byId = new Map(status.payments.map((p) => [p.paymentId, p]));
  const seen = new Set<string>();
  const given = requested.filter((p) => p.amount).length;
  if (given > 0 && given < requested.length)
    throw invalid('payments', 'give an amount for every payment or for none', 'VALIDATION');
  return requested.map((p, i) => {
    if (seen.has(p.paymentId)) throw invalid(`payments[${i}].paymentId`, 'names a payment twice', 'VALIDATION');
    seen.add(p.paymentId);
    const r = byId.get(p.paymentId);
    if (!r) throw paymentNotFound(p.paymentId);
    if (r.status === 'NOT_REFUNDABLE')
      throw new AppError('FAILED_PRECONDITION', 'REFUND_NOT_POSSIBLE', 'This payment cannot be refunded', {
        paymentId: p.paymentId,
        reasons: [r.reason],
      });
    const amountMinor = p.amount ? toMinorUnits(p.amount, state.order.currency, `payments[${i}].amount`) : undefined;
    if (amountMinor !== undefined && amountMinor > r.refundableMinor) throw exceeds(amountMinor, r.refundableMinor);
    return { r, amountMinor, external: p.externalRefund === true };
  });
}

/** Fills the named payments in order up to `amountMinor`. */
function fill(named: ReturnType<typeof namedPayments>, amountMinor: number): Split[] {
  let left = amountMinor;
  const split = named.flatMap(({ r, amountMinor: fixed, external }) => {
    const take = fixed ?? Math.min(left, r.refundableMinor);
    left -= take;
    return take > 0 ? [{ paymentId: r.paymentId, amountMinor: take, manual: manualOf(r, external) }] : [];
  });
  if (left !== 0) throw exceeds(amountMinor, amountMinor - left);
  return split;
}

const manualOf = (r: PaymentRefundability, external: boolean) => external || r.status === 'MANUAL';

/** The units the refund returns per line: those listed, or every unit left when the refund empties the order. */
function refundedUnits(state: OrderState, items: readonly LineQuantity[], emptiesOrder: boolean): LineQuantity[] {
  if (items.length > 0) return [...items];
  if (!emptiesOrder) return [];
  return state.order.lines
    .map((l) => ({ lineItemId: l.id, quantity: l.quantity - (l.refundedQuantity ?? 0) }))
    .filter((q) => q.quantity > 0);
}

/** The units to put back in stock: none, all refunded ones, or the refunded ones of the lines named. */
function restockedUnits(units: readonly LineQuantity[], info: TriggerRefundRequest['sideEffects']): LineQuantity[] {
  const restock = info?.restockInfo;
  if (!restock || restock.type === 'NO_ITEMS') return [];
  if (restock.type === 'ALL_ITEMS') return [...units];
  const named = restock.items ?? [];
  if (named.length === 0)
    throw invalid('sideEffects.restockInfo.items', 'must list the line items to restock', 'REQUIRED_FIELD');
  const byId = new Map(units.map((u) => [u.lineItemId, u]));
  return named.map((n, i) => {
    const unit = byId.get(n.lineItemId);
    if (!unit) throw invalid(`sideEffects.restockInfo.items[${i}].lineItemId`, 'is not a refunded line item');
    return unit;
  });
}

/** A checked refund: its amount, who pays it back, the units refunded and restocked. */
interface RefundOf {
  amountMinor: number;
  split: Split[];
  units: LineQuantity[];
  restock: LineQuantity[];
  shipping: boolean;
  /** Nothing is left to refund after it. */
  full: boolean;
}

/** Checks and plans a refund on the order as it is (planRefund does the amounts); refuses without writing. */
function refundOf(state: OrderState, input: TriggerRefundRequest, now: string): RefundOf {
  const transactions = domainTransactions(state.transactions);
  const items = (input.details?.items ?? []).map((i) => ({ lineItemId: i.lineItemId, quantity: i.quantity }));
  items.forEach((item, i) => {
    if (items.findIndex((x) => x.lineItemId === item.lineItemId) !== i)
      throw invalid(`details.items[${i}].lineItemId`, 'names a line item twice', 'VALIDATION');
  });
  const shipping = input.details?.shippingIncluded === true;
  if (shipping && state.transactions.some((t) => t.kind === 'REFUND' && t.details.shippingIncluded === true))
    throw new AppError(
      'FAILED_PRECONDITION',
      paymentErrorCodes.shippingAlreadyRefunded,
      'The shipping was already refunded',
    );
  const named = input.payments?.length ? namedPayments(state, input.payments, now) : undefined;
  const fixed = named?.every((n) => n.amountMinor !== undefined)
    ? named.reduce((a, n) => a + (n.amountMinor ?? 0), 0)
    : undefined;
  const plan = planRefund(
    state.order,
    transactions,
    {
      ...(fixed !== undefined ? { amountMinor: fixed } : {}),
      lineItems: items,
      refundShipping: shipping,
      restock: false,
    },
    { now },
  );
  const full = paymentSummaryOf(transactions).refundable === plan.amountMinor;
  const units = refundedUnits(state, items, full);
  return {
    amountMinor: plan.amountMinor,
    split: named ? fill(named, plan.amountMinor) : plan.payments,
    units,
    restock: restockedUnits(units, input.sideEffects),
    shipping,
    full,
  };
}

export function createRefunds(ctx: PaymentsContext) {
  const { orders, records, providers } = ctx;

  /** Gives back the units' stock (REFUND_RESTOCK of `refundId`, by `caller`) and counts them on their lines. */
  async function restock(
    uow: UnitOfWork,
    state: OrderState,
    units: readonly LineQuantity[],
    now: string,
    by: { caller: Caller; refundId: string },
  ) {
    const items = [];
    for (const unit of units) {
      const line = state.order.lines.find((l) => l.id === unit.lineItemId);
      const back = stockReturns(state.order.lines, [unit])[0];
      if (!line || !back || back.variantId === null) continue;
      line.restockedQuantity = (line.restockedQuantity ?? 0) + back.quantity;
      items.push({ productId: back.productId, variantId: back.variantId, quantity: back.quantity });
    }
    const outcome = await records.stock.giveBack(uow, items, {
      reason: 'REFUND_RESTOCK',
      actor: await actorOf(uow.trx, by.caller),
      reference: by.refundId,
      orderId: state.order.id,
      now,
    });
    return outcome.events;
  }

  /** Returns each part through its payment's provider, or records it as refunded by hand. */
  async function payBack(
    uow: UnitOfWork,
    state: OrderState,
    now: string,
    split: readonly Split[],
    details: Record<string, unknown>,
  ): Promise<void> {
    for (const part of split) {
      const payment = state.transactions.find((t) => t.id === part.paymentId);
      if (!payment) throw paymentNotFound(part.paymentId);
      const result = part.manual
        ? null
        : await providers[payment.provider].refund({
            providerTransactionId: payment.providerTransactionId,
            amountMinor: part.amountMinor,
            // The same when this refund is asked again after a timeout: what the payment had returned, and this part.
            reference: `${payment.id}-${refundedOf(state, payment.id)}-${part.amountMinor}`,
          });
      await addTransaction(records, uow, state, now, {
        kind: 'REFUND',
        status: result?.status ?? 'SUCCEEDED',
        amountMinor: part.amountMinor,
        provider: payment.provider,
        providerTransactionId: result?.providerTransactionId ?? null,
        paymentId: payment.id,
        details: { ...details, manual: part.manual },
      });
    }
  }

  /** trigger-refund: full or partial, by amount and/or lines, shipping or not, restocking as asked. */
  async function trigger(caller: Caller, orderId: string, input: TriggerRefundRequest) {
    const refundId = newId();
    const state = await changeOrder(orders, records, caller, orderId, async (uow, st, now) => {
      const r = refundOf(st, input, now);
      await payBack(uow, st, now, r.split, {
        refundId,
        lineItems: r.units,
        shippingIncluded: r.shipping,
        ...(input.details?.reason ? { reason: input.details.reason } : {}),
      });
      for (const unit of r.units) {
        const line = st.order.lines.find((l) => l.id === unit.lineItemId);
        if (line) line.refundedQuantity = (line.refundedQuantity ?? 0) + unit.quantity;
      }
      const events: NewEvent[] =
        r.restock.length > 0 ? await restock(uow, st, r.restock, now, { caller, refundId }) : [];
      await addActivity(records, uow, st, now, r.full ? 'ORDER_REFUNDED' : 'PAYMENT_REFUNDED', {
        refundId,
        amountMinor: r.amountMinor,
      });
      return { events, modifiedFields: ['paymentStatus', 'lineItems'] };
    });
    return { state, refundId };
  }

  return {
    trigger,
    /** Per payment: refundable through its provider, only by hand, or not with the reason. */
    status(state: OrderState) {
      return refundability(state.order, domainTransactions(state.transactions), {
        now: ctx.deps.clock.now().toISOString(),
      });
    },
  };
}
