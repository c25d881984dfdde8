import { orderErrorCodes, type PaymentProvider } from '@merx/contract';
import type { DialectName, UnitOfWork } from '@merx/db';
import { AppError, type Collectability, collectability } from '@merx/domain';
import type { NewEvent } from '../../events/outbox.js';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { actorOf } from '../inventory/inventory.log.js';
import type { StockKeeper } from '../inventory/inventory.stock.js';
import type { OrdersRepo } from '../orders/orders.repo.js';
import { activityRowOf, domainTransactions, transactionRowOf } from '../orders/orders.rows.js';
import type { OrderChange, OrdersService } from '../orders/orders.service.js';
import type { OrdersSettingsService } from '../orders/orders.settings.js';
import type { ActivityRecord, OrderState, TransactionRecord } from '../orders/orders.types.js';

/*
 * Writing payments, refunds and activities of an order inside `orders.change`, and the rules every collection
 * shares: what is left to collect, and stock taken at payment when the store takes it then.
 */

/** What the payment writers need. */
export interface RecordDeps {
  dialect: DialectName;
  repo: OrdersRepo;
  stock: StockKeeper;
  settings: OrdersSettingsService;
}

/**
 * Reads the order's transactions, activities and fulfillments again once `change` holds its row lock. On PostgreSQL
 * the taking UPDATE may wait for a concurrent change and then answer the related rows of its own snapshot, taken
 * before that change committed (READ COMMITTED); a new statement sees them. SQLite serializes writers: nothing to do.
 */
export async function freshState(d: RecordDeps, uow: UnitOfWork, state: OrderState): Promise<OrderState> {
  if (d.dialect !== 'postgres') return state;
  const fresh = await d.repo.find(uow.trx, state.order.id);
  if (!fresh) return state;
  state.transactions.splice(0, state.transactions.length, ...fresh.transactions);
  state.activities.splice(0, state.activities.length, ...fresh.activities);
  state.fulfillments.splice(0, state.fulfillments.length, ...fresh.fulfillments);
  return state;
}

/**
 * `orders.change` (its events naming `who`) whose work sees the order's related rows as committed (see `freshState`).
 */
export function changeOrder(
  orders: OrdersService,
  d: RecordDeps,
  who: Caller,
  id: string,
  work: (uow: UnitOfWork, state: OrderState, now: string) => Promise<OrderChange | undefined>,
  allowed?: (state: OrderState) => boolean,
): Promise<OrderState> {
  return orders.change(who, id, async (uow, state, now) => work(uow, await freshState(d, uow, state), now), allowed);
}

/** The order's collectability (status and what is left to collect). */
export function collectabilityOf(state: OrderState): Collectability {
  return collectability(state.order, domainTransactions(state.transactions));
}

export const notCollectable = (status: string, orderId: string) =>
  new AppError('FAILED_PRECONDITION', orderErrorCodes.paymentNotCollectable, 'This order cannot be charged now', {
    orderId,
    status,
  });

/**
 * What is left to collect, or PAYMENT_NOT_COLLECTABLE with the reason (canceled, paid, pending, …). With
 * `online`, an order paid offline is refused too: its money is collected by hand, not through the gateway.
 */
export function collectableAmount(state: OrderState, online: boolean): number {
  const c = collectabilityOf(state);
  if (c.status !== 'COLLECTABLE') throw notCollectable(c.status, state.order.id);
  if (online && state.order.paymentMethod === 'offline')
    throw notCollectable('NONCOLLECTABLE_OFFLINE_PAYMENT_METHOD', state.order.id);
  return c.amountMinor;
}

export interface NewTransaction {
  kind: 'PAYMENT' | 'REFUND';
  status: TransactionRecord['status'];
  amountMinor: number;
  provider: PaymentProvider;
  providerTransactionId: string | null;
  paymentId?: string | null;
  details: Record<string, unknown>;
}

/** Writes a payment or refund of the order and adds it to the state (so `change` derives the status from it). */
export async function addTransaction(
  d: RecordDeps,
  uow: UnitOfWork,
  state: OrderState,
  now: string,
  t: NewTransaction,
): Promise<TransactionRecord> {
  const record: TransactionRecord = {
    id: newId(),
    orderId: state.order.id,
    paymentId: null,
    ...t,
    createdDate: now,
    updatedDate: now,
  };
  await d.repo.insertTransactions(uow.trx, [transactionRowOf(record)]);
  state.transactions.push(record);
  return record;
}

/**
 * What refunds of the payment `paymentId` return: those done and those under way (all but FAILED), as the order's
 * payment summary counts them, so that no refund recorded on top can return more than the payment took.
 */
export function refundedOf(state: OrderState, paymentId: string): number {
  return state.transactions
    .filter((t) => t.kind === 'REFUND' && t.paymentId === paymentId && t.status !== 'FAILED')
    .reduce((sum, t) => sum + t.amountMinor, 0);
}

/** Writes an activity on the order's timeline and adds it to the state. */
export async function addActivity(
  d: RecordDeps,
  uow: UnitOfWork,
  state: OrderState,
  now: string,
  type: string,
  data: Record<string, unknown>,
): Promise<void> {
  const activity: ActivityRecord = {
    id: newId(),
    orderId: state.order.id,
    type,
    author: null,
    data,
    createdDate: now,
    updatedDate: now,
  };
  await d.repo.insertActivities(uow.trx, [activityRowOf(activity)]);
  state.activities.push(activity);
}

/** True when the store takes stock at payment and some line's stock is not taken yet. */
export async function stockDueAtPayment(d: RecordDeps, uow: UnitOfWork, state: OrderState): Promise<boolean> {
  if (!state.order.lines.some((l) => !l.stockTaken && l.productId && l.variantId)) return false;
  return (await d.settings.get(uow.trx)).inventoryUpdateTrigger === 'ON_ORDER_PAID';
}

/**
 * Takes the stock of the lines not taken yet (ORDER_PAID, by `caller`) and marks the tracked ones `stockTaken`.
 * Refused with INSUFFICIENT_INVENTORY when a variant is short; the caller's transaction then writes nothing.
 */
export async function takeStock(
  d: RecordDeps,
  uow: UnitOfWork,
  state: OrderState,
  now: string,
  caller: Caller,
): Promise<NewEvent[]> {
  const o = state.order;
  const due = o.lines.filter((l) => !l.stockTaken && l.productId && l.variantId);
  const taken = await d.stock.take(
    uow,
    due.map((l) => ({
      productId: l.productId ?? '',
      variantId: l.variantId ?? '',
      quantity: l.quantity,
      preorder: true,
    })),
    { reason: 'ORDER_PAID', actor: await actorOf(uow.trx, caller), orderId: o.id, now },
  );
  const tracked = new Set(taken.changes.map((ch) => `${ch.productId}\u0000${ch.variantId}`));
  for (const l of due) if (tracked.has(`${l.productId}\u0000${l.variantId}`)) l.stockTaken = true;
  return taken.events;
}
