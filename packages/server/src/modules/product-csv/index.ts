import type { Module } from '../module.js';
import { registerCsvBody } from './product-csv.body.js';
import { productCsvRoutes } from './product-csv.routes.js';
import { createProductCsvService, type ProductCsvDeps, type ProductCsvService } from './product-csv.service.js';

export { registerCsvBody };

/** Products in and out as Shopify product CSV (docs/product-csv.md). */
export function createProductCsvModule(deps: ProductCsvDeps): Module<ProductCsvService> {
  const services = createProductCsvService(deps);
  return { services, routes: productCsvRoutes(services) };
}
