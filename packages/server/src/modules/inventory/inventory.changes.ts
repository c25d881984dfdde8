import type { InventoryChange } from '@merx/contract';
import { type QueryPage, runQuery } from '@merx/db';
import { type EntityQuerySpec, parseQuery } from '@merx/domain';
import type { ModuleDeps } from '../module.js';

/*
 * Reading the inventory log (`POST /_api/merx/v1/inventory-changes/query`): every change of tracked stock, with its
 * cause (ORDER, MANUAL, REVERT_INVENTORY_CHANGE), its finer reason, who made it and what it belongs to, newest first
 * unless sorted otherwise.
 */

const ids = ['$eq', '$ne', '$in', '$nin'] as const;

/** What the inventory log may be filtered and sorted by. */
export const inventoryChangeQuerySpec: EntityQuerySpec = {
  table: 'inventory_changes',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', operators: ids, sortable: true, notNull: true },
    productId: { kind: 'column', column: 'product_id', type: 'id', operators: ids, notNull: true },
    variantId: { kind: 'column', column: 'variant_id', type: 'id', operators: ids, notNull: true },
    cause: { kind: 'column', column: 'cause', type: 'string', operators: ids, notNull: true },
    reason: { kind: 'column', column: 'reason', type: 'string', operators: [...ids, '$exists'] },
    'actor.kind': { kind: 'column', column: 'actor_kind', type: 'string', operators: [...ids, '$exists'] },
    'actor.id': { kind: 'column', column: 'actor_id', type: 'id', operators: [...ids, '$exists'] },
    orderId: { kind: 'column', column: 'order_id', type: 'id', operators: [...ids, '$exists'] },
    reference: { kind: 'column', column: 'reference', type: 'id', operators: [...ids, '$exists'] },
    createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
  defaultSort: [{ field: 'createdDate', order: 'DESC' }],
};

interface ChangeRow {
  id: string;
  product_id: string;
  variant_id: string;
  delta: number | string;
  quantity_after: number | string | null;
  cause: string;
  reason: string | null;
  actor_kind: string | null;
  actor_id: string | null;
  actor_name: string | null;
  order_id: string | null;
  reference: string | null;
  created_date: string;
}

/** Who made the change, when the row says (rows logged before 0018 do not). */
function actorWire(row: ChangeRow): InventoryChange['actor'] {
  if (!row.actor_kind) return undefined;
  return {
    kind: row.actor_kind as NonNullable<InventoryChange['actor']>['kind'],
    ...(row.actor_id ? { id: row.actor_id } : {}),
    ...(row.actor_name ? { name: row.actor_name } : {}),
  };
}

/** A log row on the wire (PostgreSQL answers bigint columns as strings). */
export function inventoryChangeWire(row: ChangeRow): InventoryChange {
  const actor = actorWire(row);
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    delta: Number(row.delta),
    ...(row.quantity_after === null ? {} : { quantityAfter: Number(row.quantity_after) }),
    cause: row.cause as InventoryChange['cause'],
    ...(row.reason ? { reason: row.reason as InventoryChange['reason'] } : {}),
    ...(actor ? { actor } : {}),
    ...(row.order_id ? { orderId: row.order_id } : {}),
    ...(row.reference ? { reference: row.reference } : {}),
    createdDate: row.created_date,
  };
}

/** The paging answer of a page: offset and total for offset paging, cursors for cursor paging. */
export function pagingMetadata(page: QueryPage<unknown>) {
  const cursors =
    page.nextCursor || page.prevCursor
      ? { cursors: { next: page.nextCursor ?? null, prev: page.prevCursor ?? null } }
      : {};
  return {
    count: page.rows.length,
    offset: page.offset,
    ...(page.total === undefined ? {} : { total: page.total }),
    ...cursors,
  };
}

/** Reads of the inventory log. */
export function createInventoryChanges(deps: ModuleDeps) {
  return {
    /** The log rows matching `query` (the platform query object: filter, sort, offset or cursor paging). */
    async query(input: unknown) {
      const query = parseQuery(input, inventoryChangeQuerySpec);
      const base = deps.db
        .selectFrom('inventory_changes')
        .select([
          'id',
          'product_id',
          'variant_id',
          'delta',
          'quantity_after',
          'cause',
          'reason',
          'actor_kind',
          'actor_id',
          'actor_name',
          'order_id',
          'reference',
          'created_date',
        ]);
      const page = await runQuery<ChangeRow>({
        base,
        spec: inventoryChangeQuerySpec,
        query,
        cursorSecret: deps.cursorSecret,
      });
      return { inventoryChanges: page.rows.map(inventoryChangeWire), metadata: pagingMetadata(page) };
    },
  };
}

export type InventoryChanges = ReturnType<typeof createInventoryChanges>;
