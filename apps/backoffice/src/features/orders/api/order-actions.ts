import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Admin, admin } from '../../../lib/admin';
import { type Order, orderKey } from './orders';

type Orders = Admin['orders'];
type Fulfillments = Admin['orderFulfillments'];
export type FulfilmentInput = Parameters<Fulfillments['createFulfillment']>[1];
export type TrackingInput = NonNullable<FulfilmentInput['trackingInfo']>;
export type RefundPayments = Parameters<Orders['triggerRefund']>[1];
export type RefundOptions = NonNullable<Parameters<Orders['triggerRefund']>[2]>;
export type CancelOptions = NonNullable<Parameters<Orders['cancelOrder']>[1]>;
export type OrderPatch = Parameters<Orders['updateOrder']>[1];

/**
 * A change of one order: runs `fn`, puts the order it answers (if any) in the cache, and refreshes the order's other
 * reads (transactions, fulfilments, refundability), the list and the tags.
 */
function useOrderChange<I, R>(id: string, fn: (a: Admin, input: I) => Promise<R>, orderOf?: (r: R) => Order) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => fn(await admin(), input),
    onSuccess: async (result) => {
      if (orderOf) client.setQueryData(orderKey(id), orderOf(result));
      await Promise.all([
        client.invalidateQueries({ queryKey: orderKey(id) }),
        client.invalidateQueries({ queryKey: ['orders', 'list'] }),
        client.invalidateQueries({ queryKey: ['orders', 'tags'] }),
      ]);
    },
  });
}

export const useMarkAsPaid = (id: string) =>
  useOrderChange(
    id,
    (a, _: undefined) => a.orders.paymentCollectionMarkOrderAsPaid(id),
    (r) => r.order,
  );

export const useCapture = (id: string) =>
  useOrderChange(
    id,
    (a, input: { paymentId: string; amount?: string }) =>
      a.orders.captureAuthorizedPayments(id, [
        { paymentId: input.paymentId, ...(input.amount ? { amount: input.amount } : {}) },
      ]),
    (r) => r.order,
  );

export const useVoid = (id: string) =>
  useOrderChange(
    id,
    (a, paymentId: string) => a.orders.voidAuthorizedPayments(id, [paymentId]),
    (r) => r.order,
  );

export const useRefund = (id: string) =>
  useOrderChange(
    id,
    (a, input: { payments: RefundPayments; options: RefundOptions }) =>
      a.orders.triggerRefund(id, input.payments, input.options),
    (r) => r.order,
  );

export const useCancel = (id: string) =>
  useOrderChange(
    id,
    (a, options: CancelOptions) => a.orders.cancelOrder(id, options),
    (r) => r.order,
  );

export const useFulfil = (id: string) =>
  useOrderChange(id, (a, fulfillment: FulfilmentInput) => a.orderFulfillments.createFulfillment(id, fulfillment));

export const useUpdateTracking = (id: string) =>
  useOrderChange(id, (a, input: { fulfillmentId: string; trackingInfo: TrackingInput }) =>
    a.orderFulfillments.updateFulfillment(
      { orderId: id, fulfillmentId: input.fulfillmentId },
      { trackingInfo: input.trackingInfo },
    ),
  );

export const useDeleteFulfilment = (id: string) =>
  useOrderChange(id, (a, fulfillmentId: string) =>
    a.orderFulfillments.deleteFulfillment({ orderId: id, fulfillmentId }),
  );

export const useAddComment = (id: string) =>
  useOrderChange(
    id,
    (a, message: string) => a.orders.addActivity(id, { merchantComment: { message } }),
    (r) => r.order,
  );

export const useEditComment = (id: string) =>
  useOrderChange(
    id,
    (a, input: { activityId: string; message: string }) =>
      a.orders.updateActivity({ id, activityId: input.activityId }, { merchantComment: { message: input.message } }),
    (r) => r.order,
  );

export const useDeleteComment = (id: string) =>
  useOrderChange(
    id,
    (a, activityId: string) => a.orders.deleteActivity({ id, activityId }),
    (r) => r.order,
  );

/**
 * Saves the order page's edits: the contact and address fields on the revision the page read (a stale revision is
 * refused and nothing is written), then the tags added and removed (which merge with anyone else's).
 */
export const useSaveOrder = (id: string) =>
  useOrderChange(id, async (a, input: { patch?: OrderPatch; addTags: string[]; removeTags: string[] }) => {
    let order: Order | undefined;
    if (input.patch) order = (await a.orders.updateOrder(id, input.patch)).order;
    if (input.addTags.length > 0 || input.removeTags.length > 0) {
      const result = await a.orders.bulkUpdateOrderTags([id], {
        ...(input.addTags.length ? { assignTags: { tags: { tagIds: input.addTags } } } : {}),
        ...(input.removeTags.length ? { unassignTags: { tags: { tagIds: input.removeTags } } } : {}),
      });
      const failed = result.results.find((r) => !r.itemMetadata.success);
      if (failed) throw new Error(failed.itemMetadata.error?.description ?? 'The tags could not be saved.');
    }
    return order;
  });
