import { useId } from 'react';
import { SORTS, STOCK_FILTERS, type StockView, TRACKING_FILTERS } from '../api/stock-levels';

type Set = (changes: Partial<Record<'q' | 'tracking' | 'stock' | 'sort', string | undefined>>) => void;

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
    <div className="inv-filter">
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

/** The table's filters (tracking, stock state) and its sort. */
export function InventoryFilters({ view, set }: { view: StockView; set: Set }) {
  return (
    <>
      <Select
        label="Tracking"
        value={view.tracking}
        options={[{ value: '', label: 'Tracked or not' }, ...TRACKING_FILTERS]}
        onChange={(v) => set({ tracking: v })}
      />
      <Select
        label="Stock"
        value={view.stock}
        options={[{ value: '', label: 'Any stock' }, ...STOCK_FILTERS]}
        onChange={(v) => set({ stock: v })}
      />
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
export function filterChips(view: StockView, set: Set) {
  const chips: Array<{ label: string; onRemove: () => void }> = [];
  if (view.q) chips.push({ label: `Search: ${view.q}`, onRemove: () => set({ q: undefined }) });
  const tracking = TRACKING_FILTERS.find((t) => t.value === view.tracking);
  if (tracking) chips.push({ label: tracking.label, onRemove: () => set({ tracking: undefined }) });
  const stock = STOCK_FILTERS.find((s) => s.value === view.stock);
  if (stock) chips.push({ label: `Stock: ${stock.label}`, onRemove: () => set({ stock: undefined }) });
  return chips;
}
