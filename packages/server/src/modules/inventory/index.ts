import type { Module, ModuleDeps } from '../module.js';
import { createInventoryChanges, type InventoryChanges } from './inventory.changes.js';
import { createStockLevels, type StockLevels } from './inventory.levels.js';
import { inventoryRoutes } from './inventory.routes.js';

/**
 * The read APIs of the inventory log and of the stock levels per variant (stock itself is taken and given back
 * through inventory.stock.ts).
 */
export function createInventoryModule(deps: ModuleDeps): Module<{ changes: InventoryChanges; levels: StockLevels }> {
  const changes = createInventoryChanges(deps);
  const levels = createStockLevels(deps);
  return { services: { changes, levels }, routes: inventoryRoutes(changes, levels) };
}
