import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';
import { lineView, unfulfilledOf } from '../lib/order-view';
import type { Order } from './orders';

/** How a bulk action went: how many orders it changed, and why the others were refused. */
export interface BulkOutcome {
  done: number;
  failed: Array<{ id: string; reason: string }>;
}

function outcomeOf(
  results: ReadonlyArray<{ itemMetadata: { id?: string | null; success: boolean; error?: { description: string } } }>,
): BulkOutcome {
  return {
    done: results.filter((r) => r.itemMetadata.success).length,
    failed: results
      .filter((r) => !r.itemMetadata.success)
      .map((r) => ({ id: r.itemMetadata.id ?? '', reason: r.itemMetadata.error?.description ?? 'Refused' })),
  };
}

/** The bulk actions of the order list; each order succeeds or fails on its own, and the list is read again. */
export function useBulkOrderActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['orders'] });
  const tag = useMutation({
    mutationFn: async (input: { ids: string[]; tag: string; remove: boolean }): Promise<BulkOutcome> => {
      const tags = { tags: { tagIds: [input.tag] } };
      const result = await (await admin()).orders.bulkUpdateOrderTags(
        input.ids,
        input.remove ? { unassignTags: tags } : { assignTags: tags },
      );
      return outcomeOf(result.results);
    },
    onSettled: refresh,
  });
  const markPaid = useMutation({
    mutationFn: async (ids: string[]): Promise<BulkOutcome> =>
      outcomeOf((await (await admin()).orders.paymentCollectionBulkMarkOrdersAsPaid(ids)).results),
    onSettled: refresh,
  });
  /** Fulfils every unit left of each order, without tracking (orders with nothing left are skipped). */
  const fulfil = useMutation({
    mutationFn: async (orders: Order[]): Promise<BulkOutcome> => {
      const open = orders.flatMap((o) => {
        const lineItems = o.lineItems
          .map(lineView)
          .map((l) => ({ id: l.id, quantity: unfulfilledOf(l) }))
          .filter((l) => l.quantity > 0);
        return lineItems.length > 0 && o.status !== 'CANCELED'
          ? [{ orderId: o.id, fulfillments: [{ lineItems }] }]
          : [];
      });
      const skipped = orders
        .filter((o) => !open.some((x) => x.orderId === o.id))
        .map((o) => ({ id: o.id, reason: `Order #${o.number} has nothing left to fulfil` }));
      if (open.length === 0) return { done: 0, failed: skipped };
      const result = await (await admin()).orderFulfillments.bulkCreateFulfillments(open);
      const outcome = outcomeOf(result.results);
      return { done: outcome.done, failed: [...outcome.failed, ...skipped] };
    },
    onSettled: refresh,
  });
  return { tag, markPaid, fulfil };
}
