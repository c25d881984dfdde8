import {
  type CreateOrderFromCheckoutRequest,
  type Order,
  orderErrorCodes,
  orderEventTypes,
  type PaymentProvider,
  type SearchOrdersRequest,
} from '@merx/contract';
import { runQuery, type UnitOfWork, withTransaction } from '@merx/db';
import {
  currencyDigits,
  fulfillmentStatusOf,
  notFound,
  type PaymentStatus,
  parseQuery,
  paymentStatusOf,
} from '@merx/domain';
import { type EventIdentity, identityOf } from '../../events/identity.js';
import type { NewEvent } from '../../events/outbox.js';
import { type Caller, hasScope, isElevated } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { ownerOf } from '../cart/cart.service.js';
import type { CartOwner } from '../cart/cart.types.js';
import type { CheckoutServices } from '../checkout/index.js';
import type { StockKeeper } from '../inventory/inventory.stock.js';
import type { ModuleDeps } from '../module.js';
import type { OrderMail, OrderMailRequest } from './orders.mail.js';
import { orderWire, placedActivity } from './orders.mapper.js';
import { orderWriter, type PlacedOrder } from './orders.place.js';
import { orderQuerySpec, orderTextCondition } from './orders.query.js';
import type { OrdersRepo } from './orders.repo.js';
import { activityRowOf, domainTransactions, type OrderStateRow, stateOf } from './orders.rows.js';
import type { OrdersSettingsService } from './orders.settings.js';
import type { OrderState } from './orders.types.js';

/**
 * What goes on the timeline when the payment status becomes one of these (refunds write their own activities, with
 * the amounts, in the payments module).
 */
const PAYMENT_ACTIVITIES: Partial<Record<PaymentStatus, string>> = {
  PAID: 'ORDER_PAID',
  PARTIALLY_PAID: 'ORDER_PARTIALLY_PAID',
  PENDING_MERCHANT: 'AUTHORIZED_PAYMENT_CREATED',
  PENDING: 'PAYMENT_PENDING',
  DECLINED: 'PAYMENT_DECLINED',
  CANCELED: 'PAYMENT_CANCELED',
};

export const orderNotFound = (orderId: string) =>
  notFound(orderErrorCodes.orderNotFound, 'Order not found', { orderId });

const sameOwner = (a: CartOwner, b: CartOwner) => a.kind === b.kind && a.id === b.id;

/** May `caller` see the order? Its buyer, and staff or API keys holding `orders:read`. */
export function canRead(caller: Caller, state: OrderState): boolean {
  if (isElevated(caller)) return hasScope(caller, 'orders:read');
  if (caller.kind === 'none') return false;
  return sameOwner(state.order.owner, ownerOf(caller));
}

/** What a change of an order did besides changing the record in place. */
export interface OrderChange {
  /** Events to append besides the order's own (updated, approved, canceled, payment status). */
  events?: NewEvent[];
  /** Fields named in the updated event. */
  modifiedFields?: string[];
  /** Mails to the buyer about the change, written with it (the confirmation on approval is `change`'s own). */
  mail?: OrderMailRequest[];
}

export interface OrdersServiceDeps {
  deps: ModuleDeps;
  repo: OrdersRepo;
  stock: StockKeeper;
  settings: OrdersSettingsService;
  checkout: CheckoutServices;
  mail: OrderMail;
  /** The provider orders paid online go through now (payments module: Stripe when enabled). */
  onlineProvider?: () => Promise<PaymentProvider>;
}

