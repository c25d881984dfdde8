import * as c from '@merx/contract';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { InventoryChanges } from './inventory.changes.js';

/**
 * The inventory log for staff. `catalog:read` because it is the history of stock levels that the same permission
 * already reads on products and variants (order ids in it are only references).
 */
export function inventoryRoutes(changes: InventoryChanges): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/inventory-changes/query',
      summary:
        'Query the inventory log (filter productId, variantId, cause, orderId, createdDate; offset or cursor paging)',
      tag: 'Inventory',
      access: elevated('catalog:read'),
      input: c.platformQueryRequest,
      response: c.queryInventoryChangesResponse,
      handler: async ({ input }) => changes.query(input.query),
    }),
  ];
}
