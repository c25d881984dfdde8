import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';
import { messageOf } from '../../../lib/errors';
import { tagsOf } from '../hooks/tags';

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

/** A bulk answer of the server (v1 or v3): a result per product, in the order sent. */
interface BulkAnswer {
  results: Array<{
    itemMetadata: { id?: string | null; originalIndex: number; success: boolean; error?: { description: string } };
  }>;
}

/** What a bulk answer says; a failed product is named by its place in `ids` (v3 answers give no id for it). */
function outcomeOf(answer: BulkAnswer, ids: string[]): BulkOutcome {
  const outcome: BulkOutcome = { done: 0, failed: [] };
  for (const { itemMetadata: m } of answer.results) {
    if (m.success) outcome.done++;
    else
      outcome.failed.push({ id: m.id ?? ids[m.originalIndex] ?? '', message: m.error?.description ?? 'Not changed' });
  }
  return outcome;
}

/**
 * Sends `ids` in parts of at most `size` (the route's limit) and adds up what each part did; a part refused whole
 * fails each of its products with the reason, and the other parts still run.
 */
async function inParts(
  ids: string[],
  size: number,
  call: (part: string[]) => Promise<BulkAnswer>,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: 0, failed: [] };
  for (let i = 0; i < ids.length; i += size) {
    const part = ids.slice(i, i + size);
    try {
      const one = outcomeOf(await call(part), part);
      outcome.done += one.done;
      outcome.failed.push(...one.failed);
    } catch (error) {
      outcome.failed.push(...part.map((id) => ({ id, message: messageOf(error) })));
    }
  }
  return outcome;
}

/** The most products one v1 bulk update takes, and one v3 bulk call. */
const V1_PART = 1000;
const V3_PART = 100;

/** Price, cost or weight of many products: set (bulk update) or adjusted (bulk adjust), each product on its own. */
async function editProperty(ids: string[], property: BulkProperty, change: BulkChange): Promise<BulkOutcome> {
  const a = await admin();
  return inParts(ids, V1_PART, (part) =>
    change.mode === 'set'
      ? a.products.bulkUpdateProductsProperty(part, { [property]: change.value })
      : a.products.bulkAdjustProductProperty(
          { [property]: change.mode === 'amount' ? { amount: change.value } : { rate: change.value } },
          part,
        ),
  );
}

export type BulkAction =
  | { kind: 'edit'; property: BulkProperty; change: BulkChange }
  | { kind: 'visibility'; visible: boolean }
  | { kind: 'collection'; collectionId: string; add: boolean }
  | { kind: 'delete' }
  /** Public tags added to or taken off every product (as typed: the server matches them exactly). */
  | { kind: 'tags'; tags: string[]; add: boolean }
  /** A shared info section added after a product's others (replacing sections of its own), or removed. */
  | { kind: 'info-section'; sectionId: string; add: boolean }
  /** The ribbon or brand of that name, found whatever its case or made; an empty name takes it off. */
  | { kind: 'ribbon' | 'brand'; name: string };

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
    case 'tags': {
      const tags = { publicTags: { tagIds: action.tags } };
      return inParts(ids, V3_PART, (part) =>
        a.productsV3.bulkUpdateProductTags(part, action.add ? { assignTags: tags } : { unassignTags: tags }),
      );
    }
    case 'info-section':
      return inParts(ids, V3_PART, (part) => {
        const items = part.map((productId) => ({ productId }));
        return action.add
          ? a.productsV3.bulkAddInfoSectionsToProducts(items, [action.sectionId])
          : a.productsV3.bulkRemoveInfoSectionsFromProducts(items, [action.sectionId]);
      });
    case 'ribbon':
      return inParts(ids, V1_PART, (part) => a.products.bulkUpdateProductsProperty(part, { ribbon: action.name }));
    case 'brand':
      return inParts(ids, V1_PART, (part) => a.products.bulkUpdateProductsProperty(part, { brand: action.name }));
  }
}

/**
 * A bulk action on the selected products; the lists (and the counts of collections, ribbons, brands and info
 * sections) are read again after.
 */
export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: BulkAction }) => run(ids, action),
    onSettled: () => {
      for (const key of ['products', 'collections', 'ribbons', 'brands', 'info-sections'])
        void client.invalidateQueries({ queryKey: [key] });
    },
  });
}

/** A public tag that selected products carry, and on how many of them. */
export interface CarriedTag {
  tag: string;
  count: number;
}

/** The public tags the products carry (read through catalog v3), by name, with how many of them carry each. */
async function tagsCarried(ids: string[], signal: AbortSignal): Promise<CarriedTag[]> {
  const a = await admin();
  const counts = new Map<string, number>();
  for (let i = 0; i < ids.length; i += V3_PART) {
    const part = ids.slice(i, i + V3_PART);
    const found = await a.productsV3.queryProducts().in('id', part).limit(part.length).find({ signal });
    for (const p of found.items)
      for (const tag of new Set(tagsOf(p.tags).public)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((x, y) => x.tag.localeCompare(y.tag, undefined, { sensitivity: 'base' }));
}

/** The public tags of the selected products, for choosing which to take off. */
export function useTagsCarried(ids: string[]) {
  return useQuery({
    queryKey: ['products', 'bulk-tags', [...ids].sort()],
    queryFn: ({ signal }) => tagsCarried(ids, signal),
  });
}
