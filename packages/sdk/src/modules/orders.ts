import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type In, type Out } from '../module.js';
import { QueryBuilder } from '../query.js';

const BASE = '/ecom/v1/orders';
const COLLECTOR = '/ecom/v1/payments-collector/orders';

export type Order = c.Order;
export type OrderResponse = Out<typeof c.orderResponse>;
type Transactions = Out<typeof c.transactionsResponse>;
type Activity = Out<typeof c.activityResponse>;
/** Answers the contract package has no schema for yet (import, tags, bulk updates, memberships). */
export type JsonObject = Record<string, unknown>;
type Search = NonNullable<In<typeof c.searchOrdersRequest>['search']>;

/**
 * Orders (WIRE.md 5.3 and Appendix A `ecom_orders`) and the payments collector. Buyers read and search their own
 * orders and pay them; everything else needs an elevated client (checked before any request).
 */
export function orders(transport: Transport) {
  const call = caller(transport, 'orders');
  const order = (id: string, tail = '') => fillPath(`${BASE}/{id}${tail}`, { id });
  const collector = (id: string, tail: string) => fillPath(`${COLLECTOR}/{id}/${tail}`, { id });
  const admin = <T>(
    fn: string,
    method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
    path: string,
    body: unknown,
    args: unknown[],
    o?: CallOptions,
  ) =>
    call<T>(fn, {
      method,
      path,
      ...(method === 'GET' || method === 'DELETE' ? {} : { body }),
      args,
      options: o,
      elevated: true,
    });
  const searchOrders = (search: Search = {}, o?: CallOptions) =>
    call<Out<typeof c.searchOrdersResponse>>('searchOrders', {
      method: 'POST',
      path: `${BASE}/search`,
      body: { search },
      args: [search],
      options: o,
    });

  return {
    getOrder: (id: string, o?: CallOptions) =>
      call<OrderResponse>('getOrder', { method: 'GET', path: order(id), args: [id], options: o }),
    /** The caller's orders (all orders for an elevated client), newest first unless sorted; cursor paging. */
    searchOrders,
    /** A builder over `searchOrders`: filters, sort, and next()/prev() through the cursors. */
    queryOrders: () =>
      new QueryBuilder<Order>(async (query, o) => {
        const body = await searchOrders(
          {
            ...(query.filter ? { filter: query.filter } : {}),
            ...(query.sort ? { sort: query.sort } : {}),
            cursorPaging: query.cursorPaging ?? null,
          },
          o,
        );
        return { items: body.orders, cursors: body.metadata.cursors };
      }, 'cursor'),
    /** Merx: pays an order with the test gateway (`paymentGatewayOrderId` from create-order). */
    payOrder: (request: In<typeof c.payOrderRequest>, o?: CallOptions) =>
      call<Out<typeof c.payOrderResponse>>('payOrder', {
        method: 'POST',
        path: '/_api/merx/v1/payments/pay',
        body: request,
        args: [{ ...request, card: '<redacted>' }],
        options: o,
      }),

    /** A merchant's order (phone, POS): priced, checked and stocked like a checkout; paid offline unless asked. */
    createOrder: (input: In<typeof c.createOrderRequest>['order'], options: JsonObject = {}, o?: CallOptions) =>
      admin<OrderResponse>('createOrder', 'POST', BASE, { order: input, ...options }, [input, options], o),
    updateOrder: (id: string, patch: In<typeof c.updateOrderRequest>['order'], o?: CallOptions) =>
      admin<OrderResponse>('updateOrder', 'PATCH', order(id), { order: patch }, [id, patch], o),
    cancelOrder: (id: string, options: Omit<In<typeof c.cancelOrderRequest>, 'id'> = {}, o?: CallOptions) =>
      admin<OrderResponse>('cancelOrder', 'POST', order(id, '/cancel'), options, [id, options], o),
    updateOrderStatus: (orderId: string, status: In<typeof c.updateOrderStatusRequest>['status'], o?: CallOptions) =>
      admin<OrderResponse>(
        'updateOrderStatus',
        'POST',
        order(orderId, '/update-status'),
        { status },
        [orderId, status],
        o,
      ),
    updateOrderLineItem: (identifiers: { id: string; lineItemId: string }, lineItem: JsonObject, o?: CallOptions) =>
      admin<JsonObject>(
        'updateOrderLineItem',
        'PATCH',
        fillPath(`${BASE}/{id}/line-item/{lineItemId}`, identifiers),
        { lineItem: { ...lineItem, id: identifiers.lineItemId } },
        [identifiers, lineItem],
        o,
      ),
    addActivity: (id: string, activity: In<typeof c.addActivityRequest>['activity'], o?: CallOptions) =>
      admin<Activity>('addActivity', 'POST', order(id, '/activities'), { activity }, [id, activity], o),
    addActivities: (
      orderId: string,
      orderActivities: In<typeof c.addActivitiesRequest>['orderActivities'],
      o?: CallOptions,
    ) =>
      admin<Out<typeof c.activitiesResponse>>(
        'addActivities',
        'POST',
        order(orderId, '/activities/add'),
        { orderActivities },
        [orderId, orderActivities],
        o,
      ),
    updateActivity: (
      identifiers: { id: string; activityId: string },
      activity: In<typeof c.updateActivityRequest>['activity'],
      o?: CallOptions,
    ) =>
      admin<Activity>(
        'updateActivity',
        'PATCH',
        fillPath(`${BASE}/{id}/activities/{activityId}`, identifiers),
        { activity },
        [identifiers, activity],
        o,
      ),
    deleteActivity: (identifiers: { id: string; activityId: string }, o?: CallOptions) =>
      admin<OrderResponse>(
        'deleteActivity',
        'DELETE',
        fillPath(`${BASE}/{id}/activities/{activityId}`, identifiers),
        undefined,
        [identifiers],
        o,
      ),
    aggregateOrders: (options: In<typeof c.aggregateOrdersRequest> = {}, o?: CallOptions) =>
      admin<Out<typeof c.aggregateOrdersResponse>>(
        'aggregateOrders',
        'POST',
        `${BASE}/aggregate`,
        options,
        [options],
        o,
      ),
    importOrder: (input: JsonObject, o?: CallOptions) =>
      admin<JsonObject>('importOrder', 'POST', `${BASE}/import`, { order: input }, [input], o),
    bulkDeleteImportedOrders: (orderIds: string[], o?: CallOptions) =>
      admin<JsonObject>(
        'bulkDeleteImportedOrders',
        'POST',
        `${BASE}/import/bulk-delete-imported-orders`,
        { orderIds },
        [orderIds],
        o,
      ),
    setOrderNumberCounter: (counter: number, options: JsonObject = {}, o?: CallOptions) =>
      admin<JsonObject>(
        'setOrderNumberCounter',
        'POST',
        `${BASE}/import/set-order-number-counter`,
        { counter, ...options },
        [counter, options],
        o,
      ),
    bulkUpdateOrders: (ordersToUpdate: JsonObject[], options: JsonObject = {}, o?: CallOptions) =>
      admin<JsonObject>(
        'bulkUpdateOrders',
        'POST',
        '/ecom/v1/bulk/orders/update',
        { orders: ordersToUpdate, ...options },
        [ordersToUpdate, options],
        o,
      ),
    bulkUpdateOrderTags: (
      orderIds: string[],
      options: Omit<In<typeof c.bulkUpdateOrderTagsRequest>, 'orderIds'> = {},
      o?: CallOptions,
    ) =>
      admin<Out<typeof c.bulkOrderIdsResponse>>(
        'bulkUpdateOrderTags',
        'POST',
        '/ecom/v1/bulk/orders/update-tags',
        { orderIds, ...options },
        [orderIds, options],
        o,
      ),

    /** Merx: the tags in use on orders (public and private), each with how many orders carry it, most used first. */
    listOrderTags: (o?: CallOptions) =>
      admin<Out<typeof c.listOrderTagsResponse>>('listOrderTags', 'GET', '/_api/merx/v1/order-tags', undefined, [], o),
    /** Merx: the order's payments and refunds, oldest first. */
    listOrderTransactions: (orderId: string, o?: CallOptions) =>
      admin<Out<typeof c.listOrderTransactionsResponse>>(
        'listOrderTransactions',
        'GET',
        fillPath('/_api/merx/v1/orders/{orderId}/transactions', { orderId }),
        undefined,
        [orderId],
        o,
      ),

    paymentCollectionMarkOrderAsPaid: (ecomOrderId: string, o?: CallOptions) =>
      admin<OrderResponse>(
        'paymentCollectionMarkOrderAsPaid',
        'POST',
        collector(ecomOrderId, 'mark-as-paid'),
        {},
        [ecomOrderId],
        o,
      ),
    /** The SDK's path table has no `/ecom` prefix for this one (WIRE.md 5.3). */
    paymentCollectionBulkMarkOrdersAsPaid: (ecomOrderIds: string[], o?: CallOptions) =>
      admin<Out<typeof c.bulkMarkAsPaidResponse>>(
        'paymentCollectionBulkMarkOrdersAsPaid',
        'POST',
        '/v1/bulk/payments-collector/mark-as-paid',
        { ecomOrderIds },
        [ecomOrderIds],
        o,
      ),
    getPaymentCollectabilityStatus: (ecomOrderId: string, o?: CallOptions) =>
      admin<Out<typeof c.paymentCollectabilityResponse>>(
        'getPaymentCollectabilityStatus',
        'GET',
        collector(ecomOrderId, 'payment-collectability-status'),
        undefined,
        [ecomOrderId],
        o,
      ),
    getRefundabilityStatus: (ecomOrderId: string, o?: CallOptions) =>
      admin<Out<typeof c.paymentsRefundabilityResponse>>(
        'getRefundabilityStatus',
        'GET',
        collector(ecomOrderId, 'refundability'),
        undefined,
        [ecomOrderId],
        o,
      ),
    preparePaymentCollection: (
      ecomOrderId: string,
      amount: NonNullable<In<typeof c.preparePaymentCollectionRequest>['amount']>,
      options: JsonObject = {},
      o?: CallOptions,
    ) =>
      admin<Out<typeof c.preparePaymentCollectionResponse>>(
        'preparePaymentCollection',
        'POST',
        collector(ecomOrderId, 'prepare-payment-collection'),
        { amount, ...options },
        [ecomOrderId, amount, options],
        o,
      ),
    recordManuallyCollectedPayment: (orderId: string, amount: string, o?: CallOptions) =>
      admin<Transactions>(
        'recordManuallyCollectedPayment',
        'POST',
        collector(orderId, 'manual-payment'),
        { amount },
        [orderId, amount],
        o,
      ),
    triggerRefund: (
      ecomOrderId: string,
      payments: In<typeof c.triggerRefundRequest>['payments'],
      options: Omit<In<typeof c.triggerRefundRequest>, 'ecomOrderId' | 'payments'> = {},
      o?: CallOptions,
    ) =>
      admin<Transactions>(
        'triggerRefund',
        'POST',
        collector(ecomOrderId, 'trigger-refund'),
        { payments, ...options },
        [ecomOrderId, payments, options],
        o,
      ),
    captureAuthorizedPayments: (
      ecomOrderId: string,
      payments: In<typeof c.captureAuthorizedPaymentsRequest>['payments'],
      o?: CallOptions,
    ) =>
      admin<Transactions>(
        'captureAuthorizedPayments',
        'POST',
        collector(ecomOrderId, 'capture-authorized-payments'),
        { payments },
        [ecomOrderId, payments],
        o,
      ),
    voidAuthorizedPayments: (ecomOrderId: string, paymentIds: string[], o?: CallOptions) =>
      admin<Transactions>(
        'voidAuthorizedPayments',
        'POST',
        collector(ecomOrderId, 'void-authorized-payments'),
        { paymentIds },
        [ecomOrderId, paymentIds],
        o,
      ),
    /** Merx: the test gateway's decision on a payment it answered PENDING (staff with orders:write). */
    settlePendingPayment: (request: In<typeof c.settlePendingPaymentRequest>, o?: CallOptions) =>
      admin<Transactions>(
        'settlePendingPayment',
        'POST',
        '/_api/merx/v1/payments/test-gateway/settle',
        request,
        [request],
        o,
      ),
    chargeMemberships: (ecomOrderId: string, memberId: string, options: JsonObject = {}, o?: CallOptions) =>
      admin<JsonObject>(
        'chargeMemberships',
        'POST',
        collector(ecomOrderId, 'charge-membership'),
        { memberId, ...options },
        [ecomOrderId, memberId, options],
        o,
      ),
  };
}

export type OrdersModule = ReturnType<typeof orders>;
