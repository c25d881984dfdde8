import {
  type ActivityInput,
  type Order,
  orderActivityTypes,
  orderChangeErrorCodes,
  orderErrorCodes,
  type UpdateOrderRequest,
} from '@merx/contract';
import type { UnitOfWork } from '@merx/db';
import {
  AppError,
  cancelOrder,
  invalid,
  notFound,
  type OrderStatus,
  stockReturns,
  transitionOrderStatus,
} from '@merx/domain';
import type { NewEvent } from '../../events/outbox.js';
import type { Caller } from '../../http/auth.js';
import { actorOf } from '../inventory/inventory.log.js';
import type { StockKeeper } from '../inventory/inventory.stock.js';
import type { ModuleDeps } from '../module.js';
import {
  authorOf,
  manualActivityOf,
  type NewActivity,
  recordActivities,
  stableJson,
  withoutNulls,
} from './orders.changes.timeline.js';
import { placedActivity } from './orders.mapper.js';
import type { OrderChange, OrdersService } from './orders.service.js';
import type { OrderState } from './orders.types.js';

/*
 * Staff changes of an order: its editable fields, cancel (optionally restocking), its status, and the hand-written
 * part of its timeline. Each goes through `OrdersService.change` (one transaction; a refusal writes nothing).
 */

export interface OrderChangesDeps {
  deps: ModuleDeps;
  orders: OrdersService;
  stock: StockKeeper;
}

export interface CancelOptions {
  restockAllItems?: boolean | null;
  sendOrderCanceledEmail?: boolean | null;
  customMessage?: string | null;
  /** Why the order was canceled when no person did it (the unpaid-order timer): a note after the cancel. */
  note?: string;
}

type Contact = { address?: unknown; contactDetails?: unknown } | null | undefined;

/** `current` with the parts `given` names replaced (nulls dropped); undefined when nothing is left. */
function contactWith(current: Record<string, unknown> | undefined, given: NonNullable<Contact>) {
  const next: Record<string, unknown> = { ...(current ?? {}) };
  for (const part of ['address', 'contactDetails'] as const) {
    if (given[part] === undefined) continue;
    const value = given[part] === null ? undefined : withoutNulls(given[part]);
    if (value && Object.keys(value as object).length > 0) next[part] = value;
    else delete next[part];
  }
  return Object.keys(next).length > 0 ? next : undefined;
}

/** The order changed since the revision the update was made on: nothing is written. */
const staleRevision = (orderId: string, revision: number) =>
  new AppError(
    'FAILED_PRECONDITION',
    orderChangeErrorCodes.concurrentModification,
    'The order was changed since it was read; read it again and retry',
    { orderId, revision: String(revision) },
  );

const activityNotFound = (activityId: string) =>
  notFound(orderErrorCodes.activityNotFound, 'Activity not found', { activityId });

/** Only hand-written activities change by hand; the rest is the order's history. */
function editableActivity(state: OrderState, activityId: string) {
  // ORDER_PLACED is the order's creation itself (no row; its id is the order's).
  const activity =
    state.activities.find((a) => a.id === activityId) ??
    (activityId === state.order.id ? placedActivity(state.order) : undefined);
  if (!activity) throw activityNotFound(activityId);
  if (activity.type !== orderActivityTypes.merchantComment && activity.type !== orderActivityTypes.customActivity)
    throw new AppError(
      'FAILED_PRECONDITION',
      orderErrorCodes.activityNotEditable,
      'Only merchant comments and custom activities can be edited or deleted',
      { activityId, type: activity.type },
    );
  return activity;
}

