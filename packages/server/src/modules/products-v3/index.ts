import type { Module, ModuleDeps } from '../module.js';
import { catalogVersionRoutes } from './catalog-version.routes.js';
import { productsV3Routes } from './products-v3.routes.js';
import { createProductsV3Service, type ProductsV3Service } from './products-v3.service.js';

/** Catalog v3 products, the read side, over the v1 catalog (docs/decisions/0023-products-v3-read.md). */
export function createProductsV3Module(deps: ModuleDeps): Module<{ productsV3: ProductsV3Service }> {
  const productsV3 = createProductsV3Service(deps);
  return {
    services: { productsV3 },
    routes: [...productsV3Routes(productsV3), ...catalogVersionRoutes(deps.store)],
  };
}
