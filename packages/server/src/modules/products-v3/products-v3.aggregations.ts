import type { AggregationFields } from '@merx/db';

/*
 * The fields a v3 product search may aggregate on (docs/decisions/0026-aggregations.md): the facets a storefront
 * shows. Each is a field of the v3 query spec (products-v3.query.ts), so a facet counts what the filter selects.
 */

const _PRICE_FIELDS = ['actualPriceRange.minValue.amount', 'actualPriceRange.maxValue.amount'];

const PUBLIC_FIELDS: AggregationFields = {
  'brand.id': { types: ['VALUE', 'SCALAR'] },
  'brand.name': { types: ['VALUE'] },
  'ribbon.id': { types: ['VALUE', 'SCALAR'] },
  'ribbon.name': { types: ['VALUE'] },
  // A product in "T-Shirts" is in "Clothing" too, as the allCategoriesInfo filter reads it.
  'allCategoriesInfo.categories.id': {
    types: ['VALUE', 'SCALAR'],
    ancestors: { table: 'collections', idColumn: 'id', parentColumn: 'parent_id', depth: 8 },
  },
  'directCategoriesInfo.categories.id': { types: ['VALUE', 'SCALAR'] },
  // "Size: M": the option choices of visible variants (docs/decisions/0029-option-choice-facets.md).
  optionChoices: { types: ['VALUE', 'SCALAR'] },
  'actualPriceRange.minValue.amount': { types: ['RANGE', 'SCALAR'] },
  'actualPriceRange.maxValue.amount': { types: ['RANGE', 'SCALAR'] },
  'inventory.availabilityStatus': { types: ['VALUE'] },
  productType: { types: ['VALUE'], display: (stored) => stored.toUpperCase() },
  createdDate: { types: ['DATE_HISTOGRAM'] },
  updatedDate: { types: ['DATE_HISTOGRAM'] },
};

/** Hidden products are the staff's to count. */
const ELEVATED_FIELDS: AggregationFields = { ...PUBLIC_FIELDS, visible: { types: ['VALUE'] } };

export function aggregationFieldsV3(elevated: boolean): AggregationFields {
  return elevated ? ELEVATED_FIELDS : PUBLIC_FIELDS;
}