export function createOrderChanges({ deps, orders, stock }: OrderChangesDeps) {
  const author = (caller: Caller) => authorOf(deps.db, caller);

  /**
   * Cancels the order in `state` (refusals by @merx/domain `cancelOrder`), giving stock back when asked (logged as
   * ORDER_CANCELED by `caller`).
   */
  async function cancelIn(
    uow: UnitOfWork,
    state: OrderState,
    now: string,
    options: CancelOptions,
    caller: Caller,
    who: string | null,
  ): Promise<OrderChange> {
    const o = state.order;
    const restock = options.restockAllItems === true;
    const outcome = cancelOrder(o, { restock });
    o.status = outcome.status;
    const events: NewEvent[] = [];
    if (outcome.restock.length > 0) {
      const given = await stock.giveBack(
        uow,
        outcome.restock.flatMap((r) =>
          r.variantId ? [{ productId: r.productId, variantId: r.variantId, quantity: r.quantity }] : [],
        ),
        { reason: 'ORDER_CANCELED', actor: await actorOf(uow.trx, caller), orderId: o.id, now },
      );
      events.push(...given.events);
      for (const line of o.lines) {
        const back = stockReturns([line], [{ lineItemId: line.id, quantity: line.quantity }])[0]?.quantity ?? 0;
        line.restockedQuantity = (line.restockedQuantity ?? 0) + back;
      }
    }
    await recordActivities(
      uow.trx,
      state,
      [
        {
          type: orderActivityTypes.canceled,
          data: withoutNulls({
            restockAllItems: restock,
            sendOrderCanceledEmail: options.sendOrderCanceledEmail ?? false,
            customMessage: options.customMessage,
          }),
        },
        ...(options.note
          ? [{ type: orderActivityTypes.customActivity, data: { type: options.note, additionalData: {} } }]
          : []),
      ],
      who,
      now,
    );
    return {
      events,
      modifiedFields: restock ? ['status', 'lineItems'] : ['status'],
      mail: options.sendOrderCanceledEmail
        ? [{ kind: 'canceled', ...(options.customMessage ? { customMessage: options.customMessage } : {}) }]
        : [],
    };
  }

  return {
    /**
     * updateOrder: note, email, billing and recipient info, archived, seen; address and email edits go on the
     * timeline. With a revision, compare-and-set.
     */
    async update(caller: Caller, id: string, input: UpdateOrderRequest['order']): Promise<Order> {
      const who = await author(caller);
      const state = await orders.change(caller, id, async (uow, state, now) => {
        const o = state.order;
        // Taking the order bumped its revision: the one the caller read is the one before.
        if (input.revision != null && Number(input.revision) !== o.revision - 1)
          throw staleRevision(id, o.revision - 1);
        const d = o.data;
        const modified: string[] = [];
        const activities: NewActivity[] = [];
        if (input.buyerNote != null && input.buyerNote !== (d.buyerNote ?? '')) {
          if (input.buyerNote === '') delete d.buyerNote;
          else d.buyerNote = input.buyerNote;
          modified.push('buyerNote');
        }
        const email = input.buyerInfo?.email;
        if (email != null && email !== o.email) {
          activities.push({ type: orderActivityTypes.emailEdited, data: withoutNulls({ from: o.email, to: email }) });
          o.email = email;
          modified.push('buyerInfo.email');
        }
        if (input.billingInfo) {
          const next = contactWith(d.billingInfo, input.billingInfo);
          if (stableJson(next) !== stableJson(d.billingInfo)) {
            if (next) d.billingInfo = next;
            else delete d.billingInfo;
            modified.push('billingInfo');
          }
        }
        if (input.recipientInfo) {
          const next = contactWith(d.recipientInfo, input.recipientInfo);
          if (stableJson(next) !== stableJson(d.recipientInfo)) {
            if (next) d.recipientInfo = next;
            else delete d.recipientInfo;
            const logistics = d.shippingInfo?.logistics as Record<string, unknown> | undefined;
            if (logistics) logistics.shippingDestination = next;
            activities.push({ type: orderActivityTypes.shippingAddressEdited });
            modified.push('recipientInfo');
          }
        }
        if (input.archived != null && input.archived !== o.archived) {
          o.archived = input.archived;
          modified.push('archived');
        }
        if (input.seenByAHuman != null && input.seenByAHuman !== d.seenByAHuman) {
          d.seenByAHuman = input.seenByAHuman;
          modified.push('seenByAHuman');
        }
        await recordActivities(uow.trx, state, activities, who, now);
        return { modifiedFields: modified };
      });
      return orders.wire(state);
    },

    /**
     * cancelOrder: staff only; refused once canceled, fulfilled, or rejected; restocks when asked. `allowed` is
     * checked on the order as taken (locked): false answers not-found and writes nothing (the unpaid-order timer's
     * guard against a payment or another process that came first).
     */
    async cancel(
      caller: Caller,
      id: string,
      options: CancelOptions,
      allowed?: (state: OrderState) => boolean,
    ): Promise<Order> {
      const who = await author(caller);
      return orders.wire(
        await orders.change(caller, id, (uow, state, now) => cancelIn(uow, state, now, options, caller, who), allowed),
      );
    },

    /** updateOrderStatus through the status table; CANCELED cancels without restocking. */
    async updateStatus(caller: Caller, id: string, status: OrderStatus): Promise<Order> {
      const who = await author(caller);
      const state = await orders.change(caller, id, async (uow, state, now) => {
        if (status === 'CANCELED') return cancelIn(uow, state, now, {}, caller, who);
        state.order.status = transitionOrderStatus(state.order.status, status);
        const type =
          status === 'PENDING'
            ? orderActivityTypes.pending
            : status === 'REJECTED'
              ? orderActivityTypes.rejected
              : null;
        if (type) await recordActivities(uow.trx, state, [{ type }], who, now);
        return { modifiedFields: ['status'] };
      });
      return orders.wire(state);
    },

    /** addActivity / addActivities: merchant comments and custom activities, in the order given. */
    async addActivities(
      caller: Caller,
      id: string,
      inputs: readonly ActivityInput[],
    ): Promise<{ order: Order; activityIds: string[] }> {
      const who = await author(caller);
      let activityIds: string[] = [];
      const state = await orders.change(caller, id, async (uow, state, now) => {
        const written = await recordActivities(uow.trx, state, inputs.map(manualActivityOf), who, now);
        activityIds = written.map((a) => a.id);
        return { modifiedFields: ['activities'] };
      });
      return { order: orders.wire(state), activityIds };
    },

    /** updateActivity: a merchant comment stays a comment, a custom activity stays custom. */
    async updateActivity(caller: Caller, id: string, activityId: string, input: ActivityInput): Promise<Order> {
      const state = await orders.change(caller, id, async (uow, state, now) => {
        const activity = editableActivity(state, activityId);
        const next = manualActivityOf(input);
        if (next.type !== activity.type)
          throw invalid(
            'activity',
            activity.type === orderActivityTypes.merchantComment
              ? 'must hold a merchantComment: the activity is a merchant comment'
              : 'must hold a customActivity: the activity is a custom activity',
          );
        activity.data = next.data ?? {};
        activity.updatedDate = now;
        await uow.trx
          .updateTable('order_activities')
          .set({ data: JSON.stringify(activity.data), updated_date: now })
          .where('id', '=', activityId)
          .where('order_id', '=', id)
          .execute();
        return { modifiedFields: ['activities'] };
      });
      return orders.wire(state);
    },

    /** deleteActivity: only merchant comments and custom activities. */
    async deleteActivity(caller: Caller, id: string, activityId: string): Promise<Order> {
      const state = await orders.change(caller, id, async (uow, state) => {
        const activity = editableActivity(state, activityId);
        await uow.trx.deleteFrom('order_activities').where('id', '=', activity.id).where('order_id', '=', id).execute();
        state.activities = state.activities.filter((a) => a.id !== activity.id);
        return { modifiedFields: ['activities'] };
      });
      return orders.wire(state);
    },
  };
}

export type OrderChanges = ReturnType<typeof createOrderChanges>;
