import { type FormEvent, type ReactNode, useState } from 'react';
import { formatMoney, storeMoney } from '../../../lib/format';
import { type Facets, tickedFacets } from '../facets';
import type { ListingState } from '../filters';

interface Props {
  state: ListingState;
  /** The counts under the current selection; undefined while the first ones load (or when they failed). */
  facets: Facets | undefined;
  /** Counts for a newer selection are on their way (the ones shown are the previous selection's). */
  facetsBusy: boolean;
  /** Set when the counts could not be read: retries them. */
  facetsError: (() => void) | undefined;
  collections: Array<{ id?: string | null | undefined; slug: string; name: string }>;
  currentSlug: string | undefined;
  onChange: (next: Partial<ListingState>) => void;
  onCollection: (slug: string | undefined) => void;
}

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

const withCount = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${count.toLocaleString()})`;

/**
 * The listing's filters: collection, price range, stock, brand and option choices, each with the number of products
 * choosing it gives. A value no product has under the other filters is left out (unless ticked, so it can be taken
 * back), as is a collection with none.
 */
export function FilterPanel(props: Props) {
  const { state, facets, facetsBusy, facetsError, collections, currentSlug, onChange, onCollection } = props;
  const onPrice = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const read = (k: string) => {
      const v = String(data.get(k) ?? '').trim();
      return v === '' || !Number.isFinite(Number(v)) ? undefined : Math.max(0, Number(v));
    };
    onChange({ min: read('min'), max: read('max') });
  };
  const offeredCollections = collections.filter(
    (c) => !facets || c.slug === currentSlug || (c.id ? (facets.collections.get(c.id) ?? 0) > 0 : true),
  );
  const bounds = facets?.price;
  const showStock = !facets || facets.inStock > 0 || state.inStock;
  return (
    <div className="filters" aria-busy={facetsBusy}>
      {facetsError ? (
        <div className="filters__error" role="alert">
          <p>The filter counts could not be loaded.</p>
          <button type="button" className="link-button" onClick={facetsError}>
            Try again
          </button>
        </div>
      ) : null}
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
          <option value="">{withCount('All products', facets?.all)}</option>
          {offeredCollections.map((c) => (
            <option key={c.slug} value={c.slug}>
              {withCount(c.name, facets && c.id ? (facets.collections.get(c.id) ?? 0) : undefined)}
            </option>
          ))}
        </select>
      </fieldset>
      <form onSubmit={onPrice} key={`${state.min}-${state.max}`}>
        <fieldset>
          <legend>Price ({storeMoney.currency})</legend>
          {bounds ? (
            <p id="price-bounds" className="filters__hint">
              From {formatMoney(bounds.min)} to {formatMoney(bounds.max)}
            </p>
          ) : null}
          <div className="price-range">
            <label>
              <span>Min</span>
              <input
                name="min"
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                placeholder={bounds ? String(Math.floor(bounds.min)) : undefined}
                aria-describedby={bounds ? 'price-bounds' : undefined}
                defaultValue={state.min ?? ''}
              />
            </label>
            <label>
              <span>Max</span>
              <input
                name="max"
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                placeholder={bounds ? String(Math.ceil(bounds.max)) : undefined}
                aria-describedby={bounds ? 'price-bounds' : undefined}
                defaultValue={state.max ?? ''}
              />
            </label>
            <button type="submit" className="button">
              Apply
            </button>
          </div>
        </fieldset>
      </form>
      {showStock ? (
        <fieldset>
          <legend>Availability</legend>
          <label className="check">
            <input type="checkbox" checked={state.inStock} onChange={(e) => onChange({ inStock: e.target.checked })} />
            <span>In stock only</span>
            {facets ? (
              <>
                {' '}
                <span className="facet__count">({facets.inStock.toLocaleString()})</span>
              </>
            ) : null}
          </label>
        </fieldset>
      ) : null}
      {(facets?.groups ?? tickedFacets(state)).map((facet) => {
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
                    {v.count === undefined ? null : (
                      <>
                        {' '}
                        <span className="facet__count">({v.count.toLocaleString()})</span>
                      </>
                    )}
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
