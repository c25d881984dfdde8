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

/** Reads the listing's state from the query string. */
export function readState(params: URLSearchParams): ListingState {
  const sort = params.get('sort') ?? 'featured';
  const options: Record<string, string[]> = {};
  for (const [key, value] of params) {
    if (!key.startsWith('o.')) continue;
    const name = key.slice(2);
    options[name] = [...(options[name] ?? []), value];
  }
  return {
    q: params.get('q') ?? '',
    sort: sort in SORTS ? (sort as SortKey) : 'featured',
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
  if (s.sort !== 'featured') p.set('sort', s.sort);
  if (s.min !== undefined) p.set('min', String(s.min));
  if (s.max !== undefined) p.set('max', String(s.max));
  if (s.inStock) p.set('stock', '1');
  for (const b of s.brands) p.append('brand', b);
  for (const [name, values] of Object.entries(s.options)) for (const v of values) p.append(`o.${name}`, v);
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}

const norm = (s: string) => s.toLocaleLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/** Whether a product matches the search words (name, brand, ribbon and description). */
function matchesText(p: Product, q: string): boolean {
  if (!q) return true;
  const hay = norm(`${p.name} ${p.brand ?? ''} ${p.ribbon ?? ''} ${(p.description ?? '').replace(/<[^>]*>/g, ' ')}`);
  return norm(q)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}

function choicesOf(p: Product, option: string): string[] {
  const o = p.productOptions?.find((po) => po.name === option);
  return (o?.choices ?? []).filter((c) => c.visible !== false).map((c) => c.description ?? c.value ?? '');
}

/** Products that pass the browser-side filters, leaving out the facet named `except` (for its own counts). */
export function applyLocal(products: Product[], s: ListingState, except?: string): Product[] {
  return products.filter(
    (p) =>
      matchesText(p, s.q) &&
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
