import type { Module, ModuleDeps } from '../module.js';
import { createStockAdjustments, type StockAdjustments } from './inventory-items.adjust.js';
import { inventoryItemRoutes } from './inventory-items.routes.js';
import { createInventoryItems, type InventoryCatalog, type InventoryItems } from './inventory-items.service.js';

/** Inventory items over the v1 catalog: what the catalog's stock looks like per product, and its changes by hand. */
export function createInventoryItemsModule(
  deps: ModuleDeps,
  catalog: InventoryCatalog,
): Module<{ items: InventoryItems; adjustments: StockAdjustments }> {
  const items = createInventoryItems(deps, catalog);
  const adjustments = createStockAdjustments(deps);
  return { services: { items, adjustments }, routes: inventoryItemRoutes(items, adjustments) };
}
