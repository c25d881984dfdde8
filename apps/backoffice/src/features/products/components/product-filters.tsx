import { useEffect, useId, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import {
  ALL_PRODUCTS_COLLECTION_ID,
  type ProductListView,
  SORTS,
  STOCK_FILTERS,
  useCollectionChoices,
} from '../api/products';

type Set = (changes: Partial<Record<keyof ProductListView, string | undefined>>) => void;

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A price bound, applied when the person leaves the field or presses Enter (not on every key). */
function PriceBound({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = () => {
    const n = Number(text.replace(',', '.'));
    onChange(text.trim() === '' || !Number.isFinite(n) || n < 0 ? '' : String(n));
  };
  return (
    <div className="filter filter--price">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        placeholder="Any"
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
    </div>
  );
}

/** The list's filters (collection, visibility, stock, price) and its sort. */
export function ProductFilters({ view, set }: { view: ProductListView; set: Set }) {
  const collections = useCollectionChoices();
  const collectionOptions = [
    { value: '', label: 'All collections' },
    ...(collections.data ?? [])
      .filter((c) => c.id !== ALL_PRODUCTS_COLLECTION_ID)
      .map((c) => ({ value: c.id, label: c.name })),
  ];
  return (
    <>
      <Select
        label="Collection"
        value={view.collection}
        options={collectionOptions}
        onChange={(v) => set({ collection: v })}
      />
      <Select
        label="Visibility"
        value={view.visibility}
        options={[
          { value: '', label: 'Visible and hidden' },
          { value: 'visible', label: 'Visible' },
          { value: 'hidden', label: 'Hidden' },
        ]}
        onChange={(v) => set({ visibility: v })}
      />
      <Select
        label="Stock"
        value={view.stock}
        options={[{ value: '', label: 'Any stock' }, ...STOCK_FILTERS]}
        onChange={(v) => set({ stock: v })}
      />
      <PriceBound label="Price from" value={view.min} onChange={(v) => set({ min: v })} />
      <PriceBound label="Price to" value={view.max} onChange={(v) => set({ max: v })} />
      <Select
        label="Sort by"
        value={view.sort}
        options={SORTS.map((s) => ({ value: s.value, label: s.label }))}
        onChange={(v) => set({ sort: v })}
      />
    </>
  );
}

/** A removable chip for each filter that is on. */
export function filterChips(view: ProductListView, set: Set, collectionName: (id: string) => string) {
  const chips: Array<{ label: string; onRemove: () => void }> = [];
  if (view.q) chips.push({ label: `Search: ${view.q}`, onRemove: () => set({ q: '' }) });
  if (view.collection)
    chips.push({ label: `Collection: ${collectionName(view.collection)}`, onRemove: () => set({ collection: '' }) });
  if (view.visibility)
    chips.push({
      label: view.visibility === 'visible' ? 'Visible' : 'Hidden',
      onRemove: () => set({ visibility: '' }),
    });
  const stock = STOCK_FILTERS.find((s) => s.value === view.stock);
  if (stock) chips.push({ label: `Stock: ${stock.label}`, onRemove: () => set({ stock: '' }) });
  if (view.min) chips.push({ label: `Price from ${formatMoney(view.min)}`, onRemove: () => set({ min: '' }) });
  if (view.max) chips.push({ label: `Price to ${formatMoney(view.max)}`, onRemove: () => set({ max: '' }) });
  return chips;
}
