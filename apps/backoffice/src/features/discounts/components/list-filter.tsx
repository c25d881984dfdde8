import { useId } from 'react';

/** One drop-down filter of a list's toolbar ("Status: Any"), its choice kept in the URL by the page. */
export function ListFilter({
  label,
  value,
  options,
  onChange,
  all = 'Any',
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  /** The label of "no filter", or null when the options hold every choice (a sort). */
  all?: string | null;
}) {
  const id = useId();
  return (
    <div className="list-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {all !== null ? <option value="">{all}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
