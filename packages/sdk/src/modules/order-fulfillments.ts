import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type In, type Out } from '../module.js';

const FULFILLMENTS = '/ecom/v1/fulfillments';
type FulfillmentResponse = Out<typeof c.fulfillmentResponse>;

/** Order fulfillments (`ecom_order-fulfillments`): buyers read their orders' ones; creating and editing is elevated. */
export function orderFulfillments(transport: Transport) {
  const call = caller(transport, 'orderFulfillments');
  const one = (ids: { fulfillmentId: string; orderId: string }) =>
    fillPath(`${FULFILLMENTS}/{fulfillmentId}/orders/{orderId}`, ids);
  return {
    listFulfillmentsForSingleOrder: (orderId: string, o?: CallOptions) =>
      call<FulfillmentResponse>('listFulfillmentsForSingleOrder', {
        method: 'GET',
        path: fillPath(`${FULFILLMENTS}/orders/{orderId}`, { orderId }),
        args: [orderId],
        options: o,
      }),
    listFulfillmentsForMultipleOrders: (orderIds: string[], o?: CallOptions) =>
      call<Out<typeof c.fulfillmentsListResponse>>('listFulfillmentsForMultipleOrders', {
        method: 'POST',
        path: `${FULFILLMENTS}/list-by-ids`,
        body: { orderIds },
        args: [orderIds],
        options: o,
      }),
    createFulfillment: (
      orderId: string,
      fulfillment: In<typeof c.createFulfillmentRequest>['fulfillment'],
      o?: CallOptions,
    ) =>
      call<FulfillmentResponse>('createFulfillment', {
        method: 'POST',
        path: fillPath(`${FULFILLMENTS}/orders/{orderId}/create-fulfillment`, { orderId }),
        body: { fulfillment },
        args: [orderId, fulfillment],
        options: o,
        elevated: true,
      }),
    bulkCreateFulfillments: (
      ordersWithFulfillments: In<typeof c.bulkCreateFulfillmentsRequest>['ordersWithFulfillments'],
      o?: CallOptions,
    ) =>
      call<Out<typeof c.bulkCreateFulfillmentsResponse>>('bulkCreateFulfillments', {
        method: 'POST',
        path: `${FULFILLMENTS}/orders/bulk/create-fulfillments`,
        body: { ordersWithFulfillments },
        args: [ordersWithFulfillments],
        options: o,
        elevated: true,
      }),
    updateFulfillment: (
      identifiers: { fulfillmentId: string; orderId: string },
      fulfillment: In<typeof c.updateFulfillmentRequest>['fulfillment'],
      o?: CallOptions,
    ) =>
      call<FulfillmentResponse>('updateFulfillment', {
        method: 'PATCH',
        path: one(identifiers),
        body: { fulfillment: { ...fulfillment, id: identifiers.fulfillmentId } },
        args: [identifiers, fulfillment],
        options: o,
        elevated: true,
      }),
    deleteFulfillment: (identifiers: { fulfillmentId: string; orderId: string }, o?: CallOptions) =>
      call<FulfillmentResponse>('deleteFulfillment', {
        method: 'DELETE',
        path: one(identifiers),
        args: [identifiers],
        options: o,
        elevated: true,
      }),
  };
}

export type OrderFulfillmentsModule = ReturnType<typeof orderFulfillments>;
