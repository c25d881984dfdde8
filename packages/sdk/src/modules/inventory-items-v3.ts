import type { BulkInventoryItemsV3Response, InventoryItemV3, InventoryItemV3Input } from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller } from '../module.js';
import { type Filter, QueryBuilder } from '../query.js';

export type InventoryItemV3Data = InventoryItemV3;
export type InventoryItemsV3Bulk = BulkInventoryItemsV3Response;

export interface InventoryItemsV3Page {
  inventoryItems: InventoryItemV3[];
  pagingMetadata: { count: number; cursors: { next?: string; prev?: string }; hasNext: boolean };
}

const BASE = '/stores/v3/inventory-items';
const BULK = '/stores/v3/bulk/inventory-items';

/**
 * Inventory items of catalog v3 (`stores_inventory-items-v-3`, docs/decisions/0027-inventory-v3.md): one item per
 * variant (id `<productId>_<variantId>`) over the same stock as `inventory` (v1). Every call needs an elevated
 * client (`catalog:read` to read, `catalog:write` to change stock).
 */
export function inventoryItemsV3(transport: Transport) {
  const call = caller(transport, 'inventoryItemsV3');
  const post = <T>(fn: string, path: string, body: unknown, args: unknown[], o?: CallOptions) =>
    call<T>(fn, { method: 'POST', path, body, args, options: o, elevated: true });
  type One = { inventoryItem: InventoryItemV3 };
  return {
    getInventoryItem: async (id: string, o?: CallOptions) =>
      (
        await call<One>('getInventoryItem', {
          method: 'GET',
          path: fillPath(`${BASE}/{id}`, { id }),
          args: [id],
          options: o,
          elevated: true,
        })
      ).inventoryItem,
    /** Items matching a query (filter id, productId, variantId, trackQuantity, quantity, inStock), cursor paging. */
    queryInventoryItems: () =>
      new QueryBuilder<InventoryItemV3>(async (query, callOptions) => {
        const body = await post<InventoryItemsV3Page>(
          'queryInventoryItems',
          `${BASE}/query`,
          { query },
          [query],
          callOptions,
        );
        return { items: body.inventoryItems, cursors: body.pagingMetadata.cursors };
      }, 'cursor'),
    countInventoryItems: async (filter?: Filter, o?: CallOptions) =>
      (await post<{ count: number }>('countInventoryItems', `${BASE}/count`, filter ? { filter } : {}, [filter], o))
        .count,
    /** Sets trackQuantity, quantity or inStock; the revision read is compared when given. */
    updateInventoryItem: async (id: string, inventoryItem: InventoryItemV3Input, o?: CallOptions) =>
      (
        await call<One>('updateInventoryItem', {
          method: 'PATCH',
          path: fillPath(`${BASE}/{id}`, { id }),
          body: { inventoryItem: { ...inventoryItem, id } },
          args: [id, inventoryItem],
          options: o,
          elevated: true,
        })
      ).inventoryItem,
    bulkUpdateInventoryItems: (items: InventoryItemV3Input[], o?: CallOptions & { returnEntity?: boolean }) =>
      post<InventoryItemsV3Bulk>(
        'bulkUpdateInventoryItems',
        `${BULK}/update`,
        { inventoryItems: items.map((inventoryItem) => ({ inventoryItem })), returnEntity: o?.returnEntity ?? false },
        [items],
        o,
      ),
    bulkDecrementInventoryItems: (
      decrementData: Array<{ inventoryItemId: string; decrementBy: number }>,
      o?: CallOptions & { returnEntity?: boolean },
    ) =>
      post<InventoryItemsV3Bulk>(
        'bulkDecrementInventoryItems',
        `${BULK}/decrement`,
        { decrementData, returnEntity: o?.returnEntity ?? false },
        [decrementData],
        o,
      ),
    bulkIncrementInventoryItems: (
      incrementData: Array<{ inventoryItemId: string; incrementBy: number }>,
      o?: CallOptions & { returnEntity?: boolean },
    ) =>
      post<InventoryItemsV3Bulk>(
        'bulkIncrementInventoryItems',
        `${BULK}/increment`,
        { incrementData, returnEntity: o?.returnEntity ?? false },
        [incrementData],
        o,
      ),
    bulkDecrementInventoryItemsByVariantAndLocation: (
      decrementData: Array<{ variantId: string; locationId?: string; decrementBy: number }>,
      o?: CallOptions & { returnEntity?: boolean },
    ) =>
      post<InventoryItemsV3Bulk>(
        'bulkDecrementInventoryItemsByVariantAndLocation',
        `${BULK}/decrement-by-variant-and-location`,
        { decrementData, returnEntity: o?.returnEntity ?? false },
        [decrementData],
        o,
      ),
    bulkIncrementInventoryItemsByVariantAndLocation: (
      incrementData: Array<{ variantId: string; locationId?: string; incrementBy: number }>,
      o?: CallOptions & { returnEntity?: boolean },
    ) =>
      post<InventoryItemsV3Bulk>(
        'bulkIncrementInventoryItemsByVariantAndLocation',
        `${BULK}/increment-by-variant-and-location`,
        { incrementData, returnEntity: o?.returnEntity ?? false },
        [incrementData],
        o,
      ),
  };
}

export type InventoryItemsV3Module = ReturnType<typeof inventoryItemsV3>;
