import {
  type BulkUpdateOrdersRequest,
  type BulkUpdateOrderTagsRequest,
  MAX_ORDER_TAGS,
  moreOrderErrorCodes,
  type Order,
  type OrderTagsInput,
  type UpdateOrderLineItemRequest,
} from '@merx/contract';
import type { Executor } from '@merx/db';
import { AppError, invalid, notFound, ValidationError } from '@merx/domain';
import type { Caller } from '../../http/auth.js';
import type { OrderChanges } from './orders.changes.js';
import { withoutNulls } from './orders.changes.timeline.js';
import type { OrdersService } from './orders.service.js';
import type { OrderData } from './orders.types.js';

/*
 * Bulk order updates, tags, the editable parts of a placed line, and the membership charge Merx cannot make. Every
 * change of one order goes through `OrdersService.change` (one transaction; a refusal writes nothing).
 */

/** One item of a bulk call that failed: its application error, or the validation error as INVALID_ARGUMENT. */
export function failureOf(error: unknown): { code: string; description: string; data: Record<string, unknown> } {
  if (error instanceof AppError) return { code: error.code, description: error.message, data: error.data };
  if (error instanceof ValidationError)
    return { code: 'INVALID_ARGUMENT', description: error.message, data: { fieldViolations: error.violations } };
  throw error;
}

/** Runs `work` for each id in turn, each on its own (one's refusal does not stop the others), and counts. */
export async function bulkRun<T>(
  ids: readonly string[],
  work: (id: string, index: number) => Promise<T | undefined>,
): Promise<{
  results: Array<{
    itemMetadata: { id: string; originalIndex: number; success: boolean; error?: ReturnType<typeof failureOf> };
    item?: T;
  }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}> {
  const results = [];
  for (const [originalIndex, id] of ids.entries()) {
    try {
      const item = await work(id, originalIndex);
      results.push({ itemMetadata: { id, originalIndex, success: true }, ...(item === undefined ? {} : { item }) });
    } catch (error) {
      results.push({ itemMetadata: { id, originalIndex, success: false, error: failureOf(error) } });
    }
  }
  const totalSuccesses = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses, totalFailures: results.length - totalSuccesses, undetailedFailures: 0 },
  };
}

type TagKind = 'tags' | 'privateTags';
const TAG_KINDS: readonly TagKind[] = ['tags', 'privateTags'];

/** The order's tags after assigning and unassigning (kept in the order first assigned); undefined when none. */
export function tagsAfter(
  current: OrderData['tags'],
  assign: OrderTagsInput | null | undefined,
  unassign: OrderTagsInput | null | undefined,
  orderId: string,
): OrderData['tags'] {
  const next = { tags: [...(current?.tags ?? [])], privateTags: [...(current?.privateTags ?? [])] };
  for (const kind of TAG_KINDS) {
    const removed = new Set(unassign?.[kind]?.tagIds ?? []);
    const kept = next[kind].filter((t) => !removed.has(t));
    for (const tag of assign?.[kind]?.tagIds ?? []) if (!kept.includes(tag)) kept.push(tag);
    if (kept.length > MAX_ORDER_TAGS)
      throw new AppError(
        'FAILED_PRECONDITION',
        moreOrderErrorCodes.tooManyTags,
        `An order keeps at most ${MAX_ORDER_TAGS} ${kind === 'tags' ? 'tags' : 'private tags'}`,
        { orderId, kind, count: kept.length },
      );
    next[kind] = kept;
  }
  return next.tags.length + next.privateTags.length > 0 ? next : undefined;
}

const lineItemNotFound = (orderId: string, lineItemId: string) =>
  notFound(moreOrderErrorCodes.lineItemNotFound, 'The order has no line item with this id', { orderId, lineItemId });

