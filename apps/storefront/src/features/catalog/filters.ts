/*
 * A listing's state (what its URL holds) and its selection in both query languages: the v1 products query pages
 * the listing, the v3 search counts its facets (docs/decisions/0026-aggregations.md, 0029-option-choice-facets.md).
 * Pure functions over plain data: no SDK here.
 */

/**
 * The listing's orders, all answered by the server. "Featured" is the merchant's order (the order products were
 * placed in the collection, or added to the shop); "Relevance" (best matches first) is offered while searching.
 */
export const SORTS = {
  relevance: { label: 'Relevance', field: undefined, order: 'asc' },
  featured: { label: 'Featured', field: 'featured', order: 'asc' },
  newest: { label: 'Newest', field: 'createdDate', order: 'desc' },
  'price-asc': { label: 'Price: low to high', field: 'priceData.discountedPrice', order: 'asc' },
  'price-desc': { label: 'Price: high to low', field: 'priceData.discountedPrice', order: 'desc' },
  'name-asc': { label: 'Name: A to Z', field: 'name', order: 'asc' },
} as const;
export type SortKey = keyof typeof SORTS;

/** Everything a listing's URL holds: `?q=&sort=&min=&max=&stock=1&brand=…&o.Size=M&page=2`. */
export interface ListingState {
  q: string;
  sort: SortKey;
  min?: number | undefined;
  max?: number | undefined;
  inStock: boolean;
  brands: string[];
  options: Record<string, string[]>;
  page: number;
}

export const PAGE_SIZE = 12;

const num = (v: string | null) => (v && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : undefined);

/** The order a listing has when the URL names none: best matches first while searching, else the merchant's. */
export const defaultSort = (q: string): SortKey => (q ? 'relevance' : 'featured');

/** Reads the listing's state from the query string. */
export function readState(params: URLSearchParams): ListingState {
  const q = (params.get('q') ?? '').trim();
  const sort = params.get('sort') ?? defaultSort(q);
  const options: Record<string, string[]> = {};
  for (const [key, value] of params) {
    if (!key.startsWith('o.') || key.length < 3) continue;
    const name = key.slice(2);
    const values = options[name] ?? [];
    if (!values.includes(value)) options[name] = [...values, value];
  }
  // Relevance needs words to be relevant to.
  const known = sort in SORTS && (sort !== 'relevance' || q !== '');
  return {
    q,
    sort: known ? (sort as SortKey) : defaultSort(q),
    min: num(params.get('min')),
    max: num(params.get('max')),
    inStock: params.get('stock') === '1',
    brands: [...new Set(params.getAll('brand'))],
    options,
    page: Math.max(1, Math.floor(num(params.get('page')) ?? 1)),
  };
}

/** The query string of a state (defaults left out, so links stay short). */
export function writeState(s: ListingState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.q) p.set('q', s.q);
  if (s.sort !== defaultSort(s.q)) p.set('sort', s.sort);
  if (s.min !== undefined) p.set('min', String(s.min));
  if (s.max !== undefined) p.set('max', String(s.max));
  if (s.inStock) p.set('stock', '1');
  for (const b of s.brands) p.append('brand', b);
  for (const [name, values] of Object.entries(s.options)) for (const v of values) p.append(`o.${name}`, v);
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}

/** What a listing selects, apart from its order and page: the same for its products and its facet counts. */
export interface Selection {
  q: string;
  collectionId?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  inStock: boolean;
  brands: string[];
  options: Record<string, string[]>;
}

/**
 * The selection of a state in one spelling (brands and choices sorted, empty options dropped), so two states that
 * select the same products share their cached answers.
 */
export function selectionOf(s: ListingState, collectionId: string | undefined): Selection {
  const options: Record<string, string[]> = {};
  for (const name of Object.keys(s.options).sort()) {
    const values = s.options[name] ?? [];
    if (values.length > 0) options[name] = [...values].sort();
  }
  return {
    q: s.q,
    collectionId,
    min: s.min,
    max: s.max,
    inStock: s.inStock,
    brands: [...s.brands].sort(),
    options,
  };
}

/** An option choice as the server's `optionChoices` field names it: "Size: M" (decision 0029). */
export const choiceValue = (option: string, choice: string) => `${option}: ${choice}`;

/** The option and choice of an `optionChoices` value (split at its first ": "), or undefined for a malformed one. */
export function splitChoice(value: string): { option: string; choice: string } | undefined {
  const at = value.indexOf(': ');
  return at > 0 ? { option: value.slice(0, at), choice: value.slice(at + 2) } : undefined;
}

/**
 * A facet group: the filters of one group are OR-ed (M or L), groups are AND-ed (M or L, and Red). The collection,
 * price and stock count as groups too: their facets (collection counts, price bounds, the in-stock count) are counted
 * without their own selection.
 */
