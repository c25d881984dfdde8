import * as c from '@merx/contract';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { InventoryChanges } from './inventory.changes.js';
import type { StockLevels } from './inventory.levels.js';

/**
 * The inventory log and the stock levels for staff. `catalog:read` for both: the log is the history of stock levels
 * that the same permission already reads on products and variants (order ids in it are only references), and the
 * levels are those variants' stock, listed variant by variant.
 */
export function inventoryRoutes(changes: InventoryChanges, levels: StockLevels): AnyRoute[] {
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
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/stock-levels/query',
      summary:
        "Query the stock of every variant with its product's name and SKU (filter productId, variantId, productName, " +
        'sku, trackQuantity, quantity, inStock, lastUpdated; offset or cursor paging)',
      tag: 'Inventory',
      access: elevated('catalog:read'),
      input: c.queryStockLevelsRequest,
      response: c.queryStockLevelsResponse,
      handler: async ({ input }) => levels.query(input.query),
    }),
  ];
}