/** The order's tag rows (what search by tag reads) made to match `tags`, in the change's transaction `ex`. */
async function searchableTags(ex: Executor, orderId: string, tags: OrderData['tags']): Promise<void> {
  for (const [table, ids] of [
    ['order_tags', tags?.tags ?? []],
    ['order_private_tags', tags?.privateTags ?? []],
  ] as const) {
    await ex.deleteFrom(table).where('order_id', '=', orderId).execute();
    if (ids.length > 0)
      await ex
        .insertInto(table)
        .values([...new Set(ids)].map((tag_id) => ({ order_id: orderId, tag_id })))
        .execute();
  }
}

export function createMoreOrderChanges({ orders, changes }: { orders: OrdersService; changes: OrderChanges }) {
  return {
    /** bulkUpdateOrders: each order through updateOrder, in its own transaction. */
    async bulkUpdate(caller: Caller, input: BulkUpdateOrdersRequest) {
      const items = input.orders;
      return bulkRun(
        items.map((i) => i.order.id as string),
        async (id, index) => {
          const order = await changes.update(caller, id, items[index]!.order);
          return input.returnEntity ? order : undefined;
        },
      );
    },

    /** bulkUpdateOrderTags: assigns and unassigns tag ids on each order (unassigning an absent tag is no change). */
    async bulkUpdateTags(caller: Caller, input: BulkUpdateOrderTagsRequest) {
      return bulkRun(input.orderIds, async (id) => {
        await orders.change(caller, id, async (uow, state) => {
          const d = state.order.data;
          const next = tagsAfter(d.tags, input.assignTags, input.unassignTags, id);
          if (JSON.stringify(next) === JSON.stringify(d.tags)) return { modifiedFields: [] };
          if (next) d.tags = next;
          else delete d.tags;
          await searchableTags(uow.trx, id, next);
          return { modifiedFields: ['tags'] };
        });
        return undefined;
      });
    },

    /** updateOrderLineItem: description lines, image, SKU and translated name; money and quantity stay. */
    async updateLineItem(
      caller: Caller,
      orderId: string,
      lineItemId: string,
      input: UpdateOrderLineItemRequest['lineItem'],
    ) {
      if (input.id && input.id !== lineItemId)
        throw invalid('lineItem.id', 'must be the line item id of the path (or absent)');
      const state = await orders.change(caller, orderId, async (_uow, state) => {
        const line = state.order.data.lineItems.find((l) => l.id === lineItemId);
        if (!line) throw lineItemNotFound(orderId, lineItemId);
        if (input.descriptionLines !== undefined) {
          const lines = withoutNulls(input.descriptionLines ?? []);
          if (lines.length > 0) line.descriptionLines = lines;
          else delete line.descriptionLines;
        }
        if (input.image !== undefined) {
          const image = input.image && withoutNulls(input.image);
          if (image && Object.keys(image).length > 0) line.image = image;
          else delete line.image;
        }
        const sku = input.physicalProperties?.sku;
        if (sku !== undefined) {
          const physical = { ...((line.physicalProperties as Record<string, unknown> | undefined) ?? {}) };
          if (sku) physical.sku = sku;
          else delete physical.sku;
          line.physicalProperties = physical;
        }
        const translated = input.productName?.translated;
        if (translated !== undefined) {
          const name = { ...(line.productName as { original: string; translated?: string }) };
          if (translated) name.translated = translated;
          else delete name.translated;
          line.productName = name;
        }
        return { modifiedFields: ['lineItems'] };
      });
      const order = orders.wire(state);
      const lineItem = order.lineItems.find((l) => l.id === lineItemId) as Order['lineItems'][number];
      return { lineItem, order };
    },

    /** chargeMemberships: Merx sells no memberships, so no order is ever paid with one. */
    async chargeMemberships(orderId: string, memberId: string): Promise<never> {
      await orders.load(orderId);
      throw notFound(
        moreOrderErrorCodes.membershipNotFound,
        'Merx sells no memberships: no membership of this member can pay for the order',
        { orderId, memberId },
      );
    },
  };
}

export type MoreOrderChanges = ReturnType<typeof createMoreOrderChanges>;
