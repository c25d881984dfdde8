import { orderActivityTypes, orderChangeErrorCodes, orderErrorCodes, orderEventTypes } from '@merx/contract';
import type { UnitOfWork } from '@merx/db';
import { AppError, fulfillmentStatusOf, notFound, ValidationError } from '@merx/domain';
import type { NewEvent } from '../../events/outbox.js';
import { type Caller, isElevated } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { ownerOf } from '../cart/cart.service.js';
import type { ModuleDeps } from '../module.js';
import { authorOf, type NewActivity, recordActivities, withoutNulls } from './orders.changes.timeline.js';
import { fulfillmentWire } from './orders.mapper.js';
import { fulfillmentOf, fulfillmentRowOf } from './orders.rows.js';
import { canRead, type OrderChange, type OrdersService, orderNotFound } from './orders.service.js';
import type { FulfillmentRecord, OrderState } from './orders.types.js';

/*
 * Fulfillments of orders (WIRE.md Appendix B `ecom_order-fulfillments`): shipments or hand-overs of some units of
 * some lines, with tracking. The order's fulfillment status follows from them (`OrdersService.change` derives it);
 * here they are checked before anything is written, so a refusal writes nothing.
 */

export interface FulfillmentInput {
  lineItems: Array<{ id: string; quantity: number }>;
  trackingInfo?: TrackingInput | null;
}

export interface TrackingInput {
  trackingNumber?: string | null;
  shippingProvider?: string | null;
  trackingLink?: string | null;
}

/** What the fulfillment routes answer for one order. */
export interface OrderWithFulfillments {
  orderId: string;
  fulfillments: ReturnType<typeof fulfillmentWire>[];
}

const trackingOf = (input: TrackingInput | null | undefined): Record<string, unknown> | null => {
  const kept: Record<string, unknown> | null = input ? withoutNulls({ ...input }) : null;
  return kept && Object.keys(kept).length > 0 ? kept : null;
};

const numberOf = (tracking: Record<string, unknown> | null) =>
  typeof tracking?.trackingNumber === 'string' && tracking.trackingNumber !== '' ? tracking.trackingNumber : null;

const withFulfillments = (state: OrderState): OrderWithFulfillments => ({
  orderId: state.order.id,
  fulfillments: state.fulfillments.map(fulfillmentWire),
});

const fulfillmentNotFound = (fulfillmentId: string) =>
  notFound(orderErrorCodes.fulfillmentNotFound, 'Fulfillment not found', { fulfillmentId });

const statusOf = (state: OrderState, list: readonly FulfillmentRecord[] = state.fulfillments) =>
  fulfillmentStatusOf(
    state.order.lines,
    list.map((f) => ({ lineItems: f.lineItems.map((l) => ({ lineItemId: l.id, quantity: l.quantity })) })),
  );

/**
 * Checks a new fulfillment `f` against the order: lines the order does not have are field violations at `path`,
 * more units than a line has left is FULFILLMENT_QUANTITY_EXCEEDS_REMAINING (data: lineItemId, requested, remaining).
 */
function checkNew(state: OrderState, f: FulfillmentRecord, path: string): void {
  const known = new Set(state.order.lines.map((l) => l.id));
  f.lineItems.forEach((item, i) => {
    if (!known.has(item.id))
      throw new ValidationError([
        { field: `${path}.lineItems[${i}].id`, description: 'is not a line of this order', violatedRule: 'VALIDATION' },
      ]);
  });
  try {
    statusOf(state, [...state.fulfillments, f]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'FULFILLMENT_EXCEEDS_REMAINING_QUANTITY')
      throw new AppError('FAILED_PRECONDITION', orderErrorCodes.fulfillmentQuantityExceeded, error.message, error.data);
    throw error;
  }
}

function assertFulfillable(state: OrderState): void {
  const { status } = state.order;
  if (status === 'CANCELED' || status === 'REJECTED')
    throw new AppError(
      'FAILED_PRECONDITION',
      orderChangeErrorCodes.orderNotFulfillable,
      `A ${status.toLowerCase()} order cannot be fulfilled`,
      { status },
    );
}

type Work = (uow: UnitOfWork, state: OrderState, now: string) => Promise<NewActivity[]>;

