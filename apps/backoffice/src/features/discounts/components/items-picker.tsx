import { useDeferredValue, useId, useState } from 'react';
import { messageOf } from '../../../lib/errors';
import { useCollections, useProductNames, useProductSearch } from '../api/catalog';
import { everyProduct, type ItemSelection, someProducts } from '../lib/items';

/**
 * The products and collections a discount covers: products found by name and added one by one, collections ticked
 * from the store's list.
 */
export function SpecificItems({
  value,
  onChange,
  error,
}: {
  value: ItemSelection;
  onChange: (next: ItemSelection) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const [searching, setSearching] = useState(false);
  const found = useProductSearch(search, searching);
  const names = useProductNames(value.productIds);
  const collections = useCollections(true);
  const chosen = new Set(value.productIds);
  const add = (productId: string) => onChange({ ...value, productIds: [...value.productIds, productId] });
  const remove = (productId: string) =>
    onChange({ ...value, productIds: value.productIds.filter((p) => p !== productId) });
  const toggle = (collectionId: string, on: boolean) =>
    onChange({
      ...value,
      collectionIds: on
        ? [...new Set([...value.collectionIds, collectionId])]
        : value.collectionIds.filter((c) => c !== collectionId),
    });

  return (
    <div className="items-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <div className="items-picker__part">
        <h3 id={`${id}-products`}>Products</h3>
        {value.productIds.length > 0 ? (
          <ul className="picked" aria-labelledby={`${id}-products`}>
            {value.productIds.map((p) => (
              <li key={p}>
                <span>
                  {names.data?.get(p) || (names.isPending ? 'Loading…' : 'A product no longer in the catalog')}
                </span>
                <button type="button" className="button button--secondary button--small" onClick={() => remove(p)}>
                  Remove<span className="visually-hidden"> {names.data?.get(p) ?? 'product'}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <label htmlFor={`${id}-search`} className="visually-hidden">
          Search products to add
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="items-picker__search"
          placeholder="Search products to add"
          value={text}
          onFocus={() => setSearching(true)}
          onChange={(e) => {
            setText(e.target.value);
            setSearching(true);
          }}
        />
        {searching ? (
          <div className="items-picker__results" aria-live="polite">
            {found.isError ? (
              <p className="field__error">{messageOf(found.error)}</p>
            ) : found.data && found.data.length === 0 ? (
              <p className="muted">No product matches “{search}”.</p>
            ) : (
              <ul aria-label="Products found">
                {(found.data ?? []).map((p) => (
                  <li key={p.id}>
                    <span>{p.name}</span>
                    {chosen.has(p.id) ? (
                      <span className="muted">Added</span>
                    ) : (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => add(p.id)}
                      >
                        Add<span className="visually-hidden"> {p.name}</span>
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </div>
      <fieldset className="items-picker__part plain-fieldset">
        <legend className="items-picker__legend">Collections</legend>
        {collections.isError ? <p className="field__error">{messageOf(collections.error)}</p> : null}
        {collections.data?.length === 0 ? <p className="muted">The store has no collections yet.</p> : null}
        <div className="checks">
          {(collections.data ?? []).map((c) => (
            <label key={c.id} className="check">
              <input
                type="checkbox"
                checked={value.collectionIds.includes(c.id)}
                onChange={(e) => toggle(c.id, e.target.checked)}
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Every product, or chosen products and collections (an automatic discount's "applies to"). */
export function ItemsPicker({
  value,
  onChange,
  error,
  legend = 'Applies to',
}: {
  value: ItemSelection;
  onChange: (next: ItemSelection) => void;
  error?: string | undefined;
  legend?: string;
}) {
  const name = useId();
  return (
    <fieldset className="choice-group plain-fieldset">
      <legend>{legend}</legend>
      <label className="check">
        <input type="radio" name={name} checked={value.all} onChange={() => onChange(everyProduct)} />
        All products
      </label>
      <label className="check">
        <input type="radio" name={name} checked={!value.all} onChange={() => onChange(someProducts)} />
        Specific products or collections
      </label>
      {value.all ? null : <SpecificItems value={value} onChange={onChange} error={error} />}
    </fieldset>
  );
}
