/**
 * The storefront catalog's selection in both query languages and its facets, without a browser: the URL state, the
 * v1 listing filter and the v3 facet filter of one selection, which searches the facets need (each group counted
 * without its own selection), and how their answers become the filter panel.
 */
import { describe, expect, it } from 'vitest';
import {
  compareChoices,
  type FacetCounts,
  facetsOf,
  withLooks,
} from '../../../apps/storefront/src/features/catalog/facets.js';
import {
  facetSelections,
  readState,
  type Selection,
  selectionKey,
  selectionOf,
  v1FilterOf,
  v3FilterOf,
  writeState,
} from '../../../apps/storefront/src/features/catalog/filters.js';

const stateOf = (qs: string) => readState(new URLSearchParams(qs));

const counts = (over: Partial<FacetCounts> = {}): FacetCounts => ({
  total: 0,
  brands: [],
  choices: [],
  categories: [],
  inStock: 0,
  ...over,
});

describe('the listing selection', () => {
  it('keeps option choices in the URL and reads them back', () => {
    const s = stateOf('o.Size=M&o.Size=L&o.Color=Red&brand=Acme&stock=1&min=10&page=2');
    expect(s.options).toEqual({ Size: ['M', 'L'], Color: ['Red'] });
    expect(writeState(s).toString()).toBe('min=10&stock=1&brand=Acme&o.Size=M&o.Size=L&o.Color=Red&page=2');
  });

  it('filters option choices on the server: one $hasSome per option, AND-ed, with the other filters', () => {
    const s = selectionOf(stateOf('o.Size=M&o.Size=L&o.Color=Red&brand=Acme&stock=1&min=10&max=50'), 'col-1');
    expect(v1FilterOf(s)).toEqual({
      $and: [
        { collectionIds: { $hasSome: ['col-1'] } },
        { 'stock.inStock': true },
        { $and: [{ 'priceData.discountedPrice': { $gte: 10 } }, { 'priceData.discountedPrice': { $lte: 50 } }] },
        { brand: { $in: ['Acme'] } },
        { optionChoices: { $hasSome: ['Color: Red'] } },
        { optionChoices: { $hasSome: ['Size: L', 'Size: M'] } },
      ],
    });
    expect(v3FilterOf(s)).toEqual({
      $and: [
        { 'directCategoriesInfo.categories.id': { $hasSome: ['col-1'] } },
        { 'inventory.availabilityStatus': { $in: ['IN_STOCK', 'PARTIALLY_OUT_OF_STOCK'] } },
        {
          $and: [
            { 'actualPriceRange.minValue.amount': { $gte: 10 } },
            { 'actualPriceRange.minValue.amount': { $lte: 50 } },
          ],
        },
        { 'brand.name': { $in: ['Acme'] } },
        { optionChoices: { $hasSome: ['Color: Red'] } },
        { optionChoices: { $hasSome: ['Size: L', 'Size: M'] } },
      ],
    });
  });

  it('selects everything with an empty filter', () => {
    const s = selectionOf(stateOf(''), undefined);
    expect(v1FilterOf(s)).toEqual({});
    expect(v3FilterOf(s)).toEqual({});
  });

  it('spells one selection one way whatever the order of the URL', () => {
    const a = selectionOf(stateOf('o.Size=M&o.Size=L&brand=B&brand=A&o.Color=Red'), undefined);
    const b = selectionOf(stateOf('o.Color=Red&brand=A&o.Size=L&brand=B&o.Size=M'), undefined);
    expect(selectionKey(a)).toBe(selectionKey(b));
  });
});

describe('the facet searches', () => {
  it('asks one search on a bare listing', () => {
    const plan = facetSelections(selectionOf(stateOf(''), undefined));
    const keys = new Set([plan.base, ...plan.byGroup.values()].map(selectionKey));
    expect(keys.size).toBe(1);
  });

  it('counts each group in use without its own selection, and asks one search per group more', () => {
    const s = selectionOf(stateOf('o.Size=M&brand=Acme&stock=1'), undefined);
    const plan = facetSelections(s);
    expect(v3FilterOf(plan.byGroup.get('o.Size') as Selection)).toEqual({
      $and: [
        { 'inventory.availabilityStatus': { $in: ['IN_STOCK', 'PARTIALLY_OUT_OF_STOCK'] } },
        { 'brand.name': { $in: ['Acme'] } },
      ],
    });
    expect(v3FilterOf(plan.byGroup.get('brand') as Selection)).toEqual({
      $and: [
        { 'inventory.availabilityStatus': { $in: ['IN_STOCK', 'PARTIALLY_OUT_OF_STOCK'] } },
        { optionChoices: { $hasSome: ['Size: M'] } },
      ],
    });
    // Collections are counted as choosing one lists them: brands and choices are cleared then, stock is kept.
    expect(v3FilterOf(plan.byGroup.get('collection') as Selection)).toEqual({
      'inventory.availabilityStatus': { $in: ['IN_STOCK', 'PARTIALLY_OUT_OF_STOCK'] },
    });
    const keys = new Set([plan.base, ...plan.byGroup.values()].map(selectionKey));
    expect(keys.size).toBe(5);
  });
});

