import { type FormEvent, type ReactNode, useState } from 'react';
import { storeMoney } from '../../../lib/format';
import type { Facet, ListingState } from '../filters';

interface Props {
  state: ListingState;
  facets: Facet[];
  collections: Array<{ slug: string; name: string }>;
  currentSlug: string | undefined;
  onChange: (next: Partial<ListingState>) => void;
  onCollection: (slug: string | undefined) => void;
}

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** The listing's filters: collection, price range, stock, brand and option choices, with counts. */
export function FilterPanel({ state, facets, collections, currentSlug, onChange, onCollection }: Props) {
  const onPrice = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const read = (k: string) => {
      const v = String(data.get(k) ?? '').trim();
      return v === '' || !Number.isFinite(Number(v)) ? undefined : Math.max(0, Number(v));
    };
    onChange({ min: read('min'), max: read('max') });
  };
  return (
    <div className="filters">
      <fieldset>
        <legend>Collection</legend>
        <label htmlFor="filter-collection" className="visually-hidden">
          Collection
        </label>
        <select
          id="filter-collection"
          value={currentSlug ?? ''}
          onChange={(e) => onCollection(e.target.value || undefined)}
        >
          <option value="">All products</option>
          {collections.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </fieldset>
      <form onSubmit={onPrice} key={`${state.min}-${state.max}`}>
        <fieldset>
          <legend>Price ({storeMoney.currency})</legend>
          <div className="price-range">
            <label>
              <span>Min</span>
              <input name="min" type="number" inputMode="decimal" min={0} defaultValue={state.min ?? ''} />
            </label>
            <label>
              <span>Max</span>
              <input name="max" type="number" inputMode="decimal" min={0} defaultValue={state.max ?? ''} />
            </label>
            <button type="submit" className="button">
              Apply
            </button>
          </div>
        </fieldset>
      </form>
      <fieldset>
        <legend>Availability</legend>
        <label className="check">
          <input type="checkbox" checked={state.inStock} onChange={(e) => onChange({ inStock: e.target.checked })} />
          In stock only
        </label>
      </fieldset>
      {facets.map((facet) => {
        const selected = facet.key === 'brand' ? state.brands : (state.options[facet.key.slice(2)] ?? []);
        const set = (values: string[]) =>
          facet.key === 'brand'
            ? onChange({ brands: values })
            : onChange({ options: { ...state.options, [facet.key.slice(2)]: values } });
        return (
          <fieldset key={facet.key}>
            <legend>{facet.label}</legend>
            <ul className={facet.kind === 'color' ? 'facet facet--swatches' : 'facet'}>
              {facet.values.map((v) => (
                <li key={v.value}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={selected.includes(v.value)}
                      onChange={() => set(toggle(selected, v.value))}
                    />
                    {v.swatch ? (
                      <span className="swatch-dot" style={{ background: v.swatch }} aria-hidden="true" />
                    ) : null}
                    <span>{v.value}</span>
                    <span className="facet__count">({v.count})</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}

/**
 * The filters beside the grid on a wide screen; on a phone, folded behind a "Filters" button so the products come
 * first (`active` counts the filters in use, shown on the button).
 */
export function CollapsibleFilters({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <aside className="catalog__filters" data-open={open ? 'true' : 'false'} aria-label="Filters">
      <button
        type="button"
        className="button catalog__filters-toggle"
        aria-expanded={open}
        aria-controls="catalog-filters"
        onClick={() => setOpen(!open)}
      >
        Filters{active > 0 ? ` (${active})` : ''}
      </button>
      <div id="catalog-filters" className="catalog__filters-body">
        <h2 className="catalog__filters-title">Filters</h2>
        {children}
      </div>
    </aside>
  );
}
