import type { Module, ModuleDeps } from '../module.js';
import { type CategoryItems, createCategoryItems } from './categories.items.js';
import { type CategoryQueries, createCategoryQueries } from './categories.query.js';
import { categoryRoutes } from './categories.routes.js';
import { type CategoryService, createCategoryService } from './categories.service.js';

/** Categories of catalog v3 over the v1 collections (docs/decisions/0022-categories.md). */
export function createCategoriesModule(
  deps: ModuleDeps,
): Module<{ categories: CategoryService; queries: CategoryQueries; items: CategoryItems }> {
  const categories = createCategoryService(deps);
  const queries = createCategoryQueries(deps);
  const items = createCategoryItems(deps, categories);
  return { services: { categories, queries, items }, routes: categoryRoutes(categories, queries, items) };
}
