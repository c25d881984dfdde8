import type { Module, ModuleDeps } from '../module.js';
import { createInventoryChanges, type InventoryChanges } from './inventory.changes.js';
import { inventoryRoutes } from './inventory.routes.js';

/** The inventory log's read API (stock itself is taken and given back through inventory.stock.ts). */
export function createInventoryModule(deps: ModuleDeps): Module<{ changes: InventoryChanges }> {
  const changes = createInventoryChanges(deps);
  return { services: { changes }, routes: inventoryRoutes(changes) };
}
