import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';
import { messageOf } from '../../../lib/errors';

export type BulkProperty = 'price' | 'cost' | 'weight';
/** Set to a value, or change by an amount or a percentage (negative lowers). */
export type BulkChange = { mode: 'set' | 'amount' | 'percent'; value: number };

/** What a bulk action did: how many products it changed, and why the others failed. */
export interface BulkOutcome {
  done: number;
  failed: Array<{ id: string; message: string }>;
}

/** Runs `work` for every id, a few at a time; a failure is reported and does not stop the others. */
async function eachOf(ids: string[], work: (id: string) => Promise<unknown>): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: 0, failed: [] };
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await work(id);
        outcome.done++;
      } catch (error) {
        outcome.failed.push({ id, message: messageOf(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, ids.length) }, worker));
  return outcome;
}

/** Price, cost or weight of many products: set (bulk update) or adjusted (bulk adjust), each product on its own. */
async function editProperty(ids: string[], property: BulkProperty, change: BulkChange): Promise<BulkOutcome> {
  const a = await admin();
  const res =
    change.mode === 'set'
      ? await a.products.bulkUpdateProductsProperty(ids, { [property]: change.value })
      : await a.products.bulkAdjustProductProperty(
          { [property]: change.mode === 'amount' ? { amount: change.value } : { rate: change.value } },
          ids,
        );
  return {
    done: res.bulkActionMetadata.totalSuccesses,
    failed: res.results
      .filter((r) => !r.itemMetadata.success)
      .map((r) => ({
        id: r.itemMetadata.id ?? '',
        message: r.itemMetadata.error?.description ?? 'Not changed',
      })),
  };
}

export type BulkAction =
  | { kind: 'edit'; property: BulkProperty; change: BulkChange }
  | { kind: 'visibility'; visible: boolean }
  | { kind: 'collection'; collectionId: string; add: boolean }
  | { kind: 'delete' };

async function run(ids: string[], action: BulkAction): Promise<BulkOutcome> {
  const a = await admin();
  switch (action.kind) {
    case 'edit':
      return editProperty(ids, action.property, action.change);
    case 'visibility':
      return eachOf(ids, (id) => a.products.updateProduct(id, { visible: action.visible }));
    case 'collection':
      try {
        if (action.add) await a.products.addProductsToCollection(action.collectionId, ids);
        else await a.products.removeProductsFromCollection(action.collectionId, ids);
        return { done: ids.length, failed: [] };
      } catch (error) {
        return { done: 0, failed: ids.map((id) => ({ id, message: messageOf(error) })) };
      }
    case 'delete':
      return eachOf(ids, (id) => a.products.deleteProduct(id));
  }
}

/** A bulk action on the selected products; the lists (and collections' counts) are read again after. */
export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: BulkAction }) => run(ids, action),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['products'] });
      void client.invalidateQueries({ queryKey: ['collections'] });
    },
  });
}
