import { type FacetGroup, type Selection, splitChoice } from './filters';

/** A value and how many products of a counted selection have it. */
export interface Bucket {
  value: string;
  count: number;
}

/** What one v3 search counts over a whole selection (paging plays no part). */
export interface FacetCounts {
  /** Products selected: every product has an availability status, so the sum of those buckets. */
  total: number;
  brands: Bucket[];
  /** `optionChoices` values: "Size: M". */
  choices: Bucket[];
  /** Direct collection (category) memberships, by collection id. */
  categories: Bucket[];
  /** Products with some variant in stock. */
  inStock: number;
  /** Lowest and highest price a buyer pays (each product at its cheapest visible variant); none when empty. */
  price?: { min: number; max: number } | undefined;
}

/** How the store shows an option's choices: colour swatches (with their CSS colour), or text. */
export type OptionLooks = Map<string, { color: boolean; swatches: Map<string, string> }>;

export interface Facet {
  key: 'brand' | `o.${string}`;
  label: string;
  kind: 'brand' | 'color' | 'text';
  /** `count` is undefined while the counts are not known (the ticked values alone are shown then). */
  values: Array<{ value: string; count?: number | undefined; swatch?: string | undefined }>;
}

/** Everything the filter panel counts, each group counted without its own selection. */
export interface Facets {
  /** Products per collection id, as choosing it would list them. */
  collections: Map<string, number>;
  /** Products in the shop under the same words, price and stock (the "All products" choice). */
  all: number;
  inStock: number;
  price?: { min: number; max: number } | undefined;
  groups: Facet[];
}

/*
 * Sizes read best small to large, not A to Z ("S, M, L", not "L, M, S"): letter sizes by this ladder (the first word
 * of a choice, so "M (US 7–10)" is an M), everything else in natural order ("7, 8, 10", "A2, A3").
 */
const LADDER = ['xxxs', 'xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'];
const WORDS: Record<string, number> = { small: 3, medium: 4, large: 5, '2xl': 7, '3xl': 8 };
const rank = (choice: string) => {
  const word = choice.trim().split(/\s/)[0]?.toLowerCase() ?? '';
  const i = LADDER.indexOf(word);
  return i >= 0 ? i : (WORDS[word] ?? -1);
};

/** The order choices of one option are offered in. */
export function compareChoices(a: string, b: string): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra >= 0 && rb >= 0 && ra !== rb) return ra - rb;
  if (ra >= 0 !== rb >= 0) return ra >= 0 ? -1 : 1;
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

/** Choices per option name, from `optionChoices` buckets. */
function byOption(buckets: Bucket[]): Map<string, Bucket[]> {
  const out = new Map<string, Bucket[]>();
  for (const b of buckets) {
    const split = splitChoice(b.value);
    if (!split) continue;
    out.set(split.option, [...(out.get(split.option) ?? []), { value: split.choice, count: b.count }]);
  }
  return out;
}

/**
 * The values a facet offers: those with products under the other groups' selections (a value with none is hidden,
 * as the server leaves it out), plus the values the shopper ticked, so a tick can always be taken back.
 */
function offered(buckets: Bucket[], selected: string[]): Bucket[] {
  const out = buckets.filter((b) => b.count > 0);
  for (const value of selected) if (!out.some((b) => b.value === value)) out.push({ value, count: 0 });
  return out;
}

/**
 * The filter panel's facets (option facets as text: `withLooks` adds swatches). `countsOf` gives the counts of a
 * selection, undefined when missing. A brand or option facet is shown when it offers a choice (two values or more)
 * or holds a ticked value.
 */
export function facetsOf(
  s: Selection,
  plan: { base: Selection; byGroup: Map<FacetGroup, Selection> },
  countsOf: (selection: Selection) => FacetCounts | undefined,
): Facets | undefined {
  const forGroup = (group: FacetGroup) => countsOf(plan.byGroup.get(group) ?? plan.base);
  const base = countsOf(plan.base);
  const collection = forGroup('collection');
  const stock = forGroup('stock');
  const price = forGroup('price');
  const brand = forGroup('brand');
  if (!base || !collection || !stock || !price || !brand) return undefined;

  const groups: Facet[] = [];
  const brands = offered(brand.brands, s.brands).sort((a, b) => a.value.localeCompare(b.value));
  if (brands.length > 1 || s.brands.length > 0)
    groups.push({ key: 'brand', label: 'Brand', kind: 'brand', values: brands });

  // Options most products share first (the largest choice stands for the option's reach), then by name. The reach
  // is read without brands and choices (the collection counts' selection), so ticking never reorders the groups.
  const reach = new Map<string, number>();
  for (const [name, values] of byOption(collection.choices)) reach.set(name, Math.max(...values.map((v) => v.count)));
  const names = [...new Set([...byOption(base.choices).keys(), ...Object.keys(s.options)])].sort(
    (a, b) => (reach.get(b) ?? 0) - (reach.get(a) ?? 0) || a.localeCompare(b),
  );
  for (const name of names) {
    const counts = forGroup(`o.${name}`);
    if (!counts) return undefined;
    const selected = s.options[name] ?? [];
    const values = offered(byOption(counts.choices).get(name) ?? [], selected);
    if (values.length < 2 && selected.length === 0) continue;
    groups.push({
      key: `o.${name}`,
      label: name,
      kind: 'text',
      values: values.sort((a, b) => compareChoices(a.value, b.value)),
    });
  }
  return {
    collections: new Map(collection.categories.map((c) => [c.value, c.count])),
    all: collection.total,
    inStock: stock.inStock,
    price: price.price,
    groups,
  };
}

/** Option facets shown as the store shows those options: colours with their swatches. */
export function withLooks(groups: Facet[], looks: OptionLooks | undefined): Facet[] {
  if (!looks) return groups;
  return groups.map((g) => {
    const look = g.kind === 'brand' ? undefined : looks.get(g.label);
    if (!look?.color) return g;
    return { ...g, kind: 'color', values: g.values.map((v) => ({ ...v, swatch: look.swatches.get(v.value) })) };
  });
}

/** The ticked brands and choices alone, without counts: while counts load or when they failed, so ticks can be undone. */
export function tickedFacets(s: { brands: string[]; options: Record<string, string[]> }): Facet[] {
  const groups: Facet[] = [];
  if (s.brands.length > 0)
    groups.push({ key: 'brand', label: 'Brand', kind: 'brand', values: s.brands.map((value) => ({ value })) });
  for (const [name, values] of Object.entries(s.options))
    if (values.length > 0)
      groups.push({ key: `o.${name}`, label: name, kind: 'text', values: values.map((value) => ({ value })) });
  return groups;
}