/** Reads of orders, placing them, and the one way every later change goes (`change`). */
export function createOrdersService(s: OrdersServiceDeps) {
  const { deps, repo } = s;
  const locale = () => deps.store().locale;
  const wire = (state: OrderState) => orderWire(state, locale());

  async function load(id: string): Promise<OrderState> {
    const state = await repo.find(deps.db, id);
    if (!state) throw orderNotFound(id);
    return state;
  }

  /**
   * One change of an order in one transaction: take the order (bumping its revision, reading its transactions,
   * activities and fulfillments in the same statement), let `work` change it (it writes its own new rows and pushes
   * them onto the state), derive the payment and fulfillment status again, approve an INITIALIZED order once money
   * came in, save it and append the events, each naming `who` made the change (unless `work` named someone). A
   * refusal anywhere rolls everything back.
   */
  async function change(
    /** The request's caller; `{ kind: 'none' }` (UNKNOWN) for the store's own work (the order timers). */
    who: Caller | EventIdentity,
    id: string,
    work: (uow: UnitOfWork, state: OrderState, now: string) => Promise<OrderChange | undefined>,
    allowed: (state: OrderState) => boolean = () => true,
  ): Promise<OrderState> {
    return withTransaction(deps.db, async (uow) => {
      const now = deps.clock.now().toISOString();
      const state = await repo.take(uow.trx, id, now);
      if (!state || !allowed(state)) throw orderNotFound(id);
      const before = { ...state.order };
      const outcome = (await work(uow, state, now)) ?? {};
      const o = state.order;
      o.paymentStatus = paymentStatusOf(o.totalMinor, domainTransactions(state.transactions));
      o.fulfillmentStatus = fulfillmentStatusOf(
        o.lines,
        state.fulfillments.map((f) => ({
          lineItems: f.lineItems.map((l) => ({ lineItemId: l.id, quantity: l.quantity })),
        })),
      );
      if (o.status === 'INITIALIZED' && ['PAID', 'PARTIALLY_PAID', 'PENDING_MERCHANT'].includes(o.paymentStatus)) {
        o.status = 'APPROVED';
      }
      if (o.status === 'APPROVED' && !o.purchasedDate) o.purchasedDate = now;
      const paymentActivity = before.paymentStatus !== o.paymentStatus && PAYMENT_ACTIVITIES[o.paymentStatus];
      if (paymentActivity) {
        const activity = {
          ...placedActivity(o),
          id: newId(),
          type: paymentActivity,
          createdDate: now,
          updatedDate: now,
        };
        await repo.insertActivities(uow.trx, [activityRowOf(activity)]);
        state.activities.push(activity);
      }
      o.updatedDate = now;
      await repo.save(uow.trx, o);
      const entity = wire(state);
      if (before.status !== o.status && o.status === 'APPROVED') await s.mail.confirmed(uow.trx, state, entity);
      for (const request of outcome.mail ?? []) await s.mail.requested(uow.trx, state, entity, request);
      const events: NewEvent[] = [
        ...(outcome.events ?? []),
        {
          type: orderEventTypes.updated,
          entityId: id,
          payload: { entity, modifiedFields: outcome.modifiedFields ?? [] },
        },
      ];
      if (before.status !== o.status && o.status === 'APPROVED')
        events.push({ type: orderEventTypes.approved, entityId: id, payload: { order: entity } });
      if (before.status !== o.status && o.status === 'CANCELED')
        events.push({ type: orderEventTypes.canceled, entityId: id, payload: { order: entity } });
      if (before.paymentStatus !== o.paymentStatus)
        events.push({
          type: orderEventTypes.paymentStatusUpdated,
          entityId: id,
          payload: { order: entity, previousPaymentStatus: before.paymentStatus },
        });
      if (before.fulfillmentStatus !== o.fulfillmentStatus)
        events.push({ type: orderEventTypes.fulfillmentsUpdated, entityId: id, payload: { order: entity } });
      const identity = identityOf(who);
      // Events `work` brought that name someone already (stock moved on behalf of another) keep their name.
      const named = events.map((e) => (e.identity ? e : { ...e, identity }));
      await deps.outbox.append(uow, named);
      return state;
    });
  }

  return {
    load,
    change,
    wire,

    async get(caller: Caller, id: string): Promise<Order> {
      const state = await repo.find(deps.db, id);
      if (!state || !canRead(caller, state)) throw orderNotFound(id);
      return wire(state);
    },

    /** Orders matching the search (and its free text), newest first by default; buyers see only their own. */
    async search(caller: Caller, input: SearchOrdersRequest) {
      const spec = orderQuerySpec(10 ** currencyDigits(deps.store().currency));
      const { search: text, ...search } = input.search ?? {};
      const query = parseQuery(
        { filter: search.filter, sort: search.sort, cursorPaging: search.cursorPaging ?? { limit: 50 } },
        spec,
        { path: 'search' },
      );
      // The route's rule (own-or-elevated) keeps staff and keys without orders:read out.
      let base = deps.db.selectFrom('orders').select(repo.stateColumns(deps.db));
      if (!isElevated(caller)) {
        const me = ownerOf(caller);
        base = base.where('orders.owner_kind', '=', me.kind).where('orders.owner_id', '=', me.id);
      }
      if (text?.expression) base = base.where(orderTextCondition(text.expression));
      const page = await runQuery<OrderStateRow>({ base, spec, query, cursorSecret: deps.cursorSecret });
      return {
        orders: page.rows.map((row) => wire(stateOf(row))),
        metadata: {
          count: page.rows.length,
          cursors: {
            ...(page.nextCursor ? { next: page.nextCursor } : {}),
            ...(page.prevCursor ? { prev: page.prevCursor } : {}),
          },
          hasNext: page.nextCursor !== null,
        },
      };
    },

    /**
     * Hands the orders a visitor placed to the member they signed in as (so that the account shows them), in the
     * sign-in's unit of work; returns how many.
     */
    async adoptVisitorOrders(uow: UnitOfWork, visitorId: string, memberId: string): Promise<number> {
      const result = await uow.trx
        .updateTable('orders')
        .set({ owner_kind: 'member', owner_id: memberId })
        .where('owner_kind', '=', 'visitor')
        .where('owner_id', '=', visitorId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** create-order of a checkout: the order, or the one already placed from it. */
    async placeFromCheckout(
      caller: Caller,
      checkoutId: string,
      input: CreateOrderFromCheckoutRequest,
    ): Promise<PlacedOrder> {
      const writer = await orderWriter(
        {
          deps,
          repo,
          stock: s.stock,
          settings: s.settings,
          mail: s.mail,
          existing: load,
          ...(s.onlineProvider ? { onlineProvider: s.onlineProvider } : {}),
        },
        input,
        caller,
      );
      return s.checkout.placement.place(caller, checkoutId, writer);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
