import type { Module, ModuleDeps } from '../module.js';
import { inventoryV3Routes } from './inventory-v3.routes.js';
import { createInventoryV3Service, type InventoryV3Deps, type InventoryV3Service } from './inventory-v3.service.js';

/** Inventory items v3 and read-only variants v3 over the v1 variants and stock (docs/decisions/0027-inventory-v3.md). */
export function createInventoryV3Module(
  deps: ModuleDeps,
  v1: InventoryV3Deps,
): Module<{ inventoryV3: InventoryV3Service }> {
  const inventoryV3 = createInventoryV3Service(deps, v1);
  return { services: { inventoryV3 }, routes: inventoryV3Routes(inventoryV3) };
}
