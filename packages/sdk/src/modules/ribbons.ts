import type { RibbonV3 } from '@merx/contract';
import type { Transport } from '../http.js';
import { namedCatalogEntity } from './named-catalog-entities.js';

export type Ribbon = RibbonV3;

/**
 * Ribbons of catalog v3 (`stores_ribbons-v-3`, WIRE.md Appendix B): the same ribbons as the v1 product's `ribbon`.
 * Reads are public; writes need an elevated client. Renames carry the revision read.
 */
export function ribbons(transport: Transport) {
  const x = namedCatalogEntity<Ribbon>(transport, { module: 'ribbons', one: 'ribbon', many: 'ribbons' });
  return {
    createRibbon: x.create,
    getRibbon: x.get,
    updateRibbon: x.update,
    deleteRibbon: x.delete,
    queryRibbons: x.query,
    countRibbons: x.count,
    getOrCreateRibbon: x.getOrCreate,
    bulkCreateRibbons: x.bulkCreate,
    bulkUpdateRibbons: x.bulkUpdate,
    bulkGetOrCreateRibbons: x.bulkGetOrCreate,
    bulkDeleteRibbons: x.bulkDelete,
  };
}

export type RibbonsModule = ReturnType<typeof ribbons>;
