import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { caller, type Out } from '../module.js';
import { QueryBuilder } from '../query.js';

export type InventoryChange = c.InventoryChange;

/**
 * The inventory log (Merx, `POST /_api/merx/v1/inventory-changes/query`): every change of a tracked variant's stock,
 * by orders (ORDER), by hand (MANUAL) and by restocks (REVERT_INVENTORY_CHANGE), each with its finer `reason`
 * (ORDER_PLACED, ORDER_CANCELED, REFUND_RESTOCK, STOCK_SET, CSV_IMPORT, …), the `actor` who made it and a `reference`
 * (refund or product import id). Elevated only (`catalog:read`).
 */
export function inventoryChanges(transport: Transport) {
  const call = caller(transport, 'inventoryChanges');
  return {
    /**
     * Filter `productId`, `variantId`, `cause`, `reason`, `actor.kind`, `actor.id`, `orderId`, `reference`,
     * `createdDate`; offset paging by default.
     */
    queryInventoryChanges: (paging: 'offset' | 'cursor' = 'offset') =>
      new QueryBuilder<InventoryChange>(async (query, o) => {
        const body = await call<Out<typeof c.queryInventoryChangesResponse>>('queryInventoryChanges', {
          method: 'POST',
          path: '/_api/merx/v1/inventory-changes/query',
          body: { query },
          args: [query],
          options: o,
          elevated: true,
        });
        return { items: body.inventoryChanges, ...body.metadata };
      }, paging),
  };
}

export type InventoryChangesModule = ReturnType<typeof inventoryChanges>;
