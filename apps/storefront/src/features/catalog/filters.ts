import type { Product } from '@merx/contract';
import { SORTS, type SortKey } from './api/products';

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
    if (!key.startsWith('o.')) continue;
    const name = key.slice(2);
    options[name] = [...(options[name] ?? []), value];
  }
  // Relevance needs words to be relevant to.
  const known = sort in SORTS && (sort !== 'relevance' || q !== '');
  return {
    q,
    sort: known ? (sort as SortKey) : defaultSort(q),
    min: num(params.get('min')),
    max: num(params.get('max')),
    inStock: params.get('stock') === '1',
    brands: params.getAll('brand'),
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

/** True when option choices are picked: those the browser filters (product options are not query fields). */
export const hasOptionFilters = (s: ListingState) => Object.values(s.options).some((v) => v.length > 0);

function choicesOf(p: Product, option: string): string[] {
  const o = p.productOptions?.find((po) => po.name === option);
  return (o?.choices ?? []).filter((c) => c.visible !== false).map((c) => c.description ?? c.value ?? '');
}

/**
 * Products of a server sample that pass the brand and option filters, leaving out the facet named `except` (for its
 * own counts). Search, collection, price and stock were applied by the server.
 */
export function applyLocal(products: Product[], s: ListingState, except?: string): Product[] {
  return products.filter(
    (p) =>
      (except === 'brand' || s.brands.length === 0 || s.brands.includes(p.brand ?? '')) &&
      Object.entries(s.options).every(
        ([name, wanted]) =>
          except === `o.${name}` || wanted.length === 0 || choicesOf(p, name).some((c) => wanted.includes(c)),
      ),
  );
}

export interface Facet {
  key: string;
  label: string;
  kind: 'brand' | 'color' | 'text';
  values: Array<{ value: string; count: number; swatch?: string | undefined }>;
}

/** Brand and option facets with counts, each counted as if its own selection were not made. */
export function facetsOf(products: Product[], s: ListingState): Facet[] {
  const facets: Facet[] = [];
  const brandPool = applyLocal(products, s, 'brand');
  const brands = new Map<string, number>();
  for (const p of brandPool) if (p.brand) brands.set(p.brand, (brands.get(p.brand) ?? 0) + 1);
  if (brands.size > 1)
    facets.push({
      key: 'brand',
      label: 'Brand',
      kind: 'brand',
      values: [...brands].sort((a, b) => a[0].localeCompare(b[0])).map(([value, count]) => ({ value, count })),
    });
  const optionNames = new Map<string, 'color' | 'text'>();
  const seen = new Map<string, number>();
  for (const p of products)
    for (const o of p.productOptions ?? []) {
      optionNames.set(o.name ?? '', o.optionType === 'color' ? 'color' : 'text');
      seen.set(o.name ?? '', (seen.get(o.name ?? '') ?? 0) + 1);
    }
  // An option only one product has is no filter: that product's page shows it.
  for (const [name, count] of seen) if (count < 2 && !s.options[name]?.length) optionNames.delete(name);
  for (const [name, kind] of optionNames) {
    if (!name) continue;
    const pool = applyLocal(products, s, `o.${name}`);
    const counts = new Map<string, { count: number; swatch?: string | undefined }>();
    for (const p of pool) {
      const o = p.productOptions?.find((po) => po.name === name);
      for (const c of o?.choices ?? []) {
        if (c.visible === false) continue;
        const label = c.description ?? c.value ?? '';
        const entry = counts.get(label) ?? { count: 0, swatch: kind === 'color' ? c.value : undefined };
        entry.count++;
        counts.set(label, entry);
      }
    }
    if (counts.size > 1)
      facets.push({
        key: `o.${name}`,
        label: name,
        kind,
        values: [...counts].map(([value, e]) => ({ value, count: e.count, swatch: e.swatch })),
      });
  }
  return facets;
}