export function createFulfillments({ deps, orders }: { deps: ModuleDeps; orders: OrdersService }) {
  /**
   * One fulfillment change of an order: `work` changes `state.fulfillments` (and their rows) and answers the
   * activities to write. ORDER_FULFILLED goes on the timeline when the last unit is fulfilled. The fulfillments
   * updated event is appended by `change` when the status moves; when it does not (tracking edits, a second partial
   * shipment), it is appended here with the same payload. The events name `caller`.
   */
  function changeFulfillments(
    caller: Caller,
    orderId: string,
    author: string | null,
    work: Work,
    /** Ids of the fulfillments `work` creates (filled by it): each is a shipment the buyer is told of. */
    shipped: readonly string[] = [],
  ): Promise<OrderState> {
    return orders.change(caller, orderId, async (uow, state, now): Promise<OrderChange> => {
      const before = state.order.fulfillmentStatus;
      const activities = await work(uow, state, now);
      const status = statusOf(state);
      if (status === 'FULFILLED' && before !== 'FULFILLED') activities.unshift({ type: orderActivityTypes.fulfilled });
      await recordActivities(uow.trx, state, activities, author, now);
      const events: NewEvent[] = [];
      if (status === before) {
        state.order.updatedDate = now;
        events.push({
          type: orderEventTypes.fulfillmentsUpdated,
          entityId: orderId,
          payload: { order: orders.wire(state) },
        });
      }
      return {
        events,
        modifiedFields: ['fulfillments'],
        mail: shipped.map((fulfillmentId) => ({ kind: 'shipped' as const, fulfillmentId })),
      };
    });
  }

  /** Creates fulfillments of one order in one transaction (all or none); answers the order and the new ids. */
  async function createMany(
    caller: Caller,
    orderId: string,
    inputs: readonly FulfillmentInput[],
    path: (i: number) => string,
    author: string | null,
  ): Promise<{ state: OrderState; ids: string[] }> {
    const ids: string[] = [];
    const state = await changeFulfillments(
      caller,
      orderId,
      author,
      async (uow, state, now) => {
        assertFulfillable(state);
        const activities: NewActivity[] = [];
        const created: FulfillmentRecord[] = [];
        for (const [i, input] of inputs.entries()) {
          const f: FulfillmentRecord = {
            id: newId(),
            orderId,
            lineItems: input.lineItems.map((l) => ({ id: l.id, quantity: l.quantity })),
            trackingInfo: trackingOf(input.trackingInfo),
            createdDate: now,
            updatedDate: now,
          };
          checkNew(state, f, path(i));
          state.fulfillments.push(f);
          created.push(f);
          if (numberOf(f.trackingInfo))
            activities.push({
              type: orderActivityTypes.trackingNumberAdded,
              data: { fulfillmentId: f.id, ...f.trackingInfo },
            });
        }
        await uow.trx.insertInto('order_fulfillments').values(created.map(fulfillmentRowOf)).execute();
        ids.push(...created.map((f) => f.id));
        return activities;
      },
      ids,
    );
    return { state, ids };
  }

  const findIn = (state: OrderState, fulfillmentId: string) => {
    const f = state.fulfillments.find((x) => x.id === fulfillmentId);
    if (!f) throw fulfillmentNotFound(fulfillmentId);
    return f;
  };

  return {
    /** createFulfillment: some units of some lines, with optional tracking. */
    async create(caller: Caller, orderId: string, input: FulfillmentInput) {
      const author = await authorOf(deps.db, caller);
      const { state, ids } = await createMany(caller, orderId, [input], () => 'fulfillment', author);
      return { orderWithFulfillments: withFulfillments(state), fulfillmentId: ids[0] };
    },

    /** bulkCreateFulfillments: each order in its own transaction; one order's refusal does not stop the others. */
    async bulkCreate(caller: Caller, items: ReadonlyArray<{ orderId: string; fulfillments: FulfillmentInput[] }>) {
      const who = await authorOf(deps.db, caller);
      const results = [];
      for (const [originalIndex, item] of items.entries()) {
        const path = (i: number) => `ordersWithFulfillments[${originalIndex}].fulfillments[${i}]`;
        try {
          const { state } = await createMany(caller, item.orderId, item.fulfillments, path, who);
          results.push({
            itemMetadata: { id: item.orderId, originalIndex, success: true },
            item: withFulfillments(state),
          });
        } catch (error) {
          const failure =
            error instanceof AppError
              ? { code: error.code, description: error.message }
              : error instanceof ValidationError
                ? { code: 'INVALID_ARGUMENT', description: error.message }
                : null;
          if (!failure) throw error;
          results.push({ itemMetadata: { id: item.orderId, originalIndex, success: false, error: failure } });
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

    /** updateFulfillment: its tracking (replaced as given); a new or changed tracking number goes on the timeline. */
    async update(caller: Caller, orderId: string, fulfillmentId: string, tracking: TrackingInput | null | undefined) {
      const author = await authorOf(deps.db, caller);
      const state = await changeFulfillments(caller, orderId, author, async (uow, state, now) => {
        const f = findIn(state, fulfillmentId);
        if (tracking === undefined) return [];
        const next = trackingOf(tracking);
        const before = numberOf(f.trackingInfo);
        const after = numberOf(next);
        f.trackingInfo = next;
        f.updatedDate = now;
        await uow.trx
          .updateTable('order_fulfillments')
          .set({ tracking_info: next ? JSON.stringify(next) : null, updated_date: now })
          .where('id', '=', f.id)
          .where('order_id', '=', orderId)
          .execute();
        if (!after || after === before) return [];
        const type = before ? orderActivityTypes.trackingNumberEdited : orderActivityTypes.trackingNumberAdded;
        return [{ type, data: { fulfillmentId, ...next } }];
      });
      return { orderWithFulfillments: withFulfillments(state) };
    },

    /** deleteFulfillment: the units count as not fulfilled again. */
    async delete(caller: Caller, orderId: string, fulfillmentId: string) {
      const author = await authorOf(deps.db, caller);
      const state = await changeFulfillments(caller, orderId, author, async (uow, state) => {
        const f = findIn(state, fulfillmentId);
        await uow.trx.deleteFrom('order_fulfillments').where('id', '=', f.id).where('order_id', '=', orderId).execute();
        state.fulfillments = state.fulfillments.filter((x) => x.id !== f.id);
        return [];
      });
      return { orderWithFulfillments: withFulfillments(state) };
    },

    /** listFulfillmentsForSingleOrder: the order's buyer, and staff or keys with `orders:read`. */
    async forOrder(caller: Caller, orderId: string) {
      const state = await orders.load(orderId);
      if (!canRead(caller, state)) throw orderNotFound(orderId);
      return { orderWithFulfillments: withFulfillments(state) };
    },

    /**
     * listFulfillmentsForMultipleOrders: in the order asked, leaving out orders the caller may not read (or that do
     * not exist). Two statements: the readable orders, then their fulfillments.
     */
    async forOrders(caller: Caller, orderIds: readonly string[]) {
      // The route's rule (own-or-elevated) keeps staff and keys without orders:read out.
      let query = deps.db
        .selectFrom('orders')
        .select('id')
        .where('id', 'in', [...new Set(orderIds)]);
      if (!isElevated(caller)) {
        const me = ownerOf(caller);
        query = query.where('owner_kind', '=', me.kind).where('owner_id', '=', me.id);
      }
      const readable = new Set((await query.execute()).map((r) => r.id));
      const rows =
        readable.size === 0
          ? []
          : await deps.db
              .selectFrom('order_fulfillments')
              .selectAll()
              .where('order_id', 'in', [...readable])
              .orderBy('created_date')
              .orderBy('id')
              .execute();
      const byOrder = new Map<string, FulfillmentRecord[]>();
      for (const row of rows) {
        const f = fulfillmentOf(row);
        byOrder.set(f.orderId, [...(byOrder.get(f.orderId) ?? []), f]);
      }
      const seen = new Set<string>();
      const ordersWithFulfillments = orderIds.flatMap((id) => {
        if (!readable.has(id) || seen.has(id)) return [];
        seen.add(id);
        return [{ orderId: id, fulfillments: (byOrder.get(id) ?? []).map(fulfillmentWire) }];
      });
      return { ordersWithFulfillments };
    },
  };
}

export type Fulfillments = ReturnType<typeof createFulfillments>;
