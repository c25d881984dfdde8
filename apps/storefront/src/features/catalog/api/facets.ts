import type { ProductsV3Page, ProductV3Search } from '@merx/sdk';
import { queryOptions } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { catalog } from '../../../lib/shop';
import { type FacetCounts, type Facets, facetsOf, type OptionLooks } from '../facets';
import { facetSelections, type Selection, selectionKey, v3FilterOf } from '../filters';

// The SDK's index names the search and its page; their aggregation parts are read off them.
type ProductV3Aggregation = NonNullable<ProductV3Search['aggregations']>[number];
type ProductV3AggregationResult = NonNullable<ProductsV3Page['aggregationData']>['results'][number];

/** The most values a facet lists (the server's bound); the most common come first. */
const VALUE_LIMIT = 250;

/**
 * Every count a facet may need, asked of each counted selection alike: then the counts of one selection serve any
 * group whose facet is counted over it (the cache holds them per selection).
 */
const AGGREGATIONS: ProductV3Aggregation[] = [
  { name: 'brands', type: 'VALUE', fieldPath: 'brand.name', value: { limit: VALUE_LIMIT } },
  { name: 'choices', type: 'VALUE', fieldPath: 'optionChoices', value: { limit: VALUE_LIMIT } },
  {
    name: 'categories',
    type: 'VALUE',
    fieldPath: 'directCategoriesInfo.categories.id',
    value: { limit: VALUE_LIMIT },
  },
  { name: 'availability', type: 'VALUE', fieldPath: 'inventory.availabilityStatus' },
  { name: 'priceMin', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MIN' } },
  { name: 'priceMax', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MAX' } },
];

function countsFrom(results: ProductV3AggregationResult[]): FacetCounts {
  const values = (name: string) => results.find((r) => r.name === name)?.values?.results ?? [];
  const scalar = (name: string) => results.find((r) => r.name === name)?.scalar?.value;
  const availability = values('availability');
  const min = scalar('priceMin');
  const max = scalar('priceMax');
  return {
    total: availability.reduce((n, b) => n + b.count, 0),
    brands: values('brands'),
    choices: values('choices'),
    categories: values('categories'),
    inStock: availability.filter((b) => b.value !== 'OUT_OF_STOCK').reduce((n, b) => n + b.count, 0),
    price: min !== undefined && max !== undefined ? { min, max } : undefined,
  };
}

/** The facet counts of one selection: one v3 search of one product, for its aggregations over the whole selection. */
export const facetCountsQuery = (selection: Selection) =>
  queryOptions({
    queryKey: ['products', 'facet-counts', selectionKey(selection)],
    queryFn: async (): Promise<FacetCounts> => {
      const body = await catalog.productsV3.searchProducts({
        filter: v3FilterOf(selection),
        ...(selection.q ? { search: { expression: selection.q } } : {}),
        cursorPaging: { limit: 1 },
        aggregations: AGGREGATIONS,
      });
      return countsFrom(body.aggregationData?.results ?? []);
    },
    staleTime: 60_000,
  });

/**
 * The filter panel's facets for a selection. Each facet group is counted with the other groups' selections and not
 * its own (ticking "M" still shows how many "L" there are): one search for the whole selection and one per group in
 * use, run side by side (filters.ts `facetSelections`). The searches are cached one by one, so a tick re-asks only
 * what changed.
 */
export const facetsQuery = (selection: Selection) =>
  queryOptions({
    queryKey: ['products', 'facets', selectionKey(selection)],
    queryFn: async (): Promise<Facets> => {
      const plan = facetSelections(selection);
      const wanted = new Map<string, Selection>();
      for (const s of [plan.base, ...plan.byGroup.values()]) wanted.set(selectionKey(s), s);
      const answers = new Map<string, FacetCounts>();
      await Promise.all(
        [...wanted].map(async ([key, s]) => answers.set(key, await queryClient.fetchQuery(facetCountsQuery(s)))),
      );
      const facets = facetsOf(selection, plan, (s) => answers.get(selectionKey(s)));
      if (!facets) throw new Error('The filter counts came back incomplete');
      return facets;
    },
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });

/**
 * How the store shows its options: which are colours, and each colour choice's swatch. Facet counts name choices
 * only, so this reads the options of up to 100 products that have any; a choice none of them has is shown without
 * its swatch (its name and count are all a shopper needs to filter).
 */
export const optionLooksQuery = () =>
  queryOptions({
    queryKey: ['products', 'option-looks'],
    queryFn: async ({ signal }): Promise<OptionLooks> => {
      const body = await catalog.products.queryProductsPage(
        { filter: { optionChoices: { $exists: true } }, paging: { limit: 100, offset: 0 } },
        {},
        { signal },
      );
      const looks: OptionLooks = new Map();
      for (const p of body.products)
        for (const o of p.productOptions ?? []) {
          if (!o.name) continue;
          const look = looks.get(o.name) ?? { color: false, swatches: new Map<string, string>() };
          if (o.optionType === 'color') {
            look.color = true;
            for (const c of o.choices ?? [])
              if (c.description && c.value && !look.swatches.has(c.description))
                look.swatches.set(c.description, c.value);
          }
          looks.set(o.name, look);
        }
      return looks;
    },
    staleTime: 10 * 60_000,
  });
