import type { Module, ModuleDeps } from '../module.js';
import type { CatalogDeps } from '../products/catalog-deps.js';
import { catalogVersionRoutes } from './catalog-version.routes.js';
import { type CategoryMembership, createProductsV3Commands, type InventoryItemReader } from './products-v3.commands.js';
import { productsV3Routes, productsV3WriteRoutes } from './products-v3.routes.js';
import { createProductsV3Service, type ProductsV3Service } from './products-v3.service.js';
import { createProductsV3Writer, type ProductsV3WriteDeps } from './products-v3.write.js';

/** What products v3 uses of the v1 catalog, the media library, the collections and the v3 inventory. */
export interface ProductsV3Deps extends ProductsV3WriteDeps {
  catalog: CatalogDeps;
  inventory: InventoryItemReader;
  collections: CategoryMembership;
}

/**
 * Catalog v3 products over the v1 catalog: reads (docs/decisions/0023-products-v3-read.md) and writes
 * (docs/decisions/0028-products-v3-writes.md).
 */
export function createProductsV3Module(
  deps: ModuleDeps,
  v1: ProductsV3Deps,
): Module<{ productsV3: ProductsV3Service }> {
  const productsV3 = createProductsV3Service(deps);
  const writer = createProductsV3Writer(v1.catalog, v1);
  const commands = createProductsV3Commands({
    db: deps.db,
    writer,
    reader: productsV3,
    products: v1.products,
    inventory: v1.inventory,
    collections: v1.collections,
  });
  return {
    services: { productsV3 },
    routes: [...productsV3Routes(productsV3), ...productsV3WriteRoutes(commands), ...catalogVersionRoutes(deps.store)],
  };
}
