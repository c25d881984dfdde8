import type { BrandV3 } from '@merx/contract';
import type { Transport } from '../http.js';
import { namedCatalogEntity } from './named-catalog-entities.js';

export type Brand = BrandV3;

/**
 * Brands of catalog v3 (`stores_brands-v-3` as `@wix/stores` sends it): the same brands as the v1 product's
 * `brand`. Reads are public; writes need an elevated client. Renames carry the revision read.
 */
export function brands(transport: Transport) {
  const x = namedCatalogEntity<Brand>(transport, { module: 'brands', one: 'brand', many: 'brands' });
  return {
    createBrand: x.create,
    getBrand: x.get,
    updateBrand: x.update,
    deleteBrand: x.delete,
    queryBrands: x.query,
    countBrands: x.count,
    getOrCreateBrand: x.getOrCreate,
    bulkCreateBrands: x.bulkCreate,
    bulkUpdateBrands: x.bulkUpdate,
    bulkGetOrCreateBrands: x.bulkGetOrCreate,
    bulkDeleteBrands: x.bulkDelete,
  };
}

export type BrandsModule = ReturnType<typeof brands>;