describe('the filter panel', () => {
  const s = selectionOf(stateOf('o.Size=M&o.Size=XS&brand=Acme'), undefined);
  const plan = facetSelections(s);
  const answers = new Map<string, FacetCounts>([
    [
      selectionKey(plan.base),
      counts({
        total: 7,
        inStock: 6,
        brands: [{ value: 'Acme', count: 7 }],
        choices: [
          { value: 'Size: M', count: 7 },
          { value: 'Color: Red', count: 5 },
          { value: 'Color: Navy', count: 2 },
          { value: 'Strap: Leather', count: 1 },
        ],
        price: { min: 12, max: 80 },
      }),
    ],
    [
      selectionKey(plan.byGroup.get('o.Size') as Selection),
      counts({
        total: 40,
        choices: [
          { value: 'Size: M', count: 7 },
          { value: 'Size: L', count: 9 },
          { value: 'Size: S', count: 12 },
          { value: 'Size: 10', count: 2 },
          { value: 'Size: 9', count: 3 },
          { value: 'Color: Red', count: 20 },
        ],
      }),
    ],
    [
      selectionKey(plan.byGroup.get('brand') as Selection),
      counts({
        total: 9,
        brands: [
          { value: 'Zeta', count: 2 },
          { value: 'Acme', count: 7 },
        ],
      }),
    ],
    [
      selectionKey(plan.byGroup.get('collection') as Selection),
      counts({
        total: 60,
        categories: [{ value: 'col-1', count: 25 }],
        choices: [
          { value: 'Size: S', count: 30 },
          { value: 'Color: Red', count: 25 },
        ],
      }),
    ],
  ]);
  const facets = facetsOf(s, plan, (sel) => answers.get(selectionKey(sel)));

  it('counts a ticked group without its own ticks, and keeps a ticked value that has no product', () => {
    const size = facets?.groups.find((g) => g.key === 'o.Size');
    expect(size?.values).toEqual([
      { value: 'XS', count: 0 },
      { value: 'S', count: 12 },
      { value: 'M', count: 7 },
      { value: 'L', count: 9 },
      { value: '9', count: 3 },
      { value: '10', count: 2 },
    ]);
  });

  it('counts untouched groups under the whole selection, orders options by reach, leaves out one-choice options', () => {
    expect(facets?.groups.map((g) => g.key)).toEqual(['brand', 'o.Size', 'o.Color']);
    expect(facets?.groups[0]?.values).toEqual([
      { value: 'Acme', count: 7 },
      { value: 'Zeta', count: 2 },
    ]);
    expect(facets?.groups[2]?.values).toEqual([
      { value: 'Navy', count: 2 },
      { value: 'Red', count: 5 },
    ]);
    expect(facets?.inStock).toBe(6);
    expect(facets?.price).toEqual({ min: 12, max: 80 });
    expect(facets?.all).toBe(60);
    expect(facets?.collections.get('col-1')).toBe(25);
  });

  it('has no facets until every search they need has answered', () => {
    expect(facetsOf(s, plan, (sel) => (sel === plan.base ? answers.get(selectionKey(sel)) : undefined))).toBe(
      undefined,
    );
  });

  it('shows colour options with their swatches', () => {
    const looks = new Map([['Color', { color: true, swatches: new Map([['Red', '#c0392b']]) }]]);
    const color = withLooks(facets?.groups ?? [], looks).find((g) => g.key === 'o.Color');
    expect(color?.kind).toBe('color');
    expect(color?.values).toEqual([
      { value: 'Navy', count: 2, swatch: undefined },
      { value: 'Red', count: 5, swatch: '#c0392b' },
    ]);
  });

  it('orders sizes small to large and numbers by value', () => {
    expect(['XL', 'L', 'M (US 7–10)', 'S', 'One size'].sort(compareChoices)).toEqual([
      'S',
      'M (US 7–10)',
      'L',
      'XL',
      'One size',
    ]);
    expect(['Large', 'Small', 'Medium'].sort(compareChoices)).toEqual(['Small', 'Medium', 'Large']);
    expect(['12', '7', '9', '10'].sort(compareChoices)).toEqual(['7', '9', '10', '12']);
  });
});
