import { brandEventTypes, brandsV3, namedEntityErrorCodes as codes, ribbonEventTypes, ribbonsV3 } from '@merx/contract';
import type { EntityQuerySpec } from '@merx/domain';
import type { Module, ModuleDeps } from '../module.js';
import { namedRepo } from './named-entities.repo.js';
import { namedEntityRoutes } from './named-entities.routes.js';
import { createNamedEntityService, type NamedEntityService } from './named-entities.service.js';

/** What a query may filter and sort on (the packages' builders offer these four). */
function querySpec(table: 'ribbons' | 'brands'): EntityQuerySpec {
  return {
    table,
    fields: {
      id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
      name: { kind: 'column', column: 'name', type: 'string', sortable: true, notNull: true },
      createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
      updatedDate: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
    },
    tieBreaker: [{ field: 'id', order: 'ASC' }],
    defaultSort: [{ field: 'createdDate', order: 'ASC' }],
  };
}

/**
 * Ribbons and brands of catalog v3 over the v1 catalog (docs/decisions/0020-ribbons-and-brands.md): one service
 * and one set of routes, made twice.
 */
export function createRibbonsBrandsModule(
  deps: ModuleDeps,
): Module<{ ribbons: NamedEntityService; brands: NamedEntityService }> {
  const ribbons = createNamedEntityService(deps, {
    one: 'ribbon',
    countField: 'assignedProductCount',
    notFoundCode: codes.ribbonNotFound,
    alreadyExistsCode: codes.ribbonAlreadyExists,
    events: ribbonEventTypes,
    repo: namedRepo('ribbons', 'ribbon'),
    querySpec: querySpec('ribbons'),
  });
  const brands = createNamedEntityService(deps, {
    one: 'brand',
    countField: 'assignedProductsCount',
    notFoundCode: codes.brandNotFound,
    alreadyExistsCode: codes.brandAlreadyExists,
    events: brandEventTypes,
    repo: namedRepo('brands', 'brand'),
    querySpec: querySpec('brands'),
  });
  return {
    services: { ribbons, brands },
    routes: [
      ...namedEntityRoutes(ribbons, { one: 'ribbon', many: 'ribbons', contract: ribbonsV3, tag: 'Ribbons v3' }),
      ...namedEntityRoutes(brands, { one: 'brand', many: 'brands', contract: brandsV3, tag: 'Brands v3' }),
    ],
  };
}