export type FacetGroup = 'collection' | 'price' | 'stock' | 'brand' | `o.${string}`;

type Filter = Record<string, unknown>;

/** One group's condition in both query languages. */
interface Condition {
  group: FacetGroup;
  v1: Filter;
  v3: Filter;
}

/** The selection's conditions, one per group that selects something. */
function conditionsOf(s: Selection): Condition[] {
  const out: Condition[] = [];
  if (s.collectionId)
    out.push({
      group: 'collection',
      v1: { collectionIds: { $hasSome: [s.collectionId] } },
      // Direct membership, as v1's `collectionIds` reads it (allCategoriesInfo would add subcategories' products).
      v3: { 'directCategoriesInfo.categories.id': { $hasSome: [s.collectionId] } },
    });
  if (s.inStock)
    out.push({
      group: 'stock',
      v1: { 'stock.inStock': true },
      // v1's inStock is "some variant in stock": every status but OUT_OF_STOCK.
      v3: { 'inventory.availabilityStatus': { $in: ['IN_STOCK', 'PARTIALLY_OUT_OF_STOCK'] } },
    });
  const v1Price: Filter[] = [];
  const v3Price: Filter[] = [];
  if (s.min !== undefined) {
    v1Price.push({ 'priceData.discountedPrice': { $gte: s.min } });
    v3Price.push({ 'actualPriceRange.minValue.amount': { $gte: s.min } });
  }
  if (s.max !== undefined) {
    v1Price.push({ 'priceData.discountedPrice': { $lte: s.max } });
    v3Price.push({ 'actualPriceRange.minValue.amount': { $lte: s.max } });
  }
  if (v1Price.length > 0) out.push({ group: 'price', v1: and(v1Price), v3: and(v3Price) });
  if (s.brands.length > 0)
    out.push({ group: 'brand', v1: { brand: { $in: s.brands } }, v3: { 'brand.name': { $in: s.brands } } });
  for (const [name, values] of Object.entries(s.options)) {
    if (values.length === 0) continue;
    const choices = { optionChoices: { $hasSome: values.map((v) => choiceValue(name, v)) } };
    out.push({ group: `o.${name}`, v1: choices, v3: choices });
  }
  return out;
}

function and(filters: Filter[]): Filter {
  if (filters.length === 0) return {};
  if (filters.length === 1) return filters[0] ?? {};
  return { $and: filters };
}

/**
 * The v1 filter of the listing. `collectionIds` stays a top-level condition of one id: the server's "featured"
 * order reads the collection from it.
 */
export const v1FilterOf = (s: Selection): Filter => and(conditionsOf(s).map((c) => c.v1));

/** The v3 filter of the same selection (field names of docs/decisions/0023-products-v3-read.md). */
export const v3FilterOf = (s: Selection): Filter => and(conditionsOf(s).map((c) => c.v3));

/** The groups the selection narrows by. */
export const activeGroups = (s: Selection): FacetGroup[] => conditionsOf(s).map((c) => c.group);

/**
 * The selection a group's facet is counted over: the others' selections without its own. Choosing another collection
 * clears brands and option choices (they belong to the collection left), so collection counts leave those out too:
 * each count is what the shopper gets on choosing it.
 */
export function without(s: Selection, group: FacetGroup): Selection {
  switch (group) {
    case 'collection':
      return { ...s, collectionId: undefined, brands: [], options: {} };
    case 'price':
      return { ...s, min: undefined, max: undefined };
    case 'stock':
      return { ...s, inStock: false };
    case 'brand':
      return { ...s, brands: [] };
    default: {
      const { [group.slice(2)]: _left, ...options } = s.options;
      return { ...s, options };
    }
  }
}

/** A selection's identity, for de-duplicating requests. */
export const selectionKey = (s: Selection) =>
  JSON.stringify([s.q, s.collectionId ?? '', s.min, s.max, s.inStock, s.brands, s.options]);

/**
 * The selections whose counts a listing's facets need: the whole selection (for every group that selects nothing,
 * "the others' selections" is all of it), and one per group that selects something, without that group; the
 * collection counts always leave out what choosing a collection clears. So a listing asks at most 1 + (groups in
 * use) searches, equal selections collapsing into one (on a bare "Shop all" page: one). A shopper who ticks "M"
 * re-asks for the selection before it for the Size group, which is already in the cache.
 */
export function facetSelections(s: Selection): { base: Selection; byGroup: Map<FacetGroup, Selection> } {
  const byGroup = new Map<FacetGroup, Selection>([['collection', without(s, 'collection')]]);
  for (const group of activeGroups(s)) byGroup.set(group, without(s, group));
  return { base: s, byGroup };
}
